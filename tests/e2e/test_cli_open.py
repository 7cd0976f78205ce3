"""`retroscope open` on the page's own moment link: the very wheel the page
runs, installed into a fresh venv, opens the link the page's Share made to
the frame and state hash the page shows."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from harness.page import DIST
from harness.wheel_venv import clean_env, install_wheel

REPO = Path(__file__).resolve().parents[2]



@pytest.fixture(scope="module")
def page_wheel_cli(tmp_path_factory) -> Path:
    manifest = DIST / "manifest.json"
    if not manifest.exists():
        pytest.skip("dist/ is not built: run the tests through `python3 build.py test`")
    wheel = DIST / json.loads(manifest.read_text())["wheel"]
    return install_wheel(wheel, tmp_path_factory.mktemp("page-wheel") / "venv") / "retroscope"


@pytest.mark.parametrize(("link", "presses"), [
    ("#/tetris?seed=1234&level=3",
     [0] * 5 + [0x02] * 6 + [0x80, 0] * 5 + [0x04] * 40 + [0x01] * 9 + [0x04] * 60),
    ("#/pacman", [0] * 10 + [0x10] * 2 + [0] * 28 + [0x20] * 2 + [0] * 150 + [0x02] * 40),
])
def test_retroscope_open_gives_the_pages_state_hash(open_page, page_wheel_cli, link, presses):
    page = open_page(link)  # paused at frame 0: the presses are the whole play
    page.evaluate("(p) => window.retroscope.runFrames(p.length, p)", presses)
    shared = page.evaluate("window.retroscope.share()")
    want = page.evaluate("window.retroscope.debug('state_hash')")
    assert shared["url"] and shared["frame"] == len(presses)
    done = subprocess.run([str(page_wheel_cli), "open", shared["url"], "--json"],
                          capture_output=True, text=True, env=clean_env(), timeout=300)
    assert done.returncode == 0, done.stderr
    opened = json.loads(done.stdout)
    assert opened["state_hash"] == want and opened["frame"] == shared["frame"]
    assert opened["moment"] == {"frame": len(presses), "exact": True}
