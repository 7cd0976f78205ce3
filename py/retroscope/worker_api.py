"""The Python half of the page <-> worker protocol (see web/protocol.js).

The worker's JavaScript calls `call(op, args_json) -> reply_json` for every
request, and `frame_pixels()` for the framebuffer after a frame. One table of
verbs, named as in `window.retroscope`; every argument is validated here, at
the boundary, and every failure comes back as a readable message while the
machine carries on.
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from . import machines, moment_state, share
from .debug import Session
from .debug.journal import Journal, JournalError
from .debug.replay import ReplayError, replaying
from .machines.base import Machine, MachineError

MAX_READ = 0x10000
MAX_FRAMES_PER_CALL = 16

# The page's step kinds -> the debugger's.
STEP_KINDS = {"instruction": "into", "into": "into", "over": "over", "out": "out",
              "frame": "frame", "cursor": "cursor"}

# Session verbs the page may call through `debug` (read the Session docstring).
DEBUG_VERBS = frozenset({
    "status", "pause", "add_breakpoint", "remove_breakpoint", "enable_breakpoint",
    "set_condition", "reset_hits", "list_breakpoints", "load_breakpoints", "check_condition",
    "add_watch", "remove_watch", "watch_values", "spaces", "writable_spaces", "read_memory",
    "write_memory",
    "registers", "set_register", "disassemble", "source", "source_lines", "call_stack",
    "set_trace", "trace_text", "rewind_info", "seek", "state_hash",
    "viewers", "viewer", "viewer_at", "open_viewers", "set_events", "event_log",
    "search", "search_result", "profile_start", "profile_stop", "profile", "heatmap",
    "heat_at",
})


def sound_json(machine: Machine, sync: bool = False) -> str:
    """A machine's sound logs of the frame just run, drained, as the JSON the
    worker posts to the worklet; "" for a machine without sound chips. With
    `sync`, the chips' state as writes instead (`SoundLog.sync_writes`)."""
    logs = machine.sound_logs()
    if not logs:
        return ""
    return json.dumps({
        "frame": machine.frame, "cycles": machine.last_frame_cycles,
        "clock": machine.INFO.clock_hz,
        "logs": [{"chip": log.chip, "clock": log.clock_hz, "writes": _sound_writes(log, sync)}
                 for log in logs],
    }, separators=(",", ":"))


def _sound_writes(log: Any, sync: bool) -> list[int]:
    drained = log.drain()
    return log.sync_writes() if sync else drained


class RequestError(ValueError):
    """The request itself was wrong (bad argument): said back to the page."""


class _Stopped(Exception):
    """The page stopped a long replay part-way."""


@dataclass
class _PendingLoad:
    """A load whose moment is being replayed a slice at a time (`replay`)."""

    steps: Generator[int, None, dict[str, Any]]  # frames reached; returns the moment
    result: dict[str, Any]  # load's answer, its "moment" still to come
    moment_text: str
    target: int  # the moment's frame, for the progress bar


def _int_arg(args: dict[str, Any], name: str, lo: int, hi: int, default: int | None = None) -> int:
    value = args.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{name} must be a whole number, not {value!r}")
    if not lo <= value <= hi:
        raise RequestError(f"{name} must be within {lo}-{hi}, not {value}")
    return value


class WorkerAPI:
    """Holds the current machine and answers the page's requests."""

    def __init__(self) -> None:
        # The machine runs under a debugger session, which holds it.
        self.session: Session | None = None
        # (machine id, parameter values, saved data) the session's machine began with
        self.loaded: tuple[str, dict[str, Any], Any] = ("", {}, None)
        self._pending: _PendingLoad | None = None  # a sliced load's replay under way
        self.reference: moment_state.Reference | None = None  # the machine's at power-on
        self.origin: dict[str, Any] = {}  # the state the session's journal begins at
        self.from_power_on = True  # ...which is power-on (else a shared moment's)
        self.verbs: dict[str, Callable[[dict[str, Any]], Any]] = {
            "machines": self.list_machines,
            "load": self.load,
            "replay": self.replay,
            "share": self.share,
            "open_session_file": self.open_session_file,
            "run_frames": self.run_frames,
            "step": self.step,
            "reset": self.reset,
            "read": self.read,
            "write": self.write,
            "state": self.state,
            "pointer": self.pointer,
            "command": self.command,
            "save_data": self.save_data,
            "symbols": self.symbols,
            "bench": self.bench,
            "debug": self.debug,
            "controller": self.controller,
        }

    # -- the entry point ---------------------------------------------------------
    def call(self, op: str, args_json: str) -> str:
        try:
            args = json.loads(args_json) if args_json else {}
            if not isinstance(args, dict):
                raise RequestError("arguments must be an object")
            verb = self.verbs.get(op)
            if verb is None:
                raise RequestError(f"unknown request {op!r}")
            if self._pending is not None and op not in ("replay", "load"):
                self._finish(self._pending)  # nothing acts on a half-replayed machine
            return json.dumps({"ok": True, "result": verb(args)})
        except (RequestError, MachineError, ValueError) as exc:
            return json.dumps({"ok": False, "error": str(exc)})
        except Exception as exc:  # a bug: report it in full, keep the worker alive
            detail = "".join(traceback.format_exception(exc)[-3:])
            return json.dumps({"ok": False, "error": f"{type(exc).__name__}: {exc}",
                               "detail": detail})

    def frame_pixels(self) -> bytes:
        """The current framebuffer: one palette index per pixel, row-major."""
        return bytes(self.session.machine.framebuffer) if self.session else b""

    def sound_frame(self, sync: bool = False) -> str:
        """The sound chips' writes of the frame just run, as JSON for the
        worker to post to the page's AudioWorklet (web/audio/worklet.js):
        {frame, cycles, clock, logs: [{chip, clock, writes}]}; "" for a
        machine without sound chips. Drains the logs. With `sync`, each log's
        writes are those bringing a fresh synth to the chip's state now (after
        a load, reset, step or seek: frames ran that nobody drained)."""
        if self.session is None:
            return ""
        return sound_json(self.session.machine, sync)

    # -- verbs -------------------------------------------------------------------
    def _need_session(self) -> Session:
        if self.session is None:
            raise RequestError("no machine is loaded")
        return self.session

    def _need_machine(self) -> Machine:
        return self._need_session().machine

    def list_machines(self, _: dict[str, Any]) -> dict[str, Any]:
        return {
            "machines": [{**machines.info(mid).to_json(),
                          "input_sources": ["player", *machines.input_sources(mid)]}
                         for mid in machines.available()],
            "problems": machines.problems(),
        }

    def load(self, args: dict[str, Any]) -> dict[str, Any]:
        """Start a machine from a link's raw parameters (strings); a `moment`
        among them is replayed to the very frame and state it was made at.
        With `sliced`, a moment's replay is left under way: the answer's
        moment is {replaying, frame, of} and `replay` carries it on."""
        if self._pending is not None:  # a new load drops the one under way
            self._pending.steps.close()
            self._pending = None
        machine_id = args.get("id")
        raw = args.get("params") or {}
        if not isinstance(machine_id, str) or not share.valid_machine_id(machine_id):
            raise RequestError(f"{share.shown(str(machine_id))} is not a machine id")
        if not isinstance(raw, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in raw.items()):
            raise RequestError("params must map names to strings")
        available = machines.available()
        if machine_id not in available:
            raise RequestError(f"there is no machine {share.shown(machine_id)}"
                               f" (there are: {', '.join(available) or 'none'})")
        info = machines.info(machine_id)
        raw = dict(raw)
        moment_text = raw.pop(share.MOMENT_PARAM, None)
        decoded = share.validate(info.params, raw, machines.validator(machine_id))
        messages = list(decoded.messages)
        saved = args.get("save")
        moment = None
        instead = f"showing {info.title} from power-on with the link's settings instead"
        if moment_text is not None:
            try:
                moment = share.decode_moment(moment_text, machine_id, decoded.values)
            except share.MomentError as exc:
                messages.append(f"{exc}; {instead}")
            else:
                saved = moment.body.get("s")  # the saved data the moment began with
        machine, reference, saved = self._power_on(machine_id, decoded.values, saved, messages)
        if moment is not None and moment.state is not None:
            try:
                self._restore_moment_state(machine, reference, moment, info.title)
            except share.MomentError as exc:
                messages.append(f"{exc}; {instead}")
                moment = None  # (the machine took part of it: made again)
                machine, reference, saved = self._power_on(machine_id, decoded.values, saved, [])
        if self.session is not None:
            self.session.close()
        self.session = Session(machine)
        self.loaded = (machine_id, dict(decoded.values), saved)
        self.reference = reference
        # Where the session's journal begins: a state a share can start from.
        self.origin = machine.snapshot()
        self.from_power_on = moment is None or moment.state is None
        result = {
            "info": info.to_json(),
            "values": decoded.values,
            "messages": messages,
            "hash": share.encode(machine_id, decoded.values),
            "palette": list(self.session.machine.palette),
            "moment": None,
        }
        if moment is None:
            return result
        target = moment.body["j"].get("f")
        pending = _PendingLoad(self._replay_moment(moment.body, info.title, messages), result,
                               str(moment_text), target if isinstance(target, int) else 0)
        if not args.get("sliced"):
            return self._finish(pending)
        self._pending = pending
        return {**result, "moment": {"replaying": True, "frame": machine.frame,
                                     "of": pending.target}}

    def _power_on(self, machine_id: str, values: dict[str, Any], saved: Any,
                  messages: list[str]) -> tuple[Machine, moment_state.Reference, Any]:
        """A machine at power-on with these settings, the reference a link's
        state is written against (taken before the saved data: both ends make
        it alike), and the saved data it took (None if refused)."""
        machine = machines.create(machine_id, **values)
        reference = moment_state.Reference.of(machine)
        if saved is not None:
            try:
                machine.load_save_data(saved)
            except (MachineError, ValueError, TypeError, KeyError) as exc:
                messages.append(f"saved data for {machine_id} was not usable ({exc}); ignored")
                saved = None
        return machine, reference, saved

    @staticmethod
    def _restore_moment_state(machine: Machine, reference: moment_state.Reference,
                              moment: share.Moment, title: str) -> None:
        """Put a format-2 moment's state into the machine (at power-on), or
        MomentError: another build's, or one that does not check out."""
        if moment.body.get("fp") != reference.fingerprint:
            raise share.MomentError(
                f"the moment in this link was made by another build of Retroscope (its "
                f"{title} is not this page's: another program or machine state), so it "
                f"cannot be opened here")
        try:
            state = moment_state.decode_state(reference, moment.state or b"")
            segments, _, _ = Journal.segments_from_json(moment.body["j"])
            if state.get("frame") != segments[0].start:
                raise moment_state.StateError("its state and its inputs do not meet")
            moment_state.restore_checked(machine, state)
        except (moment_state.StateError, JournalError) as exc:
            raise share.MomentError(f"the moment in this link holds a machine state this "
                                    f"page cannot use ({exc})") from None

    def replay(self, args: dict[str, Any]) -> dict[str, Any]:
        """Carry on a sliced load's replay for about `budget_ms` (or `stop` it
        where it is): {done: false, frame, of}, then {done: true, load: the
        load's answer}."""
        pending = self._pending
        if pending is None:
            raise RequestError("no replay is under way")
        budget = _int_arg(args, "budget_ms", 1, 5000, 100) / 1000
        try:
            if args.get("stop"):
                try:
                    pending.steps.throw(_Stopped())
                except _Stopped:  # not begun: it stops where it begins
                    frame = self._need_machine().frame
                    pending.result["messages"].append("the replay was stopped before it began:"
                                                      f" showing frame {frame}")
                    raise StopIteration({"frame": frame, "exact": False, "from": frame,
                                         "replayed": 0}) from None
            else:
                until = time.perf_counter() + budget
                while time.perf_counter() < until:
                    next(pending.steps)
        except StopIteration as done:
            self._pending = None
            return {"done": True, "load": self._loaded_moment(pending, done.value)}
        return {"done": False, "frame": self._need_machine().frame, "of": pending.target}

    def _finish(self, pending: _PendingLoad) -> dict[str, Any]:
        """Run a load's replay through; its answer."""
        self._pending = None
        try:
            while True:
                next(pending.steps)
        except StopIteration as done:
            return self._loaded_moment(pending, done.value)

    def _loaded_moment(self, pending: _PendingLoad, moment: dict[str, Any]) -> dict[str, Any]:
        result = {**pending.result, "moment": moment}
        if moment["exact"]:
            result["hash"] = self._moment_hash(result["hash"], pending.moment_text)
        return result

    @staticmethod
    def _moment_hash(plain: str, moment: str) -> str:
        return f"{plain}{'&' if '?' in plain else '?'}{share.MOMENT_PARAM}={moment}"

    def _replay_moment(self, body: dict[str, Any], title: str,
                       messages: list[str]) -> Generator[int, None, dict[str, Any]]:
        """Replay a moment on the fresh session, yielding the frames reached;
        on trouble, say so and stay at the nearest safe state (where the
        replay stopped cleanly, else power-on). Returns {frame, exact}."""
        session = self._need_session()
        machine = session.machine
        exact = False
        frame = begun = machine.frame
        try:
            segments, frame, cycle = Journal.segments_from_json(body["j"])
            yield from replaying(session, segments, frame, cycle)
        except _Stopped:
            messages.append(f"the replay was stopped at frame {machine.frame} of {frame}: "
                            f"showing frame {machine.frame}")
        except (JournalError, ReplayError) as exc:
            messages.append(f"the moment in this link could not be replayed to its end ({exc});"
                            f" showing frame {machine.frame}, where it stopped")
        except Exception as exc:  # a bug: never leave a half-run machine behind
            machine_id, values, saved = self.loaded
            messages.append(f"the moment in this link could not be replayed ({type(exc).__name__}:"
                            f" {exc}); showing {title} from power-on instead")
            fresh, self.reference, _ = self._power_on(machine_id, values, saved, [])
            session.close()
            self.session = session = Session(fresh)
            self.origin, self.from_power_on = fresh.snapshot(), True
            begun = 0
        else:
            want = str(body.get("h", ""))
            exact = session.state_hash()[:len(want)] == want and bool(want)
            if not exact:
                messages.append(f"the moment in this link replayed to frame {frame} but not to "
                                f"the state it was made at (made by another version of "
                                f"{title}?); showing what the replay reached")
        return {"frame": session.machine.frame, "exact": exact, "from": begun,
                "replayed": session.machine.frame - begun}

    def share(self, args: dict[str, Any]) -> dict[str, Any]:
        """The current moment as a link (and as a session file, for long ones):
        the machine's state at a frame's start a little before it and the
        journal from there (format 2); with `from: "power-on"`, the journal
        since power-on alone (format 1: every frame replayed to open it)."""
        session = self._need_session()
        machine_id, values, saved = self.loaded
        frame, cycle = session.position()
        body: dict[str, Any] = {"h": session.state_hash()[:16]}
        if saved is not None:
            body["s"] = saved
        if args.get("from") == "power-on":
            if not self.from_power_on:
                raise RequestError("this session began from a shared moment, not at power-on:"
                                   " it has no inputs from power-on to share")
            body["j"] = session.journal.to_json(frame, cycle)
            moment = share.encode_moment(machine_id, values, body)
        elif args.get("from") is not None:
            raise RequestError("share from: \"power-on\" or nothing")
        else:
            base = session.rewind.base_for(frame)
            state = session.rewind.snapshot_of(base) if base is not None else self.origin
            body["j"] = session.journal.to_json(frame, cycle, since=state["frame"])
            body["fp"] = self.reference.fingerprint
            # Replaying a whole frame before the moment draws its picture; else it goes along.
            picture = state["frame"] == frame
            moment = share.encode_moment(machine_id, values, body, moment_state.encode_state(
                self.reference, state, picture))
        return {"hash": self._moment_hash(share.encode(machine_id, values), moment),
                "file": share.session_file(machine_id, values, moment),
                "frame": session.machine.frame, "max_link": share.MAX_LINK}

    def open_session_file(self, args: dict[str, Any]) -> dict[str, Any]:
        """A session file's JSON -> {id, params} to load (the moment among them)."""
        try:
            machine_id, params = share.read_session_file(args.get("data"))
        except share.MomentError as exc:
            raise RequestError(str(exc)) from None
        return {"id": machine_id, "params": params}

    def run_frames(self, args: dict[str, Any]) -> dict[str, Any]:
        """Run frames (the page's run loop); says why if the debugger stopped it.
        `buttons`: held throughout, or a list of one value per frame (scripted
        play: up to MAX_FRAMES_PER_CALL frames in one request). `pictures`:
        "all" (the default) or "last": only the last frame's picture will be
        seen (the run loop ahead of real time; Session.run_frames)."""
        session = self._need_session()
        pictures = args.get("pictures", "all")
        if pictures not in ("all", "last"):
            raise RequestError("pictures must be 'all' or 'last', "
                               f"not {share.shown(str(pictures))}")
        presses = args.get("buttons")
        if isinstance(presses, list):
            if not 1 <= len(presses) <= MAX_FRAMES_PER_CALL:
                raise RequestError(f"buttons must list 1-{MAX_FRAMES_PER_CALL} frames' presses")
            values = [_int_arg({"buttons": b}, "buttons", 0, 0xFFFF) for b in presses]
            last = len(values) - 1
            for i, b in enumerate(values):
                status = session.run_frames(1, b, "none" if pictures == "last" and i < last
                                            else pictures)
                if status["paused"]:  # the debugger stopped it
                    break
            return self._position(status)
        n = _int_arg(args, "n", 1, MAX_FRAMES_PER_CALL, 1)
        buttons = _int_arg(args, "buttons", 0, 0xFFFF, 0)
        return self._position(session.run_frames(n, buttons, pictures))

    def controller(self, args: dict[str, Any]) -> dict[str, Any]:
        """Give the pad to a program the machine offers ({source: "ai", options})
        or back to the player ({source: "player"}). The program is the debugger
        session's input source: asked once a frame where the pad is latched, its
        presses recorded by rewind like the player's."""
        session = self._need_session()
        name = args.get("source", "player")
        if name == "player":
            return session.set_input_source(None)
        machine_id = session.machine.INFO.id
        offered = machines.input_sources(machine_id)
        if not isinstance(name, str) or name not in offered:
            raise RequestError(f"{machine_id} offers no controller program "
                               f"{share.shown(str(name))} (it offers: "
                               f"{', '.join(offered) or 'none'})")
        options = args.get("options") or {}
        if not isinstance(options, dict):
            raise RequestError("options must be an object")
        return session.set_input_source(offered[name](options), name)

    def step(self, args: dict[str, Any]) -> dict[str, Any]:
        session = self._need_session()
        kind = STEP_KINDS.get(args.get("kind", "instruction"))
        if kind is None:
            raise RequestError(f"unknown step kind {share.shown(str(args.get('kind')))};"
                               f" use one of {', '.join(STEP_KINDS)}")
        n = _int_arg(args, "n", 1, 100_000, 1)
        # The buttons held (the page's setButtons, keys down): every frame the
        # step starts sees them, as a running frame would.
        buttons = _int_arg(args, "buttons", 0, 0xFFFF, 0) if "buttons" in args else None
        if kind == "into":
            status = session.step("into", n, buttons=buttons)
        elif kind == "frame":
            for _ in range(n):
                status = session.step("frame", buttons=buttons)
                reason = status.get("reason") or {}
                if reason.get("kind") != "step":  # a breakpoint stopped this frame
                    break
        else:
            status = session.step(kind, target=args.get("target"), buttons=buttons)
        return self._position(status)

    def _position(self, status: dict[str, Any]) -> dict[str, Any]:
        machine = self._need_machine()
        reason = status.get("reason") if status.get("paused") else None
        return {"frame": machine.frame, "pc": machine.cpu.pc, "status": status,
                "stopped": reason if reason and reason.get("kind") != "pause" else None}

    def reset(self, _: dict[str, Any]) -> dict[str, Any]:
        return self._need_session().reset()

    def debug(self, args: dict[str, Any]) -> Any:
        """One debugger verb: {verb, args} -> what the Session returns."""
        session = self._need_session()
        verb = args.get("verb")
        rest = args.get("args") or {}
        if verb not in DEBUG_VERBS or not isinstance(rest, dict):
            raise RequestError(f"unknown debugger request {share.shown(str(verb))}")
        try:
            return getattr(session, verb)(**rest)
        except TypeError as exc:
            raise RequestError(f"{verb}: {exc}") from None

    def read(self, args: dict[str, Any]) -> dict[str, Any]:
        machine = self._need_machine()
        addr = _int_arg(args, "addr", 0, 0xFFFF)
        length = _int_arg(args, "length", 1, MAX_READ, 1)
        space = args.get("space", "cpu")
        if space not in machine.memory_spaces():
            raise RequestError(f"no memory space {share.shown(str(space))}")
        return {"addr": addr, "data": machine.read_space(space, addr, length).hex()}

    def write(self, args: dict[str, Any]) -> dict[str, Any]:
        session = self._need_session()
        addr = _int_arg(args, "addr", 0, 0xFFFF)
        data = args.get("bytes")
        if not isinstance(data, list) or not data or len(data) > MAX_READ:
            raise RequestError("bytes must be a non-empty list of byte values")
        for i, value in enumerate(data):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 255:
                raise RequestError(f"byte {i} is {value!r}: each byte must be 0-255")
        session.write_memory(addr, data)
        return {"addr": addr, "length": len(data)}

    def state(self, args: dict[str, Any]) -> dict[str, Any]:
        """Where the machine is; with its game summary unless `machine` is false
        (the run loop asks for the summary only every few frames)."""
        machine = self._need_machine()
        where = {"frame": machine.frame, "pc": machine.cpu.pc, "cycles": machine.cpu.cycles}
        if args.get("machine", True):
            where["machine"] = machine.state()
            report = getattr(self._need_session().input_source, "report", None)
            if report is not None:
                where["machine"]["ai"] = report()
        return where

    def pointer(self, args: dict[str, Any]) -> dict[str, Any]:
        session = self._need_session()
        machine = session.machine
        x = _int_arg(args, "x", 0, machine.width - 1)
        y = _int_arg(args, "y", 0, machine.height - 1)
        session.pointer(x, y, bool(args.get("down")))
        return {}

    def command(self, args: dict[str, Any]) -> Any:
        session = self._need_session()
        verb = args.get("verb")
        rest = args.get("args") or {}
        if not isinstance(verb, str) or not isinstance(rest, dict):
            raise RequestError("command needs a verb (text) and args (an object)")
        return session.command(verb, rest)

    def save_data(self, _: dict[str, Any]) -> Any:
        return self._need_machine().save_data()

    def symbols(self, _: dict[str, Any]) -> dict[str, int]:
        return dict(self._need_machine().symbols)

    def bench(self, args: dict[str, Any]) -> dict[str, Any]:
        """Speed figures measured here, in the worker (`build.py bench`)."""
        from .benchmarks import runner

        kind = args.get("kind")
        if kind == "core" and args.get("name") in runner.CORES:
            seconds = _int_arg(args, "seconds", 1, 60, 5)
            warmup = _int_arg(args, "warmup", 0, 60, 10)
            return runner.measure_core(args["name"], seconds=seconds, warmup=warmup)
        if kind == "cores":
            names = args.get("names")
            if not isinstance(names, list) or not names \
                    or not all(isinstance(n, str) and n in runner.CORES for n in names):
                raise RequestError(f"bench cores: names must list cores of {sorted(runner.CORES)}")
            return runner.measure_cores(names, rounds=_int_arg(args, "rounds", 1, 20, 6),
                                        seconds=_int_arg(args, "seconds", 1, 10, 2),
                                        warmup=_int_arg(args, "warmup", 0, 30, 4))
        if kind == "frames" and args.get("name") in machines.available():
            frames = _int_arg(args, "frames", 1, 3600, 120)
            return runner.measure_frames(args["name"], frames=frames)
        if kind == "sound":
            from .benchmarks import sound
            name = args.get("name")
            if name not in machines.available():
                raise RequestError(f"bench sound: no machine {name!r}")
            frames = _int_arg(args, "frames", 1, 3600, 120)
            return {**sound.measure_machine(name, frames=frames), **sound.measure_apu()}
        if kind == "ai_frames":
            from .benchmarks import ai_frames
            pictures = args.get("pictures", "last")
            if pictures not in ("all", "last"):
                raise RequestError("bench ai_frames: pictures is 'all' or 'last'")
            return ai_frames.measure(level=_int_arg(args, "level", 0, 29, 18),
                                     frames=_int_arg(args, "frames", 8, 20000, 1200),
                                     pictures=pictures)
        if kind == "assembled":
            from .machines import base
            return {"assembled": list(base.ASSEMBLED)}
        raise RequestError("bench needs kind 'core' (mos6502, z80, tms9900), 'cores' "
                           "(a list of them, taking turns), 'frames' "
                           "(a machine), 'sound' (a machine), 'ai_frames' (the Tetris "
                           "bot ahead of real time) or 'assembled' (what this worker "
                           "assembled)")


API = WorkerAPI()
