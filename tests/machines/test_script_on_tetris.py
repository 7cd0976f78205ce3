"""A script on Tetris, a whole machine: reading its memory, symbols,
registers and documented variables; its hooks on the run control beside
breakpoints and the event viewer; its presses journalled, replayed by the
rewind and by a link to the same state hash. (The API on the toy machine:
tests/unit/test_script_host.py.)"""

from __future__ import annotations

from harness.scripting import host_on, output, printed, run_ok
from retroscope import machines
from retroscope.debug import Session


def test_read_a_byte_bytes_a_symbol_and_another_space():
    session, host = host_on(machines.create("tetris"))
    session.run_frames(5)
    run_ok(host, "a = machine.read(0x17)\nb = machine.read(0x17, 2)\n"
                 "c = machine.read('playfield', 3)\nd = machine.read(0x3F00, 4, space='ppu')\n"
                 "print(a, b.hex(), c.hex(), type(d).__name__, len(d))")
    ram = session.machine.bus.ram
    out = output(host)
    assert f"{ram[0x17]} {bytes(ram[0x17:0x19]).hex()} {bytes(ram[0x400:0x403]).hex()} bytes 4" \
        in out
    assert not host.run("machine.read('no_such_label')")["ok"]
    assert "neither an address nor a known symbol" in host.message
    assert not host.run("machine.read(0, 3, space='nowhere')")["ok"]
    assert "no memory space" in host.message


def test_symbols_registers_and_variables():
    session, host = host_on(machines.create("tetris"))
    session.run_frames(3)
    run_ok(host, "print(hex(machine.symbols['playfield']), machine.registers['pc'] == machine.pc)\n"
                 "machine.registers['a'] = 0x42\n"
                 "print(machine.variables['RNG'], 'score' in machine.variables,"
                 " len(machine.variables) > 10)\n")
    out = output(host)
    assert f"{hex(session.machine.symbols['playfield'])} True" in out
    assert session.cpu.a == 0x42
    assert f"{session.machine.variable('RNG')} True True" in out
    assert any(e["kind"] == "register" for e in session.rewind_info()["events"])
    assert not host.run("machine.variables['nope']")["ok"]
    assert "no variable 'nope'" in host.message and "RNG" in host.message
    assert not host.run("machine.symbols['x'] = 1")["ok"]  # read-only


# -- hooks --------------------------------------------------------------------------------


def test_the_hooks_ride_on_the_run_control_with_breakpoints_and_observers():
    """A script is the run control's hooks: its on_exec addresses are stop
    addresses beside the execute breakpoints', its on_write range is in the
    core's one write watch with a write breakpoint's and the event viewer's
    (an observer); each still does its own job, and once the script stops
    nothing of it is left installed."""
    script = ("seen = []\n@on_write(0x0017)\ndef rng(addr, value):\n    seen.append(value)\n"
              "@on_exec('pickRandomTetrimino')\ndef picked(addr):\n    seen.append('pick')\n"
              "@on_frame\ndef show(frame):\n    print(seen)\n    seen.clear()\n")
    alone, host = host_on(machines.create("tetris"))
    run_ok(host, script)
    alone.run_frames(8)
    want = printed(host)
    assert "pick" in want and want.count(",") >= 8  # the RNG's writes and a piece picked

    session, host = host_on(machines.create("tetris"))
    cpu, control = session.cpu, session.control
    session.set_events(True)  # the event viewer: an observer of the devices' writes
    device = session.events.mask.find(1)
    bp = session.add_breakpoint("write", 0x0042, condition="value == 999")  # never holds
    run_ok(host, script)
    picking = session.symbols["pickRandomTetrimino"]
    assert control.hooks is host and picking in cpu.stops
    mask = cpu.watch_mask("write")
    assert mask[0x0017] and mask[0x0042] and mask[device]
    session.run_frames(8)
    assert printed(host) == want
    assert session.event_log()["events"]  # the observer was told, as before
    assert not session.paused and session.list_breakpoints()[0]["hits"] == 0
    host.stop()
    assert control.hooks is None and picking not in cpu.stops
    mask = cpu.watch_mask("write")
    assert not mask[0x0017] and mask[0x0042] and mask[device]
    session.remove_breakpoint(bp["id"])
    session.set_events(False)
    assert cpu.watch_mask("write") is None and not cpu.stops
    assert session.machine.runner == control.bare  # free when off


def test_presses_are_journalled_and_rewind_and_replay_repeat_them():
    session, host = host_on(machines.create("tetris", start="legal"))
    # Press through the menus: the game starts only if the presses reach it.
    run_ok(host, "import random\nrng = random.Random(7)\n@on_frame\ndef play(frame):\n"
                 "    if frame % 4 == 0:\n"
                 "        press(rng.choice(['Start', 'Left', 'Right', 'A', 'Down']), frames=2)\n")
    hashes = {}
    for _ in range(400):
        session.run_frames(1)
        hashes[session.machine.frame] = session.state_hash()
    assert session.machine.read(0xC0) == 4  # gameMode: playing, by the script's Start
    for frame in (397, 380, 350):
        session.seek(frame)
        assert session.state_hash() == hashes[frame], frame
    # A fresh machine fed the journal alone (a share link) lands on the same state.
    from retroscope.debug.replay import replay

    session.seek(400)
    fresh = Session(machines.create("tetris", start="legal"))
    host.stop()
    journal = session.journal.to_json(400, 0)
    from retroscope.debug.journal import Journal

    segments, frame, cycle = Journal.segments_from_json(journal)
    replay(fresh, segments, frame, cycle)
    assert fresh.state_hash() == hashes[400]
