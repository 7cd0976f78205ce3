"""Each video chip's viewers against the machine's own memory and picture:
what a viewer draws is what the chip would draw from that memory (checked
against the chip's own renderer, or decoded here from the bytes), what it
lists is what the memory holds, and what a point of a picture names (the
hover, the click to the memory view) is the address whose bytes are drawn
there. Viewers only read: the machine's state is the same after."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from retroscope import machines
from retroscope.debug import DebugError, Session
from retroscope.debug.rewind import state_hash
from retroscope.machines.bbc.video import Video as BbcVideo
from retroscope.machines.nes.ppu import CTRL_BG_TABLE, MASK_SPR, PPU
from retroscope.machines.ti99.vdp import VDP

VIEWERS = {
    "tetris": ["ppu-patterns", "ppu-nametables", "ppu-sprites", "ppu-palette", "ppu-registers"],
    "backgammon": ["ppu-patterns", "ppu-nametables", "ppu-sprites", "ppu-palette",
                   "ppu-registers", "fds-wave"],
    "pacman": ["namco-tiles", "namco-sprite-rom", "namco-tilemap", "namco-sprites",
               "namco-palette"],
    "crpg": ["vdp-registers", "vdp-patterns", "vdp-names", "vdp-colours", "vdp-sprites"],
    "jmc": ["bbc-screen", "bbc-crtc", "bbc-palette"],
}


def played(mid: str, frames: int = 150) -> Session:
    session = Session(machines.create(mid))
    for i in range(frames):
        session.run_frame(0x08 if i % 50 == 25 else (0x01 if mid == "crpg" and i % 7 else 0))
    return session


@pytest.fixture(scope="module")
def sessions() -> dict[str, Session]:
    return {}


def session_of(sessions: dict, mid: str) -> Session:
    if mid not in sessions:
        sessions[mid] = played(mid)
    return sessions[mid]


def picture(data: dict[str, Any], name: str) -> tuple[int, int, bytes, list]:
    p = next(p for p in data["pictures"] if p["name"] == name)
    return p["width"], p["height"], base64.b64decode(p["pixels"]), p["palette"]


def region(pixels: bytes, width: int, x: int, y: int, w: int, h: int) -> bytes:
    return b"".join(pixels[(y + r) * width + x:(y + r) * width + x + w] for r in range(h))


# -- every machine ----------------------------------------------------------------------

@pytest.mark.parametrize("mid", list(VIEWERS))
def test_each_machine_has_its_chips_viewers_and_they_only_read(mid, sessions):
    session = session_of(sessions, mid)
    assert [v["id"] for v in session.viewers()] == VIEWERS[mid]
    before = state_hash(session.machine.snapshot())
    picture_before = bytes(session.machine.framebuffer)
    for v in session.viewers():
        data = session.viewer(v["id"])
        for p in data["pictures"]:
            assert len(base64.b64decode(p["pixels"])) == p["width"] * p["height"]
            for x, y in ((0, 0), (p["width"] // 2, p["height"] // 2), (p["width"] - 1, 0)):
                hit = session.viewer_at(v["id"], p["name"], x, y)
                if hit is not None:
                    assert hit["space"] in session.spaces() and hit["text"]
                    assert 0 <= hit["addr"] < session.spaces()[hit["space"]]
        for item in data["items"]:
            assert item["space"] in session.spaces()
    assert state_hash(session.machine.snapshot()) == before
    assert bytes(session.machine.framebuffer) == picture_before


def test_bad_viewer_requests_say_what_is_wrong(sessions):
    session = session_of(sessions, "tetris")
    with pytest.raises(DebugError, match="no viewer"):
        session.viewer("vdp-names")
    with pytest.raises(DebugError, match="palette must be one of"):
        session.viewer("ppu-patterns", {"palette": 9})
    with pytest.raises(DebugError, match="no option"):
        session.viewer("ppu-patterns", {"zoom": 2})
    with pytest.raises(DebugError, match="list"):
        session.open_viewers("ppu-patterns")
    assert session.viewer_at("ppu-patterns", "tables", 4000, 4000) is None


# -- NES PPU -------------------------------------------------------------------------------

def nes_tile_pixel(ppu: PPU, addr: int, row: int, col: int) -> int:
    """A tile's 2-bit pixel, decoded here from its two bit planes."""
    lo, hi = ppu.chr[addr + row], ppu.chr[addr + row + 8]
    return (lo >> (7 - col) & 1) | (hi >> (7 - col) & 1) << 1


@pytest.mark.parametrize("mid", ["tetris", "backgammon"])
def test_pattern_tables_decode_every_tile_in_the_palette_picked(mid, sessions):
    session = session_of(sessions, mid)
    ppu = session.machine.ppu
    for group in (0, 5):
        w, _, pixels, palette = picture(session.viewer("ppu-patterns", {"palette": group}),
                                        "tables")
        for table, tile, row, col in ((0, 0x11, 3, 5), (1, 0x4A, 7, 0), (0, 0xFF, 0, 7),
                                      (1, 0x80, 4, 4)):
            addr = table * 0x1000 + tile * 16
            value = nes_tile_pixel(ppu, addr, row, col)
            colour = ppu.palette[0] if value == 0 else ppu.palette[group * 4 + value]
            x = table * 128 + (tile & 15) * 8 + col
            y = (tile >> 4) * 8 + row
            assert pixels[y * w + x] == colour
            hit = session.viewer_at("ppu-patterns", "tables", x, y)
            assert (hit["space"], hit["addr"]) == ("ppu", addr)


@pytest.mark.parametrize("mid", ["tetris", "backgammon"])
def test_the_nametables_under_the_scroll_window_are_the_picture_without_sprites(mid, sessions):
    session = session_of(sessions, mid)
    ppu = session.machine.ppu
    data = session.viewer("ppu-nametables")
    w, _, pixels, _ = picture(data, "nametables")
    box = next(p for p in data["pictures"] if p["name"] == "nametables")["boxes"][0]
    # The PPU's own renderer, sprites off, on a copy.
    copy = PPU()
    copy.restore(ppu.snapshot())
    copy.chr[:] = ppu.chr
    copy.invalidate_caches()
    copy.regs.mask &= ~MASK_SPR
    expected = bytearray(256 * 240)
    copy.render(expected)
    if box["w"] == 256 and box["h"] == 240:  # (a window that wraps round is checked below)
        assert region(pixels, w, box["x"], box["y"], 256, 240) == bytes(expected)
    # The hover names the tile drawn there, and its attribute byte.
    for x, y in ((10, 20), (300, 100), (130, 470), (511, 479)):
        hit = session.viewer_at("ppu-nametables", "nametables", x, y)
        base = 0x2000 + ((y // 240) * 2 + x // 256) * 0x400
        assert hit["addr"] == base + ((y % 240) >> 3) * 32 + ((x & 255) >> 3)
        tile = ppu.vram_read(hit["addr"])
        pt = 0x1000 if ppu.regs.ctrl & CTRL_BG_TABLE else 0
        value = nes_tile_pixel(ppu, pt + tile * 16, (y % 240) & 7, x & 7)
        assert (pixels[y * w + x] == ppu.palette[0]) == (value == 0)


@pytest.mark.parametrize("mid", ["tetris", "backgammon"])
def test_oam_is_listed_and_drawn_where_each_sprite_shows(mid, sessions):
    session = session_of(sessions, mid)
    ppu = session.machine.ppu
    data = session.viewer("ppu-sprites")
    for e in data["items"]:
        assert [e["y"], e["tile"], e["attr"], e["x"]] == list(ppu.oam[e["addr"]:e["addr"] + 4])
        assert e["behind"] == bool(e["attr"] & 0x20) and e["palette"] == 4 + (e["attr"] & 3)
    shown = [e for e in data["items"] if e["visible"]]
    if mid == "backgammon":  # (no sprite is on its screen at this moment: the list is all)
        return
    assert shown, "no sprite on screen to check"
    w, _, pixels, _ = picture(data, "screen")
    boxes = next(p for p in data["pictures"] if p["name"] == "screen")["boxes"]
    assert {int(b["label"]) for b in boxes} == {e["index"] for e in shown}
    frame = session.machine.framebuffer
    # Sprite 0 is drawn on top: where it is opaque (and in front), the screen shows it.
    first = shown[0]
    for r in range(8):
        for c in range(8):
            x, y = first["x"] + c, first["y"] + 1 + r
            if x < 256 and y < 240 and pixels[y * w + x] != 64 and not first["behind"]:
                assert frame[y * 256 + x] == pixels[y * w + x]
    hit = session.viewer_at("ppu-sprites", "screen", first["x"], first["y"] + 1)
    assert (hit["space"], hit["addr"]) == ("oam", first["index"] * 4)


@pytest.mark.parametrize("mid", ["tetris", "backgammon"])
def test_palette_ram_with_its_mirrors(mid, sessions):
    session = session_of(sessions, mid)
    ppu = session.machine.ppu
    items = session.viewer("ppu-palette")["items"]
    for e in items:
        assert e["value"] == ppu.vram_read(e["addr"])
        assert e["rgb"] == session.machine.palette[e["value"]]
    assert items[0x10]["mirror_of"] == 0x3F00 and items[0x11]["mirror_of"] is None


def test_the_ppu_registers_are_decoded(sessions):
    session = session_of(sessions, "tetris")
    regs = session.machine.ppu.regs
    rows = {r["name"]: r for r in session.viewer("ppu-registers")["items"]}
    assert rows["PPUCTRL"]["value"] == regs.ctrl and rows["PPUMASK"]["value"] == regs.mask
    bg = 0x1000 if regs.ctrl & CTRL_BG_TABLE else 0
    assert f"background tiles ${bg:04X}" in rows["PPUCTRL"]["fields"]


def test_the_fds_wave_ram_is_the_channels(sessions):
    session = session_of(sessions, "backgammon")
    data = session.viewer("fds-wave")
    for e in data["items"]:
        assert e["value"] == session.machine.read(e["addr"]) & 0x3F
    assert [e["addr"] for e in data["items"]] == list(range(0x4040, 0x4080))
    hit = session.viewer_at("fds-wave", "wave", 21, 30)
    assert hit["addr"] == 0x4040 + 10


# -- TMS9918A ---------------------------------------------------------------------------------

def test_the_name_table_is_the_picture_without_sprites(sessions):
    session = session_of(sessions, "crpg")
    vdp = session.machine.vdp
    copy = VDP()
    copy.restore(vdp.snapshot())
    copy.vram[vdp.sprite_attributes] = 0xD0  # no sprites
    expected = bytearray(256 * 192)
    copy.render(expected)
    w, h, pixels, _ = picture(session.viewer("vdp-names"), "names")
    assert (w, h) == (256, 192) and pixels == bytes(expected)
    hit = session.viewer_at("vdp-names", "names", 8 * 5 + 3, 8 * 7 + 1)
    assert (hit["space"], hit["addr"]) == ("vram", vdp.name_table + 7 * 32 + 5)


def test_patterns_colours_registers_and_sprites_are_the_vrams(sessions):
    session = session_of(sessions, "crpg")
    vdp = session.machine.vdp
    w, _, pixels, _ = picture(session.viewer("vdp-patterns"), "patterns")
    for index, row, col in ((0x41, 2, 3), (0x80, 7, 0), (0x20, 0, 7)):
        bits = vdp.vram[vdp.pattern_table + index * 8 + row]
        colour = vdp.vram[vdp.colour_table + index // 8]
        want = colour >> 4 if bits & (0x80 >> col) else colour & 15
        assert pixels[((index >> 4) * 8 + row) * w + (index & 15) * 8 + col] == want
    rows = {r["name"]: r for r in session.viewer("vdp-registers")["items"]}
    assert [rows[f"R{n}"]["value"] for n in range(8)] == list(vdp.regs)
    assert rows["R2"]["addr"] == vdp.name_table and rows["R4"]["addr"] == vdp.pattern_table
    colours = session.viewer("vdp-colours")
    w, _, pixels, _ = picture(colours, "colours")
    value = vdp.vram[vdp.colour_table + 9]  # group 9: the second row's second
    assert pixels[19 * w + 16 + 2] == value >> 4 and pixels[19 * w + 16 + 12] == value & 15
    hit = session.viewer_at("vdp-colours", "colours", 16 + 3, 19)
    assert hit["addr"] == vdp.colour_table + 9
    assert [e["value"] for e in colours["items"]] == list(
        vdp.vram[vdp.colour_table:vdp.colour_table + 32])
    sprites = session.viewer("vdp-sprites")["items"]
    for e in sprites:
        assert [e["y"], e["x"], e["name"]] == list(vdp.vram[e["addr"]:e["addr"] + 3])
    ended = [e["index"] for e in sprites if e["ends_list"]]
    assert all(not e["shown"] for e in sprites if ended and e["index"] >= ended[0])


# -- the Namco board ---------------------------------------------------------------------------

def test_the_tilemap_as_on_screen_is_the_boards_background(sessions):
    session = session_of(sessions, "pacman")
    video = session.machine.video
    w, h, pixels, _ = picture(session.viewer("namco-tilemap"), "tilemap")
    assert (w, h) == (224, 288) and pixels == bytes(video.background)
    ram = session.machine.bus.ram
    hit = session.viewer_at("namco-tilemap", "tilemap", 0, 8 * 2)  # top left of the maze
    assert hit["addr"] == 0x4000 + 0x40 + 32 * 27  # the playfield's rightmost RAM column
    assert f"tile ${ram[hit['addr']]:02X}" in hit["text"]


def test_the_tilemap_as_in_ram_puts_each_byte_at_its_offset(sessions):
    session = session_of(sessions, "pacman")
    ram, gfx = session.machine.bus.ram, session.machine.video.gfx
    w, _, pixels, _ = picture(session.viewer("namco-tilemap", {"layout": "ram"}), "tilemap")
    for offset in (0x45, 0x3C2, 0x1FF):
        rows = gfx.tile_rows(ram[0x4000 + offset], ram[0x4400 + offset] & 0x1F)
        x, y = (offset & 31) * 8, (offset >> 5) * 8
        assert region(pixels, w, x, y, 8, 8) == b"".join(rows)
        hit = session.viewer_at("namco-tilemap", "tilemap", x + 1, y + 1, {"layout": "ram"})
        assert hit["addr"] == 0x4000 + offset


def test_roms_proms_and_the_eight_sprites(sessions):
    session = session_of(sessions, "pacman")
    machine = session.machine
    gfx = machine.video.gfx
    assert session.read_memory(0, 16, "tile_rom")["data"] == gfx.roms["tile_rom"][:16].hex()
    w, _, pixels, _ = picture(session.viewer("namco-tiles", {"colour": 5}), "tiles")
    code = 0x33
    x, y = (code & 15) * 8, (code >> 4) * 8
    assert region(pixels, w, x, y, 8, 8) == b"".join(gfx.tile_rows(code, 5))
    assert session.viewer_at("namco-tiles", "tiles", x, y)["addr"] == code * 16
    items = session.viewer("namco-palette")["items"]
    assert [e["rgb"] for e in items] == gfx.rgb[:16]
    _, _, lookup, _ = picture(session.viewer("namco-palette"), "lookup")
    assert lookup[(9 >> 3) * 8 * 256 + (9 & 7) * 32 + 2 * 8] == gfx.pens[9][2]
    data = session.viewer("namco-sprites")
    for e in data["items"]:
        n = e["index"]
        assert e["number"] == machine.bus.ram[0x4FF0 + 2 * n] >> 2
        assert (e["x"], e["y"]) == tuple(machine.video.sprite_xy[2 * n:2 * n + 2])
    w, _, screen, _ = picture(data, "screen")
    frame = machine.framebuffer
    drawn = [i for i, p in enumerate(screen) if p != 16 and 16 <= i // w <= 271]
    assert drawn and all(frame[i] == screen[i] for i in drawn)


# -- the BBC Micro -------------------------------------------------------------------------

def test_screen_memory_as_the_crtc_lays_it_out(sessions):
    session = session_of(sessions, "jmc")
    machine = session.machine
    data = session.viewer("bbc-screen")
    _, _, pixels, _ = picture(data, "screen")
    copy = BbcVideo(machine.bus.ram)
    copy.restore(machine.video.snapshot())
    copy.render()
    assert pixels == bytes(copy.framebuffer)
    start, columns = data["start"], data["columns"]
    assert start == machine.video.start
    for x, y in ((0, 0), (37, 9), (319, 255)):
        hit = session.viewer_at("bbc-screen", "screen", x, y)
        expected = start + ((y // 8) * columns + x // (320 // columns)) * 8 + y % 8
        assert hit["addr"] == (expected - 0x5000 if expected >= 0x8000 else expected)


def test_the_last_write_into_screen_memory_is_boxed_while_the_viewer_is_open():
    session = played("jmc", 20)
    assert session.viewer("bbc-screen")["last_write"] is None
    session.open_viewers(["bbc-screen"])
    seen = []
    session.bus.add_watch("write", lambda a, v: seen.append((a, v)) if 0x3000 <= a < 0x8000
                          else None)
    for _ in range(40):
        session.run_frame(0)
        if seen:
            break
    assert seen, "nothing was drawn in 40 frames"
    last = session.viewer("bbc-screen")["last_write"]
    assert (last["addr"], last["value"]) == seen[-1]
    session.open_viewers([])
    assert session.viewer("bbc-screen")["last_write"] is None
    assert session._core_watched is None


def test_the_crtc_and_the_ulas_palette(sessions):
    session = session_of(sessions, "jmc")
    video = session.machine.video
    assert [r["value"] for r in session.viewer("bbc-crtc")["items"]] == video.crtc
    palette = session.viewer("bbc-palette")
    assert [e["physical"] for e in palette["items"]] == [video.physical(i) for i in range(16)]
    assert palette["control"]["characters_per_line"] == 20  # MODE 2


def test_the_tms9918as_other_modes_are_laid_out_as_the_manual_says():
    """Graphics II (a bank per third of the screen, a colour byte per pattern
    row), text (40 names of 6 pixels in R7's colours) and multicolour (each
    name's row group picks two bytes, each a pair of 4 x 4 blocks), on a VDP
    of our own (the CRPG uses graphics I only)."""
    from types import SimpleNamespace

    from retroscope.debug.viewers.tms9918 import Names

    vdp = VDP()
    names = Names(SimpleNamespace(vdp=vdp))
    # Graphics II: names at >3800, patterns at >0000, colours at >2000, no masking.
    vdp.regs[:] = bytes([0x02, 0x40, 0x0E, 0xFF, 0x03, 0x36, 0x07, 0x01])
    vdp.vram[0x3800 + 8 * 32 + 2] = 0x05            # row 8 (the second third), column 2
    vdp.vram[(256 + 5) * 8 + 3] = 0x80              # bank 1's pattern 5, row 3: left pixel
    vdp.vram[0x2000 + (256 + 5) * 8 + 3] = 0xA4     # its colours: 10 on 4
    data = names.data()
    assert data["mode"] == "graphics II"
    w, _, pixels, _ = picture(data, "names")
    assert pixels[(64 + 3) * w + 16] == 0xA and pixels[(64 + 3) * w + 17] == 0x4
    assert names.at("names", 16, 67).addr == 0x3800 + 8 * 32 + 2
    # Text: 40 columns of 6 pixels, R7's colours (15 on 4).
    vdp.regs[:] = bytes([0x00, 0x50, 0x00, 0x00, 0x01, 0x00, 0x00, 0xF4])
    vdp.vram[1] = 0x07
    vdp.vram[0x0800 + 7 * 8] = 0x84
    w, h, pixels, _ = picture(names.data(), "names")
    assert (w, h) == (240, 192)
    assert list(pixels[6:12]) == [15, 4, 4, 4, 4, 15]
    # Multicolour: name 2 on character row 1 uses its bytes 2 and 3.
    vdp.regs[:] = bytes([0x00, 0x48, 0x00, 0x00, 0x01, 0x00, 0x00, 0x01])
    vdp.vram[32] = 0x02
    vdp.vram[0x0800 + 2 * 8 + 2] = 0x3C
    vdp.vram[0x0800 + 2 * 8 + 3] = 0x5D
    w, _, pixels, _ = picture(names.data(), "names")
    assert [pixels[8 * w], pixels[8 * w + 4], pixels[12 * w], pixels[12 * w + 4]] == [3, 12, 5, 13]
