"""`python3 build.py bench`: the speed figures, as ratios measured in one run.

* the page: time from navigation to Python-ready, to the machine's first
  frame drawn, to its running and to the page ready, over 5 cold loads and 5 warm reloads,
  booting from the memory snapshot and the plain way in turns (medians,
  ranges, ratios), each on a quiet machine (SETTLE_S); reloads in a browser
  profile on disk; and the size of dist/ (`build.py bench boot`: these alone);
  with no service worker, as before there was one;
* the boot on a phone-class CPU (4x slower) and the service worker's cost
  to a first visit (tools/bench_phone.py; `build.py bench phone`: alone);
* each CPU core's emulated clock in CPython and in Pyodide (the real page's
  worker, headless chromium; the cores take turns, so that this host's slow
  and fast spells fall on each alike), as a ratio to the original hardware's
  clock; the 6502 also against py65 and the Z80 against the `z80`
  package in the same CPython process; and how each holds over 30 s of
  running in the page from cold (Chromium's wasm tiering);
* what each machine's worker assembled when booted from a link with
  parameters (nothing: the programs are prebuilt);
* each machine's milliseconds per frame in CPython and Pyodide;
* the debugger's cost: frames per second bare and under a session;
* opening a moment link 20,000 frames into play, on each machine: the link's
  length and the time from Python ready to the moment on screen, in a fresh
  page, and the time a load of it takes in CPython (`build.py bench moment`:
  these alone; the links are made in CPython, kept in test-output/);
* what a user's script costs: frames per second with and without a script
  whose on_frame does nothing, per machine, in CPython and in the page's
  worker, and the script's own work a frame as a share of the frame's time
  (`build.py bench script`: these alone);
* the Tetris AI at max in the page: lines a minute from levels 0, 18 and 29,
  the wall time from level 18 to 29, where a frame's time goes, the status
  line's speed at x1 (tools/bench_aipage.py; `build.py bench aipage` alone);
* a host canary at the start, between sections and at the end: a fixed
  pure-Python loop's speed, so that runs from different days can be set side
  by side (this host's speed has swung 2.5x from one day to the next).

Runs inside the venv (playwright), from build.py.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

from .bench_aipage import ai_page_figures
from .paths import DIST, PY_SRC, REPO
from .serve import serve_in_thread
from .setup_env import find_chromium

sys.path.insert(0, str(PY_SRC))

from retroscope import machines  # noqa: E402
from retroscope.benchmarks import runner  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


CANARY_TURNS = 1_000_000
canaries: list[tuple[str, float]] = []


def host_canary(label: str, rounds: int = 5) -> float:
    """Millions of turns a second of a fixed pure-Python loop (table reads,
    arithmetic, masks: an interpreter's kind of work), the best of `rounds`;
    printed, and kept for the run's summary (print_canaries)."""
    table = list(range(256))
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        acc = 0
        for i in range(CANARY_TURNS):
            acc = (acc + table[i & 255] * 3) & 0xFFFF
        best = min(best, time.perf_counter() - t0)
    speed = CANARY_TURNS / best / 1e6
    canaries.append((label, speed))
    print(f"\n== Host canary ({label}): {speed:.2f} M turns/s of a fixed Python loop", flush=True)
    return speed


def print_canaries() -> None:
    """The canary over the run: how steady the host was while it ran."""
    speeds = [speed for _, speed in canaries]
    each = ", ".join(f"{label} {speed:.2f}" for label, speed in canaries)
    print(f"\n== Host canary over the run: {each} M turns/s "
          f"(slowest / fastest {min(speeds) / max(speeds):.2f})")


def dist_size() -> tuple[int, int]:
    raw = zipped = 0
    for path in DIST.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            raw += len(data)
            zipped += len(gzip.compress(data, 6))
    return raw, zipped


def reference_meter(name: str, **workload: str) -> tuple[str, Callable[[float], float]] | None:
    """Another emulator on the same workload (CPython): its label, and a
    function that runs it for so many seconds and gives its cycles per second."""
    if name == "mos6502":
        from retroscope.benchmarks.mos6502 import setup_py65
        mpu = setup_py65(**workload)
        step = mpu.step

        def py65_hz(seconds: float) -> float:
            t0 = time.perf_counter()
            c0 = mpu.processorCycles
            while time.perf_counter() - t0 < seconds:
                for _ in range(2000):
                    step()
            return (mpu.processorCycles - c0) / (time.perf_counter() - t0)
        return "py65 1.2.0", py65_hz
    if name == "z80":
        from retroscope.benchmarks.z80 import setup_reference
        machine = setup_reference()

        def z80_hz(seconds: float) -> float:
            t0 = time.perf_counter()
            ticks = 0
            while time.perf_counter() - t0 < seconds:
                machine.ticks_to_stop = 100_000
                machine.run()
                ticks += 100_000
            return ticks / (time.perf_counter() - t0)
        return "z80 1.2.0 (C++)", z80_hz
    return None


def reference_ratio(name: str, rounds: int, seconds: float,
                    **workload: str) -> tuple[str, list[float], float, float] | None:
    """Our core against another emulator on the same workload, the two
    taking turns of `seconds` for `rounds` rounds: (label, ratio per round,
    our median cycles per second, theirs)."""
    meter = reference_meter(name, **workload)
    if meter is None:
        return None
    label, theirs = meter
    cpu = runner.setup_core(name, **workload)
    runner.core_windows(cpu, 0.5, 0.5)  # our blocks compiled, theirs warmed
    theirs(0.5)
    ours_hz, theirs_hz = [], []
    for _ in range(rounds):
        ours_hz += runner.core_windows(cpu, seconds, seconds)
        theirs_hz.append(theirs(seconds))
    ratios = [o / t for o, t in zip(ours_hz, theirs_hz, strict=True)]
    return label, ratios, statistics.median(ours_hz), statistics.median(theirs_hz)


def step_reference(name: str):
    """(label, (step, cycles)) of another emulator's single step on the same
    program: py65 for the 6502. (The `z80` package cannot tell the T-states
    of one instruction, and the TMS9900 has no anchor emulator here: their
    step() is given against the hardware's clock.)"""
    if name == "mos6502":
        from retroscope.benchmarks.mos6502 import setup_py65
        mpu = setup_py65()
        return "py65 1.2.0", (mpu.step, lambda: mpu.processorCycles)
    return None


def cpython_figures(quick: bool) -> None:
    seconds = 1.0 if quick else 2.0
    rounds = 2 if quick else 6
    print(f"\n== CPU cores in CPython {sys.version.split()[0]} (the cores take {rounds} turns "
          "of 2 s after a 4 s warm-up each: median of 0.5 s windows, range of the turns' medians)")
    cores = runner.measure_cores(list(runner.CORES), rounds=rounds)
    for name, r in cores.items():
        print(f"  {name:8} {r['cycles_per_s'] / 1e6:7.2f} MHz emulated = "
              f"{r['ratio_to_hardware']:5.2f}x {r['hardware']} "
              f"(turns {r['round_min']:.2f}-{r['round_max']:.2f}x)", flush=True)
    print("  against another emulator on the same program, the two taking turns of "
          f"{seconds:.0f} s (median ratio of {rounds} turns, range):")
    for name, workload in (("mos6502", {}), ("mos6502", {"workload": "sort"}), ("z80", {})):
        ref = reference_ratio(name, rounds, seconds, **workload)
        if ref:
            label, ratios, ours, theirs = ref
            print(f"  {name + (' sort' if workload else ''):12} "
                  f"{statistics.median(ratios):5.2f}x {label} (range {min(ratios):.2f}-"
                  f"{max(ratios):.2f}; {ours / 1e6:.2f} MHz against {theirs / 1e6:.2f} MHz)",
                  flush=True)
    print("\n== step() in CPython (one instruction a call: the debugger's single steps)")
    for name in runner.CORES:
        reference = step_reference(name)
        r = runner.measure_step(name, rounds=4 if quick else 10,
                                reference=reference[1] if reference else None)
        line = (f"  {name:8} {r['step_cycles_per_s'] / 1e6:7.2f} MHz emulated = "
                f"{r['ratio_to_hardware']:5.2f}x {r['hardware']}")
        if reference:
            line += (f"; {r['ratio_to_reference']:.2f}x {reference[0]}'s step "
                     f"(range {r['ratio_min']:.2f}-{r['ratio_max']:.2f})")
        print(line, flush=True)
    print("\n== Machines in CPython (ms per frame, ratio to real time)")
    for mid in machines.available():
        r = runner.measure_frames(mid, frames=60 if quick else 240)
        print(f"  {mid:10} {r['ms_per_frame']:6.2f} ms/frame = "
              f"{r['ratio_to_realtime']:5.2f}x real time", flush=True)
        _print_figures(r)
    sound_figures(None, quick)
    source_edit_figures(None, quick)
    try:
        from retroscope.benchmarks import debugger
        for mid in machines.available():
            d = debugger.measure(mid, frames=20 if quick else 60, repeats=3 if quick else 5,
                                 settle=60 if quick else debugger.SETTLE_FRAMES)
            print(f"\n== Debugger cost on {d['machine']} (frames per second; ratio to bare, "
                  f"median of {d['repeats']} rounds after {d['settle']} frames untimed; "
                  "hot breakpoint at "
                  f"${d['hot_breakpoint_at']:04X}, write and read watch at ${d['watch_at']:04X})")
            for key, value in d.items():
                if key.endswith(("_fps", "_ratio")):
                    print(f"  {key:34} {value:8.2f}", flush=True)
    except ImportError as exc:
        print(f"\n== Debugger cost: not measured ({exc})")


def browser_figures(quick: bool, boot_only: bool = False, ai_only: bool = False,
                    hog: bool = False, phone_only: bool = False) -> None:
    from playwright.sync_api import sync_playwright

    from .bench_phone import phone_figures

    chromium = find_chromium()
    if chromium is None:
        print("\n== Browser: chromium missing, not measured")
        return
    server, url = serve_in_thread(DIST)
    loads = 2 if quick else 5
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        if phone_only:
            phone_figures(browser, url, 2 if quick else 3)
            browser.close()
            server.shutdown()
            return
        if ai_only:
            page = new_page(browser)
            _boot(page, url)
            ai_page_figures(browser, url, new_page, page, quick, hog)
            browser.close()
            server.shutdown()
            return
        page = boot_figures(browser, url, loads)
        profile_reloads(pw, chromium, url, loads)
        if boot_only:
            browser.close()
            server.shutdown()
            return
        host_canary("after the boot figures")
        phone_figures(browser, url, 2 if quick else 3)
        link_figures(browser, url)
        rounds = 2 if quick else 6
        print(f"\n== CPU cores in Pyodide (page worker; the cores take {rounds} turns of 2 s "
              "after a 4 s warm-up each: median of 0.5 s windows, range of the turns' medians)")
        cores = page.evaluate("a => window.retroscope.bench(a)",
                              {"kind": "cores", "names": list(runner.CORES), "rounds": rounds})
        for name, r in cores.items():
            print(f"  {name:8} {r['cycles_per_s'] / 1e6:7.2f} MHz emulated = "
                  f"{r['ratio_to_hardware']:5.2f}x {r['hardware']} "
                  f"(turns {r['round_min']:.2f}-{r['round_max']:.2f}x)", flush=True)
        sustained(page, runner.CORES if not quick else ["mos6502"])
        print("\n== Machines in Pyodide (ms per frame, ratio to real time)")
        for mid in page.evaluate("window.retroscope.machines().map(m => m.id)"):
            r = page.evaluate("a => window.retroscope.bench(a)",
                              {"kind": "frames", "name": mid, "frames": 60 if quick else 240})
            print(f"  {mid:10} {r['ms_per_frame']:6.2f} ms/frame = "
                  f"{r['ratio_to_realtime']:5.2f}x real time", flush=True)
            _print_figures(r)
        sound_figures(page, quick)
        source_edit_figures(page, quick)
        script_figures(page, quick)
        moment_figures(browser, url, quick)
        host_canary("before the Tetris AI in the page")
        ai_page_figures(browser, url, new_page, page, quick, hog)
        browser.close()
    server.shutdown()


MOMENT_FRAMES = 20_000
MOMENT_CACHE = REPO / "test-output" / "bench-moments"


def moment_links(frames: int) -> dict[str, dict]:
    """Per machine, a moment link `frames` frames into play (benchmarks/moment.py:
    a player's buttons, the Tetris AI, the computer at backgammon), made in
    CPython; kept under the machine's fingerprint (its program and power-on
    state), so that a rerun on the same build reuses it."""
    import json

    from retroscope.benchmarks import moment
    from retroscope.moment_state import Reference

    MOMENT_CACHE.mkdir(parents=True, exist_ok=True)
    links = {}
    for mid in machines.available():
        fingerprint = Reference.of(machines.create(mid)).fingerprint
        path = MOMENT_CACHE / f"{mid}-{frames}-{fingerprint}.json"
        if not path.exists():
            t0 = time.perf_counter()
            path.write_text(json.dumps(moment.make_link(mid, frames)))
            print(f"  ({mid}: {frames} frames played and shared in CPython in "
                  f"{time.perf_counter() - t0:.0f} s)", flush=True)
        links[mid] = json.loads(path.read_text())
    return links


def moment_figures(browser, url: str, quick: bool) -> None:
    """Each machine's moment link, 20,000 frames into play: its length, and
    opening it in a fresh page (ms from Python ready to the machine ready with
    the moment, which includes the first frame drawn and the panels), exact or
    not and how many frames it replayed; and a load of it in CPython."""
    from retroscope.benchmarks import moment

    frames = 2000 if quick else MOMENT_FRAMES
    print(f"\n== A moment {frames} frames into play, opened (link characters; fresh page: "
          "ms from Python ready to the moment ready; CPython: ms of the load, median of 3)")
    for mid, link in moment_links(frames).items():
        full = f"{url}index.html{link['hash']}"
        page = new_page(browser)
        page.goto(full)
        page.wait_for_function("window.retroscope && window.retroscope.timings()"
                               ".machineReady !== undefined", timeout=300_000)
        timings = page.evaluate("window.retroscope.timings()")
        shown = page.evaluate("window.retroscope.current().moment") or {}
        exact = shown.get("exact") and page.evaluate(
            "window.retroscope.debug('state_hash')") == link["state_hash"]
        page.context.close()
        cpython = [moment.open_link(link["hash"]) for _ in range(3)]
        print(f"  {mid:10} frame {link['frame']:6} {len(full):5} chars; page "
              f"{timings['machineReady'] - timings['pythonReady']:6.0f} ms after Python "
              f"({timings['machineReady']:.0f} ms from navigation), "
              f"{'exact' if exact else 'NOT EXACT'}, {shown.get('replayed')} frames replayed; "
              f"CPython {statistics.median(r['ms'] for r in cpython):5.0f} ms", flush=True)


SUSTAIN_S = 30


def sustained(page, cores) -> None:
    """Each core for 30 s straight in the page's worker, from cold (no warm-up):
    the first half-second window, the median, and the median of the last five
    windows, as ratios to the hardware and to each other (Chromium's wasm
    tiering can make a long run slower or faster than its start)."""
    print(f"\n== How the speed holds over {SUSTAIN_S} s in Pyodide (0.5 s windows, no warm-up)")
    for name in cores:
        r = page.evaluate("a => window.retroscope.bench(a)",
                          {"kind": "core", "name": name, "seconds": SUSTAIN_S, "warmup": 0})
        hw = r["cycles_per_s"] / r["ratio_to_hardware"] if r["ratio_to_hardware"] else 1.0
        first, median, last = r["first_window_hz"], r["cycles_per_s"], r["last_hz"]
        print(f"  {name:8} first {first / hw:5.2f}x, median {median / hw:5.2f}x, "
              f"last 2.5 s {last / hw:5.2f}x {r['hardware']}; last / first "
              f"{last / first if first else 0:4.2f}, last / median "
              f"{last / median if median else 0:4.2f}", flush=True)


def sound_figures(page, quick: bool) -> None:
    """The sound path per machine: chip writes per frame, the µs to drain and
    encode them for the worklet, and the NES APU's µs per write and per
    $4015 read (CPython when `page` is None, else the page's Pyodide)."""
    from retroscope.benchmarks import sound

    where = "CPython" if page is None else "Pyodide"
    print(f"\n== Sound in {where} (per frame, no input: chip writes (mean, most), µs to"
          " drain and encode them for the worklet;\n   the APU device: µs per write and per"
          " $4015 read)")
    for mid in machines.available():
        args = {"kind": "sound", "name": mid, "frames": 60 if quick else 240}
        if page is None:
            r = {**sound.measure_machine(mid, frames=args["frames"]), **sound.measure_apu()}
        else:
            r = page.evaluate("a => window.retroscope.bench(a)", args)
        chips = ",".join(r["chips"]) or "none"
        line = (f"  {mid:10} {chips:8} {r['writes_per_frame']:5.1f} writes/frame"
                f" (most {r['max_writes']}), {r['post_us_per_frame']:6.1f} µs to post")
        if "apu" in r["chips"]:
            line += (f"; APU write {r['write_us']:.2f} µs, $4015 read {r['status_read_us']:.2f} µs"
                     f" -> {r['max_writes'] * r['write_us']:.1f} µs in the busiest frame")
        print(line, flush=True)


def source_edit_figures(page, quick: bool) -> None:
    """Each machine's program assembled and applied as a patch (benchmarks/
    source_edit.py): in CPython (`page` None) or in the page's worker."""
    from retroscope.benchmarks import source_edit

    rounds = 3 if quick else 5
    where = "Pyodide (page worker)" if page is not None else "CPython"
    print(f"\n== Source edits in {where} (ms, median of {rounds} rounds, range)")
    for mid in machines.available():
        if page is None:
            r = source_edit.measure(mid, rounds=rounds)
        else:
            r = page.evaluate("a => window.retroscope.bench(a)",
                              {"kind": "source_edit", "name": mid, "rounds": rounds})
        print(source_edit.line(r), flush=True)


def source_edit_only(quick: bool) -> int:
    """The source edits' figures alone: CPython, then the page's worker."""
    host_canary("start")
    source_edit_figures(None, quick)
    in_a_booted_page(lambda page: source_edit_figures(page, quick))
    host_canary("end")
    print_canaries()


def in_a_booted_page(figures) -> None:
    """`figures(page)` in a fresh page of the site, booted."""
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(DIST)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        page = new_page(browser)
        _boot(page, url)
        figures(page)
        browser.close()
    server.shutdown()
    return 0


def _print_figures(result: dict) -> None:
    """A machine's own figures (`benchmarks/mechanics.py`), one per line."""
    for name, value in (result.get("figures") or {}).items():
        print(f"  {'':10} {name:32} {value:12,.2f}", flush=True)


# A new browser context's first page costs Chromium about a second of CPU in
# the next 1.5 s whatever it loads (measured here: ~1.1 s in a renderer that
# an SVG's load does not use), and a page's first seconds leave the engine
# busy behind them (wasm tier-up, the run loop): each boot waits this long
# first, so that it is measured on a quiet machine, as a person's first
# visit would be.
SETTLE_S = 2.5


def _print_script(where: str, r: dict) -> None:
    print(f"  {r['machine']:10} {where:8} {r['bare_fps']:7.0f} fps bare, {r['script_fps']:7.0f} "
          f"with the script: ratio {r['ratio']:.3f} (rounds {r['ratio_min']:.2f}-"
          f"{r['ratio_max']:.2f}); the script's work {r['hook_us']:.1f} us a frame = "
          f"{r['hook_percent']:.2f} % of the frame's {r['frame_us'] / 1000:.2f} ms", flush=True)


def script_figures(page, quick: bool) -> None:
    """A script with an empty on_frame against none, per machine (benchmarks/script.py)."""
    from retroscope.benchmarks import script

    rounds, frames = (4, 60) if quick else (12, 120)
    print(f"\n== A script with an empty on_frame (ratio of frames per second to none: "
          f"median of {rounds} alternating rounds of {frames} frames; the script's own "
          f"work a frame, the best of 5 x 20,000 calls)")
    for mid in machines.available():
        _print_script("CPython", script.measure(mid, frames=frames, rounds=rounds))
        if page is not None:
            _print_script("Pyodide", page.evaluate("a => window.retroscope.bench(a)", {
                "kind": "script", "name": mid, "frames": frames, "rounds": rounds}))


def new_page(browser, refuse_snapshot: bool = False, settle: bool = True):
    """A page in a fresh context (an empty cache), settled unless told not to
    (where nothing is timed); no service worker (its figures are
    bench_phone's), so that reloads come from the HTTP cache as before it."""
    # (Playwright's string predicates are evaluated as text in the page, which
    # the site's policy refuses: the bench's pages bypass it.)
    context = browser.new_context(bypass_csp=True, service_workers="block")
    if refuse_snapshot:
        context.route("**/snapshot/**", lambda route: route.fulfill(
            status=404, body="refused by the bench"))
    page = context.new_page()
    if settle:
        time.sleep(SETTLE_S)
    return page


def _boot(page, url: str, reload: bool = False) -> dict[str, float]:
    """ms from navigation to Python-ready and to the machine's first frame
    drawn. The page is paused afterwards, so that it does not run its
    machine through the next page's boot."""
    if reload:
        time.sleep(SETTLE_S)
        page.reload()
    else:
        page.goto(f"{url}index.html")
    page.wait_for_function("document.documentElement.dataset.state !== 'booting'",
                           timeout=120_000)
    page.wait_for_function("window.retroscope.timings().machineReady !== undefined",
                           timeout=120_000)
    page.wait_for_function("window.retroscope.timings().playing !== undefined",
                           timeout=120_000)
    timings = page.evaluate("window.retroscope.timings()")
    page.evaluate("window.retroscope.pause()")
    return timings


def _spread(values: list[float]) -> str:
    return (f"{statistics.median(values):6.0f} ms (range {min(values):.0f}-{max(values):.0f}, "
            f"n={len(values)})")


BIG_FETCHES = (".wasm", ".snapshot", ".whl", ".zip", ".asm.mjs")


def _timeline(page) -> dict[str, float]:
    """The boot's milestones in the page and the worker, and when its big
    fetches started and ended (ms since navigation: bootTimeline in web/main.js)."""
    timeline = page.evaluate("window.retroscope.bootTimeline()")
    marks = {f"page {k}": v for k, v in timeline["page"].items()}
    marks |= {f"worker {k}": v for k, v in timeline["worker"].items()}
    for fetch in timeline["fetches"]:
        if fetch["name"].endswith(BIG_FETCHES):
            name = fetch["name"].rsplit("/", 1)[-1]
            marks[f"fetch {name} from"] = fetch["start"]
            marks[f"fetch {name} to"] = fetch["end"]
    return marks


def _print_timeline(kind: str, runs: list[dict[str, float]]) -> None:
    print(f"\n== Boot timeline, snapshot, {kind} (ms from navigation, median of {len(runs)})")
    keys = {key for run in runs for key in run}
    for at, key in sorted((statistics.median(r[k] for r in runs if k in r), k) for k in keys):
        print(f"  {at:7.0f}  {key}")


def boot_figures(browser, url: str, loads: int):
    """Cold loads (a fresh browser context each) and warm reloads, booting from
    the memory snapshot and the plain way (the snapshot refused), taking turns
    so that load from elsewhere weighs on both alike. Returns a warm page."""
    figures: dict[str, dict[str, list[float]]] = {}
    timelines: dict[str, list[dict[str, float]]] = {"cold": [], "warm": []}
    pages = {}
    for how in ("snapshot", "plain"):
        pages[how] = new_page(browser, refuse_snapshot=how == "plain")
        _boot(pages[how], url)  # fills this context's cache for the warm reloads
    for _ in range(loads):
        for how in ("snapshot", "plain"):
            page = new_page(browser, refuse_snapshot=how == "plain")  # empty cache: cold
            t = _boot(page, url)
            if how == "snapshot":
                timelines["cold"].append(_timeline(page))
            page.context.close()
            warm = _boot(pages[how], url, reload=True)
            if how == "snapshot":
                timelines["warm"].append(_timeline(pages[how]))
            for kind, times in (("cold", t), ("warm", warm)):
                for mark in ("pythonReady", "firstFrame", "playing", "machineReady"):
                    figures.setdefault(f"{how} {kind} {mark}", []).append(times[mark])
    print("\n== Page boot (ms from navigation; median, range; snapshot and plain taking turns)")
    for key, values in figures.items():
        print(f"  {key:34} {_spread(values)}")
    for kind in ("cold", "warm"):
        for mark in ("pythonReady", "firstFrame", "playing", "machineReady"):
            ratios = [p / s for s, p in zip(figures[f"snapshot {kind} {mark}"],
                                            figures[f"plain {kind} {mark}"], strict=True)]
            print(f"  plain / snapshot, {kind} {mark:13} {statistics.median(ratios):5.2f}x "
                  f"(range {min(ratios):.2f}-{max(ratios):.2f})")
    for kind, runs in timelines.items():
        _print_timeline(kind, runs)
    pages["plain"].context.close()
    return pages["snapshot"]


def profile_reloads(playwright, chromium: str, url: str, loads: int) -> None:
    """Reloads in a browser profile on disk, as a returning visitor's is: the
    contexts above are incognito-like, whose in-memory HTTP cache keeps no
    entry over about 6 MB, so their reloads download the runtime's wasm
    (9.6 MB) and the snapshot (~30 MB) again; a profile's disk cache keeps them."""
    with tempfile.TemporaryDirectory(prefix="retroscope-bench-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=CHROMIUM_ARGS, bypass_csp=True)
        page = context.new_page()
        time.sleep(SETTLE_S)
        first = _boot(page, url)
        reloads, timelines = [], []
        for _ in range(loads):
            reloads.append(_boot(page, url, reload=True))
            timelines.append(_timeline(page))
        context.close()
    print("\n== Page boot in a browser profile on disk (ms from navigation)")
    print(f"  first visit firstFrame             {first['firstFrame']:6.0f} ms")
    for mark in ("pythonReady", "firstFrame", "playing", "machineReady"):
        print(f"  reload {mark:27} {_spread([r[mark] for r in reloads])}")
    _print_timeline("reload in a profile on disk", timelines)


# A link with parameters for each machine: the page must boot it without
# assembling anything (the programs are prebuilt in the wheel, tools/images.py).
def sample_links() -> dict[str, str]:
    from retroscope.machines.crpg import mapfile, world
    from retroscope.machines.pacman.maze import default_maze
    return {
        "tetris": "seed=1234&level=7&height=3&type=B&start=menu",
        "backgammon": "seed=5",
        "pacman": f"maze={default_maze().to_link()}",
        "crpg": f"map={mapfile.encode(world.isle())}",
        "jmc": "seed=DEADBEEF&bridges=4",
    }


def link_figures(browser, url: str) -> None:
    """Each machine from a link, cold, with and without the snapshot: what its
    worker assembled at boot (nothing, when the wheel's images are used)."""
    print("\n== Programs assembled at boot from a link (cold; with the snapshot / plain)")
    links = sample_links()
    for mid in machines.available():
        link = links.get(mid, "")
        seen = []
        for how in ("snapshot", "plain"):
            page = new_page(browser, refuse_snapshot=how == "plain", settle=False)
            page.goto(f"{url}index.html#/{mid}{'?' + link if link else ''}")
            page.wait_for_function("window.retroscope && window.retroscope.timings()"
                                   ".machineReady !== undefined", timeout=120_000)
            r = page.evaluate("window.retroscope.bench({kind: 'assembled'})")
            seen.append(", ".join(r["assembled"]) or "nothing")
            page.context.close()
        shown = link if len(link) <= 48 else link[:45] + "..."
        print(f"  {mid:10} {shown:48} {seen[0]} / {seen[1]}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--boot", action="store_true", help="the page's boot figures only")
    parser.add_argument("--moment", action="store_true",
                        help="the moment links' figures only (20,000 frames into play)")
    parser.add_argument("--aipage", action="store_true",
                        help="the Tetris AI at max in the page only (tools/bench_aipage.py)")
    parser.add_argument("--hog", action="store_true",
                        help="play the AI's games beside a process keeping one core busy")
    parser.add_argument("--script", action="store_true",
                        help="what a script with an empty on_frame costs, alone")
    parser.add_argument("--phone", action="store_true",
                        help="the phone-class boot only (tools/bench_phone.py)")
    parser.add_argument("--srcedit", action="store_true",
                        help="source edits only: each program assembled and applied")
    args = parser.parse_args()
    if args.moment:
        return moment_only(args.quick)
    if args.srcedit:
        return source_edit_only(args.quick)
    if args.script:
        return script_only(args.quick)
    raw, zipped = dist_size()
    print(f"== dist/: {raw / 1e6:.2f} MB raw, {zipped / 1e6:.2f} MB gzipped")
    host_canary("start")
    if not (args.boot or args.aipage or args.phone):
        cpython_figures(args.quick)
        host_canary("after CPython")
    browser_figures(args.quick, boot_only=args.boot, ai_only=args.aipage, hog=args.hog,
                    phone_only=args.phone)
    host_canary("end")
    print_canaries()
    return 0


def script_only(quick: bool) -> int:
    """A script's cost alone: CPython and the page's worker, machine by machine."""
    host_canary("start")
    in_a_booted_page(lambda page: script_figures(page, quick))
    host_canary("end")
    print_canaries()
    return 0


def moment_only(quick: bool) -> int:
    from playwright.sync_api import sync_playwright

    host_canary("start")
    server, url = serve_in_thread(DIST)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        moment_figures(browser, url, quick)
        browser.close()
    server.shutdown()
    host_canary("end")
    print_canaries()
    return 0


if __name__ == "__main__":
    sys.exit(main())
