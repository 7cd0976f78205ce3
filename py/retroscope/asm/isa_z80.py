"""The Z80 backend: Zilog operand syntax and encoding, over `cpu.isaz80.PAGES`.

Operands as the Pac-Man article writes them (registers, conditions and
mnemonics in any case)::

    a b c d e h l i r  ixh ixl iyh iyl        8-bit registers
    af af' bc de hl sp ix iy                  register pairs
    nz z nc c po pe p m                       conditions (jp jr call ret)
    (hl) (bc) (de) (sp) (c)                   register indirect, port (c)
    (ix+expr) (ix-expr) (ix)                  indexed, displacement -128..127
    (expr)                                    memory (nn) or port (n): an operand
                                              wholly in parentheses is indirect
    expr                                      immediate n / nn, jump target, bit
                                              number, rst vector, im mode

`sub`, `and`, `xor`, `or` and `cp` also accept the explicit `a,` form
(`and a,$0F`). Undocumented instructions assemble under the disassembler's
names: `sll r`, `ld b,rlc (ix+5)`, `ld c,set 2,(iy-1)`, `in f,(c)`,
`out (c),0`. Where two opcodes do the same thing the documented (first-listed)
one is emitted.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cpu.isaz80 import PAGES, PREFIXES, ROT, Form
from .errors import Problem, Unresolved
from .expr import Cursor, Env, Expr, Num
from .lexer import NAME, OP
from .syntax import ZILOG

# Names that are registers or conditions, never symbols, in an operand.
REGISTERS = frozenset("a b c d e h l i r ixh ixl iyh iyl af af' bc de hl sp ix iy f".split())
CONDITIONS = frozenset("nz z nc c po pe p m".split())
_INDIRECT_REGS = frozenset({"hl", "bc", "de", "sp", "c", "ix", "iy"})
_VALUE = "#"  # shape of an expression operand
_IND_VALUE = "(#)"  # shape of an (expression) operand


def _shape(operand: str) -> tuple[str, int | None]:
    """A table operand as a parse shape, plus the value it fixes (bit, rst, im)."""
    if operand in ("n", "nn", "rel"):
        return _VALUE, None
    if operand in ("(n)", "(nn)"):
        return _IND_VALUE, None
    if operand.startswith("$"):
        return _VALUE, int(operand[1:], 16)
    if operand.isdigit():
        return _VALUE, int(operand)
    return operand, None


@dataclass(frozen=True, slots=True)
class _Choice:
    form: Form
    fixed: tuple[int | None, ...]  # per shape: the value it must have, or None


@dataclass(slots=True)
class Insn:
    """A parsed instruction: the candidate forms and the operand expressions."""

    name: str
    choices: tuple[_Choice, ...]
    exprs: tuple[Expr | None, ...]  # per shape, None for a register operand


def _build_index() -> dict[tuple[str, tuple[str, ...]], list[_Choice]]:
    index: dict[tuple[str, tuple[str, ...]], list[_Choice]] = {}
    seen: set[tuple] = set()
    forms = [form for prefix in PREFIXES for form in PAGES[prefix] if form.mnemonic]
    forms.sort(key=lambda form: not form.documented)  # stable: documented ones first
    for form in forms:
        shapes, fixed = zip(*map(_shape, form.operands), strict=True) if form.operands \
            else ((), ())
        if form.copy_to is not None:  # ld b,rlc (ix+d): mnemonic ld, inner op
            inner = (form.mnemonic,) + tuple(shapes)
            key = ("ld", (form.copy_to, *inner))
            fixed = (None, None, *fixed)
        else:
            key = (form.mnemonic, tuple(shapes))
        exact = (key, fixed)
        if exact in seen:
            continue  # a duplicate opcode: the first (documented) one wins
        seen.add(exact)
        index.setdefault(key, []).append(_Choice(form, tuple(fixed)))
    return index


class BackendZ80:
    isa = "z80"
    syntax = ZILOG
    word_order = "little"
    insn_align = 1
    data_align = 1

    def __init__(self) -> None:
        self.index = _build_index()
        self.mnemonics = frozenset(m for m, _ in self.index)
        self.no_operands = frozenset(m for m in self.mnemonics
                                     if all(not s for k, s in self.index if k == m))

    def is_mnemonic(self, name: str) -> bool:
        return name in self.mnemonics

    def takes_operands(self, name: str) -> bool:
        return name not in self.no_operands

    # -- parsing -----------------------------------------------------------------
    def parse(self, name: str, cur: Cursor) -> Insn:
        shapes: list[str] = []
        exprs: list[Expr | None] = []
        while not cur.at_end():
            if shapes:
                cur.expect(",")
            if name == "ld" and len(shapes) == 1 and _name(cur, 0) in (*ROT, "res", "set"):
                inner = _name(cur, 0)
                cur.pos += 1
                shapes.append(inner)
                exprs.append(None)
                if inner in ("res", "set"):
                    shapes.append(_VALUE)
                    exprs.append(cur.expr())
                    cur.expect(",")
            shape, expr = _operand(cur)
            shapes.append(shape)
            exprs.append(expr)
        if name in ("sub", "and", "xor", "or", "cp") and len(shapes) == 2 and shapes[0] == "a":
            shapes, exprs = shapes[1:], exprs[1:]
        key = (name, tuple(shapes))
        choices = self.index.get(key)
        if choices is None and ("(ix)" in shapes or "(iy)" in shapes):
            # (ix) is (ix+0) everywhere but jp (ix)
            shapes = [s.replace(")", "+d)") if s in ("(ix)", "(iy)") else s for s in shapes]
            exprs = [Num(0) if s.endswith("+d)") and e is None else e
                     for s, e in zip(shapes, exprs, strict=True)]
            key = (name, tuple(shapes))
            choices = self.index.get(key)
        if choices is None:
            raise Problem(f"{name} has no form '{_show(name, key[1])}'")
        return Insn(name, tuple(choices), tuple(exprs))

    # -- sizing and encoding ---------------------------------------------------------
    def size(self, insn: Insn, env: Env) -> int:
        return insn.choices[0].form.length  # all candidates differ in fixed values only

    def encode(self, insn: Insn, env: Env) -> bytes:
        values = [e.eval(env) if e is not None else None for e in insn.exprs]
        choice = _pick(insn, values)
        form = choice.form
        fixed_bytes, fields = form.encoding
        field_values = [v for v, f in zip(values, choice.fixed, strict=True)
                        if f is None and v is not None]
        out = bytearray(fixed_bytes)
        for field, value in zip(fields, field_values, strict=True):
            if field == "d":
                if not -128 <= value <= 127:
                    raise Problem(f"index displacement {value} is out of range (-128..127)")
                out.append(value & 0xFF)
            elif field == "n":
                if not -128 <= value <= 255:
                    raise Problem(f"value {value} does not fit in a byte")
                out.append(value & 0xFF)
            elif field == "nn":
                if not -0x8000 <= value <= 0xFFFF:
                    raise Problem(f"value {value} does not fit in 16 bits")
                out += (value & 0xFFFF).to_bytes(2, "little")
            else:  # rel
                offset = value - (env.here + form.length)
                if not -128 <= offset <= 127:
                    raise Problem(f"jump target ${value & 0xFFFF:04X} is out of range "
                                  f"({offset:+d} bytes; jr/djnz reach -128..+127)")
                out.append(offset & 0xFF)
        if form.prefix in ("ddcb", "fdcb"):
            out.append(form.opcode)  # DD CB d op
        return bytes(out)


def _pick(insn: Insn, values: list[int | None]) -> _Choice:
    for choice in insn.choices:
        if all(f is None or f == v for f, v in zip(choice.fixed, values, strict=True)):
            return choice
    allowed = sorted({c.fixed for c in insn.choices})
    shown = ", ".join(",".join(str(v) for v in fixed if v is not None) for fixed in allowed)
    raise Problem(f"{insn.name} takes {shown} here, not "
                  f"{','.join(str(v) for v in values if v is not None)}")


def _name(cur: Cursor, ahead: int) -> str:
    token = cur.peek(ahead)
    return token.text.lower() if token is not None and token.kind == NAME else ""


def _operand(cur: Cursor) -> tuple[str, Expr | None]:
    """One operand's shape and expression (None for a register)."""
    word = _name(cur, 0)
    if word and (word in REGISTERS or word in CONDITIONS) and _ends_operand(cur, 1):
        cur.pos += 1
        return word, None
    if cur.is_op("("):
        close = _matching(cur, cur.pos)
        if close is not None and _ends_operand(cur, close - cur.pos + 1):
            inner = _name(cur, 1)
            if inner in _INDIRECT_REGS and cur.is_op(")", 2):
                cur.pos += 3
                return f"({inner})", None
            if inner in ("ix", "iy") and (cur.is_op("+", 2) or cur.is_op("-", 2)):
                cur.pos += 2
                expr = cur.expr()
                cur.expect(")")
                return f"({inner}+d)", expr
            cur.pos += 1
            expr = cur.expr()
            cur.expect(")")
            return _IND_VALUE, expr
    if word in REGISTERS:
        raise Problem(f"register {word} cannot be used in an expression")
    return _VALUE, cur.expr()


def _ends_operand(cur: Cursor, ahead: int) -> bool:
    token = cur.peek(ahead)
    return token is None or (token.kind == OP and token.text == ",")


def _matching(cur: Cursor, start: int) -> int | None:
    depth = 0
    for i in range(start, len(cur.tokens)):
        token = cur.tokens[i]
        if token.kind == OP and token.text in "()":
            depth += 1 if token.text == "(" else -1
            if depth == 0:
                return i
    return None


def _show(name: str, shapes: tuple[str, ...]) -> str:
    text = ",".join("expr" if s == _VALUE else "(expr)" if s == _IND_VALUE else s
                    for s in shapes)
    return f"{name} {text}" if text else name


__all__ = ["BACKEND", "Insn", "Unresolved"]

BACKEND = BackendZ80()
