"""`retroscope open LINK`: open a share link headless, as the page opens it,
and report the state hash there, so that a link can be checked in CI.

LINK is a whole URL, its hash (`#/tetris?seed=8988`, a shared moment's
`...&moment=...`, a maze, a map), or the path of a moment file (a moment too
long for a link). The page's own worker API opens it (`WorkerAPI.load`, which
replays a moment), so it opens exactly as in the page; the hash is the one
the page's `debug('state_hash')` gives. `--to-frame N` runs on (nothing
pressed) or seeks back to frame N first. Exit 3 when the link did not open as
it was made (a parameter refused, a moment that did not replay to its state)
or its hash is not `--expect`'s.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .. import share
from ..debug.errors import DebugError
from ..machines.base import MachineError
from ..util.png import write_png
from ..worker_api import RequestError, WorkerAPI
from .common import CheckFailed, CliError, number, print_json, warn
from .progress import Progress

REPLAY_SLICE_MS = 200  # how often the progress bar hears of a moment's replay


def add(sub: Any) -> None:
    p = sub.add_parser("open", help="open a share link headless and report its state hash",
                       description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("link", help="a link, its #/... hash, or a moment file")
    p.add_argument("--to-frame", type=number, metavar="N",
                   help="run on (or seek back) to the start of frame N")
    p.add_argument("--png", metavar="FILE", help="write the picture there")
    p.add_argument("--expect", metavar="HASH",
                   help="exit 3 unless the state hash starts with this")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def target(text: str) -> tuple[str, dict[str, str], list[str]]:
    """(machine, raw parameters, problems) of a link or a moment file."""
    if "#" not in text and "?" not in text and Path(text).is_file():
        try:
            data = json.loads(Path(text).read_text(encoding="utf-8"))
            machine, params = share.read_moment_file(data)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise CliError(f"{text}: not a moment file ({exc})") from None
        return machine, params, []
    machine, params, problems = share.parse_link(text)
    for name in share.PAGE_PARAMS:  # as the page does
        params.pop(name, None)
    if not machine:
        raise CliError(f"the link names no machine ({'; '.join(problems) or text!r}): give "
                       "a link such as '#/tetris?seed=8988'")
    return machine, params, problems


def open_link(api: WorkerAPI, machine: str, params: dict[str, str],
              enabled: bool | None) -> dict[str, Any]:
    """Load as the page does, a moment's replay a slice at a time (the bar)."""
    try:
        loaded = api.load({"id": machine, "params": params, "sliced": True})
        moment = loaded.get("moment") or {}
        if moment.get("replaying"):
            with Progress(moment["of"], f"replaying {machine}", enabled, "frames") as bar:
                while True:
                    step = api.replay({"budget_ms": REPLAY_SLICE_MS})
                    if step["done"]:
                        return step["load"]
                    bar.update(step["frame"], step["of"])
    except (RequestError, MachineError) as exc:
        raise CliError(str(exc)) from None
    return loaded


def go_to_frame(api: WorkerAPI, frame: int, enabled: bool | None) -> None:
    session = api.session
    assert session is not None
    here = session.machine.frame
    try:
        if frame < here:
            session.seek(frame)
            return
        with Progress(frame - here, "running on", enabled, "frames") as bar:
            while session.machine.frame < frame:
                session.run_frames(min(60, frame - session.machine.frame), 0)
                bar.update(session.machine.frame - here)
    except DebugError as exc:
        raise CliError(f"cannot go to frame {frame}: {exc}") from None


def run(args: argparse.Namespace) -> int:
    machine, params, problems = target(args.link)
    api = WorkerAPI()
    loaded = open_link(api, machine, params, args.progress)
    if args.to_frame is not None:
        go_to_frame(api, args.to_frame, args.progress)
    session = api.session
    assert session is not None
    m = session.machine
    if args.png:
        write_png(args.png, m.width, m.height, m.framebuffer, m.palette)
    messages = problems + list(loaded["messages"])
    moment = loaded.get("moment")
    result = {"machine": machine, "values": loaded["values"], "frame": m.frame,
              "state_hash": session.state_hash(),
              "moment": {"frame": moment["frame"], "exact": moment["exact"]} if moment else None,
              "messages": messages, "link": loaded["hash"], "png": args.png}
    if args.json:
        print_json(result)
    else:
        what = ("the moment, replayed exactly" if moment and moment["exact"]
                else "the moment, NOT as it was made" if moment else "from power-on")
        print(f"{machine}: frame {result['frame']}, state {result['state_hash']} ({what})")
        if args.png:
            print(f"wrote {args.png}")
    for message in messages:
        warn("retroscope open", message)
    if messages:
        raise CheckFailed("the link did not open as it was made (see the warnings)")
    if args.expect and not result["state_hash"].startswith(args.expect.lower()):
        raise CheckFailed(f"the state hash is {result['state_hash']}, not {args.expect}")
    return 0
