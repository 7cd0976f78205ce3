"""The debugger on the real Tetris machine: a breakpoint on the documented PRNG
at $AB47, a memory edit that the routine then uses, step out to its caller,
and rewind with recorded inputs replaying to the same state hash; writes to
the PPU's and OAM's memory spaces."""

from __future__ import annotations

import random

import pytest

from retroscope import machines
from retroscope.debug import DebugError, Session

pytestmark = pytest.mark.skipif("tetris" not in machines.available(),
                                reason="the tetris machine is not built yet")

PRNG = 0xAB47
RNG = 0x0017


@pytest.fixture
def session() -> Session:
    return Session(machines.create("tetris"))


def test_a_breakpoint_on_the_prng_at_ab47_hits_with_its_source_line(session: Session) -> None:
    session.add_breakpoint("exec", "$AB47")
    status = session.run_frames(60)  # the first frame is power-on set-up
    assert status["paused"] and status["pc"] == PRNG
    assert status["reason"]["kind"] == "breakpoint"
    source = session.source()
    assert source is not None and source["file"].endswith(".asm")
    assert session.disassemble(before=0, after=1)[0]["label"]  # the routine has a name


def test_an_edited_rng_is_what_the_prng_steps_from(session: Session) -> None:
    from retroscope.machines.tetris import model
    session.add_breakpoint("exec", "$AB47", condition="x == $17 && y == 2")
    assert session.run_frames(60)["paused"]
    session.write_memory(RNG, [0x89, 0x88])
    status = session.step("out")
    assert status["pc"] != PRNG and status["reason"]["kind"] == "step"
    ram = bytearray(0x100)
    ram[RNG], ram[RNG + 1] = 0x89, 0x88
    model.prng(ram)
    assert bytes.fromhex(session.read_memory(RNG, 2)["data"]) == bytes(ram[RNG:RNG + 2])
    assert session.read_memory(RNG, 2)["changed"]  # differs from the last pause


def test_the_call_stack_at_the_prng_names_its_caller(session: Session) -> None:
    session.add_breakpoint("exec", "$AB47")
    assert session.run_frames(60)["paused"]
    frames = session.call_stack()
    assert frames and frames[0]["text"].startswith("jsr ")
    assert frames[0]["return"] == session.step("out")["pc"]


def test_rewind_on_tetris_replays_recorded_inputs_to_the_same_hash(session: Session) -> None:
    rnd = random.Random(2)
    buttons = [rnd.choice([0, 0, 0x08, 0x10, 0x80, 0x01, 0x02, 0x04]) for _ in range(90)]
    hashes = []
    for b in buttons:
        session.run_frame(b)
        hashes.append(session.state_hash())
    session.seek(30)
    assert session.state_hash() == hashes[29]
    for b in buttons[30:]:
        session.run_frame(b)
    assert session.state_hash() == hashes[-1]


def test_ten_seconds_of_tetris_fit_the_rewind_budget(session: Session) -> None:
    for _ in range(610):
        session.run_frame(0)
    stats = session.rewind_info()
    assert stats["frames"] >= 600 and stats["bytes"] <= stats["budget"]


def test_video_memory_is_a_second_space_with_its_changes_since_the_last_pause(
        session: Session) -> None:
    assert session.spaces()["ppu"] == 0x4000
    session.step("frame")
    for _ in range(400):
        session.step("frame")
        got = session.read_memory(0x2000, 0x400, space="ppu")
        if got["changed"]:
            break
    assert got["changed"], "the name table never changed between two pauses"
    assert len(bytes.fromhex(got["data"])) == 0x400
    session.step("frame")
    # A pause later, the comparison is with the pause just before (what `got` saw).
    again = session.read_memory(0x2000, 0x400, space="ppu")
    old, new = bytes.fromhex(got["data"]), bytes.fromhex(again["data"])
    assert again["changed"] == [i for i in range(0x400) if old[i] != new[i]]


def test_frames_run_under_breakpoints_replay_to_the_same_hash(session: Session) -> None:
    """The NES charges an OAM DMA stall after a slice of its own runner, so a
    frame run instruction by instruction is not the same as one run fast: the
    replay runs each frame (each part of a frame) the way it first ran."""
    rnd = random.Random(4)
    hashes = []
    bp = session.add_breakpoint("exec", "$FFF0")  # never hit: just the checking runner
    for i in range(40):
        if i == 20:
            session.remove_breakpoint(bp["id"])
            session.add_breakpoint("exec", "$AB47")
        status = session.run_frame(rnd.choice([0, 0x08, 0x80, 0x01]))
        if status["paused"]:  # stopped mid-frame at the PRNG: go on without it
            session.load_breakpoints([])
            status = session.run_frame()
        hashes.append(session.state_hash())
    assert session.machine.frame == 40
    for frame in range(40, 0, -1):
        session.seek(frame)
        assert session.state_hash() == hashes[frame - 1], frame


def test_the_disassembly_shows_the_padding_after_the_prng_as_data(session: Session) -> None:
    lines = session.disassemble(PRNG, 0, 12)
    assert [ln["text"] for ln in lines[:9]] == [
        "lda tmp1,x", "eor tmp0,x", "lsr a", "lsr a", "ror tmp0,x", "inx", "dey",
        "bne generateNextPseudorandomNumber@ror", "rts"]
    pad = lines[9]
    assert pad["data"] and pad["text"] == ".byte " + ",".join(["$FF"] * 8)
    assert not any("isc" in ln["text"] for ln in lines)
    # Counting back over data lands on whole lines too.
    back = session.disassemble(PRNG, 4, 1)
    assert back[-1]["addr"] == PRNG and back[0]["addr"] < PRNG
    # Where PC is, the bytes show as the CPU reads them, whatever the listing says.
    session.set_register("pc", pad["addr"])
    assert not session.disassemble(pad["addr"], 0, 1)[0]["data"]


def test_a_write_goes_to_the_space_asked_for_or_is_refused_clearly(session: Session) -> None:
    assert session.writable_spaces() == ["cpu", "ppu", "oam"]
    cpu_before = session.read_memory(0x0300, 1)["data"]
    session.write_memory(0x2300, [0xAB], space="ppu")
    assert session.read_memory(0x2300, 1, space="ppu")["data"] == "ab"
    assert session.read_memory(0x0300, 1)["data"] == cpu_before  # not the CPU's RAM
    session.write_memory(0x10, [1, 2], space="oam")
    assert session.read_memory(0x10, 2, space="oam")["data"] == "0102"
    with pytest.raises(DebugError, match="run past"):
        session.write_memory(0xFF, [1, 2], space="oam")
    with pytest.raises(DebugError, match="no memory space"):
        session.write_memory(0, [1], space="vram")
