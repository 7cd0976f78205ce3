"""The suite's own layout: pytest imports test files by basename (rootdir mode),
so two files of one name in different folders stop the whole collection."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_two_test_files_share_a_basename() -> None:
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []


# The page's API calls that return a Promise (web/main.js, window.retroscope).
ASYNC_API = ("state", "read", "write", "run", "pause", "step", "reset", "debug", "command",
             "setButtons", "setInputSource", "nextFrame", "bench", "status", "stepTo",
             "addBreakpoint", "removeBreakpoint", "breakpoints", "rewindInfo", "seek",
             "setTrace", "traceText", "runFrames", "load", "share", "openSession", "viewers",
             "viewer", "search", "profile")


def promise_waits(source: str) -> list[str]:
    """`wait_for_function(...)` calls whose expression returns a Promise (the
    page's API does): Playwright takes the Promise as truthy and does not wait."""
    found = []
    for start in [i for i in range(len(source)) if source.startswith("wait_for_function(", i)]:
        depth, end = 0, start
        for end in range(start, len(source)):
            depth += {"(": 1, ")": -1}.get(source[end], 0)
            if depth == 0 and source[end] == ")":
                break
        call = source[start:end + 1]
        if ".then(" in call or "await " in call or any(
                f"retroscope.{name}(" in call for name in ASYNC_API):
            found.append(call)
    return found


def test_the_promise_guard_sees_a_promise_wait() -> None:
    assert promise_waits('page.wait_for_function("window.retroscope.state().then(s => s)")')
    assert promise_waits('page.wait_for_function("window.retroscope.read(0x40)")')
    assert not promise_waits('page.wait_for_function("document.title === (\'x\')")')
    assert not promise_waits('page.wait_for_function("window.retroscope.frame() > 3")')


def test_no_e2e_wait_for_function_waits_on_a_promise() -> None:
    offenders = [f"{p.name}: {call}" for p in (TESTS / "e2e").glob("*.py")
                 for call in promise_waits(p.read_text())]
    assert offenders == [], "use conftest.wait_until for waits on the page's API"


def test_e2e_tests_wait_on_conditions_not_fixed_sleeps() -> None:
    """A fixed sleep is too short on a busy machine and too long on a quiet
    one: e2e tests wait on a condition (conftest's wait_until, wait_for,
    frames_pass, settled; Playwright's own waits)."""
    offenders = [f"{p.name}:{n}" for p in sorted((TESTS / "e2e").glob("test_*.py"))
                 for n, line in enumerate(p.read_text().splitlines(), 1)
                 if "wait_for_timeout(" in line or "time.sleep(" in line]
    assert offenders == []
