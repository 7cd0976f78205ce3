"""The hash router (web/router.js) splits links safely; Python validates values."""

from __future__ import annotations

import json

import pytest

from harness.page import DIST

CASES = [
    ("#/tetris?seed=8988&level=9", "tetris", {"seed": "8988", "level": "9"}, 0),
    ("", "", {}, 0),
    ("#/", "", {}, 0),
    ("#/backgammon?moves=24%2F18%2013%2F11", "backgammon", {"moves": "24/18 13/11"}, 0),
    ("#/Tetris", "", {}, 1),                        # not a machine name
    ("#/<script>", "", {}, 1),
    ("#/tetris?seed=%E0%A4%A", "tetris", {}, 1),    # bad percent-encoding
    ("#/tetris?seed=1&seed=2", "tetris", {"seed": "1"}, 1),
    ("#/tetris?flag", "tetris", {}, 1),
    ("#/tetris?__proto__=1", "tetris", {"__proto__": "1"}, 0),
]


@pytest.fixture(scope="module")
def router_page(browser, site_url):
    page = browser.new_page(bypass_csp=True)  # (conftest: browser_context_args)
    page.goto(f"{site_url}manifest.json")  # same origin, without booting the app
    app = json.loads((DIST / "manifest.json").read_text())["app"]
    page.evaluate(f"import('{site_url}{app}web/router.js').then(m => {{ window.router = m; }})")
    page.wait_for_function("window.router !== undefined")
    yield page
    page.close()


@pytest.mark.parametrize(("hash_", "machine", "params", "problems"), CASES)
def test_parse_hash_splits_links_and_reports_problems(router_page, hash_, machine, params,
                                                      problems):
    got = router_page.evaluate(
        "h => { const r = window.router.parseHash(h);"
        " return {machine: r.machine, params: Object.entries(r.params),"
        " problems: r.problems.length}; }", hash_)
    got["params"] = dict(got["params"])  # entries: a "__proto__" key survives the trip
    assert got == {"machine": machine, "params": params, "problems": problems}


def test_an_overlong_link_is_cut_with_a_message(router_page):
    got = router_page.evaluate("window.router.parseHash('#/tetris?seed=' + '1'.repeat(10000))")
    assert got["machine"] == "tetris"
    assert any("characters long" in p for p in got["problems"])


def test_make_hash_encodes_values_and_round_trips(router_page):
    got = router_page.evaluate(
        "() => { const h = window.router.makeHash('backgammon', {moves: '24/18 13/11', seed: 3});"
        " return [h, window.router.parseHash(h).params]; }")
    assert got[0] == "#/backgammon?moves=24%2F18%2013%2F11&seed=3"
    assert got[1] == {"moves": "24/18 13/11", "seed": "3"}
