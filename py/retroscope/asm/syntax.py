"""Per-ISA source syntax: how numbers, labels, comments and directives are spelled.

The lexer and the front end read everything ISA-specific about the *text* from
one `Syntax`; the operand grammar and encodings live in the backend.  Three
profiles are defined here so the shared lexer is proven against all of them:
`MOS` (6502, ca65-like), `ZILOG` (Z80) and `TI_EA` (TI Editor/Assembler).
A backend may derive its own with `dataclasses.replace`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Canonical directive kinds the front end implements (see frontend.py).
# "rorg": org whose operand may be left out (continue here); "dorg": org into
# a dummy section that defines labels but emits nothing (until the next org);
# "bes": reserve with the label on the address after the block.
DIRECTIVE_KINDS = frozenset({
    "org", "rorg", "dorg", "byte", "text", "word", "res", "bes", "equ", "include",
    "assert", "align", "even", "end", "ignore",
})


@dataclass(frozen=True, eq=False)
class Syntax:
    name: str
    # Starts a comment anywhere outside quotes ("" for none).
    comment: str = ";"
    # A line whose first character is one of these is a comment (TI '*').
    column1_comment: str = ""
    # TI fields: label in column 1, then mnemonic, operand field and comment,
    # separated by whitespace; the operand field holds no space outside quotes.
    fields: bool = False
    # "colon": `name:` only; "colon-or-col1": also a bare name in column 1;
    # "col1": a bare name in column 1 (no colon).
    labels: str = "colon"
    # Labels starting with this are local to the previous global label.
    local_prefix: str = "@"
    # Characters beyond letters/digits/_ allowed to start / continue a name.
    ident_start: str = ""
    ident_chars: str = ""
    # A name may end in one apostrophe (Z80 `af'`).
    ident_prime: bool = False
    # One-character prefixes before hex digits ($FF, >FF).
    hex_prefixes: str = "$"
    c_hex: bool = False  # 0xFF
    hex_suffix: bool = False  # 0FFh
    bin_prefixes: str = "%"
    bin_suffix: bool = False  # 1010b
    quotes: str = "\"'"
    escapes: bool = True  # backslash escapes; else a doubled quote stands for itself
    here: tuple[str, ...] = ("*",)  # the current address
    case_sensitive: bool = True  # symbols (mnemonics/registers/directives never are)
    # TI fields: a column-1 mnemonic/directive starts the statement unless the
    # next field is one too (listings printed flush left; `X BSS 2` is a label).
    col1_mnemonics: bool = False
    # Lower-case spelling -> canonical kind (one of DIRECTIVE_KINDS).
    directives: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        bad = set(self.directives.values()) - DIRECTIVE_KINDS
        if bad or self.labels not in ("colon", "colon-or-col1", "col1"):
            raise ValueError(f"bad syntax profile {self.name}: {bad or self.labels}")


MOS = Syntax(
    name="mos",
    ident_start=".@",
    ident_chars=".@",
    directives={
        ".org": "org", ".byte": "byte", ".db": "byte", ".byt": "byte",
        ".word": "word", ".dw": "word", ".res": "res", ".ds": "res",
        ".equ": "equ", ".include": "include", ".assert": "assert",
        ".align": "align", ".end": "end",
    },
)

ZILOG = Syntax(
    name="zilog",
    labels="colon-or-col1",
    local_prefix=".",
    ident_start=".",
    ident_prime=True,
    c_hex=True,
    hex_suffix=True,
    bin_suffix=True,
    here=("$",),
    directives={
        "org": "org", "db": "byte", "defb": "byte", "defm": "byte", "dw": "word",
        "defw": "word", "ds": "res", "defs": "res", "equ": "equ", "include": "include",
        "assert": "assert", "align": "align", "end": "end",
        ".org": "org", ".db": "byte", ".dw": "word", ".ds": "res", ".equ": "equ",
        ".include": "include", ".assert": "assert",
    },
)

TI_EA = Syntax(
    name="ti-ea",
    comment="",
    column1_comment="*",
    fields=True,
    labels="col1",
    local_prefix="",
    hex_prefixes=">",
    bin_prefixes="",
    quotes="'",
    escapes=False,
    here=("$",),
    case_sensitive=False,
    directives={
        "aorg": "org", "rorg": "rorg", "dorg": "dorg", "data": "word", "byte": "byte",
        "text": "text", "bss": "res", "bes": "bes",
        "equ": "equ", "even": "even", "end": "end", "copy": "include",
        "def": "ignore", "ref": "ignore", "idt": "ignore", "titl": "ignore",
        "assert": "assert",
    },
)
