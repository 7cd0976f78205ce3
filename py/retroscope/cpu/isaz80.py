"""The Zilog Z80 instruction set: the one opcode table, every prefix.

The core (`z80.py`, whose handlers are generated from these forms by
`_z80gen.py`), the disassembler (`disz80.py`) and the assembler backend
(`retroscope.asm.isa_z80`) all read this table; nothing else lists opcodes.

The table is built once, at import, by the regular x/y/z/p/q decoding of
the opcode byte (bits 7-6, 5-3, 2-0; p = y >> 1, q = y & 1) that the whole
Z80 instruction set follows. DD and FD are derived from the unprefixed page by
substituting IX/IY for HL (and IXH/IXL for H/L, (IX+d) for (HL)), DDCB/FDCB
from CB the same way.

Operands are written as in Zilog syntax, with placeholders for the bytes that
follow the opcode: `n` (8-bit immediate), `nn` (16-bit immediate, also inside
`(nn)`), `(n)` (8-bit port), `d` (signed displacement inside `(ix+d)`) and
`rel` (relative jump target). Undocumented forms use the names common
references give them: `sll`, `ixh ixl iyh iyl`, `ld b,rlc (ix+d)`,
`in f,(c)`, `out (c),0`.
"""

from __future__ import annotations

from dataclasses import dataclass

# Flag bits of F.
FLAG_C = 0x01
FLAG_N = 0x02
FLAG_PV = 0x04
FLAG_3 = 0x08
FLAG_H = 0x10
FLAG_5 = 0x20
FLAG_Z = 0x40
FLAG_S = 0x80

NMI_VECTOR = 0x0066
IM1_VECTOR = 0x0038

# The instructions that call and return (taken or not: `call nz` and `ret c`
# are calls and returns), for stepping over and out and for the call stack.
CALLS: frozenset[str] = frozenset({"call", "rst"})
RETURNS: frozenset[str] = frozenset({"ret", "reti", "retn"})

# Interrupt entry T-states (the acknowledge cycle's two wait states included).
NMI_CYCLES = 11
IM0_RST_CYCLES = 13  # IM 0 executing the usual RST on the bus
IM1_CYCLES = 13
IM2_CYCLES = 19

PREFIXES: tuple[str, ...] = ("", "cb", "ed", "dd", "fd", "ddcb", "fdcb")
PREFIX_BYTES: dict[str, bytes] = {
    "": b"", "cb": b"\xcb", "ed": b"\xed", "dd": b"\xdd", "fd": b"\xfd",
    "ddcb": b"\xdd\xcb", "fdcb": b"\xfd\xcb",
}

R8 = ("b", "c", "d", "e", "h", "l", "(hl)", "a")
RP = ("bc", "de", "hl", "sp")
RP2 = ("bc", "de", "hl", "af")
CC = ("nz", "z", "nc", "c", "po", "pe", "p", "m")
ALU = ("add a,", "adc a,", "sub ", "sbc a,", "and ", "xor ", "or ", "cp ")
ROT = ("rlc", "rrc", "rl", "rr", "sla", "sra", "sll", "srl")
IM_MODES = (0, 0, 1, 2, 0, 0, 1, 2)
BLOCK = (("ldi", "cpi", "ini", "outi"), ("ldd", "cpd", "ind", "outd"),
         ("ldir", "cpir", "inir", "otir"), ("lddr", "cpdr", "indr", "otdr"))


@dataclass(frozen=True)
class Form:
    """One opcode of one prefix page: its text, operands and T-states."""

    prefix: str          # one of PREFIXES
    opcode: int
    mnemonic: str        # "ld", "add", "rlc", ...
    operands: tuple[str, ...]   # e.g. ("a", "(ix+d)"); placeholders n nn d rel
    cycles: int          # T-states, prefixes included (branch not taken / no repeat)
    cycles_taken: int | None = None  # taken branch, or block instruction repeating
    documented: bool = True
    copy_to: str | None = None  # DDCB undocumented: the register also loaded

    @property
    def text(self) -> str:
        """Zilog text with placeholders, e.g. 'ld a,(ix+d)'."""
        ops = ",".join(self.operands)
        if self.copy_to is not None:
            return f"ld {self.copy_to},{self.mnemonic} {ops}"
        return f"{self.mnemonic} {ops}" if ops else self.mnemonic

    @property
    def encoding(self) -> tuple[bytes, tuple[str, ...]]:
        """(fixed bytes, operand fields in byte order: 'd', 'n', 'nn', 'rel')."""
        fields = operand_fields(self.operands)
        if self.prefix in ("ddcb", "fdcb"):
            # DD CB d op: the displacement comes before the opcode byte.
            return PREFIX_BYTES[self.prefix], fields
        return PREFIX_BYTES[self.prefix] + bytes([self.opcode]), fields

    @property
    def length(self) -> int:
        size = {"d": 1, "n": 1, "nn": 2, "rel": 1}
        fixed, fields = self.encoding
        return len(fixed) + sum(size[f] for f in fields) + (1 if self.prefix in
                                                            ("ddcb", "fdcb") else 0)


def operand_fields(operands: tuple[str, ...]) -> tuple[str, ...]:
    """The immediate fields the operands need, in the order their bytes follow."""
    out: list[str] = []
    for op in operands:
        if op.endswith("+d)"):
            out.append("d")
        elif op in ("n", "(n)"):
            out.append("n")
        elif op in ("nn", "(nn)"):
            out.append("nn")
        elif op == "rel":
            out.append("rel")
    return tuple(out)


def _split(text: str) -> tuple[str, tuple[str, ...]]:
    mnem, _, rest = text.partition(" ")
    return mnem, tuple(rest.split(",")) if rest else ()


def _base(op: int) -> tuple[str, int, int | None]:
    """Unprefixed opcode: (text, T-states, T-states when taken)."""
    x, y, z = op >> 6, (op >> 3) & 7, op & 7
    p, q = y >> 1, y & 1
    mem = 3 if y == 6 or z == 6 else 0
    if x == 0:
        if z == 0:
            return [("nop", 4, None), ("ex af,af'", 4, None), ("djnz rel", 8, 13),
                    ("jr rel", 12, None)][y] if y < 4 else (f"jr {CC[y - 4]},rel", 7, 12)
        if z == 1:
            return (f"ld {RP[p]},nn", 10, None) if q == 0 else (f"add hl,{RP[p]}", 11, None)
        if z == 2:
            return [("ld (bc),a", 7), ("ld (de),a", 7), ("ld (nn),hl", 16), ("ld (nn),a", 13),
                    ("ld a,(bc)", 7), ("ld a,(de)", 7), ("ld hl,(nn)", 16),
                    ("ld a,(nn)", 13)][q * 4 + p] + (None,)
        if z == 3:
            return (f"{'dec' if q else 'inc'} {RP[p]}", 6, None)
        if z in (4, 5):
            return (f"{'inc' if z == 4 else 'dec'} {R8[y]}", 11 if y == 6 else 4, None)
        if z == 6:
            return (f"ld {R8[y]},n", 10 if y == 6 else 7, None)
        return (("rlca", "rrca", "rla", "rra", "daa", "cpl", "scf", "ccf")[y], 4, None)
    if x == 1:
        if op == 0x76:
            return ("halt", 4, None)
        return (f"ld {R8[y]},{R8[z]}", 4 + mem, None)
    if x == 2:
        return (f"{ALU[y]}{R8[z]}", 7 if z == 6 else 4, None)
    if z == 0:
        return (f"ret {CC[y]}", 5, 11)
    if z == 1:
        if q == 0:
            return (f"pop {RP2[p]}", 10, None)
        return [("ret", 10, None), ("exx", 4, None), ("jp (hl)", 4, None),
                ("ld sp,hl", 6, None)][p]
    if z == 2:
        return (f"jp {CC[y]},nn", 10, None)
    if z == 3:
        return [("jp nn", 10, None), ("", 0, None), ("out (n),a", 11, None),
                ("in a,(n)", 11, None), ("ex (sp),hl", 19, None), ("ex de,hl", 4, None),
                ("di", 4, None), ("ei", 4, None)][y]
    if z == 4:
        return (f"call {CC[y]},nn", 10, 17)
    if z == 5:
        if q == 0:
            return (f"push {RP2[p]}", 11, None)
        return ("call nn", 17, None) if p == 0 else ("", 0, None)
    if z == 6:
        return (f"{ALU[y]}n", 7, None)
    return (f"rst ${y * 8:02X}", 11, None)


def _ed(op: int) -> tuple[str, int, int | None, bool]:
    """ED page: (text, T-states, when repeating, documented)."""
    x, y, z = op >> 6, (op >> 3) & 7, op & 7
    p, q = y >> 1, y & 1
    if x == 1:
        if z == 0:
            return ("in f,(c)", 12, None, False) if y == 6 else (f"in {R8[y]},(c)", 12, None,
                                                                 True)
        if z == 1:
            return ("out (c),0", 12, None, False) if y == 6 else (f"out (c),{R8[y]}", 12, None,
                                                                  True)
        if z == 2:
            return (f"{'adc' if q else 'sbc'} hl,{RP[p]}", 15, None, True)
        if z == 3:
            text = f"ld {RP[p]},(nn)" if q else f"ld (nn),{RP[p]}"
            return (text, 20, None, p != 2)
        if z == 4:
            return ("neg", 8, None, y == 0)
        if z == 5:
            return ("reti" if y == 1 else "retn", 14, None, y in (0, 1))
        if z == 6:
            return (f"im {IM_MODES[y]}", 8, None, y in (0, 2, 3))
        return [("ld i,a", 9), ("ld r,a", 9), ("ld a,i", 9), ("ld a,r", 9), ("rrd", 18),
                ("rld", 18), ("nop", 8), ("nop", 8)][y] + (None, y < 6)
    if x == 2 and z <= 3 and y >= 4:
        name = BLOCK[y - 4][z]
        return (name, 16, 21 if y >= 6 else None, True)
    return ("nop", 8, None, False)


def _cb(op: int) -> tuple[str, int]:
    x, y, z = op >> 6, (op >> 3) & 7, op & 7
    if x == 0:
        return (f"{ROT[y]} {R8[z]}", 15 if z == 6 else 8)
    name = ("", "bit", "res", "set")[x]
    return (f"{name} {y},{R8[z]}", (12 if x == 1 else 15) if z == 6 else 8)


def _index_ops(mnem: str, operands: tuple[str, ...], ix: str) -> tuple[tuple[str, ...], bool]:
    """Substitute IX/IY into unprefixed operands; (new operands, changed?)."""
    if mnem == "jp" and operands == ("(hl)",):  # jp (hl): a jump to HL itself, not through memory
        return (f"({ix})",), True
    if "(hl)" in operands:
        # With (ix+d), H and L keep their meaning (ld h,(ix+d)).
        return tuple(f"({ix}+d)" if o == "(hl)" else o for o in operands), True
    sub = {"hl": ix, "h": ix + "h", "l": ix + "l"}
    new = tuple(sub.get(o, o) for o in operands)
    return new, new != operands


def _build() -> dict[str, tuple[Form, ...]]:
    pages: dict[str, list[Form]] = {p: [] for p in PREFIXES}
    for op in range(256):
        text, cyc, taken = _base(op)
        mnem, ops = _split(text)
        pages[""].append(Form("", op, mnem, ops, cyc, taken))
        for prefix, ix in (("dd", "ix"), ("fd", "iy")):
            if op in (0xCB, 0xDD, 0xED, 0xFD) or text in ("ex de,hl", "exx"):
                # Prefix bytes chain (the core handles them); ex de,hl and exx
                # ignore an index prefix.
                prefixed = mnem != ""
                pages[prefix].append(Form(prefix, op, mnem, ops, cyc + 4 if prefixed else 0,
                                          None, False))
                continue
            new, changed = _index_ops(mnem, ops, ix)
            extra = 4
            if any(o.endswith("+d)") for o in new) and mnem != "jp":
                extra += 5 if text == "ld (hl),n" else 8
            pages[prefix].append(Form(prefix, op, mnem, new, cyc + extra,
                                      taken + extra if taken else None,
                                      changed and not any(o in ("ixh", "ixl", "iyh", "iyl")
                                                          for o in new)))
        etext, ecyc, etaken, edoc = _ed(op)
        mnem, ops = _split(etext)
        pages["ed"].append(Form("ed", op, mnem, ops, ecyc, etaken, edoc))
        ctext, ccyc = _cb(op)
        mnem, ops = _split(ctext)
        pages["cb"].append(Form("cb", op, mnem, ops, ccyc, None, mnem != "sll"))
        for prefix, ix in (("ddcb", "ix"), ("fdcb", "iy")):
            x, z = op >> 6, op & 7
            mem = f"({ix}+d)"
            new = (ops[0], mem) if x else (mem,)
            copy = R8[z] if z != 6 and x != 1 else None
            cyc = 20 if x == 1 else 23
            pages[prefix].append(Form(prefix, op, mnem, new, cyc, None,
                                      z == 6 and mnem != "sll", copy))
    return {p: tuple(forms) for p, forms in pages.items()}


PAGES: dict[str, tuple[Form, ...]] = _build()
