"""A link's text split as the page's router splits it (share.parse_link, the
command line's `retroscope open`, against web/router.js's parseHash in node)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from retroscope.share import parse_link

REPO = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")

LINKS = [
    "#/tetris?seed=8988&level=9",
    "http://127.0.0.1:8000/index.html#/pacman?maze=1.abc_-&paused=1",
    "#/tetris?seed=8988&seed=1234&flag&=x&a+b=c%20d",
    "#/Bad-Name?x=1",
    "#//jmc/?seed=%ZZ&bridges=4&e=%E2%82%AC&bad=%C3",
    "#/crpg",
    "#/",
    "#/tetris?" + "x=1&" * 3000,
]


def test_it_splits_links_into_machine_params_and_problems():
    machine, params, problems = parse_link("https://x/index.html#/tetris?seed=8988&level=9")
    assert (machine, params, problems) == ("tetris", {"seed": "8988", "level": "9"}, [])
    machine, params, problems = parse_link("#/jmc?seed=%ZZ&bridges=4&bridges=2")
    assert machine == "jmc" and params == {"bridges": "4"} and len(problems) == 2


@pytest.mark.skipif(NODE is None, reason="node runs web/router.js")
def test_it_splits_them_as_the_pages_router_does(tmp_path):
    script = tmp_path / "split.mjs"
    script.write_text(
        f"import {{ parseHash }} from {json.dumps((REPO / 'web' / 'router.js').as_uri())};\n"
        "const links = JSON.parse(process.argv[2]);\n"
        "console.log(JSON.stringify(links.map(l => {\n"
        "  const r = parseHash(l.includes('#') ? l.slice(l.indexOf('#')) : l);\n"
        "  return [r.machine, {...r.params}, r.problems.length];\n"
        "})));\n")
    done = subprocess.run([NODE, str(script), json.dumps(LINKS)], capture_output=True,
                          text=True, check=True)
    theirs = json.loads(done.stdout)
    ours = [[m, p, len(problems)] for m, p, problems in map(parse_link, LINKS)]
    assert ours == theirs
