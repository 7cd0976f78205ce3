"""The script API (py/retroscope/script), each call, on the toy 6502 machine
(on Tetris: tests/machines/test_script_on_tetris.py):
what a script reads and writes, its hooks on frames, instructions and writes,
its presses (journalled: rewind and links repeat them), the overlay, pause,
`await frame()`, the console, errors with their lines, and the budget that
stops a runaway script while the machine goes on."""

from __future__ import annotations

import asyncio
import time

import pytest

from harness.debug_machines import Debug6502Machine
from harness.scripting import host_on, output, printed, run_ok
from retroscope.debug import Session
from retroscope.script.api import ScriptError, button_bits, colour
from retroscope.script.host import BUDGET_S


def test_write_is_an_edit_the_rewind_keeps():
    session, host = host_on()
    session.run_frames(4)
    run_ok(host, "machine.write(0x40, [1, 2, 3])\nmachine.write(0x50, b'\\x09')\n")
    assert bytes(session.machine.bus.ram[0x40:0x43]) == b"\x01\x02\x03"
    edited = session.state_hash()
    session.run_frames(6)
    session.seek(4)  # the frame the write was made at: its state after the edit
    assert session.state_hash() == edited
    assert session.machine.bus.ram[0x50] == 9
    assert [e["kind"] for e in session.rewind_info()["events"]].count("write") == 2
    assert not host.run("machine.write(0x40, 256)")["ok"]
    assert "0-255" in host.message


def test_on_frame_gets_each_frame_number_and_log_says_it():
    session, host = host_on()
    run_ok(host, "seen = []\n@on_frame\ndef each(frame):\n    seen.append(frame)\n"
                 "    log('counter', machine.read(0x10))\n")
    session.run_frames(3)
    out = output(host)
    for frame in (1, 2, 3):
        assert f"[frame {frame}] counter" in out
    run_ok(host, "def each():\n    print('no arguments: a Lua habit')\non_frame(each)\n")
    session.run_frames(1)
    assert "no arguments" in output(host)


def test_on_exec_at_a_symbol_an_address_and_a_source_line():
    session, host = host_on()
    symbols = session.machine.symbols
    line = next(row for row in session.machine.program.listing
                if row.address == symbols["rng"] and row.data)  # the line "rng: lda $17"
    run_ok(host, f"hits = {{}}\n"
                 f"def count(addr):\n    hits[addr] = hits.get(addr, 0) + 1\n"
                 f"on_exec('inner', count)\non_exec({symbols['outer']}, count)\n"
                 f"on_exec(':{line.line}', count)\n"
                 f"@on_frame\ndef show(frame):\n    print(sorted(hits.items()))\n")
    reference = _count_reaching(Debug6502Machine(), {symbols["inner"], symbols["outer"],
                                                     symbols["rng"]}, 2)
    session.run_frames(2)
    last = output(host).strip().splitlines()[-1]
    assert last == str(sorted(reference.items()))
    assert reference[symbols["inner"]] == 2 * reference[symbols["outer"]] > 0


def _count_reaching(machine, addresses: set[int], frames: int) -> dict[int, int]:
    """How often the CPU is about to run each of `addresses`, stepped one
    instruction at a time (no session, no stops)."""
    counts = dict.fromkeys(addresses, 0)
    cpu = machine.cpu

    def runner(cycles: int) -> int:
        ran = 0
        while ran < cycles:
            if cpu.pc in counts:
                counts[cpu.pc] += 1
            ran += cpu.step()
        return ran
    machine.runner = runner
    for _ in range(frames):
        machine.run_frame()
    return counts


def test_a_hook_at_the_pc_where_a_call_ends_is_met_again_when_the_next_begins():
    """The run loop calls run_frames again and again: a stop or hook at the
    PC where one call's frames ended is met at the next call's first
    instruction, as in one longer call (no stop was made there to resume from)."""
    probe = Debug6502Machine()
    probe.run_frame()
    at = probe.cpu.pc  # where frame 1 ends
    reference = Debug6502Machine()
    reference.run_frame()
    want = _count_reaching(reference, {at}, 10)[at]
    for calls in ((1,) * 10, (10,)):
        session, host = host_on()
        session.run_frames(1)
        assert session.cpu.pc == at
        run_ok(host, f"hits = [0]\ndef count(addr):\n    hits[0] += 1\non_exec({at}, count)\n"
                     f"@on_frame\ndef show(frame):\n    print(hits[0])\n")
        for n in calls:
            session.run_frames(n)
        assert output(host).split()[-1] == str(want) and want > 0
    # A breakpoint there likewise stops at once, and resuming from it does not.
    session = Session(Debug6502Machine())
    session.run_frames(1)
    session.add_breakpoint("exec", at)
    began = session.cpu.cycles
    status = session.run_frames(1)
    assert status["reason"]["kind"] == "breakpoint" and status["pc"] == at
    assert session.cpu.cycles == began  # at once, before that instruction ran
    session.run_frames(1)
    assert session.cpu.cycles > began  # resumed past it (to its next pass, or on)


def test_on_write_sees_each_write_the_cpu_makes_in_a_range():
    session, host = host_on()
    run_ok(host, "seen = []\n@on_write(range(0x0300, 0x0400))\n"
                 "def wrote(addr, value):\n    seen.append((addr, value))\n"
                 "@on_write(0x21)\ndef total(addr, value):\n    seen.append(('total', value))\n"
                 "@on_frame\ndef show(frame):\n    print(seen[-2:], len(seen))\n    seen.clear()\n")
    session.run_frames(3)
    ram = session.machine.bus.ram
    out = output(host).strip().splitlines()
    # The NMI stores $21 into $0300+X each frame, after adding to $21.
    assert out[-1] == f"[('total', {ram[0x21]}), ({0x300 + ram[0x20]}, {ram[0x21]})] 2"
    # Write breakpoints and the script's hooks share the core's watch.
    session.add_breakpoint("write", 0x21, condition="value == 999")
    session.run_frames(1)
    assert output(host).strip().endswith(" 2")
    session.remove_breakpoint(1)


def test_hooks_are_called_alike_by_the_core_stops_and_the_checking_runner():
    """The run control's two runners call the hooks at the same instructions:
    at the core's stops and watch (`run_stops`), and looking at every
    instruction (`run_checked`: a trace, a step, the tests' reference)."""
    seen = {}
    for in_core in (True, False):
        session, host = host_on()
        session.control.stop_in_core = in_core
        run_ok(host, "hits = [0, []]\n"
                     "@on_exec('inner')\ndef inner(addr):\n    hits[0] += 1\n"
                     "@on_write(0x21)\ndef total(addr, value):\n    hits[1].append(value)\n"
                     "@on_frame\ndef show(frame):\n    print(hits)\n")
        assert session.control.checking is not in_core
        session.run_frames(4)
        seen[in_core] = printed(host).strip().splitlines()
    inner = Debug6502Machine().symbols["inner"]
    reached = _count_reaching(Debug6502Machine(), {inner}, 4)[inner]
    assert seen[True] == seen[False]
    assert seen[True][-1].startswith(f"[{reached}, [")
    assert len(seen[True][-1].split(",")) > 2  # writes seen


def test_off_takes_a_function_off_every_hook():
    session, host = host_on()
    run_ok(host, "calls = []\ndef f(*args):\n    calls.append(args)\n"
                 "on_frame(f)\non_exec('inner', f)\non_write(0x21, f)\n"
                 "@on_frame\ndef report(frame):\n    print(len(calls))\n    calls.clear()\n"
                 "    if frame == 1:\n        off(f)\n")
    session.run_frames(3)
    counts = [int(n) for n in printed(host).split()]
    assert counts[0] > 2 and counts[1:] == [0, 0]
    assert session.script.exec_at == set() and session.script.write_mask is None


def test_hooks_refuse_what_cannot_be_hooked():
    _, host = host_on()
    for text, words in [("on_exec('nowhere', print)", "neither an address nor a known symbol"),
                        ("on_write((5, 2), print)", "must be within"),
                        ("on_frame(3)", "needs a function"),
                        ("async def f(frame): pass\non_frame(f)", "async"),
                        ("def f(a, b, c): pass\non_frame(f)", "needs 3 arguments")]:
        assert not host.run(text)["ok"], text
        assert words in host.message, (text, host.message)


# -- presses ---------------------------------------------------------------------------------
def test_button_names_numbers_and_lists():
    names = ("Right", "Left", "Down", "Up", "Start", "Select", "B", "A")
    assert button_bits("A", names) == 0x80
    assert button_bits("right+a", names) == 0x81
    assert button_bits(["Start", "Down"], names) == 0x14
    assert button_bits(0x81, names) == 0x81
    assert button_bits([], names) == 0
    for bad in ("Fire", 0x100, 1.5, None, ["A", 3]):
        with pytest.raises(ScriptError):
            button_bits(bad, names)


def test_presses_add_to_the_players_and_last_as_long_as_asked():
    session, host = host_on()
    run_ok(host, "press('b', frames=3)\n")
    seen = []
    for _ in range(5):
        session.run_frames(1, buttons=0x01)  # the player holds "a"
        seen.append(session.machine.buttons)
    assert seen == [0x03, 0x03, 0x03, 0x01, 0x01]
    assert host.status == "done"  # nothing more to press: the script is done


def test_press_refuses_unknown_buttons_and_frames():
    _, host = host_on()
    assert not host.run("press('fire')")["ok"] and "no button 'fire'" in host.message
    assert not host.run("press('a', frames=0)")["ok"] and "frames must be" in host.message


# -- the overlay ------------------------------------------------------------------------
def test_overlay_shapes_in_machine_pixels_until_cleared():
    session, host = host_on()
    run_ok(host, "overlay.text(1, 2, 'hi\\x00', 'yellow', background='#000')\n"
                 "overlay.box(3, 4, 5, 6, 'red', fill='#00ff0080')\n"
                 "overlay.line(0, 0, 7, 7)\noverlay.pixel(2.5, 3, '#ABCDEF')\n"
                 "on_frame(lambda f: None)\n")
    news = host.news()
    assert news["overlay"] == [
        ["text", 1, 2, "hi?", "#ffe040", "#000"], ["box", 3, 4, 5, 6, "#ff4040", "#00ff0080"],
        ["line", 0, 0, 7, 7, "#ffffff"], ["pixel", 2.5, 3, "#abcdef"]]
    assert "overlay" not in host.news()  # only when it changed
    run_ok(host, "overlay.clear()")
    assert host.news()["overlay"] == []
    for bad in ("overlay.text(0, 0, 'x', 'chartreuse')", "overlay.box(0, 0, 1e9, 1)",
                "overlay.pixel(float('nan'), 0)", "overlay.line(0, 0, 1, '2')",
                "overlay.text(0, 0, 'x', 'url(http://x)')"):
        assert not host.run(bad)["ok"], bad
    assert colour("#ABC") == "#abc"


def test_a_stopped_script_clears_its_overlay():
    _, host = host_on()
    run_ok(host, "overlay.text(0, 0, 'x')\non_frame(lambda f: None)\n")
    host.news()
    host.stop()
    assert host.news()["overlay"] == []


# -- pause, frames, the top level's awaits ------------------------------------------------------
def test_pause_in_on_exec_stops_before_that_instruction():
    session, host = host_on()
    run_ok(host, "@on_exec('rng')\ndef stop_here(addr):\n    pause()\n")
    status = session.run_frames(1)
    assert status["paused"] and status["reason"]["kind"] == "script"
    assert session.cpu.pc == session.machine.symbols["rng"]
    assert status["frame"] == 0  # within the first frame
    status = session.run_frames(1)  # resumes past it, and stops at the next
    assert status["reason"]["kind"] == "script" and session.machine.frame_cycle > 0


def test_pause_in_on_frame_stops_after_the_frame():
    session, host = host_on()
    run_ok(host, "@on_frame\ndef each(frame):\n    if frame == 3:\n        pause()\n")
    status = session.run_frames(10)
    assert status["frame"] == 3 and status["reason"]["kind"] == "script"
    assert session.machine.frame_cycle == 0
    assert session.run_frames(2)["frame"] == 5  # the script stays: Run goes on


def test_await_frame_resumes_between_frames_as_frameadvance():
    session, host = host_on()
    run_ok(host, "log('before')\nn = await frame()\nlog('after one', n)\n"
                 "n = await frame(3)\nlog('after three more', n)\n")
    assert host.status == "running"
    session.run_frames(10)
    out = output(host)
    assert "[frame 0] before" in out and "[frame 1] after one 1" in out
    assert "[frame 4] after three more 4" in out
    assert host.status == "done"


def test_the_top_level_may_await_a_future_on_an_event_loop():
    session, host = host_on()

    async def main() -> None:
        run_ok(host, "import asyncio\nawait asyncio.sleep(0)\nprint('slept')\n"
                     "f = asyncio.get_event_loop().create_future()\n"
                     "asyncio.get_event_loop().call_soon(f.set_result, 5)\n"
                     "print('got', await f)\n")
        for _ in range(20):
            await asyncio.sleep(0)
    asyncio.run(main())
    assert "slept\ngot 5" in output(host)
    assert host.status == "done"


# -- errors and the budget --------------------------------------------------------------------
def test_an_error_says_its_line_and_traceback_and_the_machine_goes_on():
    session, host = host_on()
    result = host.run("def helper(x):\n    return 10 // x\n\n@on_frame\ndef each(frame):\n"
                      "    helper(frame - 2)\n")
    assert result["ok"]
    session.run_frames(4)
    assert host.status == "error" and host.line == 2
    assert host.message == "line 2: ZeroDivisionError: integer division or modulo by zero"
    out = output(host)
    assert 'File "<script>", line 6, in each' in out and "return 10 // x" in out
    assert "retroscope/script" not in out  # the host's own frames are not shown
    assert session.script is None
    assert session.run_frames(3)["frame"] == 7


def test_a_syntax_error_says_its_line():
    _, host = host_on()
    result = host.run("x = 1\nif x\n    pass\n")
    assert not result["ok"] and result["line"] == 2
    assert "SyntaxError" in result["error"] and "line 2" in result["error"]


@pytest.mark.parametrize("text", [
    "while True:\n    pass\n",
    "x = 0\nwhile True:\n    try:\n        x += 1\n    except BaseException:\n        pass\n",
    "def f():\n    return f() + f()\ntry:\n    f()\nexcept RecursionError:\n    while 1: pass\n",
    "[0 for _ in iter(int, 1)]\n",
    "exec('while True: pass')\n",
])
def test_a_runaway_top_level_is_stopped_within_about_a_second(text):
    session, host = host_on()
    began = time.perf_counter()
    result = host.run(text)
    took = time.perf_counter() - began
    assert not result["ok"] and "ran for more than" in result["error"], result
    assert took < BUDGET_S + 2.0  # (a generous bound: only that it stops, not how fast)
    assert session.script is None
    assert session.run_frames(2)["frame"] == 2


def test_a_runaway_callback_is_stopped_and_the_machine_goes_on():
    session, host = host_on()
    run_ok(host, "@on_frame\ndef each(frame):\n    if frame == 2:\n        while True:\n"
                 "            pass\n")
    status = session.run_frames(5)
    assert status["frame"] == 5
    assert host.status == "error" and host.line == 4
    assert "ran for more than" in host.message


def test_hooks_that_together_overrun_a_frame_are_stopped():
    session, host = host_on()
    run_ok(host, "import time\n@on_exec('inner')\ndef slow(addr):\n"
                 f"    time.sleep({BUDGET_S / 3})\n")  # a C call: no check inside it
    session.run_frames(1)
    assert host.status == "error" and "of one frame" in host.message
    run_ok(host, f"import time\n@on_frame\ndef slow(frame):\n    time.sleep({BUDGET_S / 4})\n")
    session.run_frames(6)  # each frame starts its own count
    assert host.status == "running"


def test_the_sessions_own_work_for_a_new_hook_is_not_the_scripts_time(monkeypatch):
    """Installing a hook may take the session a while (a core compiles its
    blocks again for a new write watch: in Pyodide up to a second): that is
    not the script's time, and is done once its call has returned."""
    session, host = host_on()
    installed = []

    def slow_install() -> None:
        time.sleep(BUDGET_S * 1.2)
        installed.append(session.script)
    monkeypatch.setattr(session, "script_changed", slow_install)
    run_ok(host, "on_write(0x21, lambda a, v: None)\non_exec('inner', lambda a: None)\n")
    assert host.status == "running" and installed == [host]  # once, after the top level


def test_exit_stops_the_script_and_input_is_refused():
    _, host = host_on()
    assert host.run("exit()")["ok"] and host.status == "stopped"
    assert not host.run("input()")["ok"] and "no keyboard" in host.message


def test_a_new_run_stops_the_one_before():
    session, host = host_on()
    run_ok(host, "on_exec('inner', lambda a: None)\n")
    assert session.script is host and session.script.exec_at
    run_ok(host, "on_frame(lambda f: None)\n")
    assert not host.exec_at and session.script is host


def test_a_script_that_registers_nothing_is_done():
    session, host = host_on()
    run_ok(host, "print(2 + 2)\n")
    assert host.status == "done" and session.script is None
    assert "4\n" in output(host)


def test_news_hold_only_what_is_new_and_drop_a_flood():
    _, host = host_on()
    run_ok(host, "for i in range(5000):\n    print(i, file=None)\n    log(i)\n")
    first = host.news()
    assert any("dropped" in text for _, text in first["output"])
    assert host.news()["output"] == []
