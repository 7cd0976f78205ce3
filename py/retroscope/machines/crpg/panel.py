"""The side panel's verbs for the CRPG machine (`Machine.command`): the map
editor and the copy loops.

`brush` chooses what a click paints (a tile lit or dark, a mob, the eraser,
or walking); `paint` puts it on a window square in MAPBUF or MOBBUF and has
the program redraw; `settings` resizes the map and sets its edge, type,
lights and name, and the program loads it again; `export` and `import` are
the map's share code (mapfile.py); `goto` brings a map of the world in;
`unroll` chooses the copy loop a load runs; `copy_cycles` times both loops
over the article's 1,024 bytes. The brush is the machine's (`m.brush`: it
goes into snapshots). Bad input raises MachineError with a message the page
shows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from ..base import MachineError
from . import model
from .mapfile import NAME_CHARS, MapFileError, decode, encode
from .tiles import MOBS, TERRAIN
from .timing import ARTICLE_BYTES, ARTICLE_COPY, RT_CYCLES
from .world import WANDERS, WorldMap

if TYPE_CHECKING:
    from .machine import CrpgMachine

TILE_CODES = frozenset(t.code for t in TERRAIN)
MOB_CODES = frozenset(m.code for m in MOBS)


def commands(m: CrpgMachine) -> dict[str, Callable[..., Any]]:
    return {"brush": partial(set_brush, m), "paint": partial(paint, m),
            "settings": partial(settings, m), "export": partial(export_map, m),
            "import": partial(import_map, m), "goto": partial(goto, m),
            "unroll": partial(set_unroll, m), "copy_cycles": partial(measure_copies, m)}


def _reload(m: CrpgMachine, sc: model.Scene, name: str | None = None) -> None:
    """Replace the current map with `sc` and let the program load it."""
    wm = m.world.maps[m.current]
    wm.scene = sc
    if name is not None:
        wm.name = name
    m.load_map(m.current)


def window_square(m: CrpgMachine, r: int, c: int) -> int | None:
    """The MAPBUF index that window square (r, c) shows, or None off the map
    (an extended edge: paint the map's own squares)."""
    sc = m.scene_from_memory()
    y = sc.y - 6 + r
    x = sc.x - 6 + c + sc.slant * (r - 6)
    if sc.edge:
        x, y = x % sc.width, y % sc.height
    if not (0 <= x < sc.width and 0 <= y < sc.height):
        return None
    return y * sc.width + x


def paint(m: CrpgMachine, row: int, col: int) -> dict[str, Any]:
    """Paint the brush on window square (row, col) and have the program redraw."""
    if not (isinstance(row, int) and isinstance(col, int) and 0 <= row < 13
            and 0 <= col < 13):
        raise MachineError("paint: row and col are window squares 0-12")
    index = window_square(m, row, col)
    if index is None:
        raise MachineError("that square is beyond the map's edge")
    sym = m.symbols
    ram = m.bus.ram
    kind = m.brush.get("kind")
    w = m.word(sym["HWIDTH"])
    mx, my = index % w, index // w
    if kind == "tile":
        ram[sym["MAPBUF"] + index] = m.brush["code"] | (0x80 if m.brush["lit"] else 0)
    elif kind in ("mob", "erase"):
        _put_mob(m, mx, my, m.brush.get("gfx") if kind == "mob" else None)
    else:
        raise MachineError("choose a tile or a mob to paint first")
    ram[sym["REDRAW"]] = 1
    return {"x": mx, "y": my}


def _put_mob(m: CrpgMachine, x: int, y: int, gfx: int | None) -> None:
    ram = m.bus.ram
    base = m.symbols["MOBBUF"]
    count_at = m.symbols["STATE"] + 6
    count = m.word(count_at)
    for n in range(count):  # what stands there goes
        rec = base + 8 * n
        if ram[rec] and ram[rec + 2] == x and ram[rec + 3] == y:
            ram[rec] = 0
    if gfx is None:
        return
    for n in range(model.MAX_MOBS):
        rec = base + 8 * n
        if n >= count or not ram[rec]:
            ram[rec:rec + 8] = bytes((WANDERS, gfx, x, y, 0, 0, 0, 0))
            m.poke_word(count_at, max(count, n + 1))
            return
    raise MachineError(f"a map holds at most {model.MAX_MOBS} mobs")


def set_brush(m: CrpgMachine, kind: str, code: int = 0, lit: bool = True,
              gfx: int = 0x60) -> dict[str, Any]:
    if kind == "tile":
        if code not in TILE_CODES:
            raise MachineError(f"no tile with code {code}")
        m.brush = {"kind": "tile", "code": code, "lit": bool(lit)}
    elif kind == "mob":
        if gfx not in MOB_CODES:
            raise MachineError(f"no mob graphic >{gfx:02X}" if isinstance(gfx, int)
                               else "gfx is a number")
        m.brush = {"kind": "mob", "gfx": gfx}
    elif kind in ("erase", "walk"):
        m.brush = {"kind": kind}
    else:
        raise MachineError("brush kind is tile, mob, erase or walk")
    return m.brush


def settings(m: CrpgMachine, width: int | None = None, height: int | None = None,
             edge: int | None = None, kind: int | None = None,
             map_light: int | None = None, player_light: int | None = None,
             name: str | None = None) -> dict[str, Any]:
    """Resize (keeping what overlaps, new squares lit grass) and set the
    edge style, map type, lights and name; the program reloads the map."""
    sc = m.scene_from_memory()
    w = sc.width if width is None else width
    h = sc.height if height is None else height
    for label, value, lo, hi in (("width", w, 6, 64), ("height", h, 6, 64),
                                 ("edge", edge, 0, 1), ("kind", kind, 0, 2),
                                 ("map_light", map_light, 0, 255),
                                 ("player_light", player_light, 0, 15)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                  or not lo <= value <= hi):
            raise MachineError(f"{label} must be {lo}-{hi}")
    tiles = bytearray([0x80] * (w * h))
    for y in range(min(h, sc.height)):
        for x in range(min(w, sc.width)):
            tiles[y * w + x] = sc.tiles[y * sc.width + x]
    new = model.Scene(w, h, bytes(tiles), min(sc.x, w - 1), min(sc.y, h - 1),
                      edge=sc.edge if edge is None else edge,
                      kind=sc.kind if kind is None else kind,
                      map_light=sc.map_light if map_light is None else map_light,
                      player_light=sc.player_light if player_light is None else player_light,
                      mobs=[mob for mob in sc.mobs if mob[2] < w and mob[3] < h])
    problems = model.check(new)
    if problems:
        raise MachineError("; ".join(problems))
    if name is not None:
        if not isinstance(name, str) or len(name) > 24 or not set(name) <= NAME_CHARS:
            raise MachineError("a name is up to 24 letters, digits and spaces")
    _reload(m, new, name)
    return {"width": w, "height": h}


def export_map(m: CrpgMachine) -> dict[str, Any]:
    wm = m.world.maps[m.current]
    code = encode(WorldMap(wm.id, wm.name, m.scene_from_memory()))
    return {"code": code, "chars": len(code), "name": wm.name}


def import_map(m: CrpgMachine, code: str) -> dict[str, Any]:
    try:
        wm = decode(code)
    except MapFileError as exc:
        raise MachineError(str(exc)) from None
    maps = m.world.maps
    for i, old in enumerate(maps):
        if old.id == "shared":
            maps[i] = wm
            break
    else:
        maps.append(wm)
    m.load_map(m.world.index("shared"))
    return {"map": wm.id, "name": wm.name}


def goto(m: CrpgMachine, map: str) -> dict[str, Any]:  # noqa: A002 - the verb's argument
    try:
        index = m.world.index(map)
    except KeyError:
        raise MachineError(f"no map {str(map)[:20]!r}") from None
    m.load_map(index)
    return {"map": map}


def set_unroll(m: CrpgMachine, on: bool) -> dict[str, Any]:
    """Copy maps with the unrolled loop (or the article's first one); the
    current map is loaded again so the copy runs and is timed."""
    m.bus.ram[m.symbols["UNROLL"]] = 1 if on else 0
    _reload(m, m.scene_from_memory())
    return {"unroll": bool(on)}


def measure_copies(m: CrpgMachine) -> dict[str, Any]:
    """Both copy loops over the article's 1,024 bytes, run on the core
    through `call` from a snapshot (then put back): the loops' cycles
    without RT."""
    count = ARTICLE_BYTES
    snap = m.snapshot()
    result = {}
    try:
        for name, label in (("looped", "COPYL"), ("unrolled", "COPYU")):
            regs = {"r1": m.symbols["LOADBF"], "r2": m.symbols["MAPBUF"], "r3": count}
            result[name] = m.call(label, **regs)["cycles"] - RT_CYCLES
            m.restore(snap)
    finally:
        m.restore(snap)
    return {**result, "bytes": count, "article": ARTICLE_COPY}
