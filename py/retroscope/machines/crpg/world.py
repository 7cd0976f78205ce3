"""Our own small world: a town, a forest, a dark dungeon, a slanted coast and
a wrapping isle, linked by exits. Built from a few drawing steps and a seeded
random scatter, so each map is the same every time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from . import model

# Map bytes by name (the low 7 bits; bit 7 = lit is added by `lit`).
T = {"grass": 0, "flowers": 1, "bush": 2, "tree": 3, "pine": 4, "water": 8, "deep": 9,
     "reeds": 10, "sand": 16, "path": 17, "rocks": 18, "wall": 24, "floor": 25,
     "down": 26, "up": 27, "pillar": 28, "wood": 32, "door": 33, "boards": 34,
     "table": 35, "gate": 36, "roof": 40, "torch": 48, "fire": 49}
MOB = {"villager": 0x60, "wolf": 0x61, "deer": 0x62, "skeleton": 0x68, "bat": 0x69,
       "rat": 0x6A, "crab": 0x70, "serpent": 0x71}
WANDERS, STANDS = 1, 2  # mob record type byte


@dataclass(frozen=True)
class Exit:
    x: int
    y: int
    target: str
    tx: int
    ty: int


@dataclass
class WorldMap:
    id: str
    name: str
    scene: model.Scene
    exits: list[Exit] = field(default_factory=list)

    def exit_at(self, x: int, y: int) -> Exit | None:
        for e in self.exits:
            if (e.x, e.y) == (x, y):
                return e
        return None

    def scene_at(self, x: int, y: int) -> model.Scene:
        return replace(self.scene, x=x, y=y)


@dataclass
class World:
    maps: list[WorldMap]

    def index(self, map_id: str) -> int:
        for i, m in enumerate(self.maps):
            if m.id == map_id:
                return i
        raise KeyError(map_id)


class Canvas:
    """A map being drawn: bytes by (x, y), all lit unless told otherwise."""

    def __init__(self, w: int, h: int, fill: str, lit: bool = True) -> None:
        self.w, self.h = w, h
        self.lit = 0x80 if lit else 0
        self.cells = bytearray([T[fill] | self.lit] * (w * h))

    def put(self, x: int, y: int, name: str) -> None:
        if 0 <= x < self.w and 0 <= y < self.h:
            self.cells[y * self.w + x] = T[name] | self.lit

    def get(self, x: int, y: int) -> int:
        return self.cells[y * self.w + x] & 0x7F

    def rect(self, x0: int, y0: int, x1: int, y1: int, name: str) -> None:
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.put(x, y, name)

    def box(self, x0: int, y0: int, x1: int, y1: int, wall: str, inside: str) -> None:
        self.rect(x0, y0, x1, y1, wall)
        self.rect(x0 + 1, y0 + 1, x1 - 1, y1 - 1, inside)

    def scatter(self, rng: random.Random, name: str, count: int, on: str) -> None:
        for _ in range(count):
            x, y = rng.randrange(self.w), rng.randrange(self.h)
            if self.get(x, y) == T[on]:
                self.put(x, y, name)

    def light_around(self, x: int, y: int, radius: int) -> None:
        for yy in range(y - radius, y + radius + 1):
            for xx in range(x - radius, x + radius + 1):
                if 0 <= xx < self.w and 0 <= yy < self.h:
                    self.cells[yy * self.w + xx] |= 0x80

    def open_square(self, rng: random.Random, on: tuple[str, ...]) -> tuple[int, int]:
        while True:
            x, y = rng.randrange(self.w), rng.randrange(self.h)
            if self.get(x, y) in {T[n] for n in on}:
                return x, y


def _mobs(c: Canvas, rng: random.Random, kinds: list[tuple[str, int]],
          on: tuple[str, ...]) -> list[tuple[int, int, int, int]]:
    mobs = []
    for name, count in kinds:
        for _ in range(count):
            x, y = c.open_square(rng, on)
            mobs.append((WANDERS, MOB[name], x, y))
    return mobs


def town() -> WorldMap:
    rng = random.Random(1)
    c = Canvas(32, 32, "grass")
    c.rect(0, 15, 31, 16, "path")
    c.rect(15, 0, 16, 31, "path")
    for x0, y0 in ((3, 3), (21, 3), (3, 20), (21, 21)):
        c.box(x0, y0, x0 + 7, y0 + 6, "wood", "boards")
        c.put(x0 + 3, y0 + 6, "door")
        c.put(x0 + 2, y0 + 2, "table")
    c.box(10, 8, 13, 11, "roof", "roof")
    c.rect(0, 0, 31, 0, "tree")
    c.rect(0, 31, 31, 31, "tree")
    c.rect(0, 0, 0, 31, "tree")
    c.rect(31, 0, 31, 31, "tree")
    c.put(31, 15, "gate")
    c.put(31, 16, "gate")
    c.put(16, 31, "gate")
    c.put(12, 13, "down")
    c.scatter(rng, "flowers", 60, "grass")
    c.scatter(rng, "bush", 20, "grass")
    c.put(20, 14, "fire")
    mobs = _mobs(c, rng, [("villager", 6)], ("grass", "path", "flowers"))
    sc = model.Scene(32, 32, bytes(c.cells), 16, 14, mobs=mobs)
    return WorldMap("town", "Brightwater town", sc, [
        Exit(31, 15, "forest", 1, 20), Exit(31, 16, "forest", 1, 20),
        Exit(12, 13, "dungeon", 2, 2), Exit(16, 31, "coast", 18, 6)])


def forest() -> WorldMap:
    rng = random.Random(2)
    c = Canvas(40, 40, "grass")
    c.scatter(rng, "tree", 420, "grass")
    c.scatter(rng, "pine", 200, "grass")
    c.scatter(rng, "bush", 80, "grass")
    y = 20
    for x in range(40):
        c.put(x, y, "path")
        if rng.random() < 0.3:
            y = max(2, min(37, y + rng.choice((-1, 1))))
            c.put(x, y, "path")
    c.rect(25, 5, 33, 10, "water")
    c.rect(27, 6, 31, 9, "deep")
    for yy in range(min(y, 20), max(y, 20) + 1):
        c.put(38, yy, "path")
    c.put(0, 20, "gate")
    c.put(39, 20, "gate")
    mobs = _mobs(c, rng, [("wolf", 5), ("deer", 6)], ("grass",))
    sc = model.Scene(40, 40, bytes(c.cells), 1, 20, mobs=mobs)
    return WorldMap("forest", "Thornwood forest", sc, [
        Exit(0, 20, "town", 30, 15), Exit(39, 20, "isle", 8, 8)])


def dungeon() -> WorldMap:
    rng = random.Random(3)
    c = Canvas(24, 24, "wall", lit=False)
    rooms = [(1, 1, 6, 5), (10, 2, 16, 7), (2, 10, 8, 16), (13, 12, 21, 19), (4, 19, 10, 22)]
    for x0, y0, x1, y1 in rooms:
        c.rect(x0, y0, x1, y1, "floor")
    for (ax, ay, *_), (bx, by, *_) in zip(rooms, rooms[1:], strict=False):
        ax, ay, bx, by = ax + 2, ay + 2, bx + 2, by + 2
        for x in range(min(ax, bx), max(ax, bx) + 1):
            c.put(x, ay, "floor")
        for y in range(min(ay, by), max(ay, by) + 1):
            c.put(bx, y, "floor")
    for x, y in ((14, 15), (17, 15), (5, 13)):
        c.put(x, y, "pillar")
    for x, y in ((10, 2), (13, 12), (2, 10)):
        c.put(x, y, "torch")
        c.light_around(x, y, 2)
    c.put(2, 1, "up")
    mobs = _mobs(c, rng, [("skeleton", 3), ("bat", 3), ("rat", 4)], ("floor",))
    sc = model.Scene(24, 24, bytes(c.cells), 2, 2, map_light=1, player_light=3, mobs=mobs)
    return WorldMap("dungeon", "The dark cellar", sc, [Exit(2, 1, "town", 12, 14)])


def coast() -> WorldMap:
    """A slanted map (type 0: each row down shows the stored row one column
    further right, so the straight coastline in the data runs diagonally)."""
    rng = random.Random(4)
    c = Canvas(40, 28, "sand")
    c.rect(24, 0, 39, 27, "water")
    c.rect(30, 0, 39, 27, "deep")
    c.rect(0, 0, 8, 27, "grass")
    c.scatter(rng, "reeds", 30, "sand")
    c.scatter(rng, "rocks", 20, "sand")
    c.scatter(rng, "tree", 50, "grass")
    c.put(20, 0, "gate")
    for y in range(1, 7):  # a path from the gate to the landing, kept clear
        c.put(20 - (y * 2 // 6), y, "path")
    c.put(18, 6, "path")
    mobs = _mobs(c, rng, [("crab", 6), ("serpent", 2)], ("sand",))
    sc = model.Scene(40, 28, bytes(c.cells), 18, 6, kind=0, mobs=mobs)
    return WorldMap("coast", "The slanting shore", sc, [Exit(20, 0, "town", 16, 30)])


def isle() -> WorldMap:
    """A wrapping map: walk off one edge and come back at the other."""
    rng = random.Random(5)
    c = Canvas(16, 16, "water")
    c.rect(3, 3, 12, 12, "sand")
    c.rect(5, 5, 10, 10, "grass")
    c.scatter(rng, "tree", 8, "grass")
    c.rect(0, 8, 15, 8, "path")
    c.put(7, 7, "gate")
    mobs = _mobs(c, rng, [("crab", 3)], ("sand",))
    sc = model.Scene(16, 16, bytes(c.cells), 8, 8, edge=1, mobs=mobs)
    return WorldMap("isle", "The endless isle", sc, [Exit(7, 7, "forest", 38, 20)])


def default_world() -> World:
    return World([town(), forest(), dungeon(), coast(), isle()])
