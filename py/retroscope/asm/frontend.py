"""Parse source text once into a flat list of statements (includes inlined).

One statement per source line; a line that fails to parse is reported and
kept as an empty statement so the listing still has every line.  Symbols are
checked for duplicates here; their values come later (passes.py).
"""

from __future__ import annotations

from .backend import Backend
from .errors import Diagnostics, Problem
from .expr import Cursor, Expr, Num, Scope
from .ir import Align, Assert, Assign, Data, End, Include, Insn, Loc, Org, Reserve, ReserveEnd, Stmt
from .lexer import NAME, OP, STR, Token, fields, tokenize
from .source import Loader

MAX_INCLUDE_DEPTH = 16
MAX_LINES = 500_000  # includes inlined; bounds work on hostile nested includes


class FrontEnd:
    def __init__(self, backend: Backend, loader: Loader, diag: Diagnostics) -> None:
        self.backend = backend
        self.syntax = backend.syntax
        self.loader = loader
        self.diag = diag
        self.scope = Scope(self.syntax)
        self.stmts: list[Stmt] = []
        self.defined: dict[str, Loc] = {}  # symbol -> where it is defined
        self._files: list[str] = []  # the include stack

    # -- files -----------------------------------------------------------------
    def parse_file(self, text: str, file: str) -> None:
        self._files.append(file)
        # Any line ending (LF, CRLF, CR); a leading byte-order mark is not text.
        lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        for number, raw in enumerate(lines.split("\n"), 1):
            loc = Loc(file, number, raw)
            try:
                stmt = self.parse_line(loc)
            except Problem as exc:
                self.diag.error(file, number, str(exc))
                stmt = Stmt(loc=loc)
            self.stmts.append(stmt)
            if isinstance(stmt, Include):
                self._include(stmt)
            elif isinstance(stmt, End):
                break
        self._files.pop()

    def _include(self, stmt: Include) -> None:
        loc = stmt.loc
        try:
            if len(self.stmts) > MAX_LINES:
                raise Problem(f"the program is over {MAX_LINES} lines with its includes")
            if stmt.name in self._files:
                raise Problem(f"{stmt.name!r} includes itself")
            if len(self._files) >= MAX_INCLUDE_DEPTH:
                raise Problem(f"includes nested deeper than {MAX_INCLUDE_DEPTH}")
            text = self.loader(stmt.name)
        except Problem as exc:
            self.diag.error(loc.file, loc.line, str(exc))
            return
        self.parse_file(text, stmt.name)

    # -- lines -----------------------------------------------------------------
    def parse_line(self, loc: Loc) -> Stmt:
        syntax = self.syntax
        text = loc.text
        if syntax.column1_comment and text[:1] and text[0] in syntax.column1_comment:
            return Stmt(loc=loc)
        if syntax.fields:
            return self._fields_line(loc)
        cur = Cursor(tokenize(text, syntax), self.scope)
        first = cur.peek()
        if first is None:
            return Stmt(loc=loc)
        if first.kind == OP and first.text in syntax.here and cur.is_op("=", 1):
            cur.pos = 2  # `* = $8000` sets the address
            return self._org(loc, None, cur)
        label = None
        if first.kind == NAME:
            second = cur.peek(1)
            if second is not None and (
                    (second.kind == OP and second.text == "=")
                    or (second.kind == NAME and self._kind(second) == "equ")):
                cur.pos = 2
                return self._assign(loc, first, cur)
            if second is not None and second.kind == OP and second.text == ":":
                label, cur.pos = first, 2
            elif (syntax.labels != "colon" and first.col == 0
                  and not self._is_keyword(first)):
                label, cur.pos = first, 1
        op = cur.peek()
        if op is not None and op.kind == NAME and self._kind(op) == "equ" and label:
            cur.pos += 1
            return self._assign(loc, label, cur)
        name = self._define_label(label, loc)
        if op is None:
            return Stmt(loc=loc, label=name)
        cur.pos += 1
        return self._statement(loc, name, op, cur)

    def _fields_line(self, loc: Loc) -> Stmt:
        """TI layout: [label] mnemonic [operands] [comment], split at spaces."""
        syntax = self.syntax
        parts = fields(loc.text, syntax)
        label = None
        if parts and parts[0][0] == 0 and not self._flush_left_statement(parts):
            label = self._single_name(parts.pop(0), "label")
        if not parts:
            return Stmt(loc=loc, label=self._define_label(label, loc))
        op = self._single_name(parts[0], "mnemonic")
        kind = self._kind(op)
        name = op.text.lower()
        if kind:
            wants = kind not in ("even", "end")
        else:  # an unknown name is reported by _statement; read its operands anyway
            wants = not self.backend.is_mnemonic(name) or self.backend.takes_operands(name)
        tokens = tokenize(parts[1][1], syntax, parts[1][0]) if wants and len(parts) > 1 else []
        cur = Cursor(tokens, self.scope)
        if kind == "equ":
            if label is None:
                raise Problem(f"'{op.text}' needs a label to name")
            return self._assign(loc, label, cur)
        return self._statement(loc, self._define_label(label, loc), op, cur)

    def _flush_left_statement(self, parts: list[tuple[int, str]]) -> bool:
        """With `col1_mnemonics`: is the column-1 field a mnemonic, not a label?"""
        if not self.syntax.col1_mnemonics:
            return False
        name = parts[0][1].lower()
        kind = self.syntax.directives.get(name)
        if kind is None and not self.backend.is_mnemonic(name):
            return False
        if len(parts) == 1 or kind in ("even", "end") or (
                kind is None and not self.backend.takes_operands(name)):
            return True  # nothing follows, or only a comment does
        second = parts[1][1].lower()
        return second not in self.syntax.directives and not self.backend.is_mnemonic(second)

    def _single_name(self, part: tuple[int, str], what: str) -> Token:
        tokens = tokenize(part[1], self.syntax, part[0])
        if len(tokens) != 1 or tokens[0].kind != NAME:
            raise Problem(f"bad {what} '{part[1]}'")
        return tokens[0]

    def _kind(self, token: Token) -> str | None:
        return self.syntax.directives.get(token.text.lower())

    def _is_keyword(self, token: Token) -> bool:
        name = token.text.lower()
        return name in self.syntax.directives or self.backend.is_mnemonic(name)

    # -- symbols ---------------------------------------------------------------
    def _define(self, token: Token, loc: Loc) -> str:
        key = self.scope.key(token.text)
        first = self.defined.get(key)
        if first is not None:
            where = f"line {first.line}" if first.file == loc.file else \
                f"{first.file}:{first.line}"
            raise Problem(f"'{token.text}' is already defined (at {where})")
        self.defined[key] = loc
        return key

    def _define_label(self, token: Token | None, loc: Loc) -> str | None:
        if token is None:
            return None
        if not self.scope.is_local(token.text):
            self.scope.global_label = self.scope.key(token.text)
        return self._define(token, loc)

    def _assign(self, loc: Loc, token: Token, cur: Cursor) -> Stmt:
        value = cur.expr()
        cur.expect_end()
        return Assign(loc=loc, name=self._define(token, loc), value=value)

    # -- statements ----------------------------------------------------------
    def _statement(self, loc: Loc, label: str | None, op: Token, cur: Cursor) -> Stmt:
        if op.kind != NAME:
            raise Problem(f"expected a mnemonic or directive, found '{op.text}'")
        kind = self._kind(op)
        if kind is not None:
            return self._directive(kind, op, loc, label, cur)
        name = op.text.lower()
        if not self.backend.is_mnemonic(name):
            hint = " (a label needs a colon)" if (
                self.syntax.labels == "colon" and op.col == 0 and cur.at_end()) else ""
            raise Problem(f"unknown {'directive' if name[:1] == '.' else 'mnemonic'} "
                          f"'{op.text}'{hint}")
        payload = self.backend.parse(name, cur)
        cur.expect_end()
        return Insn(loc=loc, label=label, payload=payload)

    def _directive(self, kind: str, op: Token, loc: Loc, label: str | None,
                   cur: Cursor) -> Stmt:
        if kind in ("org", "rorg", "dorg"):
            if kind == "rorg" and cur.at_end():
                return Org(loc=loc, label=label, address=None)
            return self._org(loc, label, cur, dummy=kind == "dorg")
        if kind in ("byte", "text", "word"):
            items = self._data_items(cur, kind)
            return Data(loc=loc, label=label, width=2 if kind == "word" else 1, items=items)
        if kind in ("res", "bes", "align"):
            amount = cur.expr()
            fill = cur.expr() if cur.accept(",") else None
            cur.expect_end()
            if kind in ("res", "bes"):
                made = Reserve if kind == "res" else ReserveEnd
                return made(loc=loc, label=label, count=amount, fill=fill)
            return Align(loc=loc, label=label, boundary=amount, fill=fill)
        if kind == "even":
            return Align(loc=loc, label=label, boundary=Num(2), fill=None)
        if kind == "equ":
            raise Problem(f"'{op.text}' needs a name: write 'name {op.text} value'")
        if kind == "include":
            name = cur.next()
            if name.kind != STR:
                raise Problem(f"'{op.text}' wants a quoted file name")
            cur.expect_end()
            return Include(loc=loc, label=label, name=str(name.value))
        if kind == "assert":
            cond = cur.expr()
            message = ""
            if cur.accept(","):
                token = cur.next()
                if token.kind != STR:
                    raise Problem("the assertion message must be a quoted string")
                message = str(token.value)
            cur.expect_end()
            return Assert(loc=loc, label=label, cond=cond, message=message)
        if kind == "end":
            cur.expect_end()
            return End(loc=loc, label=label)
        return Stmt(loc=loc, label=label)  # "ignore": DEF/REF and the like

    def _org(self, loc: Loc, label: str | None, cur: Cursor, dummy: bool = False) -> Stmt:
        address = cur.expr()
        cur.expect_end()
        return Org(loc=loc, label=label, address=address, dummy=dummy)

    def _data_items(self, cur: Cursor, kind: str) -> list[Expr | bytes]:
        items: list[Expr | bytes] = []
        while True:
            token = cur.peek()
            if token is not None and token.kind == STR and kind != "word" and (
                    cur.peek(1) is None or cur.is_op(",", 1)):
                cur.pos += 1
                items.append(_latin1(str(token.value)))
            elif kind == "text":
                raise Problem(f"expected a quoted string {cur.where()}")
            else:
                items.append(cur.expr())
            if not cur.accept(","):
                break
        cur.expect_end()
        return items


def _latin1(text: str) -> bytes:
    try:
        return text.encode("latin-1")
    except UnicodeEncodeError as exc:
        raise Problem(f"character {text[exc.start]!r} does not fit in a byte") from None
