"""What the site serves that others wrote: CodeMirror 6 (the page's editor)
from npm and micropip (a script's package installer) from PyPI, pinned.

Each is fetched once with its ordinary client (`npm pack`, `pip download`)
into .cache/, as `ensure_pyodide` does Pyodide, checked against the pinned
digest, and served from dist/ under paths named by their content
(tools/site.py). Nothing is fetched from elsewhere at run time: the page
maps the editor's bare module names ("@codemirror/view") to those files
with an import map, and the worker installs micropip from its own origin.

Why an import map and no bundler: CodeMirror's packages are ES modules that
import each other by bare name. An import map lets the browser load them as
they are published (no build step, no bundler to pin, the files the npm
registry signed), and the editor's modules load only when the Script tab
first shows an editor.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .paths import CACHE
from .setup_env import SetupError, log, npm_pack, venv_python

NPM_CACHE = CACHE / "npm"
WHEEL_CACHE = CACHE / "wheels"


@dataclass(frozen=True)
class NpmPackage:
    name: str
    version: str
    integrity: str  # the registry's dist.integrity (sha512 of the tarball)

    @property
    def folder(self) -> Path:
        return NPM_CACHE / f"{self.name.replace('/', '+')}@{self.version}"


# CodeMirror 6 and what it imports, each at the version every importer's
# range accepts. ("codemirror" itself is not among them: its 6.65.7 on npm is
# CodeMirror 5's code published under a 6.x number, and the 6.x meta package
# only gathers these; web/editor.js picks its own extensions.)
NPM_PACKAGES: tuple[NpmPackage, ...] = (
    NpmPackage("@codemirror/state", "6.7.6", "sha512-kAz+AncRtKuIknedxT1bq4XwXv4UowhbkHU1myPrtVb/jZtImWuV5BXzv5vK6i3kYACsdiZiQKFQQ5Mq7elW8w=="),  # noqa: E501
    NpmPackage("@codemirror/view", "6.43.15", "sha512-HHsfpqFeHyXLs983pSRe38Xajs0vFWZQ2BuX0m7Ki8w3jZ5iD8cuR3lBz2/5/X53Dhf32SBHKh6rtSTB6tKeGw=="),  # noqa: E501
    NpmPackage("@codemirror/language", "6.13.1", "sha512-zfvU2r3TyylQLMj/te+5CnQ0rSqZi8B1oTCBbQkagcLW4Xc6imab6qN+pEJhsuNOLaJqiRyBXp9UhWA1DhVvDw=="),  # noqa: E501
    NpmPackage("@codemirror/streamparser", "6.0.0", "sha512-JTFPF6xrfjt0mnfGPgzcLiMwYmvIyNaoizp8BYzv8FE8KrT6GBGDZ190rtt+O7Wke3gG/MFHyiY9YGNeimof4w=="),  # noqa: E501
    NpmPackage("@codemirror/commands", "6.11.1", "sha512-O/4hG3SC1YwcmQ0d2UVNDs+AsaNWd1iHVxbTeEBuqH+6bExAiPK3iS/BvpY6rZGURALv4ZD3sIgcCmRvw3ehBg=="),  # noqa: E501
    NpmPackage("@codemirror/search", "6.7.2", "sha512-gUYkYhT2+n/+VGZ+8EzE5WFkYZUZYm1VOKDudIsNqh42uRVQJ0a6Yss9sdKT3MeOYfuL1N6AZA57oza0Oyr0LA=="),  # noqa: E501
    NpmPackage("@codemirror/autocomplete", "6.20.4", "sha512-yF8RhOf2SXlg00+qtupzLhrglcas61boqaONiNcbPIebHCpJocpqTBA6dyrtUrQO47hqyTdeob/3XnYilT7TaQ=="),  # noqa: E501
    NpmPackage("@codemirror/lint", "6.9.8", "sha512-qNvtcE73xUto/D1RvtgSRI4A1Hg8ekxlvtZpjHpdpisLBnhyu82EUEJMEgaxkjuQCA8vqnrylENWKOsEDCOHcw=="),  # noqa: E501
    NpmPackage("@codemirror/lang-python", "6.2.1", "sha512-IRjC8RUBhn9mGR9ywecNhB51yePWCGgvHfY1lWN/Mrp3cKuHr0isDKia+9HnvhiWNnMpbGhWrkhuWOc09exRyw=="),  # noqa: E501
    NpmPackage("@lezer/common", "1.5.5", "sha512-Pw7PVCndruF1pb3ebCxpSVpkMHSDjwRCLcTRw+RizUKco5QbWylwq2g4lnG/RYN7yTTQDXE9F77MwtkAyphrjg=="),  # noqa: E501
    NpmPackage("@lezer/highlight", "1.2.5", "sha512-O1GMVKgtf5YspFaRzpmqkVgMtIk2HG9uMAbH6wdAIdNh3TVzCsch/+cRi+6l2//UGDKe6NB9BW3cvuR5ezMQ0w=="),  # noqa: E501
    NpmPackage("@lezer/lr", "1.4.12", "sha512-On9HU4oMMiHPMkQDgoTnGahjgG5n/MkN38CgG77sMraKLL+3JBbeQNi1FcCXV9QRqwF9/BUXP3caHyJC1fBOTQ=="),  # noqa: E501
    NpmPackage("@lezer/python", "1.1.19", "sha512-MhQIURHRytsNzP/YXnqpYKW6la6voAH3kyplTOOiCdjyFY6cWWGFVmYVdHIPrElqSDf4iCDktQCockB9FxuhzQ=="),  # noqa: E501
    NpmPackage("style-mod", "4.1.4", "sha512-XXWIQt633/EpAFx8aZDOTjBzrCaGmhvEQlQo6MVPfa2OzO2cWo+4hV9h+6UkHYlXGfy+ODXKUdP7Pthmcu5ATw=="),  # noqa: E501
    NpmPackage("w3c-keyname", "2.2.8", "sha512-dpojBhNsCNN7T82Tm7k26A6G9ML3NkhDsnw9n/eoxSRlVBB4CEtIQ/KTCLI2Fwf3ataSXRhYFkQi3SlnFwPvPQ=="),  # noqa: E501
    NpmPackage("crelt", "1.0.7", "sha512-aK6BbWfhf4U/wCcLHKPJl/xa6VkVstRaPywWtMKGwuOLc/wZTyQYuoxgvZnNsBvv7Kg3YTBQYYBCggcviQczuA=="),  # noqa: E501
    NpmPackage("@marijn/find-cluster-break", "1.0.4", "sha512-Wy0V7+SGUjnF9/TkiM1hKVDPj7jKXduPNboMVtHTA8dySMURWqfg/JZ9E2Sq8JgSJmkl7k7Qe9FLeMSrSraWmQ=="),  # noqa: E501
)


@dataclass(frozen=True)
class Wheel:
    name: str
    version: str
    sha256: str  # of the wheel PyPI serves
    python: str  # the Python the wheel is for (pip download's --python-version)

    @property
    def filename(self) -> str:
        return f"{self.name}-{self.version}-py3-none-any.whl"


# Pure-Python wheels the site serves (dist/wheels/, with a PEP 503 index a
# script's micropip looks in): micropip itself (it vendors `packaging`).
WHEELS: tuple[Wheel, ...] = (
    Wheel("micropip", "0.11.1",
          "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3", "3.14"),
)
MICROPIP = WHEELS[0]


def _integrity_ok(data: bytes, integrity: str) -> bool:
    algorithm, _, digest = integrity.partition("-")
    return base64.b64encode(hashlib.new(algorithm, data).digest()).decode() == digest


def _fetch_npm(package: NpmPackage) -> None:
    def check(tarball: bytes) -> str | None:
        return (None if _integrity_ok(tarball, package.integrity)
                else f"it does not match its pinned integrity {package.integrity[:20]}...")
    npm_pack(f"{package.name}@{package.version}", package.folder, check)
    (package.folder / ".integrity").write_text(package.integrity)


def _entry(folder: Path) -> Path:
    """The ES module a package's "import" names (package.json)."""
    meta = json.loads((folder / "package.json").read_text())
    exports = meta.get("exports")
    if isinstance(exports, dict):
        exports = exports.get(".", exports)
        if isinstance(exports, dict):
            exports = exports.get("import", exports.get("default"))
    entry = exports if isinstance(exports, str) else meta.get("module") or meta.get("main")
    if not isinstance(entry, str):
        raise SetupError(f"{folder.name} names no ES module")
    return folder / entry


# `import ... from "x"` and `export ... from "x"` (over lines), `import "x"`, `import("x")`
_IMPORTS = (
    re.compile(r"""(?m)^\s*(?:import|export)\b[^;'"]*?\bfrom\s*(["'])([^"'\n]+)\1"""),
    re.compile(r"""(?m)^\s*import\s*(["'])([^"'\n]+)\1"""),
    re.compile(r"""\bimport\(\s*(["'])([^"'\n]+)\1\s*\)"""),
)


def module_imports(text: str) -> set[str]:
    """The module specifiers an ES module's text imports."""
    return {m.group(2) for pattern in _IMPORTS for m in pattern.finditer(text)}


def ensure_npm_modules() -> dict[str, Path]:
    """Every pinned package's ES module by its bare name, fetched once. Each
    must import nothing but the others (one file each: no relative imports)."""
    modules: dict[str, Path] = {}
    for package in NPM_PACKAGES:
        stamp = package.folder / ".integrity"
        if not stamp.exists() or stamp.read_text() != package.integrity:
            _fetch_npm(package)
        modules[package.name] = _entry(package.folder)
    for name, path in modules.items():
        stray = module_imports(path.read_text()) - set(modules)
        if stray:
            raise SetupError(f"{name} imports {sorted(stray)}, which the page does not serve")
    return modules


def ensure_wheels() -> dict[str, Path]:
    """The site's wheels by file name, fetched once with pip and checked."""
    out: dict[str, Path] = {}
    for wheel in WHEELS:
        path = WHEEL_CACHE / wheel.filename
        if not path.exists() or hashlib.sha256(path.read_bytes()).hexdigest() != wheel.sha256:
            WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
            log(f"fetching {wheel.filename} from PyPI")
            python = venv_python() if venv_python().exists() else Path(sys.executable)
            with tempfile.TemporaryDirectory(dir=WHEEL_CACHE) as tmp:
                result = subprocess.run(
                    [str(python), "-m", "pip", "download", "--disable-pip-version-check", "-q",
                     "--no-deps", "--only-binary=:all:", "--python-version", wheel.python,
                     "-d", tmp, f"{wheel.name}=={wheel.version}"],
                    capture_output=True, text=True)
                got = Path(tmp) / wheel.filename
                if result.returncode != 0 or not got.exists():
                    raise SetupError(f"pip could not download {wheel.filename}:\n"
                                     f"{result.stderr}")
                if hashlib.sha256(got.read_bytes()).hexdigest() != wheel.sha256:
                    raise SetupError(f"{wheel.filename} from PyPI does not match its pinned "
                                     f"sha256 {wheel.sha256[:16]}...")
                shutil.move(str(got), path)
        out[wheel.filename] = path
    return out


def wheel_index_page(wheel: Wheel) -> str:
    """A PEP 503 project page for one wheel beside it (micropip's index: the
    HTML form, whose relative links micropip resolves against the page)."""
    return (f"<!DOCTYPE html>\n<html><head><meta name=\"pypi:repository-version\" "
            f"content=\"1.0\"><title>Links for {wheel.name}</title></head>\n<body>"
            f"<h1>Links for {wheel.name}</h1>\n<a href=\"{wheel.filename}#sha256={wheel.sha256}\">"
            f"{wheel.filename}</a><br>\n</body></html>\n")
