"""The CRPG on the TI-99/4A stand-in: our program, a world of maps, the loader.

Python here only stands in for the disk: it puts a map file in LOADBF with
its numbers in the program's variables and sets NEWMAP; the TMS9900 program
copies it to MAPBUF, scans the keys, moves, runs MAPPRC and draws. When the
player steps on an exit the program sets EXITRQ and the loader brings the
linked map. The step's cycles come from the stand-in's probe around
`BL @MAPPRC` (see `STEP_PROBE_OVERHEAD`).
"""

from __future__ import annotations

from typing import Any

from ..base import MachineError, MachineInfo, Param
from ..ti99.console import CPU_HZ, FPS, HEIGHT, PROBE, WIDTH, Ti99Machine
from . import model
from .program import program
from .world import Exit, World

# Buttons by bit, and the TI keys each one holds down (joystick 1 and E/S/D/X).
BUTTONS = ("Up", "Down", "Left", "Right", "E", "S", "D", "X")
BUTTON_KEYS = ("joy1 up", "joy1 down", "joy1 left", "joy1 right", "E", "S", "D", "X")
KEYS = {"ArrowUp": "Up", "ArrowDown": "Down", "ArrowLeft": "Left", "ArrowRight": "Right",
        "KeyE": "E", "KeyS": "S", "KeyD": "D", "KeyX": "X"}

# The probe pair `MOVB R0,@PROBE / BL @MAPPRC / MOVB R0,@PROBE` measures one
# probe instruction and the BL besides MAPPRC itself (entry to its return):
# the probe MOVB is 14 + 8 (symbolic) + 4 x 4 waits (fetch, address word,
# read and write of the probe) = 38; BL @ is 12 + 8 + 3 x 4 waits (fetch,
# address word, and the read of the target the chip makes) = 32 (code in the
# 8-bit expansion, workspace in the scratchpad). The tests hold the result
# equal to `Machine.call("MAPPRC")` on the same state.
STEP_PROBE_OVERHEAD = 38 + 32
# The copy is timed the same way; its RT (B *R11: 8 + 4 for the *R11 mode
# + 2 x 4 waits: fetch, and the read at the return address) is taken off
# too, leaving the loop the article times.
COPY_PROBE_OVERHEAD = 38 + 32 + 20
# The article's figures for the 1,024-byte copy (seed 000).
ARTICLE_COPY = {"looped": 81_920, "unrolled": 50_688}

INFO = MachineInfo(
    id="crpg",
    title="TI-99/4A CRPG map processing",
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
    article="000",
    summary="A CRPG's 13x13 map window (edges, slants, mobs, light, line of sight) as "
            "TMS9900 code at the article's data layout, on a TI-99/4A with its VDP.",
)


class CrpgMachine(Ti99Machine):
    """Seed 000's map processing in a world the user walks, edits and shares."""

    INFO = INFO

    def __init__(self, world: World) -> None:
        prog = program()
        super().__init__(prog.chunks, dict(prog.symbols))
        self.program = prog
        self.world = world
        self.current = 0
        self.step_cycles = 0
        self.copy_cycles = 0
        self._probe_start: dict[int, int] = {}
        self.reset()

    # -- the loader -----------------------------------------------------------------------
    def probe(self, addr: int, cycles: int) -> None:
        start = self._probe_start.pop(addr, None)
        if start is None:
            self._probe_start[addr] = cycles
        elif addr == PROBE:
            self.step_cycles = cycles - start - STEP_PROBE_OVERHEAD
        else:
            self.copy_cycles = cycles - start - COPY_PROBE_OVERHEAD

    def reset(self) -> None:
        super().reset()
        self._probe_start.clear()
        self.step_cycles = self.copy_cycles = 0
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
        self.load_map(self.world.index(link.target), (link.x, link.y))

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

        def row(name: str, addr: int, size: int, fmt: str) -> dict[str, Any]:
            raw = self.word(addr) if size == 2 else ram[addr]
            value = f">{raw:0{2 * size}X}" if fmt == "hex" else str(raw)
            return {"name": name, "addr": addr, "size": size, "format": fmt, "value": value}

        rows = [row("VWIDTH", sym["VWIDTH"], 2, "dec"), row("HWIDTH", sym["HWIDTH"], 2, "dec"),
                row("X", sym["X"], 2, "dec"), row("Y", sym["Y"], 2, "dec"),
                row("STATE+4 edge", st + 4, 1, "dec"), row("STATE+5 map type", st + 5, 1, "dec"),
                row("STATE+6 mobs", st + 6, 2, "dec"), row("STATE+8 map light", st + 8, 1, "dec"),
                row("STATE+9 player light", st + 9, 1, "dec")]
        for i, side in enumerate(("south", "west", "north", "east")):
            rows.append(row(f"STATE+{10 + 2 * i} {side} tile", st + 10 + 2 * i, 1, "hex"))
            rows.append(row(f"STATE+{11 + 2 * i} {side} mob", st + 11 + 2 * i, 1, "hex"))
        rows.append(row("STATE+18 under", st + 18, 1, "hex"))
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
            "unroll": bool(ram[sym["UNROLL"]]),
            "article_copy": ARTICLE_COPY,
            "frame": self.frame,
        }
