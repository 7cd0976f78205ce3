"""Breakpoint conditions: a small expression language, parsed here, never eval'd.

    a == $0F && [$0041] > 18
    w[$0017] != 0 || !(x & %1000_0000)
    [rng_seed + 1] >= 10            (symbols from the assembler)

Grammar, loosest binding first (bitwise operators bind tighter than comparisons,
as in Python, so `a & $80 == 0` means `(a & $80) == 0`):

    or      := and ("||" and)*
    and     := compare ("&&" compare)*
    compare := bitor (("=="|"!="|"<"|"<="|">"|">=") bitor)?
    bitor   := bitxor ("|" bitxor)*
    bitxor  := bitand ("^" bitand)*
    bitand  := sum ("&" sum)*
    sum     := unary (("+"|"-") unary)*
    unary   := ("!"|"-"|"~") unary | atom
    atom    := number | name | "[" or "]" | "w[" or "]" | "(" or ")"

Numbers: `$1F`, `0x1F`, `%1010` (underscores allowed), decimal. Names are
registers first (case-insensitive), then `cycles` and `frame`, then symbols
(case-sensitive). `[e]` is the byte at e, `w[e]` the 16-bit word (the CPU's
byte order). Comparisons and logic give 1 or 0. Parsing compiles to nested
closures, so evaluation does no parsing and no lookups by name.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import DebugError

Value = Callable[[], int]


class ConditionError(DebugError):
    """A condition that does not parse; `column` is 1-based."""

    def __init__(self, message: str, column: int, text: str) -> None:
        super().__init__(f"column {column}: {message}")
        self.column = column
        self.text = text
        self.reason = message


@dataclass
class Env:
    """What a condition can see: registers, memory, symbols, counters."""

    registers: dict[str, Value]
    peek: Callable[[int], int]
    symbols: dict[str, int] = field(default_factory=dict)
    counters: dict[str, Value] = field(default_factory=dict)
    big_endian: bool = False


_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<num>\$[0-9A-Fa-f_]+|0[xX][0-9A-Fa-f_]+|%[01_]+|[0-9][0-9_]*)
  | (?P<word>w\[)
  | (?P<name>[A-Za-z_.@][A-Za-z0-9_.@']*)
  | (?P<op>&&|\|\||==|!=|<=|>=|[<>!~+\-&|^()\[\]])
""", re.VERBOSE)

_BINARY = {
    "||": None, "&&": None,  # short-circuit, built separately
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge,
    "|": operator.or_, "^": operator.xor, "&": operator.and_,
    "+": operator.add, "-": operator.sub,
}
_LEVELS: tuple[tuple[str, ...], ...] = (
    ("||",), ("&&",), ("==", "!=", "<", "<=", ">", ">="), ("|",), ("^",), ("&",), ("+", "-"),
)
MAX_LENGTH = 500
MAX_NESTING = 32


@dataclass(frozen=True)
class Token:
    kind: str  # "num" | "word" | "name" | "op" | "end"
    text: str
    column: int
    value: int = 0


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            if text[pos] == "=":
                raise ConditionError("'=' alone is not an operator: use == to compare",
                                     pos + 1, text)
            raise ConditionError(f"unexpected character {text[pos]!r}", pos + 1, text)
        kind = m.lastgroup or ""
        raw = m.group()
        if kind == "num":
            tokens.append(Token(kind, raw, pos + 1, _number(raw, pos + 1, text)))
        elif kind != "ws":
            tokens.append(Token(kind, raw, pos + 1))
        pos = m.end()
    tokens.append(Token("end", "", len(text) + 1))
    return tokens


def _number(raw: str, column: int, text: str) -> int:
    digits = raw.replace("_", "")
    try:
        if digits.startswith("$"):
            return int(digits[1:], 16)
        if digits[:2].lower() == "0x":
            return int(digits[2:], 16)
        if digits.startswith("%"):
            return int(digits[1:], 2)
        return int(digits, 10)
    except ValueError:
        raise ConditionError(f"bad number {raw!r}", column, text) from None


class _Parser:
    def __init__(self, text: str, env: Env) -> None:
        self.text = text
        self.env = env
        self.tokens = tokenize(text)
        self.pos = 0
        self.nesting = 0

    def peek(self) -> Token:
        return self.tokens[self.pos]

    def take(self) -> Token:
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def fail(self, message: str, tok: Token) -> ConditionError:
        return ConditionError(message, tok.column, self.text)

    def expect(self, text: str, opener: Token) -> None:
        tok = self.take()
        if tok.text != text:
            found = "the end" if tok.kind == "end" else repr(tok.text)
            raise ConditionError(f"expected {text!r} to close {opener.text!r} from column "
                                 f"{opener.column}, found {found}", tok.column, self.text)

    def enter(self, tok: Token) -> None:
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            raise self.fail(f"nested more than {MAX_NESTING} deep", tok)

    def parse(self) -> Value:
        if self.peek().kind == "end":
            raise self.fail("empty condition", self.peek())
        value = self.level(0)
        tok = self.peek()
        if tok.kind != "end":
            raise self.fail(f"unexpected {tok.text!r} after a complete expression", tok)
        return value

    def level(self, n: int) -> Value:
        if n == len(_LEVELS):
            return self.unary()
        ops = _LEVELS[n]
        left = self.level(n + 1)
        while self.peek().kind == "op" and self.peek().text in ops:
            op = self.take().text
            right = self.level(n + 1)
            left = _combine(op, left, right)
            if n == 2:  # comparisons do not chain: `1 < a < 3` is an error
                tok = self.peek()
                if tok.kind == "op" and tok.text in ops:
                    raise self.fail("comparisons cannot be chained; use &&", tok)
        return left

    def unary(self) -> Value:
        tok = self.peek()
        if tok.kind == "op" and tok.text in ("!", "-", "~"):
            self.take()
            self.enter(tok)
            inner = self.unary()
            self.nesting -= 1
            if tok.text == "!":
                return lambda: 0 if inner() else 1
            if tok.text == "-":
                return lambda: -inner()
            return lambda: ~inner()
        return self.atom()

    def atom(self) -> Value:
        tok = self.take()
        if tok.kind == "num":
            value = tok.value
            return lambda: value
        if tok.kind == "name":
            return self.name(tok)
        if tok.kind == "word" or tok.text == "[":
            self.enter(tok)
            inner = self.level(0)
            self.expect("]", tok)
            self.nesting -= 1
            peek = self.env.peek
            if tok.kind == "word":
                if self.env.big_endian:
                    return lambda: peek(inner() & 0xFFFF) << 8 | peek((inner() + 1) & 0xFFFF)
                return lambda: peek(inner() & 0xFFFF) | peek((inner() + 1) & 0xFFFF) << 8
            return lambda: peek(inner() & 0xFFFF)
        if tok.text == "(":
            self.enter(tok)
            inner = self.level(0)
            self.expect(")", tok)
            self.nesting -= 1
            return inner
        if tok.kind == "end":
            raise self.fail("expression ends too early: a value is missing", tok)
        raise self.fail(f"expected a value, found {tok.text!r}", tok)

    def name(self, tok: Token) -> Value:
        env = self.env
        low = tok.text.lower()
        if low in env.registers:
            return env.registers[low]
        if low in env.counters:
            return env.counters[low]
        if tok.text in env.symbols:
            value = env.symbols[tok.text]
            return lambda: value
        known = ", ".join(sorted(env.registers))
        raise self.fail(f"unknown name {tok.text!r} (not a register: {known}; "
                        "nor a symbol)", tok)


def _combine(op: str, left: Value, right: Value) -> Value:
    if op == "&&":
        return lambda: 1 if left() and right() else 0
    if op == "||":
        return lambda: 1 if left() or right() else 0
    fn = _BINARY[op]
    if op in ("==", "!=", "<", "<=", ">", ">="):
        return lambda: 1 if fn(left(), right()) else 0
    return lambda: fn(left(), right())


def compile_condition(text: str, env: Env) -> Value:
    """Parse `text` into a callable giving an int (non-zero = true).

    Raises ConditionError with the column and a plain-words reason."""
    if not isinstance(text, str):
        raise ConditionError("a condition must be text", 1, str(text))
    if len(text) > MAX_LENGTH:
        raise ConditionError(f"condition longer than {MAX_LENGTH} characters", 1, text)
    return _Parser(text, env).parse()
