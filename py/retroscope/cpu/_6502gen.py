"""Source generator for the 6502 core: one specialised function per opcode.

From the opcode table in `isa6502.py` this writes the text of a factory
function. The factory holds the registers as closure cells; inside it, one
small handler per opcode has its addressing mode inlined (with the exact NMOS
bus cycle sequence, dummy reads and writes included) and returns its cycle
count. `mos6502.py` compiles the text once per variant and calls the factory
once per core. The 2A03 variant is generated without the decimal-mode path,
so no handler tests for the variant at run time.

The templates write through a `Handler` (as jsbeeb's InstructionGen): each
memory access a method call that says what it touches (an operand fetch, zero
page, the stack, or data anywhere), which the access style of the handler
set renders (emit.py: `read(a)` on the "bus" set, `mem[a]` on the "ram" set,
a page test where the "paged" set cannot know, the watches' checks after
each access in the watch sets), so that all the sets, and the compiled
blocks (`_6502blocks`), share one description of each opcode.

Conventions inside the generated code: on entry to a handler, `pc` still
points at the opcode (the run loop fetched it); `v` is the operand value,
`ea` the effective address; flags as described under "flags" below.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TypeVar

from . import emit
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


class Handler:
    """One handler's statements, its memory accesses written through an
    access style (emit.py): the templates below call its methods, and the
    style of the handler set (or of a compiled block) says what each access
    becomes. Reads are terms of the templates' expressions (`fetch`, `read`);
    a read that needs statements of its own (under the read watch), or an
    address a style uses more than once, goes on a line of its own before
    the statement, in the order the bus sees the reads.

    `wrap_pc` False (the "ram" set): PC is not masked, neither in operand
    fetches nor where it moves on; a fetch past $FFFF raises IndexError
    before the handler has changed any state (every handler fetches its
    operands first), and the run loop redoes the instruction on the bus
    handlers. `counts`: the handler adds its cycles to `cyc` itself (and
    still returns them). `operands` (a compiled block's instruction, not its
    last): the operand bytes as constants, PC left alone (the block sets
    it), the dummy fetches of the block's own code left out. `spent`: a
    return adds it (a block's last instruction: the cycles before it).

    It notes what the block compiler asks about the code: whether an access
    may reach a device (`bus_reads`, `bus_writes`) and the addresses of
    the stores to plain RAM (`stores`); and for the debugger, whether the
    handler writes before PC moves on (`writes_first`)."""

    def __init__(self, style: emit.Bus, *, wrap_pc: bool = True, counts: bool = False,
                 operands: bytes | None = None, spent: str = "") -> None:
        self.style = style
        self.wrap_pc = wrap_pc
        self.counts = counts
        self.operands = operands
        self.spent = spent
        self.lines: list[str] = []
        self.bus_reads = self.bus_writes = False
        self.stores: list[str] = []
        self.writes_first = False
        self._pc_moved = False
        self._pad = ""
        self._before: list[str] = []  # the lines the statement being written needs first
        self._temps = 0

    # -- statements -------------------------------------------------------------------
    def put(self, *statements: str) -> None:
        """Statements (text without memory accesses but those of `fetch` and
        `read` in them), at the current depth."""
        self.lines += self._before
        self._before = []
        self._temps = 0
        self.lines += [self._pad + s for s in statements]
        if not self._pad and any(s.startswith(("pc = ", "pc += ")) for s in statements):
            self._pc_moved = True

    @contextmanager
    def block(self, header: str) -> Iterator[None]:
        """`header` (`if ...:`) and, one level deeper, what is written inside."""
        self.put(header)
        self._pad += "    "
        try:
            yield
        finally:
            self._pad = self._pad[:-4]

    def step(self, size: int) -> None:
        """PC moves past the instruction."""
        if self.operands is None:
            self.put(f"pc = (pc + {size}) & 0xFFFF" if self.wrap_pc else f"pc += {size}")

    def done(self, cycles: int) -> None:
        """The handler returns its cycles."""
        if self.counts:
            self.put(f"cyc += {cycles}")
        self.put(f"return {self.spent} + {cycles}" if self.spent else f"return {cycles}")

    # -- memory -----------------------------------------------------------------------
    def fetch(self, n: int) -> str:
        """Operand byte `n` (1 or 2) of the instruction."""
        if self.operands is not None:
            return f"0x{self.operands[n - 1]:02X}"
        return self.read(self._pc(n), emit.FETCH)

    def read(self, addr: str, space: str) -> str:
        """The value read at `addr` (an expression), as a term."""
        r = self._named(emit.Read(addr, pad=self._pad, space=space))
        self.bus_reads = self.bus_reads or not self.style.plain(r)
        term = self.style.term(r)
        if term is not None:
            return term
        value = self._temp("_v")
        self._before += self.style.read(replace(r, into=value))
        return value

    def dummy(self, addr: str, space: str) -> None:
        """A read made for its bus cycle alone."""
        r = self._named(emit.Read(addr, pad=self._pad, space=space))
        self.bus_reads = self.bus_reads or not self.style.plain(r)
        self._before += self.style.read(r)
        self.put()

    def dummy_fetch(self, n: int) -> None:
        """A read of byte `n` after the opcode, for its bus cycle alone."""
        if self.operands is None:
            self.dummy(self._pc(n), emit.FETCH)

    def write(self, addr: str, value: str, space: str, unchanged: bool = False) -> None:
        """A write of `value` at `addr`; `unchanged`: the value it holds."""
        w = self._named(emit.Write(addr, value, self._pad, space=space, unchanged=unchanged))
        if self.style.plain(w):
            if not unchanged:
                self.stores.append(w.addr)
        else:
            self.bus_writes = True
        if not self._pc_moved:
            self.writes_first = True
        self._before += self.style.write(w)
        self.put()

    def seen_opcode(self, opcode: int) -> None:
        """The read watch's check of the opcode fetch the run loop made."""
        assert isinstance(self.style, emit.Watched)
        self._before += self.style.seen(emit.Read("pc", f"0x{opcode:02X}", self._pad))
        self.put()

    def _pc(self, n: int) -> str:
        return f"(pc + {n}) & 0xFFFF" if self.wrap_pc else f"pc + {n}"

    def _named(self, access: _Access) -> _Access:
        """The access with the parts its style repeats named, unless they are
        names or numbers (a temporary set on a line of its own)."""
        repeated = self.style.repeated(access)
        if "addr" in repeated and not _simple(access.addr):
            self._before.append(f"{self._pad}{(name := self._temp('_a'))} = {access.addr}")
            access = replace(access, addr=name)
        if isinstance(access, emit.Write) and "value" in repeated and not _simple(access.value):
            self._before.append(f"{self._pad}{(name := self._temp('_a'))} = {access.value}")
            access = replace(access, value=name)
        return access

    def _temp(self, prefix: str) -> str:
        self._temps += 1
        return f"{prefix}{self._temps - 1}"


_Access = TypeVar("_Access", emit.Read, emit.Write)


def _simple(text: str) -> bool:
    """A name or a number: used as often as needed, it costs nothing more."""
    if text.isidentifier():
        return True
    try:
        int(text, 0)
    except ValueError:
        return False
    return True


_ZP_MODES = frozenset({"zp", "zpx", "zpy"})


def ea_space(mode: str) -> str:
    """What the effective address of an addressing mode may be: zero page, or anywhere."""
    return emit.ZERO_PAGE if mode in _ZP_MODES else emit.DATA


def _operand_address(e: Handler, mode: str, always_fix: bool) -> bool:
    """Statements that leave the effective address in `ea` and advance pc.

    True for the indexed modes that may pay for a page cross where only
    that path takes the dummy read (`always_fix` False, reads): the
    caller writes the test `if lo > 0xFF:` with the slow path (`_fix`)
    under it; the fast path's address is `hi | lo`.
    """
    if mode == "zp":
        e.put(f"ea = {e.fetch(1)}")
        e.step(2)
        return False
    if mode in ("zpx", "zpy"):
        e.put(f"z = {e.fetch(1)}")
        e.step(2)
        e.dummy("z", emit.ZERO_PAGE)
        e.put(f"ea = (z + {mode[2]}) & 0xFF")
        return False
    if mode == "abs":
        e.put(f"ea = {e.fetch(1)} | {e.fetch(2)} << 8")
        e.step(3)
        return False
    if mode == "izx":
        e.put(f"z = {e.fetch(1)}")
        e.step(2)
        e.dummy("z", emit.ZERO_PAGE)
        e.put("z = (z + x) & 0xFF")
        e.put(f"ea = {e.read('z', emit.ZERO_PAGE)} | "
              f"{e.read('(z + 1) & 0xFF', emit.ZERO_PAGE)} << 8")
        return False
    if mode in ("abx", "aby", "izy"):
        reg = "x" if mode == "abx" else "y"
        if mode == "izy":
            e.put(f"z = {e.fetch(1)}")
            e.step(2)
            e.put(f"lo = {e.read('z', emit.ZERO_PAGE)} + {reg}")
            e.put(f"hi = {e.read('(z + 1) & 0xFF', emit.ZERO_PAGE)} << 8")
        else:
            e.put(f"lo = {e.fetch(1)} + {reg}")
            e.put(f"hi = {e.fetch(2)} << 8")
            e.step(3)
        if always_fix:
            _fix(e)
            return False
        return True
    raise ValueError(f"no operand address for mode {mode}")


def _fix(e: Handler) -> None:
    """An indexed address's page fixed: the dummy read in the page before."""
    e.dummy("hi | (lo & 0xFF)", emit.DATA)
    e.put("ea = (hi + lo) & 0xFFFF")


def _load(e: Handler, value: Callable[[], str], body: list[str]) -> None:
    """Read the operand (`value()`) into `v` and apply `body`; a plain load
    ("a = nz = v") takes the read directly, saving a store and a load."""
    if len(body) == 1 and body[0].endswith(" = v"):
        e.put(body[0][:-1] + value())
    else:
        e.put(f"v = {value()}", *body)


def _read_handler(e: Handler, op: Op, body: list[str]) -> None:
    # Modes whose whole effective address is one expression of the operand
    # bytes: the data read nests the operand fetches, and PC moves after it.
    if op.mode == "imm":
        _load(e, lambda: e.fetch(1), body)
        e.step(2)
    elif op.mode == "zp":
        _load(e, lambda: e.read(e.fetch(1), emit.ZERO_PAGE), body)
        e.step(2)
    elif op.mode == "abs":
        _load(e, lambda: e.read(f"{e.fetch(1)} | {e.fetch(2)} << 8", emit.DATA), body)
        e.step(3)
    elif _operand_address(e, op.mode, always_fix=False):
        with e.block("if lo > 0xFF:"):
            _fix(e)
            _load(e, lambda: e.read("ea", emit.DATA), body)
            e.done(op.cycles + 1)
        _load(e, lambda: e.read("hi | lo", emit.DATA), body)
    else:
        _load(e, lambda: e.read("ea", ea_space(op.mode)), body)
    e.done(op.cycles)


def _rmw_handler(e: Handler, op: Op, body: list[str]) -> None:
    if op.mode == "acc":  # asl/lsr/rol/ror a
        e.dummy_fetch(1)
        e.step(1)
        e.put("v = a", *body, "a = r")
        e.done(2)
        return
    _operand_address(e, op.mode, always_fix=True)
    space = ea_space(op.mode)
    e.put(f"v = {e.read('ea', space)}")
    # The NMOS writes the unmodified value back before the new one.
    e.write("ea", "v", space, unchanged=True)
    at = body.index("!write") if "!write" in body else len(body)
    e.put(*body[:at])
    e.write("ea", "r", space)
    e.put(*body[at + 1:])
    e.done(op.cycles)


def _write_handler(e: Handler, op: Op, value: str) -> None:
    if op.mode == "zp":
        e.write(e.fetch(1), value, emit.ZERO_PAGE)
        e.step(2)
    elif op.mode == "abs":
        e.write(f"{e.fetch(1)} | {e.fetch(2)} << 8", value, emit.DATA)
        e.step(3)
    else:
        _operand_address(e, op.mode, always_fix=True)
        e.write("ea", value, ea_space(op.mode))
    e.done(op.cycles)


def _unstable_store(e: Handler, op: Op) -> None:
    """SHA/SHX/SHY/TAS: store reg & (high byte + 1); a page cross corrupts the address."""
    reg = {"sha": "a & x", "shx": "x", "shy": "y", "tas": "a & x"}[op.mnemonic]
    reg_index = "x" if op.mode == "abx" else "y"
    if op.mode == "izy":
        e.put(f"z = {e.fetch(1)}")
        e.step(2)
        e.put(f"lo = {e.read('z', emit.ZERO_PAGE)} + {reg_index}",
              f"hi = {e.read('(z + 1) & 0xFF', emit.ZERO_PAGE)}")
    else:
        e.put(f"lo = {e.fetch(1)} + {reg_index}", f"hi = {e.fetch(2)}")
        e.step(3)
    e.dummy("(hi << 8) | (lo & 0xFF)", emit.DATA)
    if op.mnemonic == "tas":
        e.put("s = a & x")
        reg = "s"
    e.put(f"t = {reg} & ((hi + 1) & 0xFF)",
          "ea = (t << 8) | (lo & 0xFF) if lo > 0xFF else (hi << 8) | lo")
    e.write("ea", "t", emit.DATA)
    e.done(op.cycles)


def _push(e: Handler, value: str) -> None:
    e.write("0x100 | s", value, emit.STACK)
    e.put("s = (s - 1) & 0xFF")


def _pull(e: Handler, dst: str) -> None:
    e.put("s = (s + 1) & 0xFF")
    e.put(f"{dst} = {e.read('0x100 | s', emit.STACK)}")


def _stack_dummy(e: Handler) -> None:
    e.dummy("0x100 | s", emit.STACK)


_IRQ_CHECK = ["if irq_line and not p & 4:", "    end = -1"]
# PLP, like CLI, changes I after the interrupt poll of its last cycle.
_IRQ_CHECK_LATE = ["if irq_line:", "    i_late = p & 4", "    end = -1"]


def branch_test(op: Op) -> str:
    """A branch's test of its flag: `if <taken>:`."""
    return f"if {_BRANCH[op.mnemonic]}:"


def _special(e: Handler, op: Op) -> bool:
    """Control flow and stack instructions, written out cycle by cycle
    (False: `op` is none of them)."""
    m = op.mnemonic
    if m in _BRANCH:
        with e.block(branch_test(op)):
            e.put("t = (pc + 2) & 0xFFFF")
            e.put(f"o = {e.fetch(1)}")
            e.dummy_fetch(2)
            e.put("pc = (t + REL[o]) & 0xFFFF")
            with e.block("if (pc ^ t) & 0xFF00:"):
                e.dummy("(t & 0xFF00) | (pc & 0xFF)", emit.FETCH)  # in the next one's page
                e.done(4)
            e.done(3)
        e.dummy_fetch(1)
        e.step(2)
        e.done(2)
    elif m == "jmp" and op.mode == "abs":
        e.put(f"pc = {e.fetch(1)} | {e.fetch(2)} << 8")
        e.done(3)
    elif m == "jmp":
        # The NMOS fetches the high byte of JMP ($xxFF) from $xx00.
        e.put(f"t = {e.fetch(1)} | {e.fetch(2)} << 8")
        e.put(f"pc = {e.read('t', emit.DATA)} | "
              f"{e.read('(t & 0xFF00) | ((t + 1) & 0xFF)', emit.DATA)} << 8")
        e.done(5)
    elif m == "jsr":
        e.put(f"lo = {e.fetch(1)}")
        _stack_dummy(e)
        e.put("pc2 = (pc + 2) & 0xFFFF")
        _push(e, "pc2 >> 8")
        _push(e, "pc2 & 0xFF")
        e.put(f"pc = lo | {e.read('pc2', emit.FETCH)} << 8")
        e.done(6)
    elif m == "rts":
        e.dummy_fetch(1)
        _stack_dummy(e)
        _pull(e, "lo")
        _pull(e, "hi")
        e.put("t = lo | hi << 8")
        e.dummy("t", emit.DATA)
        e.put("pc = (t + 1) & 0xFFFF")
        e.done(6)
    elif m == "rti":
        e.dummy_fetch(1)
        _stack_dummy(e)
        _pull(e, "t")
        e.put("setflags(t)")
        _pull(e, "lo")
        _pull(e, "hi")
        e.put("pc = lo | hi << 8", *_IRQ_CHECK)
        e.done(6)
    elif m == "brk":
        e.dummy_fetch(1)
        e.put("t = (pc + 2) & 0xFFFF")
        for value in ("t >> 8", "t & 0xFF", "flags() | 0x30"):
            _push(e, value)
        e.put("p |= 0x04")
        e.put(f"pc = {e.read('0xFFFE', emit.DATA)} | {e.read('0xFFFF', emit.DATA)} << 8")
        e.done(7)
    elif m in ("pha", "php"):
        e.dummy_fetch(1)
        e.step(1)
        _push(e, "a" if m == "pha" else "flags() | 0x30")
        e.done(3)
    elif m in ("pla", "plp"):
        e.dummy_fetch(1)
        e.step(1)
        _stack_dummy(e)
        if m == "pla":
            _pull(e, "a")
            e.put("nz = a")
        else:
            _pull(e, "t")
            e.put(*_IRQ_CHECK_LATE, "setflags(t)")
        e.done(4)
    elif m == "jam":
        # The bus keeps reading the next byte; PC stays on the JAM (the test
        # data's 3-cycle convention). The core then halts until reset.
        e.dummy_fetch(1)
        e.dummy_fetch(1)
        e.put("halted = True", "end = -1")
        e.done(3)
    elif m in ("sha", "shx", "shy", "tas"):
        _unstable_store(e, op)
    else:
        return False
    return True


def writes_before_pc_moves(op: Op) -> bool:
    """Does `op`'s handler write while PC is still on the instruction (the
    plain stores, the pushes of JSR and BRK)? Most move PC on first."""
    e = Handler(emit.Bus())
    write_handler(e, op, False)
    return e.writes_first


def write_handler(e: Handler, op: Op, decimal: bool) -> None:
    """One opcode's handler, written through `e`."""
    if _special(e, op):
        return
    m = op.mnemonic
    if op.mode == "imp":
        e.dummy_fetch(1)
        e.step(1)
        e.put(*_IMPLIED[m])
        e.done(2)
        return
    rmw = _rmw_ops(decimal)
    if m in rmw:
        _rmw_handler(e, op, rmw[m])
    elif m in _WRITE_OPS:
        _write_handler(e, op, _WRITE_OPS[m])
    elif m in (reads := _read_ops(decimal)):
        _read_handler(e, op, reads[m])
    else:
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
                while True:
                    try:
                        while cyc < end:
{lookup_ram}                            elif cyc + b[1] < end:
                                if same(b[2], pc):
                                    n = b[0]()  # first: a block may move cyc itself
                                    cyc += n
                                    continue
                                bl[pc] = None  # the code changed: count again
                                heat[pc] = 0
                            ops[mem[pc]]()  # the RAM handlers count their cycles
                        else:
                            break
                    except IndexError:
                        # The RAM handlers leave PC unmasked; an access past $FFFF
                        # lands here before the instruction changed anything: redo
                        # it with the bus handlers, which wrap every address.
                        pc &= 0xFFFF
                        cyc += tb[read(pc)]()
                        break
                    except AtStop:
                        stopped = True
                        break
                    # Hot at pc: built here, outside the `try`, so that an
                    # IndexError in the compiler is not taken for one past $FFFF.
                    build(pc)
                if stopped:
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


# The handler sets: how each accesses memory (see factory_source).
FLAVORS = ("bus", "ram", "paged")


def not_data(access: emit.Access) -> bool:
    """The paged set's plain-RAM accesses: program fetches, zero page and
    stack (the run loop takes the set only where they are plain RAM)."""
    return access.space != emit.DATA


def handler_style(flavor: str, writes: bool = False, reads: bool = False) -> emit.Bus:
    """The access style of a handler set, its watches checked."""
    style = {"bus": emit.Bus(), "ram": emit.Bus("ram"),
             "paged": emit.Paged("rd", "wd", not_data)}[flavor]
    if writes or reads:
        style = emit.Watched(style, emit.WRITE_WATCH if writes else None,
                             emit.READ_WATCH if reads else None)
    return style


def _handler(name: str, comment: str, op: Op, decimal: bool, flavor: str,
             writes: bool = False, reads: bool = False) -> list[str]:
    """One handler's definition. The "ram" set's handlers add their cycles to
    `cyc` themselves (and still return them): the loops that run them, above
    all step()'s quiet path, then do nothing after the call; they leave PC
    unmasked (see `Handler`), but under the read watch (no instruction may be
    started over after its hook has run). The read-watch sets' handlers
    first check their own opcode fetch, which the loop that called them made."""
    ram = flavor == "ram"
    e = Handler(handler_style(flavor, writes, reads), wrap_pc=not ram or reads, counts=ram)
    if reads:
        e.seen_opcode(op.opcode)
    write_handler(e, op, decimal)
    nonlocals = HANDLER_NONLOCALS + (", cyc" if ram else "")
    return [f"    def {name}():  # {comment}", f"        nonlocal {nonlocals}",
            *("        " + line for line in e.lines)]


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
    for flavor, table in zip(FLAVORS, ("table", "ram_table", "paged_table"), strict=True):
        names = []
        for op in OPCODES:
            assert op is not None
            name = f"{flavor}_{op.opcode:02x}"
            names.append(name)
            out.extend(_handler(name, f"{op.mnemonic} {op.mode}", op, decimal, flavor))
        out.append(f"    {table} = (" + ", ".join(names) + ")")
    out.append(_RUNTIME.format(lookup=lookup(24), lookup_ram=lookup(28, hot=("break",))))
    return "\n".join(out) + "\n"


def watched_source(decimal: bool, names: list[str], reads: bool = False,
                   writes: bool = True) -> str:
    """`outer()` returning the watch handler sets (bus, ram, paged): the
    three sets of `factory_source` with each write (`writes`) and each read
    (`reads`) followed by the watch's check (`emit.Watched`). `names` are
    the core's closure cells, declared here so that the handlers can be
    rebound to a live core's cells."""
    out = ["def outer():", f"    {' = '.join(names)} = None"]
    sets = []
    for flavor in FLAVORS:
        handlers = []
        for op in OPCODES:
            assert op is not None
            name = f"w{flavor}_{op.opcode:02x}"
            handlers.append(name)
            out.extend(_handler(name, f"{op.mnemonic} {op.mode}, watched", op, decimal,
                                flavor, writes, reads))
        sets.append("(" + ", ".join(handlers) + ")")
    out.append(f"    return ({', '.join(sets)})")
    return "\n".join(out) + "\n"
