"""The Script tab in the page: write, run and stop a script on each machine;
errors with their lines; a runaway stopped while the machine goes on; the
Tetris AI's script edited plays differently; Tetris's RNG logged as memory
holds it; a link's script waits for the user's word; micropip installs a
wheel the test server serves; and the page's policy keeps fetches home."""

from __future__ import annotations

import functools
import threading
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import expect

from harness.page import BOOT_TIMEOUT_MS, DIST, tid, wait_until
from harness.served_wheel import FILENAME, TEST_WHEELS

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "py" / "retroscope" / "script" / "examples"
OUT = REPO / "test-output"
UI_MS = 20_000  # what the page shows may take a while on a busy machine (the editor loads)


def run_script(page, text: str) -> dict:
    return page.evaluate("t => window.retroscope.runScript(t)", text)


def script_output(page) -> str:
    return page.evaluate("window.retroscope.scriptOutput()")


def until_output(page, words: str, timeout: float = 60_000) -> str:
    return wait_until(page, "w => window.retroscope.scriptOutput().then("
                            "t => t.includes(w) ? t : '')", words, timeout=timeout)


def playfield(page) -> list[int]:
    return page.evaluate("window.retroscope.read(0x400, 200)")


def test_write_run_stop_errors_and_a_runaway_on_tetris(open_page, page_log):
    page = open_page("#/tetris")
    page.click(tid("tabbtn-script"))
    editor = page.locator(f"{tid('script-editor')} .cm-content")
    # the first example
    expect(editor).to_contain_text("The Tetris AI as a script", timeout=UI_MS)
    titles = page.locator(f"{tid('script-examples')} option").all_text_contents()
    assert titles[1:] == ["The Tetris AI (its weights to change)",
                          "Log the RNG at $0017-$0018 each frame"]
    # Written in the editor, run with the button, stopped with the other.
    editor.click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    # Typed as a person types: the editor indents the body itself; Escape
    # closes a completion the line's last word may have opened.
    for line in ("print('hello from', machine.id, 'ok?')", "@on_frame", "def each(frame):",
                 "overlay.clear()", "overlay.text(2, 2, frame, 'yellow')"):
        page.keyboard.type(line)
        page.keyboard.press("Escape")
        page.keyboard.press("Enter")
    # "?" typed into the editor, not the help's key
    expect(page.locator(tid("help-overlay"))).to_be_hidden(timeout=UI_MS)
    page.click(tid("script-run"))
    expect(page.locator(tid("script-output"))).to_contain_text("hello from tetris ok?",
                                                              timeout=UI_MS)
    expect(page.locator(tid("script-status"))).to_have_text("running", timeout=UI_MS)
    page.evaluate("window.retroscope.runFrames(3)")
    expect(page.locator(tid("script-overlay"))).to_be_visible(timeout=UI_MS)
    page.click(tid("script-stop"))
    expect(page.locator(tid("script-status"))).to_have_text("stopped by the user", timeout=UI_MS)
    expect(page.locator(tid("script-overlay"))).to_be_hidden(timeout=UI_MS)
    # An error: its line, its traceback, the line marked in the editor.
    result = run_script(page, "x = 1\ny = machine.read('nowhere')\n")
    assert result == {"ok": False, "line": 2, "error": "line 2: ScriptError: 'nowhere' is "
                      "neither an address nor a known symbol"}
    assert 'File "<script>", line 2, in <module>' in script_output(page)
    expect(page.locator(f"{tid('script-editor')} .cm-lintRange-error")).to_have_count(
        1, timeout=UI_MS)
    # A runaway top level: stopped within about a second, the machine goes on.
    before = page.evaluate("window.retroscope.frame()")
    result = run_script(page, "n = 0\nwhile True:\n    n += 1\n")
    assert not result["ok"] and result["line"] == 2 and "ran for more than 1 s" in result["error"]
    assert page.evaluate("window.retroscope.runFrames(4)") == before + 4
    # A runaway hook while the machine runs: stopped, and the machine runs on.
    page.evaluate("window.retroscope.run()")
    result = run_script(page, "@on_frame\ndef each(frame):\n    while frame > 0:\n        pass\n")
    assert result["ok"]
    wait_until(page, "window.retroscope.scriptStatus() === 'error'", timeout=30_000)
    assert "ran for more than" in page.text_content(tid("script-status"))
    running_at = page.evaluate("window.retroscope.frame()")
    wait_until(page, "f => window.retroscope.frame() > f + 30", running_at)
    assert page.evaluate("window.retroscope.isRunning()")
    page.evaluate("window.retroscope.pause()")
    assert page_log.console_errors == []


def test_the_rng_logger_logs_what_0017_and_0018_hold(open_page, page_log):
    page = open_page("#/tetris?seed=8988")
    result = run_script(page, (EXAMPLES / "tetris_rng.py").read_text())
    assert result["ok"], result
    for _ in range(12):
        frame = page.evaluate("window.retroscope.step('frame', 1)")["frame"]
        value = "".join(f"{b:02X}" for b in page.evaluate("window.retroscope.read(0x17, 2)"))
        assert script_output(page).strip().splitlines()[-1] == f"[frame {frame}] RNG ${value}"
    assert page_log.console_errors == []


def test_the_ai_script_plays_as_ai_plays_and_an_edited_weight_plays_otherwise(open_page, page_log):
    frames = 360
    page = open_page("#/tetris?seed=8988&level=18")
    page.evaluate("window.retroscope.setInputSource('ai')")
    page.evaluate(f"window.retroscope.runFrames({frames})")
    builtin = playfield(page)
    assert sum(b != 0xEF for b in builtin) >= 8  # pieces have landed
    text = (EXAMPLES / "tetris_ai.py").read_text()
    edited = text.replace('"holes": -30.0', '"holes": 30.0', 1)
    assert edited != text
    played = []
    for script in (text, edited):
        page.evaluate("window.retroscope.load('tetris', {seed: 8988, level: 18})")
        assert run_script(page, script)["ok"]
        page.evaluate(f"window.retroscope.runFrames({frames})")
        assert page.evaluate("window.retroscope.scriptStatus()") == "running"
        played.append(playfield(page))
    assert played[0] == builtin  # the script is the bot behind "AI plays"
    assert played[1] != played[0]  # a weight changed: another game
    OUT.mkdir(exist_ok=True)
    page.click(tid("tabbtn-script"))
    expect(page.locator(f"{tid('script-editor')} .cm-content")).to_be_visible(timeout=UI_MS)
    assert '"holes": 30.0' in page.evaluate("window.retroscope.scriptText()")
    page.screenshot(path=str(OUT / "e2e-script-tetris-ai.png"))
    assert page_log.console_errors == []


def test_a_link_with_a_script_shows_it_and_asks_before_running_it(open_page, page, page_log):
    page = open_page("#/backgammon?seed=17")
    text = "print('the shared script ran')\non_frame(lambda f: None)\n"
    moment = page.evaluate("t => window.retroscope.share({script: t})", text)
    assert moment["url"] and "script=" in moment["url"]
    page.goto("about:blank")
    page.goto(moment["url"])
    page.wait_for_function("document.documentElement.dataset.state === 'ready'",
                           timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(tid("tab-script"))).to_be_visible(timeout=UI_MS)
    expect(page.locator(tid("script-consent"))).to_be_visible(timeout=UI_MS)
    expect(page.locator(f"{tid('script-editor')} .cm-content")).to_contain_text(
        "the shared script ran", timeout=UI_MS)
    page.evaluate("window.retroscope.runFrames(5)")
    assert "the shared script ran" not in script_output(page)  # nothing ran by itself
    assert page.evaluate("window.retroscope.scriptStatus()") == "idle"
    page.click(tid("script-consent-run"))
    until_output(page, "the shared script ran")
    expect(page.locator(tid("script-consent"))).to_be_hidden(timeout=UI_MS)
    # A hostile script in a link: a message, the machine as the link says.
    page.goto("about:blank")
    page.goto(moment["url"].split("&script=")[0] + "&script=1.%3Cb%3Ex%3C%2Fb%3E.0")
    page.wait_for_function("document.documentElement.dataset.state === 'ready'",
                           timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(tid("messages"))).to_contain_text("the script in this link is damaged",
                                                         timeout=UI_MS)
    expect(page.locator(tid("script-consent"))).to_be_hidden(timeout=UI_MS)
    assert page.evaluate("window.retroscope.current().id") == "backgammon"
    assert page_log.console_errors == []


def test_micropip_installs_a_wheel_the_server_serves(open_page, page_log, site_url):
    page = open_page("#/crpg")
    url = f"{site_url.rstrip('/')}{TEST_WHEELS}{FILENAME}"
    result = run_script(page, f"import micropip\nawait micropip.install({url!r})\n"
                              "import retroscope_testpkg\n"
                              "print('answer', retroscope_testpkg.ANSWER)\n")
    assert result["ok"], result
    until_output(page, "answer 42")
    assert any(r.endswith(FILENAME) for r in page_log.requests)
    # micropip itself came from the site: nothing else was asked for.
    assert [r for r in page_log.requests if r.startswith("http") and not r.startswith(site_url)] \
        == []
    assert page_log.console_errors == []


class _Counting(BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self) -> None:  # noqa: N802
        _Counting.hits.append(self.path)
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(b"caught")

    def log_message(self, *args: object) -> None:
        pass


def _leak_attempt(elsewhere: str) -> str:
    return (f"import js\ntry:\n    await js.fetch({elsewhere!r})\n    print('it left')\n"
            f"except Exception as exc:\n    print('refused:', exc)\n")


def test_the_pages_policy_keeps_a_scripts_fetches_on_the_site(browser, site_url):
    """In a context that keeps the policy: the page boots and its editor
    loads under it, and a script's fetch to another origin (a server that
    would answer anyone) never leaves the worker. Served without the
    header (the <meta> alone, which a worker does not obey), it leaves."""
    _Counting.hits.clear()
    other = ThreadingHTTPServer(("127.0.0.1", 0), _Counting)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    elsewhere = f"http://127.0.0.1:{other.server_address[1]}/leak"
    context = browser.new_context(bypass_csp=False, service_workers="block")
    errors: list[str] = []
    plain = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(
        SimpleHTTPRequestHandler, directory=str(DIST)))
    threading.Thread(target=plain.serve_forever, daemon=True).start()
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{site_url}index.html#/jmc?paused=1")
        wait_until(page, "document.documentElement.dataset.state !== 'booting'",
                   timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("document.documentElement.dataset.state") == "ready"
        page.click(tid("tabbtn-script"))
        expect(page.locator(f"{tid('script-editor')} .cm-content")).to_be_visible(timeout=UI_MS)
        result = run_script(page, _leak_attempt(elsewhere))
        assert result["ok"], result
        out = until_output(page, "refused:")
        assert "it left" not in out
        assert run_script(page, "import js\njs.eval('1')\n")["ok"] is False  # no eval either
        assert _Counting.hits == []
        # (The refusals are reported; nothing else is.)
        assert [e for e in errors if "Content Security Policy" not in e] == []
        # The same page from a server that sends no header: the fetch leaves.
        page.goto(f"http://127.0.0.1:{plain.server_address[1]}/index.html#/jmc?paused=1")
        wait_until(page, "document.documentElement.dataset.state === 'ready'",
                   timeout=BOOT_TIMEOUT_MS)
        assert run_script(page, _leak_attempt(elsewhere))["ok"]
        until_output(page, "it left")
        assert _Counting.hits == ["/leak"]
    finally:
        context.close()
        other.shutdown()
        plain.shutdown()


def test_each_machine_runs_its_examples_in_the_page(open_page, page_log):
    page = open_page("#/tetris")
    OUT.mkdir(exist_ok=True)
    for machine in ("tetris", "backgammon", "pacman", "crpg", "jmc"):
        page.evaluate("id => window.retroscope.load(id)", machine)
        page.click(tid("tabbtn-script"))
        expect(page.locator(f"{tid('script-editor')} .cm-content")).to_contain_text(
            '"""', timeout=UI_MS)
        names = page.locator(f"{tid('script-examples')} option").all_text_contents()[1:]
        assert names, machine
        for index in range(len(names)):
            page.select_option(tid("script-examples"), index=index + 1)
            page.click(tid("script-run"))
            expect(page.locator(tid("script-status"))).not_to_have_text("not running",
                                                                        timeout=UI_MS)
            page.evaluate("window.retroscope.runFrames(40)")
            status = page.evaluate("window.retroscope.scriptStatus()")
            assert status in ("running", "done"), (machine, names[index], script_output(page))
        page.screenshot(path=str(OUT / f"e2e-script-{machine}.png"))
        page.click(tid("script-stop"))
    assert page_log.console_errors == []
