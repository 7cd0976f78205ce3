"""The 6502 backend: operand syntax and encoding, over `cpu.isa6502.ENCODE`.

Operand forms (registers and mnemonics in any case)::

    (none)      implied, or accumulator for asl/lsr/rol/ror
    A           accumulator (an operand of exactly `A` always means the register)
    #expr       immediate (-128..255)
    expr        zero page if the value is known and fits, else absolute;
                relative for branches
    expr,X  expr,Y          indexed, zero page or absolute the same way
    (expr)      indirect (jmp); an operand wholly in parentheses is indirect
    (expr,X)  (expr),Y      indexed indirect / indirect indexed (zero page)

`lda.w` forces the absolute (2-byte address) form, `lda.b` the zero-page
form.  Undocumented opcodes assemble under their table names (lax, sax, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cpu.isa6502 import ENCODE, OPERAND_BYTES
from .errors import Problem
from .expr import Cursor, Env, Expr
from .lexer import NAME, OP
from .syntax import MOS

# Operand syntax -> addressing modes it can mean, in order of preference
# (the shorter zero-page form first).
_FORMS: dict[str, tuple[str, ...]] = {
    "imp": ("imp", "acc"),
    "acc": ("acc",),
    "imm": ("imm",),
    "dir": ("rel", "zp", "abs"),
    "dirx": ("zpx", "abx"),
    "diry": ("zpy", "aby"),
    "ind": ("ind",),
    "izx": ("izx",),
    "izy": ("izy",),
}
_ZERO_PAGE = frozenset({"zp", "zpx", "zpy", "izx", "izy"})
_ABSOLUTE = frozenset({"abs", "abx", "aby", "ind"})
_SHOWN = {
    "imp": "implied", "acc": "accumulator (A)", "imm": "immediate (#)", "zp": "zero page",
    "zpx": "zero page,X", "zpy": "zero page,Y", "abs": "absolute", "abx": "absolute,X",
    "aby": "absolute,Y", "ind": "(indirect)", "izx": "(zp,X)", "izy": "(zp),Y",
    "rel": "relative",
}


@dataclass(slots=True)
class Operand:
    mnemonic: str
    form: str  # a key of _FORMS
    expr: Expr | None
    force: str  # "" | "b" (zero page) | "w" (absolute)


class Backend6502:
    isa = "6502"
    syntax = MOS
    word_order = "little"
    insn_align = 1
    data_align = 1

    def __init__(self) -> None:
        modes: dict[str, set[str]] = {}
        for mnemonic, mode in ENCODE:
            modes.setdefault(mnemonic, set()).add(mode)
        self.modes = {m: frozenset(s) for m, s in modes.items()}
        self._forms: dict[tuple[str, str], tuple[str, ...]] = {}

    def is_mnemonic(self, name: str) -> bool:
        return _split(name)[0] in self.modes

    def takes_operands(self, name: str) -> bool:
        return not self.modes.get(_split(name)[0], frozenset({"abs"})) <= {"imp"}

    # -- parsing -----------------------------------------------------------------
    def parse(self, name: str, cur: Cursor) -> Operand:
        mnemonic, force = _split(name)
        form, expr = _operand(cur)
        if not any(m in self.modes[mnemonic] for m in _FORMS[form]):
            raise Problem(f"{mnemonic} has no {_SHOWN[_FORMS[form][-1]]} mode")
        if force and not any(m in (_ZERO_PAGE if force == "b" else _ABSOLUTE)
                             for m in _FORMS[form] if m in self.modes[mnemonic]):
            raise Problem(f"'.{force}' does not apply to {mnemonic} with this operand")
        return Operand(mnemonic, form, expr, force)

    # -- sizing and encoding ---------------------------------------------------------
    def size(self, op: Operand, env: Env) -> int:
        candidates = self._candidates(op)
        if len(candidates) == 1:  # one mode: its size, whatever the operand's value
            return 1 + OPERAND_BYTES[candidates[0]]
        try:
            value = op.expr.eval(env) if op.expr is not None else None
        except Problem:
            value = None  # not known yet: the longest form
        return 1 + OPERAND_BYTES[self._mode(op, value)]

    def encode(self, op: Operand, env: Env) -> bytes:
        value = op.expr.eval(env) if op.expr is not None else None
        mode = self._mode(op, value)
        opcode = ENCODE[(op.mnemonic, mode)]
        size = OPERAND_BYTES[mode]
        if size == 0:
            return bytes((opcode,))
        assert value is not None
        if mode == "rel":
            offset = value - (env.here + 2)
            if not -128 <= offset <= 127:
                raise Problem(f"branch target ${value & 0xFFFF:04X} is out of range "
                              f"({offset:+d} bytes; a branch reaches -128..+127)")
            return bytes((opcode, offset & 0xFF))
        if mode == "imm":
            if not -128 <= value <= 255:
                raise Problem(f"immediate value {value} does not fit in a byte")
            return bytes((opcode, value & 0xFF))
        limit = 0xFF if size == 1 else 0xFFFF
        if not 0 <= value <= limit:
            raise Problem(f"address {_show(value)} does not fit the {_SHOWN[mode]} mode "
                          f"($0000-${limit:04X})" if size == 2 else
                          f"address {_show(value)} is not in zero page ($00-$FF) "
                          f"as {_SHOWN[mode]} needs")
        return bytes((opcode, value & 0xFF)) if size == 1 else \
            bytes((opcode, value & 0xFF, value >> 8))

    def _candidates(self, op: Operand) -> tuple[str, ...]:
        """The modes the mnemonic has for the operand's form (made once per pair)."""
        key = (op.mnemonic, op.form)
        found = self._forms.get(key)
        if found is None:
            have = self.modes[op.mnemonic]
            found = self._forms[key] = tuple(m for m in _FORMS[op.form] if m in have)
        return found

    def _mode(self, op: Operand, value: int | None) -> str:
        """The addressing mode, given the operand's value (None: unknown yet)."""
        candidates = self._candidates(op)
        if len(candidates) == 1:
            return candidates[0]
        if op.force == "w":
            return next((m for m in candidates if m in _ABSOLUTE), candidates[-1])
        if op.force == "b" or (value is not None and 0 <= value <= 0xFF):
            return next((m for m in candidates if m in _ZERO_PAGE), candidates[0])
        return candidates[-1]


def _split(name: str) -> tuple[str, str]:
    """`lda.w` -> ("lda", "w"); names with other suffixes are not mnemonics."""
    base, dot, suffix = name.partition(".")
    if dot and suffix not in ("b", "w"):
        return name, ""
    return base, suffix


def _register(cur: Cursor, ahead: int) -> str:
    token = cur.peek(ahead)
    if token is None or token.kind != NAME:
        return ""
    text = token.text.lower()
    return text if text in ("a", "x", "y") else ""


def _operand(cur: Cursor) -> tuple[str, Expr | None]:
    """The operand's syntactic form and its expression."""
    tokens = cur.tokens
    start = cur.pos
    if cur.at_end():
        return "imp", None
    if _register(cur, 0) == "a" and len(tokens) == start + 1:
        cur.pos += 1
        return "acc", None
    if cur.accept("#"):
        return "imm", cur.expr()
    if cur.is_op("("):
        close = _matching(tokens, start)
        rest = len(tokens) - close - 1
        if rest == 0:  # (expr) or (expr,X)
            cur.pos += 1
            expr = cur.expr()
            if cur.accept(","):
                if _register(cur, 0) != "x":
                    raise Problem("indexed indirect is written (zp,X)")
                cur.pos += 1
                cur.expect(")")
                return "izx", expr
            cur.expect(")")
            return "ind", expr
        if rest == 2 and tokens[close + 1].kind == OP and tokens[close + 1].text == ",":
            reg = _register(cur, close + 2 - start)
            if reg == "y":
                cur.pos += 1
                expr = cur.expr()
                cur.expect(")")
                cur.pos += 2
                return "izy", expr
            if reg == "x":
                raise Problem("there is no (zp),X mode: write (zp,X) or zp,X")
    expr = cur.expr()
    if cur.accept(","):
        reg = _register(cur, 0)
        if reg not in ("x", "y"):
            raise Problem(f"expected X or Y after ',' {cur.where()}")
        cur.pos += 1
        return ("dirx" if reg == "x" else "diry"), expr
    return "dir", expr


def _matching(tokens: list, start: int) -> int:
    """Index of the ')' closing the '(' at start, or len(tokens) if none."""
    depth = 0
    for i in range(start, len(tokens)):
        token = tokens[i]
        if token.kind == OP:
            if token.text == "(":
                depth += 1
            elif token.text == ")":
                depth -= 1
                if depth == 0:
                    return i
    return len(tokens)


def _show(value: int) -> str:
    return f"${value:X}" if value >= 0 else str(value)


BACKEND = Backend6502()
