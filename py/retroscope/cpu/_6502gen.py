"""Source generator for the 6502 core: one specialised function per opcode.

From the opcode table in `isa6502.py` this writes the text of a factory
function. The factory holds the registers as closure cells; inside it, one
small handler per opcode has its addressing mode inlined (with the exact NMOS
bus cycle sequence, dummy reads and writes included) and returns its cycle
count. `mos6502.py` compiles the text once per variant and calls the factory
once per core. The 2A03 variant is generated without the decimal-mode path,
so no handler tests for the variant at run time.

The templates are written against `read(addr)`/`write(addr, value)`; that is
the "bus" handler set. `rewrite()` derives the "ram" and "paged" sets from
the same lines by turning accesses into `mem[...]` indexing where allowed
(see `access_class`), so all three share one description of each opcode.

Conventions inside the generated code: on entry to a handler, `pc` still
points at the opcode (the run loop fetched it); `v` is the operand value,
`ea` the effective address; flags as described under "flags" below.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from . import stmts
from .blocks import lookup
from .isa6502 import OPCODES, Op

# -- flags -----------------------------------------------------------------------
# The status byte is kept in three cells so that the common instructions set
# flags with one store: `nz` holds the last result (Z when its low byte is 0,
# N when bit 7 or bit 8 is set: BIT puts the operand's bit 7 in bit 8), `c`
# is the carry (0/1 or a bool), and `p` keeps only V, D and I (0x4C).
# `flags()` and `setflags()` in the factory pack and unpack the real byte.

_ADC_BIN = [
    "t = a + v + c",
    "p = (p & 0x0C) | (((a ^ t) & (v ^ t) & 0x80) >> 1)",
    "c = t >> 8",
    "a = nz = t & 0xFF",
]
# NMOS decimal ADC: N and V come from the sum before the high-nibble fix-up,
# Z from the binary sum (6502.org decimal-mode tutorial, appendix A).
_ADC_DEC = [
    "if p & 8:",
    "    lo = (a & 0x0F) + (v & 0x0F) + c",
    "    z = (a + v + c) & 0xFF",
    "    if lo >= 0x0A:",
    "        lo = ((lo + 6) & 0x0F) + 0x10",
    "    t = (a & 0xF0) + (v & 0xF0) + lo",
    "    nz = ((t & 0x80) | 1) if z else ((t & 0x80) << 1)",
    "    p = (p & 0x0C) | (((a ^ t) & (v ^ t) & 0x80) >> 1)",
    "    if t >= 0xA0:",
    "        t += 0x60",
    "    c = t > 0xFF",
    "    a = t & 0xFF",
    "else:",
    *("    " + line for line in _ADC_BIN),
]
_SBC_BIN = [
    "w = v ^ 0xFF",
    "t = a + w + c",
    "p = (p & 0x0C) | (((a ^ t) & (w ^ t) & 0x80) >> 1)",
    "c = t >> 8",
    "a = nz = t & 0xFF",
]
# NMOS decimal SBC: flags exactly as in binary, only A is decimal-adjusted.
_SBC_DEC = [
    "w = v ^ 0xFF",
    "b = c",
    "t = a + w + b",
    "p = (p & 0x0C) | (((a ^ t) & (w ^ t) & 0x80) >> 1)",
    "c = t >> 8",
    "nz = t & 0xFF",
    "if p & 8:",
    "    lo = (a & 0x0F) - (v & 0x0F) + b - 1",
    "    if lo < 0:",
    "        lo = ((lo - 6) & 0x0F) - 0x10",
    "    t = (a & 0xF0) - (v & 0xF0) + lo",
    "    if t < 0:",
    "        t -= 0x60",
    "a = t & 0xFF",
]
_ARR_BIN = [
    "t = a & v",
    "a = nz = (t >> 1) | (c << 7)",
    "c = (a >> 6) & 1",
    "p = (p & 0x0C) | ((a ^ (a << 1)) & 0x40)",
]
# NMOS ARR in decimal mode ("No More Secrets", ARR): N from the old carry,
# Z and V from the rotated value, then BCD fix-ups of each nibble of the AND.
_ARR_DEC = [
    "if p & 8:",
    "    t = a & v",
    "    r = (t >> 1) | (c << 7)",
    "    nz = ((c << 7) | 1) if r else (c << 8)",
    "    p = (p & 0x0C) | ((t ^ r) & 0x40)",
    "    if (t & 0x0F) + (t & 0x01) > 5:",
    "        r = (r & 0xF0) | ((r + 6) & 0x0F)",
    "    c = (t & 0xF0) + (t & 0x10) > 0x50",
    "    if c:",
    "        r = (r + 0x60) & 0xFF",
    "    a = r",
    "else:",
    *("    " + line for line in _ARR_BIN),
]


def _compare(reg: str) -> list[str]:
    return [f"t = {reg} - v", "nz = t & 0xFF", "c = t >= 0"]


def _read_ops(decimal: bool) -> dict[str, list[str]]:
    return {
        "lda": ["a = nz = v"],
        "ldx": ["x = nz = v"],
        "ldy": ["y = nz = v"],
        "lax": ["a = x = nz = v"],
        "ora": ["a = nz = a | v"],
        "and": ["a = nz = a & v"],
        "eor": ["a = nz = a ^ v"],
        "adc": _ADC_DEC if decimal else _ADC_BIN,
        "sbc": _SBC_DEC if decimal else _SBC_BIN,
        "cmp": _compare("a"),
        "cpx": _compare("x"),
        "cpy": _compare("y"),
        "bit": ["p = (p & 0x0C) | (v & 0x40)", "nz = (a & v) | ((v & 0x80) << 1)"],
        "nop": [],
        "las": ["a = x = s = nz = v & s"],
        "anc": ["a = nz = a & v", "c = a >> 7"],
        "alr": ["t = a & v", "c = t & 1", "a = nz = t >> 1"],
        "arr": _ARR_DEC if decimal else _ARR_BIN,
        "sbx": ["t = (a & x) - v", "x = nz = t & 0xFF", "c = t >= 0"],
        # ANE and LXA are unstable on silicon; the test data assumes magic $EE.
        "ane": ["a = nz = (a | 0xEE) & x & v"],
        "lxa": ["a = x = nz = (a | 0xEE) & v"],
    }


# -- read-modify-write: `v` is the old value, `r` the new one written back ------
def _rmw_ops(decimal: bool) -> dict[str, list[str]]:
    adc = _ADC_DEC if decimal else _ADC_BIN
    sbc = _SBC_DEC if decimal else _SBC_BIN
    return {
        "asl": ["r = nz = (v << 1) & 0xFF", "c = v >> 7"],
        "lsr": ["r = nz = v >> 1", "c = v & 1"],
        "rol": ["r = nz = ((v << 1) & 0xFF) | c", "c = v >> 7"],
        "ror": ["r = nz = (v >> 1) | (c << 7)", "c = v & 1"],
        "inc": ["r = nz = (v + 1) & 0xFF"],
        "dec": ["r = nz = (v - 1) & 0xFF"],
        "slo": ["r = (v << 1) & 0xFF", "c = v >> 7", "a = nz = a | r"],
        "rla": ["r = ((v << 1) & 0xFF) | c", "c = v >> 7", "a = nz = a & r"],
        "sre": ["r = v >> 1", "c = v & 1", "a = nz = a ^ r"],
        # RRA/ISC/DCP: the write happens before the ALU part, hence "!write".
        "rra": ["r = (v >> 1) | (c << 7)", "!write", "c = v & 1", "v = r", *adc],
        "isc": ["r = (v + 1) & 0xFF", "!write", "v = r", *sbc],
        "dcp": ["r = (v - 1) & 0xFF", "!write", "t = a - r", "nz = t & 0xFF", "c = t >= 0"],
    }


_WRITE_OPS = {"sta": "a", "stx": "x", "sty": "y", "sax": "a & x"}

# -- implied-mode operations (after the dummy read of the next byte) ----------
_IMPLIED = {
    "tax": ["x = nz = a"],
    "tay": ["y = nz = a"],
    "txa": ["a = nz = x"],
    "tya": ["a = nz = y"],
    "tsx": ["x = nz = s"],
    "txs": ["s = x"],
    "inx": ["x = nz = (x + 1) & 0xFF"],
    "iny": ["y = nz = (y + 1) & 0xFF"],
    "dex": ["x = nz = (x - 1) & 0xFF"],
    "dey": ["y = nz = (y - 1) & 0xFF"],
    "clc": ["c = 0"],
    "sec": ["c = 1"],
    # A waiting IRQ is taken once I clears, one instruction late (see pending()).
    "cli": ["if irq_line:", "    i_late = p & 4", "    end = -1", "p &= 0xFB"],
    "sei": ["p |= 0x04"],
    "cld": ["p &= 0xF7"],
    "sed": ["p |= 0x08"],
    "clv": ["p &= 0xBF"],
    "nop": [],
}

_BRANCH = {
    "bpl": "not nz & 0x180", "bmi": "nz & 0x180", "bvc": "not p & 0x40", "bvs": "p & 0x40",
    "bcc": "not c", "bcs": "c", "bne": "nz & 0xFF", "beq": "not nz & 0xFF",
}

_PC1 = "(pc + 1) & 0xFFFF"
_PC2 = "(pc + 2) & 0xFFFF"


def _operand_address(mode: str, always_fix: bool) -> tuple[list[str], list[str] | None]:
    """Lines that leave the effective address in `ea` and advance pc.

    Returns (lines, cross) where `cross`, for indexed modes that may pay for a
    page cross, are the lines of the slow path; then `lines` end with the
    test `if lo > 0xFF:` under which `cross` goes, and the fast path sets
    `ea` after it. `always_fix` (writes, RMW) takes the dummy read always.
    """
    if mode == "zp":
        return [f"ea = read({_PC1})", "pc = (pc + 2) & 0xFFFF"], None
    if mode in ("zpx", "zpy"):
        reg = mode[2]
        return [f"z = read({_PC1})", "pc = (pc + 2) & 0xFFFF", "read(z)",
                f"ea = (z + {reg}) & 0xFF"], None
    if mode == "abs":
        return [f"ea = read({_PC1}) | read({_PC2}) << 8", "pc = (pc + 3) & 0xFFFF"], None
    if mode == "izx":
        return [f"z = read({_PC1})", "pc = (pc + 2) & 0xFFFF", "read(z)", "z = (z + x) & 0xFF",
                "ea = read(z) | read((z + 1) & 0xFF) << 8"], None
    if mode in ("abx", "aby", "izy"):
        reg = "x" if mode == "abx" else "y"
        if mode == "izy":
            head = [f"z = read({_PC1})", "pc = (pc + 2) & 0xFFFF",
                    f"lo = read(z) + {reg}", "hi = read((z + 1) & 0xFF) << 8"]
        else:
            head = [f"lo = read({_PC1}) + {reg}", f"hi = read({_PC2}) << 8",
                    "pc = (pc + 3) & 0xFFFF"]
        if always_fix:
            return head + ["read(hi | (lo & 0xFF))", "ea = (hi + lo) & 0xFFFF"], None
        return head, ["read(hi | (lo & 0xFF))", "ea = (hi + lo) & 0xFFFF"]
    raise ValueError(f"no operand address for mode {mode}")


def _indent(lines: list[str], n: int = 1) -> list[str]:
    return ["    " * n + line for line in lines]


def _load(address: str, body: list[str]) -> list[str]:
    """Read the operand at `address` into `v` and apply `body`; a plain load
    ("a = nz = v") takes the read directly, saving a store and a load."""
    if len(body) == 1 and body[0].endswith(" = v"):
        return [f"{body[0][:-1]}read({address})"]
    return [f"v = read({address})", *body]


# Modes whose whole effective address is one expression of the operand bytes:
# the data read nests the operand fetches, and PC moves after it.
_DIRECT = {"imm": (None, 2), "zp": (f"read({_PC1})", 2),
           "abs": (f"read({_PC1}) | read({_PC2}) << 8", 3)}


def _read_handler(op: Op, body: list[str]) -> list[str]:
    if op.mode in _DIRECT:
        address, size = _DIRECT[op.mode]
        return [*_load(address or _PC1, body), f"pc = (pc + {size}) & 0xFFFF",
                f"return {op.cycles}"]
    lines, cross = _operand_address(op.mode, always_fix=False)
    if cross is None:
        return [*lines, *_load("ea", body), f"return {op.cycles}"]
    slow = [*cross, *_load("ea", body), f"return {op.cycles + 1}"]
    return [*lines, "if lo > 0xFF:", *_indent(slow), *_load("hi | lo", body),
            f"return {op.cycles}"]


def _rmw_handler(op: Op, body: list[str]) -> list[str]:
    if op.mode == "acc":  # asl/lsr/rol/ror a
        return [f"read({_PC1})", "pc = (pc + 1) & 0xFFFF", "v = a", *body, "a = r", "return 2"]
    if "!write" in body:
        i = body.index("!write")
        body = [*body[:i], "write(ea, r)", *body[i + 1:]]
    else:
        body = [*body, "write(ea, r)"]
    lines, _ = _operand_address(op.mode, always_fix=True)
    # The NMOS writes the unmodified value back before the new one.
    return [*lines, "v = read(ea)", "write(ea, v)", *body, f"return {op.cycles}"]


def _unstable_store(op: Op) -> list[str]:
    """SHA/SHX/SHY/TAS: store reg & (high byte + 1); a page cross corrupts the address."""
    reg = {"sha": "a & x", "shx": "x", "shy": "y", "tas": "a & x"}[op.mnemonic]
    reg_index = "x" if op.mode == "abx" else "y"
    if op.mode == "izy":
        head = [f"z = read({_PC1})", "pc = (pc + 2) & 0xFFFF",
                f"lo = read(z) + {reg_index}", "hi = read((z + 1) & 0xFF)"]
    else:
        head = [f"lo = read({_PC1}) + {reg_index}", f"hi = read({_PC2})",
                "pc = (pc + 3) & 0xFFFF"]
    lines = [*head, "read((hi << 8) | (lo & 0xFF))"]
    if op.mnemonic == "tas":
        lines += ["s = a & x"]
        reg = "s"
    lines += [f"t = {reg} & ((hi + 1) & 0xFF)",
              "ea = (t << 8) | (lo & 0xFF) if lo > 0xFF else (hi << 8) | lo",
              "write(ea, t)", f"return {op.cycles}"]
    return lines


_PUSH = ["write(0x100 | s, {v})", "s = (s - 1) & 0xFF"]
_PULL = ["s = (s + 1) & 0xFF", "{dst} = read(0x100 | s)"]


def _push(value: str) -> list[str]:
    return [line.format(v=value) for line in _PUSH]


def _pull(dst: str) -> list[str]:
    return [line.format(dst=dst) for line in _PULL]


_IRQ_CHECK = ["if irq_line and not p & 4:", "    end = -1"]
# PLP, like CLI, changes I after the interrupt poll of its last cycle.
_IRQ_CHECK_LATE = ["if irq_line:", "    i_late = p & 4", "    end = -1"]


def _special(op: Op) -> list[str] | None:
    """Control flow and stack instructions, written out cycle by cycle."""
    m = op.mnemonic
    if m in _BRANCH:
        return [
            f"if {_BRANCH[m]}:",
            "    t = (pc + 2) & 0xFFFF",
            f"    o = read({_PC1})",
            f"    read({_PC2})",
            "    pc = (t + REL[o]) & 0xFFFF",
            "    if (pc ^ t) & 0xFF00:",
            "        read((t & 0xFF00) | (pc & 0xFF))",
            "        return 4",
            "    return 3",
            f"read({_PC1})",
            "pc = (pc + 2) & 0xFFFF",
            "return 2",
        ]
    if m == "jmp" and op.mode == "abs":
        return [f"pc = read({_PC1}) | read({_PC2}) << 8", "return 3"]
    if m == "jmp":
        # The NMOS fetches the high byte of JMP ($xxFF) from $xx00.
        return [f"t = read({_PC1}) | read({_PC2}) << 8",
                "pc = read(t) | read((t & 0xFF00) | ((t + 1) & 0xFF)) << 8", "return 5"]
    if m == "jsr":
        return [f"lo = read({_PC1})", "read(0x100 | s)", "pc2 = (pc + 2) & 0xFFFF",
                *_push("pc2 >> 8"), *_push("pc2 & 0xFF"), "pc = lo | read(pc2) << 8",
                "return 6"]
    if m == "rts":
        return [f"read({_PC1})", "read(0x100 | s)", *_pull("lo"), *_pull("hi"),
                "t = lo | hi << 8", "read(t)", "pc = (t + 1) & 0xFFFF", "return 6"]
    if m == "rti":
        return [f"read({_PC1})", "read(0x100 | s)", *_pull("t"), "setflags(t)",
                *_pull("lo"), *_pull("hi"), "pc = lo | hi << 8", *_IRQ_CHECK, "return 6"]
    if m == "brk":
        return [f"read({_PC1})", "t = (pc + 2) & 0xFFFF", *_push("t >> 8"),
                *_push("t & 0xFF"), *_push("flags() | 0x30"), "p |= 0x04",
                "pc = read(0xFFFE) | read(0xFFFF) << 8", "return 7"]
    if m in ("pha", "php"):
        value = "a" if m == "pha" else "flags() | 0x30"
        return [f"read({_PC1})", "pc = (pc + 1) & 0xFFFF", *_push(value), "return 3"]
    if m == "pla":
        return [f"read({_PC1})", "pc = (pc + 1) & 0xFFFF", "read(0x100 | s)", *_pull("a"),
                "nz = a", "return 4"]
    if m == "plp":
        return [f"read({_PC1})", "pc = (pc + 1) & 0xFFFF", "read(0x100 | s)", *_pull("t"),
                *_IRQ_CHECK_LATE, "setflags(t)", "return 4"]
    if m == "jam":
        # The bus keeps reading the next byte; PC stays on the JAM (the test
        # data's 3-cycle convention). The core then halts until reset.
        return [f"read({_PC1})", f"read({_PC1})", "halted = True", "end = -1", "return 3"]
    if m in ("sha", "shx", "shy", "tas"):
        return _unstable_store(op)
    return None


def handler_body(op: Op, decimal: bool) -> list[str]:
    """The statements of one opcode's handler."""
    special = _special(op)
    if special is not None:
        return special
    m = op.mnemonic
    if op.mode == "imp":
        return [f"read({_PC1})", "pc = (pc + 1) & 0xFFFF", *_IMPLIED[m], "return 2"]
    rmw = _rmw_ops(decimal)
    if m in rmw:
        return _rmw_handler(op, rmw[m])
    if m in _WRITE_OPS:
        if op.mode in ("zp", "abs"):
            address, size = _DIRECT[op.mode]
            return [f"write({address}, {_WRITE_OPS[m]})", f"pc = (pc + {size}) & 0xFFFF",
                    f"return {op.cycles}"]
        lines, _ = _operand_address(op.mode, always_fix=True)
        return [*lines, f"write(ea, {_WRITE_OPS[m]})", f"return {op.cycles}"]
    reads = _read_ops(decimal)
    if m in reads:
        return _read_handler(op, reads[m])
    raise ValueError(f"no handler template for ${op.opcode:02X} {m} {op.mode}")


# The state the factory's get_state()/set_state() exchange, in this order
# (`p` is the packed status byte; `end` is the run loop's transient limit).
STATE_FIELDS = ("a", "x", "y", "s", "p", "pc", "cyc", "end", "halted", "irq_line",
                "nmi_pending", "i_late")

# The closure cells a handler (or a compiled block) assigns.
HANDLER_NONLOCALS = "a, x, y, s, p, nz, c, pc, end, halted, i_late"

_PRELUDE = '''
def factory(bus, block_table, compile_block, watched):
    # block_table: the core's BlockTable (blocks.py), which compile_block(cells, mem,
    # pc, pages, stops, watch, read_watch) fills; watched(cells, reads,
    # writes): the watch handler sets (table, ram, paged)
    REL = tuple(o - 0x100 if o & 0x80 else o for o in range(0x100))  # branch offsets
    a = x = y = 0
    s = 0xFD
    p = 0x04  # V D I only; power-on status $24
    nz = 1  # last result: Z clear, N clear
    c = 0
    pc = 0
    cyc = 0
    # The run loop's limit; set to -1 to make it stop and look around. Outside
    # run(): 0 while step() may take its quiet path (see step()), else -1.
    end = -1
    halted = False
    irq_line = False
    nmi_pending = False
    i_late = -1  # I as the IRQ poll saw it, when CLI/PLP changed it since (else -1)
    read = bus.read
    write = bus.write
    mem = bus.ram
    ram_read = mem.__getitem__
    ram_write = mem.__setitem__
    kind = 0  # which handler set suits the bus: 0 bus calls, 1 paged, 2 plain RAM
    seen = None  # the (read, write) pair `kind` was worked out for
    fetch_direct = ()  # per page: program bytes there (and in the next page) are plain RAM
    rd = wd = ()  # per page: reads / writes there are plain RAM (paged set)
    # Compiled blocks by start address (run() only; see _6502blocks and the
    # table's own description in blocks.py): `blocks[at]` None while
    # `heat[at]` counts the visits, the table's no-block entry where none
    # can start, its stop entry at a stop address.
    blocks = block_table.blocks
    heat = block_table.heat
    HOT = block_table.hot
    build = block_table.build
    cells = None  # name -> closure cell, for the blocks (made on first use)
    compiled_for = None  # the kind (and page map) the blocks were compiled for
    # Stop addresses (set_stops): run() stops before an instruction there. In
    # the block table each holds a stop entry, whose "block" raises AtStop, so
    # the loops that look blocks up anyway pay nothing; the bus-call loop tests
    # `stopm` only while there are stops. Blocks never run over a stop.
    stops = frozenset()
    stopm = None  # bytearray mask of `stops`, or None while there are none
    stopped = False  # the last run() ended before a stop (or on request_stop)
    stop_req = False  # request_stop(): end run() after the instruction in flight
    stalled = 0  # cycles a device stalled the CPU for (stall()), not yet counted
    # The write watch (set_write_watch): `wm` a 64 KiB mask, `whook(addr, value)`
    # called after a write there; the read watch (set_read_watch) likewise
    # with `rm`, `rhook`. The handler sets that check them (`wsets`: bus,
    # ram, paged; None while neither is set) are compiled on first use of
    # each combination (`wcache`). None: no watch, no cost.
    wm = None
    whook = None
    rm = None
    rhook = None
    wsets = None
    wcache = {}

    def flags():
        """The status byte NV-BDIZC as software sees it (B clear, bit 5 set)."""
        return p | 0x20 | (0x80 if nz & 0x180 else 0) | (0 if nz & 0xFF else 2) | c

    def setflags(value):
        nonlocal p, nz, c
        p = value & 0x4C
        c = value & 1
        nz = ((value & 0x80) << 1) | (0 if value & 2 else 1)
'''

_RUNTIME = '''
    def interrupt(vector):
        """IRQ/NMI entry: 7 cycles, B clear in the pushed status."""
        nonlocal pc, s, p
        pc &= 0xFFFF
        for _ in range(2):  # two dummy fetches
            value = read(pc)
            if rm is not None and rm[pc]:
                rhook(pc, value)
        for value in (pc >> 8, pc & 0xFF, flags()):
            write(0x100 | s, value)
            if wm is not None and wm[0x100 | s]:
                whook(0x100 | s, value)
            s = (s - 1) & 0xFF
        p |= 0x04
        lo = read(vector)
        if rm is not None and rm[vector]:
            rhook(vector, lo)
        hi = read(vector + 1)
        if rm is not None and rm[vector + 1]:
            rhook(vector + 1, hi)
        pc = lo | hi << 8
        return 7

    def pending():
        """Take a waiting interrupt, if any: its cycles, or 0.

        After CLI or PLP the IRQ poll saw I as it was before them (`i_late`):
        if that was set, one more instruction runs first (end = cyc + 1 makes
        the run loop come back here after it).
        """
        nonlocal nmi_pending, i_late, end
        if nmi_pending:
            nmi_pending = False
            return interrupt(0xFFFA)
        late = i_late
        i_late = -1
        if irq_line and not p & 4:
            if late > 0:
                end = cyc + 1
                return 0
            return interrupt(0xFFFE)
        return 0

    def choose():
        """Pick up the bus's current read/write; work out `kind` when they changed."""
        nonlocal read, write, kind, seen, fetch_direct, rd, wd
        read = bus.read
        write = bus.write
        if seen is not None and read is seen[0] and write is seen[1]:
            return kind
        seen = (read, write)
        if read == ram_read and write == ram_write:
            kind = 2
            mapped((2,))
            return kind
        pages = bus.direct_pages() if hasattr(bus, "direct_pages") else None
        kind = 0
        if pages is not None:
            rd, wd = pages
            if rd[0] and rd[1] and wd[0] and wd[1]:
                fetch_direct = tuple(rd[i] and rd[(i + 1) & 0xFF] for i in range(256))
                kind = 1
                mapped((1, rd, wd))
        return kind

    def mapped(key):
        """Drop the blocks when they were compiled for another memory map
        (a watch set and removed again leaves them)."""
        nonlocal compiled_for
        if key != compiled_for:
            compiled_for = key
            block_table.flush()

    def cells_of():
        """This core's closure cells by name (for code compiled later)."""
        nonlocal cells
        if cells is None:
            cells = {{}}
            for f in (*ram_table, *paged_table, run, set_write_watch, set_read_watch):
                cells.update(zip(f.__code__.co_freevars, f.__closure__))
        return cells

    def compile_at(at):
        """The block starting at `at` for the map and watches now (None: none)."""
        return compile_block(cells_of(), mem, at, (rd, wd) if kind == 1 else None,
                             stops=stops, watch=wm, read_watch=rm)

    block_table.compile = compile_at

    def set_write_watch(mask, hook):
        """Call hook(addr, value) after each write where mask[addr] (None: no watch)."""
        nonlocal wm, whook
        wm, whook = mask, hook
        rewatch()

    def set_read_watch(mask, hook):
        """Call hook(addr, value) after each read where mask[addr] (None: no watch)."""
        nonlocal rm, rhook
        rm, rhook = mask, hook
        rewatch()

    def rewatch():
        """The handler sets for the watches now set; blocks start again."""
        nonlocal wsets, compiled_for, end
        key = (rm is not None, wm is not None)
        if key not in wcache:
            wcache[key] = watched(cells_of(), *key) if any(key) else None
        wsets = wcache[key]
        end = -1  # step() looks at the watches again
        compiled_for = None  # blocks compiled with or without the checks go
        block_table.flush()

    def set_stops(addresses):
        """Stop run() before any instruction at these addresses (step() ignores them)."""
        nonlocal stops, stopm
        block_table.set_stops(addresses)
        stops = block_table.stops
        stopm = None
        if stops:
            stopm = bytearray(0x10000)
            for at in stops:
                stopm[at] = 1

    def was_stopped():
        return stopped

    def request_stop():
        """End the current run() after the instruction in flight (a watch hit)."""
        nonlocal stop_req, end
        stop_req = True
        end = -1

    def stall(n):
        """A device holds the CPU for n cycles (OAM DMA): they are counted at
        the end of the instruction in flight, before any other instruction."""
        nonlocal stalled, end
        stalled += n
        end = -1

    def run(cycles):
        nonlocal cyc, end, pc, stopped, stop_req, stalled
        k = choose()
        pc &= 0xFFFF  # step()'s quiet path may leave it past $FFFF
        start = cyc
        target = cyc + cycles
        stopped = stop_req = False
        sm = stopm
        # A block runs only if its last instruction starts before `end`
        # (block[1]: the most cycles before it) and its code is unchanged.
        bl = blocks
        same = mem.startswith
        tb = table if wsets is None else wsets[0]
        if k == 2:
            ops = ram_table if wsets is None else wsets[1]
            while not halted and cyc < target:
                if stop_req or sm is not None and sm[pc & 0xFFFF]:
                    stopped = True
                    break
                end = target
                cyc += pending()
                try:
                    while cyc < end:
{lookup}                        elif cyc + b[1] < end:
                            if same(b[2], pc):
                                n = b[0]()  # first: a block may move cyc itself
                                cyc += n
                                continue
                            bl[pc] = None  # the code changed: count again
                            heat[pc] = 0
                        ops[mem[pc]]()  # the RAM handlers count their cycles
                except IndexError:
                    # The RAM handlers leave PC unmasked; an access past $FFFF
                    # lands here before the instruction changed anything: redo
                    # it with the bus handlers, which wrap every address.
                    pc &= 0xFFFF
                    cyc += tb[read(pc)]()
                except AtStop:
                    stopped = True
                    break
            pc &= 0xFFFF
        elif k == 1:
            ops = tb
            hops = paged_table if wsets is None else wsets[2]
            direct = fetch_direct
            while not halted and cyc < target:
                if stop_req or sm is not None and sm[pc]:
                    stopped = True
                    break
                end = target
                cyc += pending()
                try:
                    while cyc < end:
{lookup}                        elif cyc + b[1] < end:
                            if same(b[2], pc):
                                n = b[0]()  # first: a block may move cyc itself
                                if n:  # 0: its first instruction met an I/O page
                                    cyc += n
                                    continue
                            else:
                                bl[pc] = None
                                heat[pc] = 0
                        if direct[pc >> 8]:
                            cyc += hops[mem[pc]]()
                        else:
                            cyc += ops[read(pc)]()
                except AtStop:
                    stopped = True
                    break
                if stalled:
                    cyc += stalled
                    stalled = 0
        else:
            ops = tb
            while not halted and cyc < target:
                if stop_req or sm is not None and sm[pc]:
                    stopped = True
                    break
                end = target
                cyc += pending()
                if sm is None:
                    while cyc < end:
                        cyc += ops[read(pc)]()
                else:
                    while cyc < end and not sm[pc]:
                        cyc += ops[read(pc)]()
                if stalled:
                    cyc += stalled
                    stalled = 0
        if stop_req:  # asked for in the last instruction (or interrupt entry) run
            stopped = True
        end = -1  # the next step() looks around first
        return cyc - start

    def step():
        nonlocal cyc, pc, stalled
        # Outside run(), `end` says whether step() may skip the look around:
        # 0 on plain RAM, 1 on the paged handlers (see step_around()), -1
        # when something needs a look; whatever could change that sets it to
        # -1. The debugger's single steps, the trace and checked frames are
        # mostly this path, so on plain RAM it is the handler call alone: the
        # RAM handlers count their own cycles and may leave PC past $FFFF
        # (the next fetch then lands in `except`, as in run(); run() and
        # step_around() mask it).
        if not end and bus.read is read and bus.write is write:
            try:
                return ram_table[mem[pc]]()
            except IndexError:  # past $FFFF, before any change: see run()
                pc &= 0xFFFF
                n = table[read(pc)]()
                cyc += n
                return n
        if end == 1 and bus.read is read and bus.write is write:
            n = (paged_table[mem[pc]] if fetch_direct[pc >> 8] else table[read(pc)])()
            if stalled:  # a device's DMA, started by this instruction
                n += stalled
                stalled = 0
            cyc += n
            return n
        return step_around()

    def step_around():
        """step() when something may need a look: the bus changed, a watch,
        an interrupt, a stall, a halt. Leaves `end` 0 or 1 when the next step
        may take a quiet path (no watch, nothing waiting, not halted)."""
        nonlocal cyc, pc, stalled, end
        k = kind if bus.read is read and bus.write is write and seen is not None else choose()
        pc &= 0xFFFF
        if halted:
            end = -1
            return 0
        n = pending() if nmi_pending or irq_line or i_late != -1 else 0
        if n:
            cyc += n
        else:
            sets = (table, ram_table, paged_table) if wsets is None else wsets
            if k == 2:
                try:
                    n = sets[1][mem[pc]]()  # counts its own cycles
                except IndexError:  # past $FFFF: see run()
                    pc &= 0xFFFF
                    n = sets[0][read(pc)]()
                    cyc += n
                pc &= 0xFFFF
            else:
                n = (sets[2][mem[pc]] if k == 1 and fetch_direct[pc >> 8]
                     else sets[0][read(pc)])()
                cyc += n
        if stalled:
            n += stalled
            cyc += stalled
            stalled = 0
        quiet = (wsets is None and not halted and not nmi_pending and i_late == -1
                 and not (irq_line and not p & 4))
        end = (0 if k == 2 else 1) if quiet and k else -1
        return n

    def raise_irq(level):
        nonlocal irq_line, end
        irq_line = level
        if level and not p & 4:
            end = -1

    def raise_nmi():
        nonlocal nmi_pending, end
        nmi_pending = True
        end = -1

    def get_state():
        return (a, x, y, s, flags(), pc & 0xFFFF, cyc, end, halted, irq_line, nmi_pending,
                i_late)

    def set_state(values):
        nonlocal a, x, y, s, pc, cyc, end, halted, irq_line, nmi_pending, i_late
        a, x, y, s, status, pc, cyc, end, halted, irq_line, nmi_pending, i_late = values
        setflags(status)
        end = -1  # anything may have changed: run() and step() look around

    return (run, step, raise_irq, raise_nmi, get_state, set_state, set_stops, was_stopped,
            request_stop, stall, set_write_watch, set_read_watch)
'''


_PC_PLUS = re.compile(r"\(pc \+ (\d)\) & 0xFFFF")
_ZP_MODES = frozenset({"zp", "zpx", "zpy"})


def access_class(address: str, mode: str) -> str:
    """What a handler's access touches: "fetch" (program bytes at PC, or the
    page after), "zp", "stack" or "data" (anywhere: could be I/O)."""
    if "read(" in address or "mem[" in address:  # an address read from memory
        return "zp" if mode in _ZP_MODES else "data"
    if address == "0x100 | s":
        return "stack"
    if "pc" in address:
        return "fetch"
    if address.startswith(("z", "(z")):
        return "zp"
    if address == "ea":
        return "zp" if mode in _ZP_MODES else "data"
    return "data"


_NAME = re.compile(r"[a-z_]\w*")
_LITERAL = re.compile(r"0x[0-9A-Fa-f]+|\d+")


class _Rewriter:
    """Rewrites the bus accesses of one handler line for a handler set.

    `direct(address, is_write)` says whether an access may index `mem`
    unconditionally.
    With `paged` (the paged set) the other accesses test the page first:
    `rd`/`wd` say per page whether reads/writes there are plain RAM, so only
    accesses to pages with handlers call the bus. Such an address is computed
    once, on a line of its own (`_a0 = ...`) when it is not a plain name;
    addresses are free of side effects, so this keeps the access order.
    """

    def __init__(self, direct: Callable[[str, bool], bool], paged: bool,
                 watch_reads: bool = False) -> None:
        self.direct = direct
        self.paged = paged
        self.watch_reads = watch_reads
        self.hoisted: list[str] = []

    def name(self, address: str) -> str:
        if _NAME.fullmatch(address) or _LITERAL.fullmatch(address):
            return address
        temp = f"_a{len(self.hoisted)}"
        self.hoisted.append(f"{temp} = {address}")
        return temp

    def reads(self, text: str) -> str:
        """`read(e)` -> `mem[e]` (or the paged test) in `text`, inner calls
        included (the calls found by the parser: stmts.calls)."""
        out, at = [], 0
        for lo, hi, ((alo, ahi),) in stmts.calls(text, "read"):
            address = text[alo:ahi]
            inner = self.reads(address)
            if self.watch_reads:
                inner = self.name(inner)
            if self.direct(address, False):
                access = f"mem[{inner}]"
            elif self.paged:
                a = self.name(inner)
                access = f"(mem[{a}] if rd[{a} >> 8] else read({a}))"
            else:
                access = f"read({inner})"
            if self.watch_reads:
                # The value on a line of its own, then the read watch's check.
                value = f"_v{len(self.hoisted)}"
                self.hoisted += [f"{value} = {access}", f"if rm[{inner}]:",
                                 f"    rhook({inner}, {value})"]
                access = value
            out += [text[at:lo], access]
            at = hi
        return "".join(out) + text[at:]


def _watch(pad: str, address: str, value: str) -> list[str]:
    """The write watch after a write (`watched`): the hook for a watched address."""
    return [f"{pad}if wm[{address}]:", f"{pad}    whook({address}, {value})"]


def rewrite(line: str, mode: str, flavor: str,
            direct: Callable[[str, bool], bool] | None = None,
            watched: bool = False, read_watched: bool = False) -> list[str]:
    """One handler line as lines of the "ram" or "paged" handler set.

    "ram" (the bus has no handler or watch at all) indexes `mem` for every
    access. "paged" (zero page and stack plain RAM, handlers elsewhere)
    indexes `mem` for program fetches, zero page and stack, and for other
    accesses tests the page (`rd`/`wd`) and calls the bus only where a
    handler sits. A dummy read, or the RMW write-back of the unchanged
    value, that lands on plain RAM has no effect and is dropped.

    "ram" also drops PC's mask: an operand fetch past $FFFF then raises
    IndexError before the handler has changed any state (every handler
    fetches its operands first), and the run loop redoes that instruction
    on the masking bus handlers. Values kept for later (`t = ...`, `pc2 = ...`:
    return addresses, a branch's base) keep their mask.

    `direct(address, is_write)`, when given, replaces the paged set's rule
    (compiled blocks know more about the pages an instruction touches).

    `watched` (the write-watch sets, any flavor, "bus" included) follows every
    write, a dropped dummy one too, with `if wm[address]: whook(address, value)`:
    the core's own write watch, one index per write.

    `read_watched` (the read-watch sets) puts every read, dummy ones and
    those dropped on plain RAM included, on a line of its own
    (`_v0 = ...`) followed by `if rm[address]: rhook(address, _v0)`, in the
    order the bus sees them; the "ram" set then keeps PC's mask (no
    instruction may be started over after its hook has run).
    """
    if flavor == "bus":
        stripped = line.lstrip()
        pad = line[: len(line) - len(stripped)]
        pre: list[str] = []
        if read_watched and "read(" in stripped:
            rw = _Rewriter(lambda address, is_write: False, paged=False, watch_reads=True)
            stripped = rw.reads(stripped)
            pre = [pad + h for h in rw.hoisted]
            if _NAME.fullmatch(stripped):
                return pre  # a dummy read: its check is all
        write = stmts.call_statement(stripped, "write") if watched else None
        if write is None:
            return [*pre, pad + stripped]
        address, value = write
        return [*pre, f"{pad}_wa = {address}", f"{pad}_wv = {value}", f"{pad}write(_wa, _wv)",
                *_watch(pad, "_wa", "_wv")]
    if direct is not None:
        pass
    elif flavor == "ram":
        def direct(address: str, is_write: bool) -> bool:
            return True
    else:
        def direct(address: str, is_write: bool) -> bool:
            return access_class(address, mode) != "data"
    rw = _Rewriter(direct, paged=flavor == "paged", watch_reads=read_watched)
    stripped = line.lstrip()
    pad = line[: len(line) - len(stripped)]
    if flavor == "ram" and not read_watched and not stripped.startswith(("t = ", "pc2 = ")):
        stripped = _PC_PLUS.sub(r"pc + \1", stripped)
        if stripped.startswith("pc = pc + "):
            stripped = "pc += " + stripped[len("pc = pc + "):]
    dummy = stmts.call_statement(stripped, "read")
    if dummy is not None:
        (address,) = dummy
        if read_watched:
            rw.reads(stripped)
            return [pad + h for h in rw.hoisted]
        if direct(address, False):
            return []
        a = rw.name(rw.reads(address))
        return [pad + h for h in rw.hoisted] + [f"{pad}if not rd[{a} >> 8]:",
                                                 f"{pad}    read({a})"]
    write = stmts.call_statement(stripped, "write")
    if write is not None:
        address, value = write
        dummy = stripped == "write(ea, v)"  # RMW write-back of the unchanged value
        if direct(address, True):
            target = rw.reads(address)
            if not watched:
                if dummy:
                    return [pad + h for h in rw.hoisted]
                stored = rw.reads(value)
                return [pad + h for h in rw.hoisted] + [f"{pad}mem[{target}] = {stored}"]
            if "mem[" in target or "read(" in target:  # the store could change it
                target = rw.name(target)
            if dummy:
                return [pad + h for h in rw.hoisted] + _watch(pad, target, "v")
            stored = rw.reads(value)
            return [pad + h for h in rw.hoisted] + [
                f"{pad}mem[{target}] = {stored}", *_watch(pad, target, f"mem[{target}]")]
        target, value = rw.reads(address), rw.reads(value)
        if not rw.paged:
            return [pad + h for h in rw.hoisted] + [f"{pad}write({target}, {value})"]
        a = rw.name(target)
        if watched and not _NAME.fullmatch(value):
            value = rw.name(value)
        lines = [f"{pad}if not wd[{a} >> 8]:", f"{pad}    write({a}, {value})"]
        if not dummy:
            lines[0] = f"{pad}if wd[{a} >> 8]:"
            lines[1:] = [f"{pad}    mem[{a}] = {value}", f"{pad}else:",
                         f"{pad}    write({a}, {value})"]
        if watched:
            lines += _watch(pad, a, value)
        return [pad + h for h in rw.hoisted] + lines
    text = rw.reads(stripped)
    return [pad + h for h in rw.hoisted] + [pad + text]


_RETURN = re.compile(r"( *)return (\d+)")


def _handler(name: str, comment: str, flavor: str, body: list[str],
             opcode: int | None = None) -> list[str]:
    """One handler's definition. The "ram" set's handlers add their cycles to
    `cyc` themselves (and still return them): the loops that run them, above
    all step()'s quiet path, then do nothing after the call. With `opcode`
    (the read-watch sets) it first checks its own opcode fetch, which the
    loop that called it made."""
    nonlocals = HANDLER_NONLOCALS
    if opcode is not None:
        body = ["if rm[pc]:", f"    rhook(pc, 0x{opcode:02X})", *body]
    if flavor == "ram":
        nonlocals += ", cyc"
        counted = []
        for line in body:
            m = _RETURN.fullmatch(line)
            if m is None and "return" in line:
                raise ValueError(f"{name}: a return that is not a cycle count: {line!r}")
            if m is not None:
                counted.append(f"{m[1]}cyc += {m[2]}")
            counted.append(line)
        body = counted
    return [f"    def {name}():  # {comment}", f"        nonlocal {nonlocals}",
            *_indent(body, 2)]


def factory_source(decimal: bool) -> str:
    """The whole factory function as Python source.

    Three handler sets, alike in effect: `table` makes every access through
    `bus.read`/`bus.write`; `ram_table` indexes the bus's RAM directly and
    serves while the bus has no handler or watch at all; `paged_table`
    indexes RAM for program fetches, zero page and stack and calls the bus
    for the rest, for buses with I/O regions but plain RAM in pages 0-1 (an
    instruction whose bytes lie in a page with a read handler runs on
    `table`). Indexing costs much less than a call. All return their
    cycles; the "ram" ones have also added them to `cyc` (see `_handler`).
    """
    out = [_PRELUDE]
    for flavor, table in (("bus", "table"), ("ram", "ram_table"), ("paged", "paged_table")):
        names = []
        for op in OPCODES:
            assert op is not None
            name = f"{flavor}_{op.opcode:02x}"
            names.append(name)
            body = handler_body(op, decimal)
            if flavor != "bus":
                body = [new for line in body for new in rewrite(line, op.mode, flavor)]
            out.extend(_handler(name, f"{op.mnemonic} {op.mode}", flavor, body))
        out.append(f"    {table} = (" + ", ".join(names) + ")")
    out.append(_RUNTIME.format(lookup=lookup(24)))
    return "\n".join(out) + "\n"


def watched_source(decimal: bool, names: list[str], reads: bool = False,
                   writes: bool = True) -> str:
    """`outer()` returning the watch handler sets (bus, ram, paged): the
    three sets of `factory_source` with each write (`writes`) and each read
    (`reads`) followed by the watch's check (`rewrite(watched=...,
    read_watched=...)`). `names` are the core's closure cells, declared here
    so that the handlers can be rebound to a live core's cells."""
    out = ["def outer():", f"    {' = '.join(names)} = None"]
    sets = []
    for flavor in ("bus", "ram", "paged"):
        handlers = []
        for op in OPCODES:
            assert op is not None
            name = f"w{flavor}_{op.opcode:02x}"
            handlers.append(name)
            body = [new for line in handler_body(op, decimal)
                    for new in rewrite(line, op.mode, flavor, watched=writes,
                                       read_watched=reads)]
            out.extend(_handler(name, f"{op.mnemonic} {op.mode}, watched", flavor, body,
                                op.opcode if reads else None))
        sets.append("(" + ", ".join(handlers) + ")")
    out.append(f"    return ({', '.join(sets)})")
    return "\n".join(out) + "\n"
