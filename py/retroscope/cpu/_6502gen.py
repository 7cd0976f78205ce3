"""Source generator for the 6502 core: one specialised function per opcode.

From the opcode table in `isa6502.py` this writes the text of a factory
function. The factory holds the registers as closure cells; inside it, one
small handler per opcode has its addressing mode inlined (with the exact NMOS
bus cycle sequence, dummy reads and writes included) and returns its cycle
count. `mos6502.py` compiles the text once per variant and calls the factory
once per core. The 2A03 variant is generated without the decimal-mode path,
so no handler tests for the variant at run time.

Conventions inside the generated code: on entry to a handler, `pc` still
points at the opcode (the run loop fetched it); `v` is the operand value,
`ea` the effective address, `NZ[v]` the N and Z bits for a byte.
"""

from __future__ import annotations

from .isa6502 import OPCODES, Op

# -- operations on a value read from memory (or #imm) ---------------------------
_FLAGS_NZ = "p = (p & 0x7D) | NZ[{r}]"

_ADC_BIN = [
    "t = a + v + (p & 1)",
    "p = (p & 0x3C) | NZ[t & 0xFF] | (t >> 8) | (((a ^ t) & (v ^ t) & 0x80) >> 1)",
    "a = t & 0xFF",
]
# NMOS decimal ADC: N and V come from the sum before the high-nibble fix-up,
# Z from the binary sum (6502.org decimal-mode tutorial, appendix A).
_ADC_DEC = [
    "if p & 8:",
    "    c = p & 1",
    "    lo = (a & 0x0F) + (v & 0x0F) + c",
    "    if lo >= 0x0A:",
    "        lo = ((lo + 6) & 0x0F) + 0x10",
    "    t = (a & 0xF0) + (v & 0xF0) + lo",
    "    p = ((p & 0x3C) | (t & 0x80) | (NZ[(a + v + c) & 0xFF] & 2)",
    "         | (((a ^ t) & (v ^ t) & 0x80) >> 1))",
    "    if t >= 0xA0:",
    "        t += 0x60",
    "    if t > 0xFF:",
    "        p |= 1",
    "    a = t & 0xFF",
    "else:",
    *("    " + line for line in _ADC_BIN),
]
_SBC_BIN = [
    "w = v ^ 0xFF",
    "t = a + w + (p & 1)",
    "p = (p & 0x3C) | NZ[t & 0xFF] | (t >> 8) | (((a ^ t) & (w ^ t) & 0x80) >> 1)",
    "a = t & 0xFF",
]
# NMOS decimal SBC: flags exactly as in binary, only A is decimal-adjusted.
_SBC_DEC = [
    "w = v ^ 0xFF",
    "c = p & 1",
    "t = a + w + c",
    "p = (p & 0x3C) | NZ[t & 0xFF] | (t >> 8) | (((a ^ t) & (w ^ t) & 0x80) >> 1)",
    "if p & 8:",
    "    lo = (a & 0x0F) - (v & 0x0F) + c - 1",
    "    if lo < 0:",
    "        lo = ((lo - 6) & 0x0F) - 0x10",
    "    t = (a & 0xF0) - (v & 0xF0) + lo",
    "    if t < 0:",
    "        t -= 0x60",
    "a = t & 0xFF",
]
_ARR_BIN = [
    "t = a & v",
    "r = (t >> 1) | ((p & 1) << 7)",
    "p = (p & 0x3C) | NZ[r] | ((r >> 6) & 1) | ((r ^ (r << 1)) & 0x40)",
    "a = r",
]
# NMOS ARR in decimal mode ("No More Secrets", ARR): N from the old carry,
# V from bit 6 changing, then BCD fix-ups of each nibble of the AND result.
_ARR_DEC = [
    "if p & 8:",
    "    t = a & v",
    "    r = (t >> 1) | ((p & 1) << 7)",
    "    p = (p & 0x3C) | ((p & 1) << 7) | (NZ[r] & 2) | ((t ^ r) & 0x40)",
    "    if (t & 0x0F) + (t & 0x01) > 5:",
    "        r = (r & 0xF0) | ((r + 6) & 0x0F)",
    "    if (t & 0xF0) + (t & 0x10) > 0x50:",
    "        r = (r + 0x60) & 0xFF",
    "        p |= 1",
    "    a = r",
    "else:",
    *("    " + line for line in _ARR_BIN),
]


def _compare(reg: str) -> list[str]:
    return [f"t = {reg} - v", "p = (p & 0x7C) | NZ[t & 0xFF] | (t >= 0)"]


def _read_ops(decimal: bool) -> dict[str, list[str]]:
    return {
        "lda": ["a = v", _FLAGS_NZ.format(r="v")],
        "ldx": ["x = v", _FLAGS_NZ.format(r="v")],
        "ldy": ["y = v", _FLAGS_NZ.format(r="v")],
        "lax": ["a = x = v", _FLAGS_NZ.format(r="v")],
        "ora": ["a |= v", _FLAGS_NZ.format(r="a")],
        "and": ["a &= v", _FLAGS_NZ.format(r="a")],
        "eor": ["a ^= v", _FLAGS_NZ.format(r="a")],
        "adc": _ADC_DEC if decimal else _ADC_BIN,
        "sbc": _SBC_DEC if decimal else _SBC_BIN,
        "cmp": _compare("a"),
        "cpx": _compare("x"),
        "cpy": _compare("y"),
        "bit": ["p = (p & 0x3D) | (v & 0xC0) | (NZ[a & v] & 2)"],
        "nop": [],
        "las": ["a = x = s = v & s", _FLAGS_NZ.format(r="a")],
        "anc": ["a &= v", "p = (p & 0x7C) | NZ[a] | (a >> 7)"],
        "alr": ["t = a & v", "a = t >> 1", "p = (p & 0x7C) | NZ[a] | (t & 1)"],
        "arr": _ARR_DEC if decimal else _ARR_BIN,
        "sbx": ["t = (a & x) - v", "x = t & 0xFF", "p = (p & 0x7C) | NZ[x] | (t >= 0)"],
        # ANE and LXA are unstable on silicon; the test data assumes magic $EE.
        "ane": ["a = (a | 0xEE) & x & v", _FLAGS_NZ.format(r="a")],
        "lxa": ["a = x = (a | 0xEE) & v", _FLAGS_NZ.format(r="a")],
    }


# -- read-modify-write: `v` is the old value, `r` the new one written back ------
def _rmw_ops(decimal: bool) -> dict[str, list[str]]:
    adc = _ADC_DEC if decimal else _ADC_BIN
    sbc = _SBC_DEC if decimal else _SBC_BIN
    return {
        "asl": ["r = (v << 1) & 0xFF", "p = (p & 0x7C) | NZ[r] | (v >> 7)"],
        "lsr": ["r = v >> 1", "p = (p & 0x7C) | NZ[r] | (v & 1)"],
        "rol": ["r = ((v << 1) & 0xFF) | (p & 1)", "p = (p & 0x7C) | NZ[r] | (v >> 7)"],
        "ror": ["r = (v >> 1) | ((p & 1) << 7)", "p = (p & 0x7C) | NZ[r] | (v & 1)"],
        "inc": ["r = (v + 1) & 0xFF", _FLAGS_NZ.format(r="r")],
        "dec": ["r = (v - 1) & 0xFF", _FLAGS_NZ.format(r="r")],
        "slo": ["r = (v << 1) & 0xFF", "a |= r", "p = (p & 0x7C) | NZ[a] | (v >> 7)"],
        "rla": ["r = ((v << 1) & 0xFF) | (p & 1)", "a &= r",
                "p = (p & 0x7C) | NZ[a] | (v >> 7)"],
        "sre": ["r = v >> 1", "a ^= r", "p = (p & 0x7C) | NZ[a] | (v & 1)"],
        # RRA/ISC/DCP: the write happens before the ALU part, hence "!write".
        "rra": ["r = (v >> 1) | ((p & 1) << 7)", "!write", "p = (p & 0xFE) | (v & 1)",
                "v = r", *adc],
        "isc": ["r = (v + 1) & 0xFF", "!write", "v = r", *sbc],
        "dcp": ["r = (v - 1) & 0xFF", "!write", "t = a - r",
                "p = (p & 0x7C) | NZ[t & 0xFF] | (t >= 0)"],
    }


_WRITE_OPS = {"sta": "a", "stx": "x", "sty": "y", "sax": "a & x"}

# -- implied-mode operations (after the dummy read of the next byte) ----------
_IMPLIED = {
    "tax": ["x = a", _FLAGS_NZ.format(r="a")],
    "tay": ["y = a", _FLAGS_NZ.format(r="a")],
    "txa": ["a = x", _FLAGS_NZ.format(r="a")],
    "tya": ["a = y", _FLAGS_NZ.format(r="a")],
    "tsx": ["x = s", _FLAGS_NZ.format(r="s")],
    "txs": ["s = x"],
    "inx": ["x = (x + 1) & 0xFF", _FLAGS_NZ.format(r="x")],
    "iny": ["y = (y + 1) & 0xFF", _FLAGS_NZ.format(r="y")],
    "dex": ["x = (x - 1) & 0xFF", _FLAGS_NZ.format(r="x")],
    "dey": ["y = (y - 1) & 0xFF", _FLAGS_NZ.format(r="y")],
    "clc": ["p &= 0xFE"],
    "sec": ["p |= 0x01"],
    # A waiting IRQ is taken once I clears: make the run loop look (see run()).
    "cli": ["p &= 0xFB", "if irq_line:", "    end = -1"],
    "sei": ["p |= 0x04"],
    "cld": ["p &= 0xF7"],
    "sed": ["p |= 0x08"],
    "clv": ["p &= 0xBF"],
    "nop": [],
}

_BRANCH = {
    "bpl": "not p & 0x80", "bmi": "p & 0x80", "bvc": "not p & 0x40", "bvs": "p & 0x40",
    "bcc": "not p & 0x01", "bcs": "p & 0x01", "bne": "not p & 0x02", "beq": "p & 0x02",
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


def _read_handler(op: Op, body: list[str]) -> list[str]:
    if op.mode == "imm":
        return [f"v = read({_PC1})", "pc = (pc + 2) & 0xFFFF", *body, f"return {op.cycles}"]
    lines, cross = _operand_address(op.mode, always_fix=False)
    if cross is None:
        return [*lines, "v = read(ea)", *body, f"return {op.cycles}"]
    slow = [*cross, "v = read(ea)", *body, f"return {op.cycles + 1}"]
    return [*lines, "if lo > 0xFF:", *_indent(slow), "v = read(hi | lo)", *body,
            f"return {op.cycles}"]


def _rmw_handler(op: Op, body: list[str]) -> list[str]:
    if "!write" in body:
        i = body.index("!write")
        body = [*body[:i], "write(ea, r)", *body[i + 1:]]
    else:
        body = [*body, "write(ea, r)"]
    if op.mode == "acc":
        body = [line.replace("!write", "") for line in body]
        acc = ["v = a", *[b for b in body if b != "write(ea, r)"], "a = r"]
        return [f"read({_PC1})", "pc = (pc + 1) & 0xFFFF", *acc, "return 2"]
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


def _special(op: Op) -> list[str] | None:
    """Control flow and stack instructions, written out cycle by cycle."""
    m = op.mnemonic
    if m in _BRANCH:
        return [
            f"if {_BRANCH[m]}:",
            "    t = (pc + 2) & 0xFFFF",
            f"    o = read({_PC1})",
            "    read(t)",
            "    pc = (t + o - ((o & 0x80) << 1)) & 0xFFFF",
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
        return [f"lo = read({_PC1})", "read(0x100 | s)", "t = (pc + 2) & 0xFFFF",
                *_push("t >> 8"), *_push("t & 0xFF"), "pc = lo | read(t) << 8", "return 6"]
    if m == "rts":
        return [f"read({_PC1})", "read(0x100 | s)", *_pull("lo"), *_pull("hi"),
                "t = lo | hi << 8", "read(t)", "pc = (t + 1) & 0xFFFF", "return 6"]
    if m == "rti":
        return [f"read({_PC1})", "read(0x100 | s)", *_pull("t"), "p = (t & 0xCF) | 0x20",
                *_pull("lo"), *_pull("hi"), "pc = lo | hi << 8", *_IRQ_CHECK, "return 6"]
    if m == "brk":
        return [f"read({_PC1})", "t = (pc + 2) & 0xFFFF", *_push("t >> 8"),
                *_push("t & 0xFF"), *_push("p | 0x30"), "p |= 0x04",
                "pc = read(0xFFFE) | read(0xFFFF) << 8", "return 7"]
    if m in ("pha", "php"):
        value = "a" if m == "pha" else "p | 0x30"
        return [f"read({_PC1})", "pc = (pc + 1) & 0xFFFF", *_push(value), "return 3"]
    if m == "pla":
        return [f"read({_PC1})", "pc = (pc + 1) & 0xFFFF", "read(0x100 | s)", *_pull("a"),
                _FLAGS_NZ.format(r="a"), "return 4"]
    if m == "plp":
        return [f"read({_PC1})", "pc = (pc + 1) & 0xFFFF", "read(0x100 | s)", *_pull("t"),
                "p = (t & 0xCF) | 0x20", *_IRQ_CHECK, "return 4"]
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
        lines, _ = _operand_address(op.mode, always_fix=True)
        return [*lines, f"write(ea, {_WRITE_OPS[m]})", f"return {op.cycles}"]
    reads = _read_ops(decimal)
    if m in reads:
        return _read_handler(op, reads[m])
    raise ValueError(f"no handler template for ${op.opcode:02X} {m} {op.mode}")


_STATE = ("a", "x", "y", "s", "p", "pc", "cyc", "end", "halted", "irq_line", "nmi_pending")

_PRELUDE = '''
def factory(bus, NZ):
    a = x = y = 0
    s = 0xFD
    p = 0x24
    pc = 0
    cyc = 0
    end = 0  # the run loop's limit; set to -1 to make it stop and look around
    halted = False
    irq_line = False
    nmi_pending = False
    read = bus.read
    write = bus.write
    mem = bus.ram
    ram_read = mem.__getitem__
    ram_write = mem.__setitem__
'''

_RUNTIME = '''
    def interrupt(vector):
        """IRQ/NMI entry: 7 cycles, B clear in the pushed status."""
        nonlocal pc, s, p
        read(pc)
        read(pc)
        write(0x100 | s, pc >> 8)
        s = (s - 1) & 0xFF
        write(0x100 | s, pc & 0xFF)
        s = (s - 1) & 0xFF
        write(0x100 | s, (p & 0xEF) | 0x20)
        s = (s - 1) & 0xFF
        p |= 0x04
        pc = read(vector) | read(vector + 1) << 8
        return 7

    def pending():
        """Take a waiting interrupt, if any: its cycles, or 0."""
        nonlocal nmi_pending
        if nmi_pending:
            nmi_pending = False
            return interrupt(0xFFFA)
        if irq_line and not p & 4:
            return interrupt(0xFFFE)
        return 0

    def run(cycles):
        nonlocal read, write, cyc, end
        read = bus.read
        write = bus.write
        start = cyc
        target = cyc + cycles
        if read == ram_read and write == ram_write:
            ops = ram_table
            while not halted and cyc < target:
                cyc += pending()
                end = target
                while cyc < end:
                    cyc += ops[mem[pc]]()
        else:
            ops = table
            while not halted and cyc < target:
                cyc += pending()
                end = target
                while cyc < end:
                    cyc += ops[read(pc)]()
        end = 0
        return cyc - start

    def step():
        nonlocal read, write, cyc
        read = bus.read
        write = bus.write
        if halted:
            return 0
        n = pending()
        if not n:
            ops = ram_table if read == ram_read and write == ram_write else table
            n = ops[read(pc)]()
        cyc += n
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
        return (STATE,)

    def set_state(values):
        nonlocal STATE
        (STATE,) = values

    return table, run, step, raise_irq, raise_nmi, get_state, set_state
'''


def _call_end(line: str, start: int) -> int:
    """Index of the parenthesis closing the call whose "(" is at `start`."""
    depth = 0
    for i in range(start, len(line)):
        depth += {"(": 1, ")": -1}.get(line[i], 0)
        if depth == 0:
            return i
    raise ValueError(f"unbalanced call in {line!r}")


def to_ram(line: str) -> str:
    """Rewrite bus calls as direct RAM indexing: `read(e)` -> `mem[e]`,
    a `write(e, v)` statement -> `mem[e] = v`."""
    stripped = line.lstrip()
    pad = line[: len(line) - len(stripped)]
    if stripped.startswith("write("):
        inner = stripped[len("write("):_call_end(stripped, len("write"))]
        depth = 0
        for i, ch in enumerate(inner):
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if ch == "," and depth == 0:
                return f"{pad}mem[{inner[:i]}] = {inner[i + 1:].strip()}"
        raise ValueError(f"write without a value in {line!r}")
    while (i := line.find("read(")) >= 0 and (i == 0 or not line[i - 1].isalnum()):
        j = _call_end(line, i + len("read"))
        line = f"{line[:i]}mem[{line[i + 5:j]}]{line[j + 1:]}"
    return line


def factory_source(decimal: bool) -> str:
    """The whole factory function as Python source.

    Two handler sets: `table` goes through `bus.read`/`bus.write`, and
    `ram_table` indexes the bus's RAM directly; run() and step() use the
    latter while the bus has no mapped region or watch (then the two agree
    exactly, and indexing costs less than a call).
    """
    out = [_PRELUDE]
    for prefix, rewrite in (("op", None), ("ram_op", to_ram)):
        names = []
        for op in OPCODES:
            assert op is not None
            name = f"{prefix}_{op.opcode:02x}"
            names.append(name)
            body = handler_body(op, decimal)
            if rewrite is not None:
                body = [rewrite(line) for line in body]
            out.append(f"    def {name}():  # {op.mnemonic} {op.mode}")
            out.append("        nonlocal a, x, y, s, p, pc, end, halted")
            out.extend(_indent(body, 2))
        table = "table" if rewrite is None else "ram_table"
        out.append(f"    {table} = (" + ", ".join(names) + ")")
    out.append(_RUNTIME.replace("STATE", ", ".join(_STATE)))
    return "\n".join(out) + "\n"


STATE_FIELDS = _STATE
