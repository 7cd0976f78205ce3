#!/usr/bin/env python3
"""Retroscope's one entry point: set-up, build, serve, test, bench.

    python3 build.py serve [--port 8000]   set up, build dist/, serve it on 127.0.0.1
    python3 build.py build                 set up and build dist/ only
    python3 build.py test [--long] [pytest args]
                                           set up (chromium too), build, run pytest
                                           on parallel workers (RETROSCOPE_TEST_WORKERS)
    python3 build.py test --quick          the unit tests only, no site build
    python3 build.py bench                 set up, build, print the benchmark figures
    python3 build.py bench boot            the page's boot figures only (cold loads, reloads)
    python3 build.py bench moment          opening a moment 20,000 frames into play, per machine
    python3 build.py bench script          a script with an empty on_frame against none
    python3 build.py bench srcedit         each machine's program assembled and applied (a source
                                           edit), in CPython and in the page
    python3 build.py bench phone           the boot with the CPU slowed 4x, and the service
                                           worker's cost (tools/bench_phone.py)
    python3 build.py bench ai [--quick]    the Tetris AI's games (level 18, 30 Hz taps)
    python3 build.py bench aipage [--hog]  the Tetris AI at max in the page (lines a minute,
                                           level 18 to 29; --hog: beside a busy core)

Set-up is idempotent: a venv in .venv with requirements-dev.txt, the pinned
pyodide npm package in .cache, Debian's chromium for the browser tests.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from tools.paths import DEFAULT_PORT, DIST, REPO
from tools.setup_env import SetupError, ensure_chromium, ensure_venv, log


def cmd_build(_: argparse.Namespace) -> int:
    from tools.site import build_site

    ensure_venv()
    build_site()
    log(f"built {DIST}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from tools.serve import serve_forever

    cmd_build(args)
    serve_forever(DIST, args.port)
    return 0


# The quick tier: the pure unit tests, no site build, no browser.
QUICK_PATHS = ["tests/unit"]


def test_workers(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's options: one worker per core, and one more for the
    browser tests, which mostly wait on the page (RETROSCOPE_TEST_WORKERS
    overrides; 0 runs in this process). None when the caller chose (-n)."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in pytest_args):
        return []
    wanted = os.environ.get("RETROSCOPE_TEST_WORKERS")
    workers = int(wanted) if wanted and wanted.isdigit() else (os.cpu_count() or 1) + 1
    # worksteal: a worker that runs out takes tests queued on a busy one.
    return ["-n", str(workers), "--dist", "worksteal"] if workers > 1 else []


def test_paths(pytest_args: list[str]) -> list[str]:
    """The test files and folders among pytest's arguments (what exists on disk)."""
    return [a for a in pytest_args
            if not a.startswith("-") and (REPO / a.split("::")[0]).exists()]


def needs_site(paths: list[str]) -> bool:
    """Do these tests include the browser tests, which need dist/?"""
    return any("e2e" in p or p.rstrip("/") == "tests" for p in paths)


def cmd_test(args: argparse.Namespace, pytest_args: list[str]) -> int:
    python = ensure_venv()
    from tools.images import ensure_images

    env = dict(os.environ)
    paths = test_paths(pytest_args)
    selected = [*pytest_args, *([] if paths else QUICK_PATHS if args.quick else ["tests"])]
    if not args.quick and needs_site(paths or ["tests"]):
        from tools.site import build_site

        build_site()
        env.update(CHROMIUM=ensure_chromium(), RETROSCOPE_DIST=str(DIST))
    else:
        ensure_images()  # machines boot from their prebuilt programs, as in the page
    command = [str(python), "-m", "pytest", *test_workers(selected)]
    if args.long:
        env["RETROSCOPE_LONG"] = "1"
    else:
        command += ["-m", "not long"]
    command += selected
    log(" ".join(command[2:]))
    # pytest's exit code is ours; "no tests collected" (5) is a failure too.
    return subprocess.run(command, cwd=REPO, env=env).returncode


def cmd_bench(args: argparse.Namespace) -> int:
    python = ensure_venv()
    if args.what == "ai":  # the Tetris AI's play, in CPython: no site or browser needed
        command = [str(python), "-m", "tools.bench_ai", *(["--quick"] if args.quick else []),
                   *args.ai_args]
        return subprocess.run(command, cwd=REPO).returncode
    from tools.site import build_site

    build_site()
    env = dict(os.environ, CHROMIUM=ensure_chromium(), RETROSCOPE_DIST=str(DIST))
    command = [str(python), "-m", "tools.bench", *(["--quick"] if args.quick else []),
               *(["--boot"] if args.what == "boot" else []),
               *(["--moment"] if args.what == "moment" else []),
               *(["--aipage"] if args.what == "aipage" else []),
               *(["--script"] if args.what == "script" else []),
               *(["--hog"] if args.hog else []),
               *(["--phone"] if args.what == "phone" else []),
               *(["--srcedit"] if args.what == "srcedit" else [])]
    return subprocess.run(command, cwd=REPO, env=env).returncode


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="set up and build dist/")
    serve = sub.add_parser("serve", help="build and serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT)
    test = sub.add_parser("test", help="build and run the test suite")
    test.add_argument("--long", action="store_true", help="add the long-running suites")
    test.add_argument("--quick", action="store_true",
                      help="the quick tier: tests/unit only, without building the site")
    bench = sub.add_parser("bench", help="print the benchmark figures")
    bench.add_argument("--quick", action="store_true", help="shorter runs (smoke check)")
    bench.add_argument("--hog", action="store_true",
                       help="aipage: play beside a process keeping one core busy")
    bench.add_argument("what", nargs="?",
                       choices=("speed", "boot", "phone", "moment", "ai", "aipage", "srcedit",
                                "script"),
                       default="speed",
                       help="speed figures (the default), the page's boot only, the boot "
                            "on a phone-class CPU (4x slower), opening long moment links "
                            "only, the Tetris AI's games (tools/bench_ai.py: --games, "
                            "--engine sim|machine, --workers), the Tetris AI at max in "
                            "the page, source edits (assembled and applied), or a "
                            "script's cost only")
    args, rest = parser.parse_known_args(argv)
    args.ai_args = rest if args.command == "bench" and args.what == "ai" else []
    if rest and args.command != "test" and not args.ai_args:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    try:
        if args.command == "build":
            return cmd_build(args)
        if args.command == "serve":
            return cmd_serve(args)
        if args.command == "test":
            return cmd_test(args, rest)
        return cmd_bench(args)
    except SetupError as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
