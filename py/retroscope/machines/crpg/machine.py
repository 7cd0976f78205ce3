"""The CRPG on the TI-99/4A stand-in: our program, a world of maps, the loader.

Python here only stands in for the disk: it puts a map file in LOADBF with
its numbers in the program's variables and sets NEWMAP; the TMS9900 program
copies it to MAPBUF, scans the keys, moves, runs MAPPRC and draws. When the
player steps on an exit the program sets EXITRQ and the loader brings the
linked map. The step's cycles come from the stand-in's probe around
`BL @MAPPRC` (timing.py). The map editor, the side panel's verbs, is in
panel.py.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Any

from ..base import IdleLoop, MachineError, MachineInfo, Param, Routine, TouchControls
from ..program_edit import Recipe, Space
from ..ti99.console import CPU_HZ, FPS, HEIGHT, PROBE, WIDTH, Ti99Machine
from . import model, panel
from .program import program, recipe
from .tiles import MOBS, TERRAIN
from .timing import (
    ARTICLE_COPY,
    COPY_PROBE_OVERHEAD,
    INT_PROBE,
    INTERRUPT_OVERHEAD,
    STEP_PROBE_OVERHEAD,
)
from .variables import VARIABLES
from .world import Exit, World, WorldMap

# Buttons by bit, and the TI keys each one holds down (joystick 1 and E/S/D/X).
BUTTONS = ("Up", "Down", "Left", "Right", "E", "S", "D", "X")
BUTTON_KEYS = ("joy1 up", "joy1 down", "joy1 left", "joy1 right", "E", "S", "D", "X")
KEYS = {"ArrowUp": "Up", "ArrowDown": "Down", "ArrowLeft": "Left", "ArrowRight": "Right",
        "KeyE": "E", "KeyS": "S", "KeyD": "D", "KeyX": "X"}

WINROW, WINCOL = 5, 2  # where crpg.asm puts the window (in characters)
PALETTE_TILES = [[t.code, t.name] for t in TERRAIN]
PALETTE_MOBS = [[m.code, m.name] for m in MOBS]
TICK = 0x8379  # VDPTIC in the console ROM's scratchpad
PATH_STACK = 0x3200 + 2 * model.CELLS  # WORK+338 (crpg.asm puts WORK at >3200)

# The routines the article documents, for `Machine.call` (and the contract
# suite): POSCLC/POSCL2 take a square's row and column in R3/R4 and push the
# next square's index at R9 (the path stack at WORK+338).
ROUTINE_SPECS = (
    ("MAPPRC", "the five stages: window, mobs, light, line of sight, masking", ()),
    ("POSCLC", "one step of the first path towards the centre",
     (("r3", 12), ("r4", 0), ("r9", PATH_STACK))),
    ("POSCL2", "one step of the second path towards the centre",
     (("r3", 12), ("r4", 0), ("r9", PATH_STACK))),
    ("COPYL", "the article's copy loop, 1,024 bytes", (("r1", 0xE000), ("r2", 0x2000),
                                                     ("r3", 1024))),
    ("COPYU", "the copy loop unrolled by eight", (("r1", 0xE000), ("r2", 0x2000),
                                                  ("r3", 1024))),
)

INFO = MachineInfo(
    id="crpg",
    title="TI-99/4A CRPG: map processing",
    cpu="tms9900",
    clock_hz=CPU_HZ,
    fps=FPS,
    width=WIDTH,
    height=HEIGHT,
    buttons=BUTTONS,
    keys=dict(KEYS),
    params=(
        Param("map", "str", "", "a shared map (made by the editor's Share); empty: the world",
              max_len=12_000,
              alphabet="0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"),
    ),
    routines=tuple(Routine(label, text, regs) for label, text, regs in ROUTINE_SPECS),
    article="000",
    summary="A CRPG's 13x13 map window (edges, slants, mobs, light, line of sight) as "
            "TMS9900 code at the article's data layout, on a TI-99/4A with its VDP.",
    # The joystick, or the TI's own E S D X (its arrow keys with FCTN).
    actions=tuple((name, f"walk {way}") for name, way in zip(
        BUTTONS, ("up", "down", "left", "right") * 2, strict=True)),
    # A square a step, no diagonals; E S D X walk as the pad does.
    touch=TouchControls(ways=4, omit=("E", "S", "D", "X")),
)


class CrpgMachine(Ti99Machine):
    """Seed 000's map processing in a world the user walks, edits and shares."""

    INFO = INFO
    VARIABLES = VARIABLES
    # The world as edited, the brush, the probes half-way.
    FREE_STATE = (*Ti99Machine.FREE_STATE, ("devices", "world"), ("devices", "brush"),
                  ("devices", "timing"))
    VARIABLES = VARIABLES

    def __init__(self, world: World) -> None:
        built = program()
        super().__init__(built.program.chunks, built.symbols)
        self.program = built.program
        self.brush: dict[str, Any] = {"kind": "walk"}
        self.world = world
        self.current = 0
        self.step_cycles = 0
        self.copy_cycles = 0
        self.copy_unrolled = False  # which loop made copy_cycles (UNROLL may change since)
        self._probe_start: dict[int, int] = {}
        self._interrupted = 0  # cycles of interrupts inside the step being timed
        self.program_changed()
        self.reset()

    PROGRAM_SPACES = (Space(0xA000, 0xFFFF, "the 32 KiB expansion's high 24 KiB"),)

    def program_recipe(self) -> Recipe:
        return recipe()

    def program_changed(self) -> None:
        self._wait_top = self.symbols["WAITF1"]
        # A turn reads the tick and R1 (in the main workspace) besides its code.
        self.idle_loop = IdleLoop(self._wait_top, self._wait_top + self.IDLE_BYTES,
                                  self.IDLE_TURN, data=(TICK, self.symbols["MAINWS"] + 2))

    # WAITF1 LIMI 2 / LIMI 0 / CB @VDPTIC,R1 / JEQ WAITF1: 92 cycles a turn,
    # 4 + 4 + 4 + 2 words.
    IDLE_TURN = 92
    IDLE_BYTES = 14

    def idle_steady(self) -> bool:
        """At WAITF1 with the tick unchanged, ST as a turn leaves it (EQ, the
        tick's parity in OP, L> A> clear, mask 0) and no interrupt pending."""
        cpu = self.cpu
        if cpu.pc != self._wait_top or cpu.irq:
            return False
        ram = self.bus.ram
        tick = ram[TICK]
        if ram[(cpu.wp + 2) & 0xFFFF] != tick:  # R1's high byte: the tick when the wait began
            return False
        parity = 0x0400 if bin(tick).count("1") & 1 else 0
        return cpu.st & 0xE40F == 0x2000 | parity

    # -- the loader -----------------------------------------------------------------------
    def probe(self, addr: int, cycles: int, value: int = 0) -> None:
        start = self._probe_start.pop(addr, None)
        if start is None:
            self._probe_start[addr] = cycles
            if addr == PROBE:
                self._interrupted = 0
        elif addr == INT_PROBE:
            if PROBE in self._probe_start:
                self._interrupted += cycles - start + INTERRUPT_OVERHEAD
        elif addr == PROBE:
            self.step_cycles = cycles - start - STEP_PROBE_OVERHEAD - self._interrupted
        else:
            self.copy_cycles = cycles - start - COPY_PROBE_OVERHEAD
            # LOADMP writes the probe with R0, its choice of loop (UNROLL's
            # byte as shipped): the loop that ran, whatever UNROLL says now.
            self.copy_unrolled = value != 0

    def reset(self) -> None:
        super().reset()
        self._probe_start.clear()
        self._interrupted = 0
        self.step_cycles = self.copy_cycles = 0
        self.copy_unrolled = False
        self.load_map(self.current)

    def poke_word(self, addr: int, value: int) -> None:
        ram = self.bus.ram
        ram[addr] = (value >> 8) & 0xFF
        ram[addr + 1] = value & 0xFF

    def word(self, addr: int) -> int:
        ram = self.bus.ram
        return (ram[addr] << 8) | ram[addr + 1]

    def put_scene(self, sc: model.Scene, *, to_mapbuf: bool = False,
                  opaque: bytes | None = None) -> None:
        """Put a scene's numbers where MAPPRC reads them; the map bytes into
        LOADBF (for the program's copy) or straight into MAPBUF."""
        problems = model.check(sc)
        if problems:
            raise MachineError("; ".join(problems))
        sym = self.symbols
        ram = self.bus.ram
        target = sym["MAPBUF"] if to_mapbuf else sym["LOADBF"]
        size = len(sc.tiles)
        ram[target:target + size] = sc.tiles
        ram[target + size:target + size + 8] = bytes(8)
        for name, value in (("VWIDTH", sc.height), ("HWIDTH", sc.width), ("X", sc.x),
                            ("Y", sc.y)):
            self.poke_word(sym[name], value)
        state = sym["STATE"]
        ram[state + 4] = sc.edge & 0xFF
        ram[state + 5] = sc.kind & 0xFF
        count = len(sc.mobs) if sc.mob_count is None else sc.mob_count
        self.poke_word(state + 6, count)
        ram[state + 8] = sc.map_light & 0xFF
        ram[state + 9] = sc.player_light & 0xFF
        mobs = sym["MOBBUF"]
        ram[mobs:mobs + model.MAX_MOBS * model.MOB_SIZE] = bytes(model.MAX_MOBS * model.MOB_SIZE)
        records = model.mob_bytes(sc.mobs)
        ram[mobs:mobs + len(records)] = records
        if opaque is not None:
            ram[sym["TILES"]:sym["TILES"] + 128] = opaque

    def load_map(self, index: int, at: tuple[int, int] | None = None) -> None:
        """Bring world map `index` in, as a disk read would, and tell the program."""
        wm = self.world.maps[index]
        sc = wm.scene
        if at is not None:
            sc = wm.scene_at(*at)
        self.current = index
        self.put_scene(sc)
        name = wm.name.upper()[:24].ljust(24)
        at_name = self.symbols["MAPNAM"]
        self.bus.ram[at_name:at_name + 24] = name.encode("ascii", "replace")
        self.bus.ram[self.symbols["NEWMAP"]] = 1

    def _end_frame(self) -> None:
        ram = self.bus.ram
        exit_rq = self.symbols["EXITRQ"]
        if ram[exit_rq]:
            ram[exit_rq] = 0
            self._take_exit()

    def _take_exit(self) -> None:
        x, y = self.word(self.symbols["X"]), self.word(self.symbols["Y"])
        link: Exit | None = self.world.maps[self.current].exit_at(x, y)
        if link is None:
            return
        self.load_map(self.world.index(link.target), (link.tx, link.ty))

    def warm_up(self) -> None:
        """Run the program's start-up (to its first window) once and put the
        machine back as it was: the core keeps the blocks it compiled for the
        boot and MAPPRC, so the first window then comes at the program's own
        pace (18 frames) rather than after the compiling (some 2 s in the
        page). Nothing else changes."""
        before = self.snapshot()
        self.run_until_step(1)
        self.restore(before)

    def run_until_step(self, steps: int, buttons: int = 0, limit: int = 600) -> int:
        """Run frames until the program has drawn `steps` steps; the frames run."""
        for frames in range(limit):
            if self.word(self.symbols["STEPS"]) >= steps:
                return frames
            self.run_frame(buttons)
        raise MachineError(f"no step {steps} within {limit} frames")

    # -- state beyond the console's -------------------------------------------------------
    def device_snapshot(self) -> dict[str, Any]:
        """The console's devices, plus what the loader and the editor hold: the
        world as edited, the current map, the brush, the timings and probes
        half-way. Plain lists and bytes (JSON-able with bytes as hex)."""
        return {**super().device_snapshot(),
                "world": [_map_record(m) for m in self.world.maps],
                "current": self.current, "brush": dict(self.brush),
                "timing": [self.step_cycles, self.copy_cycles,
                           [list(p) for p in sorted(self._probe_start.items())],
                           self.copy_unrolled, self._interrupted]}

    def device_restore(self, state: dict[str, Any]) -> None:
        super().device_restore(state)
        self.world = World([_map_from_record(r) for r in state["world"]])
        self.current = state["current"]
        self.brush = dict(state["brush"])
        self.step_cycles, self.copy_cycles, starts, self.copy_unrolled = state["timing"][:4]
        self._interrupted = state["timing"][4] if len(state["timing"]) > 4 else 0
        self._probe_start = {a: c for a, c in starts}

    def check_state(self) -> list[str]:
        problems = super().check_state()
        maps = self.world.maps
        for wm in maps:
            problems += [f"map {wm.id!r}: {p}" for p in model.check(wm.scene)]
            for e in wm.exits:
                if not (0 <= e.x < wm.scene.width and 0 <= e.y < wm.scene.height):
                    problems.append(f"map {wm.id!r} has an exit off the map")
        if not maps or not 0 <= self.current < len(maps):
            problems.append("its current map is not one of its world's")
        return problems

    # -- input ---------------------------------------------------------------------------
    def set_buttons(self, buttons: int) -> None:
        super().set_buttons(buttons)
        self.tms9901.set_keys({BUTTON_KEYS[i] for i in range(len(BUTTONS)) if buttons >> i & 1})

    # -- what the side panel shows ------------------------------------------------------------
    def window(self) -> bytes:
        at = self.symbols["WORK"] + model.CELLS
        return bytes(self.bus.ram[at:at + model.CELLS])

    def state(self) -> dict[str, Any]:
        sym = self.symbols
        ram = self.bus.ram
        st = sym["STATE"]
        rows = self.variable_rows()
        wm = self.world.maps[self.current]
        return {
            "mechanics": rows,
            "map": wm.id, "map_name": wm.name, "maps": [m.id for m in self.world.maps],
            "x": self.word(sym["X"]), "y": self.word(sym["Y"]),
            "width": self.word(sym["HWIDTH"]), "height": self.word(sym["VWIDTH"]),
            "steps": self.word(sym["STEPS"]),
            "step_cycles": self.step_cycles,
            "step_ms": round(1000 * self.step_cycles / CPU_HZ, 2),
            "copy_cycles": self.copy_cycles,
            "copy_unrolled": self.copy_unrolled,
            "unroll": bool(ram[sym["UNROLL"]]),
            "article_copy": ARTICLE_COPY,
            "edge": ram[st + 4], "kind": ram[st + 5],
            "map_light": ram[st + 8], "player_light": ram[st + 9],
            "brush": self.brush,
            # The map's own squares: MAPBUF past them keeps a bigger map's leftovers.
            "tiles_crc": zlib.crc32(ram[sym["MAPBUF"]:sym["MAPBUF"] + min(
                self.word(sym["HWIDTH"]) * self.word(sym["VWIDTH"]), model.MAP_BYTES)]),
            "tiles": PALETTE_TILES, "mob_graphics": PALETTE_MOBS,
            "frame": self.frame,
        }

    # -- what the editor works on (its verbs: panel.py) ------------------------------------
    def scene_from_memory(self) -> model.Scene:
        """The map as the program has it now (edits, the player, wandering mobs)."""
        sym = self.symbols
        ram = self.bus.ram
        st = sym["STATE"]
        w, h = self.word(sym["HWIDTH"]), self.word(sym["VWIDTH"])
        tiles = bytes(ram[sym["MAPBUF"]:sym["MAPBUF"] + w * h])
        mobs = []
        base = sym["MOBBUF"]
        for n in range(min(self.word(st + 6), model.MAX_MOBS)):
            kind, gfx, mx, my = ram[base + 8 * n:base + 8 * n + 4]
            if kind:
                mobs.append((kind, gfx, mx, my))
        return model.Scene(w, h, tiles, self.word(sym["X"]), self.word(sym["Y"]),
                           edge=ram[st + 4], kind=ram[st + 5], map_light=ram[st + 8],
                           player_light=ram[st + 9], mobs=mobs)

    def pointer(self, x: int, y: int, down: bool) -> None:
        if not down or self.brush.get("kind") == "walk":
            return
        r, c = y // 8 - WINROW, x // 8 - WINCOL
        if 0 <= r < 13 and 0 <= c < 13:
            panel.paint(self, r, c)

    def commands(self) -> dict[str, Callable[..., Any]]:
        return panel.commands(self)


def _map_record(wm: WorldMap) -> list[Any]:
    sc = wm.scene
    return [wm.id, wm.name, sc.width, sc.height, bytes(sc.tiles), sc.x, sc.y, sc.edge, sc.kind,
            sc.map_light, sc.player_light, [list(m) for m in sc.mobs],
            [[e.x, e.y, e.target, e.tx, e.ty] for e in wm.exits]]


def _map_from_record(r: list[Any]) -> WorldMap:
    map_id, name, w, h, tiles, x, y, edge, kind, map_light, player_light, mobs, exits = r
    sc = model.Scene(w, h, bytes(tiles), x, y, edge=edge, kind=kind, map_light=map_light,
                     player_light=player_light, mobs=[tuple(m) for m in mobs])
    return WorldMap(map_id, name, sc, [Exit(*e) for e in exits])
