"""A machine's documented variables: one table per machine of name, place and type.

Each machine lists the variables its article documents (and the few of its
own program's that the panel shows) as `Variable`s in its `VARIABLES`; the
table is the one source for the mechanics panel's rows (`Machine.variable_rows`,
in `state()`), the Gymnasium environments' `info` (`retroscope.gym`) and
scripts (`Machine.variables()`, `Machine.variable(name)`).

A place is an address, or a label of the machine's program (`at="score"`,
resolved through its symbols) plus an `offset` (the CRPG's `STATE+4`). A type
says how its bytes make a value:

  u8 s8            one byte, unsigned or signed
  u16 u32          little-endian (the 6502's and the Z80's order)
  u16be u32be      big-endian (the TMS9900's words, NES Tetris's RNG)
  bcd16 bcd24      packed BCD, lowest byte first: the value as a decimal number
  u8[N]            N bytes, a list
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import FORMATS, mechanics_row

_ARRAY = re.compile(r"^u8\[([1-9][0-9]{0,3})\]$")
SCALARS = {"u8": 1, "s8": 1, "u16": 2, "u16be": 2, "u32": 4, "u32be": 4, "bcd16": 2, "bcd24": 3}


def type_size(kind: str) -> int:
    """How many bytes a variable of this type holds; ValueError for an unknown type."""
    if kind in SCALARS:
        return SCALARS[kind]
    match = _ARRAY.match(kind)
    if not match:
        raise ValueError(f"unknown variable type {kind!r} (one of {', '.join(SCALARS)}, u8[N])")
    return int(match.group(1))


@dataclass(frozen=True)
class Variable:
    """One documented variable of a machine's program."""

    name: str  # as scripts and `info` name it (the article's name where it has one)
    at: int | str  # an address, or a label of the program
    type: str = "u8"
    fmt: str = "dec"  # how the panel shows it (base.FORMATS)
    help: str = ""
    offset: int = 0  # added to the label's address
    label: str = ""  # the panel's name for it, when not `name`
    # The panel's text for the value, when a number says too little (a state's name).
    show: Callable[[Any], str] | None = None
    group: str = ""  # rows the panel shows only sometimes (tetris's "versus")

    def __post_init__(self) -> None:
        type_size(self.type)
        if self.fmt not in FORMATS:
            raise ValueError(f"variable {self.name}: format {self.fmt!r} is not one of {FORMATS}")

    @property
    def size(self) -> int:
        return type_size(self.type)

    def address(self, symbols: Mapping[str, int]) -> int:
        base = symbols[self.at] if isinstance(self.at, str) else self.at
        return (base + self.offset) & 0xFFFF

    def decode(self, data: bytes | bytearray | Sequence[int]) -> int | list[int]:
        """The value its bytes (from its address up) hold."""
        kind = self.type
        data = bytes(data)
        if kind.startswith("u8["):
            return list(data)
        if kind == "s8":
            return data[0] - 0x100 if data[0] & 0x80 else data[0]
        if kind.startswith("bcd"):
            # (a nibble past 9, which a BCD routine never leaves, counts as its value)
            return sum(((b >> 4) * 10 + (b & 15)) * 100 ** i for i, b in enumerate(data))
        return int.from_bytes(data, "big" if kind.endswith("be") else "little")

    def panel_value(self, data: bytes | bytearray) -> Any:
        """What `mechanics_row` gets: the value as the panel's format shows it."""
        data = bytes(data)
        if self.show is not None:
            return self.show(self.decode(data))
        if self.type.startswith("u8["):
            return list(data)
        if self.fmt == "bcd":
            return _bcd_digits(data)  # its digits as written, "001234"
        if self.type == "s8":
            return data[0]  # "sdec" shows the byte as signed
        return self.decode(data)


def _bcd_digits(data: bytes) -> str:
    """Packed BCD, lowest byte first, as its digits, highest first."""
    return "".join(f"{b:02X}" for b in reversed(data))


def read_bytes(read: Callable[[int], int], address: int, size: int) -> bytes:
    return bytes(read((address + i) & 0xFFFF) for i in range(size))


def values(table: Sequence[Variable], read: Callable[[int], int],
           symbols: Mapping[str, int]) -> dict[str, int | list[int]]:
    """Every variable of `table` by name, read through `read` (side-effect free)."""
    return {v.name: v.decode(read_bytes(read, v.address(symbols), v.size)) for v in table}


def rows(table: Sequence[Variable], read: Callable[[int], int],
         symbols: Mapping[str, int]) -> list[dict[str, Any]]:
    """The mechanics panel's rows for `table`, in its order."""
    out = []
    for v in table:
        addr = v.address(symbols)
        data = read_bytes(read, addr, v.size)
        fmt = "text" if v.show is not None else v.fmt
        out.append(mechanics_row(v.label or v.name, addr, v.size, fmt, v.panel_value(data)))
    return out


def describe(table: Sequence[Variable], symbols: Mapping[str, int]) -> list[dict[str, Any]]:
    """The table as data (`retroscope machines --variables`, scripts): name,
    address, type, size, help."""
    return [{"name": v.name, "address": v.address(symbols), "type": v.type, "size": v.size,
             "help": v.help, **({"group": v.group} if v.group else {})} for v in table]
