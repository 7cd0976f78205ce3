"""MAPPRC, our TMS9900 code, against the pure-Python model over random maps
(every edge style, map type, light level and mob layout, 6 x 6 to 64 x 64),
and the model against the article's own listing run on the core."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from retroscope.asm import assemble
from retroscope.cpu import TMS9900
from retroscope.machines import create
from retroscope.machines.crpg import model
from retroscope.machines.crpg.machine import CrpgMachine
from retroscope.machines.ti99.memory import WAIT_STATES

CODES = [0, 1, 2, 3, 8, 16, 24, 25, 32, 33, 40, 0x60, 0x61]


def random_scene(rng: random.Random, *, kind: int | None = None, edge: int | None = None,
                 size: tuple[int, int] | None = None) -> model.Scene:
    kind = rng.choice((0, 1, 2)) if kind is None else kind
    lo_w = model.SLANT_MIN_WIDTH if kind != model.NORMAL else 6
    if size is None:
        w = rng.randint(lo_w, 64)
        h = rng.randint(6, min(64, model.MAP_BYTES // w))
    else:
        w, h = size
    lit_share = rng.choice((0.0, 0.3, 1.0))
    codes = rng.sample(CODES, rng.randint(1, len(CODES)))
    tiles = bytes(rng.choice(codes) | (0x80 if rng.random() < lit_share else 0)
                  for _ in range(w * h))
    x, y = rng.randrange(w), rng.randrange(h)
    mobs = []
    for _ in range(rng.choice((0, 0, 1, 5, 20, 64))):
        near = rng.random() < 0.7
        mx = (x + rng.randint(-8, 8)) % w if near else rng.randrange(w)
        my = (y + rng.randint(-8, 8)) % h if near else rng.randrange(h)
        mobs.append((rng.choice((0, 1, 1, 2)), rng.choice((0x60, 0x61, 0x68, 0x7F, 0x85)),
                     mx, my))
    # adjacent mobs now and then, to fill the STATE+11..+17 slots
    for dx, dy in ((0, 1), (-1, 0), (0, -1), (1, 0)):
        if mobs and rng.random() < 0.3:
            mobs[rng.randrange(len(mobs))] = (1, 0x62, (x + dx) % w, (y + dy) % h)
    opaque = bytes(rng.choice((0, 0, 0x80, 0xC0, 0x7F)) for _ in range(128))
    player_light = rng.choice((0, 1, 3, 6, 7, 15, 0x80, 0xF9))
    return model.Scene(w, h, tiles, x, y, edge=rng.choice((0, 1)) if edge is None else edge,
                       kind=kind, map_light=rng.choice((0, 1, 2)),
                       player_light=player_light, mobs=mobs, opaque=opaque)


@pytest.fixture(scope="module")
def machine() -> CrpgMachine:
    m = create("crpg")
    assert isinstance(m, CrpgMachine)
    return m


def run_mapprc(m: CrpgMachine, sc: model.Scene) -> tuple[bytes, bytes, int]:
    m.put_scene(sc, to_mapbuf=True, opaque=sc.opaque)
    result = m.call("MAPPRC")
    work, state = m.symbols["WORK"], m.symbols["STATE"]
    ram = m.bus.ram
    return bytes(ram[work:work + 2 * model.CELLS]), bytes(ram[state + 10:state + 19]), \
        result["cycles"]


def check_scene(m: CrpgMachine, sc: model.Scene) -> None:
    expect = model.process(sc)
    got, adjacent, _ = run_mapprc(m, sc)
    assert got[:169] == bytes(expect.work), "WORK (window tiles with mobs)"
    assert got[169:] == bytes(expect.seen), "WORK+169 (the final window)"
    assert adjacent == bytes(expect.adjacent), "STATE+10..+18"


@pytest.mark.parametrize("kind", [0, 1, 2], ids=["slant+1", "normal", "slant-1"])
@pytest.mark.parametrize("edge", [0, 1], ids=["extend", "wrap"])
def test_mapprc_matches_the_model_on_random_maps(machine: CrpgMachine, kind: int,
                                                 edge: int) -> None:
    rng = random.Random(kind * 10 + edge)
    for _ in range(12):
        check_scene(machine, random_scene(rng, kind=kind, edge=edge))


@pytest.mark.parametrize("size", [(6, 6), (64, 64), (6, 64), (64, 6), (12, 6), (13, 7),
                                  (32, 32)])
def test_mapprc_matches_the_model_at_the_size_limits(machine: CrpgMachine,
                                                     size: tuple[int, int]) -> None:
    rng = random.Random(size[0] * 100 + size[1])
    for edge in (0, 1):
        for kind in ((0, 1, 2) if size[0] >= model.SLANT_MIN_WIDTH else (1,)):
            sc = random_scene(rng, kind=kind, edge=edge, size=size)
            for x, y in ((0, 0), (size[0] - 1, size[1] - 1), (size[0] // 2, 0)):
                sc.x, sc.y = x, y
                check_scene(machine, sc)


def test_every_light_level_lights_what_the_mask_allows(machine: CrpgMachine) -> None:
    rng = random.Random(7)
    base = random_scene(rng, kind=1, size=(20, 20))
    base.tiles = bytes(20 * 20)  # open ground, unlit
    base.opaque = bytes(128)
    base.mobs = []
    base.map_light = 1
    seen_counts = []
    for light in range(256):
        base.player_light = light
        check_scene(machine, base)
        seen_counts.append(sum(b != model.SPACE for b in model.process(base).seen))
    # Light 0 skips the stage (nothing lit, only the player); 1..7 widen the circle;
    # the listing's SB/JGT is a signed byte test, so 128 lights everything and
    # from 136 on (need - light wraps to a positive byte) nothing is lit.
    assert seen_counts[0] == 1
    assert seen_counts[1] < seen_counts[3] < seen_counts[7] == 169
    assert seen_counts[0x80] == 169
    assert all(n == 1 for n in seen_counts[0x88:])


def test_a_mob_beside_the_player_fills_its_adjacency_slot(machine: CrpgMachine) -> None:
    tiles = bytes([0x80] * 100)
    sc = model.Scene(10, 10, tiles, 5, 5, mobs=[(1, 0x61, 5, 6), (0, 0x62, 4, 5),
                                                (1, 0x68, 5, 4), (1, 0x60, 6, 5)])
    check_scene(machine, sc)
    _, adjacent, _ = run_mapprc(machine, sc)
    # south: mob 0; west: mob 1 is empty (type 0); north: mob 2; east: mob 3
    assert list(adjacent) == [0x61, 0, 0x80, 0xFF, 0x68, 2, 0x60, 3, 0x80]


def test_slanted_windows_line_up_with_their_mobs(machine: CrpgMachine) -> None:
    """The finished slant: the player's row is not shifted, and a mob shows on
    the square whose map column it stands on, whatever its row."""
    w, h = 30, 20
    tiles = bytes(((x % 10) | 0x80) for y in range(h) for x in range(w))  # code = column % 10
    for kind, s in ((0, 1), (2, -1)):
        mobs = [(1, 0x61, 15 + dx, 10 + dy) for dx, dy in ((0, -3), (2, 4), (-1, 5))]
        sc = model.Scene(w, h, tiles, 15, 10, kind=kind, mobs=mobs)
        check_scene(machine, sc)
        extract, _ = model.extract(sc)
        assert extract[model.CENTRE] & 0x7F == 15 % 10            # under the player
        assert extract[model.CENTRE - 13] & 0x7F == (15 - s) % 10  # a row up: s columns back
        work = model.process(sc).work
        for _, _, mx, my in mobs:
            r = my - 10 + 6
            c = 6 + (mx - 15) - s * (my - 10)
            assert work[r * 13 + c] == 0x61
            assert extract[r * 13 + c] & 0x7F == mx % 10  # its own column's tile


# -- the model against the article's listing (normal maps), run on the core ---------
DATA = Path(__file__).parent.parent / "unit" / "data" / "seed000_listing.asm"
SEED_SYMBOLS = """\
MAPBUF EQU >2000
MOBBUF EQU >3000
WORK   EQU >3200
TILES  EQU >3400
STATE  EQU >3480
SUBRET EQU >A000
ZERO   DATA 0
ZER0   EQU ZERO
W1     DATA 1
W6     DATA 6
W8     DATA 8
W13    DATA 13
B1     BYTE 1
B128   BYTE >80
B247   BYTE 247
SPACE  BYTE >20
       EVEN
"""


def listing_machine() -> tuple[TMS9900, dict[str, int], dict[str, int]]:
    seen: set[str] = set()
    kept = []
    for line in DATA.read_text().splitlines():
        name = line.split(" ")[0]
        if name in ("DIRX", "DIRY"):  # printed twice: keep the first pair
            if name in seen:
                continue
            seen.add(name)
        kept.append(line)
    program = assemble(SEED_SYMBOLS + "\n".join(kept) + "\n", "tms9900", origin=0xA100)
    cpu = TMS9900(wait_states=WAIT_STATES)
    program.load_into(cpu.bus)
    cpu.wp = 0x8300
    rows: dict[str, int] = {}
    for row in program.listing:
        if row.data:
            rows.setdefault(" ".join(row.text.split()[:2]), row.address)
    return cpu, program.symbols, rows


def run_listing(sc: model.Scene) -> tuple[bytes, bytes]:
    """The listing's stages in order, stepping over its data tables and the
    LOS loop's fall-through into POSCLC (the printed excerpts leave them in
    the code path)."""
    cpu, s, rows = listing_machine()
    ram = cpu.bus.ram
    ram[0x2000:0x2000 + len(sc.tiles)] = sc.tiles
    for name, value in (("VWIDTH", sc.height), ("HWIDTH", sc.width), ("X", sc.x), ("Y", sc.y)):
        ram[s[name]:s[name] + 2] = value.to_bytes(2, "big")
    st = s["STATE"]
    ram[st + 4], ram[st + 5] = sc.edge, sc.kind
    ram[st + 6:st + 8] = len(sc.mobs).to_bytes(2, "big")
    ram[st + 8], ram[st + 9] = sc.map_light, sc.player_light
    records = model.mob_bytes(sc.mobs)
    ram[0x3000:0x3000 + len(records)] = records
    ram[0x3400:0x3480] = sc.opaque

    def run(stops: set[int], until: object = None) -> None:
        for _ in range(3_000_000):
            if cpu.pc in stops and (until is None or until()):
                return
            cpu.step()
        raise AssertionError(f"runaway at >{cpu.pc:04X}")

    cpu.pc = rows["MOV @Y,R1"]
    run({s["LIGHT"]})
    cpu.pc = rows["MOVB @STATE+8,@STATE+8"]
    run({s["XDIFF"], s["LOS"]})
    cpu.pc = s["LOS"]
    run({s["POSCLC"]}, until=lambda: cpu.reg(1) == 0xFFFF)  # the loop is over
    cpu.pc = s["PCMEND"]
    run({s["SUBRET"]})
    return bytes(ram[0x3200:0x3200 + 338]), bytes(ram[st + 10:st + 19])


@pytest.mark.parametrize("seed", range(8))
def test_the_model_does_what_the_articles_listing_does_on_normal_maps(seed: int) -> None:
    rng = random.Random(1000 + seed)
    sc = random_scene(rng, kind=model.NORMAL, edge=seed % 2)
    work, adjacent = run_listing(sc)
    expect = model.process(sc)
    assert work[:169] == bytes(expect.work)
    assert work[169:] == bytes(expect.seen)
    assert adjacent == bytes(expect.adjacent)
