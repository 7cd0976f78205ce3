"""Generated statements as objects: what each one sets, reads and calls.

A block compiler's passes over the code it wrote (registers kept in locals,
literals folded in, stores that no one reads dropped) ask these questions of
a `Stmt`, never of the text: each statement is parsed once by Python's own
parser (`ast`; cached by its text, as blocks share most of their lines), and
knows the places of the names and register attributes in it, so that putting
a literal or a local in their place is exact (no name inside a longer one,
an attribute or a string is touched).
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass

# The node types of an expression of integer literals and operators alone.
_LITERAL_NODES = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp,
                  ast.Constant, ast.operator, ast.unaryop, ast.boolop, ast.cmpop, ast.Load)
_NO_LITERAL_OPS = (ast.Div, ast.FloorDiv, ast.Mod, ast.MatMult)


@dataclass(frozen=True)
class Stmt:
    """One statement (a line of generated code, without its indentation)."""

    text: str
    kind: str  # "=", "op=", "if", "elif", "else", "while", "return", "break", "comment", ...
    target_spans: tuple[tuple[int, int], ...] = ()  # "=": where each target is
    sets: tuple[str, ...] = ()  # the names its targets that are names (`a`, `a, b`) set
    single: bool = False  # "=": every target a single name (then `sets` are they)
    value: tuple[int, int] | None = None  # where the value (or an if's test) is in `text`
    names: frozenset[str] = frozenset()  # every name in it (read or set)
    value_names: frozenset[str] = frozenset()  # the names the value reads
    walrus: tuple[str, ...] = ()  # names a `:=` in it sets
    calls: bool = False  # the value calls something
    strings: bool = False  # a string or bytes literal in it
    # (start, end, name): the places a known name's value may take (all
    # names but those a plain target sets)
    places: tuple[tuple[int, int, str], ...] = ()
    # (start, end, attribute, in a target): `obj.attribute` for the `obj` given
    attributes: tuple[tuple[int, int, str, bool], ...] = ()
    # "=" with one target `name[index]`, or an `if name[index]:`: name, where index is
    index_span: tuple[str, int, int] | None = None
    called: frozenset[str] = frozenset()  # the functions it calls (`f(...)`, `x.f(...)`: f)
    # (start, end, name, index start, index end): each `name[index]` in it
    subscripts: tuple[tuple[int, int, str, int, int], ...] = ()
    # "=" whose value is `body if test else orelse`: where test, body and orelse are
    choice: tuple[tuple[int, int], tuple[int, int], tuple[int, int]] | None = None

    @property
    def targets(self) -> tuple[str, ...]:
        """"=": each target as written."""
        return tuple(self.text[lo:hi] for lo, hi in self.target_spans)

    @property
    def index(self) -> tuple[str, str] | None:
        """"=" with one target `name[index]`, or an `if name[index]:`: (name, index)."""
        if self.index_span is None:
            return None
        name, lo, hi = self.index_span
        return name, self.text[lo:hi]

    def substituted(self, values: dict[str, str], lo: int = 0, hi: int | None = None) -> str:
        """The text (or its part [lo, hi)) with each place of a name in
        `values` holding its value."""
        hi = len(self.text) if hi is None else hi
        return splice(self.text[lo:hi], [(a - lo, b - lo, values[name])
                                          for a, b, name in self.places
                                          if name in values and lo <= a and b <= hi])

    def with_locals(self, prefix: str) -> str:
        """The text with each `obj.attribute` of `attributes` as a local
        `<prefix><attribute>`."""
        return splice(self.text, [(lo, hi, prefix + attr)
                                   for lo, hi, attr, _ in self.attributes])


def splice(text: str, pieces: list[tuple[int, int, str]]) -> str:
    """`text` with each span [start, end) of `pieces` (they do not overlap)
    holding its new text."""
    out, at = [], 0
    for lo, hi, new in sorted(pieces):
        out += [text[at:lo], new]
        at = hi
    return "".join(out) + text[at:]


@functools.lru_cache(maxsize=32768)
def parse(text: str, obj: str = "", attributes: frozenset[str] = frozenset()) -> Stmt:
    """The `Stmt` of one statement (a compound one's header, ending in ":");
    with `obj`, the places of its attributes in `attributes` too. Parsed
    once per shape: statements that differ only in their numbers' digits
    (a block's addresses, operands, T-states) share one parse."""
    stmt = _parse(_shape(text), obj, attributes)
    if stmt.text == text:
        return stmt
    same = object.__new__(Stmt)  # (as dataclasses.replace, without its __init__ call)
    same.__dict__.update(stmt.__dict__, text=text)
    return same


def _shape(text: str) -> str:
    """`text` with every number literal's digits made the same (1, then 0s),
    its width kept: the same statement to the parser, but for the values."""
    return _NUMBER.sub(_same_width, text)


_NUMBER = re.compile(r"\b(?:0[xX][0-9A-Fa-f]+|\d+)\b")


def _same_width(m: re.Match[str]) -> str:
    digits = m.group(0)
    if digits[:2] in ("0x", "0X"):
        return digits[:2] + "1" * (len(digits) - 2)
    return "1" + "0" * (len(digits) - 1) if len(digits) > 1 or digits != "0" else "0"


@functools.lru_cache(maxsize=16384)
def _parse(text: str, obj: str, attributes: frozenset[str]) -> Stmt:
    word = text.split(" ", 1)[0].rstrip(":")
    if word in _BARE:
        return Stmt(text, word)
    if text.startswith("#"):
        return Stmt(text, "comment")
    node, shift = _tree(text)
    kind, value = "expr", None
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        kind, value, targets = "=", node.value, node.targets
    elif isinstance(node, ast.AugAssign):
        kind, value, targets = "op=", node.value, [node.target]
    elif isinstance(node, ast.If | ast.While):
        kind, value = ("elif" if shift else "if") if isinstance(node, ast.If) else "while", \
            node.test
    elif isinstance(node, ast.For):
        kind = "for"
    elif isinstance(node, ast.Return):
        kind, value = "return", node.value
    elif isinstance(node, ast.Expr):
        value = node.value
    # The names its targets that are names set (`a`, `a, b`; an augmented one's).
    named = [t for t in targets if _names_only(t)]
    plain = {id(n) for t in named for n in ast.walk(t)}
    in_target = {id(n) for t in targets for n in ast.walk(t)} if kind == "=" else set()
    in_value = {id(n) for n in ast.walk(value)} if value is not None else set()
    places, attrs, names, walrus, value_names = [], [], set(), [], set()
    called, subscripts = set(), []
    calls = strings = False
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            names.add(n.id)
            if id(n) in in_value:
                value_names.add(n.id)
            if id(n) not in plain:
                places.append((n.col_offset + shift, n.end_col_offset + shift, n.id))
        elif isinstance(n, ast.Call):
            calls = calls or id(n) in in_value
            if isinstance(n.func, ast.Name | ast.Attribute):
                called.add(n.func.id if isinstance(n.func, ast.Name) else n.func.attr)
        elif isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name):
            subscripts.append((n.col_offset + shift, n.end_col_offset + shift, n.value.id,
                               n.slice.col_offset + shift, n.slice.end_col_offset + shift))
        elif isinstance(n, ast.Constant):
            strings = strings or isinstance(n.value, str | bytes)
        elif isinstance(n, ast.NamedExpr) and isinstance(n.target, ast.Name):
            walrus.append(n.target.id)
        elif obj and isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) \
                and n.value.id == obj and n.attr in attributes:
            attrs.append((n.col_offset + shift, n.end_col_offset + shift, n.attr,
                          id(n) in in_target))
    span = None
    if value is not None:
        span = (value.col_offset + shift, value.end_col_offset + shift)
    if targets:  # an assignment's value: all after its `=`, parentheses too
        lo = text.index("=", targets[-1].end_col_offset) + 1
        span = (lo + (text[lo] == " "), len(text))
    indexed = targets[0] if kind == "=" and len(targets) == 1 else \
        node.test if isinstance(node, ast.If) else None
    index = None
    if isinstance(indexed, ast.Subscript) and isinstance(indexed.value, ast.Name):
        index = (indexed.value.id, indexed.slice.col_offset + shift,
                 indexed.slice.end_col_offset + shift)
    choice = None
    if kind == "=" and isinstance(value, ast.IfExp):
        choice = tuple((part.col_offset + shift, part.end_col_offset + shift)
                       for part in (value.test, value.body, value.orelse))
    return Stmt(
        text, kind, tuple((t.col_offset, t.end_col_offset) for t in targets if kind == "="),
        tuple(n.id for t in named for n in ast.walk(t) if isinstance(n, ast.Name)),
        kind == "=" and all(isinstance(t, ast.Name) for t in targets), span,
        frozenset(names), frozenset(value_names), tuple(walrus), calls, strings,
        tuple(places), tuple(attrs), index, frozenset(called), tuple(sorted(subscripts)),
        choice)


Call = tuple[int, int, tuple[tuple[int, int], ...]]  # start, end, its arguments' spans


@functools.lru_cache(maxsize=32768)
def calls(text: str, func: str) -> tuple[Call, ...]:
    """The calls `func(...)` in a statement or an expression that no other
    call of `func` holds, in order: where each is, and its arguments."""
    return _calls(_shape(text), func)


@functools.lru_cache(maxsize=16384)
def _calls(text: str, func: str) -> tuple[Call, ...]:
    if text.split(" ", 1)[0].rstrip(":") in _BARE:
        return ()
    tree, shift = _tree(text)
    found = sorted((n.col_offset, n.end_col_offset, n) for n in ast.walk(tree)
                   if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                   and n.func.id == func and n.lineno == 1)
    out: list[Call] = []
    for lo, hi, node in found:
        if out and lo < out[-1][1] - shift:
            continue  # inside the one before
        out.append((lo + shift, hi + shift, tuple(
            (a.col_offset + shift, a.end_col_offset + shift) for a in node.args)))
    return tuple(out)


def call_statement(statement: str, func: str) -> tuple[str, ...] | None:
    """The arguments of a statement that is a call `func(...)` alone, else None."""
    found = calls(statement, func)
    if len(found) != 1 or found[0][:2] != (0, len(statement)):
        return None
    return tuple(statement[lo:hi] for lo, hi in found[0][2])


_BARE = frozenset(("else", "try", "finally", "break", "continue", "pass"))


def _tree(text: str) -> tuple[ast.stmt, int]:
    """A statement's syntax tree (an `elif` parsed as an `if`, a compound
    statement's header given a body) and how far its offsets are shifted."""
    shift = 2 if text.startswith("elif ") else 0
    try:
        return ast.parse(text[shift:]).body[0], shift
    except SyntaxError:
        return ast.parse(text[shift:] + "\n    pass").body[0], shift


def _names_only(target: ast.expr) -> bool:
    """A target that sets names alone: `a` or `a, b`."""
    return isinstance(target, ast.Name) or isinstance(target, ast.Tuple) and all(
        isinstance(e, ast.Name) for e in target.elts)


@functools.lru_cache(maxsize=16384)
def literal(expression: str, booleans: bool = False) -> int | None:
    """The value of an expression of integer literals and operators alone
    (arithmetic, bits, comparisons, `and`/`or`/`not`, `x if c else y`;
    booleans as 0 and 1; with `booleans`, `True` and `False` among its
    literals), else None."""
    if expression.isdigit():
        return int(expression)
    if not _literal_only(_shape(expression), booleans):
        return None
    return int(eval(expression, {"__builtins__": {}}))  # noqa: S307 - literals and operators only


@functools.lru_cache(maxsize=16384)
def _literal_only(shape: str, booleans: bool) -> bool:
    """Whether an expression (as `_shape` gives it) is literals and operators alone."""
    try:
        tree = ast.parse(shape, mode="eval")
    except SyntaxError:
        return False
    allowed = (int, bool) if booleans else (int,)
    return all(isinstance(n, _LITERAL_NODES) and not isinstance(n, _NO_LITERAL_OPS) and not (
        isinstance(n, ast.Constant) and type(n.value) not in allowed) for n in ast.walk(tree))
