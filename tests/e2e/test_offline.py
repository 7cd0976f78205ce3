"""The site offline after one visit (web/sw.js, web/offline.js), on a phone:
the service worker keeps exactly the files the build's manifest names, the
page reloads and plays with no network, it is installable, and a new build
takes over whole: kept beside the old one, which its page goes on using
(even once the server has dropped it), until the page lets it in; then only
the new build is kept, and it too opens offline."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harness.page import BOOT_TIMEOUT_MS, DIST, wait_until
from harness.touch import PHONE, Fingers, centre
from tools.serve import serve_in_thread

SLOW = 60_000


def link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:  # another file system
        shutil.copyfile(src, dst)


@pytest.fixture
def site_copy(tmp_path):
    """dist/ copied (hard links: no bytes copied) and served on its own, so
    that a test can deploy a new build into it; -> (folder, url)."""
    if not (DIST / "index.html").exists():
        pytest.skip("dist/ is not built: run the tests through `python3 build.py test`")
    root = tmp_path / "site"
    shutil.copytree(DIST, root, copy_function=link_or_copy)
    server, url = serve_in_thread(root)
    yield root, url
    server.shutdown()
    server.server_close()


def deploy_new_build(root: Path) -> str:
    """What tools/site.py does for a build that changes one file of the app
    (the runtime, wheel and snapshot unchanged): a new app folder, its page
    and its service worker. Returns its app folder."""
    manifest = json.loads((root / "manifest.json").read_text())
    old = manifest["app"]
    new = f"app/{'f' * 16}/"
    (root / new).mkdir(parents=True)
    for path in (root / old).rglob("*"):
        if path.is_file():
            target = root / new / path.relative_to(root / old)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    with (root / new / "static/style.css").open("a") as css:
        css.write("\n/* the new build */\n")
    for name in ("index.html", "sw.js"):
        replace(root / name, (root / name).read_text().replace(old, new))
    replace(root / "manifest.json", json.dumps({**manifest, "app": new, "previous_app": old}))
    return new


def replace(path: Path, text: str) -> None:
    """A new file in place of the old (which is a hard link to dist/'s)."""
    path.unlink()
    path.write_text(text)


def kept(page) -> dict[str, list[str]]:
    """Each of the origin's caches -> the paths it keeps."""
    return page.evaluate("""async () => {
      const out = {};
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        out[name] = (await cache.keys()).map(r => new URL(r.url).pathname.slice(1)).sort();
      }
      return out;
    }""")


def build_files(root: Path, app: str) -> list[str]:
    inner = json.loads((root / app / "manifest.json").read_text())
    return sorted([*(app + f for f in inner["app_files"]), *inner["files"], "index.html"])


def booted(page) -> None:
    page.wait_for_function("document.documentElement.dataset.state !== 'booting'",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.state") == "ready"


def plays(page) -> None:
    """The machine runs and a tap on A turns the piece."""
    frame = page.evaluate("window.retroscope.frame()")
    page.wait_for_function(f"window.retroscope.frame() > {frame + 10}", timeout=SLOW)
    wait_until(page, "window.retroscope.read(0x42, 1).then(b => b[0] === 8)", timeout=SLOW)
    Fingers(page).tap(centre(page, "touch-A"))
    wait_until(page, "window.retroscope.read(0x42, 1).then(b => b[0] === 9)", timeout=SLOW)


def test_the_site_opens_offline_after_one_visit_and_a_new_build_takes_over_whole(
        browser_type, browser_type_launch_args, site_copy, tmp_path):
    root, url = site_copy
    # A profile on disk, as a person's browser has (a private window installs nothing).
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, **PHONE, service_workers="allow",
        bypass_csp=True)  # (conftest: browser_context_args)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    old = json.loads((root / "manifest.json").read_text())["app"]
    try:
        page.goto(f"{url}index.html#/tetris?seed=8988")
        booted(page)
        wait_until(page, "window.retroscope.offline().state !== 'installing'", timeout=SLOW)
        assert page.evaluate("window.retroscope.offline()")["state"] == "ready"
        assert kept(page) == {f"retroscope-{old.split('/')[1]}": build_files(root, old)}
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest")["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

        context.set_offline(True)
        page.reload()
        booted(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        plays(page)
        context.set_offline(False)

        # A new build on the server: kept beside the old, the page told.
        new = deploy_new_build(root)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        offer = page.locator("[data-testid=update-reload]")
        expect(offer).to_be_visible(timeout=SLOW)
        assert set(kept(page)) == {f"retroscope-{a.split('/')[1]}" for a in (old, new)}
        assert kept(page)[f"retroscope-{new.split('/')[1]}"] == build_files(root, new)
        # The server drops the old build: its page goes on from its own cache
        # (another machine's panel module, first asked for now).
        shutil.rmtree(root / old)
        page.evaluate("window.retroscope.load('jmc', {})")
        expect(page.locator("[data-testid=jmc-new-game]")).to_be_visible(timeout=SLOW)
        assert old in page.evaluate("document.querySelector('script[type=module]').src")

        offer.click()                          # the page lets the new build in
        page.wait_for_function(f"document.querySelector('script[type=module]').src"
                               f".includes('{new}')", timeout=SLOW)
        booted(page)
        assert kept(page) == {f"retroscope-{new.split('/')[1]}": build_files(root, new)}
        assert page.evaluate("window.retroscope.offline()")["state"] == "ready"

        context.set_offline(True)
        page.goto("about:blank")
        page.goto(f"{url}index.html#/tetris?seed=8988")
        booted(page)
        assert new in page.evaluate("document.querySelector('link[rel=stylesheet]').href")
        plays(page)
        assert all(r.startswith(url) for r in requests), "nothing from another origin"
        assert errors == []
    finally:
        context.close()
