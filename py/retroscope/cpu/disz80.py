"""Z80 disassembler: Zilog syntax from the one opcode table (`isaz80`).

Every prefix (CB, ED, DD, FD, DDCB, FDCB) is decoded, undocumented forms by
their common names (`sll`, `ixh`, `ld b,rlc (ix+d)`, `in f,(c)`,
`out (c),0`). Numbers print as `$FF`/`$FFFF`, index displacements in signed
decimal as the Pac-Man article writes them (`ld a,(ix+5)`, `res 3,(iy-2)`).
Addresses (`nn`, `(nn)`, jump targets) print as a symbol's name when one
is given for that address. A DD/FD prefix followed by another prefix is
shown alone as `nop` (it only costs 4 T-states).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .isaz80 import PAGES, Form

ReadFn = Callable[[int], int]


@dataclass(frozen=True)
class Line:
    """One disassembled instruction."""

    address: int
    data: bytes
    text: str
    cycles: int
    cycles_taken: int | None  # taken branch / repeating block instruction
    target: int | None        # jump/call destination, when there is one
    form: Form | None

    @property
    def timing(self) -> str:
        """T-states as common references print them: '7' or '12/7'."""
        if self.cycles_taken is None:
            return str(self.cycles)
        return f"{self.cycles_taken}/{self.cycles}"


def decode(read: ReadFn, addr: int) -> tuple[Form | None, int, dict[str, int]]:
    """(form, length, field values) of the instruction at `addr`.

    The form is None for a DD/FD prefix that another prefix overrides."""
    at = addr

    def byte() -> int:
        nonlocal at
        value = read(at & 0xFFFF)
        at += 1
        return value

    op = byte()
    fields: dict[str, int] = {}
    if op == 0xCB:
        form = PAGES["cb"][byte()]
    elif op == 0xED:
        form = PAGES["ed"][byte()]
    elif op in (0xDD, 0xFD):
        nxt = read(at & 0xFFFF)
        if nxt in (0xDD, 0xFD, 0xED):
            return None, 1, fields
        at += 1
        if nxt == 0xCB:
            fields["d"] = byte()
            form = PAGES["ddcb" if op == 0xDD else "fdcb"][byte()]
            return form, at - addr, fields
        form = PAGES["dd" if op == 0xDD else "fd"][nxt]
    else:
        form = PAGES[""][op]
    for name in form.encoding[1]:
        fields[name] = byte() | (byte() << 8) if name == "nn" else byte()
    return form, at - addr, fields


def _render(form: Form, fields: dict[str, int], addr: int, length: int,
            name_of: Callable[[int], str]) -> tuple[str, int | None]:
    target = None
    out: list[str] = []
    for op in form.operands:
        if op.endswith("+d)"):
            d = fields["d"]
            d -= (d & 0x80) << 1
            op = f"{op[:3]}{'+' if d >= 0 else '-'}{abs(d)})"
        elif op == "n":
            op = f"${fields['n']:02X}"
        elif op == "(n)":
            op = f"(${fields['n']:02X})"
        elif op in ("nn", "(nn)"):
            text = name_of(fields["nn"])
            op = text if op == "nn" else f"({text})"
            if form.mnemonic in ("jp", "call"):
                target = fields["nn"]
        elif op == "rel":
            e = fields["rel"]
            target = (addr + length + e - ((e & 0x80) << 1)) & 0xFFFF
            op = name_of(target)
        out.append(op)
    ops = ",".join(out)
    if form.copy_to is not None:
        return f"ld {form.copy_to},{form.mnemonic} {ops}", target
    if form.mnemonic == "rst":
        target = int(form.operands[0][1:], 16)
    return (f"{form.mnemonic} {ops}" if ops else form.mnemonic), target


def disassemble_one(read: ReadFn, addr: int,
                    symbols: Mapping[int, str] | None = None) -> Line:
    """The instruction at `addr`, read through `read` (e.g. `bus.peek`)."""
    syms = symbols or {}

    def name_of(value: int) -> str:
        return syms.get(value) or f"${value:04X}"

    form, length, fields = decode(read, addr)
    data = bytes(read((addr + i) & 0xFFFF) for i in range(length))
    if form is None:
        return Line(addr, data, "nop", 4, None, None, None)
    text, target = _render(form, fields, addr, length, name_of)
    return Line(addr, data, text, form.cycles, form.cycles_taken, target, form)


def disassemble(read: ReadFn, addr: int, count: int,
                symbols: Mapping[int, str] | None = None) -> list[Line]:
    """`count` instructions from `addr` on."""
    lines: list[Line] = []
    for _ in range(count):
        line = disassemble_one(read, addr, symbols)
        lines.append(line)
        addr = (addr + len(line.data)) & 0xFFFF
    return lines


def disassemble_bytes(code: bytes, origin: int = 0,
                      symbols: Mapping[int, str] | None = None) -> list[Line]:
    """Every instruction of a byte string loaded at `origin`."""
    def read(a: int) -> int:
        i = (a - origin) & 0xFFFF
        return code[i] if i < len(code) else 0

    lines: list[Line] = []
    done = 0  # counted, not wrapped: code of 64 KiB or more still ends
    while done < len(code):
        line = disassemble_one(read, (origin + done) & 0xFFFF, symbols)
        lines.append(line)
        done += len(line.data)
    return lines
