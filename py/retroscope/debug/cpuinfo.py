"""What the debugger needs to know about each CPU family, in one place.

Instruction lengths and mnemonics come from the CPUs' own tables and
disassemblers (`cpu/isa6502.py`, `cpu/disz80.py`, `cpu/dis9900.py`), and so do
which instructions call and return (each table's `CALLS` and `RETURNS`) and
the TMS9900's workspace (`isa9900.register_address`, R11, R13-R15). Each
family's class here says the rest the debugger asks a CPU (where it keeps its
return addresses, its flags, the registers it keeps in memory), so that no
other part of the debugger asks which CPU it runs on.

A family is "6502" (NMOS and 2A03 alike), "z80" or "tms9900".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .errors import DebugError

# Instruction kinds for stepping.
OTHER, CALL, RETURN = 0, 1, 2

CHAIN = 32  # context switches followed back at most (the TMS9900's return slots)


@dataclass(frozen=True)
class Register:
    """One editable register: name as the core's attribute, width in bits."""

    name: str
    bits: int
    top: int | None = None  # highest valid value, when not all bits are usable

    @property
    def limit(self) -> int:
        return (1 << self.bits) - 1 if self.top is None else self.top


@dataclass(frozen=True)
class Insn:
    """One decoded instruction at an address."""

    addr: int
    length: int
    text: str
    kind: int
    valid: bool = True  # a documented instruction (for finding code backwards)


def family_of(cpu_name: str) -> str:
    """Map MachineInfo.cpu ("6502", "2a03", "z80", "tms9900") or a core class name."""
    name = cpu_name.lower()
    if name in ("6502", "2a03", "mos6502", "nmos"):
        return "6502"
    if name == "z80":
        return "z80"
    if name in ("tms9900", "9900"):
        return "tms9900"
    raise DebugError(f"unknown CPU family {cpu_name!r}")


class CpuInfo:
    """Per-family knowledge, built once per session."""

    family: str
    registers: tuple[Register, ...]
    flags: str  # flag letters, most significant first ("" = none shown)
    flag_register: str

    def __init__(self, cpu: Any) -> None:
        self.cpu = cpu
        self._kinds: dict[int, int] = {}
        self._names: dict[int, str] = {}
        self._names_key: tuple[int, int] | None = None

    # -- decoding --------------------------------------------------------------
    def decode(self, read: Callable[[int], int], addr: int) -> Insn:
        raise NotImplementedError

    def text(self, read: Callable[[int], int], addr: int,
             symbols: dict[str, int] | None = None) -> str:
        """Full disassembly text (operands, symbols) from the CPU's disassembler."""
        raise NotImplementedError

    def names(self, symbols: dict[str, int] | None) -> dict[int, str]:
        """Address -> symbol name, cached. Where names share a value, global
        labels beat `global@local` ones, and names with lower case beat
        ALL_CAPS ones (the usual spelling of constants: `tmp1 = $01` names
        address 1 rather than `BTN_RIGHT = 1`); then the alphabetical first."""
        key = (id(symbols), len(symbols or ()))
        if self._names_key != key:
            names: dict[int, str] = {}
            for name in sorted(symbols or {}, key=lambda n: ("@" in n, n.isupper(), n)):
                names.setdefault((symbols or {})[name], name)
            self._names, self._names_key = names, key
        return self._names

    def kind_at(self, read: Callable[[int], int], addr: int) -> int:
        """The stepping kind of the instruction at addr, cached by opcode key."""
        key = self._key(read, addr)
        kind = self._kinds.get(key)
        if kind is None:
            kind = self._kinds[key] = self.decode(read, addr).kind
        return kind

    def _key(self, read: Callable[[int], int], addr: int) -> int:
        raise NotImplementedError

    # -- stack -------------------------------------------------------------------
    # Whether a call always changes `depth()` (a stack) or may not (the
    # TMS9900's BL only loads R11, so step-out counts BL/B *R11 pairs instead).
    stack_calls = True

    def depth(self) -> int:
        """Where the call chain stands: the stack pointer (or workspace pointer)."""
        raise NotImplementedError

    def same_or_outer(self, depth0: int) -> bool:
        """Is the call chain now at depth0's level or shallower?"""
        raise NotImplementedError

    def returned(self, depth_before: int) -> bool:
        """After a return instruction ran from depth_before: was it taken?
        (A Z80 `ret c` may fall through.) Stack CPUs: the stack moved."""
        return self.depth() != depth_before

    def interrupted(self, pc0: int, depth0: int) -> bool:
        """Did the last step (from pc0 at depth0) enter an interrupt instead of
        running the instruction at pc0? An interrupt saves pc0 itself as the
        place to come back to, whereas a call saves the address after the call."""
        raise NotImplementedError

    def saved_return(self) -> int:
        """The return address an interrupt entry (or a call) has just saved."""
        raise NotImplementedError

    def pc_at_write(self, read: Callable[[int], int], at: int) -> int:
        """The instruction that made a write a watch saw with PC at `at`, if
        PC was still on it; -1 when PC had moved past it (the Z80 and TMS9900
        cores fetch every operand first)."""
        return -1

    def interrupt_handlers(self) -> set[int]:
        """Where the CPU's interrupts begin now, from its vectors."""
        raise NotImplementedError

    # -- registers ---------------------------------------------------------------
    def get_registers(self) -> dict[str, int]:
        cpu = self.cpu
        return {r.name: int(getattr(cpu, r.name)) for r in self.registers}

    def width(self, name: str) -> int:
        """Bits of a register shown by get_registers()."""
        for reg in self.registers:
            if reg.name == name:
                return reg.bits
        return 16  # the TMS9900's workspace registers r0-r15

    def set_register(self, name: str, value: int) -> None:
        for reg in self.registers:
            if reg.name == name:
                break
        else:
            names = ", ".join(r.name for r in self.registers)
            raise DebugError(f"no register {name!r} (registers: {names})")
        if isinstance(value, bool) or not isinstance(value, int):
            raise DebugError(f"register {name} needs an integer, not {value!r}")
        top = reg.limit
        if not 0 <= value <= top:
            raise DebugError(f"register {name} holds 0-{top} (${top:X}), not {value}")
        setattr(self.cpu, name, value)

    def trace_fields(self) -> tuple[str, ...]:
        """Registers recorded per traced instruction (besides pc)."""
        return tuple(r.name for r in self.registers if r.name != "pc")

    # Words in memory are big-endian (conditions' `[addr].w`)?
    big_endian = False

    def memory_registers(self, peek: Callable[[int], int]) -> dict[str, Callable[[], int]]:
        """Registers kept in memory (none but the TMS9900's), each read by
        `peek` when asked: name -> its value now."""
        return {}

    def flag_text(self, value: int) -> str:
        """The flag register's value as letters, most significant first
        ("-" for a flag clear; the 6502's unused bit and the Z80's bits 3
        and 5 keep their own letter)."""
        out = ""
        for i, letter in enumerate(self.flags):
            out += letter if value & (0x80 >> i) else ("-" if letter not in "-5" else letter)
        return out

    def return_slots(self, peek: Callable[[int], int]) -> Iterator[tuple[int, int]]:
        """Where return addresses may be kept, innermost first: (the return
        address, where it was found). The call stack keeps those a call
        instruction ends just before."""
        raise NotImplementedError

    def interrupt_frame(self, peek: Callable[[int], int], at: int) -> int | None:
        """The address an interrupt returns to, if its entry saved the state
        at `at` among the return slots (None: not one, or not told apart
        from a call on this CPU)."""
        return None


def _word_le(read: Callable[[int], int], addr: int) -> int:
    return read(addr & 0xFFFF) | read((addr + 1) & 0xFFFF) << 8


def _word_be(read: Callable[[int], int], addr: int) -> int:
    return read(addr & 0xFFFF) << 8 | read((addr + 1) & 0xFFFF)


class Info6502(CpuInfo):
    family = "6502"
    registers = (Register("pc", 16), Register("a", 8), Register("x", 8),
                 Register("y", 8), Register("s", 8), Register("p", 8))
    flags = "NV-BDIZC"
    flag_register = "p"

    def __init__(self, cpu: Any) -> None:
        super().__init__(cpu)
        from ..cpu import isa6502
        self._ops = isa6502.OPCODES
        self._writes_first: bytearray | None = None
        self._calls, self._returns = isa6502.CALLS, isa6502.RETURNS

    def decode(self, read: Callable[[int], int], addr: int) -> Insn:
        op = self._ops[read(addr & 0xFFFF)]
        if op is None:
            return Insn(addr, 1, "???", OTHER)
        mnemonic = op.mnemonic
        kind = CALL if mnemonic in self._calls else RETURN if mnemonic in self._returns else OTHER
        length = 2 if mnemonic == "brk" else op.length  # BRK skips a signature byte
        return Insn(addr, length, mnemonic, kind, op.documented and mnemonic != "brk")

    def _key(self, read: Callable[[int], int], addr: int) -> int:
        return read(addr & 0xFFFF)

    def pc_at_write(self, read: Callable[[int], int], at: int) -> int:
        """The instruction that made a write seen with PC at `at`: the core's
        handlers (which its compiled blocks share) move PC before writing,
        but for the plain stores (STA/STX/STY absolute and zero page), which
        write first: there PC is still on the instruction."""
        if self._writes_first is None:
            from ..cpu._6502gen import writes_before_pc_moves
            self._writes_first = bytearray(
                op is not None and writes_before_pc_moves(op) for op in self._ops)
        return at if self._writes_first[read(at & 0xFFFF)] else -1

    def text(self, read: Callable[[int], int], addr: int,
             symbols: dict[str, int] | None = None) -> str:
        from ..cpu import dis6502
        return dis6502.decode(read, addr & 0xFFFF, self.names(symbols)).text

    def depth(self) -> int:
        return self.cpu.s

    def same_or_outer(self, depth0: int) -> bool:
        # The stack grows down: popped back to s0 or above (modulo the page).
        return (self.cpu.s - depth0) & 0xFF < 0x80

    def interrupted(self, pc0: int, depth0: int) -> bool:
        # Interrupt entry pushes PCH, PCL, P: the saved PC is at S+2, S+3.
        s = self.cpu.s
        if s != (depth0 - 3) & 0xFF:
            return False
        return self.saved_return() == pc0

    def saved_return(self) -> int:
        s, peek = self.cpu.s, self.cpu.bus.peek
        return peek(0x100 | (s + 2) & 0xFF) | peek(0x100 | (s + 3) & 0xFF) << 8

    def interrupt_handlers(self) -> set[int]:
        peek = self.cpu.bus.peek
        return {_word_le(peek, 0xFFFA), _word_le(peek, 0xFFFE)}  # NMI, IRQ/BRK

    def return_slots(self, peek: Callable[[int], int]) -> Iterator[tuple[int, int]]:
        # JSR pushes (return - 1) on page 1, high byte first: any byte pair
        # above S may be one.
        i = self.cpu.s + 1
        while i < 0x100:
            lo, hi = peek(0x100 | i), peek(0x100 | ((i + 1) & 0xFF))
            yield ((lo | hi << 8) + 1) & 0xFFFF, 0x100 | i
            i += 1

    def interrupt_frame(self, peek: Callable[[int], int], at: int) -> int | None:
        # Interrupt entry pushes PCH, PCL, then P with B clear (bit 5 set).
        if at >= 0x1FE or peek(at) & 0x30 != 0x20:
            return None
        return peek(at + 1) | peek(at + 2) << 8


class InfoZ80(CpuInfo):
    family = "z80"
    registers = (
        Register("pc", 16), Register("sp", 16), Register("af", 16), Register("bc", 16),
        Register("de", 16), Register("hl", 16), Register("ix", 16), Register("iy", 16),
        Register("af_", 16), Register("bc_", 16), Register("de_", 16), Register("hl_", 16),
        Register("a", 8), Register("f", 8), Register("b", 8), Register("c", 8),
        Register("d", 8), Register("e", 8), Register("h", 8), Register("l", 8),
        Register("i", 8), Register("r", 8), Register("im", 2, top=2),
        Register("iff1", 1), Register("iff2", 1),
    )
    flags = "SZ5H3PNC"
    flag_register = "f"

    def __init__(self, cpu: Any) -> None:
        super().__init__(cpu)
        from ..cpu import isaz80
        self._calls, self._returns = isaz80.CALLS, isaz80.RETURNS

    def decode(self, read: Callable[[int], int], addr: int) -> Insn:
        from ..cpu import disz80
        form, length, _ = disz80.decode(read, addr & 0xFFFF)
        if form is None:  # a DD/FD prefix overridden by the next prefix
            return Insn(addr, length, "nop", OTHER, False)
        mnemonic = form.mnemonic
        kind = CALL if mnemonic in self._calls else RETURN if mnemonic in self._returns else OTHER
        return Insn(addr, length, form.text, kind, form.documented)

    def text(self, read: Callable[[int], int], addr: int,
             symbols: dict[str, int] | None = None) -> str:
        from ..cpu import disz80
        return disz80.disassemble_one(read, addr & 0xFFFF, self.names(symbols)).text

    def _key(self, read: Callable[[int], int], addr: int) -> int:
        b0 = read(addr & 0xFFFF)
        if b0 in (0xCB, 0xDD, 0xED, 0xFD):
            return b0 << 8 | read((addr + 1) & 0xFFFF)
        return b0

    def depth(self) -> int:
        return self.cpu.sp

    def same_or_outer(self, depth0: int) -> bool:
        return (self.cpu.sp - depth0) & 0xFFFF < 0x8000

    def interrupted(self, pc0: int, depth0: int) -> bool:
        sp = self.cpu.sp
        return sp == (depth0 - 2) & 0xFFFF and _word_le(self.cpu.bus.peek, sp) == pc0

    def saved_return(self) -> int:
        return _word_le(self.cpu.bus.peek, self.cpu.sp)

    def interrupt_handlers(self) -> set[int]:
        # IM 1 and NMI at fixed places; IM 2 through the table at I * 256 +
        # the byte the device gave; IM 0 runs that byte (an RST, here).
        cpu = self.cpu
        vector = cpu.irq_vector
        found = {0x0038, 0x0066, _word_le(cpu.bus.peek, (cpu.i << 8) | (vector & 0xFE))}
        if vector & 0xC7 == 0xC7:
            found.add(vector & 0x38)
        return found
    def return_slots(self, peek: Callable[[int], int]) -> Iterator[tuple[int, int]]:
        # CALL and RST push the return address where SP points: any word above it.
        sp = self.cpu.sp
        for n in range(256):
            at = (sp + 2 * n) & 0xFFFF
            yield _word_le(peek, at), at

    def trace_fields(self) -> tuple[str, ...]:
        return ("af", "bc", "de", "hl", "ix", "iy", "sp")


class Info9900(CpuInfo):
    family = "tms9900"
    registers = (Register("pc", 16), Register("wp", 16), Register("st", 16))
    flags = "LAECVPX"  # L> A> EQ C OV OP X, bits 15..9 of ST
    flag_register = "st"
    big_endian = True

    def __init__(self, cpu: Any) -> None:
        super().__init__(cpu)
        from ..cpu import isa9900
        self._isa = isa9900

    def decode(self, read: Callable[[int], int], addr: int) -> Insn:
        from ..cpu import dis9900
        isa = self._isa
        line = dis9900.decode(read, addr & 0xFFFE)
        mnemonic = line.mnemonic
        if mnemonic in isa.CALLS:
            kind = CALL
        elif mnemonic in isa.RETURNS or _word_be(read, addr & 0xFFFE) in isa.RETURN_WORDS:
            kind = RETURN
        else:
            kind = OTHER
        return Insn(addr, len(line.data), line.text, kind, mnemonic != "DATA")

    def text(self, read: Callable[[int], int], addr: int,
             symbols: dict[str, int] | None = None) -> str:
        from ..cpu import dis9900
        return dis9900.decode(read, addr & 0xFFFE, self.names(symbols), wp=self.cpu.wp).text

    def _key(self, read: Callable[[int], int], addr: int) -> int:
        return _word_be(read, addr & 0xFFFE)

    stack_calls = False

    def depth(self) -> int:
        # BL keeps no stack; BLWP/XOP/interrupts switch workspaces. Depth is
        # only "which workspace"; step-out counts BL nesting on top of it.
        return self.cpu.wp

    def same_or_outer(self, depth0: int) -> bool:
        return self.cpu.wp == depth0

    def returned(self, depth_before: int) -> bool:
        return True  # RTWP and B *R11 always go

    def interrupted(self, pc0: int, depth0: int) -> bool:
        # Context switch: the new workspace's R14 holds the old PC.
        wp = self.cpu.wp
        return wp != depth0 and self._register(self.cpu.bus.peek, wp, self._isa.SAVED_PC) == pc0

    def _register(self, peek: Callable[[int], int], wp: int, n: int) -> int:
        return _word_be(peek, self._isa.register_address(wp, n))

    def memory_registers(self, peek: Callable[[int], int]) -> dict[str, Callable[[], int]]:
        cpu, register = self.cpu, self._register
        return {f"r{n}": (lambda n=n: register(peek, cpu.wp, n))
                for n in range(self._isa.WORKSPACE_REGISTERS)}

    def flag_text(self, value: int) -> str:
        # ST's flags are its top bits (TI numbers the MSB bit 0); the
        # interrupt mask is its low four.
        out = "".join(letter if value & (0x8000 >> i) else "-"
                      for i, letter in enumerate(self.flags))
        return f"{out} mask={value & 0xF}"

    def return_slots(self, peek: Callable[[int], int]) -> Iterator[tuple[int, int]]:
        # BL's link in R11, then the chain of context switches: each
        # workspace's R14 holds the PC it returns to and R13 the WP before.
        isa = self._isa
        wp = self.cpu.wp
        link = isa.register_address(wp, isa.LINK)
        yield _word_be(peek, link), link
        for _ in range(CHAIN):
            at = isa.register_address(wp, isa.SAVED_PC)
            yield _word_be(peek, at), at
            wp = self._register(peek, wp, isa.SAVED_WP)

    def saved_return(self) -> int:
        # The new workspace's R14.
        return self._register(self.cpu.bus.peek, self.cpu.wp, self._isa.SAVED_PC)

    def interrupt_handlers(self) -> set[int]:
        # Level n's vector is WP, PC at 4n; LOAD's at >FFFC.
        peek = self.cpu.bus.peek
        return {_word_be(peek, 4 * n + 2) for n in range(16)} | {_word_be(peek, 0xFFFE)}

    def get_registers(self) -> dict[str, int]:
        regs = super().get_registers()
        regs.update((name, value()) for name, value in
                    self.memory_registers(self.cpu.bus.peek).items())
        return regs

    def set_register(self, name: str, value: int) -> None:
        if name.startswith("r") and name[1:].isdigit() and 0 <= int(name[1:]) <= 15:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 0xFFFF:
                raise DebugError(f"register {name} holds 0-65535 ($FFFF), not {value!r}")
            self.cpu.set_reg(int(name[1:]), value)
            return
        super().set_register(name, value)

    def trace_fields(self) -> tuple[str, ...]:
        return ("wp", "st")


_INFOS: dict[str, type[CpuInfo]] = {"6502": Info6502, "z80": InfoZ80, "tms9900": Info9900}


def info_for(cpu: Any, family: str | None = None) -> CpuInfo:
    """The CpuInfo for a core; family defaults to the core's class name."""
    fam = family_of(family or type(cpu).__name__)
    return _INFOS[fam](cpu)
