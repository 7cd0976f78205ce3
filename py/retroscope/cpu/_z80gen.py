"""Generate the Z80 core's opcode handlers from the forms in `isaz80`.

Each form ("ld a,(ix+d)", "adc hl,de", "ld b,rlc (iy+d)", ...) becomes one
specialised Python function: operands are resolved at generation time, so a
handler does only its own work (no decoding, no operand dispatch at run time).
The source is compiled once, at import.

Handler contract: `h(cpu, read, write) -> T-states`, called with the opcode
(and any prefix) already fetched, `cpu.pc` pointing past it. DDCB/FDCB
handlers take a fourth argument, the effective address. A few raise `Stop` or
`SyncR` (below) to hand control back to the fetch loop. Every handler sets
`cpu._q`: F's new value when the instruction wrote F, else 0; bit 8 marks
EI (interrupts held off for one instruction) and bit 9 LD A,I / LD A,R
(the IFF2 P/V quirk).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from . import stmts
from .codegen import generated_code
from .isaz80 import PAGES, Form

# -- flag tables (one source: built here, shared with the core) ---------------
SZ53 = tuple((v & 0xA8) | (0x40 if v == 0 else 0) for v in range(256))
PARITY = tuple(0 if bin(v).count("1") & 1 else 0x04 for v in range(256))
SZ53P = tuple(SZ53[v] | PARITY[v] for v in range(256))
# INC/DEC flags by result (carry kept separately).
INC_F = tuple(SZ53[v] | (0x10 if v & 0x0F == 0 else 0) | (0x04 if v == 0x80 else 0)
              for v in range(256))
DEC_F = tuple(SZ53[v] | 0x02 | (0x10 if v & 0x0F == 0x0F else 0) | (0x04 if v == 0x7F else 0)
              for v in range(256))

class Stop(Exception):
    """Raised by a handler, after its work, when the fetch loop must look at
    interrupts or HALT (HALT; EI, RETI, RETN with an interrupt raised); the
    handler's T-states are in `cpu._stop`. Costs nothing when not raised."""


class SyncR(Exception):
    """Raised by LD A,R and LD R,A before doing anything when R is not exact
    (the fast loop counts M1 cycles in a local): the loop syncs R and runs
    the instruction again on its own."""


STOP = Stop()
SYNC_R = SyncR()

PAIRS = {"bc": ("b", "c"), "de": ("d", "e"), "hl": ("h", "l"), "af": ("a", "f")}
INDEX_HALVES = {"ixh": ("ix", True), "ixl": ("ix", False), "iyh": ("iy", True),
                "iyl": ("iy", False)}
REGS8 = ("a", "b", "c", "d", "e", "h", "l")
COND = {"nz": "not cpu.f & 0x40", "z": "cpu.f & 0x40", "nc": "not cpu.f & 0x01",
        "c": "cpu.f & 0x01", "po": "not cpu.f & 0x04", "pe": "cpu.f & 0x04",
        "p": "not cpu.f & 0x80", "m": "cpu.f & 0x80"}


# The port functions as the handlers call them: the bus's, looked up per access.
PORTS = ("cpu.bus.port_in", "cpu.bus.port_out")
# ... and as a block's code names them until its passes are done (plain names).
_BLOCK_PORTS = ("port_in", "port_out")
_TO_BUS = dict(zip(_BLOCK_PORTS, PORTS, strict=True))


class _Gen:
    """Builds one handler's source lines.

    Given `operands` (the instruction's operand bytes) and `at` (the address
    of the first), it builds code for that one instance instead: immediates
    become constants and PC is left alone (the block compiler sets it)."""

    def __init__(self, form: Form, operands: list[int] | None = None, at: int = 0,
                 ports: tuple[str, str] = PORTS) -> None:
        self.form = form
        self.port_in, self.port_out = ports  # the bus's port functions, as the code names them
        self.lines: list[str] = []
        self.operands = operands
        self.at = at
        self.addr_ready = form.prefix in ("ddcb", "fdcb") and operands is None

    def emit(self, *lines: str) -> None:
        self.lines.extend(lines)

    def next_pc(self) -> str:
        """The address after the instruction, once its operands are fetched:
        a literal for one instance (`at` has gone past them), else PC."""
        return "cpu.pc" if self.operands is None else str(self.at)

    def _known(self, count: int) -> int:
        assert self.operands is not None
        value = int.from_bytes(bytes(self.operands[:count]), "little")
        del self.operands[:count]
        self.at += count
        return value

    # -- immediate fields ------------------------------------------------------
    def fetch_n(self, var: str = "n") -> None:
        if self.operands is not None:
            self.emit(f"pc = {self.at}", f"{var} = {self._known(1)}")
            return
        self.emit("pc = cpu.pc", f"{var} = read(pc)", "cpu.pc = (pc + 1) & 0xFFFF")

    def fetch_nn(self) -> None:
        if self.operands is not None:
            self.emit(f"nn = {self._known(2)}")
            return
        self.emit("pc = cpu.pc", "nn = read(pc) | (read((pc + 1) & 0xFFFF) << 8)",
                  "cpu.pc = (pc + 2) & 0xFFFF")

    def mem_addr(self, op: str) -> None:
        """Set local `addr` for a memory operand (and WZ for (ix+d))."""
        if self.addr_ready:
            return
        self.addr_ready = True
        if op == "(hl)":
            self.emit("addr = (cpu.h << 8) | cpu.l")
        elif self.operands is not None:
            d = self._known(1)
            self.emit(f"addr = cpu.wz = (cpu.{op[1:3]} + {d - ((d & 0x80) << 1)}) & 0xFFFF")
        else:
            ix = op[1:3]
            self.emit("pc = cpu.pc", "d = read(pc)", "cpu.pc = (pc + 1) & 0xFFFF",
                      f"addr = cpu.wz = (cpu.{ix} + d - ((d & 0x80) << 1)) & 0xFFFF")

    # -- 8-bit operands --------------------------------------------------------
    def get8(self, op: str, var: str = "v") -> str:
        """Emit what is needed to read operand `op`; return an expression."""
        if op in REGS8 or op in ("i",):
            return f"cpu.{op}"
        if op in INDEX_HALVES:
            reg, high = INDEX_HALVES[op]
            return f"(cpu.{reg} >> 8)" if high else f"(cpu.{reg} & 0xFF)"
        if op == "r":
            return "(cpu._r7 | (cpu._r & 0x7F))"
        if op == "n":
            self.fetch_n(var)
            return var
        if op == "(hl)" or op.endswith("+d)"):
            self.mem_addr(op)
            self.emit(f"{var} = read(addr)")
            return var
        raise ValueError(f"no 8-bit read for {op!r}")

    def set8(self, op: str, expr: str) -> None:
        if op in REGS8 or op == "i":
            self.emit(f"cpu.{op} = {expr}")
        elif op in INDEX_HALVES:
            reg, high = INDEX_HALVES[op]
            if high:
                self.emit(f"cpu.{reg} = (cpu.{reg} & 0xFF) | (({expr}) << 8)")
            else:
                self.emit(f"cpu.{reg} = (cpu.{reg} & 0xFF00) | ({expr})")
        elif op == "r":
            self.emit(f"v = {expr}", "cpu._r7 = v & 0x80", "cpu._r = v & 0x7F")
        elif op == "(hl)" or op.endswith("+d)"):
            self.mem_addr(op)
            self.emit(f"write(addr, {expr})")
        else:
            raise ValueError(f"no 8-bit write for {op!r}")

    # -- 16-bit operands -------------------------------------------------------
    @staticmethod
    def get16(op: str) -> str:
        if op in PAIRS:
            hi, lo = PAIRS[op]
            return f"((cpu.{hi} << 8) | cpu.{lo})"
        return f"cpu.{op}"

    def set16(self, op: str, expr: str) -> None:
        if op in PAIRS:
            hi, lo = PAIRS[op]
            self.emit(f"t16 = {expr}", f"cpu.{hi} = t16 >> 8", f"cpu.{lo} = t16 & 0xFF")
        else:
            self.emit(f"cpu.{op} = {expr}")

    def push(self, expr: str) -> None:
        self.emit(f"t16 = {expr}", "sp = (cpu.sp - 1) & 0xFFFF", "write(sp, t16 >> 8)",
                  "sp = (sp - 1) & 0xFFFF", "write(sp, t16 & 0xFF)", "cpu.sp = sp")

    def pop(self, var: str) -> None:
        self.emit("sp = cpu.sp", f"{var} = read(sp) | (read((sp + 1) & 0xFFFF) << 8)",
                  "cpu.sp = (sp + 2) & 0xFFFF")


def _nf(g: _Gen) -> None:
    """The instruction leaves F alone: q is cleared."""
    g.emit("cpu._q = 0")


def _setf(g: _Gen, expr: str) -> None:
    g.emit(f"cpu.f = cpu._q = {expr}")


# -- generators per mnemonic ---------------------------------------------------
def _ld(g: _Gen) -> None:
    dst, src = g.form.operands
    _nf(g)
    wide = dst in ("bc", "de", "hl", "sp", "ix", "iy") or src in ("bc", "de", "hl", "sp",
                                                                   "ix", "iy")
    if wide:
        if src == "nn":
            g.fetch_nn()
            g.set16(dst, "nn")
        elif src == "(nn)":
            g.fetch_nn()
            g.set16(dst, "read(nn) | (read((nn + 1) & 0xFFFF) << 8)")
            g.emit("cpu.wz = (nn + 1) & 0xFFFF")
        elif dst == "(nn)":
            g.fetch_nn()
            g.emit(f"t16 = {g.get16(src)}", "write(nn, t16 & 0xFF)",
                   "nn = (nn + 1) & 0xFFFF", "write(nn, t16 >> 8)", "cpu.wz = nn")
        else:  # ld sp,hl / ix / iy
            g.set16(dst, g.get16(src))
        return
    if src in ("(bc)", "(de)", "(nn)"):
        if src == "(nn)":
            g.fetch_nn()
            g.emit("addr = nn")
        else:
            g.emit(f"addr = {g.get16(src[1:3])}")
        g.emit("cpu.a = read(addr)", "cpu.wz = (addr + 1) & 0xFFFF")
        return
    if dst in ("(bc)", "(de)", "(nn)"):
        if dst == "(nn)":
            g.fetch_nn()
            g.emit("addr = nn")
        else:
            g.emit(f"addr = {g.get16(dst[1:3])}")
        g.emit("a = cpu.a", "write(addr, a)", "cpu.wz = (a << 8) | ((addr + 1) & 0xFF)")
        return
    if src in ("i", "r"):  # ld a,i / ld a,r: flags, and the P/V quirk marker
        g.lines.pop()  # F is written after all
        if src == "r":  # the fast loop counts M1 cycles in a local: have R made exact
            g.emit("if not cpu._rsync:", "    raise SYNC_R")
        g.emit(f"v = {g.get8(src)}", "cpu.a = v",
               "f = (cpu.f & 0x01) | SZ53[v] | (0x04 if cpu.iff2 else 0)",
               "cpu.f = f", "cpu._q = f | 0x200")
        return
    if dst == "r":  # ld r,a: as ld a,r, R must be exact first
        g.emit("if not cpu._rsync:", "    raise SYNC_R")
    if dst.endswith("+d)") and src == "n":
        g.mem_addr(dst)
        g.fetch_n("n")
        g.emit("write(addr, n)")
        return
    if src == "n" and dst in ("(hl)",):
        g.fetch_n("n")
        g.set8(dst, "n")
        return
    g.set8(dst, g.get8(src))


ALU_CODE = {
    "add": ("res = a + v",
            "SZ53[res & 0xFF] | ((a ^ v ^ res) & 0x10) | (((a ^ res) & (v ^ res) & 0x80) >> 5)"
            " | (res >> 8)", True),
    "adc": ("res = a + v + (cpu.f & 1)",
            "SZ53[res & 0xFF] | ((a ^ v ^ res) & 0x10) | (((a ^ res) & (v ^ res) & 0x80) >> 5)"
            " | (res >> 8)", True),
    "sub": ("res = a - v",
            "SZ53[res & 0xFF] | ((a ^ v ^ res) & 0x10) | (((a ^ v) & (a ^ res) & 0x80) >> 5)"
            " | 0x02 | ((res >> 8) & 1)", True),
    "sbc": ("res = a - v - (cpu.f & 1)",
            "SZ53[res & 0xFF] | ((a ^ v ^ res) & 0x10) | (((a ^ v) & (a ^ res) & 0x80) >> 5)"
            " | 0x02 | ((res >> 8) & 1)", True),
    "and": ("res = a & v", "SZ53P[res] | 0x10", True),
    "xor": ("res = a ^ v", "SZ53P[res]", True),
    "or": ("res = a | v", "SZ53P[res]", True),
    "cp": ("res = a - v",
           "(SZ53[res & 0xFF] & 0xD7) | (v & 0x28) | ((a ^ v ^ res) & 0x10)"
           " | (((a ^ v) & (a ^ res) & 0x80) >> 5) | 0x02 | ((res >> 8) & 1)", False),
}


def _alu(g: _Gen) -> None:
    ops = g.form.operands
    src = ops[-1]
    if g.form.mnemonic in ("add", "adc", "sbc") and ops[0] != "a":
        _alu16(g)
        return
    v = g.get8(src)
    if v != "v":
        g.emit(f"v = {v}")
    calc, flags, store = ALU_CODE[g.form.mnemonic]
    g.emit("a = cpu.a", calc)
    _setf(g, flags)
    if store:
        g.emit("cpu.a = res & 0xFF")


def _alu16(g: _Gen) -> None:
    dst, src = g.form.operands
    g.emit(f"x = {g.get16(dst)}", f"v = {g.get16(src)}", "cpu.wz = (x + 1) & 0xFFFF")
    mn = g.form.mnemonic
    if mn == "add":
        g.emit("res = x + v")
        _setf(g, "(cpu.f & 0xC4) | ((res >> 8) & 0x28) | (((x ^ v ^ res) >> 8) & 0x10)"
                 " | (res >> 16)")
    elif mn == "adc":
        g.emit("res = x + v + (cpu.f & 1)", "r16 = res & 0xFFFF")
        _setf(g, "((r16 >> 8) & 0xA8) | (0x40 if r16 == 0 else 0)"
                 " | (((x ^ v ^ res) >> 8) & 0x10) | (((x ^ res) & (v ^ res) & 0x8000) >> 13)"
                 " | (res >> 16)")
    else:
        g.emit("res = x - v - (cpu.f & 1)", "r16 = res & 0xFFFF")
        _setf(g, "((r16 >> 8) & 0xA8) | (0x40 if r16 == 0 else 0)"
                 " | (((x ^ v ^ res) >> 8) & 0x10) | (((x ^ v) & (x ^ res) & 0x8000) >> 13)"
                 " | 0x02 | ((res >> 16) & 1)")
    g.set16(dst, "res & 0xFFFF")


def _incdec(g: _Gen) -> None:
    (op,) = g.form.operands
    inc = g.form.mnemonic == "inc"
    if op in ("bc", "de", "hl", "sp", "ix", "iy"):
        _nf(g)
        g.set16(op, f"({g.get16(op)} {'+' if inc else '-'} 1) & 0xFFFF")
        return
    v = g.get8(op)
    g.emit(f"res = ({v} {'+' if inc else '-'} 1) & 0xFF")
    _setf(g, f"(cpu.f & 0x01) | {'INC_F' if inc else 'DEC_F'}[res]")
    g.set8(op, "res")


def _rot_a(g: _Gen) -> None:
    mn = g.form.mnemonic
    g.emit("a = cpu.a")
    if mn == "rlca":
        g.emit("res = ((a << 1) | (a >> 7)) & 0xFF", "c = a >> 7")
    elif mn == "rrca":
        g.emit("res = ((a >> 1) | (a << 7)) & 0xFF", "c = a & 1")
    elif mn == "rla":
        g.emit("res = ((a << 1) | (cpu.f & 1)) & 0xFF", "c = a >> 7")
    else:
        g.emit("res = (a >> 1) | ((cpu.f & 1) << 7)", "c = a & 1")
    g.emit("cpu.a = res")
    _setf(g, "(cpu.f & 0xC4) | (res & 0x28) | c")


ROT_CODE = {
    "rlc": ("res = ((v << 1) | (v >> 7)) & 0xFF", "v >> 7"),
    "rrc": ("res = ((v >> 1) | (v << 7)) & 0xFF", "v & 1"),
    "rl": ("res = ((v << 1) | (cpu.f & 1)) & 0xFF", "v >> 7"),
    "rr": ("res = (v >> 1) | ((cpu.f & 1) << 7)", "v & 1"),
    "sla": ("res = (v << 1) & 0xFF", "v >> 7"),
    "sra": ("res = (v >> 1) | (v & 0x80)", "v & 1"),
    "sll": ("res = ((v << 1) | 1) & 0xFF", "v >> 7"),
    "srl": ("res = v >> 1", "v & 1"),
}


def _cb_rot(g: _Gen) -> None:
    (op,) = g.form.operands
    v = g.get8(op)
    if v != "v":
        g.emit(f"v = {v}")
    calc, carry = ROT_CODE[g.form.mnemonic]
    g.emit(calc)
    _setf(g, f"SZ53P[res] | ({carry})")
    g.set8(op, "res")
    if g.form.copy_to:
        g.set8(g.form.copy_to, "res")


def _bit(g: _Gen) -> None:
    n, op = g.form.operands
    bit = 1 << int(n)
    v = g.get8(op)
    if op in ("(hl)",):
        xy = "((cpu.wz >> 8) & 0x28)"
    elif op.endswith("+d)"):
        xy = "((addr >> 8) & 0x28)"
    else:
        xy = f"({v} & 0x28)"
    g.emit(f"res = {v} & {bit}")
    _setf(g, f"(cpu.f & 0x01) | 0x10 | {xy} | (res & 0x80) | (0 if res else 0x44)")


def _resset(g: _Gen) -> None:
    n, op = g.form.operands
    _nf(g)
    bit = 1 << int(n)
    v = g.get8(op)
    expr = f"{v} | {bit}" if g.form.mnemonic == "set" else f"{v} & {0xFF ^ bit}"
    g.emit(f"res = {expr}")
    g.set8(op, "res")
    if g.form.copy_to:
        g.set8(g.form.copy_to, "res")


def _jump_cond(g: _Gen) -> str | None:
    ops = g.form.operands
    return COND[ops[0]] if len(ops) == 2 or (ops and ops[0] in COND and
                                              g.form.mnemonic == "ret") else None


def _jp(g: _Gen) -> None:
    _nf(g)
    ops = g.form.operands
    if ops[0] in ("(hl)", "(ix)", "(iy)"):
        g.emit(f"cpu.pc = {g.get16(ops[0][1:3])}")
        return
    g.fetch_nn()
    g.emit("cpu.wz = nn")
    cond = _jump_cond(g)
    if cond:
        g.emit(f"if {cond}:", "    cpu.pc = nn")
    else:
        g.emit("cpu.pc = nn")


def _jr(g: _Gen) -> None:
    _nf(g)
    f = g.form
    g.fetch_n("e")
    cond = _jump_cond(g)
    if f.mnemonic == "djnz":
        g.emit("b = (cpu.b - 1) & 0xFF", "cpu.b = b")
        cond = "b"
    target = "(pc + 1 + e - ((e & 0x80) << 1)) & 0xFFFF"
    if cond:
        g.emit(f"if {cond}:", f"    cpu.pc = cpu.wz = {target}", f"    return {f.cycles_taken}")
    else:
        g.emit(f"cpu.pc = cpu.wz = {target}")


def _call(g: _Gen) -> None:
    _nf(g)
    f = g.form
    g.fetch_nn()
    g.emit("cpu.wz = nn")
    cond = _jump_cond(g)
    if cond:
        g.emit(f"if not ({cond}):", f"    return {f.cycles}")
    g.push(g.next_pc())
    g.emit("cpu.pc = nn")
    if cond:
        g.emit(f"return {f.cycles_taken}")


def _ret(g: _Gen) -> None:
    _nf(g)
    f = g.form
    cond = _jump_cond(g)
    if cond:
        g.emit(f"if not ({cond}):", f"    return {f.cycles}")
    g.pop("t16")
    g.emit("cpu.pc = cpu.wz = t16")
    if f.mnemonic in ("reti", "retn"):
        g.emit("cpu.iff1 = cpu.iff2",
               "if cpu.irq and cpu.iff1:  # the fetch loop must look again",
               f"    cpu._stop = {f.cycles}", "    raise STOP")
    if cond:
        g.emit(f"return {f.cycles_taken}")


def _rst(g: _Gen) -> None:
    _nf(g)
    target = int(g.form.operands[0][1:], 16)
    g.push(g.next_pc())
    g.emit(f"cpu.pc = cpu.wz = {target}")


def _pushpop(g: _Gen) -> None:
    _nf(g)
    (op,) = g.form.operands
    if g.form.mnemonic == "push":
        g.push(g.get16(op))
    else:
        g.pop("v16")
        if op == "af":
            g.emit("cpu.a = v16 >> 8", "cpu.f = v16 & 0xFF")
        else:
            g.set16(op, "v16")


def _ex(g: _Gen) -> None:
    a, b = g.form.operands
    _nf(g)
    if a == "af":
        g.emit("t16 = (cpu.a << 8) | cpu.f", "v16 = cpu.af_", "cpu.af_ = t16",
               "cpu.a = v16 >> 8", "cpu.f = v16 & 0xFF")
    elif a == "de":
        g.emit("cpu.d, cpu.e, cpu.h, cpu.l = cpu.h, cpu.l, cpu.d, cpu.e")
    else:  # ex (sp),hl/ix/iy: read low, high; write high, low
        g.emit("sp = cpu.sp", "v16 = read(sp) | (read((sp + 1) & 0xFFFF) << 8)",
               f"t16 = {g.get16(b)}", "write((sp + 1) & 0xFFFF, t16 >> 8)",
               "write(sp, t16 & 0xFF)", "cpu.wz = v16")
        g.set16(b, "v16")


def _exx(g: _Gen) -> None:
    _nf(g)
    g.emit("bc, de, hl = cpu.bc_, cpu.de_, cpu.hl_",
           "cpu.bc_ = (cpu.b << 8) | cpu.c", "cpu.de_ = (cpu.d << 8) | cpu.e",
           "cpu.hl_ = (cpu.h << 8) | cpu.l",
           "cpu.b = bc >> 8", "cpu.c = bc & 0xFF", "cpu.d = de >> 8", "cpu.e = de & 0xFF",
           "cpu.h = hl >> 8", "cpu.l = hl & 0xFF")


def _misc(g: _Gen) -> None:
    mn = g.form.mnemonic
    if mn == "nop":
        _nf(g)
    elif mn == "halt":
        _nf(g)
        g.emit("cpu.halted = cpu._attn = 1", f"cpu._stop = {g.form.cycles}", "raise STOP")
    elif mn == "di":
        _nf(g)
        g.emit("cpu.iff1 = cpu.iff2 = 0")
    elif mn == "ei":
        g.emit("cpu.iff1 = cpu.iff2 = 1", "cpu._q = 0x100",
               "if cpu.irq or cpu.nmi_pending:  # the fetch loop must look again",
               f"    cpu._stop = {g.form.cycles}", "    raise STOP")
    elif mn == "im":
        _nf(g)
        g.emit(f"cpu.im = {int(g.form.operands[0])}")
    elif mn == "cpl":
        g.emit("a = cpu.a ^ 0xFF", "cpu.a = a")
        _setf(g, "(cpu.f & 0xC5) | 0x12 | (a & 0x28)")
    elif mn == "scf":
        g.emit("f = cpu.f")
        _setf(g, "(f & 0xC4) | ((((cpu._q & 0xFF) ^ f) | cpu.a) & 0x28) | 0x01")
    elif mn == "ccf":
        g.emit("f = cpu.f")
        _setf(g, "((f & 0xC5) | ((f & 1) << 4) | ((((cpu._q & 0xFF) ^ f) | cpu.a) & 0x28))"
                 " ^ 0x01")
    elif mn == "neg":
        g.emit("v = cpu.a", "res = -v")
        _setf(g, "SZ53[res & 0xFF] | ((v ^ res) & 0x10) | ((v & res & 0x80) >> 5)"
                 " | 0x02 | ((res >> 8) & 1)")
        g.emit("cpu.a = res & 0xFF")
    elif mn == "daa":
        g.emit("a = cpu.a", "f = cpu.f", "diff = 0x06 if f & 0x10 or a & 0x0F > 9 else 0",
               "c = 1 if f & 0x01 or a > 0x99 else 0",
               "if c:", "    diff |= 0x60",
               "if f & 0x02:",
               "    res = (a - diff) & 0xFF", "    h = 0x10 if f & 0x10 and a & 0x0F < 6 else 0",
               "else:",
               "    res = (a + diff) & 0xFF", "    h = 0x10 if a & 0x0F > 9 else 0",
               "cpu.a = res")
        _setf(g, "SZ53P[res] | h | (f & 0x02) | c")
    elif mn in ("rrd", "rld"):
        g.emit("addr = (cpu.h << 8) | cpu.l", "v = read(addr)", "a = cpu.a")
        if mn == "rrd":
            g.emit("write(addr, ((a << 4) | (v >> 4)) & 0xFF)", "a = (a & 0xF0) | (v & 0x0F)")
        else:
            g.emit("write(addr, ((v << 4) | (a & 0x0F)) & 0xFF)", "a = (a & 0xF0) | (v >> 4)")
        g.emit("cpu.a = a", "cpu.wz = (addr + 1) & 0xFFFF")
        _setf(g, "(cpu.f & 0x01) | SZ53P[a]")
    else:
        raise ValueError(f"no generator for {g.form.text!r}")


def _in(g: _Gen) -> None:
    dst, src = g.form.operands
    if src == "(n)":
        _nf(g)
        g.fetch_n("n")
        g.emit("port = (cpu.a << 8) | n", f"cpu.a = {g.port_in}(port)",
               "cpu.wz = (port + 1) & 0xFFFF")
        return
    g.emit("port = (cpu.b << 8) | cpu.c", f"v = {g.port_in}(port)",
           "cpu.wz = (port + 1) & 0xFFFF")
    _setf(g, "(cpu.f & 0x01) | SZ53P[v]")
    if dst != "f":
        g.set8(dst, "v")


def _out(g: _Gen) -> None:
    _nf(g)
    dst, src = g.form.operands
    if dst == "(n)":
        g.fetch_n("n")
        g.emit("a = cpu.a", f"{g.port_out}((a << 8) | n, a)",
               "cpu.wz = (a << 8) | ((n + 1) & 0xFF)")
        return
    value = "0" if src == "0" else g.get8(src)
    g.emit("port = (cpu.b << 8) | cpu.c", f"{g.port_out}(port, {value})",
           "cpu.wz = (port + 1) & 0xFFFF")


def _repeat(g: _Gen, cond: str, extra: tuple[str, ...] = ()) -> None:
    """The repeating block forms: back to the ED byte, flags 5/3 from PC's high byte."""
    g.emit(f"if {cond}:", "    pc = (cpu.pc - 2) & 0xFFFF", "    cpu.pc = pc",
           "    cpu.wz = (pc + 1) & 0xFFFF",
           "    f = (f & 0xD7) | ((pc >> 8) & 0x28)",
           *("    " + line for line in extra),
           "    cpu.f = cpu._q = f", f"    return {g.form.cycles_taken}")


def _block(g: _Gen) -> None:
    mn = g.form.mnemonic
    step = "+ 1" if mn[2] == "i" or mn in ("outi", "otir") else "- 1"
    rep = g.form.cycles_taken is not None
    if mn.startswith("ld"):
        g.emit("hl = (cpu.h << 8) | cpu.l", "de = (cpu.d << 8) | cpu.e",
               "bc = ((cpu.b << 8) | cpu.c) - 1 & 0xFFFF",
               "v = read(hl)", "write(de, v)",
               f"hl = (hl {step}) & 0xFFFF", f"de = (de {step}) & 0xFFFF",
               "cpu.h = hl >> 8", "cpu.l = hl & 0xFF", "cpu.d = de >> 8", "cpu.e = de & 0xFF",
               "cpu.b = bc >> 8", "cpu.c = bc & 0xFF",
               "n = (v + cpu.a) & 0xFF",
               "f = (cpu.f & 0xC1) | (n & 0x08) | ((n & 0x02) << 4) | (0x04 if bc else 0)")
        if rep:
            _repeat(g, "bc")
        g.emit("cpu.f = cpu._q = f")
    elif mn.startswith("cp"):
        g.emit("hl = (cpu.h << 8) | cpu.l", "bc = ((cpu.b << 8) | cpu.c) - 1 & 0xFFFF",
               "v = read(hl)", "a = cpu.a", "res = (a - v) & 0xFF",
               f"hl = (hl {step}) & 0xFFFF",
               "cpu.h = hl >> 8", "cpu.l = hl & 0xFF", "cpu.b = bc >> 8", "cpu.c = bc & 0xFF",
               f"cpu.wz = (cpu.wz {step}) & 0xFFFF",
               "h = (a ^ v ^ res) & 0x10", "n = (res - (h >> 4)) & 0xFF",
               "f = (cpu.f & 0x01) | 0x02 | h | (res & 0x80) | (0 if res else 0x40)"
               " | (n & 0x08) | ((n & 0x02) << 4) | (0x04 if bc else 0)")
        if rep:
            _repeat(g, "bc and res")
        g.emit("cpu.f = cpu._q = f")
    else:
        is_in = mn.startswith("in")
        if is_in:
            g.emit("bc = (cpu.b << 8) | cpu.c", f"t = {g.port_in}(bc)",
                   f"cpu.wz = (bc {step}) & 0xFFFF",
                   "b = (cpu.b - 1) & 0xFF", "cpu.b = b",
                   "hl = (cpu.h << 8) | cpu.l", "write(hl, t)",
                   f"hl = (hl {step}) & 0xFFFF", "cpu.h = hl >> 8", "cpu.l = hl & 0xFF",
                   f"k = t + ((cpu.c {step}) & 0xFF)")
        else:
            g.emit("hl = (cpu.h << 8) | cpu.l", "t = read(hl)",
                   "b = (cpu.b - 1) & 0xFF", "cpu.b = b",
                   "bc = (b << 8) | cpu.c", f"{g.port_out}(bc, t)",
                   f"cpu.wz = (bc {step}) & 0xFFFF",
                   f"hl = (hl {step}) & 0xFFFF", "cpu.h = hl >> 8", "cpu.l = hl & 0xFF",
                   "k = t + (hl & 0xFF)")
        g.emit("f = SZ53[b] | ((t >> 6) & 0x02) | (0x11 if k > 255 else 0)"
               " | PARITY[(k & 7) ^ b]")
        if rep:
            _repeat(g, "b", (
                "if f & 0x01:",
                "    if t & 0x80:",
                "        f ^= PARITY[(b - 1) & 7] ^ 0x04",
                "        f = (f & 0xEF) | (0x10 if b & 0x0F == 0 else 0)",
                "    else:",
                "        f ^= PARITY[(b + 1) & 7] ^ 0x04",
                "        f = (f & 0xEF) | (0x10 if b & 0x0F == 0x0F else 0)",
                "else:",
                "    f ^= PARITY[b & 7] ^ 0x04",
            ))
        g.emit("cpu.f = cpu._q = f")


GENERATORS: dict[str, Callable[[_Gen], None]] = {
    "ld": _ld, "add": _alu, "adc": _alu, "sub": _alu, "sbc": _alu, "and": _alu, "xor": _alu,
    "or": _alu, "cp": _alu, "inc": _incdec, "dec": _incdec,
    "rlca": _rot_a, "rrca": _rot_a, "rla": _rot_a, "rra": _rot_a,
    **{name: _cb_rot for name in ROT_CODE}, "bit": _bit, "res": _resset, "set": _resset,
    "jp": _jp, "jr": _jr, "djnz": _jr, "call": _call, "ret": _ret, "reti": _ret, "retn": _ret,
    "rst": _rst, "push": _pushpop, "pop": _pushpop, "ex": _ex, "exx": _exx,
    "in": _in, "out": _out,
    **{name: _block for name in ("ldi", "ldd", "ldir", "lddr", "cpi", "cpd", "cpir", "cpdr",
                                 "ini", "ind", "inir", "indr", "outi", "outd", "otir", "otdr")},
    **{name: _misc for name in ("nop", "halt", "di", "ei", "im", "cpl", "scf", "ccf", "neg",
                                "daa", "rrd", "rld")},
}


def handler_source(form: Form, name: str, ports: tuple[str, str] = PORTS) -> str:
    """Python source of one handler."""
    g = _Gen(form, ports=ports)
    GENERATORS[form.mnemonic](g)
    args = "cpu, read, write, addr" if form.prefix in ("ddcb", "fdcb") else "cpu, read, write"
    body = "\n".join("    " + line for line in g.lines)
    return f"def {name}({args}):\n{body}\n    return {form.cycles}\n"


# Instructions a compiled block may contain but must end with (they may jump or
# repeat), and instructions it must leave to the fetch loop (they stop it or
# need R exact).
ENDS_BLOCK = frozenset({"jp", "jr", "djnz", "call", "ret", "rst"})
NOT_IN_BLOCK = frozenset({"halt", "ei", "reti", "retn"})


def block_ends(form: Form) -> bool:
    return form.mnemonic in ENDS_BLOCK or form.cycles_taken is not None


def side_exit(form: Form) -> bool:
    """A jump a block may hold before its end: JR cc and DJNZ leave the block
    when taken (their handler returns there) and fall through otherwise."""
    return form.mnemonic in ("jr", "djnz") and form.cycles_taken is not None


def followed(form: Form) -> bool:
    """An unconditional jump a block may go on past, at its target: JP nn,
    JR e, CALL nn and RST; RET too, where it returns to a CALL or RST of the
    same block (checked as it runs: `block_source`'s `returns`)."""
    return (form.mnemonic in ("jp", "call", "jr") and form.operands in (("nn",), ("rel",))
            or form.mnemonic == "rst" or form.mnemonic == "ret" and not form.operands)


def jump_target(form: Form, operands: list[int], end: int) -> int:
    """Where a followed jump other than RET goes (`end`: the address after it)."""
    if form.mnemonic == "rst":
        return int(form.operands[0][1:], 16)
    if form.mnemonic == "jr":
        return side_exit_target(end, operands[0])
    return operands[0] | operands[1] << 8


def instruction_start(instr: tuple[Form, list[int], int, int]) -> int:
    """Where a block's instruction (form, operands, first operand's address,
    end) starts."""
    form, _, at, _ = instr
    return at - len(form.encoding[0])


def code_runs(instrs: list[tuple[Form, list[int], int, int]]) -> list[int]:
    """Which run of adjacent instructions each of a block's is in (a followed
    jump starts another unless its target is right after it)."""
    runs = [0]
    for before, instr in zip(instrs, instrs[1:], strict=False):
        runs.append(runs[-1] + (instruction_start(instr) != before[3]))
    return runs[:len(instrs)]


def code_segments(instrs: list[tuple[Form, list[int], int, int]]) -> list[tuple[int, int]]:
    """A block's code as its runs of adjacent instructions: (start, end) each."""
    out: list[tuple[int, int]] = []
    for instr, run in zip(instrs, code_runs(instrs), strict=True):
        if run == len(out):
            out.append((instruction_start(instr), instr[3]))
        else:
            out[-1] = (out[-1][0], instr[3])
    return out


def side_exit_target(end: int, e: int) -> int:
    """Where a side exit jumps, taken: `end` (the address after it) plus
    its signed offset byte e, as `_jr` computes it at run time."""
    return (end + e - ((e & 0x80) << 1)) & 0xFFFF


def block_allows(form: Form) -> bool:
    return bool(form.mnemonic) and form.mnemonic not in NOT_IN_BLOCK and not (
        form.mnemonic == "ld" and "r" in form.operands)


def _merged(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """[lo, hi) ranges sorted, those that overlap or touch made one."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def block_source(instrs: list[tuple[Form, list[int], int, int]], name: str,
                 watched: int = 0, loop_most: int | None = None,
                 code: tuple[bytes, ...] = (), returns: dict[int, int] | None = None,
                 forward: dict[int, int] | None = None) -> str:
    """One function running a run of instructions, each given as (form,
    operand bytes, address of the first operand byte, end address). Only
    the last may jump, but for side exits (`side_exit`): taken, they leave
    the block with R counted up to them; and for followed jumps (`followed`)
    after which the block goes on at their target. Returns the T-states taken.

    `code` holds the bytes of the block's code segments (`code_segments`)
    as compiled: each but the first (which the fast loop checks before the
    call) is checked as the block reaches it, and where it changed the block
    leaves there. `returns` maps the index of a followed RET to the address
    it must return to (after a CALL or RST of the block) for the block to
    go on; elsewhere it leaves after the RET. `forward` maps the index of a
    side exit to that of a later instruction of the same code segment that
    it jumps to: taken, the block goes on there (the instructions between
    run only when it is not; a local `k` counts the T-states the jump and
    the instructions skipped made differ, for what comes after).

    A write into the block's own code (self-modifying code) is noticed: the
    block leaves after that instruction, so the next one is fetched anew.
    A device access (memory with a handler, or a port) sees `cpu.cycles` at
    the start of its instruction, as in the fetch loop: the block's T-states
    so far are added around the call (the block is counted when it returns).
    `watched` says which watches the core keeps (1 writes, 2 reads): after
    a write through `write` (1), or an instruction that read memory (2), a
    stop asked for by the watch's hook (`cpu._stop_req`) ends the block
    too. (Watched pages are not plain RAM to the block: they go through the
    watching `read`/`write`.)

    `loop_most` (the block's most T-states): its last instruction jumps back
    to its start, and taken, it goes round again, the pass counted into
    `cpu.cycles` (so that a device still sees its instruction's start),
    while the fast loop would take the block again (`cpu._end`: its end)."""
    m1 = [1 if not form.prefix else 2 for form, _, _, _ in instrs]
    segments = code_segments(instrs)
    starts = {start: k for k, (start, _) in enumerate(segments)}
    in_code = " or ".join(f"{lo} <= w < {hi}" for lo, hi in _merged(segments))
    returns = returns or {}
    forward = forward or {}
    assert len(code) == len(segments) or len(segments) == 1, (code, segments)
    out = [f"def {name}(cpu, read, write):", f"    cpu._r += {sum(m1)}", "    hit = 0",
           *(["    k = 0"] if forward else [])]
    offset = 0
    at_k = ""  # " + k" once a forward jump may have changed the T-states so far
    last = len(instrs) - 1
    inside = 0  # the instructions before this index are skipped by a forward jump, taken
    for i, (form, operands, at, end) in enumerate(instrs):
        when = f"{offset}{at_k}"  # T-states into the block at this instruction's start
        start = instruction_start(instrs[i])
        chunk: list[str] = []  # this instruction's lines
        if i and starts.get(start, 0):  # a later segment: still as compiled?
            chunk += [f"    if not RAM.startswith({code[starts[start]]!r}, {start}):",
                      f"        cpu._r -= {sum(m1[i:])}", f"        return {when}"]
        goes_on = i < last and followed(form)  # the block goes on at its target
        skips = forward.get(i)  # taken, it jumps to this later instruction of the block
        g = _Gen(form, list(operands), at, _BLOCK_PORTS)
        always_jumps = form.mnemonic in ("call", "rst") and form.cycles_taken is None
        if i == last and block_ends(form) and not always_jumps:
            g.emit(f"cpu.pc = {end}")  # where a branch falls through
        GENERATORS[form.mnemonic](g)
        leaves = False  # the block may leave after this instruction
        lines: list[str] = []
        for line in g.lines:
            stripped = line.lstrip()
            indent = "    " + line[:len(line) - len(stripped)]
            if skips is not None and stripped.startswith("cpu.pc = cpu.wz = "):
                lines.append(f"{indent}{stripped[9:]}")  # PC: the block goes on there
                continue
            if skips is not None and stripped.startswith("return "):
                skipped = sum(f.cycles for f, _, _, _ in instrs[i + 1:skips])
                lines.append(f"{indent}k += {int(stripped[7:]) - form.cycles - skipped}")
                if m1[i + 1:skips]:
                    lines.append(f"{indent}cpu._r -= {sum(m1[i + 1:skips])}")
                continue
            if stripped.startswith("return ") and i < last:
                assert side_exit(form), form  # a side exit, taken
                lines.append(f"{indent}cpu._r -= {sum(m1[i + 1:])}")
            if stripped.startswith("return ") and (offset or at_k):
                stripped = f"return {when} + {stripped[7:]}"
            if stripped.startswith("return ") and i == last and loop_most:
                lines += [f"{indent}cpu.cycles += {stripped[7:]}",
                          f"{indent}if cpu.cycles + {loop_most} <= cpu._end:",
                          f"{indent}    continue", f"{indent}return 0"]
                continue
            write = stmts.call_statement(stripped, "write") if i < last else None
            if write is not None:
                target, value = write
                lines += [f"{indent}w = {target}", f"{indent}write(w, {value})",
                          f"{indent}if {in_code}:", f"{indent}    hit = 1"]
                leaves = True
                continue
            lines.append(indent + stripped)
        chunk += _direct_memory(lines, when if offset or at_k else 0, bool(watched & 1))
        offset += form.cycles
        when = f"{offset}{at_k}"
        if watched & 2 and i < last and any(_reads(line.lstrip()) for line in lines):
            chunk += ["    if cpu._stop_req:", "        hit = 1"]
            leaves = True
        if leaves:  # (after a followed jump, PC is its target already)
            chunk += ["    if hit:", *([f"        cpu.pc = {end}"] if not goes_on else []),
                      f"        cpu._r -= {sum(m1[i + 1:])}", f"        return {when}"]
        if goes_on and form.mnemonic == "ret":
            chunk += [f"    if cpu.pc != {returns[i]}:",
                      f"        cpu._r -= {sum(m1[i + 1:])}", f"        return {when}"]
        out += ["    " + line for line in chunk] if i < inside else chunk
        if skips is not None:
            at_k = " + k"
            if skips > i + 1:  # not taken, it runs the instructions it skips
                out.append("    else:")
                inside = skips
    if not block_ends(instrs[-1][0]):
        out.append(f"    cpu.pc = {instrs[-1][3]}")
    out.append(f"    return {offset}{at_k}")
    # Every way out leaves the loop (one pass, unless the block goes round)
    # to one place that stores the registers back: the source stays short.
    body = []
    for line in out[1:]:
        stripped = line.lstrip()
        indent = "    " + line[:len(line) - len(stripped)]
        body += ([f"{indent}_t = {stripped[7:]}", f"{indent}break"]
                 if stripped.startswith("return ") else [indent + stripped])
    out = [out[0], "    while True:", *body, "    return _t"]
    return "\n".join(_bus_ports(_drop_dead_stores(_fold_constants(_localize(out))))) + "\n"


def _bus_ports(lines: list[str]) -> list[str]:
    """A block's port accesses through the bus's port functions."""
    out = []
    for line in lines:
        text = line.lstrip()
        stmt = stmts.parse(text) if "port_" in text else None
        out.append(line if stmt is None or _PORTS.isdisjoint(stmt.names) else
                   line[:len(line) - len(text)] + stmt.substituted(_TO_BUS))
    return out


def _direct_memory(lines: list[str], offset: int | str = 0,
                   watched: bool = False) -> list[str]:
    """Memory accesses straight to RAM where the page has no handler, and
    the cycle count brought to the instruction's start (`offset` T-states
    into the block) around the accesses that reach a device.

    `read(x)` becomes `(RAM[x] if DR[x >> 8] else read(x))` and `write(x, v)`
    the same with DW; RAM, DR and DW (`Bus.direct_pages()`, with the pages a
    write watch covers taken out of DW) are the block's globals. Blocks run
    only while no bus watch is set, so nothing is missed. `watched`: a write
    through `write` that made the watch's hook ask for a stop sets `hit`."""
    out: list[str] = []
    ahead = [f"cpu.cycles += {offset}"] if offset else []
    back = [f"cpu.cycles -= {offset}"] if offset else []
    for line in lines:
        stripped = line.lstrip()
        indent = line[:len(line) - len(stripped)]
        write = stmts.call_statement(stripped, "write")
        if write is not None:
            target, value = write
            if not target.isidentifier():
                out.append(f"{indent}_m = {target}")
                target = "_m"
            out += [f"{indent}if DW[{target} >> 8]:", f"{indent}    RAM[{target}] = {value}",
                    f"{indent}else:",
                    *(f"{indent}    {s}" for s in (*ahead, f"write({target}, {value})", *back)),
                    *([f"{indent}    if cpu._stop_req:", f"{indent}        hit = 1"]
                      if watched else [])]
            continue
        if not _PORTS.isdisjoint(stmts.parse(stripped).names):
            out += [f"{indent}{s}" for s in (*ahead, stripped, *back)]
            continue
        out.append(indent + _direct_reads(stripped, offset))
    return out


_PORTS = frozenset(("port_in", "port_out"))


def _reads(statement: str) -> bool:
    """Whether a statement reads memory (calls `read`)."""
    return bool(stmts.calls(statement, "read"))


def _direct_reads(text: str, offset: int | str = 0) -> str:
    """`text` (a statement, or an expression) with each `read(x)` in it, the
    reads in x too, as a read of RAM where x's page is plain RAM."""
    out, at = [], 0
    for lo, hi, ((alo, ahi),) in stmts.calls(text, "read"):
        arg = _direct_reads(text[alo:ahi], offset)
        name = arg if arg.isidentifier() else "_m"
        device = f"read_at(cpu, read, {name}, {offset})" if offset else f"read({name})"
        if arg.isidentifier():
            new = f"(RAM[{arg}] if DR[{arg} >> 8] else {device})"
        else:
            new = f"(RAM[_m] if DR[(_m := {arg}) >> 8] else {device})"
        out += [text[at:lo], new]
        at = hi
    return "".join(out) + text[at:]


def read_at(cpu: Any, read: Callable[[int], int], addr: int, offset: int) -> int:
    """A block's read from a device, `offset` T-states into the block: the
    device sees the cycle count at its instruction's start."""
    cpu.cycles += offset
    value = read(addr)
    cpu.cycles -= offset
    return value


# The registers a block keeps in locals: loaded once, stored back at each exit.
_HOT = frozenset(("a", "f", "b", "c", "d", "e", "h", "l", "ix", "iy", "sp", "wz", "_q"))


def _localize(lines: list[str]) -> list[str]:
    """A block function whose hot registers (`cpu.a`...) live in locals
    (`R_a`...): loaded at its start, those it sets stored back before its
    return."""
    header, body, used, written = lines[0], [], set(), set()
    for line in lines[1:]:
        text = line.lstrip()
        stmt = stmts.parse(text, "cpu", _HOT)
        used.update(attr for _, _, attr, _ in stmt.attributes)
        written.update(attr for _, _, attr, target in stmt.attributes if target)
        body.append((line[:len(line) - len(text)], stmt.with_locals("R_"), stmt.kind))
    out = [header] + [f"    R_{r} = cpu.{r}" for r in sorted(used)]
    for indent, text, kind in body:
        if kind == "return":
            out += [f"{indent}cpu.{r} = R_{r}" for r in sorted(written)]
        out.append(indent + text)
    return out


def _pass_bounds(lines: list[str]) -> tuple[int, int]:
    """Where a block function's `while True:` is, and the first line after its body."""
    loop_at = lines.index("    while True:")
    return loop_at, next(i for i in range(loop_at + 1, len(lines))
                         if not lines[i].startswith(" " * 8))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _fold_constants(lines: list[str]) -> list[str]:
    """Put the literal a temporary holds where a block's pass reads it (an
    operand, an address, a pushed return address), evaluate what becomes
    literal, and drop an `if` whose test is a literal false (a write to a
    known address that cannot touch the block's code; `if hit:` before any
    write could set it): Python then folds the arithmetic when it compiles.

    A name (a temporary, or a register's R_, still stored at the exits) is
    known from its unconditional assignment (in the pass's body, not under
    an `if`) of an expression of literals, until any other assignment to
    it. The pass begins knowing nothing (`_drop_dead_stores`: temporaries
    are set before they are read in each pass). Lines with a string (a
    segment's bytes) hold no temporary and are left as they are."""
    loop_at, after = _pass_bounds(lines)
    known: dict[str, str] = {}
    out = lines[:loop_at + 1]
    i = loop_at + 1
    while i < after:
        line = lines[i]
        text = line.lstrip()
        indent = len(line) - len(text)
        i += 1
        stmt = stmts.parse(text)
        learns = indent == 8 and stmt.single and len(stmt.targets) == 1 and \
            stmt.value is not None and text[stmt.value[0]:stmt.value[1]].isdigit()
        if stmt.strings or stmt.kind != "if" and not learns and known.keys().isdisjoint(
                stmt.names):
            out.append(line)  # (most lines) nothing known read or set, nothing learnt
            continue
        for name in stmt.walrus:
            known.pop(name, None)
        # Only a value whose every name is known, calling nothing, may turn literal.
        may_fold = not stmt.calls and stmt.value_names <= known.keys()
        if stmt.kind in ("=", "op=") and stmt.value is not None:
            lo, hi = stmt.value
            head, value, tail = (stmt.substituted(known, 0, lo), stmt.substituted(known, lo, hi),
                                 stmt.substituted(known, hi))
            for name in stmt.sets:  # (once what it reads is read)
                known.pop(name, None)
            literal = stmts.literal(value) if stmt.kind == "=" and may_fold else None
            if literal is not None:
                value = str(literal)
                if indent == 8 and stmt.single and len(stmt.targets) == 1:
                    known[stmt.targets[0]] = value
            out.append(line[:indent] + head + value + tail)
            continue
        new = stmt.substituted(known)
        if stmt.kind == "if" and may_fold and stmts.literal(new[3:-1]) == 0:
            end = i
            while end < after and _indent(lines[end]) > indent:
                end += 1
            follows = lines[end].lstrip() if end < len(lines) else ""
            if not (_indent(lines[end]) == indent and follows.startswith(("else", "elif"))):
                i = end  # the test is false: the body never runs
                continue
        out.append(line[:indent] + new)
    return out + lines[after:]


def _drop_dead_stores(lines: list[str]) -> list[str]:
    """Drop the targets of a block's unconditional assignments that no line
    reads before the next unconditional assignment to them (a flag result
    that the next instruction sets again, Q, a PC or WZ no one reads), and
    the assignment itself where nothing is left and it calls nothing.

    Unconditional: at the function's level, or in the body of its `while
    True:` (its passes, or its one pass), whose `break`s lead to what the
    lines after it read (the registers stored back). One pass backwards:
    what each name meets next, a read or an assignment, seen from each line.
    (Temporaries are set before they are read in each instruction's code,
    so the back edge of a block going round carries none.)"""
    loop_at, after = _pass_bounds(lines)
    parsed = [stmts.parse(line.lstrip()) for line in lines]
    leaving = {name for stmt in parsed[after:] for name in stmt.names}  # what exits read
    # name -> its next event is an assignment (not a read). Past the pass's
    # end, a temporary's is: the next pass sets it before reading it.
    nxt: dict[str, bool] = {
        name: True for stmt in parsed[loop_at + 1:after] if stmt.single
        for name in stmt.sets if name not in leaving}
    out: list[str] = []
    for i in range(len(lines) - 1, 0, -1):
        line, stmt = lines[i], parsed[i]
        indent = _indent(line)
        if stmt.kind == "break":
            nxt.update(dict.fromkeys(leaving, False))
        if not stmt.single or indent != (8 if loop_at < i < after else 4):
            for name in stmt.names:
                nxt[name] = False
            out.append(line)
            continue
        targets = stmt.sets
        live = [t for t in targets if not nxt.get(t, False)]
        for name in targets:
            nxt[name] = True
        if not live and not stmt.calls:
            continue  # dropped: what it reads is not read here
        for name in stmt.value_names:
            nxt[name] = False
        lo, hi = stmt.value or (0, 0)
        out.append(line if live == list(targets) else
                   " " * indent + "".join(f"{t} = " for t in live) + stmt.text[lo:hi])
    out.append(lines[0])
    return out[::-1]


def namespace() -> dict:
    """The globals generated code runs with."""
    return {"SZ53": SZ53, "SZ53P": SZ53P, "PARITY": PARITY, "INC_F": INC_F, "DEC_F": DEC_F,
            "STOP": STOP, "SYNC_R": SYNC_R, "read_at": read_at}


def _handler_name(prefix: str, form: Form) -> str | None:
    """The generated function's name, or None for a prefix byte (the core wires these)."""
    return None if form.mnemonic == "" else f"op_{prefix or 'main'}_{form.opcode:02x}"


def pages_source(port_in: str = PORTS[0], port_out: str = PORTS[1]) -> str:
    """Every form's handler, as one module of Python source."""
    return "\n".join(handler_source(form, name, (port_in, port_out))
                     for prefix, forms in PAGES.items() for form in forms
                     if (name := _handler_name(prefix, form)) is not None)


def build_pages(port_in: str = PORTS[0], port_out: str = PORTS[1]) -> dict[str, list[Callable]]:
    """Compile every form into handlers: {prefix: [256 functions or None]}."""
    space = namespace()
    code = generated_code("retroscope.cpu.z80 handlers", partial(pages_source, port_in, port_out))
    exec(code, space)  # noqa: S102
    return {prefix: [space[name] if (name := _handler_name(prefix, form)) else None
                     for form in forms] for prefix, forms in PAGES.items()}
