"""The video chips in view: what each chip holds, decoded, for the page's
Hardware tab and for scripts (`window.retroscope.viewer(name)`).

A viewer reads the machine as it is now, through peeks and the chips' own
memories (it changes nothing: a viewer open never changes a replay), and
answers two questions:

- `data(**options)`: JSON for the page: `items` (OAM entries, registers
  decoded, palette entries: each with the `space` and `addr` a click opens in
  the memory view) and `pictures` (`Picture`: indexed pixels with their
  palette, and boxes drawn over them, such as the scroll window);
- `at(picture, x, y, **options)`: what lies under a point of one of its
  pictures (a `Hit`: the memory space and address, and a line of text for
  the hover).

Nothing runs for a viewer that is closed: the page asks only the open ones,
and a viewer that needs to see the CPU's accesses (`watches`) has them
installed by the session while it is open (`Session.open_viewers`).

`viewers_for(machine)` lists a machine's viewers, one module per video chip:
nes_ppu (and the FDS's wave RAM), tms9918, namco, bbc.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import DebugError


@dataclass(frozen=True)
class Hit:
    """What is under a point of a picture: where it lives, and a line about it."""

    space: str
    addr: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"space": self.space, "addr": self.addr, "text": self.text}


@dataclass
class Picture:
    """Indexed pixels (one byte each, row by row) and the colours they index
    (0xRRGGBB; None draws nothing: transparent), with boxes drawn over them
    ((x, y, w, h, label) in picture pixels) and, optionally, a grid of cells
    (cell width, height) the page draws faintly to show the layout."""

    name: str
    width: int
    height: int
    pixels: bytes | bytearray
    palette: Sequence[int | None]
    boxes: list[tuple[int, int, int, int, str]] = field(default_factory=list)
    grid: tuple[int, int] | None = None

    def to_json(self) -> dict[str, Any]:
        if len(self.pixels) != self.width * self.height:
            raise ValueError(f"picture {self.name}: {len(self.pixels)} pixels do not make "
                             f"{self.width}x{self.height}")
        return {"name": self.name, "width": self.width, "height": self.height,
                "pixels": base64.b64encode(bytes(self.pixels)).decode(),
                "palette": list(self.palette),
                "boxes": [{"x": x, "y": y, "w": w, "h": h, "label": label}
                          for x, y, w, h, label in self.boxes],
                "grid": list(self.grid) if self.grid else None}


@dataclass(frozen=True)
class Option:
    """A choice the page offers above a viewer (a palette picker, a layout)."""

    name: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    names: tuple[str, ...] = ()  # what the page shows for each choice (else the value)

    def check(self, value: Any) -> Any:
        if value is None:
            return self.default
        if value not in self.choices or isinstance(value, bool) != isinstance(self.default, bool):
            shown = ", ".join(str(c) for c in self.choices[:8])
            more = ", ..." if len(self.choices) > 8 else ""
            raise DebugError(f"{self.name} must be one of {shown}{more}, not {str(value)[:20]!r}")
        return value

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "choices": list(self.choices),
                "default": self.default, "names": list(self.names or map(str, self.choices))}


# A write the viewer wants to see while it is open: (lo, hi) CPU addresses,
# and the function the session calls with (addr, value).
Watch = tuple[int, int, Callable[[int, int], None]]


class Viewer:
    """One view of a chip: `chip`-`name` is its id (`ppu-patterns`)."""

    chip = ""
    name = ""
    title = ""
    options: tuple[Option, ...] = ()

    def __init__(self, machine: Any) -> None:
        self.machine = machine

    @property
    def id(self) -> str:
        return f"{self.chip}-{self.name}"

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "chip": self.chip, "name": self.name, "title": self.title,
                "options": [o.to_json() for o in self.options],
                "watches": bool(self.watches())}

    def settings(self, given: dict[str, Any]) -> dict[str, Any]:
        """The options given, checked, with defaults for the rest."""
        known = {o.name: o for o in self.options}
        for name in given:
            if name not in known:
                raise DebugError(f"viewer {self.id} has no option {str(name)[:20]!r}"
                                 f" (it has: {', '.join(known) or 'none'})")
        return {name: o.check(given.get(name)) for name, o in known.items()}

    def data(self, **options: Any) -> dict[str, Any]:
        raise NotImplementedError

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        """What is under (x, y) of `picture`; None where nothing is."""
        return None

    def watches(self) -> list[Watch]:
        """Writes to see while the viewer is open (none by default)."""
        return []

    def closed(self) -> None:
        """The viewer was closed: forget what its watches saw."""


def item(space: str, addr: int, **fields: Any) -> dict[str, Any]:
    """One row of a viewer's `items`: where a click on it goes, and its values."""
    return {"space": space, "addr": addr, **fields}


def hex_bytes(data: bytes | bytearray) -> str:
    return " ".join(f"{b:02X}" for b in data)


def viewers_for(machine: Any) -> dict[str, Viewer]:
    """The machine's viewers by id, one set per video chip it has."""
    from . import bbc, namco, nes_ppu, tms9918

    found: list[Viewer] = []
    for module in (nes_ppu, tms9918, namco, bbc):
        found += module.viewers(machine)
    return {v.id: v for v in found}
