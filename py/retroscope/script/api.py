"""What a script sees: the machine, its overlay, and the names of the API.

Modelled on what FCEUX's and Mesen's Lua users write (`memory.readbyte`,
`joypad.set`, `gui.text`, `emu.frameadvance`), in Python form. A script's
globals hold:

    machine          MachineView: read, write, symbols, registers, variables, ...
    on_frame(fn)     fn(frame) after every frame (a decorator too)
    on_exec(where, fn)   fn(addr) when the CPU is about to run the instruction at
                     `where` (an address, a symbol or "file.asm:line")
    on_write(where, fn)  fn(addr, value) after the CPU writes there (`where`: an
                     address, a symbol, a range or (first, last))
    off(fn)          take a function off every hook
    press(buttons, frames=1)   hold buttons from the next frame on, through the
                     session's input (recorded by rewind and replay)
    overlay          text, box, line, pixel, clear: drawn over the picture, in
                     machine pixels, until cleared
    pause()          stop the machine (the script stays): Run goes on
    await frame(n=1) wait for the end of the n-th frame from now (in the
                     script's top level or an async function): the frame's number
    log(*values)     a line in the console with the frame number

Every call checks its arguments and raises `ScriptError` with a message
meant for the script's author; the machine goes on.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

from ..debug.breakpoints import BreakpointError, parse_address
from ..debug.errors import DebugError
from ..machines.base import MachineError


class ScriptError(Exception):
    """An API call a script made wrongly; the message says how to make it."""


def _whole(name: str, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScriptError(f"{name} must be a whole number, not {value!r}")
    if not lo <= value <= hi:
        raise ScriptError(f"{name} must be within {lo}-{hi}, not {value}")
    return value


# -- buttons -------------------------------------------------------------------------
def button_bits(spec: Any, names: tuple[str, ...]) -> int:
    """Buttons as the machine's bits: a number (bit i = names[i]), a name
    ("A"), names joined by "+" ("Right+A") or a list of names."""
    if isinstance(spec, int) and not isinstance(spec, bool):
        return _whole("buttons", spec, 0, (1 << len(names)) - 1)
    if isinstance(spec, str):
        spec = [part for part in spec.split("+") if part.strip()] if spec.strip() else []
    if not isinstance(spec, list | tuple | set | frozenset):
        raise ScriptError(f"buttons are a number, a name or a list of names, not {spec!r}")
    lower = {name.lower(): i for i, name in enumerate(names)}
    bits = 0
    for name in spec:
        if not isinstance(name, str) or name.strip().lower() not in lower:
            raise ScriptError(f"no button {name!r} (this machine's: {', '.join(names)})")
        bits |= 1 << lower[name.strip().lower()]
    return bits


# -- where: addresses, symbols, source lines -------------------------------------------
def address(session: Any, where: Any) -> int:
    """An address, a symbol or "file.asm:line" -> the address (ScriptError)."""
    try:
        return parse_address(session.code.line_address(where), session.symbols)[0]
    except (BreakpointError, DebugError) as exc:
        raise ScriptError(str(exc)) from None


def address_range(session: Any, where: Any) -> tuple[int, int]:
    """`address`, or a range / (first, last) pair -> (first, last), inclusive."""
    if isinstance(where, range):
        if where.step != 1 or not where:
            raise ScriptError(f"{where!r}: a range of addresses steps by 1 and is not empty")
        first, last = where.start, where.stop - 1
    elif isinstance(where, tuple):
        if len(where) != 2:
            raise ScriptError(f"{where!r}: a pair is (first, last)")
        first, last = address(session, where[0]), address(session, where[1])
    else:
        first = last = address(session, where)
    _whole("first address", first, 0, 0xFFFF)
    _whole("last address", last, first, 0xFFFF)
    return first, last


# -- the machine ---------------------------------------------------------------------------
class Registers(Mapping[str, int]):
    """The CPU's registers by name, read when asked; setting one is an edit
    the rewind and share links keep (as the CPU panel's)."""

    def __init__(self, session: Any) -> None:
        self._session = session
        self._names = tuple(session.info.get_registers())

    def __getitem__(self, name: str) -> int:
        regs = self._session.info.get_registers()
        if name not in regs:
            raise KeyError(f"no register {name!r} (this CPU's: {', '.join(self._names)})")
        return regs[name]

    def __setitem__(self, name: str, value: int) -> None:
        if name not in self._names:
            raise ScriptError(f"no register {name!r} (this CPU's: {', '.join(self._names)})")
        _whole(name, value, 0, 0xFFFF)
        try:
            self._session.set_register(name, value)
        except DebugError as exc:
            raise ScriptError(str(exc)) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __repr__(self) -> str:
        return repr(dict(self._session.info.get_registers()))


class Variables(Mapping[str, Any]):
    """The machine's documented variables by name (machines/variables.py),
    each read when asked, without side effects."""

    def __init__(self, machine: Any) -> None:
        self._machine = machine
        self._names = tuple(v.name for v in getattr(machine, "VARIABLES", ()))

    def __getitem__(self, name: str) -> Any:
        if name not in self._names:
            raise KeyError(f"no variable {name!r} (this machine's: "
                           f"{', '.join(self._names) or 'none'})")
        return self._machine.variable(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __repr__(self) -> str:
        return repr(self._machine.variables())


class MachineView:
    """The machine as a script sees it: memory, symbols, registers, its
    documented variables. Reads have no side effects; writes and register
    edits are made as the memory and CPU panels make them (through the bus,
    kept in the history, so rewind and links repeat them)."""

    def __init__(self, session: Any) -> None:
        self._session = session
        machine = session.machine
        info = machine.INFO
        self.id: str = info.id
        self.title: str = info.title
        self.buttons: tuple[str, ...] = tuple(info.buttons)
        self.width: int = machine.width
        self.height: int = machine.height
        self.symbols: Mapping[str, int] = MappingProxyType(dict(session.symbols))
        self.registers = Registers(session)
        self.variables = Variables(machine)

    @property
    def frame(self) -> int:
        """The frame number (frames since power-on; a reset does not restart it)."""
        return self._session.machine.frame

    @property
    def cycles(self) -> int:
        """The CPU's cycle counter."""
        return self._session.cpu.cycles

    @property
    def pc(self) -> int:
        return self._session.cpu.pc

    def address(self, where: Any) -> int:
        """A symbol or "file.asm:line" (or an address) as an address."""
        return address(self._session, where)

    def read(self, addr: Any, n: int = 1, space: str = "cpu") -> Any:
        """The byte at `addr` (an address or a symbol), or with `n` > 1 that
        many bytes from there (bytes). `space`: "cpu" or another of the
        machine's memory spaces (the memory panel's: VRAM, OAM...)."""
        start = address(self._session, addr)
        n = _whole("n", n, 1, 0x10000)
        machine = self._session.machine
        if space == "cpu" and n == 1:
            return machine.read(start)
        try:
            data = machine.read_space(space, start, n) if space != "cpu" else \
                machine.bus.peek_range(start, n)
        except MachineError as exc:
            raise ScriptError(f"{exc} (spaces: {', '.join(machine.memory_spaces())})") from None
        return bytes(data) if n > 1 else data[0]

    def write(self, addr: Any, data: Any, space: str = "cpu") -> None:
        """Write a byte (0-255) or bytes (a list, bytes) from `addr` on."""
        start = address(self._session, addr)
        if isinstance(data, int) and not isinstance(data, bool):
            values = [data]
        elif isinstance(data, bytes | bytearray | memoryview):
            values = list(bytes(data))
        elif isinstance(data, list | tuple):
            values = list(data)
        else:
            raise ScriptError(f"write takes a byte or a list of bytes, not {data!r}")
        try:
            self._session.write_memory(start, values, space)
        except DebugError as exc:
            raise ScriptError(str(exc)) from None

    def state(self) -> dict[str, Any]:
        """The machine's own summary of the game (what its panels show)."""
        return self._session.machine.state()

    def __repr__(self) -> str:
        return f"<machine {self.id}: frame {self.frame}, pc ${self.pc:04X}>"


# -- the overlay ----------------------------------------------------------------------------
COLOURS = {
    "white": "#ffffff", "black": "#000000", "red": "#ff4040", "green": "#40e040",
    "blue": "#4080ff", "yellow": "#ffe040", "cyan": "#40e0e0", "magenta": "#ff40ff",
    "orange": "#ffa040", "grey": "#a0a0a0", "gray": "#a0a0a0",
}
_HEX_COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
MAX_SHAPES = 4096
MAX_TEXT = 200
COORD_LIMIT = 4096  # machine pixels either side of the picture


def colour(value: Any) -> str:
    """A colour: a name (COLOURS) or "#rgb", "#rrggbb", "#rrggbbaa"."""
    if isinstance(value, str):
        if value.lower() in COLOURS:
            return COLOURS[value.lower()]
        if _HEX_COLOUR.match(value):
            return value.lower()
    raise ScriptError(f"colour {value!r}: use a name ({', '.join(COLOURS)}) or "
                      f"'#rrggbb' ('#rgb', '#rrggbbaa')")


def _coord(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not math.isfinite(value) or abs(value) > COORD_LIMIT:
        raise ScriptError(f"{name} must be a number of machine pixels within "
                          f"±{COORD_LIMIT}, not {value!r}")
    return round(value, 2)


class Overlay:
    """Shapes drawn over the machine's picture, in machine pixels (x right,
    y down from the top-left pixel), until `clear()`. As FCEUX's gui.text and
    gui.box, but lasting: a script that redraws each frame clears first."""

    def __init__(self) -> None:
        self.shapes: list[list[Any]] = []
        self.version = 0  # goes up with every change (the page redraws then)

    def _add(self, shape: list[Any]) -> None:
        if len(self.shapes) >= MAX_SHAPES:
            raise ScriptError(f"the overlay holds at most {MAX_SHAPES} shapes: "
                              f"overlay.clear() first")
        self.shapes.append(shape)
        self.version += 1

    def text(self, x: float, y: float, text: Any, color: str = "white",
             background: str | None = None) -> None:
        """`text` (str() of it) with its top-left at (x, y), 8 machine pixels tall."""
        shown = "".join(c if c.isprintable() else "?" for c in str(text))[:MAX_TEXT]
        self._add(["text", _coord("x", x), _coord("y", y), shown, colour(color),
                   colour(background) if background is not None else None])

    def box(self, x: float, y: float, w: float, h: float, color: str = "white",
            fill: str | None = None) -> None:
        """A w x h rectangle's outline from (x, y); `fill` fills it."""
        self._add(["box", _coord("x", x), _coord("y", y), _coord("w", w), _coord("h", h),
                   colour(color), colour(fill) if fill is not None else None])

    def line(self, x0: float, y0: float, x1: float, y1: float, color: str = "white") -> None:
        """A line from pixel (x0, y0) to pixel (x1, y1), both drawn."""
        self._add(["line", _coord("x0", x0), _coord("y0", y0), _coord("x1", x1),
                   _coord("y1", y1), colour(color)])

    def pixel(self, x: float, y: float, color: str = "white") -> None:
        self._add(["pixel", _coord("x", x), _coord("y", y), colour(color)])

    def clear(self) -> None:
        if self.shapes:
            self.shapes = []
            self.version += 1


# -- hooks: what a script registers ------------------------------------------------------------
def adapt(fn: Any, wants: int, what: str) -> Callable[..., Any]:
    """`fn` called with `wants` arguments, or with none if it takes none (a
    Lua habit: `def each(): ...`); a coroutine function is refused (hooks
    run between two instructions: nothing can be awaited there)."""
    import inspect

    if not callable(fn):
        raise ScriptError(f"{what} needs a function, not {fn!r}")
    if inspect.iscoroutinefunction(fn):
        raise ScriptError(f"{what}: {getattr(fn, '__name__', fn)} is async; hooks are plain "
                          f"functions (in the script's top level, `await frame()` waits "
                          f"for a frame)")
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: give it all
        return fn
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = len([p for p in positional if p.default is p.empty])
    takes_more = any(p.kind == p.VAR_POSITIONAL for p in params)
    if required <= wants and (takes_more or len(positional) >= wants):
        return fn
    if required == 0:
        def without_arguments(*_: Any) -> Any:
            return fn()
        without_arguments.hooked = fn  # type: ignore[attr-defined]  (for off())
        return without_arguments
    raise ScriptError(f"{what}: {getattr(fn, '__name__', fn)} needs {required} arguments; "
                      f"it is called with {wants}")
