"""The Python half of the page <-> worker protocol (see web/protocol.js).

The worker's JavaScript calls `call(op, args_json) -> reply_json` for every
request, `frame_pixels()` for the framebuffer after a frame and
`sound_frame()` for the sound chips' writes. One typed list of verbs,
`VERBS` (and `DEBUG_VERBS`, the debugger's verbs the `debug` verb reaches),
named as in `window.retroscope`, dispatches them and says which change the
machine's picture or state: the worker reads it at boot (`verb_table`) and
sends the page a frame after those. Every argument is validated here, at
the boundary, and every failure comes back as a readable message while the
machine carries on. Opening a link and sharing one are `opening.py`'s; the
bench's figures `benchmarks/verb.py`'s; the user's script is run by a
`ScriptHost` (script/host.py) over the session.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import machines, opening, share
from .debug import Session
from .machines.base import Machine, MachineError
from .machines.sound import frame_json
from .script import shipped as script_examples
from .script.api import ScriptError
from .script.host import ScriptHost
from .util.args import RequestError, int_arg

__all__ = ["API", "DEBUG_VERBS", "VERBS", "RequestError", "Verb", "WorkerAPI"]

MAX_READ = 0x10000
MAX_FRAMES_PER_CALL = 16

# The page's step kinds -> the debugger's.
STEP_KINDS = {"instruction": "into", "into": "into", "over": "over", "out": "out",
              "frame": "frame", "cursor": "cursor"}


@dataclass(frozen=True)
class Verb:
    """A request the page may make, named as in `window.retroscope`."""

    name: str
    # It may change the machine's picture or state: the worker sends the
    # page a frame (picture and state) after it.
    frame: bool = False
    handler: str = ""  # WorkerAPI's method, when not named as the verb


VERBS: tuple[Verb, ...] = (
    Verb("machines", handler="list_machines"),
    Verb("load", frame=True),
    Verb("replay"),
    Verb("share"),
    Verb("open_moment_file"),
    Verb("run_frames", frame=True),
    Verb("step", frame=True),
    Verb("reset", frame=True),
    Verb("read"),
    Verb("write", frame=True),
    Verb("state"),
    Verb("pointer"),
    Verb("command"),
    Verb("save_data"),
    Verb("symbols"),
    Verb("bench"),
    Verb("debug"),
    Verb("controller"),
    # The program's source (machines/program_edit.py): its files, an edit of one
    # assembled and checked only, or assembled and put in (patch or restart),
    # back to the shipped source, a whole edit (a ready edit's, a diff's), the
    # ready edits.
    Verb("sources"),
    Verb("check_source"),
    Verb("edit_source", frame=True),
    Verb("revert_source", frame=True),
    Verb("apply_edit", frame=True),
    Verb("ready_edits"),
    # The Script tab's. A script's top level may write memory, press buttons
    # or pause; stopping one changes nothing but its overlay (in its news).
    Verb("run_script", frame=True),
    Verb("stop_script"),
    Verb("script_news"),
    Verb("script_examples"),
)

# The Session's verbs the page may call through `debug` (the Session's
# docstring lists their keywords).
DEBUG_VERBS: tuple[Verb, ...] = (
    Verb("status"), Verb("pause"),
    Verb("add_breakpoint"), Verb("remove_breakpoint"), Verb("enable_breakpoint"),
    Verb("set_condition"), Verb("reset_hits"), Verb("list_breakpoints"),
    Verb("load_breakpoints"), Verb("check_condition"),
    Verb("add_watch"), Verb("remove_watch"), Verb("watch_values"),
    Verb("spaces"), Verb("writable_spaces"), Verb("read_memory"),
    Verb("write_memory", frame=True),
    Verb("registers"), Verb("set_register", frame=True),
    Verb("disassemble"), Verb("source"), Verb("source_lines"), Verb("call_stack"),
    Verb("set_trace"), Verb("trace_text"),
    Verb("rewind_info"), Verb("seek", frame=True), Verb("state_hash"),
    Verb("viewers"), Verb("viewer"), Verb("viewer_at"), Verb("open_viewers"),
    Verb("set_events"), Verb("event_log"),
    Verb("search"), Verb("search_result"),
    Verb("profile_start"), Verb("profile_stop"), Verb("profile"), Verb("heatmap"),
    Verb("heat_at"),
)
_DEBUG = {verb.name for verb in DEBUG_VERBS}


def verb_table() -> str:
    """The verbs as JSON for the worker: {verbs: [{name, frame}], debug: [...]}."""
    def listed(verbs: tuple[Verb, ...]) -> list[dict[str, Any]]:
        return [{"name": v.name, "frame": v.frame} for v in verbs]
    return json.dumps({"verbs": listed(VERBS), "debug": listed(DEBUG_VERBS)})


class WorkerAPI:
    """Holds the machine the page runs, under a debugger session, and answers
    the page's requests."""

    def __init__(self) -> None:
        self.opened: opening.Opened | None = None
        self._opening: opening.Opening | None = None  # a sliced load's replay under way
        # The user's script (the page's Script tab), over the current session.
        self.scripts: ScriptHost | None = None
        self.script_listener: Callable[[], None] | None = None  # see set_script_listener
        self.verbs: dict[str, Callable[[dict[str, Any]], Any]] = {
            verb.name: getattr(self, verb.handler or verb.name) for verb in VERBS}

    @property
    def session(self) -> Session | None:
        """The debugger session the machine runs under (None before a load)."""
        return self.opened.session if self.opened is not None else None

    # -- the entry point ---------------------------------------------------------
    def call(self, op: str, args_json: str) -> str:
        try:
            args = json.loads(args_json) if args_json else {}
            if not isinstance(args, dict):
                raise RequestError("arguments must be an object")
            verb = self.verbs.get(op)
            if verb is None:
                raise RequestError(f"unknown request {op!r}")
            if self._opening is not None and op not in ("replay", "load"):
                self._finish()  # nothing acts on a half-replayed machine
            return json.dumps({"ok": True, "result": verb(args)})
        except (RequestError, MachineError, ScriptError, ValueError) as exc:
            return json.dumps({"ok": False, "error": str(exc)})
        except Exception as exc:  # a bug: report it in full, keep the worker alive
            detail = "".join(traceback.format_exception(exc)[-3:])
            return json.dumps({"ok": False, "error": f"{type(exc).__name__}: {exc}",
                               "detail": detail})

    def verb_table(self) -> str:
        """`verb_table()`, for the worker at boot."""
        return verb_table()

    def frame_pixels(self) -> bytes:
        """The current framebuffer: one palette index per pixel, row-major."""
        return bytes(self.session.machine.framebuffer) if self.session else b""

    def sound_frame(self, sync: bool = False) -> str:
        """The sound chips' writes of the frame just run, as JSON for the
        worker to post to the page's AudioWorklet (`machines.sound.frame_json`):
        "" for a machine without sound chips. Drains the logs. With `sync`,
        each log's writes are those bringing a fresh synth to the chip's state
        now (after a load, reset, step or seek: frames ran that nobody drained)."""
        if self.session is None:
            return ""
        return frame_json(self.session.machine, sync)

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
        among them is replayed to the very frame and state it was made at
        (opening.py). With `sliced`, a moment's replay is left under way: the
        answer's moment is {replaying, frame, of} and `replay` carries it on."""
        if self._opening is not None:  # a new load drops the one under way
            self._opening.close()
            self._opening = None
        opened, result, pending = opening.open_link(args.get("id"), args.get("params") or {},
                                                    args.get("save"))
        if self.opened is not None:
            if self.scripts is not None:  # its hooks were the old machine's
                self.scripts.stop("another machine was loaded")
            self.opened.session.close()
        self.opened = opened
        if pending is None:
            return result
        if not args.get("sliced"):
            return pending.finish()
        self._opening = pending
        return {**result, "moment": {"replaying": True, "frame": opened.session.machine.frame,
                                     "of": pending.target}}

    def replay(self, args: dict[str, Any]) -> dict[str, Any]:
        """Carry on a sliced load's replay for about `budget_ms` (or `stop` it
        where it is): {done: false, frame, of}, then {done: true, load: the
        load's answer}."""
        pending = self._opening
        if pending is None:
            raise RequestError("no replay is under way")
        budget = int_arg(args, "budget_ms", 1, 5000, 100) / 1000
        answer = pending.replay(budget, bool(args.get("stop")))
        if answer is not None:
            self._opening = None
            return {"done": True, "load": answer}
        return {"done": False, "frame": self._need_machine().frame, "of": pending.target}

    def _finish(self) -> dict[str, Any]:
        """Run a sliced load's replay through; its answer."""
        pending, self._opening = self._opening, None
        assert pending is not None
        return pending.finish()

    def share(self, args: dict[str, Any]) -> dict[str, Any]:
        """The current moment as a link and a moment file (`opening.share_link`);
        `script`: a script's text they carry as well."""
        self._need_session()
        assert self.opened is not None
        return opening.share_link(self.opened, args.get("from"), args.get("script"))

    def open_moment_file(self, args: dict[str, Any]) -> dict[str, Any]:
        """A moment file's JSON -> {id, params} to load (the moment among them)."""
        try:
            machine_id, params = share.read_moment_file(args.get("data"))
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
        self._begin_turn()
        pictures = args.get("pictures", "all")
        if pictures not in ("all", "last"):
            raise RequestError("pictures must be 'all' or 'last', "
                               f"not {share.shown(str(pictures))}")
        presses = args.get("buttons")
        if isinstance(presses, list):
            if not 1 <= len(presses) <= MAX_FRAMES_PER_CALL:
                raise RequestError(f"buttons must list 1-{MAX_FRAMES_PER_CALL} frames' presses")
            values = [int_arg({"buttons": b}, "buttons", 0, 0xFFFF) for b in presses]
            last = len(values) - 1
            for i, b in enumerate(values):
                status = session.run_frames(1, b, "none" if pictures == "last" and i < last
                                            else pictures)
                if status["paused"]:  # the debugger stopped it
                    break
            return self._position(status)
        n = int_arg(args, "n", 1, MAX_FRAMES_PER_CALL, 1)
        buttons = int_arg(args, "buttons", 0, 0xFFFF, 0)
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
        self._begin_turn()
        kind = STEP_KINDS.get(args.get("kind", "instruction"))
        if kind is None:
            raise RequestError(f"unknown step kind {share.shown(str(args.get('kind')))};"
                               f" use one of {', '.join(STEP_KINDS)}")
        n = int_arg(args, "n", 1, 100_000, 1)
        # The buttons held (the page's setButtons, keys down): every frame the
        # step starts sees them, as a running frame would.
        buttons = int_arg(args, "buttons", 0, 0xFFFF, 0) if "buttons" in args else None
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
        if verb not in _DEBUG or not isinstance(rest, dict):
            raise RequestError(f"unknown debugger request {share.shown(str(verb))}")
        try:
            return getattr(session, verb)(**rest)
        except TypeError as exc:
            raise RequestError(f"{verb}: {exc}") from None

    def read(self, args: dict[str, Any]) -> dict[str, Any]:
        machine = self._need_machine()
        addr = int_arg(args, "addr", 0, 0xFFFF)
        length = int_arg(args, "length", 1, MAX_READ, 1)
        space = args.get("space", "cpu")
        if space not in machine.memory_spaces():
            raise RequestError(f"no memory space {share.shown(str(space))}")
        return {"addr": addr, "data": machine.read_space(space, addr, length).hex()}

    def write(self, args: dict[str, Any]) -> dict[str, Any]:
        session = self._need_session()
        addr = int_arg(args, "addr", 0, 0xFFFF)
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
        if self.scripts is not None and self.scripts.has_news():
            where["script"] = self.scripts.news()
        return where

    def pointer(self, args: dict[str, Any]) -> dict[str, Any]:
        session = self._need_session()
        machine = session.machine
        x = int_arg(args, "x", 0, machine.width - 1)
        y = int_arg(args, "y", 0, machine.height - 1)
        session.pointer(x, y, bool(args.get("down")))
        return {}

    def command(self, args: dict[str, Any]) -> Any:
        session = self._need_session()
        verb = args.get("verb")
        rest = args.get("args") or {}
        if not isinstance(verb, str) or not isinstance(rest, dict):
            raise RequestError("command needs a verb (text) and args (an object)")
        return session.command(verb, rest)

    def sources(self, _: dict[str, Any]) -> dict[str, Any]:
        """The program's files as assembled, the edit in force and the ISA
        they are written for (the Source tab's colouring)."""
        session = self._need_session()
        return {"sources": session.sources(), **session.program_info(),
                "isa": session.machine.program_recipe().isa}

    def edit_source(self, args: dict[str, Any]) -> dict[str, Any]:
        """{ok, errors: [{file, line, message}]}: `file` holds `text` now, put in
        by `mode` (patch | restart); refused, the machine is untouched."""
        file, text = args.get("file"), args.get("text")
        if not isinstance(file, str) or not isinstance(text, str):
            raise RequestError("edit_source needs a file and its text")
        return self._need_session().edit_source(file, text, args.get("mode", "patch"))

    def check_source(self, args: dict[str, Any]) -> dict[str, Any]:
        """{ok, errors: [{file, line, message}]}: would `file` holding `text`
        assemble and fit the machine? Nothing is put in."""
        file, text = args.get("file"), args.get("text")
        if not isinstance(file, str) or not isinstance(text, str):
            raise RequestError("check_source needs a file and its text")
        return self._need_session().check_source(file, text)

    def revert_source(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._need_session().revert_source(args.get("mode", "patch"))

    def apply_edit(self, args: dict[str, Any]) -> dict[str, Any]:
        """A whole edit, as srcdiff's text or a ready edit's `name`."""
        session = self._need_session()
        name = args.get("name")
        if name is not None:
            from .machines.ready_edits import edit_named

            edit = edit_named(session.machine, name)
        else:
            edit = args.get("edit")
        if not isinstance(edit, str):
            raise RequestError("apply_edit needs an edit (text) or a ready edit's name")
        return session.apply_edit(edit, args.get("mode", "patch"))

    def ready_edits(self, _: dict[str, Any]) -> list[dict[str, Any]]:
        """The machine's ready edits: the article's experiments as source edits."""
        from .machines.ready_edits import listed

        return listed(self._need_machine())

    def save_data(self, _: dict[str, Any]) -> Any:
        return self._need_machine().save_data()

    def symbols(self, _: dict[str, Any]) -> dict[str, int]:
        return dict(self._need_machine().symbols)

    # -- the user's script ---------------------------------------------------------------
    def _script_host(self) -> ScriptHost:
        """The script host, over the session the machine runs under now."""
        session = self._need_session()
        if self.scripts is None:
            self.scripts = ScriptHost(session, self._script_news_came)
        self.scripts.session = session  # (a load stopped the script of the one before)
        return self.scripts

    def _begin_turn(self) -> None:
        if self.scripts is not None:
            self.scripts.begin_turn()

    def set_script_listener(self, listener: Callable[[], None] | None) -> None:
        """`listener()` is called when a script has news outside a request (a
        future it awaited came): the worker then asks for them (`script_news`)
        and tells the page."""
        self.script_listener = listener

    def _script_news_came(self) -> None:
        if self.script_listener is not None:
            self.script_listener()

    def run_script(self, args: dict[str, Any]) -> dict[str, Any]:
        """Run a script's `text` (stopping the one running): {ok, error, line,
        news}."""
        host = self._script_host()
        text = args.get("text")
        if not isinstance(text, str):
            raise RequestError("run_script needs the script's text")
        return {**host.run(text), "news": host.news()}

    def stop_script(self, _: dict[str, Any]) -> dict[str, Any]:
        """Stop the running script (the machine goes on): {news}."""
        host = self._script_host()
        host.stop()
        return {"news": host.news()}

    def script_news(self, _: dict[str, Any]) -> dict[str, Any]:
        """What the page has not seen of the script: {news: {output, status,
        message, line, overlay?}}."""
        return {"news": self._script_host().news()}

    def script_examples(self, _: dict[str, Any]) -> dict[str, Any]:
        """The shipped scripts for the machine loaded: {examples: [{name,
        title, text}]}."""
        return {"examples": script_examples.for_machine(self._need_machine().INFO.id)}

    def bench(self, args: dict[str, Any]) -> dict[str, Any]:
        """Speed figures measured here, in the worker (`build.py bench`)."""
        from .benchmarks.verb import bench
        return bench(args)


API = WorkerAPI()
