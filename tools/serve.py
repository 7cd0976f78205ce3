"""A static file server for dist/ on 127.0.0.1 with the MIME types the page needs."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".snapshot": "application/octet-stream",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}


class DistHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        # A path that names its content (a hash or the pinned Pyodide version:
        # tools/site.py) never changes: cached for good, so a reload asks for
        # nothing but the page. The page, which names them, always revalidates.
        hashed = self.path.startswith(("/app/", "/pyodide/", "/py/", "/snapshot/"))
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if hashed
                         else "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


def make_server(root: Path, port: int, verbose: bool = False) -> ThreadingHTTPServer:
    handler = functools.partial(DistHandler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.verbose = verbose  # type: ignore[attr-defined]
    server.daemon_threads = True
    return server


def serve_in_thread(root: Path, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Start a server on a free port (port=0) in a daemon thread; return it and its URL."""
    server = make_server(root, port)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, real_port = server.server_address[:2]
    return server, f"http://{host}:{real_port}/"


def serve_forever(root: Path, port: int) -> None:
    server = make_server(root, port, verbose=True)
    print(f"Retroscope is served at http://127.0.0.1:{port}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()
