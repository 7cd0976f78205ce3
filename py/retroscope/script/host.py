"""The script host: runs one user script beside the machine, in the worker.

`ScriptHost(session)` runs a script's text (`run`), holds what it registered
(hooks on frames, instructions and writes; presses; the overlay) and is the
debugger session's script while it runs (`Session.set_script`). It is the
run control's `Hooks` (runcontrol.py): `at_exec` is called at the script's
stop addresses (the core's own stops, as execute breakpoints are), `at_write`
after a write the script watches (in the core's one write watch, as write
breakpoints are); the session calls `frame_ended` after each frame and
`presses` at each frame's start, where the controller is latched. Nothing of
it costs anything when no script runs: the session only looks when it has one.

Every call into the script's code goes through `_guard`: under the budget
(budget.py), with its errors caught. An error stops the script and shows its
traceback; the machine goes on. Time is counted per frame (its hooks during
the frame and at its end) and per request of the worker (`begin_turn`: the
top level, a resumed await): a script that takes more than `BUDGET_S` of
either is stopped, with a message saying so.

A script's top level may `await` (it is compiled with top-level await): on
`frame()` the host resumes it at the end of that frame, between frames, as
FCEUX's `emu.frameadvance()` resumes a Lua script; on anything else (an
asyncio future: `micropip.install`) it resumes when the future is done, on
the worker's event loop (`Task`).
"""

from __future__ import annotations

import asyncio
import builtins
import os
import time
from collections.abc import Callable
from inspect import CO_COROUTINE
from typing import Any

from .api import MachineView, Overlay, ScriptError, adapt, address, address_range, button_bits
from .budget import SCRIPT_FILE, TICK, Budget, ScriptTimeout, compile_script
from .console import Console, describe, remember_source, script_line

BUDGET_S = 1.0  # seconds of script time per frame (or per request)
MAX_TEXT = 256 * 1024  # characters of a script
_HIDDEN = (os.path.dirname(os.path.abspath(__file__)),)  # the host's own frames


class FrameWait:
    """`await frame(n)`: resumes at the end of the n-th frame from now."""

    def __init__(self, frames: int) -> None:
        self.frames = frames
        self.result = 0

    def __await__(self) -> Any:
        yield self
        return self.result


class Task:
    """The script's top-level coroutine (or an `asyncio.ensure_future`-less
    async function it started): stepped by the host under the budget, parked
    on `frame()` until the frame ends, on a future until it is done."""

    def __init__(self, host: ScriptHost, coro: Any) -> None:
        self.host = host
        self.coro = coro
        self.done = False

    def step(self, value: Any = None) -> None:
        host = self.host
        if self.done or host.status != "running":
            return
        yielded = host._guard(self._send)
        if self.done or host.status != "running":
            return
        if isinstance(yielded, FrameWait):
            host._wait_frames(self, yielded)
        elif yielded is None:  # a bare yield (asyncio.sleep(0)): the loop's next turn
            _event_loop(host).call_soon(self.step)
        elif asyncio.isfuture(yielded):
            yielded._asyncio_future_blocking = False
            yielded.add_done_callback(self._resume)
        else:
            host._guard(self._throw, RuntimeError(
                f"a script can await frame(), an async function or a future, not {yielded!r}"))

    def _resume(self, _: Any) -> None:
        """A future the script awaited is done (between the worker's requests)."""
        self.host.begin_turn()
        self.step()
        self.host._notify()

    def _send(self) -> Any:
        try:
            return self.coro.send(None)
        except StopIteration:
            self.done = True
            self.host._task_done(self)
            return None

    def _throw(self, exc: BaseException) -> None:
        try:
            self.coro.throw(exc)
        except StopIteration:
            self.done = True
            self.host._task_done(self)

    def close(self) -> None:
        self.done = True
        try:
            self.coro.close()
        except BaseException:  # (a script's `finally` that misbehaves as it closes)
            pass


def _event_loop(host: ScriptHost) -> asyncio.AbstractEventLoop:
    try:
        return asyncio.get_event_loop()
    except RuntimeError:
        raise ScriptError("awaiting this needs an event loop: the page has one, "
                          "plain Python here does not") from None


class ScriptHost:
    """One script at a time over a debugger session (see the module text)."""

    def __init__(self, session: Any, notify: Callable[[], None] | None = None) -> None:
        self.session = session
        self.notify = notify  # news came outside a request (a future done)
        self.console = Console()
        self.overlay = Overlay()
        self.budget = Budget()
        self.status = "idle"  # idle | running | done | stopped | error
        self.message = ""
        self.line: int | None = None  # the script's line of its error
        self.text = ""
        self._spent = 0.0  # script time since the last frame's end (or request)
        self._status_sent: tuple[Any, ...] = self._status()
        self._overlay_sent = 0
        self._clear_hooks()

    def _clear_hooks(self) -> None:
        self.frame_hooks: list[Callable[[int], Any]] = []
        self.exec_hooks: dict[int, list[Callable[[int], Any]]] = {}
        self.write_hooks: list[tuple[int, int, Callable[[int, int], Any]]] = []
        self.exec_at: set[int] = set()
        self.write_mask: bytearray | None = None
        self._held: list[list[int]] = []  # [buttons, frames left]
        self._tasks: list[Task] = []
        self._waiting: list[tuple[Task, int, FrameWait]] = []  # (task, frame, its wait)
        self._hooks_changed = False  # the session installs them when the script's call returns

    # -- running and stopping -------------------------------------------------------
    def run(self, text: str) -> dict[str, Any]:
        """Run a script's text: its top level now (to its first `await`), its
        hooks from then on. {ok: true} or {ok: false, error, line}."""
        if not isinstance(text, str):
            raise ScriptError("a script is text")
        if len(text) > MAX_TEXT:
            raise ScriptError(f"the script is {len(text):,} characters long; the most is "
                              f"{MAX_TEXT:,}")
        self.stop(quiet=True)
        self._clear_hooks()
        self.text = text
        self.status, self.message, self.line = "running", "", None
        self.overlay.clear()
        remember_source(text)
        try:
            code = compile_script(text)
        except (SyntaxError, ValueError) as exc:
            self._fail(exc)
            return self.result()
        self.console.write("info", f"-- the script runs on frame {self.session.machine.frame}\n")
        self.session.set_script(self)
        self.begin_turn()
        coro = self._guard(eval, code, self._globals())  # (the user's own script)
        if self.status == "running" and code.co_flags & CO_COROUTINE and coro is not None:
            task = Task(self, coro)
            self._tasks.append(task)
            task.step()
        elif coro is not None and hasattr(coro, "close"):
            coro.close()
        self._finish_if_idle()
        return self.result()

    def result(self) -> dict[str, Any]:
        if self.status == "error":
            return {"ok": False, "error": self.message, "line": self.line}
        return {"ok": True, "error": None, "status": self.status}

    def stop(self, reason: str = "stopped by the user", quiet: bool = False) -> None:
        """Stop the script where it is (its hooks and presses go, the overlay
        is cleared); the machine goes on."""
        if self.status != "running":
            return
        self.status, self.message = "stopped", reason
        if not quiet:
            self.console.write("info", f"-- the script stopped: {reason}\n")
        self.overlay.clear()
        self._detach()

    def _detach(self) -> None:
        for task in self._tasks:
            task.close()
        self._clear_hooks()
        if self.session.script is self:
            self.session.set_script(None)

    def _fail(self, exc: BaseException) -> None:
        """The script raised (or overran): show it, stop it."""
        line = script_line(exc)
        where = f"line {line}" if line else "the script"
        if isinstance(exc, ScriptTimeout):
            self.message = (f"{where}: the script ran for more than {BUDGET_S:g} s without "
                            f"letting the machine go on (an endless loop?): stopped")
            self.console.write("error", describe(exc, _HIDDEN, last=f"stopped: it ran for "
                                                  f"more than {BUDGET_S:g} s"))
        else:
            name = type(exc).__name__
            self.message = f"{where}: {name}: {exc}" if str(exc) else f"{where}: {name}"
            self.console.write("error", describe(exc, _HIDDEN))
        self.console.write("info", f"-- {self.message}\n")
        self.status, self.line = "error", line
        self._detach()

    def _finish_if_idle(self) -> None:
        """A script that registered nothing and waits for nothing is done."""
        if self.status == "running" and not (self.frame_hooks or self.exec_hooks
                                             or self.write_hooks or self._tasks or self._held):
            self.status, self.message = "done", "the script finished"
            self.console.write("info", "-- the script finished\n")
            self._detach()

    # -- calling the script's code, under the budget ----------------------------------------
    def begin_turn(self) -> None:
        """A new request of the worker: the script's time starts from nothing."""
        self._spent = 0.0

    def _guard(self, fn: Callable[..., Any], *args: Any) -> Any:
        if self.status != "running":
            return None
        began = time.perf_counter()
        self.budget.arm(BUDGET_S - self._spent)
        try:
            return fn(*args)
        except SystemExit as exc:
            self.stop(f"it called exit({exc.code if exc.code is not None else ''})")
        except (Exception, ScriptTimeout) as exc:  # the script's errors: shown, not raised
            self._fail(exc)
        finally:
            self.budget.disarm()
            self._spent += time.perf_counter() - began
            if self.status == "running" and self._spent > BUDGET_S:
                self._overran()
            if self._hooks_changed and self.status == "running":
                # The session's own work (a core recompiling for a new write
                # watch) is not the script's time: done after its call.
                self._hooks_changed = False
                self.session.script_changed()
        return None

    def _overran(self) -> None:
        self.message = (f"the script took {self._spent:.1f} s of one frame of the machine "
                        f"(the most is {BUDGET_S:g} s): stopped")
        self.console.write("error", f"{self.message}\n")
        self.status, self.line = "error", None
        self._detach()

    # -- what the session calls -------------------------------------------------------------
    def frame_ended(self) -> None:
        """After each frame: the on_frame hooks, then the tasks waiting for it."""
        frame = self.session.machine.frame
        for fn in list(self.frame_hooks):
            self._guard(fn, frame)
        if self._waiting:
            due = [w for w in self._waiting if w[1] <= frame]
            self._waiting = [w for w in self._waiting if w[1] > frame]
            for task, _, wait in due:
                wait.result = frame
                task.step()
        self._spent = 0.0  # the next frame's time starts here
        self._finish_if_idle()

    def at_exec(self, pc: int) -> None:
        for fn in list(self.exec_hooks.get(pc, ())):
            self._guard(fn, pc)

    def at_write(self, addr: int, value: int) -> None:
        for first, last, fn in list(self.write_hooks):
            if first <= addr <= last:
                self._guard(fn, addr, value)

    def presses(self) -> int:
        """The buttons the script holds for the frame starting now."""
        bits = 0
        for held in self._held:
            bits |= held[0]
            held[1] -= 1
        if self._held:
            self._held = [h for h in self._held if h[1] > 0]
            if not self._held:
                self._finish_if_idle()
        return bits

    # -- the page -----------------------------------------------------------------------
    def has_news(self) -> bool:
        return (self.console.has_news() or self.overlay.version != self._overlay_sent
                or self._status() != self._status_sent)

    def _status(self) -> tuple[Any, ...]:
        return (self.status, self.message, self.line)

    def news(self) -> dict[str, Any]:
        """What the page has not seen: output, the status, the overlay if it changed."""
        out: dict[str, Any] = {"output": self.console.news(), "status": self.status,
                               "message": self.message, "line": self.line}
        self._status_sent = self._status()
        if self.overlay.version != self._overlay_sent:
            out["overlay"] = list(self.overlay.shapes)
            self._overlay_sent = self.overlay.version
        return out

    def _notify(self) -> None:
        if self.notify is not None:
            self.notify()

    # -- the API's verbs ----------------------------------------------------------------
    def _globals(self) -> dict[str, Any]:
        view = MachineView(self.session)
        scope: dict[str, Any] = {
            "__name__": "__main__", "__file__": SCRIPT_FILE, "__builtins__": self._builtins(),
            TICK: self.budget.tick,
            "machine": view, "overlay": self.overlay,
            "on_frame": self.on_frame, "on_exec": self.on_exec, "on_write": self.on_write,
            "off": self.off, "press": self.press, "pause": self.pause, "frame": self.frame,
            "log": self.log,
        }
        return scope

    def _builtins(self) -> dict[str, Any]:
        """The builtins with print to the console, and exec/eval/compile of
        text through the budget's instrumentation."""
        table = dict(vars(builtins))

        def script_print(*values: Any, sep: str | None = " ", end: str | None = "\n",
                         file: Any = None, flush: bool = False) -> None:
            if file is not None:
                builtins.print(*values, sep=sep, end=end, file=file, flush=flush)
                return
            self.console.write("out", (" " if sep is None else sep).join(map(str, values))
                               + ("\n" if end is None else end))

        def script_compile(source: Any, filename: str = "<string>", mode: str = "exec",
                           flags: int = 0, dont_inherit: bool = False,
                           optimize: int = -1) -> Any:
            if isinstance(source, str | bytes):
                text = source.decode() if isinstance(source, bytes) else source
                return compile_script(text, filename, mode, flags)
            return builtins.compile(source, filename, mode, flags, dont_inherit, optimize)

        def script_exec(source: Any, globals: Any = None, locals: Any = None) -> None:
            code = script_compile(source, "<exec>") if isinstance(source, str | bytes) else source
            builtins.exec(code, globals if globals is not None else scope_of(), locals)

        def script_eval(source: Any, globals: Any = None, locals: Any = None) -> Any:
            code = (script_compile(source.strip(), "<eval>", "eval")
                    if isinstance(source, str | bytes) else source)
            return builtins.eval(code, globals if globals is not None else scope_of(), locals)

        def script_input(*_: Any) -> str:
            raise ScriptError("a script cannot ask for input: there is no keyboard for it")

        def scope_of() -> dict[str, Any]:
            import sys
            return sys._getframe(2).f_globals

        table.update(print=script_print, compile=script_compile, exec=script_exec,
                     eval=script_eval, input=script_input)
        return table

    def on_frame(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Call fn(frame) after every frame (frame: the frames run so far)."""
        self.frame_hooks.append(adapt(fn, 1, "on_frame"))
        return fn

    def on_exec(self, where: Any, fn: Callable[..., Any] | None = None) -> Any:
        """Call fn(addr) when the CPU is about to run the instruction at
        `where` (an address, a symbol, "file.asm:line"); as a decorator
        without fn."""
        if fn is None:
            return lambda f: self.on_exec(where, f)
        addr = address(self.session, where)
        self.exec_hooks.setdefault(addr, []).append(adapt(fn, 1, "on_exec"))
        self.exec_at = set(self.exec_hooks)
        self._hooks_changed = True
        return fn

    def on_write(self, where: Any, fn: Callable[..., Any] | None = None) -> Any:
        """Call fn(addr, value) after the CPU writes `value` at an address of
        `where` (an address, a symbol, a range, a (first, last) pair); as a
        decorator without fn."""
        if fn is None:
            return lambda f: self.on_write(where, f)
        first, last = address_range(self.session, where)
        self.write_hooks.append((first, last, adapt(fn, 2, "on_write")))
        mask = self.write_mask or bytearray(0x10000)
        mask[first:last + 1] = b"\x01" * (last - first + 1)
        self.write_mask = mask
        self._hooks_changed = True
        return fn

    def off(self, fn: Callable[..., Any]) -> None:
        """Take `fn` off every hook it is on."""
        def other(hook: Any) -> bool:
            return hook is not fn and getattr(hook, "hooked", None) is not fn
        self.frame_hooks = [h for h in self.frame_hooks if other(h)]
        self.exec_hooks = {a: kept for a, hooks in self.exec_hooks.items()
                           if (kept := [h for h in hooks if other(h)])}
        self.write_hooks = [w for w in self.write_hooks if other(w[2])]
        self.exec_at = set(self.exec_hooks)
        mask = bytearray(0x10000)
        for first, last, _ in self.write_hooks:
            mask[first:last + 1] = b"\x01" * (last - first + 1)
        self.write_mask = mask if self.write_hooks else None
        self._hooks_changed = True

    def press(self, buttons: Any, frames: int = 1) -> None:
        """Hold `buttons` for `frames` frames from the next frame's start (the
        frame about to start, between frames), as the player's keys and
        together with them; recorded by the rewind and share links."""
        bits = button_bits(buttons, tuple(self.session.machine.INFO.buttons))
        if isinstance(frames, bool) or not isinstance(frames, int) or not 1 <= frames <= 1 << 20:
            raise ScriptError(f"frames must be a whole number of frames (1 or more), "
                              f"not {frames!r}")
        if bits:
            self._held.append([bits, frames])

    def pause(self) -> None:
        """Pause the machine: now (in on_exec, on_write), or after this frame
        (in on_frame, at the top level). The script stays; Run goes on."""
        self.session.script_pause("paused by the script")

    def frame(self, frames: int = 1) -> FrameWait:
        """`await frame()`: wait for the end of the next frame (or the n-th)."""
        if isinstance(frames, bool) or not isinstance(frames, int) or not 1 <= frames <= 1 << 24:
            raise ScriptError(f"frame(n): n is a whole number of frames, 1 or more, "
                              f"not {frames!r}")
        return FrameWait(frames)

    def log(self, *values: Any) -> None:
        """A line in the console, with the frame number."""
        text = " ".join(map(str, values))
        self.console.write("log", f"[frame {self.session.machine.frame}] {text}\n")

    # -- tasks -------------------------------------------------------------------------
    def _wait_frames(self, task: Task, wait: FrameWait) -> None:
        self._waiting.append((task, self.session.machine.frame + wait.frames, wait))

    def _task_done(self, task: Task) -> None:
        if task in self._tasks:
            self._tasks.remove(task)
        self._finish_if_idle()
