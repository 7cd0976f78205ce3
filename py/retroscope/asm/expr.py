"""Expressions: parsed once into small trees, evaluated on every pass.

Grammar (C-like precedence, tightest last)::

    expr    := ('<' | '>') expr          low / high byte of everything after it
             | binary
    binary  := unary (op unary)*         || && | == != <> < > <= >= | | ^ & | << >> | + - | * /
    unary   := ('-' | '~' | '!' | '+') unary | ('<' | '>') expr | primary
    primary := number | 'c' | name | here | '(' expr ')' | '[' expr ']'

`<`/`>` take everything to their right, as in ACME/64tass/DASM, so `#<table+1`
is the low byte of `table+1`.  Division truncates toward zero.  Comparisons
and `! && ||` give 1 or 0.  Every value must fit in 64 bits and trees are kept
shallow, so no input can exhaust memory or the interpreter's stack.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import Problem, Unresolved
from .lexer import NAME, NUM, OP, STR, Token
from .syntax import Syntax

MAX_DEPTH = 64  # expression tree depth (bounds recursion when parsing and evaluating)
_LIMIT = 1 << 64

PRECEDENCE = {
    "||": 1, "&&": 2,
    "==": 3, "!=": 3, "<>": 3, "<": 3, ">": 3, "<=": 3, ">=": 3,
    "|": 4, "^": 5, "&": 6, "<<": 7, ">>": 7, "+": 8, "-": 8, "*": 9, "/": 9,
}


class Env:
    """What an expression sees while one pass walks the program."""

    __slots__ = ("symbols", "here")

    def __init__(self, symbols: dict[str, int], here: int = 0) -> None:
        self.symbols = symbols
        self.here = here

    def lookup(self, name: str) -> int:
        value = self.symbols.get(name)
        if value is None:
            raise Unresolved(name)
        return value


class Expr:
    __slots__ = ("depth",)

    def eval(self, env: Env) -> int:
        raise NotImplementedError


class Num(Expr):
    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value
        self.depth = 1

    def eval(self, env: Env) -> int:
        return self.value


class Sym(Expr):
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name
        self.depth = 1

    def eval(self, env: Env) -> int:
        return env.lookup(self.name)


class Here(Expr):
    __slots__ = ()

    def __init__(self) -> None:
        self.depth = 1

    def eval(self, env: Env) -> int:
        return env.here


class Unary(Expr):
    __slots__ = ("fn", "arg")

    def __init__(self, op: str, arg: Expr) -> None:
        self.fn = _UNARY[op]
        self.arg = arg
        self.depth = _deeper(arg.depth)

    def eval(self, env: Env) -> int:
        return self.fn(self.arg.eval(env))


class Binary(Expr):
    __slots__ = ("fn", "left", "right")

    def __init__(self, op: str, left: Expr, right: Expr) -> None:
        self.fn = _BINARY[op]
        self.left = left
        self.right = right
        self.depth = _deeper(max(left.depth, right.depth))

    def eval(self, env: Env) -> int:
        value = self.fn(self.left.eval(env), self.right.eval(env))
        if not -_LIMIT < value < _LIMIT:
            raise Problem("value does not fit in 64 bits")
        return value


def _deeper(depth: int) -> int:
    if depth >= MAX_DEPTH:
        raise Problem("expression is too long or nested too deeply")
    return depth + 1


def _div(a: int, b: int) -> int:
    if b == 0:
        raise Problem("division by zero")
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _shift_count(b: int) -> int:
    if not 0 <= b <= 64:
        raise Problem(f"shift count {b} is not in 0..64")
    return b


_UNARY: dict[str, Callable[[int], int]] = {
    "-": lambda a: -a,
    "+": lambda a: a,
    "~": lambda a: ~a,
    "!": lambda a: int(not a),
    "<": lambda a: a & 0xFF,
    ">": lambda a: (a >> 8) & 0xFF,
}

_BINARY: dict[str, Callable[[int, int], int]] = {
    "||": lambda a, b: int(bool(a or b)),
    "&&": lambda a, b: int(bool(a and b)),
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    "<>": lambda a, b: int(a != b),
    "<": lambda a, b: int(a < b),
    ">": lambda a, b: int(a > b),
    "<=": lambda a, b: int(a <= b),
    ">=": lambda a, b: int(a >= b),
    "|": lambda a, b: a | b,
    "^": lambda a, b: a ^ b,
    "&": lambda a, b: a & b,
    "<<": lambda a, b: a << _shift_count(b),
    ">>": lambda a, b: a >> _shift_count(b),
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": _div,
}


class Scope:
    """Turns names as written into symbol-table keys (case, local labels)."""

    __slots__ = ("syntax", "global_label")

    def __init__(self, syntax: Syntax) -> None:
        self.syntax = syntax
        self.global_label = ""

    def key(self, name: str) -> str:
        syntax = self.syntax
        if not syntax.case_sensitive:
            name = name.upper()
        prefix = syntax.local_prefix
        if prefix and name.startswith(prefix):
            return self.global_label + name
        return name

    def is_local(self, name: str) -> bool:
        prefix = self.syntax.local_prefix
        return bool(prefix) and name.startswith(prefix)


class Cursor:
    """A position in one statement's tokens, with the helpers parsers need."""

    __slots__ = ("tokens", "pos", "scope")

    def __init__(self, tokens: list[Token], scope: Scope, pos: int = 0) -> None:
        self.tokens = tokens
        self.pos = pos
        self.scope = scope

    def peek(self, ahead: int = 0) -> Token | None:
        i = self.pos + ahead
        return self.tokens[i] if i < len(self.tokens) else None

    def at_end(self) -> bool:
        return self.pos >= len(self.tokens)

    def next(self) -> Token:
        token = self.peek()
        if token is None:
            raise Problem("unexpected end of line")
        self.pos += 1
        return token

    def is_op(self, text: str, ahead: int = 0) -> bool:
        token = self.peek(ahead)
        return token is not None and token.kind == OP and token.text == text

    def accept(self, text: str) -> bool:
        if self.is_op(text):
            self.pos += 1
            return True
        return False

    def expect(self, text: str) -> None:
        if not self.accept(text):
            raise Problem(f"expected '{text}' {self.where()}")

    def expect_end(self) -> None:
        token = self.peek()
        if token is not None:
            raise Problem(f"unexpected '{token.text}' in column {token.col + 1}")

    def where(self) -> str:
        token = self.peek()
        return "at end of line" if token is None else f"at '{token.text}'"

    def expr(self) -> Expr:
        return parse_expr(self, 0)


def parse_expr(cur: Cursor, depth: int) -> Expr:
    if depth >= MAX_DEPTH:
        raise Problem("expression is nested too deeply")
    token = cur.peek()
    if token is not None and token.kind == OP and token.text in "<>":
        cur.pos += 1
        return Unary(token.text, parse_expr(cur, depth + 1))
    return _binary(cur, 1, depth)


def _binary(cur: Cursor, min_prec: int, depth: int) -> Expr:
    left = _unary(cur, depth)
    while True:
        token = cur.peek()
        if token is None or token.kind != OP:
            return left
        prec = PRECEDENCE.get(token.text, 0)
        if prec < min_prec:
            return left
        cur.pos += 1
        left = Binary(token.text, left, _binary(cur, prec + 1, depth + 1))


def _unary(cur: Cursor, depth: int) -> Expr:
    if depth >= MAX_DEPTH:
        raise Problem("expression is nested too deeply")
    token = cur.next() if not cur.at_end() else None
    if token is None:
        raise Problem("expected a value at end of line")
    kind, text = token.kind, token.text
    if kind == NUM:
        return Num(token.value)  # type: ignore[arg-type]
    if kind == NAME:
        return Sym(cur.scope.key(text))
    if kind == STR:
        value = token.value
        if len(value) != 1:
            raise Problem(f"{text} is not a single character")
        return Num(ord(value))  # type: ignore[arg-type]
    if text in cur.scope.syntax.here:
        return Here()
    if text in ("-", "~", "!", "+"):
        return Unary(text, _unary(cur, depth + 1))
    if text in ("<", ">"):
        return Unary(text, parse_expr(cur, depth + 1))
    if text in ("(", "["):
        inner = parse_expr(cur, depth + 1)
        cur.expect(")" if text == "(" else "]")
        return inner
    raise Problem(f"expected a value, found '{text}'")
