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

Memory accesses are objects in the templates (`emit.Read`, `emit.Write`),
which the variant's access style renders (`emit.py`: "bus", "ram", "paged",
watched or not), so that a variant without wait states carries no trace of
them:

    RW(a, "x")  word read (`a` even)        RW(a)        dummy word read
    WW(a, "v")  word write (`a` even)       RB(a, "x")   byte read
    WB(a, "v")  byte write

With wait states each access adds `slow[a >> 8]` (the per-page table; a
read and a write of the same word share one `slow2` look-up). Handlers count
their waits in a local `w` and add `w` and their base cycles to `cycles`
themselves (templates say `return n`, see `_add_cycles`). Register addresses
come from `wr` (`wr[op & 15]`), a 16-entry table `rebase()` refreshes
whenever WP changes (the templates call it where they set WP).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from functools import partial

from . import emit
from . import isa9900 as isa
from .blocks import lookup
from .emit import Item, Read, Write

# State exchanged by the factory's get_state()/set_state(), in this order.
STATE_FIELDS = ("pc", "wp", "st", "cycles", "idle", "irq", "holdoff")


# The templates' memory accesses: RW("a", "x") reads the word at a (even)
# into x, RW("a") is a dummy word read, WW("a", "v") writes v there; RB and WB
# the same for a byte. A statement's indentation comes last: RW("a", "x", "    ").
RW = partial(Read, word=True)
RB = Read
WW = partial(Write, word=True)
WB = Write


@dataclass(frozen=True)
class _Add:
    """`var += term`: cycles, or the wait states a handler counts in `w`."""

    var: str
    term: str
    pad: str = ""


_WAITS = "w = 0"  # a handler's first statement where it counts its wait states in `w`


def _access(mode: str, watch: bool, read_watch: bool) -> emit.Bus:
    """The access style of a variant: its memory mode, its watches checked."""
    access = emit.style(mode)
    if watch or read_watch:
        access = emit.Watched(access, emit.WRITE_WATCH if watch else None,
                              emit.READ_WATCH if read_watch else None)
    return access


def expand(items: list[Item | _Add], waits: bool, mode: str = "bus", acc: str = "cycles",
           watch: bool = False, read_watch: bool = False) -> list[str]:
    """Template statements as a variant's lines: each memory access as the
    access style of `mode` (emit.py: "bus", "ram" or "paged") renders it,
    with the watches' checks after it with `watch` (writes, against the
    write watch `wm`/`wmw`: see the factory's set_watch) and `read_watch`
    (reads, dummy ones included, against `rm`/`rmw`: set_read_watch). With
    `waits`, each access adds its page's wait states (`slow[a >> 8]`; a read
    and a write of the same word share one `slow2` look-up) to `acc`, and
    additions in a row become one."""
    return _rendered(_expanded(items, waits, mode, acc, watch, read_watch))


def _expanded(items: list[Item | _Add], waits: bool, mode: str, acc: str, watch: bool,
              read_watch: bool) -> list[str | _Add]:
    """`expand`, its additions not rendered yet (`_tidy` may change them)."""
    access = _access(mode, watch, read_watch)
    out: list[str | _Add] = []
    paired: set[int] = set()  # writes whose wait was charged with their read
    for i, item in enumerate(items):
        if isinstance(item, Read):
            if waits and (j := _paired_write(items, i)) is not None:
                paired.add(j)
                out.append(_Add(acc, f"slow2[{item.addr} >> 8]", item.pad))
            elif waits:
                out.append(_Add(acc, f"slow[{item.addr} >> 8]", item.pad))
            out += access.read(item)
        elif isinstance(item, Write):
            out += access.write(item)
            if waits and i not in paired:  # after: it may merge with a `cycles +=`
                out.append(_Add(acc, f"slow[{item.addr} >> 8]", item.pad))
        else:
            out.append(item)
    return _merged(out)


def _paired_write(items: list[Item | _Add], i: int) -> int | None:
    """The index of a write to the address read at `i` that surely follows
    it (same block, no branch or return before it, the address unchanged),
    or None."""
    read = items[i]
    assert isinstance(read, Read)
    for j in range(i + 1, len(items)):
        item = items[j]
        if isinstance(item, Write | Read | _Add):
            if item.pad != read.pad or isinstance(item, Read) and item.into == read.addr:
                return None
            if isinstance(item, Write) and item.addr == read.addr:
                return j
            continue
        text = item.lstrip()
        if len(item) - len(text) != len(read.pad) or _assigns(text, read.addr) or \
                text.startswith(("if ", "elif ", "else", "for ", "return", "while ")):
            return None
    return None


def _assigns(statement: str, name: str) -> bool:
    """Whether a template statement (`x = ...`, `x += ...`) sets `name`."""
    words = statement.split(" ", 2)
    return len(words) > 1 and words[0] == name and words[1] in ("=", "&=", "+=", "-=")


def _merged(items: list[str | _Add]) -> list[str | _Add]:
    """Additions in a row at one level become one: `x += a` then `x += b`
    (x is `cycles` or a handler's wait count `w`), and `w += a` then
    `cycles += w + b`."""
    out: list[str | _Add] = []
    for item in items:
        before = out[-1] if out else None
        if isinstance(item, _Add) and isinstance(before, _Add) and before.pad == item.pad:
            if before.var == item.var:
                out[-1] = _Add(item.var, f"{before.term} + {item.term}", item.pad)
                continue
            if (before.var, item.var) == ("w", "cycles") and item.term.startswith("w + "):
                out[-1] = _Add("cycles", f"w + {before.term} + {item.term[4:]}", item.pad)
                continue
        out.append(item)
    return out


def _rendered(items: list[str | _Add]) -> list[str]:
    return [item if isinstance(item, str) else f"{item.pad}{item.var} += {item.term}"
            for item in items]


def _tidy(items: list[str | _Add]) -> list[str]:
    """A handler's lines without what it does not need: the wait count `w`
    when it counts no wait, and `pass` lines that are not alone in their
    block (additions brought together by one dropped become one)."""
    if not any(isinstance(item, _Add) and item.var == "w" for item in items):
        items = [_Add(item.var, item.term[4:], item.pad)
                 if isinstance(item, _Add) and item.term.startswith("w + ") else item
                 for item in items if item != _WAITS]

    def depth(item: str | _Add) -> int:
        return len(item.pad) if isinstance(item, _Add) else _indent_of(item)

    kept = [item for i, item in enumerate(items)
            if not isinstance(item, str) or item.strip() != "pass"
            or (i + 1 < len(items) and depth(items[i + 1]) < depth(item)
                and isinstance(items[i - 1], str) and items[i - 1].rstrip().endswith(":"))]
    return _rendered(_merged(kept))


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip())


def _add_cycles(body: list[Item], local: bool = False) -> list[Item | _Add]:
    """Handlers add their cycles to `cycles` themselves: `return n` becomes
    `cycles += n` (with `local`, `cycles += w + n`: the wait states the
    handler counted in `w`) and a bare return (the run loop ignores it)."""
    out: list[Item | _Add] = [_WAITS] if local else []
    for item in body:
        if isinstance(item, str) and item.lstrip().startswith("return "):
            text = item.lstrip()
            pad = item[:len(item) - len(text)]
            total = ("w + " if local else "") + text[len("return "):]
            out += [_Add("cycles", total, pad), f"{pad}return"]
        else:
            out.append(item)
    return out


# -- addressing ---------------------------------------------------------------
def _reg_addr(pos: str) -> str:
    """The address of the operand's register: S in bits 0-3, D in bits 6-9."""
    return "wr[op & 15]" if pos == "s" else \
        "wr[(op >> 6) & 15]"


def _reg_field(pos: str) -> str:
    return "op & 15" if pos == "s" else "(op >> 6) & 15"


def operand(pos: str, t: int, byte: bool, name: str) -> list[str]:
    """Lines leaving the operand's address in `name` (raw: may be odd)."""
    if t == 0:
        return [f"{name} = {_reg_addr(pos)}"]
    if t == 1:
        return [f"ra = {_reg_addr(pos)}", RW("ra", name)]
    if t == 2:
        return [
            f"r = {_reg_field(pos)}",
            "if r:",
            "    ra = wr[r]",
            RW("ra", "y", "    "),
            RW("pc", "x", "    "),
            f"    {name} = (x + y) & 0xFFFF",
            "else:",
            RW("pc", name, "    "),
            "pc = (pc + 2) & 0xFFFF",
        ]
    step = 1 if byte else 2
    return [f"ra = {_reg_addr(pos)}", RW("ra", name),
            f"x = ({name} + {step}) & 0xFFFF", WW("ra", "x")]


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
    read, write = (RB, WB) if byte else (RW, WW)
    body = operand("s", ts, byte, "sa") if byte else word_operand("s", ts, "sa")
    body.append(read("sa", "s"))
    body += operand("d", td, byte, "da") if byte else word_operand("d", td, "da")
    alu = (_ALU_BYTE if byte else _ALU_WORD)[op.mnemonic]
    writes = op.mnemonic not in ("C", "CB")
    if op.mnemonic in ("MOV", "MOVB"):
        body.append(read("da"))  # read-before-write; the value is not needed
    else:
        body.append(read("da", "d"))
    body += alu
    if writes:
        body.append(write("da", "r"))
    return body + [f"return {op.cycles + mode_cycles(ts, byte) + mode_cycles(td, byte)}"]


# -- format VI and the general-source formats -----------------------------------
_ONE = {
    "CLR": [RW("ea"), WW("ea", "0")],
    "SETO": [RW("ea"), WW("ea", "0xFFFF")],
    "INV": [RW("ea", "v"), "r = v ^ 0xFFFF", "st = (st & 0x1FFF) | lae_w[r]", WW("ea", "r")],
    "NEG": [RW("ea", "v"), "r = (0x10000 - v) & 0xFFFF",
            "st = (st & 0x07FF) | lae_w[r] | (0x1000 if v == 0 else 0)"
            " | (0x0800 if v == 0x8000 else 0)", WW("ea", "r")],
    "SWPB": [RW("ea", "v"), WW("ea", "((v >> 8) | (v << 8)) & 0xFFFF")],
    "INC": [RW("ea", "v"), "t = v + 1", "r = t & 0xFFFF",
            "st = (st & 0x07FF) | lae_w[r] | ((t >> 4) & 0x1000)"
            " | (0x0800 if r == 0x8000 else 0)", WW("ea", "r")],
    "INCT": [RW("ea", "v"), "t = v + 2", "r = t & 0xFFFF",
             "st = (st & 0x07FF) | lae_w[r] | ((t >> 4) & 0x1000)"
             " | (0x0800 if r == 0x8000 or r == 0x8001 else 0)", WW("ea", "r")],
    "DEC": [RW("ea", "v"), "r = (v - 1) & 0xFFFF",
            "st = (st & 0x07FF) | lae_w[r] | (0x1000 if v else 0)"
            " | (0x0800 if v == 0x8000 else 0)", WW("ea", "r")],
    "DECT": [RW("ea", "v"), "r = (v - 2) & 0xFFFF",
             "st = (st & 0x07FF) | lae_w[r] | (0x1000 if v >= 2 else 0)"
             " | (0x0800 if v == 0x8000 or v == 0x8001 else 0)", WW("ea", "r")],
    "B": [RW("ea"), "pc = ea"],
    "BL": [RW("ea"), "ra = wr[11]", WW("ra", "pc"), "pc = ea"],
    "BLWP": ["switch(ea)"],
    "ABS": [RW("ea", "v"),
            "if v & 0x8000:",
            "    st = (st & 0x07FF) | lae_w[v] | (0x0800 if v == 0x8000 else 0)",
            WW("ea", "(0x10000 - v) & 0xFFFF", "    "),
            "    return {abs_negated}",
            "st = (st & 0x07FF) | lae_w[v]"],
}
_REGSRC = {
    "COC": [RW("ea", "s"), "ra = wr[(op >> 6) & 15]", RW("ra", "d"),
            "st = (st & 0xDFFF) | (0x2000 if s & d == s else 0)"],
    "CZC": [RW("ea", "s"), "ra = wr[(op >> 6) & 15]", RW("ra", "d"),
            "st = (st & 0xDFFF) | (0x2000 if s & d == 0 else 0)"],
    "XOR": [RW("ea", "s"), "ra = wr[(op >> 6) & 15]", RW("ra", "d"),
            "r = s ^ d", "st = (st & 0x1FFF) | lae_w[r]", WW("ra", "r")],
    "MPY": [RW("ea", "s"), "ra = wr[(op >> 6) & 15]", RW("ra", "d"),
            "p = s * d", WW("ra", "p >> 16"), "rb = (ra + 2) & 0xFFFF", WW("rb", "p & 0xFFFF")],
    "DIV": [RW("ea", "s"), "ra = wr[(op >> 6) & 15]", RW("ra", "d"),
            "if s <= d:",
            "    st |= 0x0800",
            "    return {div_overflow}",
            "rb = (ra + 2) & 0xFFFF",
            RW("rb", "v"),
            "n = (d << 16) | v",
            WW("ra", "n // s"),
            WW("rb", "n % s"),
            "st &= 0xF7FF"],
    # XOP: the source is read although only its (raw) address is kept, in R11.
    "XOP": ["ea = ea_raw", RW("ea"), "v = 0x40 + ((op >> 4) & 0x3C)",
            RW("v", "nw"), "nw &= 0xFFFE",
            "ra = (nw + 22) & 0xFFFF", WW("ra", "ea_raw"),
            "ra = (nw + 30) & 0xFFFF", WW("ra", "st"),
            "st |= 0x0200",
            "ra = (nw + 28) & 0xFFFF", WW("ra", "pc"),
            "ra = (nw + 26) & 0xFFFF", WW("ra", "wp"),
            "wp = nw", "rebase()", "v += 2", RW("v", "x"), "pc = x & 0xFFFE",
            "holdoff = attn = True"],
}


def general_source(op: isa.Op, t: int) -> list[str]:
    """Format VI, III and IX handlers for source mode T."""
    if op.mnemonic == "X":
        body = word_operand("s", t, "ea") + [RW("ea", "v")]
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
    body = [item.format(**fill) if isinstance(item, str) else item for item in body]
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
        RB("ea", "v", "    "),
        "    st = (st & 0x1BFF) | laep_b[v]",
        "else:",
        "    ea = ga_w((op >> 4) & 3, op & 15)",
        RW("ea", "v", "    "),
        "    st = (st & 0x1FFF) | lae_w[v]",
        "ra = wr[12]",
        RW("ra", "base"),
        "base >>= 1",
        "for i in range(count):",
        "    cru_out((base + i) & 0xFFF, (v >> i) & 1)",
        "return 20 + 2 * count",
    ],
    "STCR": [
        "count = ((op >> 6) & 15) or 16",
        "if count <= 8:",
        "    ea = ga_b((op >> 4) & 3, op & 15)",
        RB("ea", None, "    "),
        "else:",
        "    ea = ga_w((op >> 4) & 3, op & 15)",
        RW("ea", None, "    "),
        "ra = wr[12]",
        RW("ra", "base"),
        "base >>= 1",
        "v = 0",
        "for i in range(count):",
        "    if cru_in((base + i) & 0xFFF) & 1:",
        "        v |= 1 << i",
        "if count <= 8:",
        "    st = (st & 0x1BFF) | laep_b[v]",
        WB("ea", "v", "    "),
        "else:",
        "    st = (st & 0x1FFF) | lae_w[v]",
        WW("ea", "v", "    "),
        "return stcr_cycles(count)",
    ],
    "LI": [RW("pc", "v"), "pc = (pc + 2) & 0xFFFF", "st = (st & 0x1FFF) | lae_w[v]",
           "ra = wr[op & 15]", WW("ra", "v"), "return 12"],
    "AI": ["ra = wr[op & 15]", RW("ra", "d"), RW("pc", "s"),
           "pc = (pc + 2) & 0xFFFF", *_ALU_WORD["A"], WW("ra", "r"), "return 14"],
    "ANDI": ["ra = wr[op & 15]", RW("ra", "d"), RW("pc", "s"),
             "pc = (pc + 2) & 0xFFFF", "r = s & d", "st = (st & 0x1FFF) | lae_w[r]",
             WW("ra", "r"), "return 14"],
    "ORI": ["ra = wr[op & 15]", RW("ra", "d"), RW("pc", "s"),
            "pc = (pc + 2) & 0xFFFF", "r = s | d", "st = (st & 0x1FFF) | lae_w[r]",
            WW("ra", "r"), "return 14"],
    # CI compares the register (as the source) with the immediate.
    "CI": ["ra = wr[op & 15]", RW("ra", "s"), RW("pc", "d"),
           "pc = (pc + 2) & 0xFFFF", *_ALU_WORD["C"], "return 14"],
    "STWP": ["ra = wr[op & 15]", WW("ra", "wp"), "return 8"],
    "STST": ["ra = wr[op & 15]", WW("ra", "st"), "return 8"],
    "LWPI": [RW("pc", "v"), "pc = (pc + 2) & 0xFFFF", "wp = v & 0xFFFE", "rebase()", "return 10"],
    "LIMI": [RW("pc", "v"), "pc = (pc + 2) & 0xFFFF", "st = (st & 0xFFF0) | (v & 15)",
             "return 16"],
    "IDLE": ["idle = attn = True", "return 12"],
    "RSET": ["st &= 0xFFF0", "return 12"],
    "RTWP": ["ra = wr[15]", RW("ra", "st"), "ra = wr[14]",
             RW("ra", "v"), "ra = wr[13]", RW("ra", "x"),
             "pc = v & 0xFFFE", "wp = x & 0xFFFE", "rebase()", "return 14"],
    # CKON, CKOF, LREX only pulse CRUCLK with a code on A0-A2.
    "CKON": ["return 12"], "CKOF": ["return 12"], "LREX": ["return 12"],
}
_SHIFT = {
    "SRA": ["sv = v - 0x10000 if v & 0x8000 else v", "r = (sv >> {c}) & 0xFFFF",
            "st = (st & 0x0FFF) | lae_w[r] | (0x1000 if (sv >> ({c} - 1)) & 1 else 0)"],
    "SRL": ["r = v >> {c}",
            "st = (st & 0x0FFF) | lae_w[r] | (0x1000 if (v >> ({c} - 1)) & 1 else 0)"],
    # OV: the MSB changed at some point: the top c+1 bits are not all equal
    # (for 16 the final 0 counts too, so any set bit overflows).
    "SLA": ["r = (v << {c}) & 0xFFFF",
            "if {c} < 16:",
            "    x = v >> (15 - {c})",
            "    ov = x != 0 and x != (2 << {c}) - 1",
            "else:",
            "    ov = v != 0",
            "st = ((st & 0x07FF) | lae_w[r] | (0x1000 if (v >> (16 - {c})) & 1 else 0)"
            " | (0x0800 if ov else 0))"],
    "SRC": ["r = ((v >> {c}) | (v << (16 - {c}))) & 0xFFFF",
            "st = (st & 0x0FFF) | lae_w[r] | (0x1000 if r & 0x8000 else 0)"],
}


# SLA by a constant count below 16 (no branch, so its read and write pair up).
_SLA_FIXED = [
    "r = (v << {c}) & 0xFFFF",
    "x = v >> (15 - {c})",
    "st = ((st & 0x07FF) | lae_w[r] | (0x1000 if (v >> (16 - {c})) & 1 else 0)"
    " | (0x0800 if x != 0 and x != (2 << {c}) - 1 else 0))",
]


def shift(op: isa.Op, count: int) -> list[str]:
    """A shift by a fixed count 1-15, or (count 0) by R0's low nibble."""
    lines = ["ra = wr[op & 15]", RW("ra", "v")]
    if count:
        # The count is a constant here: the compiler folds what it can.
        template = _SLA_FIXED if op.mnemonic == "SLA" else _SHIFT[op.mnemonic]
        body = [line.format(c=count) for line in template]
        return lines + body + [WW("ra", "r"), f"return {12 + 2 * count}"]
    return lines + [
        RW("wp", "c"),
        "c = (c & 15) or 16",
        *(line.format(c="c") for line in _SHIFT[op.mnemonic]),
        WW("ra", "r"),
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
'''

def _operand_address(name: str, doc: str, cycles: str, step: int, even: bool
                     ) -> tuple[str, list[Item]]:
    """ga_w / ga_b: the operand address of mode T on register R, the mode's
    cycles added (`step`: what *Rn+ adds; `even`: a word's address)."""
    mask = " & 0xFFFE" if even else ""
    return (f'''    def {name}(t, r):
        """{doc}"""
        nonlocal pc, cycles''', [
        "ra = wr[r]", "if t == 0:", "    return ra", f"cycles += {cycles}",
        "if t == 2:", "    a = 0", "    if r:", RW("ra", "a", "        "), RW("pc", "x", "    "),
        "    pc = (pc + 2) & 0xFFFF", f"    return (x + a) & {'0xFFFE' if even else '0xFFFF'}",
        RW("ra", "a"), "if t == 1:", f"    return a{mask}", f"x = (a + {step}) & 0xFFFF",
        WW("ra", "x"), f"return a{mask}"])


# The factory's own functions that reach memory: the handlers' operand
# helpers and the context switch, each (its head, its statements), which
# count their cycles in `cycles` themselves.
_HELPERS: tuple[tuple[str, list[Item]], ...] = (
    _operand_address("ga_w", "Word operand address for mode T (adds the mode's cycles).",
                     "4 if t == 1 else 8", 2, True),
    _operand_address("ga_b", "Byte operand address: *Rn+ steps by one and costs 6.",
                     "(0, 4, 8, 6)[t]", 1, False),
    ('''    def cru_bit(op):
        nonlocal cycles''', [
        "ra = wr[12]", RW("ra", "v"), "return ((v >> 1) + ((op & 0xFF) ^ 0x80) - 0x80) & 0xFFF"]),
    ('''    def switch(vector):
        """Context switch: new WP, R13-R15 get the old WP, PC, ST; new PC."""
        nonlocal wp, pc, holdoff, attn, cycles''', [
        RW("vector", "nw"), "nw &= 0xFFFE", "ra = (nw + 30) & 0xFFFF", WW("ra", "st"),
        "ra = (nw + 28) & 0xFFFF", WW("ra", "pc"), "ra = (nw + 26) & 0xFFFF", WW("ra", "wp"),
        "wp = nw", "rebase()", "v = (vector + 2) & 0xFFFF", RW("v", "x"), "pc = x & 0xFFFE",
        "holdoff = attn = True"]),
)

_ILLEGAL = '''
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
{fetch}
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
{block_lookup}{fetch_loop}
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
{block_lookup}{fetch_loop}
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


_BLOCK_LOOKUP = lookup(12) + """            elif b:
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


MODES = emit.MODES
HANDLER_NONLOCALS = "pc, wp, st, cycles, idle, holdoff, attn"


def _handler(body: list[Item], waits: bool, mode: str, watch: bool = False,
             read_watch: bool = False) -> list[str]:
    """A handler's statements for one variant (its accesses rendered)."""
    # Wait states go to a local count first: no int is made per access.
    return _tidy(_expanded(_add_cycles(body, local=waits), waits, mode, acc="w",
                           watch=watch, read_watch=read_watch))


@functools.cache
def handler_lines(name: str, waits: bool, mode: str, watch: bool = False,
                  read_watch: bool = False) -> list[str]:
    """The statements of handler `name` as the engine of a variant has them
    (registers by `wr`; the watches' checks with `watch`, `read_watch`), for
    the compiled blocks (_tms9900blocks)."""
    return _handler(_bodies()[name], waits, mode, watch, read_watch)


@functools.cache
def _bodies() -> dict[str, list[Item]]:
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

    def render(items: list[Item], pad: str) -> list[str]:
        return [pad + line for line in expand(items, waits, mode, "cycles", watch, read_watch)]

    lines = _PRELUDE.splitlines()
    for head, items in _HELPERS:
        lines += ["", *head.splitlines(), *render(items, "        ")]
    lines += _ILLEGAL.format(**consts).splitlines()
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
    fetch = [RW("pc", "op")]  # the run loops' opcode fetch
    lines += _RUNTIME.format(**consts, look_around=_LOOK_AROUND, **_block_parts(blocks),
                             fetch="\n".join(render(fetch, "        ")),
                             fetch_loop="\n".join(render(fetch, "            "))).splitlines()
    return "\n".join(lines) + "\n"
