"""Long moments to share and open (`build.py bench moment`, the moment tests).

`play` keeps a machine's game going the way a player would, through the
worker's own verbs (so the journal and the rewind record it all); `make_link`
plays a number of frames and shares the moment; `open_link` opens one in a
fresh worker and says how long it took and how many frames it replayed.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from .. import machines

# Buttons a player leaves alone mid-game (they pause it or leave it).
QUIET = frozenset({"Start", "Select", "Coin", "Escape", "D", "H", "C", "B"})
# Pressed two frames each, 30 frames apart, to get into a game (again after it ends).
INTO_GAME = {"tetris": ("Start",) * 3, "backgammon": ("Start",), "pacman": ("Coin", "Start"),
             # hot seat, each side's pieces set up at random: a full board
             "jmc": ("Return", "R", "E", "Return", "R", "F1", "Return")}
RESTART_EVERY = 3000  # frames between presses of INTO_GAME (a game over goes on)


def call(api: Any, op: str, **args: Any) -> Any:
    """A worker verb, as the page calls it; a refusal raises."""
    reply = json.loads(api.call(op, json.dumps(args)))
    if not reply["ok"]:
        raise RuntimeError(f"{op}: {reply['error']}")
    return reply["result"]


def script(machine_id: str, frames: int, seed: int = 1) -> tuple[list[int], int]:
    """A player's buttons for `frames` frames: into a game (again every
    RESTART_EVERY frames), and between, some buttons held for stretches; and
    the frame by which the first game has begun."""
    names = machines.info(machine_id).buttons
    usable = [i for i, name in enumerate(names) if name not in QUIET and not name.startswith("P2")]
    rng = random.Random(seed)
    out: list[int] = []
    begun = 0
    restart = 0
    while len(out) < frames:
        if machine_id in INTO_GAME and len(out) >= restart:
            for name in INTO_GAME[machine_id]:
                out += [1 << names.index(name)] * 2 + [0] * 30
            begun = begun or len(out)
            restart += RESTART_EVERY
            continue
        held = sum(1 << i for i in usable if rng.random() < 0.25) if rng.random() < 0.7 else 0
        out += [held] * rng.randint(2, 40)
    return out[:frames], min(begun, frames)


def play(api: Any, machine_id: str, frames: int, seed: int = 1) -> None:
    """Run `frames` frames of play on the worker's machine (`script`); the
    Tetris AI plays Tetris once a game has begun, the computer both sides of
    backgammon."""
    presses, begun = script(machine_id, frames, seed)
    if machine_id == "backgammon":
        call(api, "command", verb="players", args={"white": "computer", "black": "computer"})
    _run(api, presses[:begun])
    if machine_id == "tetris":
        call(api, "controller", source="ai")
    _run(api, presses[begun:])


def _run(api: Any, presses: list[int]) -> None:
    for at in range(0, len(presses), 16):
        call(api, "run_frames", buttons=presses[at:at + 16])


def make_link(machine_id: str, frames: int, seed: int = 1) -> dict[str, Any]:
    """`frames` frames of play from power-on, shared: {hash (the link's
    part after #), frame, state_hash, length of the link's hash}."""
    from ..worker_api import WorkerAPI

    api = WorkerAPI()
    call(api, "load", id=machine_id, params={})
    play(api, machine_id, frames, seed)
    shared = call(api, "share")
    return {"hash": shared["hash"], "frame": shared["frame"],
            "state_hash": call(api, "debug", verb="state_hash"),
            "length": len(shared["hash"])}


def params_of(hash_: str) -> tuple[str, dict[str, str]]:
    """A link's machine and raw parameters, as the page's router hands them over."""
    path, _, query = hash_.lstrip("#/").partition("?")
    return path, dict(pair.split("=", 1) for pair in query.split("&") if pair)


def open_link(hash_: str) -> dict[str, Any]:
    """Open a shared moment in a fresh worker: {ms, frame, exact, replayed,
    state_hash, messages}."""
    from ..worker_api import WorkerAPI

    machine_id, params = params_of(hash_)
    api = WorkerAPI()
    t0 = time.perf_counter()
    result = call(api, "load", id=machine_id, params=params)
    ms = (time.perf_counter() - t0) * 1000
    moment = result["moment"] or {}
    return {"ms": ms, "frame": moment.get("frame"), "exact": moment.get("exact"),
            "replayed": moment.get("replayed"), "messages": result["messages"],
            "state_hash": call(api, "debug", verb="state_hash")}
