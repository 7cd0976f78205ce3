"""What every machine offers the worker, the debugger and the tests (DESIGN.md),
and the work every machine shares, done once here.

A machine folder (`machines/<id>/`) holds only what is its own:

  __init__.py   INFO (a MachineInfo: clock, screen, buttons, `Param` specs),
                `create(**params)` and, for rules a spec cannot express,
                `validate(values)`; optionally INPUT_SOURCES (name -> factory(options)
                of a per-frame button source, e.g. a program that plays)
  machine.py    the machine: its bus map, devices and frame schedule, on top of
                its hardware family's folder (`nes/`, `fds/`, ...), and
                `state()` with its mechanics rows
  *.asm, *.inc  its program, assembled by `assemble_package`
  model.py      the pure-Python reference model the tests hold the code to
  panel.py      the verbs of its side panel (`commands()`), if it has any
  (web/panels/machine_<id>.js is its panel in the page)

The base does the rest: `assemble_package` (sources + generated includes ->
Program, symbols, ROM images), `Param.check`/`check_params` (every range and
alphabet, for links and for `create`), `mechanics_row`/`show_value` (one
formatter for the panel's rows), `Machine.command` (dispatch over the
`commands()` table), `call`, snapshots and the frame loop. The contract every
machine keeps is tested once, in tests/machines/test_contract.py.
"""

from __future__ import annotations

import gzip
import hashlib
import inspect
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from ..cpu.bus import Bus
from ..runcontrol import IdleLoop, run_idle
from .sound import SoundLog


class MachineError(Exception):
    """A machine could not do what was asked (unknown id, runaway call, bad input)."""


# -- link and create() parameters ------------------------------------------------

MAX_SHOWN = 40  # how much of a bad value a message quotes
_INT = re.compile(r"^(?:\$([0-9a-fA-F]+)|0[xX]([0-9a-fA-F]+)|(-?[0-9]+))$")
MAX_INT_TEXT = 40  # longer "numbers" are refused before int() sees them


def shown(value: Any) -> str:
    """A bad value as a message may quote it: short and printable."""
    text = value if isinstance(value, str) else repr(value)
    text = text[:MAX_SHOWN + 1]
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return repr(text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…")


def parse_int(text: str) -> int | None:
    """Decimal, `$hex` or `0xhex`; None if it is none of them."""
    text = text.strip()
    if len(text) > MAX_INT_TEXT:
        return None
    match = _INT.match(text)
    if not match:
        return None
    hex1, hex2, dec = match.groups()
    if dec is not None:
        return int(dec)
    return int(hex1 or hex2, 16)


@dataclass(frozen=True)
class Param:
    """One parameter a machine accepts, from a link (`#/tetris?seed=8988`) or
    from `create(**params)`.

    `kind` is "int" (decimal, or hex with a `$`/`0x` prefix, within lo..hi) or
    "str" (at most `max_len` characters from `alphabet`, if one is given).
    A default of None means "not set" and is always accepted.
    """

    name: str
    kind: str
    default: Any
    help: str
    lo: int = 0
    hi: int = 0xFFFF
    max_len: int = 4096
    alphabet: str = ""

    def range_text(self) -> str:
        """What values it takes, in words (`retroscope machines`)."""
        if self.kind == "int":
            return f"{self.lo}-{self.hi}"
        letters = f" of {self.alphabet}" if self.alphabet and len(self.alphabet) <= 30 else ""
        return f"text, up to {self.max_len} characters{letters}"

    def using(self) -> str:
        """How a message says which value is used instead: the default, in
        words a person reads (never Python's None)."""
        if self.default is None or self.default == "":
            return f"using no {self.name} (the default)"
        return f"using {self.name}={self.default} (the default)"

    def check(self, value: Any) -> tuple[Any, str | None]:
        """(value, None) when `value` is good, else (default, a message saying
        why and what is used instead). `value` is a link's text or a Python
        value given to create()."""
        if value is None and self.default is None:
            return None, None
        name = self.name
        if self.kind == "int":
            number = value
            if isinstance(value, str):
                number = parse_int(value)
            if isinstance(number, bool) or not isinstance(number, int):
                return self.default, f"{name}={shown(value)} is not a number; {self.using()}"
            if not self.lo <= number <= self.hi:
                return self.default, (f"{name}={shown(value)} is outside {self.lo}-{self.hi};"
                                      f" {self.using()}")
            return number, None
        if self.kind == "str":
            if not isinstance(value, str):
                return self.default, f"{name} must be text, not {shown(value)}; {self.using()}"
            if len(value) > self.max_len:
                return self.default, (f"{name} is {len(value)} characters long, more than"
                                      f" {self.max_len}; {self.using()}")
            if self.alphabet:
                bad = sorted({ch for ch in value if ch not in self.alphabet})
                if bad:
                    return self.default, (f"{name} has characters it cannot hold"
                                          f" ({shown(''.join(bad[:8]))}); {self.using()}")
            return value, None
        raise ValueError(f"Param {name} has unknown kind {self.kind!r}")


def messages_of(found: Any) -> list[tuple[str | None, str]]:
    """A `validate(values)` hook's answer as (parameter or None, message) pairs."""
    return [item if isinstance(item, tuple) else (None, str(item)) for item in found or ()]


def check_params(params: tuple[Param, ...], given: Mapping[str, Any],
                 hook: Callable[[dict[str, Any]], Any] | None = None) -> dict[str, Any]:
    """`create()`'s check: every parameter against its spec (and the machine's
    `validate` hook); all values, defaults filled in. Raises MachineError with
    every problem at once."""
    specs = {p.name: p for p in params}
    values = {p.name: p.default for p in params}
    problems = [f"no parameter {shown(name)} (there are: {', '.join(specs) or 'none'})"
                for name in given if name not in specs]
    for name, value in given.items():
        if name in specs:
            values[name], message = specs[name].check(value)
            if message:
                problems.append(message.replace("; using the default", "").split("; using ")[0])
    if not problems and hook is not None:
        problems = [message for _, message in messages_of(hook(dict(values)))]
    if problems:
        raise MachineError("; ".join(problems))
    return values


# -- a machine's program ------------------------------------------------------------

@dataclass(frozen=True)
class Built:
    """A machine's assembled program: the Program (listing, source map), its
    symbols, and its bytes laid out as ROM images on demand."""

    program: Any  # retroscope.asm.Program

    @property
    def symbols(self) -> dict[str, int]:
        return dict(self.program.symbols)

    def image(self, lo: int, hi: int, fill: int = 0xFF, *, only: bool = True) -> bytes:
        """The bytes for lo..hi (inclusive). With `only`, a chunk outside that
        range is an error (a program that outgrew its ROM); else it is left out."""
        out = bytearray([fill]) * (hi - lo + 1)
        for address, data in self.program.chunks:
            end = address + len(data) - 1
            if address >= lo and end <= hi:
                out[address - lo:address - lo + len(data)] = data
            elif only:
                raise MachineError(f"program bytes at ${address:04X}-${end:04X} fall "
                                   f"outside ${lo:04X}-${hi:04X}")
        return bytes(out)


IMAGES = "_images"  # retroscope/_images/<key>.json.gz: programs assembled at build time
ASSEMBLED: list[str] = []  # "package/main" of each assembly this process did itself
_recorded: list[tuple[str, str, str, tuple[tuple[str, str], ...]]] | None = None


def assemble_package(package: str, main: str, isa: str,
                     generated: Mapping[str, str] | None = None) -> Built:
    """Assemble `main` from the package's folder (`__name__` of a machine);
    `.include "x"` reads `generated[x]` if given (tables made from the model,
    the link's parameters), else the file `x` beside it. Cached per input.

    The wheel ships each machine's program assembled at build time
    (`tools/images.py`) under a hash of everything the assembly reads (the
    package's sources, the generated includes, the assembler itself), so a
    boot takes the image and a stale one can never match."""
    key = (package, main, isa, tuple(sorted((generated or {}).items())))
    if _recorded is not None:
        _recorded.append(key)
    return _assemble(*key)


def image_key(package: str, main: str, isa: str,
              generated: tuple[tuple[str, str], ...]) -> str:
    """The hash a prebuilt image of this assembly is stored under."""
    digest = hashlib.sha256(f"{package}\0{main}\0{isa}\0".encode())
    digest.update(_assembler_digest().encode())
    for name, text in generated:
        digest.update(f"generated {name}\0{len(text)}\0".encode())
        digest.update(text.encode())
    folder = resources.files(package)
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith((".asm", ".inc")) and entry.is_file():
            data = entry.read_bytes()
            digest.update(f"file {entry.name}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()[:32]


@lru_cache(maxsize=1)
def _assembler_digest() -> str:
    """A hash of the assembler's own code: a change to it makes every image stale."""
    digest = hashlib.sha256()
    folder = resources.files("retroscope.asm")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".py") and entry.is_file():
            digest.update(entry.name.encode() + b"\0" + entry.read_bytes())
    return digest.hexdigest()


def image_path(key: str) -> Any:
    """Where the prebuilt image under `key` is (it may not exist)."""
    return resources.files("retroscope").joinpath(IMAGES, f"{key}.json.gz")


def image_bytes(program: Any) -> bytes:
    """A Program as an image file: gzip'd JSON, the same bytes for the same program."""
    text = json.dumps(program.to_json(), separators=(",", ":"), sort_keys=True)
    return gzip.compress(text.encode(), 9, mtime=0)


@lru_cache(maxsize=16)
def _assemble(package: str, main: str, isa: str, generated: tuple[tuple[str, str], ...]) -> Built:
    from ..asm import Program

    path = image_path(image_key(package, main, isa, generated))
    if path.is_file():
        return Built(Program.from_json(json.loads(gzip.decompress(path.read_bytes()))))
    ASSEMBLED.append(f"{package}/{main}")
    return Built(assemble_sources(package, main, isa, generated))


def assemble_sources(package: str, main: str, isa: str,
                     generated: tuple[tuple[str, str], ...]) -> Any:
    """The assembler run on the package's files (no image): a Program."""
    from ..asm import assemble

    made = dict(generated)
    folder = resources.files(package)

    def include(name: str) -> str:
        if name in made:
            return made[name]
        return folder.joinpath(name).read_text()

    return assemble(include(main), isa, include=include, filename=main)


def recording() -> Callable[[], list[tuple[str, str, str, tuple[tuple[str, str], ...]]]]:
    """Start noting every `assemble_package` call's inputs (tools/images.py);
    the returned function stops and gives them."""
    global _recorded
    _recorded = []

    def stop() -> list[tuple[str, str, str, tuple[tuple[str, str], ...]]]:
        global _recorded
        calls, _recorded = _recorded or [], None
        return calls
    return stop


# -- the mechanics rows of state() ---------------------------------------------------

FORMATS = ("hex", "hex16", "dec", "sdec", "bcd", "text")


def show_value(fmt: str, raw: Any) -> str:
    """A mechanics value as the page shows it: "hex" $XX (a list: $XX $YY ...),
    "hex16" $XXXX, "dec", "sdec" (a signed byte), "bcd" and "text" as given."""
    if isinstance(raw, (list, tuple, bytes, bytearray)):
        return " ".join(show_value(fmt, v) for v in raw)
    if isinstance(raw, str):
        return raw
    if fmt == "hex":
        return f"${raw:02X}"
    if fmt == "hex16":
        return f"${raw:04X}"
    if fmt == "sdec":
        return str(raw - 0x100 if raw & 0x80 else raw)
    return str(raw)


def mechanics_row(name: str, addr: int | None, size: int, fmt: str, raw: Any) -> dict[str, Any]:
    """One row of `state()["mechanics"]`: the page shows `value` as it is and
    links `addr` to the memory view."""
    if fmt not in FORMATS:
        raise ValueError(f"mechanics row {name!r}: format {fmt!r} is not one of {FORMATS}")
    return {"name": name, "addr": addr, "size": size, "format": fmt,
            "value": show_value(fmt, raw)}


@dataclass(frozen=True)
class Routine:
    """A documented routine of the machine's program: `Machine.call(label,
    **regs)` runs it to its return (the contract suite calls every one)."""

    label: str
    help: str = ""
    regs: tuple[tuple[str, int], ...] = ()  # registers it needs, e.g. (("x", 0x17),)


# The buttons a touch pad presses (by name, as a machine's `buttons` call them).
PAD_DIRECTIONS = ("Up", "Down", "Left", "Right")


@dataclass(frozen=True)
class TouchControls:
    """How a touch screen plays the machine. The page (web/touch.js) builds
    its controls from this, `buttons` and `actions`: a pad over the buttons
    named in PAD_DIRECTIONS, and a button for every other one the machine
    says what it does (`actions`, in that order), but for those in `omit`."""

    ways: int = 8  # the pad's directions: 8 (diagonals too), 4, or 0 for no pad
    # The pad keeps its last direction when the finger lifts (an arcade
    # joystick: Pac-Man turns at the next corner), until another is chosen
    # or its centre is touched.
    keep_direction: bool = False
    big: tuple[str, ...] = ()  # drawn large, under the thumb, left to right (the NES's B A)
    omit: tuple[str, ...] = ()  # not shown: another player's, a second key for the same thing
    # A button's caption where what it does is too long to read on it ("" for
    # none); otherwise its action's first words (`caption`).
    captions: dict[str, str] = field(default_factory=dict)
    board: bool = False  # the picture takes taps as it takes clicks (a board game)

    def problems(self, buttons: tuple[str, ...]) -> list[str]:
        """What does not hold together with the machine's buttons."""
        found = []
        if self.ways not in (0, 4, 8):
            found.append(f"the pad has {self.ways} ways (0, 4 or 8)")
        if self.ways and not set(PAD_DIRECTIONS) <= set(buttons):
            found.append(f"a pad needs the buttons {', '.join(PAD_DIRECTIONS)}")
        for name in (*self.big, *self.omit, *self.captions):
            if name not in buttons:
                found.append(f"{name!r} is not one of the machine's buttons")
        return found

    def plan(self, buttons: tuple[str, ...],
             actions: tuple[tuple[str, str], ...]) -> dict[str, Any]:
        """The controls the page draws: the pad, and the buttons beside it
        (each with what it does, and its caption), the small ones in the
        order of `actions`, then the big ones left to right."""
        what = dict(actions)
        shown = [name for name in (*what, *buttons) if name not in PAD_DIRECTIONS
                 and name not in self.omit and (name in what or not actions)]
        shown = list(dict.fromkeys(shown))
        order = [n for n in shown if n not in self.big] + [n for n in self.big if n in shown]
        return {
            "ways": self.ways, "keep_direction": self.keep_direction, "board": self.board,
            "buttons": [{"button": name, "what": what.get(name, name), "big": name in self.big,
                         "caption": self.caption(name, what.get(name, ""))}
                        for name in order],
        }


    def caption(self, name: str, action: str) -> str:
        """The words under a button: its own caption, else what it does up to
        the first comma or semicolon, without a scope ("menu: debug mode" ->
        "debug mode"); none where that says no more than its name."""
        if name in self.captions:
            return self.captions[name]
        words = re.split(r"[,;]", action.split(": ", 1)[-1], maxsplit=1)[0].strip()
        return "" if words.lower() == name.lower() else words


@dataclass(frozen=True)
class MachineInfo:
    """The static description of a machine, sent to the page once."""

    id: str
    title: str
    cpu: str  # "6502", "2a03", "z80" or "tms9900"
    clock_hz: float
    fps: float
    width: int
    height: int
    # Button names by bit: buttons[i] is bit i of the `buttons` argument.
    buttons: tuple[str, ...] = ()
    # Default keyboard bindings: KeyboardEvent.code -> button name.
    keys: dict[str, str] = field(default_factory=dict)
    # What each button does, for people (the page's key hint, help and Controls
    # panel): (button, what it does) in the order a player reads them. A verb
    # with a direction ("move left", "rotate clockwise") lets the hint say a set
    # of keys at once ("arrows: move").
    actions: tuple[tuple[str, str], ...] = ()
    touch: TouchControls = TouchControls()
    params: tuple[Param, ...] = ()
    article: str = ""  # which seed documents the mechanics
    summary: str = ""
    routines: tuple[Routine, ...] = ()  # the documented routines, callable one by one

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "title": self.title, "cpu": self.cpu,
            "clock_hz": self.clock_hz, "fps": self.fps,
            "width": self.width, "height": self.height,
            "buttons": list(self.buttons), "keys": dict(self.keys),
            "actions": [list(pair) for pair in self.actions],
            "touch": self.touch.plan(self.buttons, self.actions),
            "params": [
                {"name": p.name, "kind": p.kind, "default": p.default, "help": p.help}
                for p in self.params
            ],
            "article": self.article, "summary": self.summary,
            "routines": [{"label": r.label, "help": r.help} for r in self.routines],
        }


def wrapped_slice(image: bytes | bytearray, addr: int, length: int) -> bytes:
    """`length` bytes of a memory space's image from `addr`, wrapping past its
    end as the space's own addresses do (one slice, not a byte at a time)."""
    size = len(image)
    addr %= size
    if addr + length <= size:
        return bytes(image[addr:addr + length])
    whole, rest = divmod(addr + length, size)
    return bytes(image[addr:]) + bytes(image) * (whole - 1) + bytes(image[:rest])


# Where `call()` parks the return address: execution stops when PC gets there.
CALL_SENTINEL = 0xFFF0


# The snapshot's key for the framebuffer: what the machine last drew.
PICTURE = "framebuffer"
# The snapshot's key for the program's edit (program_edit.py), while there is one.
PROGRAM = "program"


class Machine:
    """Base for the five machines: a CPU over a bus, a framebuffer, a palette.

    Subclasses set `INFO`, build `bus`, `cpu`, `symbols`, and implement
    `run_frame`, `reset` and `state`; devices add their own state through
    `device_snapshot`/`device_restore`.
    """

    INFO: MachineInfo

    def __init__(self, bus: Bus, cpu: Any, symbols: dict[str, int] | None = None) -> None:
        self.bus = bus
        self.cpu = cpu
        self.symbols: dict[str, int] = dict(symbols or {})
        self.width = self.INFO.width
        self.height = self.INFO.height
        self.framebuffer = bytearray(self.width * self.height)
        self.palette: list[int] = [0x000000] * 256  # 0xRRGGBB per index
        self.frame = 0
        self.buttons = 0
        self.runner = cpu.run  # the debugger swaps this for a checking runner
        self.stop_requested = False
        # False: nobody will see this frame's picture (the debugger session says
        # so, frame by frame, when running ahead of real time), so a machine
        # whose drawing costs much may leave the framebuffer as it is.
        self.picture_wanted = True
        self._frame_start = 0
        self._event_index = 0
        self._events: list[tuple[int, Any]] = []
        self.last_frame_cycles = 0  # the length of the frame that ended last

    # -- memory ----------------------------------------------------------------
    def read(self, addr: int) -> int:
        """Read the CPU's address space without side effects."""
        return self.bus.peek(addr & 0xFFFF)

    def write(self, addr: int, value: int) -> None:
        """Write through the bus, as the CPU would."""
        if not 0 <= value <= 0xFF:
            raise MachineError(f"byte value {value} is out of range 0-255")
        self.bus.write(addr & 0xFFFF, value)

    def address(self, label_or_addr: str | int) -> int:
        if isinstance(label_or_addr, int):
            return label_or_addr & 0xFFFF
        try:
            return self.symbols[label_or_addr]
        except KeyError:
            raise MachineError(f"no symbol {label_or_addr!r}") from None

    # -- the program's wait loop, skipped in whole turns ----------------------------
    idle_loop: IdleLoop | None = None  # set by a machine whose program has one
    # At most this many cycles per cpu.run while the machine's runner is
    # run_idle (None: all): the core runs through the loop, so the runner
    # looks for it this often.
    IDLE_CHUNK: int | None = 512

    def idle_steady(self) -> bool:
        """At an instruction start inside `idle_loop`, in a state that one more
        turn leaves exactly as it is, with no interrupt that the CPU would
        take in between (each machine says how to tell)."""
        return False

    def run_idle(self, cycles: int) -> int:
        """`cpu.run`, skipping whole turns of the wait loop where the CPU is in
        it and they would change nothing (`runcontrol.run_idle`): the
        machine's own runner when it has a loop."""
        return run_idle(self, cycles)

    # -- running ---------------------------------------------------------------
    # A frame is a schedule: `frame_events()` lists (cycle offset, handler)
    # pairs in rising order; the last one marks the frame's end. The CPU runs
    # between events through `self.runner`, which is `cpu.run` unless the
    # debugger swaps in a runner that can stop early (a breakpoint). Where the
    # frame stands is kept in `_frame_start`/`_event_index`, so a frame stopped
    # half-way resumes exactly where it stopped.

    def frame_events(self) -> list[tuple[int, Any]]:
        """(cycle offset within the frame, handler()) pairs; last = frame end."""
        raise NotImplementedError

    def reset(self) -> None:
        """Power/reset the machine; subclasses reset devices then call this.
        The picture goes back to what power-on shows (all zeros): nothing has
        been drawn since; the first frame draws it."""
        self.framebuffer[:] = bytes(len(self.framebuffer))
        self.cpu.reset()
        self._frame_start = self.cpu.cycles
        self._event_index = 0
        self._events = self.frame_events()
        self.frame = 0

    def set_buttons(self, buttons: int) -> None:
        """Latch the controller state (bit i = INFO.buttons[i])."""
        self.buttons = buttons & 0xFFFF

    def run_frame(self, buttons: int = 0) -> None:
        """Run to the end of the current video frame."""
        self.set_buttons(buttons)
        self.advance()

    def advance(self) -> str:
        """Run until the frame ends ("frame"), the runner stops early ("break")
        or the CPU has jammed ("halt": a 6502 JAM, which only a reset ends).

        A CPU that waits for an interrupt (Z80 HALT, TMS9900 IDLE) lets time
        pass to the next event, so the devices keep their beat."""
        cpu = self.cpu
        while True:
            events = self._events
            offset, handler = events[self._event_index]
            target = self._frame_start + offset
            remaining = target - cpu.cycles
            if remaining > 0:
                ran = self.runner(remaining)
                if self.stop_requested:
                    self.stop_requested = False
                    return "break"
                if ran <= 0 and cpu.cycles < target:
                    halt = cpu.halt_state
                    if halt == "jam":
                        return "halt"
                    if halt:
                        cpu.cycles = target
                continue
            handler()
            self._event_index += 1
            if self._event_index == len(events):
                self._event_index = 0
                self._frame_start += offset
                self.last_frame_cycles = offset
                self.frame += 1
                # Asked again each frame: a machine may vary its frame length
                # (the NES's odd frames are one PPU dot shorter).
                self._events = self.frame_events()
                # The logs keep this frame's writes for the worker to drain
                # and drop the frame before's, if nobody did.
                for log in self.sound_logs():
                    log.end_frame()
                return "frame"

    @property
    def frame_cycle(self) -> int:
        """CPU cycles since the current frame began."""
        return self.cpu.cycles - self._frame_start

    def state(self) -> dict[str, Any]:
        """A JSON-able summary of the game for tests and side panels.

        Convention: a "mechanics" key holds a list of rows made by
        `mechanics_row` (or `self.mechanic`), which the page shows with a link
        to the address in the memory view.
        """
        raise NotImplementedError

    # -- in a notebook -------------------------------------------------------------
    def _repr_png_(self) -> bytes:
        """The picture on screen, for Jupyter (a PNG made with the stdlib)."""
        from ..util.png import png_bytes

        return png_bytes(self.width, self.height, self.framebuffer, self.palette)

    def frames(self, n: int, buttons: Any = 0, every: int = 2) -> Any:
        """Run `n` frames and give them back as an animation a notebook shows
        (an animated GIF, one frame in `every`; `.save(path)` writes it).
        `buttons`: held bits, one value per frame, or a function of the
        machine asked before each frame (the Tetris AI's `Bot.buttons`)."""
        from ..util.animation import animate

        return animate(self, n, buttons, every)

    # -- the documented variables (machines/variables.py) ---------------------------
    VARIABLES: tuple[Any, ...] = ()  # the machine's table of `Variable`s

    def variables(self) -> dict[str, Any]:
        """Every documented variable's value, by name (read without side effects)."""
        from .variables import values

        return values(self.VARIABLES, self.read, self.symbols)

    def variable(self, name: str) -> Any:
        """One documented variable's value; MachineError names the others."""
        from .variables import read_bytes

        for v in self.VARIABLES:
            if v.name == name:
                return v.decode(read_bytes(self.read, v.address(self.symbols), v.size))
        known = ", ".join(v.name for v in self.VARIABLES) or "none"
        raise MachineError(f"{self.INFO.id} has no variable {shown(name)} (it has: {known})")

    def variable_rows(self, group: str = "") -> list[dict[str, Any]]:
        """The mechanics rows of the table's variables in `group` ("" the usual ones)."""
        from .variables import rows

        return rows([v for v in self.VARIABLES if v.group == group], self.read, self.symbols)

    def mechanic(self, name: str, addr: int, size: int = 1, fmt: str = "hex",
                 raw: Any = None) -> dict[str, Any]:
        """A mechanics row; without `raw`, the bytes at addr (one, or a list)."""
        if raw is None:
            raw = self.read(addr) if size == 1 else [self.read(addr + i) for i in range(size)]
        return mechanics_row(name, addr, size, fmt, raw)

    # -- the program as source (program_edit.py) --------------------------------------
    PROGRAM_SPACES: tuple[Any, ...] = ()  # program_edit.Space: where the program may lie
    program: Any = None  # the Program in force (a machine with several: `programs` too)
    program_edit = ""  # the edit in force, as srcdiff's text ("": the shipped program)
    program_version = 0  # counts the programs put in (views cached on the listing check it)
    power_on_state: dict[str, Any] | None = None  # the snapshot `create` made (a restart's)
    idle_intact = True  # the wait loop's code is the shipped program's (else no turn skipped)
    _editor: Any = None

    def program_recipe(self) -> Any:
        """How the program was assembled (a program_edit.Recipe), None if it
        cannot be edited."""
        return None

    def program_image(self, program: Any) -> list[tuple[int, bytes]]:
        """The program as it lies in memory: (address, bytes) spans."""
        from .program_edit import program_image

        return program_image(program, self.PROGRAM_SPACES)

    def program_changed(self) -> None:
        """Another program was put in: a machine re-reads what it took from
        the symbols (its wait loop...)."""

    def program_editor(self) -> Any:
        """The machine's ProgramEditor, made on first use (before any edit)."""
        if self._editor is None:
            from .program_edit import ProgramEditor

            self._editor = ProgramEditor(self)
        return self._editor

    # -- optional capabilities ---------------------------------------------------
    def pointer(self, x: int, y: int, down: bool) -> None:
        """Mouse/touch at framebuffer coordinates (machines that use it override)."""

    def sound_logs(self) -> tuple[SoundLog, ...]:
        """The sound chips' write logs (machines/sound.py), one per chip; the
        worker drains them after each frame. None by default: a silent machine."""
        return ()

    def commands(self) -> dict[str, Callable[..., Any]]:
        """The verbs of the machine's side panel (undo, export...): name -> a
        callable taking the verb's arguments as keywords. None by default."""
        return {}

    def command(self, verb: str, args: dict[str, Any]) -> Any:
        """Run one verb of `commands()`. Unknown verbs, arguments that do not fit
        the verb's signature, and ValueError/TypeError from values raise
        MachineError with a message for the page."""
        table = self.commands()
        handler = table.get(verb) if isinstance(verb, str) else None
        if handler is None:
            known = ", ".join(sorted(table)) or "none"
            raise MachineError(f"{self.INFO.id} has no command {shown(verb)} (it has: {known})")
        if not isinstance(args, dict) or not all(isinstance(k, str) for k in args):
            raise MachineError(f"{verb}: arguments must be an object")
        try:
            inspect.signature(handler).bind(**args)
        except TypeError as exc:
            raise MachineError(f"{verb}: {exc}") from None
        try:
            return handler(**args)
        except (ValueError, TypeError) as exc:
            raise MachineError(f"{verb}: {exc}") from None

    def save_data(self) -> dict[str, Any] | None:
        """Data the page keeps in the browser between visits (high scores)."""
        return None

    def load_save_data(self, data: dict[str, Any]) -> None:
        """Take back what `save_data` gave; bad data raises MachineError."""

    def call(self, label_or_addr: str | int, max_cycles: int = 5_000_000,
             **regs: int) -> dict[str, Any]:
        """Run one subroutine of the machine's program to its return.

        Registers given as keywords are set first; the return address is a
        sentinel, and the CPU steps until PC reaches it. Returns the CPU's
        registers afterwards. Interrupts are not raised while calling.
        """
        cpu = self.cpu
        target = self.address(label_or_addr)
        for name, value in regs.items():
            if name == "pc" or not hasattr(cpu, name):
                raise MachineError(f"{type(cpu).__name__} has no register {name!r}")
            setattr(cpu, name, value)
        family = self.INFO.cpu
        if family in ("6502", "2a03"):
            ret = (CALL_SENTINEL - 1) & 0xFFFF  # RTS adds one
            s = cpu.s
            self.bus.write(0x100 | s, ret >> 8)
            self.bus.write(0x100 | ((s - 1) & 0xFF), ret & 0xFF)
            cpu.s = (s - 2) & 0xFF
        elif family == "z80":
            sp = (cpu.sp - 2) & 0xFFFF
            self.bus.write(sp, CALL_SENTINEL & 0xFF)
            self.bus.write((sp + 1) & 0xFFFF, CALL_SENTINEL >> 8)
            cpu.sp = sp
        elif family == "tms9900":
            cpu.set_reg(11, CALL_SENTINEL)
        else:
            raise MachineError(f"call() does not know CPU family {family!r}")
        cpu.pc = target
        start = cpu.cycles
        step = cpu.step
        while cpu.pc != CALL_SENTINEL:
            step()
            if cpu.cycles - start > max_cycles:
                raise MachineError(
                    f"call to ${target:04X} did not return within {max_cycles} cycles"
                    f" (PC=${cpu.pc:04X})")
        result = dict(cpu.snapshot())
        if family == "tms9900":  # its registers live in memory: hand them back too
            result.update({f"r{n}": cpu.reg(n) for n in range(16)})
        result["cycles"] = cpu.cycles - start
        return result

    # -- state -----------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Everything needed to resume exactly: CPU, memory, devices, frame,
        and the picture last drawn (`PICTURE`: the video hardware draws once
        a frame, so what is on screen cannot be drawn again from the rest;
        it is left out of the state hash); while the program is edited, the
        edit (`PROGRAM`: absent for the shipped program, so that its states
        hash as they always did)."""
        snap = {
            "cpu": self.cpu.snapshot(),
            "ram": self.bus.snapshot(),
            "devices": self.device_snapshot(),
            "frame": self.frame,
            "schedule": [self._frame_start, self._event_index],
            "buttons": self.buttons,
            PICTURE: bytes(self.framebuffer),
        }
        if self.program_edit:
            snap[PROGRAM] = self.program_edit
        return snap

    def restore(self, snap: dict[str, Any]) -> None:
        self.cpu.restore(snap["cpu"])
        self.bus.restore(snap["ram"])
        edit = snap.get(PROGRAM, "")
        if edit != self.program_edit:  # its bytes came back with memory
            if not isinstance(edit, str):
                raise MachineError("a snapshot's program edit is not text")
            from .program_edit import EditError
            try:
                self.program_editor().switch(edit, write=False)
            except EditError as exc:
                raise MachineError(f"a snapshot's program edit cannot be used: {exc}") from None
        self.device_restore(snap["devices"])
        picture = snap.get(PICTURE)
        if picture is not None:  # (in place: the worker and the video hold this buffer)
            if len(picture) != len(self.framebuffer):
                raise MachineError(f"a snapshot's picture is {len(picture)} bytes, "
                                   f"not {len(self.framebuffer)}")
            self.framebuffer[:] = picture
        self.frame = snap["frame"]
        self._frame_start, self._event_index = snap["schedule"]
        self.buttons = snap["buttons"]
        self._events = self.frame_events()  # it may depend on the restored state
        for log in self.sound_logs():  # writes stamped in another timeline
            log.clear()

    def device_snapshot(self) -> dict[str, Any]:
        return {}

    # -- a state from a link (moment_state.py) -----------------------------------------
    # Snapshot paths whose shape play or an editor changes (a list that grows,
    # a dict of names): there a link's state may differ from power-on's shape,
    # and `check_state` says whether it is sound.
    FREE_STATE: tuple[tuple[str | int, ...], ...] = ()

    def check_state(self) -> list[str]:
        """What is wrong with a state just restored from a link ([]: nothing),
        checked before anything runs. Here: the frame in progress is this
        machine's (its events in order, at most two frames' worth of cycles)
        and the CPU stands within it, so that no frame runs for ages; the
        frame counter and buttons in range. A machine adds its own (a
        device's clock, an editor's maps)."""
        problems = []
        offsets = [at for at, _ in self._events]
        longest = 2 * self.INFO.clock_hz / self.INFO.fps
        into = self.cpu.cycles - self._frame_start
        if not offsets or offsets != sorted(offsets) or offsets[0] < 0 or offsets[-1] > longest:
            problems.append("its frame schedule is not one this machine runs")
        elif not 0 <= self._event_index < len(offsets):
            problems.append(f"its frame is at event {self._event_index} of {len(offsets)}")
        elif not 0 <= into <= offsets[self._event_index] + longest / 8:
            problems.append(f"its CPU is {into} cycles into a frame whose next event is at "
                            f"{offsets[self._event_index]}")
        if not 0 <= self.cpu.cycles < 1 << 53 or not 0 <= self.frame < 1 << 40:
            problems.append("its cycle or frame count is out of range")
        if not 0 <= self.buttons <= 0xFFFF:
            problems.append("its buttons are out of range")
        return problems

    def device_restore(self, state: dict[str, Any]) -> None:
        pass

    def memory_spaces(self) -> dict[str, int]:
        """Named memory spaces for the memory panel, with their sizes."""
        return {"cpu": 0x10000}

    def read_space(self, space: str, addr: int, length: int) -> bytes:
        if space == "cpu":
            return self.bus.peek_range(addr & 0xFFFF, length)
        raise MachineError(f"no memory space {space!r}")

    def writable_spaces(self) -> tuple[str, ...]:
        """The memory spaces the memory panel may write (`write_space`)."""
        return ("cpu",)

    def write_space(self, space: str, addr: int, data: bytes) -> None:
        """Write bytes into a memory space as its own hardware would take them
        (the CPU's through the bus: ROM ignores writes)."""
        if space != "cpu":
            raise MachineError(f"the {space} memory space cannot be written")
        for i, value in enumerate(data):
            self.bus.write((addr + i) & 0xFFFF, value)
