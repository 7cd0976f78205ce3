"""Split one source line into tokens, following a `Syntax` profile.

Tokens are numbers (value already converted), names, quoted strings and
operators.  Lexing stops at the profile's comment character.  For TI-style
sources `fields()` first splits a line into whitespace-separated fields, so the
comment after the operand field is never lexed at all.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import Problem
from .syntax import Syntax

NUM, NAME, STR, OP = "num", "name", "str", "op"

_OPS2 = frozenset({"<<", ">>", "<=", ">=", "==", "!=", "<>", "&&", "||"})
_OPS1 = frozenset("+-*/&|^~<>()[],#=:!$%@")
_DIGITS = "0123456789"
_HEX = frozenset("0123456789abcdefABCDEF")
_DEC = frozenset(_DIGITS)
_BIN = frozenset("01")
_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "0": "\0", "\\": "\\", "\"": "\"", "'": "'"}
# Literals beyond 64 bits are typos; refusing them keeps every value small.
MAX_BITS = 64


class Token(NamedTuple):
    """A named tuple, not a dataclass: some 20,000 are made per assembly of
    the largest program, and a tuple is made several times faster than a
    frozen dataclass (source edits assemble in the page)."""

    kind: str  # NUM | NAME | STR | OP
    text: str  # as spelled in the source
    value: int | str  # NUM: the number; STR: the contents; else the text
    col: int  # 0-based column in the line


def tokenize(text: str, syntax: Syntax, col0: int = 0) -> list[Token]:
    """The tokens of `text` (a line or one field of it) up to any comment."""
    tokens: list[Token] = []
    i, n = 0, len(text)
    comment = syntax.comment
    while i < n:
        c = text[i]
        if c in " \t\r\f\v":
            i += 1
            continue
        if comment and c == comment:
            break
        start = i
        if c in _DIGITS:
            i = _word_end(text, i)
            tokens.append(Token(NUM, text[start:i], _digit_number(text[start:i], syntax),
                                col0 + start))
        elif c in syntax.hex_prefixes and i + 1 < n and text[i + 1] in _HEX:
            i = _word_end(text, i + 1)
            tokens.append(Token(NUM, text[start:i], _radix(text[start + 1:i], 16, text[start:i]),
                                col0 + start))
        elif c in syntax.bin_prefixes and i + 1 < n and text[i + 1] in "01":
            i = _word_end(text, i + 1)
            tokens.append(Token(NUM, text[start:i], _radix(text[start + 1:i], 2, text[start:i]),
                                col0 + start))
        elif c.isalpha() or c == "_" or c in syntax.ident_start:
            i = _name_end(text, i + 1, syntax)
            tokens.append(Token(NAME, text[start:i], text[start:i], col0 + start))
        elif c in syntax.quotes:
            value, i = _string(text, i, syntax)
            tokens.append(Token(STR, text[start:i], value, col0 + start))
        elif text[i:i + 2] in _OPS2:
            i += 2
            tokens.append(Token(OP, text[start:i], text[start:i], col0 + start))
        elif c in _OPS1:
            i += 1
            tokens.append(Token(OP, c, c, col0 + start))
        else:
            raise Problem(f"unexpected character {c!r} in column {col0 + start + 1}")
    return tokens


def fields(text: str, syntax: Syntax) -> list[tuple[int, str]]:
    """TI-style fields: (column, text) runs split at whitespace outside quotes.

    An unclosed quote simply runs to the end of the line: it may well be in
    the comment field, which is never lexed.
    """
    out: list[tuple[int, str]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] in " \t\r\f\v":
            i += 1
            continue
        start = i
        quote = ""
        while i < n:
            c = text[i]
            if quote:
                if c == quote:
                    quote = ""
            elif c in syntax.quotes:
                quote = c
            elif c in " \t\r\f\v":
                break
            i += 1
        out.append((start, text[start:i]))
    return out


def _word_end(text: str, i: int) -> int:
    n = len(text)
    while i < n and (text[i].isalnum() or text[i] == "_"):
        i += 1
    return i


def _name_end(text: str, i: int, syntax: Syntax) -> int:
    n = len(text)
    extra = syntax.ident_chars
    while i < n and (text[i].isalnum() or text[i] == "_" or text[i] in extra):
        i += 1
    if syntax.ident_prime and i < n and text[i] == "'":
        i += 1
    return i


def _radix(digits: str, base: int, spelled: str) -> int:
    valid = _BIN if base == 2 else _DEC if base == 10 else _HEX
    if not digits or not valid.issuperset(digits):
        raise Problem(f"bad number '{spelled[:20]}'")
    value = int(digits, base)
    if value.bit_length() > MAX_BITS:
        raise Problem(f"number '{spelled[:20]}' is too large")
    return value


def _digit_number(word: str, syntax: Syntax) -> int:
    """A number starting with a digit: decimal, or 0x.., ..h, ..b per profile."""
    low = word.lower()
    if syntax.c_hex and low.startswith("0x"):
        return _radix(low[2:], 16, word)
    # 0b.. is binary only when binary digits follow: with an h suffix in
    # Zilog syntax, 0B1H and 0BEEFH are hex numbers that begin with B.
    if syntax.c_hex and low.startswith("0b") and len(low) > 2 and set(low[2:]) <= set("01"):
        return _radix(low[2:], 2, word)
    if syntax.hex_suffix and low.endswith("h"):
        return _radix(low[:-1], 16, word)
    if syntax.bin_suffix and low.endswith("b") and set(low[:-1]) <= set("01"):
        return _radix(low[:-1], 2, word)
    if len(word) > 25:  # also keeps int() far from CPython's digit limit
        raise Problem(f"number '{word[:20]}...' is too long")
    return _radix(word, 10, word)


def _string(text: str, i: int, syntax: Syntax) -> tuple[str, int]:
    """The contents of the quoted string at i, and the index after it."""
    start = i
    quote = text[i]
    out: list[str] = []
    i += 1
    n = len(text)
    while i < n:
        c = text[i]
        if c == quote:
            if not syntax.escapes and i + 1 < n and text[i + 1] == quote:
                out.append(quote)
                i += 2
                continue
            return "".join(out), i + 1
        if c == "\\" and syntax.escapes:
            if i + 1 >= n:
                break
            esc = _ESCAPES.get(text[i + 1])
            if esc is None:
                raise Problem(f"unknown escape '\\{text[i + 1]}' in string")
            out.append(esc)
            i += 2
            continue
        out.append(c)
        i += 1
    raise Problem(f"string {text[start:start + 20]}... has no closing {quote}")
