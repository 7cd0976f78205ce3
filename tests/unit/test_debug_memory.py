"""Memory, registers, watches, trace and code views of a debugger session."""

from __future__ import annotations

import pytest

from harness.debug_machines import Debug6502Machine
from retroscope.debug import DebugError, Session
from retroscope.debug.watches import render


@pytest.fixture
def session() -> Session:
    s = Session(Debug6502Machine())
    s.step("cursor", target="main")
    return s


def test_memory_reads_come_back_in_bulk_as_hex(session: Session) -> None:
    session.write_memory(0x0040, [0xDE, 0xAD, 0xBE, 0xEF])
    got = session.read_memory(0x0040, 4)
    assert got["data"] == "deadbeef" and got["addr"] == 0x40


def test_bytes_changed_since_the_last_pause_are_listed(session: Session) -> None:
    session.step("frame")  # pause 1
    before = bytes(session.bus.ram[0x10:0x20])
    session.step("frame")  # pause 2: compare with pause 1
    got = session.read_memory(0x10, 16)
    after = bytes.fromhex(got["data"])
    assert got["changed"] == [i for i in range(16) if before[i] != after[i]]
    assert 0x00 in got["changed"]  # $10 counts main loop turns
    session.step("into")  # pause 3: nothing but PC moved... changes since pause 2 only
    assert session.read_memory(0x10, 16)["changed"] == []


def test_a_memory_edit_shows_as_changed_and_as_written(session: Session) -> None:
    session.write_memory(0x0050, [7])
    got = session.read_memory(0x0050, 1)
    assert got["data"] == "07" and got["changed"] == [0]


@pytest.mark.parametrize(("addr", "values", "words"), [
    (0x10000, [1], "address must be within 0-65535"),
    (-1, [1], "address must be within"),
    (0x40, [256], "value 1 is 256: a byte is 0-255"),
    (0x40, [1, -1], "value 2 is -1"),
    (0x40, ["7"], "value 1 is '7'"),
    (0x40, [], "non-empty list"),
    (0xFFFF, [1, 2], "run past $FFFF"),
    ("$40", [1], "address must be a whole number"),
])
def test_bad_memory_writes_are_refused_with_a_reason(session: Session, addr: object,
                                                     values: object, words: str) -> None:
    before = bytes(session.bus.ram)
    with pytest.raises(DebugError) as info:
        session.write_memory(addr, values)
    assert words in str(info.value)
    assert bytes(session.bus.ram) == before


def test_bad_memory_reads_are_refused(session: Session) -> None:
    with pytest.raises(DebugError, match="length must be within 1-65536"):
        session.read_memory(0, 0)
    with pytest.raises(DebugError, match="no memory space 'vram'"):
        session.read_memory(0, 1, space="vram")


def test_a_memory_read_wraps_at_the_top_of_the_address_space(session: Session) -> None:
    session.write_memory(0xFFFF, [0x12])
    session.write_memory(0x0000, [0x34])
    assert session.read_memory(0xFFFF, 2)["data"] == "1234"


def test_registers_are_read_with_flags_and_edited_with_validation(session: Session) -> None:
    session.set_register("a", 0x42)
    session.set_register("P", 0x83)  # names ignore case
    regs = session.registers()
    assert regs["registers"]["a"] == 0x42 and session.cpu.a == 0x42
    assert regs["flags"] == "N-----ZC"
    for name, value, words in [("a", 256, "holds 0-255"), ("pc", -1, "holds 0-65535"),
                               ("q", 1, "no register 'q'"), ("x", "1", "needs an integer"),
                               ("x", True, "needs an integer")]:
        with pytest.raises(DebugError) as info:
            session.set_register(name, value)
        assert words in str(info.value)


def test_a_register_edit_takes_effect_on_the_next_instruction(session: Session) -> None:
    session.set_register("pc", session.symbols["rng"])
    session.set_register("a", 0)
    session.step("into")  # lda $17
    assert session.cpu.a == session.bus.ram[0x17]


@pytest.mark.parametrize(("data", "fmt", "value", "text"), [
    (b"\x0f", "hex", 15, "$0F"),
    (b"\x0f", "dec", 15, "15"),
    (b"\x12\x34", "bcd", 1234, "1234"),
    (b"\x1a", "bcd", -1, "1A (not BCD)"),
    (b"\x34\x12", "u16le", 0x1234, "$1234 (4660)"),
    (b"\x12\x34", "u16be", 0x1234, "$1234 (4660)"),
])
def test_watch_formats(data: bytes, fmt: str, value: int, text: str) -> None:
    assert render(data, fmt) == (value, text)


def test_watches_show_symbols_and_addresses_in_their_formats(session: Session) -> None:
    session.bus.ram[0x17:0x19] = b"\x34\x12"
    session.add_watch("$0017", "u16le")
    session.add_watch("$0017", "bcd", count=2)
    w = session.add_watch("rng", "hex")
    rows = session.watch_values()
    rng = session.bus.peek(w["addr"])
    assert [r["text"] for r in rows] == ["$1234 (4660)", "3412", f"${rng:02X}"]
    session.remove_watch(w["id"])
    assert len(session.watch_values()) == 2
    with pytest.raises(DebugError, match="format must be one of"):
        session.add_watch("$10", "octal")
    with pytest.raises(DebugError, match="neither an address nor a known symbol"):
        session.add_watch("nowhere")


def test_watches_cost_nothing_while_running(session: Session) -> None:
    session.add_watch("$0010", "dec")
    assert session.machine.runner == session.control.bare


def test_the_trace_keeps_the_last_instructions_and_downloads_as_text(session: Session) -> None:
    session.trace.records = type(session.trace.records)(maxlen=50)
    session.set_trace(True)
    assert session.machine.runner == session.control.run_checked
    session.step("into", count=60)
    rows = session.trace.rows()
    assert len(rows) == 50
    assert rows[-1]["cycles"] < session.cpu.cycles
    text = session.trace_text()
    lines = text.splitlines()
    assert len(lines) == 52 and "instructions" in lines[0]
    assert any(" rng:" in line for line in lines)
    session.set_trace(False)
    assert session.machine.runner == session.control.bare


def test_the_trace_records_nothing_when_off(session: Session) -> None:
    session.step("into", count=10)
    assert session.trace.rows() == []


def test_disassembly_around_pc_marks_pc_labels_and_breakpoints(session: Session) -> None:
    session.step("cursor", target="inner")
    session.add_breakpoint("exec", "rng")
    lines = session.disassemble(before=3, after=12)
    pcs = [line for line in lines if line["pc"]]
    assert len(pcs) == 1 and pcs[0]["label"] == "inner"
    assert lines.index(pcs[0]) == 3  # three instructions decoded before it
    assert any(line["breakpoint"] and line["label"] == "rng" for line in lines)


def test_the_source_line_of_pc_comes_from_the_assembler_listing(session: Session) -> None:
    session.step("cursor", target="rng")
    src = session.source()
    assert src is not None and src["text"].strip().startswith("rng:")
    assert src["line"] == session.machine.program.row_at(session.cpu.pc).line


def test_reset_puts_the_cpu_back_at_the_reset_vector(session: Session) -> None:
    session.run_frames(3)
    status = session.reset()
    assert status["pc"] == session.symbols["reset"]
    # The reset is part of the history: the frame counter goes on, and the
    # frames before it can still be sought.
    assert status["frame"] == 3 and status["reason"]["kind"] == "reset"
    assert [(e["frame"], e["kind"]) for e in session.rewind_info()["events"]] == [(3, "reset")]
    after = session.state_hash()
    session.seek(1)
    session.seek(3)
    assert session.state_hash() == after


def test_the_whole_source_file_comes_with_addresses_and_the_current_line(
        session: Session) -> None:
    session.step("cursor", target="rng")
    src = session.source_lines()
    assert src["files"] == ["<source>"] and src["file"] == "<source>"
    current = next(row for row in src["lines"] if row["line"] == src["current"])
    assert current["addr"] == session.symbols["rng"]
    assert any(row["addr"] is None for row in src["lines"])  # comments, .org
    with pytest.raises(DebugError, match="no source file"):
        session.source_lines("nope.asm")


def test_a_breakpoint_on_a_source_line(session: Session) -> None:
    line = session.machine.program.row_at(session.symbols["rng"]).line
    bp = session.add_breakpoint("exec", f"<source>:{line}")
    assert bp["start"] == session.symbols["rng"]
    assert session.run_frame()["pc"] == session.symbols["rng"]
    with pytest.raises(DebugError, match="emitted no code"):
        session.add_breakpoint("exec", "<source>:1")


def test_every_verb_answers_in_json(session: Session) -> None:
    import json
    session.add_breakpoint("write", "$0012")
    session.add_watch("rng", "u16be")
    session.set_trace(True)
    answers = [session.run_frame(), session.step("over"), session.registers(),
               session.read_memory(0, 64), session.write_memory(0x40, [1]),
               session.list_breakpoints(), session.watch_values(), session.call_stack(),
               session.disassemble(), session.source(), session.source_lines(),
               session.rewind_info(), session.check_condition("a =="),
               session.check_condition("a + 1"), session.trace_text(), session.status(),
               session.pause(), session.seek(0), session.state_hash()]
    json.dumps(answers)


def test_the_trace_holds_ten_thousand_instructions_by_default(session: Session) -> None:
    session.set_trace(True)
    session.step("frame")
    session.step("frame")  # about 8,000 instructions a frame
    assert session.trace.records.maxlen == 10_000
    assert len(session.trace.rows()) == 10_000


@pytest.mark.parametrize("machine", ["z80", "tms9900"])
def test_the_trace_works_on_the_other_cpus(machine: str) -> None:
    from harness.debug_machines import DebugTMS9900Machine, DebugZ80Machine
    s = Session(DebugZ80Machine() if machine == "z80" else DebugTMS9900Machine())
    s.set_trace(True)
    s.step("into", count=12)
    text = s.trace_text()
    assert len(text.splitlines()) == 14
    assert ("call outer" in text) if machine == "z80" else ("BL   @OUTER" in text)


def test_the_verbs_listed_for_the_worker_take_the_keywords_shown() -> None:
    """The worker calls verbs with the page's keywords: the docstring is the contract."""
    import inspect
    import re

    from retroscope.debug import session as module
    listed = re.findall(r"(\w+)\(([^)]*)\)", module.__doc__.split("Verbs")[1])
    assert len(listed) > 25
    for name, params in listed:
        if name in ("Session",):
            continue
        signature = inspect.signature(getattr(Session, name))
        shown = [p.split("=")[0].strip() for p in params.split(",") if p.strip()]
        assert shown == [p for p in signature.parameters if p != "self"], name


@pytest.mark.parametrize("bad", [[], {}])
def test_unhashable_ids_formats_and_spaces_are_clear_errors(session: Session, bad: object) -> None:
    for call in (lambda: session.read_memory(0, 4, bad), lambda: session.add_watch(0, bad),
                 lambda: session.remove_watch(bad), lambda: session.remove_breakpoint(bad),
                 lambda: session.enable_breakpoint(bad), lambda: session.reset_hits(bad),
                 lambda: session.set_condition(bad, "a == 1")):
        with pytest.raises(DebugError):
            call()


def test_a_watch_is_labelled_by_its_symbol_or_its_address_in_hex(session: Session) -> None:
    assert session.add_watch(23, "hex")["where"] == "$0017"
    assert session.add_watch("0x17", "hex")["where"] == "$0017"
    assert session.add_watch("rng", "hex")["where"] == "rng"


def test_a_space_that_cannot_be_written_says_so(session: Session) -> None:
    session.machine.memory_spaces = lambda: {"cpu": 0x10000, "rom": 0x100}
    assert session.writable_spaces() == ["cpu"]
    with pytest.raises(DebugError, match="cannot be written"):
        session.write_memory(0, [1], space="rom")


def test_status_names_the_features_that_cost_speed(session: Session) -> None:
    assert session.status()["slowed_by"] == []
    bp = session.add_breakpoint("exec", "$FFF0")
    assert session.status()["slowed_by"] == []  # the 6502 stops at addresses itself
    session.set_trace(True)
    assert session.status()["slowed_by"] == ["trace"]
    session.set_trace(False)
    wbp = session.add_breakpoint("write", "$0300")
    assert session.status()["slowed_by"] == ["write breakpoints"]
    session.remove_breakpoint(wbp["id"])
    session.remove_breakpoint(bp["id"])
    assert session.status()["slowed_by"] == []
    assert session.machine.runner == session.control.bare
