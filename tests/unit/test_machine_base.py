"""The work every machine shares, done once in machines.base."""

from __future__ import annotations

import pytest

from harness.debug_machines import Debug6502Machine, DebugTMS9900Machine
from retroscope.cpu import TMS9900
from retroscope.debug import Session
from retroscope.machines.base import (
    MachineError,
    Param,
    assemble_package,
    check_params,
    mechanics_row,
    show_value,
)
from retroscope.machines.nes.controller import BUTTON, BUTTONS
from retroscope.machines.tetris import INFO as TETRIS

LEVEL = Param("level", "int", 0, "start level", 0, 19)
NAME = Param("name", "str", "ab", "letters", max_len=4, alphabet="abc")
SEED = Param("seed", "int", None, "sequence", 0, 31)


def test_a_param_takes_link_text_and_python_values_alike():
    assert LEVEL.check("9") == (9, None) == LEVEL.check(9)
    assert LEVEL.check("$0A") == (10, None)
    for bad in ("20", 20, -1, "x", True, 3.5, [1], "9" * 5000, None):
        value, message = LEVEL.check(bad)
        assert value == 0 and "level" in message
    assert NAME.check("cab") == ("cab", None)
    assert NAME.check("abcab")[1] and NAME.check("xyz")[1] and NAME.check(7)[1]
    assert SEED.check(None) == (None, None)


def test_check_params_gives_every_value_or_every_problem_at_once():
    assert check_params((LEVEL, NAME), {"level": 3}) == {"level": 3, "name": "ab"}
    with pytest.raises(MachineError) as err:
        check_params((LEVEL, NAME), {"level": 30, "name": "zz", "colour": 1})
    assert all(word in str(err.value) for word in ("level", "name", "colour"))
    with pytest.raises(MachineError, match="odd"):
        check_params((LEVEL,), {"level": 3}, lambda v: [("level", "odd levels only")])


def test_one_formatter_shows_hex_tagged_values_as_hex_everywhere():
    assert show_value("hex", 10) == "$0A"
    assert show_value("hex", [1, 255]) == "$01 $FF"
    assert show_value("hex16", 0x8988) == "$8988"
    assert show_value("sdec", 0xFF) == "-1"
    assert show_value("dec", 12) == "12"
    assert show_value("bcd", "0123") == "0123"
    row = mechanics_row("RNG", 0x17, 2, "hex16", 0x8988)
    assert row == {"name": "RNG", "addr": 0x17, "size": 2, "format": "hex16", "value": "$8988"}
    with pytest.raises(ValueError):
        mechanics_row("x", 0, 1, "octal", 1)


def test_assemble_package_reads_the_folder_and_generated_includes():
    from retroscope.machines.tetris import build
    prg, symbols, program = build(level=7)
    assert len(prg) == 0x8000 and symbols["START_LEVEL"] == 7  # params.inc, generated
    assert any(row.text.strip() for row in program.listing)
    fds = assemble_package("retroscope.machines.fds", "bios.asm", "6502")
    rom = fds.image(0xE000, 0xFFFF)
    assert len(rom) == 0x2000 and rom[0x1FFC:0x1FFE] != b"\xFF\xFF"  # reset vector
    with pytest.raises(MachineError, match="outside"):
        fds.image(0xF000, 0xFFFF)


def test_the_base_dispatches_command_verbs_from_the_commands_table():
    m = Debug6502Machine()
    with pytest.raises(MachineError, match="no command"):
        m.command("undo", {})
    m.commands = lambda: {"add": lambda a, b=1: a + b}
    assert m.command("add", {"a": 2}) == 3
    with pytest.raises(MachineError, match="add"):
        m.command("add", {"c": 2})  # not in the signature
    with pytest.raises(MachineError, match="add"):
        m.command("add", {"a": "x"})  # the verb's TypeError, as a message
    with pytest.raises(MachineError):
        m.command(["add"], {})


def test_nes_buttons_are_defined_once():
    # Pad 1 in bits 0-7; pad 2 (the unfinished versus mode) the same names in bits 8-15.
    assert TETRIS.buttons == BUTTONS + tuple(f"P2 {name}" for name in BUTTONS)
    assert BUTTON["A"] == 0x80 and BUTTON["Right"] == 0x01 and BUTTON["Start"] == 0x10


def test_the_debugger_reports_a_tms9900_idle_as_it_reports_a_6502_jam():
    m = DebugTMS9900Machine()
    session = Session(m)
    assert session.status()["halt_state"] == ""
    m.cpu.idle = True
    status = session.status()
    assert status["halted"] and status["halt_state"] == "idle"
    assert TMS9900().halt_state == ""
    jam = Debug6502Machine()
    jam.bus.load(jam.cpu.pc, bytes([0x02]))  # a JAM opcode
    s6502 = Session(jam)
    s6502.step("into")  # runs the JAM
    s6502.step("into")  # nothing more runs: the debugger says why
    status = s6502.status()
    assert status["halt_state"] == "jam" and status["reason"]["kind"] == "halt"
    assert "JAM" in status["reason"]["message"]
