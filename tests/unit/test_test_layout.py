"""The suite's own layout: pytest imports test files by basename (rootdir mode),
so two files of one name in different folders stop the whole collection; and
each conftest.py is imported as the module `conftest`, whichever one pytest
(or an xdist worker) reached first, so code that imports `conftest` gets any
of them. What tests share is in the `harness` package."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
# The tiers: each folder's place in the README's tests section.
TIERS = ("unit", "conformance", "machines", "cli", "e2e")


def test_no_two_test_files_share_a_basename() -> None:
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []


# A line that may import a test module, a conftest or a sibling (only such
# sources are parsed: the suite is some 150 files).
MAYBE_SHARED = re.compile(r"^\s*(from\s+\.|(from|import)\s.*\b(conftest|test_))", re.M)


def shared_imports(source: str) -> list[str]:
    """The modules `source` imports that are a test module or a conftest."""
    found = []
    if not MAYBE_SHARED.search(source):
        return found
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""] if node.level == 0 else ["." * node.level]
        else:
            continue
        found += [name for name in names
                  if name.startswith(".") or name.split(".")[-1] == "conftest"
                  or name.split(".")[-1].startswith("test_")]
    return found


def test_the_import_guard_sees_test_modules_and_conftest() -> None:
    assert shared_imports("from conftest import wait_until") == ["conftest"]
    assert shared_imports("import test_6502_blocks") == ["test_6502_blocks"]
    assert shared_imports("def f():\n    from test_jmc import a_move") == ["test_jmc"]
    assert shared_imports("from . import helpers") == ["."]
    assert shared_imports("from harness.random_6502 import pair\nimport pytest") == []
    assert shared_imports("import harness.test_data, pytest") == ["harness.test_data"]


def test_no_test_file_imports_another_or_a_conftest() -> None:
    """Shared helpers live in tests/harness (`import harness.<module>`)."""
    offenders = [f"{p.relative_to(TESTS)}: {name}" for p in sorted(TESTS.rglob("*.py"))
                 for name in shared_imports(p.read_text())]
    assert offenders == []


def test_no_test_file_changes_the_import_path() -> None:
    """pyproject's pytest `pythonpath` is the one way tests find py/, tests/
    (the harness) and the repo root (tools/)."""
    offenders = [str(p.relative_to(TESTS)) for p in sorted(TESTS.rglob("*.py"))
                 if "sys.path" in p.read_text() and p.name != "test_test_layout.py"]
    assert offenders == []


def test_tests_sit_in_the_tiers_and_helpers_in_the_harness() -> None:
    """A test file in a folder of its tier; a plain module beside the tests
    (not a test, not a conftest) belongs in the harness."""
    misplaced = [str(p.relative_to(TESTS)) for p in sorted(TESTS.rglob("test_*.py"))
                 if p.parent.parent != TESTS or p.parent.name not in TIERS]
    loose = [str(p.relative_to(TESTS)) for folder in (TESTS, *(TESTS / t for t in TIERS))
             for p in sorted(folder.glob("*.py"))
             if not p.name.startswith("test_") and p.name != "conftest.py"]
    # The page's test machine is served to the page's worker, not imported by a test.
    assert misplaced == []
    assert loose == ["e2e/testmachine.py"]


# The page's API calls that return a Promise (web/main.js, window.retroscope).
ASYNC_API = ("state", "read", "write", "run", "pause", "step", "reset", "debug", "command",
             "setButtons", "setInputSource", "nextFrame", "bench", "status", "stepTo",
             "addBreakpoint", "removeBreakpoint", "breakpoints", "rewindInfo", "seek",
             "setTrace", "traceText", "runFrames", "load", "share", "openMoment", "viewers",
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
    assert offenders == [], "use harness.page.wait_until for waits on the page's API"


def test_e2e_tests_wait_on_conditions_not_fixed_sleeps() -> None:
    """A fixed sleep is too short on a busy machine and too long on a quiet
    one: e2e tests wait on a condition (harness.page's wait_until, wait_for,
    frames_pass, settled; Playwright's own waits)."""
    offenders = [f"{p.name}:{n}" for p in sorted((TESTS / "e2e").glob("test_*.py"))
                 for n, line in enumerate(p.read_text().splitlines(), 1)
                 if "wait_for_timeout(" in line or "time.sleep(" in line]
    assert offenders == []
