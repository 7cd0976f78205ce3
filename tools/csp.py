"""The site's Content-Security-Policy: every fetch stays on the site's origin.

A user's script runs in the worker and may reach JavaScript (`import js`),
so the policy, not the script's good manners, keeps a shared script from
sending anything elsewhere: `connect-src 'self'` covers fetch, XHR,
WebSockets and EventSource, in the page and (as the header says it) in the
worker; `script-src` names the page's two inline scripts by their hashes and
lets WebAssembly compile (`'wasm-unsafe-eval'`: Pyodide), nothing else runs
from text. There is no exception for a URL a user types: a script installs
only the wheels this site serves.

The build writes the policy into index.html (a <meta>, for hosts that send
no headers) and into dist/manifest.json; tools/serve.py sends it as a header
on every response, since a worker obeys only the policy its own script came
with (a host of dist/ should send the manifest's `csp` the same way).
"""

from __future__ import annotations

import base64
import hashlib
import re

# The directives that a <meta> cannot carry (the header adds them).
HEADER_ONLY = "frame-ancestors 'none'"

_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S)


def inline_script_hashes(html: str) -> list[str]:
    """'sha256-...' of each inline <script>'s text (import maps included)."""
    return [f"'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"
            for body in _INLINE_SCRIPT.findall(html)]


def policy(html: str) -> str:
    """The policy for a page whose inline scripts are those of `html`."""
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *inline_script_hashes(html)])
    return "; ".join([
        "default-src 'self'",
        f"script-src {scripts}",
        "style-src 'self' 'unsafe-inline'",  # (CodeMirror's and the panels' own styles)
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ])


_META = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")')


def with_policy(html: str, csp: str) -> str:
    """index.html with its policy <meta> filled in."""
    text, count = _META.subn(lambda m: m.group(1) + csp + m.group(2), html)
    if count != 1:
        raise RuntimeError("index.html needs one <meta http-equiv=\"Content-Security-Policy\">")
    return text


def header(csp: str) -> str:
    return f"{csp}; {HEADER_ONLY}"
