"""Source generator for the TMS9900 core: specialised handlers per opcode form.

From the instruction table in `isa9900.py` this writes the text of a factory
function. The factory holds the CPU state as closure cells; inside it every
instruction with general operands gets one handler per addressing-mode
combination (format I: 12 x 4 x 4), each jump condition and each shift
count, with the address arithmetic, the chip's read-before-write and the data
manual's cycle count folded in. `tms9900.py` compiles the text once per
variant (wait states or not; memory mode "ram", "paged" or "bus"; writes
and reads checked against the core's watches or not, see `expand`) and
calls the factory once per core.

Memory accesses are written in the templates as four statement macros,
expanded here so that a variant without wait states carries no trace of them:

    x = RW(a)   word read (`a` even)        RW(a)       dummy word read
    WW(a, v)    word write (`a` even)       x = RB(a)   byte read
    WB(a, v)    byte write

With wait states each access adds `slow[a >> 8]` (the per-page table; a
read and a write of the same word share one `slow2` look-up). Handlers count
their waits in a local `w` and add `w` and their base cycles to `cycles`
themselves (templates say `return n`, see `_add_cycles`). Register addresses
come from `wr`, a 16-entry table `rebase()` refreshes whenever WP changes.
"""

from __future__ import annotations

import functools
import re

from . import isa9900 as isa

# State exchanged by the factory's get_state()/set_state(), in this order.
STATE_FIELDS = ("pc", "wp", "st", "cycles", "idle", "irq", "holdoff")

_RW = re.compile(r"^(\s*)(?:(\w+) = )?R([WB])\((\w+)\)$")
_WR = re.compile(r"^(\s*)W([WB])\((\w+), (.+)\)$")


def expand(lines: list[str], waits: bool, mode: str = "bus", acc: str = "cycles",
           watch: bool = False, read_watch: bool = False) -> list[str]:
    """Expand the memory macros in `lines` for one variant.

    `mode` "bus": every access calls the bus's `read`/`write`. "ram": the bus
    is plain RAM (nothing mapped or watched), so accesses index `mem` (its
    bytearray) and dummy reads, which nothing could see, are left out (their
    wait states still count). "paged": per page, `rdir`/`wdir` say whether
    that page is plain RAM (`Bus.direct_pages()`): RAM pages as in "ram",
    the others (devices, ROM writes) through the bus. With `watch`, each
    write is followed by its check for the write watch (`wm`, `wmw`: see
    the factory's set_watch); with `read_watch`, each read, dummy ones
    included, by its check for the read watch (`rm`, `rmw`: set_read_watch).
    """
    out: list[str] = []
    paired: set[int] = set()  # writes whose wait was charged with their read
    for i, line in enumerate(lines):
        if m := _RW.match(line):
            pad, dst, kind, a = m.groups()
            if waits and (j := _paired_write(lines, i, pad, a)) is not None:
                paired.add(j)
                out.append(f"{pad}{acc} += slow2[{a} >> 8]")
            elif waits:
                out.append(f"{pad}{acc} += slow[{a} >> 8]")
            out += (_watched_read(pad, dst, kind, a, mode) if read_watch
                    else _read(pad, dst, kind, a, mode))
        elif m := _WR.match(line):
            pad, kind, a, v = m.groups()
            out += _write(pad, kind, a, v, mode)
            if watch:  # after the write, as the bus sees it: byte by byte
                out += ([f"{pad}if wmw[{a}]:", f"{pad}    wword({a}, {v})"] if kind == "W"
                        else [f"{pad}if wm[{a}]:", f"{pad}    whook({a}, {v})"])
            if waits and i not in paired:  # after: it may merge with a `cycles +=`
                out.append(f"{pad}{acc} += slow[{a} >> 8]")
        else:
            out.append(line)
    return _merge_cycles(out)


def _read(pad: str, dst: str | None, kind: str, a: str, mode: str) -> list[str]:
    on_ram = f"(mem[{a}] << 8) | mem[{a} + 1]" if kind == "W" else f"mem[{a}]"
    on_bus = f"(read({a}) << 8) | read({a} + 1)" if kind == "W" else f"read({a})"
    calls = [f"read({a})", f"read({a} + 1)"] if kind == "W" else [f"read({a})"]
    if dst:
        if mode == "paged":
            return [f"{pad}{dst} = {on_ram} if rdir[{a} >> 8] else {on_bus}"]
        return [f"{pad}{dst} = {on_ram if mode == 'ram' else on_bus}"]
    if mode == "ram":  # a dummy read of RAM: nothing to see
        return [f"{pad}pass"]
    if mode == "paged":
        return [f"{pad}if not rdir[{a} >> 8]:", *(f"{pad}    {c}" for c in calls)]
    return [f"{pad}{c}" for c in calls]


def _watched_read(pad: str, dst: str | None, kind: str, a: str, mode: str) -> list[str]:
    """A read followed by its check for the read watch: one mask index per
    access (`rmw`, per word, says whether either byte is watched), the
    byte-level hooks only then (`rword`). A dummy read on plain RAM reads
    nothing unless the watch covers it: the value is the bus's, which a bus
    watch would have seen (the read itself has no effect there)."""
    check = [f"if rmw[{a}]:", "    rword({a}, {v})"] if kind == "W" else \
        [f"if rm[{a}]:", "    rhook({a}, {v})"]

    def checked(value: str, indent: str = pad) -> list[str]:
        return [indent + line.format(a=a, v=value) for line in check]

    if dst:
        return _read(pad, dst, kind, a, mode) + checked(dst)
    on_ram = f"(mem[{a}] << 8) | mem[{a} + 1]" if kind == "W" else f"mem[{a}]"
    if mode == "ram":
        return checked(on_ram)
    # Devices (and the bus's watches) see the read whether watched or not.
    read = _read(pad, "dr", kind, a, "bus")
    if mode == "bus":
        return read + checked("dr")
    test = check[0][len("if "):-1]
    return [f"{pad}if not rdir[{a} >> 8]:", *("    " + line for line in read),
            *checked("dr", pad + "    "),
            f"{pad}elif {test}:", *checked(on_ram)[1:]]


def _write(pad: str, kind: str, a: str, v: str, mode: str) -> list[str]:
    if kind == "W":
        on_ram = [f"mem[{a}] = ({v}) >> 8", f"mem[{a} + 1] = ({v}) & 0xFF"]
        on_bus = [f"write({a}, ({v}) >> 8)", f"write({a} + 1, ({v}) & 0xFF)"]
    else:
        on_ram, on_bus = [f"mem[{a}] = {v}"], [f"write({a}, {v})"]
    if mode == "paged":
        return [f"{pad}if wdir[{a} >> 8]:", *(f"{pad}    {c}" for c in on_ram),
                f"{pad}else:", *(f"{pad}    {c}" for c in on_bus)]
    return [pad + c for c in (on_ram if mode == "ram" else on_bus)]


def _paired_write(lines: list[str], i: int, pad: str, a: str) -> int | None:
    """The index of a write to `a` that surely follows the read at line i
    (same block, no branch or return before it, `a` unchanged), or None."""
    assign = re.compile(rf"^\s*{a}\s*(=|&=|\+=|-=)")
    for j in range(i + 1, len(lines)):
        line = lines[j]
        stripped = line.lstrip()
        if _indent_of(line) != len(pad) or assign.match(line) or \
                stripped.startswith(("if ", "elif ", "else", "for ", "return", "while ")):
            return None
        m = _WR.match(line)
        if m and m.group(3) == a:
            return j
    return None


def _merge_cycles(lines: list[str]) -> list[str]:
    """Adjacent additions at the same indent become one: `x += a` then
    `x += b` (x is `cycles` or a handler's wait count `w`), and `w += a` then
    `cycles += w + b`."""
    out: list[str] = []
    for line in lines:
        now = line.lstrip()
        before = out[-1].lstrip() if out else ""
        if out and _indent_of(out[-1]) == _indent_of(line):
            for var in ("cycles", "w"):
                if now.startswith(f"{var} += ") and before.startswith(f"{var} += "):
                    out[-1] += " + " + now[len(var) + 4:]
                    break
            else:
                if now.startswith("cycles += w + ") and before.startswith("w += "):
                    out[-1] = out[-1].replace("w += ", "cycles += w + ", 1) + \
                        " + " + now[len("cycles += w + "):]
                else:
                    out.append(line)
            continue
        out.append(line)
    return out


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip())


def _tidy(lines: list[str]) -> list[str]:
    """Drop what a handler does not need: the wait count `w` when it counts
    no wait, and `pass` lines that are not alone in their block."""
    if not any(line.lstrip().startswith("w += ") for line in lines):
        lines = [line.replace("cycles += w + ", "cycles += ") for line in lines
                 if line.strip() != "w = 0"]
    return [line for i, line in enumerate(lines)
            if line.strip() != "pass" or (i + 1 < len(lines)
                                          and _indent_of(lines[i + 1]) < _indent_of(line)
                                          and lines[i - 1].rstrip().endswith(":"))]


def _add_cycles(body: list[str], local: bool = False) -> list[str]:
    """Handlers add their cycles to `cycles` themselves: `return n` becomes
    `cycles += n` (with `local`, `cycles += w + n`: the wait states the
    handler counted in `w`) and a bare return (the run loop ignores it)."""
    out = ["w = 0"] if local else []
    for line in body:
        stripped = line.lstrip()
        if stripped.startswith("return "):
            pad = line[:len(line) - len(stripped)]
            total = ("w + " if local else "") + stripped[len("return "):]
            out += [f"{pad}cycles += {total}", f"{pad}return"]
        else:
            out.append(line)
    return out


# -- addressing ---------------------------------------------------------------
def _reg_addr(pos: str) -> str:
    """The address of the operand's register: S in bits 0-3, D in bits 6-9."""
    return "(wp + ((op & 15) << 1)) & 0xFFFF" if pos == "s" else \
        "(wp + ((op >> 5) & 0x1E)) & 0xFFFF"


def _reg_field(pos: str) -> str:
    return "op & 15" if pos == "s" else "(op >> 6) & 15"


def operand(pos: str, t: int, byte: bool, name: str) -> list[str]:
    """Lines leaving the operand's address in `name` (raw: may be odd)."""
    if t == 0:
        return [f"{name} = {_reg_addr(pos)}"]
    if t == 1:
        return [f"ra = {_reg_addr(pos)}", f"{name} = RW(ra)"]
    if t == 2:
        return [
            f"r = {_reg_field(pos)}",
            "if r:",
            "    ra = (wp + (r << 1)) & 0xFFFF",
            "    y = RW(ra)",
            "    x = RW(pc)",
            f"    {name} = (x + y) & 0xFFFF",
            "else:",
            f"    {name} = RW(pc)",
            "pc = (pc + 2) & 0xFFFF",
        ]
    step = 1 if byte else 2
    return [f"ra = {_reg_addr(pos)}", f"{name} = RW(ra)",
            f"x = ({name} + {step}) & 0xFFFF", "WW(ra, x)"]


def mode_cycles(t: int, byte: bool) -> int:
    return (isa.MODE_CYCLES_BYTE if byte else isa.MODE_CYCLES_WORD)[t]


def word_operand(pos: str, t: int, name: str) -> list[str]:
    lines = operand(pos, t, False, name)
    return lines + ([f"{name} &= 0xFFFE"] if t else [])


# -- format I ------------------------------------------------------------------
_ALU_WORD = {
    "A": ["t = s + d", "r = t & 0xFFFF",
          "st = (st & 0x07FF) | lae_w[r] | ((t >> 4) & 0x1000)"
          " | (((s ^ r) & (d ^ r) & 0x8000) >> 4)"],
    "S": ["r = (d - s) & 0xFFFF",
          "st = (st & 0x07FF) | lae_w[r] | (0x1000 if d >= s else 0)"
          " | (((d ^ s) & (d ^ r) & 0x8000) >> 4)"],
    "C": ["st = (st & 0x1FFF) | (0x8000 if s > d else 0)"
          " | (0x4000 if (s ^ 0x8000) > (d ^ 0x8000) else 0) | (0x2000 if s == d else 0)"],
    "MOV": ["r = s", "st = (st & 0x1FFF) | lae_w[r]"],
    "SOC": ["r = s | d", "st = (st & 0x1FFF) | lae_w[r]"],
    "SZC": ["r = d & (s ^ 0xFFFF)", "st = (st & 0x1FFF) | lae_w[r]"],
}
_ALU_BYTE = {
    "AB": ["t = s + d", "r = t & 0xFF",
           "st = (st & 0x03FF) | laep_b[r] | ((t << 4) & 0x1000)"
           " | (((s ^ r) & (d ^ r) & 0x80) << 4)"],
    "SB": ["r = (d - s) & 0xFF",
           "st = (st & 0x03FF) | laep_b[r] | (0x1000 if d >= s else 0)"
           " | (((d ^ s) & (d ^ r) & 0x80) << 4)"],
    "CB": ["st = (st & 0x1BFF) | parity[s] | (0x8000 if s > d else 0)"
           " | (0x4000 if (s ^ 0x80) > (d ^ 0x80) else 0) | (0x2000 if s == d else 0)"],
    "MOVB": ["r = s", "st = (st & 0x1BFF) | laep_b[r]"],
    "SOCB": ["r = s | d", "st = (st & 0x1BFF) | laep_b[r]"],
    "SZCB": ["r = d & (s ^ 0xFF)", "st = (st & 0x1BFF) | laep_b[r]"],
}


def two_operand(op: isa.Op, ts: int, td: int) -> list[str]:
    byte = op.byte
    rd, wr = ("RB", "WB") if byte else ("RW", "WW")
    body = operand("s", ts, byte, "sa") if byte else word_operand("s", ts, "sa")
    body.append(f"s = {rd}(sa)")
    body += operand("d", td, byte, "da") if byte else word_operand("d", td, "da")
    alu = (_ALU_BYTE if byte else _ALU_WORD)[op.mnemonic]
    writes = op.mnemonic not in ("C", "CB")
    if op.mnemonic in ("MOV", "MOVB"):
        body.append(f"{rd}(da)")  # read-before-write; the value is not needed
    else:
        body.append(f"d = {rd}(da)")
    body += alu
    if writes:
        body.append(f"{wr}(da, r)")
    return body + [f"return {op.cycles + mode_cycles(ts, byte) + mode_cycles(td, byte)}"]


# -- format VI and the general-source formats -----------------------------------
_ONE = {
    "CLR": ["RW(ea)", "WW(ea, 0)"],
    "SETO": ["RW(ea)", "WW(ea, 0xFFFF)"],
    "INV": ["v = RW(ea)", "r = v ^ 0xFFFF", "st = (st & 0x1FFF) | lae_w[r]", "WW(ea, r)"],
    "NEG": ["v = RW(ea)", "r = (0x10000 - v) & 0xFFFF",
            "st = (st & 0x07FF) | lae_w[r] | (0x1000 if v == 0 else 0)"
            " | (0x0800 if v == 0x8000 else 0)", "WW(ea, r)"],
    "SWPB": ["v = RW(ea)", "WW(ea, ((v >> 8) | (v << 8)) & 0xFFFF)"],
    "INC": ["v = RW(ea)", "t = v + 1", "r = t & 0xFFFF",
            "st = (st & 0x07FF) | lae_w[r] | ((t >> 4) & 0x1000)"
            " | (0x0800 if r == 0x8000 else 0)", "WW(ea, r)"],
    "INCT": ["v = RW(ea)", "t = v + 2", "r = t & 0xFFFF",
             "st = (st & 0x07FF) | lae_w[r] | ((t >> 4) & 0x1000)"
             " | (0x0800 if r == 0x8000 or r == 0x8001 else 0)", "WW(ea, r)"],
    "DEC": ["v = RW(ea)", "r = (v - 1) & 0xFFFF",
            "st = (st & 0x07FF) | lae_w[r] | (0x1000 if v else 0)"
            " | (0x0800 if v == 0x8000 else 0)", "WW(ea, r)"],
    "DECT": ["v = RW(ea)", "r = (v - 2) & 0xFFFF",
             "st = (st & 0x07FF) | lae_w[r] | (0x1000 if v >= 2 else 0)"
             " | (0x0800 if v == 0x8000 or v == 0x8001 else 0)", "WW(ea, r)"],
    "B": ["RW(ea)", "pc = ea"],
    "BL": ["RW(ea)", "ra = (wp + 22) & 0xFFFF", "WW(ra, pc)", "pc = ea"],
    "BLWP": ["switch(ea)"],
    "ABS": ["v = RW(ea)",
            "if v & 0x8000:",
            "    st = (st & 0x07FF) | lae_w[v] | (0x0800 if v == 0x8000 else 0)",
            "    WW(ea, (0x10000 - v) & 0xFFFF)",
            "    return {abs_negated}",
            "st = (st & 0x07FF) | lae_w[v]"],
}
_REGSRC = {
    "COC": ["s = RW(ea)", "ra = (wp + ((op >> 5) & 0x1E)) & 0xFFFF", "d = RW(ra)",
            "st = (st & 0xDFFF) | (0x2000 if s & d == s else 0)"],
    "CZC": ["s = RW(ea)", "ra = (wp + ((op >> 5) & 0x1E)) & 0xFFFF", "d = RW(ra)",
            "st = (st & 0xDFFF) | (0x2000 if s & d == 0 else 0)"],
    "XOR": ["s = RW(ea)", "ra = (wp + ((op >> 5) & 0x1E)) & 0xFFFF", "d = RW(ra)",
            "r = s ^ d", "st = (st & 0x1FFF) | lae_w[r]", "WW(ra, r)"],
    "MPY": ["s = RW(ea)", "ra = (wp + ((op >> 5) & 0x1E)) & 0xFFFF", "d = RW(ra)",
            "p = s * d", "WW(ra, p >> 16)", "rb = (ra + 2) & 0xFFFF", "WW(rb, p & 0xFFFF)"],
    "DIV": ["s = RW(ea)", "ra = (wp + ((op >> 5) & 0x1E)) & 0xFFFF", "d = RW(ra)",
            "if s <= d:",
            "    st |= 0x0800",
            "    return {div_overflow}",
            "rb = (ra + 2) & 0xFFFF",
            "v = RW(rb)",
            "n = (d << 16) | v",
            "WW(ra, n // s)",
            "WW(rb, n % s)",
            "st &= 0xF7FF"],
    # XOP: the source is read although only its (raw) address is kept, in R11.
    "XOP": ["ea = ea_raw", "RW(ea)", "v = 0x40 + ((op >> 4) & 0x3C)",
            "nw = RW(v)", "nw &= 0xFFFE",
            "ra = (nw + 22) & 0xFFFF", "WW(ra, ea_raw)",
            "ra = (nw + 30) & 0xFFFF", "WW(ra, st)",
            "st |= 0x0200",
            "ra = (nw + 28) & 0xFFFF", "WW(ra, pc)",
            "ra = (nw + 26) & 0xFFFF", "WW(ra, wp)",
            "wp = nw", "v += 2", "x = RW(v)", "pc = x & 0xFFFE", "holdoff = attn = True"],
}


def general_source(op: isa.Op, t: int) -> list[str]:
    """Format VI, III and IX handlers for source mode T."""
    if op.mnemonic == "X":
        body = word_operand("s", t, "ea") + ["v = RW(ea)"]
        extra = op.cycles + mode_cycles(t, False) + isa.X_OVERHEAD
        return body + ["table[v](v)", f"return {extra}"]
    if op.mnemonic == "XOP":
        body = operand("s", t, False, "ea_raw") + _REGSRC["XOP"]
        body[body.index("ea = ea_raw")] = "ea = ea_raw & 0xFFFE"
    else:
        body = word_operand("s", t, "ea")
        body += _ONE.get(op.mnemonic) or _REGSRC[op.mnemonic]
    fill = {"abs_negated": isa.ABS_NEGATED + mode_cycles(t, False),
            "div_overflow": isa.DIV_OVERFLOW + mode_cycles(t, False)}
    body = [line.format(**fill) for line in body]
    return body + [f"return {op.cycles + mode_cycles(t, False)}"]


# -- handlers without general operands --------------------------------------------
_FIXED = {
    "SBO": ["cru_out(cru_bit(op), 1)", "return 12"],
    "SBZ": ["cru_out(cru_bit(op), 0)", "return 12"],
    "TB": ["st = (st & 0xDFFF) | (0x2000 if cru_in(cru_bit(op)) & 1 else 0)",
           "return 12"],
    "LDCR": [
        "count = ((op >> 6) & 15) or 16",
        "if count <= 8:",
        "    ea = ga_b((op >> 4) & 3, op & 15)",
        "    v = RB(ea)",
        "    st = (st & 0x1BFF) | laep_b[v]",
        "else:",
        "    ea = ga_w((op >> 4) & 3, op & 15)",
        "    v = RW(ea)",
        "    st = (st & 0x1FFF) | lae_w[v]",
        "ra = (wp + 24) & 0xFFFF",
        "base = RW(ra)",
        "base >>= 1",
        "for i in range(count):",
        "    cru_out((base + i) & 0xFFF, (v >> i) & 1)",
        "return 20 + 2 * count",
    ],
    "STCR": [
        "count = ((op >> 6) & 15) or 16",
        "if count <= 8:",
        "    ea = ga_b((op >> 4) & 3, op & 15)",
        "    RB(ea)",
        "else:",
        "    ea = ga_w((op >> 4) & 3, op & 15)",
        "    RW(ea)",
        "ra = (wp + 24) & 0xFFFF",
        "base = RW(ra)",
        "base >>= 1",
        "v = 0",
        "for i in range(count):",
        "    if cru_in((base + i) & 0xFFF) & 1:",
        "        v |= 1 << i",
        "if count <= 8:",
        "    st = (st & 0x1BFF) | laep_b[v]",
        "    WB(ea, v)",
        "else:",
        "    st = (st & 0x1FFF) | lae_w[v]",
        "    WW(ea, v)",
        "return stcr_cycles(count)",
    ],
    "LI": ["v = RW(pc)", "pc = (pc + 2) & 0xFFFF", "st = (st & 0x1FFF) | lae_w[v]",
           "ra = (wp + ((op & 15) << 1)) & 0xFFFF", "WW(ra, v)", "return 12"],
    "AI": ["ra = (wp + ((op & 15) << 1)) & 0xFFFF", "d = RW(ra)", "s = RW(pc)",
           "pc = (pc + 2) & 0xFFFF", *_ALU_WORD["A"], "WW(ra, r)", "return 14"],
    "ANDI": ["ra = (wp + ((op & 15) << 1)) & 0xFFFF", "d = RW(ra)", "s = RW(pc)",
             "pc = (pc + 2) & 0xFFFF", "r = s & d", "st = (st & 0x1FFF) | lae_w[r]",
             "WW(ra, r)", "return 14"],
    "ORI": ["ra = (wp + ((op & 15) << 1)) & 0xFFFF", "d = RW(ra)", "s = RW(pc)",
            "pc = (pc + 2) & 0xFFFF", "r = s | d", "st = (st & 0x1FFF) | lae_w[r]",
            "WW(ra, r)", "return 14"],
    # CI compares the register (as the source) with the immediate.
    "CI": ["ra = (wp + ((op & 15) << 1)) & 0xFFFF", "s = RW(ra)", "d = RW(pc)",
           "pc = (pc + 2) & 0xFFFF", *_ALU_WORD["C"], "return 14"],
    "STWP": ["ra = (wp + ((op & 15) << 1)) & 0xFFFF", "WW(ra, wp)", "return 8"],
    "STST": ["ra = (wp + ((op & 15) << 1)) & 0xFFFF", "WW(ra, st)", "return 8"],
    "LWPI": ["v = RW(pc)", "pc = (pc + 2) & 0xFFFF", "wp = v & 0xFFFE", "return 10"],
    "LIMI": ["v = RW(pc)", "pc = (pc + 2) & 0xFFFF", "st = (st & 0xFFF0) | (v & 15)",
             "return 16"],
    "IDLE": ["idle = attn = True", "return 12"],
    "RSET": ["st &= 0xFFF0", "return 12"],
    "RTWP": ["ra = (wp + 30) & 0xFFFF", "st = RW(ra)", "ra = (wp + 28) & 0xFFFF",
             "v = RW(ra)", "ra = (wp + 26) & 0xFFFF", "x = RW(ra)",
             "pc = v & 0xFFFE", "wp = x & 0xFFFE", "return 14"],
    # CKON, CKOF, LREX only pulse CRUCLK with a code on A0-A2.
    "CKON": ["return 12"], "CKOF": ["return 12"], "LREX": ["return 12"],
}
_SHIFT = {
    "SRA": ["sv = v - 0x10000 if v & 0x8000 else v", "r = (sv >> c) & 0xFFFF",
            "st = (st & 0x0FFF) | lae_w[r] | (0x1000 if (sv >> (c - 1)) & 1 else 0)"],
    "SRL": ["r = v >> c",
            "st = (st & 0x0FFF) | lae_w[r] | (0x1000 if (v >> (c - 1)) & 1 else 0)"],
    # OV: the MSB changed at some point: the top c+1 bits are not all equal
    # (for 16 the final 0 counts too, so any set bit overflows).
    "SLA": ["r = (v << c) & 0xFFFF",
            "if c < 16:",
            "    x = v >> (15 - c)",
            "    ov = x != 0 and x != (2 << c) - 1",
            "else:",
            "    ov = v != 0",
            "st = ((st & 0x07FF) | lae_w[r] | (0x1000 if (v >> (16 - c)) & 1 else 0)"
            " | (0x0800 if ov else 0))"],
    "SRC": ["r = ((v >> c) | (v << (16 - c))) & 0xFFFF",
            "st = (st & 0x0FFF) | lae_w[r] | (0x1000 if r & 0x8000 else 0)"],
}


# SLA by a constant count below 16 (no branch, so its read and write pair up).
_SLA_FIXED = [
    "r = (v << c) & 0xFFFF",
    "x = v >> (15 - c)",
    "st = ((st & 0x07FF) | lae_w[r] | (0x1000 if (v >> (16 - c)) & 1 else 0)"
    " | (0x0800 if x != 0 and x != (2 << c) - 1 else 0))",
]


def shift(op: isa.Op, count: int) -> list[str]:
    """A shift by a fixed count 1-15, or (count 0) by R0's low nibble."""
    lines = ["ra = (wp + ((op & 15) << 1)) & 0xFFFF", "v = RW(ra)"]
    if count:
        # The count is a constant here: the compiler folds what it can.
        template = _SLA_FIXED if op.mnemonic == "SLA" else _SHIFT[op.mnemonic]
        body = [re.sub(r"\bc\b", str(count), line) for line in template]
        return lines + body + ["WW(ra, r)", f"return {12 + 2 * count}"]
    return lines + [
        "c = RW(wp)",
        "c = (c & 15) or 16",
        *_SHIFT[op.mnemonic],
        "WW(ra, r)",
        f"return {isa.SHIFT_BY_R0} + 2 * c",
    ]


def jump(op: isa.Op) -> list[str]:
    """A jump with its condition (isa.JUMP_CONDITIONS) written out on ST."""
    must_set, must_clear, or_set = isa.JUMP_CONDITIONS[op.mnemonic]
    taken = ["pc = (pc + (((op & 0xFF) ^ 0x80) - 0x80) * 2) & 0xFFFF", "return 10"]
    tests = []
    if or_set:
        tests.append(f"st & {or_set:#06x}")
    if must_set | must_clear:
        mask = must_set | must_clear
        tests.append(f"st & {mask:#06x} == {must_set:#06x}" if must_set and must_clear
                     else f"st & {mask:#06x}" if must_set else f"not st & {mask:#06x}")
    if not tests:
        return taken
    return [f"if {' or '.join(tests)}:", *("    " + line for line in taken),
            f"return {isa.JUMP_NOT_TAKEN}"]


# -- the factory -------------------------------------------------------------------
_PRELUDE = '''
def factory(bus, cpu, slow, lae_w, laep_b, parity, stcr_cycles, rdir, wdir,
            block_table=None, compile_block=None):
    slow2 = [2 * w for w in slow] if slow else None  # a read and a write of one word
    pc = wp = st = cycles = 0
    irq = 0          # requested interrupt level, 0 = none
    idle = False
    holdoff = False  # no interrupt before the next instruction (BLWP, XOP, entry)
    attn = False     # holdoff or irq or idle: the run loop looks around only then
    mem = bus.ram
    wr = [0] * 16    # the addresses of R0-R15 (WP + 2n), kept by rebase()
    read = bus.read
    write = bus.write
    cru_in = cpu.cru_read
    cru_out = cpu.cru_write
    # The write watch (set_watch), checked by the "watch" variants only: `wm`
    # a 64 KiB mask, `wmw` the same per word (at its even address: either
    # byte set), `whook(addr, value)` called after each watched byte written.
    wm = wmw = whook = None
    # The read watch (set_read_watch), likewise for the "read-watched"
    # variants: `rm`, `rmw`, `rhook(addr, value)` after each watched byte read.
    rm = rmw = rhook = None
    stop_req = False  # request_stop(): end run() after the instruction in flight
    stopped = False   # the last run() ended before a stop address or on request
    live = False      # this engine is the core's (see activate)

    def wword(a, v):
        """A word written where the watch covers a byte: the hook per byte."""
        if wm[a]:
            whook(a, v >> 8)
        if wm[a + 1]:
            whook(a + 1, v & 0xFF)

    def rword(a, v):
        """A word read where the watch covers a byte: the hook per byte, high
        then low, as the bus reads them."""
        if rm[a]:
            rhook(a, v >> 8)
        if rm[a + 1]:
            rhook(a + 1, v & 0xFF)

    def rebase():
        """WP changed: recompute where the registers are."""
        wr[:] = [(wp + n) & 0xFFFF for n in range(0, 32, 2)]

    rebase()

    def ga_w(t, r):
        """Word operand address for mode T (adds the mode's cycles)."""
        nonlocal pc, cycles
        ra = (wp + (r << 1)) & 0xFFFF
        if t == 0:
            return ra
        cycles += 4 if t == 1 else 8
        if t == 2:
            a = 0
            if r:
                a = RW(ra)
            x = RW(pc)
            pc = (pc + 2) & 0xFFFF
            return (x + a) & 0xFFFE
        a = RW(ra)
        if t == 1:
            return a & 0xFFFE
        x = (a + 2) & 0xFFFF
        WW(ra, x)
        return a & 0xFFFE

    def ga_b(t, r):
        """Byte operand address: *Rn+ steps by one and costs 6."""
        nonlocal pc, cycles
        ra = (wp + (r << 1)) & 0xFFFF
        if t == 0:
            return ra
        cycles += (0, 4, 8, 6)[t]
        if t == 2:
            a = 0
            if r:
                a = RW(ra)
            x = RW(pc)
            pc = (pc + 2) & 0xFFFF
            return (x + a) & 0xFFFF
        a = RW(ra)
        if t == 1:
            return a
        x = (a + 1) & 0xFFFF
        WW(ra, x)
        return a

    def cru_bit(op):
        nonlocal cycles
        ra = (wp + 24) & 0xFFFF
        v = RW(ra)
        return ((v >> 1) + ((op & 0xFF) ^ 0x80) - 0x80) & 0xFFF

    def switch(vector):
        """Context switch: new WP, R13-R15 get the old WP, PC, ST; new PC."""
        nonlocal wp, pc, holdoff, attn, cycles
        nw = RW(vector)
        nw &= 0xFFFE
        ra = (nw + 30) & 0xFFFF
        WW(ra, st)
        ra = (nw + 28) & 0xFFFF
        WW(ra, pc)
        ra = (nw + 26) & 0xFFFF
        WW(ra, wp)
        wp = nw
        v = (vector + 2) & 0xFFFF
        x = RW(v)
        pc = x & 0xFFFE
        holdoff = attn = True

    def illegal(op):
        nonlocal cycles
        cycles += {illegal}
'''

_RUNTIME = '''
    def enter_interrupt(level):
        nonlocal st, idle
        idle = False  # switch() leaves attn set for the hold-off
        switch(level << 2)
        st = (st & 0xFFF0) | ((level - 1) & 15)
        return {interrupt}

    def attach():
        """Pick up the bus and CRU callables: they change when watches do."""
        nonlocal read, write, cru_in, cru_out
        read = bus.read
        write = bus.write
        cru_in = cpu.cru_read
        cru_out = cpu.cru_write

    def activate(on):
        """This engine becomes the core's (attached) or stops being it."""
        nonlocal live
        live = on
        if on:
            attach()
{blocks_remapped}
    def step():
        nonlocal pc, cycles, holdoff, attn
        # The core's step() is this closure itself (no method call): it hands
        # over to the core when the bus published new callables (a mapping
        # or a watch changed: maybe another engine) or this engine is retired.
        if not live or bus.read is not read or bus.write is not write:
            return cpu.resync_step()
        start = cycles
        if holdoff:
            holdoff = False
        elif irq and irq <= st & 15:
            n = enter_interrupt(irq)
            cycles += n
            return cycles - start
        attn = irq != 0 or idle
        if idle:
            cycles += {idle_step}
            return {idle_step}
        op = RW(pc)
        pc = (pc + 2) & 0xFFFF
        table[op](op)
        return cycles - start

{block_state}    def run(budget):
        nonlocal pc, cycles, holdoff, attn, stop_req, stopped
        attach()
        stop_req = False
        start = cycles
        end = start + budget
{blocks_for_run}        while cycles < end:
{look_around}
{block_lookup}            op = RW(pc)
            pc = (pc + 2) & 0xFFFF
            table[op](op)
        stopped = stop_req
        return cycles - start

    def run_stops(budget, sm):
        """run(), stopping also before an instruction at a stop (sm[pc] set).
        A loop of its own, so that run() pays nothing for stops."""
        nonlocal pc, cycles, holdoff, attn, stop_req, stopped
        attach()
        stop_req = False
        start = cycles
        end = start + budget
{blocks_for_stops}        while cycles < end:
            if sm[pc] and not idle:  # (idle: waiting, not about to run it)
                stopped = True
                return cycles - start
{look_around}
{block_lookup}            op = RW(pc)
            pc = (pc + 2) & 0xFFFF
            table[op](op)
        stopped = stop_req
        return cycles - start

    def request_stop():
        """End the run() in progress after the instruction in flight: the
        run loops look at `stop_req` where they look at interrupts."""
        nonlocal stop_req, attn
        stop_req = attn = True

    def was_stopped():
        return stopped

    def set_watch(mask, words, hook):
        """The write watch's masks (per byte, per word) and hook, or Nones."""
        nonlocal wm, wmw, whook
        wm, wmw, whook = mask, words, hook

    def set_read_watch(mask, words, hook):
        """The read watch's masks (per byte, per word) and hook, or Nones."""
        nonlocal rm, rmw, rhook
        rm, rmw, rhook = mask, words, hook

    def reset():
        nonlocal st, idle, holdoff, cycles
        attach()
        st = 0
        idle = False
        switch(0)
        holdoff = False
        cycles += {reset}

    def load_interrupt():
        nonlocal idle, cycles
        attach()
        idle = False
        switch(0xFFFC)
        cycles += {interrupt}

    def get_state():
        return (pc, wp, st, cycles, idle, irq, holdoff)

    def set_state(values):
        nonlocal pc, wp, st, cycles, idle, irq, holdoff, attn
        pc, wp, st, cycles, idle, irq, holdoff = values
        attn = bool(holdoff or irq or idle)
        rebase()

    return (handlers, table, run, step, reset, load_interrupt, get_state, set_state, run_stops,
            request_stop, was_stopped, set_watch, activate, set_read_watch)
'''


# Between instructions the run loops look around only when `attn` is set.
_LOOK_AROUND = """            if attn:
                if stop_req:  # (request_stop sets attn too)
                    break
                if holdoff:
                    holdoff = False
                elif irq and irq <= st & 15:
                    n = enter_interrupt(irq)
                    cycles += n
                    continue
                if idle:
                    break
                attn = bool(irq)"""

# The engines on plain memory ("ram", "paged"), watched or not, run compiled
# blocks (_tms9900blocks): run() looks one up at each instruction it starts.
_BLOCK_STATE = '''
    # Compiled blocks by start address, in the engine's block table (see
    # blocks.py): `blocks[at]` None while `heat[at]` counts the visits, False
    # where none can start, else (function, opcode bytes, WP).
    blocks = block_table.blocks
    heat = block_table.heat
    HOT = block_table.hot
    build = block_table.build
    folds = {}  # instructions as the blocks have them (see _tms9900blocks.build)
    cells = None
    compiled_for = None  # the page map the blocks were compiled on
    compiled_stops = None  # and the stop mask (run_stops'; None: run()'s)

    def cells_of():
        """This engine's closure cells by name (for the blocks' code)."""
        nonlocal cells
        if cells is None:
            cells = {}
            for f in (*handlers.values(), run, step, switch):
                cells.update(zip(f.__code__.co_freevars, f.__closure__ or ()))
        return cells

    def compile_at(at):
        """The block at `at` for this WP (None: none can start there)."""
        return compile_block(cells_of(), mem, at, wp, compiled_stops, folds)

    block_table.compile = compile_at

    def flush():
        """Drop every block (the page map they were compiled on changed)."""
        nonlocal compiled_for
        compiled_for = (tuple(rdir), tuple(wdir))
        block_table.flush()
        folds.clear()

    def use_stops(sm):
        """Blocks for this stop mask: they end before every stop address."""
        nonlocal compiled_stops
        flush()
        compiled_stops = sm

'''


_BLOCK_LOOKUP = """            b = bl[pc]
            if b is None:
                h = heat[pc] + 1
                heat[pc] = h
                if h == HOT:
                    build(pc)
                    continue
            elif b:
                if b[2] == wp and same(b[1], pc):
                    b[0](end)
                    continue
                bl[pc] = None  # its code or WP changed: count again
                heat[pc] = 0
"""


def _block_parts(blocks: bool) -> dict[str, str]:
    """The run-time text that puts run() and run_stops() on compiled blocks
    (empty for the engines that have none)."""
    if not blocks:
        return dict.fromkeys(("block_state", "blocks_for_run", "blocks_for_stops",
                              "block_lookup", "blocks_remapped"), "")

    def use(stops: str) -> str:
        return (f"        if compiled_stops is not {stops}:\n            use_stops({stops})\n"
                "        bl = blocks\n        same = mem.startswith\n")
    return {"block_state": _BLOCK_STATE,
            "blocks_for_run": use("None"), "blocks_for_stops": use("sm"),
            "block_lookup": _BLOCK_LOOKUP,
            # The page map changes in place (Bus.direct_pages): blocks go when it did.
            "blocks_remapped": "            if compiled_for != (tuple(rdir), tuple(wdir)):\n"
                               "                flush()\n"}


def handler_bodies() -> dict[str, list[str]]:
    """Handler name -> body lines (macros unexpanded), for every opcode form."""
    out: dict[str, list[str]] = {}
    for op in isa.OPS:
        name = op.mnemonic
        if op.fmt == isa.TWO:
            for ts in range(4):
                for td in range(4):
                    out[f"{name}_{ts}{td}"] = two_operand(op, ts, td)
        elif op.fmt in (isa.ONE, isa.REGSRC, isa.XOPF):
            for t in range(4):
                out[f"{name}_{t}"] = general_source(op, t)
        elif op.fmt == isa.SHIFT:
            for count in range(16):
                out[f"{name}_{count}"] = shift(op, count)
        elif op.fmt == isa.JUMP:
            out[name] = jump(op)
        else:
            out[name] = _FIXED[name]
    return out


def handler_name(word: int) -> str:
    """Which generated handler runs opcode `word` ("illegal" if none)."""
    op = isa.DECODE[word]
    if op is None:
        return "illegal"
    if op.fmt == isa.TWO:
        return f"{op.mnemonic}_{(word >> 4) & 3}{(word >> 10) & 3}"
    if op.fmt in (isa.ONE, isa.REGSRC, isa.XOPF):
        return f"{op.mnemonic}_{(word >> 4) & 3}"
    if op.fmt == isa.SHIFT:
        return f"{op.mnemonic}_{(word >> 4) & 15}"
    return op.mnemonic


MODES = ("bus", "ram", "paged")
HANDLER_NONLOCALS = "pc, wp, st, cycles, idle, holdoff, attn"


def _handler(body: list[str], waits: bool, mode: str, watch: bool = False,
             read_watch: bool = False) -> list[str]:
    """A handler's statements for one variant (macros expanded)."""
    # Wait states go to a local count first: no int is made per access.
    return _tidy(expand(_add_cycles(body, local=waits), waits, mode, acc="w",
                        watch=watch, read_watch=read_watch))


@functools.cache
def handler_lines(name: str, waits: bool, mode: str, watch: bool = False,
                  read_watch: bool = False) -> list[str]:
    """The statements of handler `name` as the engine of a variant has them
    (registers by `wr`; the watches' checks with `watch`, `read_watch`), for
    the compiled blocks (_tms9900blocks)."""
    return _registers_by_table(_handler(_bodies()[name], waits, mode, watch, read_watch))


@functools.cache
def _bodies() -> dict[str, list[str]]:
    return handler_bodies()


def factory_source(waits: bool, mode: str = "bus", watch: bool = False,
                   read_watch: bool = False) -> str:
    """The text of `factory(...)` for the flat (False) or wait-state variant,
    with memory accessed as `mode` says and, with `watch`, every write
    checked against the write watch, with `read_watch` every read against
    the read watch (see `expand`)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    consts = {"illegal": isa.ILLEGAL_CYCLES, "interrupt": isa.INTERRUPT_CYCLES,
              "idle_step": isa.IDLE_STEP, "reset": isa.RESET_CYCLES}
    lines = _PRELUDE.format(**consts).splitlines()
    bodies = _bodies()
    for name, body in bodies.items():
        lines.append("")
        lines.append(f"    def h_{name}(op):")
        lines.append(f"        nonlocal {HANDLER_NONLOCALS}")
        lines += ["        " + line for line in _handler(body, waits, mode, watch, read_watch)]
    lines.append("")
    lines.append("    handlers = {" + ", ".join(f"{n!r}: h_{n}" for n in bodies)
                 + ", 'illegal': illegal}")
    lines.append("    table = [illegal] * 0x10000  # filled by the caller (see tms9900.py)")
    blocks = mode != "bus"
    lines += _RUNTIME.format(**consts, look_around=_LOOK_AROUND,
                             **_block_parts(blocks)).splitlines()
    return "\n".join(_registers_by_table(expand(lines, waits, mode, watch=watch,
                                                 read_watch=read_watch))) + "\n"


# Register addresses as the templates compute them -> the same from `wr`,
# the table `rebase()` keeps (fewer operations and no new int objects).
_WR_FORMS = (
    ("(wp + ((op & 15) << 1)) & 0xFFFF", "wr[op & 15]"),
    ("(wp + ((op >> 5) & 0x1E)) & 0xFFFF", "wr[(op >> 6) & 15]"),
    ("(wp + (r << 1)) & 0xFFFF", "wr[r]"),
    *((f"(wp + {2 * n}) & 0xFFFF", f"wr[{n}]") for n in range(11, 16)),
)
_SETS_WP = re.compile(r"^(\s*)wp = ")


def _registers_by_table(lines: list[str]) -> list[str]:
    """Use `wr` for register addresses, and call rebase() wherever WP is set."""
    out = []
    for line in lines:
        for form, table in _WR_FORMS:
            line = line.replace(form, table)
        out.append(line)
        if m := _SETS_WP.match(line):
            out.append(f"{m.group(1)}rebase()")
    return out
