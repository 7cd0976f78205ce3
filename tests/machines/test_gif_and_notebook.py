"""The animated GIF writer (util/gif.py) and what a notebook shows of a machine:
files an independent decoder (Pillow) reads back pixel for pixel."""

from __future__ import annotations

import io
import random

import pytest

from retroscope import machines
from retroscope.util.animation import delays
from retroscope.util.gif import GifWriter, changed_box

Image = pytest.importorskip("PIL.Image")


def rgb(pixels: bytes, palette: list[int]) -> bytes:
    return b"".join(bytes(((palette[p] >> 16) & 255, (palette[p] >> 8) & 255, palette[p] & 255))
                    for p in pixels)


def decoded(data: bytes) -> list[bytes]:
    gif = Image.open(io.BytesIO(data))
    frames = []
    for i in range(gif.n_frames):
        gif.seek(i)
        frames.append(gif.convert("RGB").tobytes())
    return frames


def test_frames_come_back_exactly_noise_past_the_code_table_included():
    rnd = random.Random(7)
    w, h = 97, 61
    palette = [rnd.randrange(1 << 24) for _ in range(256)]
    noise = bytes(rnd.randrange(256) for _ in range(w * h))  # fills 4,095 codes: clears
    flat = bytes(w * h)
    patch = bytearray(flat)
    for y in range(10, 20):
        patch[y * w + 30:y * w + 45] = bytes(range(y, y + 15))
    out = io.BytesIO()
    with GifWriter(out, w, h, palette) as gif:
        for frame in (noise, flat, bytes(patch), bytes(patch), noise):
            gif.add(frame, 4)
    assert gif.frames == 4  # the repeated frame lengthened the one before
    assert decoded(out.getvalue()) == [rgb(f, palette) for f in (noise, flat, patch, noise)]


def test_a_frame_with_its_own_palette_carries_it():
    w, h = 8, 4
    first, second = [0x000000, 0xFFFFFF] * 128, [0xFF0000, 0x00FF00] * 128
    pixels = bytes([0, 1] * 16)
    out = io.BytesIO()
    with GifWriter(out, w, h, first) as gif:
        gif.add(pixels, 2, first)
        gif.add(pixels, 2, second)  # the same indices, other colours
    assert decoded(out.getvalue()) == [rgb(pixels, first), rgb(pixels, second)]


def test_only_the_changed_box_is_stored():
    before = bytes(100)
    after = bytearray(before)
    after[3 * 10 + 2] = after[6 * 10 + 7] = 5
    assert changed_box(before, bytes(after), 10, 10) == (2, 3, 6, 4)
    assert changed_box(before, before, 10, 10) is None


def test_delays_keep_the_machines_time():
    d = delays(60.0, 2, 30)
    assert set(d) <= {3, 4} and sum(d) == 100  # 30 frames kept of 60: one second


def test_a_machine_shows_its_picture_and_an_animation_in_a_notebook():
    m = machines.create("pacman")
    png = Image.open(io.BytesIO(m._repr_png_()))
    assert png.size == (224, 288)
    anim = m.frames(40, buttons=[0] * 10 + [0x10] * 2, every=4)
    assert anim.frames == 10 and m.frame == 40
    assert anim._repr_html_().startswith('<img src="data:image/gif;base64,')
    assert decoded(anim.gif)[-1] == rgb(bytes(m.framebuffer), m.palette)


def test_frames_asks_a_program_before_each_frame():
    m = machines.create("tetris")
    asked: list[int] = []
    m.frames(6, buttons=lambda machine: asked.append(machine.frame) or 0, every=3)
    assert asked == [0, 1, 2, 3, 4, 5]
