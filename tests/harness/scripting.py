"""A user's script over a debugger session, as the tests drive it: a host on
a machine (the toy 6502 machine by default), the console's news, a run that
must succeed."""

from __future__ import annotations

from typing import Any

from harness.debug_machines import Debug6502Machine
from retroscope.debug import Session
from retroscope.script.host import ScriptHost


def host_on(machine: Any = None) -> tuple[Session, ScriptHost]:
    session = Session(machine if machine is not None else Debug6502Machine())
    return session, ScriptHost(session)


def output(host: ScriptHost) -> str:
    """The console's text since the last look."""
    return "".join(text for _, text in host.news()["output"])


def printed(host: ScriptHost) -> str:
    """What the script printed since the last look (not the host's notes)."""
    return "".join(text for kind, text in host.news()["output"] if kind == "out")


def run_ok(host: ScriptHost, text: str) -> None:
    result = host.run(text)
    assert result["ok"], (result, output(host))
