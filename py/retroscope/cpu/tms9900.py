"""TI TMS9900: the TI-99/4A's CPU, exact to the data manual, cycles included.

The registers R0-R15 live in memory at the workspace pointer: big-endian words
at even addresses (word accesses ignore address bit 0; byte operands address
single bytes, so a register's byte is its high byte). Every destination is read
before it is written, as the chip does, so bus watches see both.

Speed: the handlers are closures over the CPU state (`pc wp st cycles` as
cells, not attributes) built once per core; a 65,536-entry table maps each
opcode word to its handler. Wait states are counted inside the memory helpers
only when a wait-state model is given, so a flat bus pays nothing for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import isa9900 as isa
from .bus import Bus

CruRead = Callable[[int], int]
CruWrite = Callable[[int, int], None]
WaitSpec = bool | Callable[[int], bool] | Sequence[int] | None

WAIT_CYCLES = 4  # per access through the TI-99/4A's 8-bit multiplexer


def ti99_slow(addr: int) -> bool:
    """True where the TI-99/4A adds wait states: all but the console ROM
    (>0000->1FFF) and the 16-bit scratch pad with its mirrors (>8000->83FF).

    The issue says >8300->83FF; the conformance corpus (generated from the
    chip's real decoding) charges none in >8000->82FF either, and we follow it.
    """
    return not (addr < 0x2000 or 0x8000 <= addr < 0x8400)


def wait_table(spec: WaitSpec) -> list[int] | None:
    """A per-256-byte-page table of extra cycles per access, or None for none.

    `spec` is None/False (flat bus), True (TI-99/4A), a predicate on an address
    (tested once per page), or 256 per-page cycle counts.
    """
    if spec is None or spec is False:
        return None
    if spec is True:
        spec = ti99_slow
    if callable(spec):
        return [WAIT_CYCLES if spec(page << 8) else 0 for page in range(256)]
    table = [int(v) for v in spec]
    if len(table) != 256:
        raise ValueError("a wait-state table needs 256 per-page entries")
    return table


def _lae_word(v: int) -> int:
    """L>, A>, EQ of a word compared with zero."""
    if v == 0:
        return isa.ST_EQ
    return isa.ST_LGT | (isa.ST_AGT if v < 0x8000 else 0)


def _laep_byte(b: int) -> int:
    """L>, A>, EQ and OP of a byte compared with zero."""
    flags = isa.ST_OP if isa.parity_odd(b) else 0
    if b == 0:
        return flags | isa.ST_EQ
    return flags | isa.ST_LGT | (isa.ST_AGT if b < 0x80 else 0)


LAE_W: list[int] = [_lae_word(v) for v in range(0x10000)]
LAEP_B: list[int] = [_laep_byte(b) for b in range(0x100)]
PARITY: list[int] = [isa.ST_OP if isa.parity_odd(b) else 0 for b in range(0x100)]
# Jump taken? JTAKE[condition nibble][st >> 10]
JTAKE: list[list[bool]] = [
    [isa.jump_taken(op.mnemonic, hi << 10) for hi in range(64)]
    for op in sorted((o for o in isa.OPS if o.fmt == isa.JUMP), key=lambda o: o.opcode)
]

FIELDS = ("pc", "wp", "st", "cycles", "idle", "irq", "holdoff")


class TMS9900:
    """The TMS9900 over a `Bus` (flat 64 KiB RAM if none is given).

    `wait_states`: None for a flat bus, True for the TI-99/4A's memory map, a
    predicate on addresses, or a 256-entry per-page table (see `wait_table`).
    CRU: set `cru_read(bit) -> 0/1` and `cru_write(bit, value)` (or call
    `attach_cru(obj)`); by default inputs read 0 and outputs go nowhere.
    """

    def __init__(self, bus: Bus | None = None, wait_states: WaitSpec = None) -> None:
        self.bus = bus if bus is not None else Bus()
        self.cru_read: CruRead = _cru_zero
        self.cru_write: CruWrite = _cru_ignore
        self.wait_pages = wait_table(wait_states)
        self._e = _build(self, self.wait_pages)

    # -- registers -------------------------------------------------------------
    pc = property(lambda self: self._e.get("pc"), lambda self, v: self._e.put("pc", v))
    wp = property(lambda self: self._e.get("wp"), lambda self, v: self._e.put("wp", v))
    st = property(lambda self: self._e.get("st"), lambda self, v: self._e.put("st", v))
    cycles = property(lambda self: self._e.get("cycles"),
                      lambda self, v: self._e.put("cycles", v))
    idle = property(lambda self: self._e.get("idle"), lambda self, v: self._e.put("idle", v))
    irq = property(lambda self: self._e.get("irq"), lambda self, v: self._e.put("irq", v))
    holdoff = property(lambda self: self._e.get("holdoff"),
                       lambda self, v: self._e.put("holdoff", v))

    def reg(self, n: int) -> int:
        """Workspace register Rn, read through the bus."""
        a = (self.wp + 2 * (n & 15)) & 0xFFFE
        read = self.bus.read
        return (read(a) << 8) | read(a | 1)

    def set_reg(self, n: int, value: int) -> None:
        a = (self.wp + 2 * (n & 15)) & 0xFFFE
        write = self.bus.write
        write(a, (value >> 8) & 0xFF)
        write(a | 1, value & 0xFF)

    def attach_cru(self, handler: Any) -> None:
        """Route CRU traffic to an object with `cru_read(bit)`/`cru_write(bit, v)`."""
        self.cru_read = handler.cru_read
        self.cru_write = handler.cru_write

    # -- running ---------------------------------------------------------------
    def step(self) -> int:
        """One instruction, or one interrupt entry; returns its cycles."""
        return self._e.step()

    def run(self, cycles: int) -> int:
        """Run whole instructions for at least `cycles`; returns early on IDLE."""
        return self._e.run(cycles)

    def interrupt(self, level: int | None) -> None:
        """Hold INTREQ at `level` (1-15) until called with None (level-sensitive,
        as the TI-99/4A's VDP line is). Taken when level <= the ST mask."""
        if level is not None and not 1 <= level <= 15:
            raise ValueError(f"interrupt level must be 1-15, not {level}")
        self._e.put("irq", level or 0)

    def load_interrupt(self) -> None:
        """Pulse LOAD: the non-maskable context switch through >FFFC."""
        self._e.load_interrupt()

    def reset(self) -> None:
        """RESET: ST = 0, then WP and PC from the vector at >0000."""
        self._e.reset()

    # -- state -----------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in FIELDS}

    def restore(self, state: dict[str, Any]) -> None:
        for name in FIELDS:
            setattr(self, name, state[name])


def _cru_zero(bit: int) -> int:
    return 0


def _cru_ignore(bit: int, value: int) -> None:
    pass


class _Engine:
    """The closures that make up a running core (see `_build`)."""

    __slots__ = ("get", "put", "step", "run", "reset", "load_interrupt", "table")


def _build(cpu: TMS9900, slow: list[int] | None) -> _Engine:  # noqa: C901
    """Make the handlers, the dispatch table and the run loop for one core."""
    bus = cpu.bus
    ST_LGT, ST_AGT, ST_EQ, ST_C, ST_OV, ST_X = (
        isa.ST_LGT, isa.ST_AGT, isa.ST_EQ, isa.ST_C, isa.ST_OV, isa.ST_X)
    lae_w, laep_b, parity, jtake = LAE_W, LAEP_B, PARITY, JTAKE

    pc = wp = st = cycles = 0
    irq = 0          # requested interrupt level, 0 = none
    idle = False
    holdoff = False  # no interrupt before the next instruction (BLWP, XOP, entry)
    read = bus.read
    write = bus.write
    cru_in: CruRead = _cru_zero
    cru_out: CruWrite = _cru_ignore

    # -- memory: word accesses ignore bit 0; each access may cost wait states --
    if slow is None:
        def rw(a: int) -> int:
            a &= 0xFFFE
            return (read(a) << 8) | read(a | 1)

        def ww(a: int, v: int) -> None:
            a &= 0xFFFE
            write(a, v >> 8)
            write(a | 1, v & 0xFF)

        def rb(a: int) -> int:
            return read(a)

        def wb(a: int, v: int) -> None:
            write(a, v)
    else:
        def rw(a: int) -> int:
            nonlocal cycles
            a &= 0xFFFE
            cycles += slow[a >> 8]
            return (read(a) << 8) | read(a | 1)

        def ww(a: int, v: int) -> None:
            nonlocal cycles
            a &= 0xFFFE
            cycles += slow[a >> 8]
            write(a, v >> 8)
            write(a | 1, v & 0xFF)

        def rb(a: int) -> int:
            nonlocal cycles
            cycles += slow[a >> 8]
            return read(a)

        def wb(a: int, v: int) -> None:
            nonlocal cycles
            cycles += slow[a >> 8]
            write(a, v)

    def fetch() -> int:
        nonlocal pc
        v = rw(pc)
        pc = (pc + 2) & 0xFFFE
        return v

    # -- general addressing: T field, register; returns the operand address --
    def ga_w(t: int, r: int) -> int:
        """Word operand address for mode T (adds the mode's cycles)."""
        nonlocal cycles
        ra = (wp + (r << 1)) & 0xFFFF
        if t == 1:
            cycles += 4
            return rw(ra)
        if t == 2:
            cycles += 8
            if r:
                x = rw(ra)
                return (fetch() + x) & 0xFFFF
            return fetch()
        if t == 3:
            cycles += 8
            a = rw(ra)
            ww(ra, (a + 2) & 0xFFFF)
            return a
        return ra

    def ga_b(t: int, r: int) -> int:
        """Byte operand address: *Rn+ steps by one and costs 6."""
        nonlocal cycles
        ra = (wp + (r << 1)) & 0xFFFF
        if t == 1:
            cycles += 4
            return rw(ra)
        if t == 2:
            cycles += 8
            if r:
                x = rw(ra)
                return (fetch() + x) & 0xFFFF
            return fetch()
        if t == 3:
            cycles += 6
            a = rw(ra)
            ww(ra, (a + 1) & 0xFFFF)
            return a
        return ra

    # -- format I: two general operands ---------------------------------------
    def two_w(alu: Callable[[int, int], int | None]) -> Callable[[int], int]:
        def handler(op: int) -> int:
            s = rw(ga_w((op >> 4) & 3, op & 15))
            da = ga_w((op >> 10) & 3, (op >> 6) & 15)
            r = alu(s, rw(da))
            if r is not None:
                ww(da, r)
            return 14
        return handler

    def two_b(alu: Callable[[int, int], int | None]) -> Callable[[int], int]:
        def handler(op: int) -> int:
            s = rb(ga_b((op >> 4) & 3, op & 15))
            da = ga_b((op >> 10) & 3, (op >> 6) & 15)
            r = alu(s, rb(da))
            if r is not None:
                wb(da, r)
            return 14
        return handler

    def add_w(s: int, d: int) -> int:
        nonlocal st
        r = s + d
        v = r & 0xFFFF
        st = ((st & 0x07FF) | lae_w[v] | (ST_C if r > 0xFFFF else 0)
              | (ST_OV if (s ^ v) & (d ^ v) & 0x8000 else 0))
        return v

    def sub_w(s: int, d: int) -> int:
        nonlocal st
        v = (d - s) & 0xFFFF
        st = ((st & 0x07FF) | lae_w[v] | (ST_C if d >= s else 0)
              | (ST_OV if (d ^ s) & (d ^ v) & 0x8000 else 0))
        return v

    def add_b(s: int, d: int) -> int:
        nonlocal st
        r = s + d
        v = r & 0xFF
        st = ((st & 0x03FF) | laep_b[v] | (ST_C if r > 0xFF else 0)
              | (ST_OV if (s ^ v) & (d ^ v) & 0x80 else 0))
        return v

    def sub_b(s: int, d: int) -> int:
        nonlocal st
        v = (d - s) & 0xFF
        st = ((st & 0x03FF) | laep_b[v] | (ST_C if d >= s else 0)
              | (ST_OV if (d ^ s) & (d ^ v) & 0x80 else 0))
        return v

    def cmp_w(s: int, d: int) -> None:
        nonlocal st
        st = ((st & 0x1FFF) | (ST_LGT if s > d else 0)
              | (ST_AGT if (s ^ 0x8000) > (d ^ 0x8000) else 0) | (ST_EQ if s == d else 0))

    def cmp_b(s: int, d: int) -> None:
        nonlocal st
        st = ((st & 0x1BFF) | parity[s] | (ST_LGT if s > d else 0)
              | (ST_AGT if (s ^ 0x80) > (d ^ 0x80) else 0) | (ST_EQ if s == d else 0))

    def mov_w(s: int, d: int) -> int:
        nonlocal st
        st = (st & 0x1FFF) | lae_w[s]
        return s

    def mov_b(s: int, d: int) -> int:
        nonlocal st
        st = (st & 0x1BFF) | laep_b[s]
        return s

    def soc_w(s: int, d: int) -> int:
        return mov_w(s | d, d)

    def soc_b(s: int, d: int) -> int:
        return mov_b(s | d, d)

    def szc_w(s: int, d: int) -> int:
        return mov_w(d & ~s & 0xFFFF, d)

    def szc_b(s: int, d: int) -> int:
        return mov_b(d & ~s & 0xFF, d)

    # -- format II: jumps and CRU bits ------------------------------------------
    def jump(op: int) -> int:
        nonlocal pc
        if jtake[(op >> 8) & 15][st >> 10]:
            pc = (pc + (((op & 0xFF) ^ 0x80) - 0x80) * 2) & 0xFFFE
            return 10
        return 8

    def cru_bit(op: int) -> int:
        return ((rw(wp + 24) >> 1) + ((op & 0xFF) ^ 0x80) - 0x80) & 0xFFF

    def sbo(op: int) -> int:
        cru_out(cru_bit(op), 1)
        return 12

    def sbz(op: int) -> int:
        cru_out(cru_bit(op), 0)
        return 12

    def tb(op: int) -> int:
        nonlocal st
        st = (st & ~ST_EQ) | (ST_EQ if cru_in(cru_bit(op)) & 1 else 0)
        return 12

    # -- formats III and IX: general source, register destination ----------------
    def coc(op: int) -> int:
        nonlocal st
        s = rw(ga_w((op >> 4) & 3, op & 15))
        d = rw(wp + ((op >> 5) & 0x1E))
        st = (st & ~ST_EQ) | (ST_EQ if s & d == s else 0)
        return 14

    def czc(op: int) -> int:
        nonlocal st
        s = rw(ga_w((op >> 4) & 3, op & 15))
        d = rw(wp + ((op >> 5) & 0x1E))
        st = (st & ~ST_EQ) | (ST_EQ if s & d == 0 else 0)
        return 14

    def xor(op: int) -> int:
        nonlocal st
        s = rw(ga_w((op >> 4) & 3, op & 15))
        da = wp + ((op >> 5) & 0x1E)
        v = s ^ rw(da)
        st = (st & 0x1FFF) | lae_w[v]
        ww(da, v)
        return 14

    def mpy(op: int) -> int:
        s = rw(ga_w((op >> 4) & 3, op & 15))
        da = wp + ((op >> 5) & 0x1E)
        p = s * rw(da)
        ww(da, p >> 16)
        ww((da + 2) & 0xFFFF, p & 0xFFFF)
        return 52

    def div(op: int) -> int:
        nonlocal st
        s = rw(ga_w((op >> 4) & 3, op & 15))
        da = wp + ((op >> 5) & 0x1E)
        hi = rw(da)
        if s <= hi:
            st |= ST_OV
            return isa.DIV_OVERFLOW
        lo_a = (da + 2) & 0xFFFF
        n = (hi << 16) | rw(lo_a)
        ww(da, n // s)
        ww(lo_a, n % s)
        st &= ~ST_OV
        return 92

    def context_switch(vector: int) -> None:
        """BLWP-style switch: new WP, then R13-R15 get the old WP, PC, ST."""
        nonlocal wp, pc, holdoff
        new_wp = rw(vector) & 0xFFFE
        ww(new_wp + 30, st)
        ww(new_wp + 28, pc)
        ww(new_wp + 26, wp)
        wp = new_wp
        pc = rw((vector + 2) & 0xFFFF) & 0xFFFE
        holdoff = True

    def xop(op: int) -> int:
        nonlocal st
        ea = ga_w((op >> 4) & 3, op & 15)
        rw(ea)  # the source is read although only its address is used
        vector = 0x40 + ((op >> 4) & 0x3C)
        new_wp = rw(vector) & 0xFFFE
        ww(new_wp + 22, ea)
        old_st = st
        st |= ST_X
        ww(new_wp + 30, old_st)
        _finish_switch(new_wp, vector)
        return 36

    def _finish_switch(new_wp: int, vector: int) -> None:
        nonlocal wp, pc, holdoff
        ww(new_wp + 28, pc)
        ww(new_wp + 26, wp)
        wp = new_wp
        pc = rw((vector + 2) & 0xFFFF) & 0xFFFE
        holdoff = True

    # -- format IV: CRU multiple bits ---------------------------------------------
    def ldcr(op: int) -> int:
        nonlocal st
        count = ((op >> 6) & 15) or 16
        if count <= 8:
            v = rb(ga_b((op >> 4) & 3, op & 15))
            st = (st & 0x1BFF) | laep_b[v]
        else:
            v = rw(ga_w((op >> 4) & 3, op & 15))
            st = (st & 0x1FFF) | lae_w[v]
        base = rw(wp + 24) >> 1
        for i in range(count):
            cru_out((base + i) & 0xFFF, (v >> i) & 1)
        return 20 + 2 * count

    def stcr(op: int) -> int:
        nonlocal st
        count = ((op >> 6) & 15) or 16
        byte = count <= 8
        ea = ga_b((op >> 4) & 3, op & 15) if byte else ga_w((op >> 4) & 3, op & 15)
        if byte:
            rb(ea)
        else:
            rw(ea)
        base = rw(wp + 24) >> 1
        v = 0
        for i in range(count):
            if cru_in((base + i) & 0xFFF) & 1:
                v |= 1 << i
        if byte:
            st = (st & 0x1BFF) | laep_b[v]
            wb(ea, v)
        else:
            st = (st & 0x1FFF) | lae_w[v]
            ww(ea, v)
        return isa.stcr_cycles(count)

    # -- format V: shifts -----------------------------------------------------
    def shift_count(op: int) -> tuple[int, int]:
        """(count, base cycles); a count of 0 takes R0's low nibble (0 = 16)."""
        c = (op >> 4) & 15
        if c:
            return c, 12 + 2 * c
        c = (rw(wp) & 15) or 16
        return c, isa.SHIFT_BY_R0 + 2 * c

    def sra(op: int) -> int:
        nonlocal st
        ra = wp + ((op & 15) << 1)
        v = rw(ra)
        c, n = shift_count(op)
        sv = v - 0x10000 if v & 0x8000 else v
        r = (sv >> c) & 0xFFFF
        st = (st & 0x0FFF) | lae_w[r] | (ST_C if (sv >> (c - 1)) & 1 else 0)
        ww(ra, r)
        return n

    def srl(op: int) -> int:
        nonlocal st
        ra = wp + ((op & 15) << 1)
        v = rw(ra)
        c, n = shift_count(op)
        r = v >> c
        st = (st & 0x0FFF) | lae_w[r] | (ST_C if (v >> (c - 1)) & 1 else 0)
        ww(ra, r)
        return n

    def sla(op: int) -> int:
        nonlocal st
        ra = wp + ((op & 15) << 1)
        v = rw(ra)
        c, n = shift_count(op)
        r = (v << c) & 0xFFFF
        # OV: the MSB changed at some point, i.e. the top c+1 bits are not all
        # equal (for 16, the final 0 counts too: any set bit overflows).
        if c < 16:
            top = v >> (15 - c)
            ov = top != 0 and top != (2 << c) - 1
        else:
            ov = v != 0
        st = ((st & 0x07FF) | lae_w[r] | (ST_C if (v >> (16 - c)) & 1 else 0)
              | (ST_OV if ov else 0))
        ww(ra, r)
        return n

    def src(op: int) -> int:
        nonlocal st
        ra = wp + ((op & 15) << 1)
        v = rw(ra)
        c, n = shift_count(op)
        r = ((v >> c) | (v << (16 - c))) & 0xFFFF
        st = (st & 0x0FFF) | lae_w[r] | (ST_C if r & 0x8000 else 0)
        ww(ra, r)
        return n

    # -- format VI: one general operand ----------------------------------------
    def blwp(op: int) -> int:
        context_switch(ga_w((op >> 4) & 3, op & 15))
        return 26

    def b(op: int) -> int:
        nonlocal pc
        ea = ga_w((op >> 4) & 3, op & 15)
        rw(ea)  # B reads its operand, then jumps to the operand's address
        pc = ea & 0xFFFE
        return 8

    def bl(op: int) -> int:
        nonlocal pc
        ea = ga_w((op >> 4) & 3, op & 15)
        rw(ea)
        ww(wp + 22, pc)
        pc = ea & 0xFFFE
        return 12

    def x(op: int) -> int:
        target = rw(ga_w((op >> 4) & 3, op & 15))
        return 8 + isa.X_OVERHEAD + table[target](target)

    def one(fn: Callable[[int], int], base: int) -> Callable[[int], int]:
        def handler(op: int) -> int:
            ea = ga_w((op >> 4) & 3, op & 15)
            ww(ea, fn(rw(ea)))
            return base
        return handler

    def clr_v(v: int) -> int:
        return 0

    def seto_v(v: int) -> int:
        return 0xFFFF

    def inv_v(v: int) -> int:
        nonlocal st
        r = v ^ 0xFFFF
        st = (st & 0x1FFF) | lae_w[r]
        return r

    def neg_v(v: int) -> int:
        return sub_w(v, 0)

    def swpb_v(v: int) -> int:
        return ((v >> 8) | (v << 8)) & 0xFFFF

    def abs_(op: int) -> int:
        nonlocal st
        ea = ga_w((op >> 4) & 3, op & 15)
        v = rw(ea)
        flags = lae_w[v]
        if v & 0x8000:
            r = (-v) & 0xFFFF
            st = (st & 0x07FF) | flags | (ST_OV if v == 0x8000 else 0)
            ww(ea, r)
            return isa.ABS_NEGATED
        st = (st & 0x07FF) | flags
        return 12

    # -- format VIII: immediates, internal registers -----------------------------
    def li(op: int) -> int:
        nonlocal st
        v = fetch()
        st = (st & 0x1FFF) | lae_w[v]
        ww(wp + ((op & 15) << 1), v)
        return 12

    def imm_alu(fn: Callable[[int, int], int]) -> Callable[[int], int]:
        def handler(op: int) -> int:
            ra = wp + ((op & 15) << 1)
            d = rw(ra)
            ww(ra, fn(fetch(), d))
            return 14
        return handler

    def andi_v(s: int, d: int) -> int:
        return mov_w(s & d, d)

    def ci(op: int) -> int:
        d = rw(wp + ((op & 15) << 1))
        cmp_w(d, fetch())
        return 14

    def stwp(op: int) -> int:
        ww(wp + ((op & 15) << 1), wp)
        return 8

    def stst(op: int) -> int:
        ww(wp + ((op & 15) << 1), st)
        return 8

    def lwpi(op: int) -> int:
        nonlocal wp
        wp = fetch() & 0xFFFE
        return 10

    def limi(op: int) -> int:
        nonlocal st
        st = (st & 0xFFF0) | (fetch() & 15)
        return 16

    # -- format VII: control ------------------------------------------------------
    def idle_(op: int) -> int:
        nonlocal idle
        idle = True
        return 12

    def rset(op: int) -> int:
        nonlocal st
        st &= 0xFFF0
        return 12

    def rtwp(op: int) -> int:
        nonlocal st, pc, wp
        st = rw(wp + 30)
        pc = rw(wp + 28) & 0xFFFE
        wp = rw(wp + 26) & 0xFFFE
        return 14

    def external(op: int) -> int:
        """CKON, CKOF, LREX: only CRUCLK pulses on the pins; nothing inside."""
        return 12

    def illegal(op: int) -> int:
        return isa.ILLEGAL_CYCLES

    handlers: dict[str, Callable[[int], int]] = {
        "A": two_w(add_w), "AB": two_b(add_b), "S": two_w(sub_w), "SB": two_b(sub_b),
        "C": two_w(cmp_w), "CB": two_b(cmp_b), "MOV": two_w(mov_w), "MOVB": two_b(mov_b),
        "SOC": two_w(soc_w), "SOCB": two_b(soc_b), "SZC": two_w(szc_w),
        "SZCB": two_b(szc_b),
        "SBO": sbo, "SBZ": sbz, "TB": tb,
        "COC": coc, "CZC": czc, "XOR": xor, "XOP": xop, "MPY": mpy, "DIV": div,
        "LDCR": ldcr, "STCR": stcr,
        "SRA": sra, "SRL": srl, "SLA": sla, "SRC": src,
        "BLWP": blwp, "B": b, "X": x, "BL": bl, "ABS": abs_,
        "CLR": one(clr_v, 10), "SETO": one(seto_v, 10), "INV": one(inv_v, 10),
        "NEG": one(neg_v, 12), "SWPB": one(swpb_v, 10),
        "INC": one(lambda v: add_w(1, v), 10), "INCT": one(lambda v: add_w(2, v), 10),
        "DEC": one(lambda v: sub_w(1, v), 10), "DECT": one(lambda v: sub_w(2, v), 10),
        "LI": li, "AI": imm_alu(add_w), "ANDI": imm_alu(andi_v),
        "ORI": imm_alu(soc_w), "CI": ci, "STWP": stwp, "STST": stst,
        "LWPI": lwpi, "LIMI": limi,
        "IDLE": idle_, "RSET": rset, "RTWP": rtwp,
        "CKON": external, "CKOF": external, "LREX": external,
    }
    for op in isa.OPS:
        if op.fmt == isa.JUMP:
            handlers[op.mnemonic] = jump
    missing = {op.mnemonic for op in isa.OPS} - handlers.keys()
    if missing:
        raise AssertionError(f"no handler for {sorted(missing)}")
    # Every opcode's words form one contiguous block (its mask keeps only high
    # bits), so the table is filled by slices; isa.DECODE has vetted overlaps.
    table: list[Callable[[int], int]] = [illegal] * 0x10000
    for op in isa.OPS:
        size = (~op.mask & 0xFFFF) + 1
        table[op.opcode:op.opcode + size] = [handlers[op.mnemonic]] * size

    # -- interrupts and the run loop ------------------------------------------------
    def enter_interrupt(level: int) -> int:
        nonlocal st, idle
        idle = False
        context_switch(level << 2)
        st = (st & 0xFFF0) | ((level - 1) & 15)
        return isa.INTERRUPT_CYCLES

    def attach() -> None:
        """Pick up the bus and CRU callables: they change when watches do."""
        nonlocal read, write, cru_in, cru_out
        read = bus.read
        write = bus.write
        cru_in = cpu.cru_read
        cru_out = cpu.cru_write

    def step() -> int:
        nonlocal pc, cycles, holdoff
        attach()
        start = cycles
        if holdoff:
            holdoff = False
        elif irq and irq <= st & 15:
            cycles += enter_interrupt(irq)
            return cycles - start
        if idle:
            cycles += isa.IDLE_STEP
            return isa.IDLE_STEP
        op = rw(pc)
        pc = (pc + 2) & 0xFFFE
        n = table[op](op)
        cycles += n
        return cycles - start

    def run(budget: int) -> int:
        nonlocal pc, cycles, holdoff
        attach()
        start = cycles
        end = start + budget
        while cycles < end:
            if holdoff or irq:
                if holdoff:
                    holdoff = False
                elif irq <= st & 15:
                    n = enter_interrupt(irq)
                    cycles += n
                    continue
            if idle:
                break
            op = rw(pc)
            pc = (pc + 2) & 0xFFFE
            n = table[op](op)
            cycles += n
        return cycles - start

    def reset() -> None:
        nonlocal st, idle, holdoff, cycles
        attach()
        st = 0
        idle = False
        context_switch(0)
        holdoff = False
        cycles += isa.RESET_CYCLES

    def load_interrupt() -> None:
        nonlocal idle, cycles
        attach()
        idle = False
        context_switch(0xFFFC)
        cycles += isa.INTERRUPT_CYCLES

    def get(name: str) -> Any:
        return {"pc": pc, "wp": wp, "st": st, "cycles": cycles, "idle": idle,
                "irq": irq, "holdoff": holdoff}[name]

    def put(name: str, v: Any) -> None:
        nonlocal pc, wp, st, cycles, idle, irq, holdoff
        if name == "pc":
            pc = int(v) & 0xFFFE
        elif name == "wp":
            wp = int(v) & 0xFFFE
        elif name == "st":
            st = int(v) & 0xFFFF
        elif name == "cycles":
            cycles = int(v)
        elif name == "idle":
            idle = bool(v)
        elif name == "irq":
            irq = int(v) & 15
        elif name == "holdoff":
            holdoff = bool(v)
        else:
            raise AttributeError(name)

    engine = _Engine()
    engine.get, engine.put, engine.step, engine.run = get, put, step, run
    engine.reset, engine.load_interrupt, engine.table = reset, load_interrupt, table
    return engine
