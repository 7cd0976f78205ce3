"""Opening a machine the way a link asks, and the link to where it is.

`open_link` starts a machine from a link's raw parameters under a fresh
debugger session: at power-on with the link's settings (and saved data),
and for a shared moment (share.py) at the very frame and state it was made
at: its state put in (format 2, moment_state.py), then its journal
replayed (debug/replay.py), a slice at a time when asked (`Opening`), so
that the page shows the progress and may stop it. `share_link` makes the
link of the moment a session is at. A link (and a moment file) may carry
a script (share.py): it is handed back to be shown, never run here.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from . import machines, moment_state, share
from .debug import Session
from .debug.journal import Journal, JournalError
from .debug.replay import ReplayError, replaying
from .machines.base import PROGRAM, Machine, MachineError
from .util.args import RequestError


class _Stopped(Exception):
    """The page stopped a long replay part-way."""


@dataclass
class Opened:
    """A machine running under a debugger session, and what it was opened from."""

    session: Session
    machine_id: str
    values: dict[str, Any]  # its parameters' values
    saved: Any  # the saved data it began with (None: none)
    reference: moment_state.Reference  # the machine at power-on: a link's state is written
    # against it (taken before the saved data: both ends make it alike)
    origin: dict[str, Any]  # the state the session's journal begins at
    from_power_on: bool  # ...which is power-on (else a shared moment's)
    src: str = ""  # the program's edit at power-on (a link's `src`; srcdiff's text)


def power_on(machine_id: str, values: dict[str, Any], saved: Any,
             messages: list[str], src: str = "") -> tuple[Machine, moment_state.Reference, Any]:
    """A machine at power-on with these settings (and its program edited by
    `src`, already checked: `check_src`), the reference a link's state is
    written against, and the saved data it took (None if refused, saying why
    in `messages`)."""
    machine = machines.create(machine_id, **values)
    if src:
        editor = machine.program_editor()
        editor.restart(editor.program_for(src), src)
    reference = moment_state.Reference.of(machine)
    if saved is not None:
        try:
            machine.load_save_data(saved)
        except (MachineError, ValueError, TypeError, KeyError) as exc:
            messages.append(f"saved data for {machine_id} was not usable ({exc}); ignored")
            saved = None
    return machine, reference, saved


def _opened(machine: Machine, machine_id: str, values: dict[str, Any], saved: Any,
            reference: moment_state.Reference, from_power_on: bool, src: str = "") -> Opened:
    return Opened(Session(machine), machine_id, dict(values), saved, reference,
                  machine.snapshot(), from_power_on, src)


def check_src(machine_id: str, values: dict[str, Any], src: str, title: str,
              messages: list[str]) -> str:
    """A link's program edit (`src`), if this build's source takes it; else
    "" and a message saying why (the machine then opens unchanged)."""
    from . import srcdiff
    from .machines.program_edit import EditError

    instead = f"opening {title} with its own program"
    try:
        srcdiff.decode(src)
        editor = machines.create(machine_id, **values).program_editor()
        editor.program_for(src)
    except srcdiff.DiffError as exc:
        if "another build" in str(exc):
            messages.append(f"this link changes the program of another build of Retroscope "
                            f"({exc}); {instead}")
        else:
            messages.append(f"this link's program change cannot be used ({exc}); {instead}")
        return ""
    except EditError as exc:
        messages.append(f"this link's program change is refused here ({exc}); {instead}")
        return ""
    # What it changes is the load's `program` (program_summary): the page's banner.
    return src


def with_src(link_hash: str, src: str) -> str:
    """A link's hash with its program edit."""
    if not src:
        return link_hash
    return f"{link_hash}{'&' if '?' in link_hash else '?'}{share.SRC_PARAM}={src}"


@dataclass
class Opening:
    """A link's moment being replayed, a slice at a time (`replay`)."""

    opened: Opened
    steps: Generator[int, None, dict[str, Any]]  # frames reached; returns the moment
    result: dict[str, Any]  # load's answer, its "moment" still to come
    moment_text: str
    target: int  # the moment's frame, for the progress bar

    def replay(self, budget: float, stop: bool = False) -> dict[str, Any] | None:
        """Carry the replay on for about `budget` seconds (or `stop` it where
        it is): None while it goes on, else the load's answer."""
        try:
            if stop:
                try:
                    self.steps.throw(_Stopped())
                except _Stopped:  # not begun: it stops where it begins
                    frame = self.opened.session.machine.frame
                    self.result["messages"].append("the replay was stopped before it began:"
                                                   f" showing frame {frame}")
                    raise StopIteration({"frame": frame, "exact": False, "from": frame,
                                         "replayed": 0}) from None
            else:
                until = time.perf_counter() + budget
                while time.perf_counter() < until:
                    next(self.steps)
        except StopIteration as done:
            return self._answer(done.value)
        return None

    def finish(self) -> dict[str, Any]:
        """Run the replay through; the load's answer."""
        try:
            while True:
                next(self.steps)
        except StopIteration as done:
            return self._answer(done.value)

    def close(self) -> None:
        self.steps.close()

    def _answer(self, moment: dict[str, Any]) -> dict[str, Any]:
        result = {**self.result, "moment": moment}
        if moment["exact"]:
            result["hash"] = moment_hash(result["hash"], self.moment_text)
        return result


def program_summary(src: str) -> dict[str, Any]:
    """What a link's program edit changes, for the page's banner."""
    from . import srcdiff

    return {"edit": src, "files": srcdiff.summary(srcdiff.decode(src))}


def moment_hash(plain: str, moment: str) -> str:
    """A link's hash with its moment."""
    return f"{plain}{'&' if '?' in plain else '?'}{share.MOMENT_PARAM}={moment}"


def open_link(machine_id: Any, raw: Any, saved: Any = None
              ) -> tuple[Opened, dict[str, Any], Opening | None]:
    """Start a machine from a link's raw parameters (strings); a `moment`
    among them is put in and replayed to the very frame and state it was
    made at. The machine opened, the load's answer and, for a moment, its
    replay to run (`Opening`: the answer's moment comes with its end)."""
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
    src_text = raw.pop(share.SRC_PARAM, "")
    script_text = raw.pop(share.SCRIPT_PARAM, None)
    decoded = share.validate(info.params, raw, machines.validator(machine_id))
    messages = list(decoded.messages)
    src = check_src(machine_id, decoded.values, src_text, info.title, messages) \
        if src_text else ""
    script = None
    if script_text is not None:
        try:
            script = share.decode_script(script_text)
        except share.ScriptLinkError as exc:
            messages.append(f"{exc}; it is not shown")
    moment = None
    instead = f"showing {info.title} from power-on with the link's settings instead"
    if moment_text is not None:
        try:
            moment = share.decode_moment(moment_text, machine_id, decoded.values)
        except share.MomentError as exc:
            messages.append(f"{exc}; {instead}")
        else:
            saved = moment.body.get("s")  # the saved data the moment began with
    machine, reference, saved = power_on(machine_id, decoded.values, saved, messages, src)
    if moment is not None and moment.state is not None:
        try:
            _restore_moment_state(machine, reference, moment, info.title)
        except share.MomentError as exc:
            messages.append(f"{exc}; {instead}")
            moment = None  # (the machine took part of it: made again)
            machine, reference, saved = power_on(machine_id, decoded.values, saved, [], src)
    opened = _opened(machine, machine_id, decoded.values, saved, reference,
                     from_power_on=moment is None or moment.state is None, src=src)
    result = {
        "info": info.to_json(),
        "values": decoded.values,
        "messages": messages,
        "hash": with_src(share.encode(machine_id, decoded.values), src),
        "program": program_summary(src),
        "palette": list(machine.palette),
        "moment": None,
        # The link's script, to show and to run only when the user says so.
        "script": script,
    }
    if moment is None:
        return opened, result, None
    target = moment.body["j"].get("f")
    return opened, result, Opening(opened, _replay_moment(opened, moment.body, info.title,
                                                          messages),
                                   result, str(moment_text),
                                   target if isinstance(target, int) else 0)


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


def _replay_moment(opened: Opened, body: dict[str, Any], title: str,
                   messages: list[str]) -> Generator[int, None, dict[str, Any]]:
    """Replay a moment on the opened machine's fresh session, yielding the
    frames reached; on trouble, say so and stay at the nearest safe state
    (where the replay stopped cleanly, else power-on: then `opened` holds a
    new machine and session). Returns {frame, exact, from, replayed}."""
    session = opened.session
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
        messages.append(f"the moment in this link could not be replayed ({type(exc).__name__}:"
                        f" {exc}); showing {title} from power-on instead")
        fresh, reference, _ = power_on(opened.machine_id, opened.values, opened.saved, [],
                                       opened.src)
        session.close()
        opened.session = session = Session(fresh)
        opened.reference, opened.origin, opened.from_power_on = reference, fresh.snapshot(), True
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


def share_link(opened: Opened, start: Any = None, script: Any = None) -> dict[str, Any]:
    """The moment the session is at as a link (and as a moment file, for
    long ones): the machine's state at a frame's start a little before it
    and the journal from there (format 2); with `start` "power-on", the
    journal since power-on alone (format 1: every frame replayed to open it).
    `script`: a script's text that the link and the file carry as well."""
    carried = None
    if script is not None:
        try:
            carried = share.encode_script(script)
        except share.ScriptLinkError as exc:
            raise RequestError(f"the script cannot go in a link: {exc}") from None
    session = opened.session
    machine_id, values = opened.machine_id, opened.values
    src = opened.src
    frame, cycle = session.position()
    body: dict[str, Any] = {"h": session.state_hash()[:16]}
    if opened.saved is not None:
        body["s"] = opened.saved
    if start == "power-on":
        if not opened.from_power_on:
            raise RequestError("this session began from a shared moment, not at power-on:"
                            " it has no inputs from power-on to share")
        body["j"] = session.journal.to_json(frame, cycle)
        moment = share.encode_moment(machine_id, values, body)
    elif start is not None:
        raise RequestError("share from: \"power-on\" or nothing")
    else:
        base = session.rewind.base_for(frame)
        state = session.rewind.snapshot_of(base) if base is not None else opened.origin
        body["j"] = session.journal.to_json(frame, cycle, since=state["frame"])
        # The link's `src` is the program of the state it carries: the page
        # opening it powers on with that program and writes the state against it.
        src = state.get(PROGRAM, "")
        reference = opened.reference if src == opened.src else power_on(
            machine_id, values, None, [], src)[1]
        body["fp"] = reference.fingerprint
        # Replaying a whole frame before the moment draws its picture; else it goes along.
        picture = state["frame"] == frame
        moment = share.encode_moment(machine_id, values, body, moment_state.encode_state(
            reference, state, picture))
    link = moment_hash(with_src(share.encode(machine_id, values), src), moment)
    if carried is not None:
        link += f"&{share.SCRIPT_PARAM}={carried}"
    return {"hash": link,
            "file": share.moment_file(machine_id, {**values, share.SRC_PARAM: src or None,
                                                   share.SCRIPT_PARAM: carried}, moment),
            "frame": session.machine.frame, "max_link": share.MAX_LINK}
