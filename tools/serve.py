"""A static file server for dist/ on 127.0.0.1 with the MIME types the page
needs, sending a file's gzipped twin (`<name>.gz`, tools/site.py) to a browser
that accepts gzip, as nginx's gzip_static does."""

from __future__ import annotations

import functools
import os
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
}


class DistHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def send_head(self):  # noqa: ANN201 (a file object or None, as in the base class)
        twin = self._gzip_twin()
        if twin is None:
            return super().send_head()
        # The base class's send_head, for a file we know exists, but sending
        # the twin's bytes under the file's own type.
        try:
            f = open(twin, "rb")  # noqa: SIM115 (the base class closes it after copying)
        except OSError:
            return super().send_head()
        size = os.fstat(f.fileno()).st_size
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(twin[:-3]))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        return f

    def _gzip_twin(self) -> str | None:
        """The twin to send instead of the file asked for, if any."""
        accepted = self.headers.get("Accept-Encoding", "")
        if "gzip" not in {part.split(";")[0].strip() for part in accepted.split(",")}:
            return None
        path = self.translate_path(self.path)
        twin = path + ".gz"
        if os.path.isfile(path) and os.path.isfile(twin):
            return twin
        return None

    def end_headers(self) -> None:
        # A path that names its content (a hash or the pinned Pyodide version:
        # tools/site.py) never changes: cached for good, so a reload asks for
        # nothing but the page. The page, which names them, always revalidates.
        hashed = self.path.startswith(("/app/", "/pyodide/", "/py/", "/snapshot/"))
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if hashed
                         else "no-cache")
        self.send_header("Vary", "Accept-Encoding")
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
