"""The build: dist/ holds what the page loads and nothing it does not; the wheel is sound."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tools.paths import PYODIDE_DIR, PYODIDE_RUNTIME
from tools.wheel import build_wheel, package_files

REPO = Path(__file__).resolve().parents[2]


DIST = Path(os.environ.get("RETROSCOPE_DIST", REPO / "dist"))


@pytest.fixture(scope="module")
def dist() -> Path:
    if not (DIST / "manifest.json").exists():
        pytest.skip("dist/ is not built: run the tests through `python3 build.py test`")
    return DIST


def test_the_wheel_carries_the_package_sources_and_valid_metadata(tmp_path):
    wheel = build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        record = zf.read(next(n for n in names if n.endswith("RECORD"))).decode()
    assert "retroscope/__init__.py" in names
    assert "retroscope/worker_api.py" in names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
    assert {f"retroscope/{p.relative_to(REPO / 'py' / 'retroscope').as_posix()}"
            for p in package_files()} <= names
    assert all(line.split(",")[0] in names for line in record.splitlines())


def test_the_wheel_installs_the_command_and_names_its_extras(tmp_path):
    """pip reads these: the `retroscope` command, and extras that only add."""
    with zipfile.ZipFile(build_wheel(tmp_path)) as zf:
        info = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA")).split("/")[0]
        meta = zf.read(f"{info}/METADATA").decode()
        entry = zf.read(f"{info}/entry_points.txt").decode()
    assert "retroscope = retroscope.cli:main" in entry.split("[console_scripts]")[1]
    requires = [line for line in meta.splitlines() if line.startswith("Requires-Dist:")]
    assert requires and all("; extra ==" in line for line in requires)  # stdlib only else
    assert {"Provides-Extra: gym", "Provides-Extra: tune"} <= set(meta.splitlines())


def test_the_wheel_ships_exactly_the_files_git_tracks_under_the_package(tmp_path):
    """A machine that adds a .bin tile set or a font must find it in the browser."""
    try:
        listed = subprocess.run(["git", "ls-files", "py/"], cwd=REPO, capture_output=True,
                                text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    # Files git tracks that were deleted in the work tree are not shipped, of course.
    tracked = {name.removeprefix("py/") for name in listed if (REPO / name).is_file()}
    with zipfile.ZipFile(build_wheel(tmp_path)) as zf:
        # The programs assembled at build time (tools/images.py) ship but are not in git.
        shipped = {n for n in zf.namelist() if not n.split("/")[0].endswith(".dist-info")
                   and not n.startswith("retroscope/_images/")}
    assert shipped == tracked, (
        f"tracked but not shipped: {sorted(tracked - shipped)}; "
        f"shipped but not tracked (add them to git, or they are caches): "
        f"{sorted(shipped - tracked)}")


def test_the_scripts_that_ship_are_read_from_the_wheel_as_the_page_imports_it(tmp_path):
    """The page imports the package from its wheel, a zip (on its path): the
    example scripts are package data read through importlib.resources."""
    wheel = build_wheel(tmp_path)
    probe = ("import sys; from retroscope.script import shipped as examples; "
             "print(examples.__file__.startswith(sys.argv[1]), "
             "len(examples.for_machine('tetris')[0]['text']) > 100)")
    # (The wheel first on the child's path, as the worker puts it; no user site.)
    out = subprocess.run([sys.executable, "-s", "-c", probe, str(wheel)], capture_output=True,
                         text=True, check=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(wheel)}).stdout
    assert out.split() == ["True", "True"]


def test_the_wheel_is_reproducible(tmp_path):
    a = build_wheel(tmp_path / "a").read_bytes()
    b = build_wheel(tmp_path / "b").read_bytes()
    assert a == b


def test_dist_holds_exactly_the_page_the_runtime_and_the_wheel(dist):
    files = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    manifest = json.loads((dist / "manifest.json").read_text())
    app = manifest["app"]
    pyodide = {f"{PYODIDE_DIR}{name}" for name in PYODIDE_RUNTIME}
    assert {f for f in files if f.startswith("pyodide/")} == pyodide
    assert manifest["wheel"] in files
    assert [f for f in files if f.startswith("py/")] == [manifest["wheel"]]
    assert [f for f in files if f.startswith("snapshot/")] == (
        [manifest["snapshot"]] if "snapshot" in manifest else [])
    shipped = {f.removeprefix(app) for f in files if f.startswith(app)}
    sources = {p.relative_to(REPO).as_posix()
               for folder in ("web", "static") for p in (REPO / folder).rglob("*") if p.is_file()}
    from tools.icons import home_screen_icons

    assert shipped == sources | {"web/panels/machine-panels.json", "manifest.json",
                                 *home_screen_icons()}
    # Besides it, at most the previous build's app folder, whole (tools/site.py).
    previous = manifest.get("previous_app")
    assert {f for f in files if f.startswith("app/") and not f.startswith(app)} == (
        {p.relative_to(dist).as_posix() for p in (dist / previous).rglob("*") if p.is_file()}
        if previous else set())
    assert previous is None or previous != app and (dist / previous / "web/main.js").is_file()
    # The editor's modules and the wheels a script installs (tools/vendor.py),
    # kept for offline use with the rest.
    site_files = {f for f in files if f.startswith(("vendor/", "wheels/"))}
    assert site_files and site_files <= set(manifest["files"])
    assert files - {f for f in files if f.startswith(("app/", "pyodide/", "py/", "snapshot/",
                                                        "vendor/", "wheels/"))} \
        == {"index.html", "manifest.json", "sw.js"}


def test_the_service_worker_keeps_the_whole_build_and_nothing_else(dist):
    """web/sw.js keeps what the app manifest lists (app_files in the app
    folder, files from the root) and index.html: every file of this build,
    none of the previous one's, and the one dist/sw.js of this build runs."""
    manifest = json.loads((dist / "manifest.json").read_text())
    app = manifest["app"]
    inner = json.loads((dist / app / "manifest.json").read_text())
    kept = {app + f for f in inner["app_files"]} | set(inner["files"]) | {"index.html"}
    files = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    previous = manifest.get("previous_app") or "app/none/"
    assert kept == {f for f in files if not f.startswith(previous)} - {"sw.js", "manifest.json"}
    sw = (dist / "sw.js").read_text()
    assert f'self.RETROSCOPE_APP = "{app}";' in sw
    assert f'importScripts("{app}web/sw.js");' in sw
    assert re.findall(r"app/[0-9a-f]{16}/", sw) == [app] * 3


def test_the_web_app_manifest_makes_the_site_installable(dist):
    """Its icons (drawn from static/icon.svg: tools/icons.py) and start_url
    resolve from its place in the app folder to the files and the page."""
    import struct
    import zlib
    from urllib.parse import urljoin

    app = json.loads((dist / "manifest.json").read_text())["app"]
    index = (dist / "index.html").read_text()
    where = re.search(r'<link rel="manifest" href="([^"]+)"', index).group(1)
    assert where == f"{app}static/retroscope.webmanifest"
    web = json.loads((dist / where).read_text())
    assert web["display"] == "standalone" and web["name"] and web["short_name"]
    assert urljoin(f"/{where}", web["start_url"]) == "/index.html"
    assert urljoin(f"/{where}", web["scope"]) == "/"
    sizes = set()
    for icon in web["icons"]:
        path = dist / urljoin(f"/{where}", icon["src"]).lstrip("/")
        data = path.read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}", icon
            zlib.decompress(data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8])
            sizes.add(width)
    assert {192, 512} <= sizes  # what a browser asks for to install


def test_the_previous_app_folder_is_taken_from_the_manifest_only_when_sound(tmp_path):
    from tools.site import served_apps

    assert served_apps(tmp_path) == (None, None)  # no dist/ yet
    (tmp_path / "app/0123456789abcdef").mkdir(parents=True)
    (tmp_path / "app/00000000000000ff").mkdir(parents=True)
    for app, kept in [("app/0123456789abcdef/", True), ("app/fedcba9876543210/", False),
                      ("app/../../etc/", False), (7, False)]:
        (tmp_path / "manifest.json").write_text(json.dumps(
            {"app": app, "previous_app": "app/00000000000000ff/"}))
        assert served_apps(tmp_path) == (app if kept else None, "app/00000000000000ff/"), app
    for text in ("{not json", "[]"):
        (tmp_path / "manifest.json").write_text(text)
        assert served_apps(tmp_path) == (None, None)


def test_every_path_but_the_page_names_its_content(dist):
    """index.html names app/<hash>/, whose hash is of what is in it; the
    worker's manifest is the tools' one (tools/site.py, tools/serve.py)."""
    import hashlib

    manifest = json.loads((dist / "manifest.json").read_text())
    app = dist / manifest["app"]
    index = (dist / "index.html").read_text()
    named = re.findall(r"""["']((?:web|static|app)/[^"']+)["']""", index)
    assert len(named) == 6 and all(n.startswith(manifest["app"]) for n in named), named
    assert all((dist / n).is_file() for n in named)
    digest = hashlib.sha256()
    for path in sorted(app.rglob("*"), key=lambda p: p.relative_to(app).as_posix()):
        if path.is_file():
            digest.update(path.relative_to(app).as_posix().encode() + b"\0"
                          + hashlib.sha256(path.read_bytes()).digest())
    assert manifest["app"] == f"app/{digest.hexdigest()[:16]}/"
    inner = json.loads((app / "manifest.json").read_text())
    for tools_alone in ("previous_app", "csp", "vendor"):
        manifest.pop(tools_alone, None)
    assert {"app": manifest["app"], **inner} == manifest
    assert (app / inner["root"]).resolve() == dist.resolve()  # root: from the manifest's folder
    assert inner["pyodide_dir"] == PYODIDE_DIR


def test_the_server_caches_for_good_only_what_names_its_content(dist):
    from http.client import HTTPConnection

    from tools.serve import serve_in_thread

    manifest = json.loads((dist / "manifest.json").read_text())
    server, url = serve_in_thread(dist)
    try:
        host, port = server.server_address[:2]
        paths = (("/index.html", False), (f"/{manifest['app']}web/main.js", True),
                 (f"/{PYODIDE_DIR}pyodide.mjs", True), (f"/{manifest['wheel']}", True),
                 (f"/{manifest['micropip']}", True),
                 (manifest["vendor"]["@codemirror/view"].removeprefix("."), True))
        for path, for_good in paths:
            conn = HTTPConnection(host, port)
            conn.request("HEAD", path)
            reply = conn.getresponse()
            assert reply.status == 200, path
            assert ("immutable" in reply.getheader("Cache-Control")) == for_good, path
            conn.close()
    finally:
        server.shutdown()
        server.server_close()


def test_the_editor_modules_are_named_by_their_content_in_the_import_map(dist):
    """index.html maps each bare name CodeMirror imports to a file of dist/
    under its content's hash, and each file imports only names of the map."""
    import hashlib

    from tools.vendor import NPM_PACKAGES, module_imports

    manifest = json.loads((dist / "manifest.json").read_text())
    index = (dist / "index.html").read_text()
    found = re.search(r'<script type="importmap">(.*?)</script>', index, re.S)
    imports = json.loads(found.group(1))["imports"]
    assert imports == manifest["vendor"]
    assert set(imports) == {p.name for p in NPM_PACKAGES} >= {"@codemirror/view",
                                                               "@codemirror/lang-python"}
    for path in imports.values():
        assert path.startswith("./vendor/")  # (an import map's value is a URL)
        data = (dist / path).read_bytes()
        assert path.split("/")[2] == hashlib.sha256(data).hexdigest()[:16]
        assert module_imports(data.decode()) <= set(imports), path


def test_the_page_and_the_server_carry_the_policy_that_keeps_fetches_home(dist):
    """The CSP in index.html names its inline scripts by hash and allows
    connections to the site alone; the server sends it as a header (a worker
    obeys only its own script's header)."""
    from http.client import HTTPConnection

    from tools import csp
    from tools.serve import serve_in_thread

    manifest = json.loads((dist / "manifest.json").read_text())
    index = (dist / "index.html").read_text()
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', index)
    assert meta.group(1) == manifest["csp"] == csp.policy(index)
    assert index.index("Content-Security-Policy") < index.index("<script")
    policy = dict(part.strip().split(" ", 1) for part in manifest["csp"].split(";"))
    assert policy["connect-src"] == "'self'" and policy["default-src"] == "'self'"
    assert "unsafe-eval'" not in policy["script-src"].replace("wasm-unsafe-eval", "")
    assert policy["script-src"].count("'sha256-") == 2  # the worker's start, the import map
    server, _ = serve_in_thread(dist)
    try:
        host, port = server.server_address[:2]
        for path in ("/index.html", f"/{manifest['app']}web/worker.js"):
            conn = HTTPConnection(host, port)
            conn.request("HEAD", path)
            assert conn.getresponse().getheader("Content-Security-Policy") == csp.header(
                manifest["csp"])
            conn.close()
    finally:
        server.shutdown()
        server.server_close()


def test_the_site_serves_micropip_and_an_index_of_its_wheels(dist):
    import hashlib

    from tools.vendor import MICROPIP

    manifest = json.loads((dist / "manifest.json").read_text())
    wheel = dist / manifest["micropip"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == MICROPIP.sha256
    page = (dist / manifest["wheel_index"].format(package_name="micropip")).read_text()
    assert f'href="{MICROPIP.filename}#sha256={MICROPIP.sha256}"' in page
    assert wheel.parent == (dist / manifest["wheel_index"]).parent


def test_every_module_the_page_imports_is_in_dist(dist):
    """Static imports and the worker script resolve to files that exist."""
    web = dist / json.loads((dist / "manifest.json").read_text())["app"] / "web"
    pattern = re.compile(r"""(?:import\s[^"']*?from\s|import\s*\(?)\s*["'](\.{1,2}/[^"']+)["']""")
    for script in web.rglob("*.js"):
        for target in pattern.findall(script.read_text()):
            if "${" in target:
                continue
            assert (script.parent / target).resolve().exists(), f"{script.name} imports {target}"
    assert (web / "worker.js").exists()


def test_nothing_in_the_page_names_another_origin(dist):
    for path in [dist / "index.html", *(dist / "app").rglob("*")]:
        if path.is_file() and path.suffix in {".html", ".js", ".css"}:
            text = path.read_text()
            assert not re.search(r"https?://(?!127\.0\.0\.1)", text), path


def test_the_wheel_in_dist_ships_every_machine_program_assembled(dist):
    """tools/images.py: the page reads these instead of assembling at boot."""
    from tools.images import IMAGES
    manifest = json.loads((dist / "manifest.json").read_text())
    with zipfile.ZipFile(dist / manifest["wheel"]) as zf:
        shipped = {n.removeprefix("retroscope/_images/") for n in zf.namelist()
                   if n.startswith("retroscope/_images/")}
    assert len(shipped) >= 6  # five machines' programs and the FDS BIOS
    assert shipped == {p.name for p in IMAGES.glob("*.json.gz")}


@pytest.mark.long
def test_the_snapshot_is_reproducible(tmp_path):
    """Two snapshots of the same wheel are the same bytes (tools/snapshot.mjs
    runs the maker on fixed clocks and a seeded random source; the warm-up
    seeds `random`). About a minute of node each."""
    import shutil

    from tools.paths import PYODIDE_CACHE
    from tools.snapshot import SCRIPT, WARM
    node = shutil.which("node")
    if node is None or not (PYODIDE_CACHE / "pyodide.asm.wasm").exists():
        pytest.skip("needs node and the pyodide package in .cache")
    wheel = build_wheel(tmp_path / "wheel")
    made = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.snapshot"
        subprocess.run([node, str(SCRIPT), str(PYODIDE_CACHE), str(wheel), str(WARM), str(out)],
                       cwd=REPO, check=True, capture_output=True, timeout=900)
        made.append(out.read_bytes())
    assert len(made[0]) > 10_000_000
    if made[0] != made[1]:
        differing = sum(1 for x, y in zip(made[0], made[1], strict=False) if x != y)
        pytest.fail(f"{differing} bytes differ (sizes {len(made[0])}, {len(made[1])})")
