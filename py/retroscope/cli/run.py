"""`retroscope run MACHINE`: run a machine headless, pressing what `--input`
says, and write its last frame (`--png`) or the run as an animation (`--gif`);
`--link` gives the moment reached as a share link the page (or `retroscope
open`) brings back exactly."""

from __future__ import annotations

import argparse
from typing import Any

from .. import machines
from ..debug.rewind import state_hash
from ..machines.base import Machine, MachineError, check_params
from ..util.animation import delays
from ..util.gif import GifWriter
from ..util.png import write_png
from .common import CliError, count, print_json
from .inputs import read_inputs
from .progress import Progress

DEFAULT_FRAMES = 600


def add(sub: Any) -> None:
    p = sub.add_parser("run", help="run a machine headless; write its last frame or a GIF",
                       description=__doc__)
    p.add_argument("machine", help="its id (retroscope machines lists them)")
    p.add_argument("--param", "-p", action="append", default=[], metavar="NAME=VALUE",
                   help="a parameter, as in a link (repeat for more)")
    p.add_argument("--frames", "-n", type=count, metavar="N",
                   help=f"frames to run (default: the input's length, else {DEFAULT_FRAMES})")
    p.add_argument("--input", metavar="FILE",
                   help="the buttons of each frame: JSON or text spans (see the README)")
    p.add_argument("--png", metavar="FILE", help="write the last frame")
    p.add_argument("--gif", metavar="FILE", help="write the run as an animated GIF")
    p.add_argument("--gif-every", type=count, default=2, metavar="K",
                   help="keep one frame in K in the GIF (default 2)")
    p.add_argument("--link", action="store_true",
                   help="print the moment reached as a share link (#/...&moment=...)")
    p.add_argument("--variables", action="store_true", help="print the documented variables")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def link_params(pairs: list[str]) -> dict[str, str]:
    """NAME=VALUE pairs as a link's raw parameters."""
    raw: dict[str, str] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name:
            raise CliError(f"--param takes NAME=VALUE, not {pair!r}")
        if name in raw:
            raise CliError(f"--param {name} is given twice")
        raw[name] = value
    return raw


def checked_machine_id(machine_id: str) -> str:
    available = machines.available()
    if machine_id not in available:
        raise CliError(f"there is no machine {machine_id!r} (there are: {', '.join(available)})")
    return machine_id


def run(args: argparse.Namespace) -> int:
    machine_id = checked_machine_id(args.machine)
    info = machines.info(machine_id)
    raw = link_params(args.param)
    try:  # as strictly as create(): a bad value is refused, not replaced
        check_params(info.params, raw, machines.validator(machine_id))
    except MachineError as exc:
        raise CliError(str(exc)) from None
    presses = read_inputs(args.input, info.buttons) if args.input else []
    frames = args.frames or len(presses) or DEFAULT_FRAMES

    api = session = None
    if args.link:  # under the page's own worker API: its journal makes the link
        from ..worker_api import WorkerAPI

        api = WorkerAPI()
        api.load({"id": machine_id, "params": raw})
        session = api.session
        machine: Machine = session.machine
    else:
        machine = machines.create(machine_id, **raw)

    gif = GifWriter(args.gif, machine.width, machine.height, machine.palette) \
        if args.gif else None
    kept = range(args.gif_every - 1, frames, args.gif_every)
    timing = dict(zip(kept, delays(info.fps, args.gif_every, len(kept)), strict=True))
    try:
        with Progress(frames, f"{machine_id}", args.progress, "frames") as bar:
            for i in range(frames):
                buttons = presses[i] if i < len(presses) else 0
                if session is not None:
                    session.run_frames(1, buttons)
                else:
                    machine.run_frame(buttons)
                if gif is not None and (i in timing or i == frames - 1 and not timing):
                    gif.add(machine.framebuffer, timing.get(i, 2), machine.palette)
                bar.update(i + 1)
    finally:
        if gif is not None:
            gif.close()
    if args.png:
        write_png(args.png, machine.width, machine.height, machine.framebuffer, machine.palette)
    result: dict[str, Any] = {
        "machine": machine_id, "params": raw, "frame": machine.frame,
        "state_hash": state_hash(machine.snapshot()), "variables": machine.variables(),
        "png": args.png, "gif": args.gif}
    if api is not None:
        result["link"] = api.share({})["hash"]
    if args.json:
        print_json(result)
        return 0
    print(f"{machine_id}: frame {result['frame']}, state {result['state_hash']}")
    if args.variables:
        print_variables(result["variables"])
    for kind in ("png", "gif"):
        if result[kind]:
            print(f"wrote {result[kind]}")
    if "link" in result:
        print(result["link"])
    return 0


def print_variables(values: dict[str, Any]) -> None:
    for name, value in values.items():
        print(f"  {name} = {value}")
