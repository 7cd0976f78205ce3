"""`python3 build.py bench phone`: the page's boot as a phone has it.

* boot to the first frame with the CPU slowed 4x (a phone-class CPU), cold
  (a first visit) and warm (a reload, answered by the service worker's
  cache), two ways: Chromium's own throttling (CDP
  Emulation.setCPUThrottlingRate), which slows the page's main thread only
  (Chromium's thread_cpu_throttler.cc suspends that one thread; a worker
  target refuses the command), so Python's boot in the Web Worker runs at
  the host's speed; and every renderer process slowed 4x, each stopped
  (SIGSTOP) for three slices of every four (RendererThrottle), which slows
  the worker too, as a phone's CPU would;
* the service worker's cost to a first visit: cold boots with it and
  without it (blocked, as before it existed) taking turns, and how long
  after the page is ready the site is kept for offline use.

All four ways take turns in each round, so that this host's slow spells
fall on each alike; medians, ranges and ratios of one run.
"""

from __future__ import annotations

import os
import signal
import statistics
import threading
import time
from pathlib import Path

from .bench import SETTLE_S, _boot, _spread

RATE = 4
GOAL_MS = {"cold": 4000, "warm": 2000}
MARKS = ("pythonReady", "firstFrame", "machineReady")
WAYS = {
    "without the service worker (as before it)": {"sw": False},
    "with the service worker": {"sw": True},
    f"CPU {RATE}x slower, Chromium's throttle (main thread only)": {"sw": True, "cdp": True},
    f"CPU {RATE}x slower, every renderer thread": {"sw": True, "renderer": True},
}


class RendererThrottle:
    """Every renderer process of a browser slowed `rate` times while it is on:
    a thread here lets them run one slice (SLICE_S) in `rate` and stops them
    (SIGSTOP) for the rest. Renderers started meanwhile are found again every
    few slices (the children of the browser's process, by /proc)."""

    SLICE_S = 0.005
    REFRESH_SLICES = 20

    def __init__(self, browser_pid: int, rate: int = RATE) -> None:
        self.browser_pid = browser_pid
        self.rate = rate
        self.on = threading.Event()
        self.quit = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def renderers(self) -> list[int]:
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if b"--type=renderer" in (entry / "cmdline").read_bytes() and \
                        self._descends(int(entry.name)):
                    found.append(int(entry.name))
            except OSError:
                continue  # gone meanwhile
        return found

    def _descends(self, pid: int) -> bool:
        for _ in range(8):  # browser -> zygote -> renderer, and a little more
            status = Path(f"/proc/{pid}/status").read_text()
            pid = int(next(line.split()[1] for line in status.splitlines()
                           if line.startswith("PPid:")))
            if pid == self.browser_pid:
                return True
            if pid <= 1:
                return False
        return False

    def _signal(self, pids: list[int], sig: int) -> None:
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass

    def _run(self) -> None:
        pids: list[int] = []
        turn = 0
        while not self.quit.is_set():
            if not self.on.wait(0.05):
                continue
            if turn % self.REFRESH_SLICES == 0:
                pids = self.renderers()
            turn += 1
            time.sleep(self.SLICE_S)
            self._signal(pids, signal.SIGSTOP)
            try:
                time.sleep(self.SLICE_S * (self.rate - 1))
            finally:
                self._signal(pids, signal.SIGCONT)

    def close(self) -> None:
        self.on.clear()
        self.quit.set()
        self.thread.join()


def _browser_pid(browser) -> int:
    info = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")["processInfo"]
    return next(p["id"] for p in info if p["type"] == "browser")


def _offline_kept(page, timeout_s: float = 120) -> float | None:
    """ms from navigation to the site kept for offline use (None: not kept)."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        state = page.evaluate("window.retroscope.offline().state")
        if state not in ("installing", "not asked yet"):
            return page.evaluate("window.retroscope.timings().offlineReady ?? null")
        time.sleep(0.1)
    return None


def _round(browser, url: str, way: dict, throttle: RendererThrottle) -> dict[str, float]:
    """One cold boot and one warm reload the given way: their marks, and when
    the site was kept for offline use."""
    context = browser.new_context(service_workers="allow" if way["sw"] else "block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    figures: dict[str, float] = {}
    try:
        for kind in ("cold", "warm"):
            if kind == "cold":
                time.sleep(SETTLE_S)  # (a reload's settling is _boot's)
            if way.get("cdp"):
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": RATE})
            if way.get("renderer"):
                throttle.on.set()
            try:
                times = _boot(page, url, reload=kind == "warm")
            finally:
                throttle.on.clear()
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            figures |= {f"{kind} {mark}": times[mark] for mark in MARKS}
            if kind == "cold" and way["sw"]:
                kept = _offline_kept(page)
                if kept is not None:
                    figures["kept for offline, after ready"] = kept - times["machineReady"]
    finally:
        context.close()
    return figures


def phone_figures(browser, url: str, loads: int) -> None:
    throttle = RendererThrottle(_browser_pid(browser))
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in WAYS}
    try:
        for _ in range(loads):
            for name, way in WAYS.items():
                runs[name].append(_round(browser, url, way, throttle))
    finally:
        throttle.close()
    print(f"\n== Phone-class boot (ms from navigation; median, range; {loads} rounds, the ways "
          "taking turns; warm: a reload, from the service worker's cache where there is one)")
    for name, figures in runs.items():
        print(f"  {name}")
        for key in figures[0]:
            print(f"    {key:34} {_spread([f[key] for f in figures if key in f])}")
    base = runs["with the service worker"]
    before = runs["without the service worker (as before it)"]
    print("  the service worker's cost to a first visit (with / without, median of the rounds' "
          "ratios):")
    for mark in MARKS:
        ratios = [w[f"cold {mark}"] / b[f"cold {mark}"] for w, b in zip(base, before, strict=True)]
        print(f"    cold {mark:14} {statistics.median(ratios):5.2f}x "
              f"(range {min(ratios):.2f}-{max(ratios):.2f})")
    for name in list(WAYS)[2:]:
        print(f"  {name} / as it is, first frame:", end="")
        for kind in ("cold", "warm"):
            ratios = [t[f"{kind} firstFrame"] / b[f"{kind} firstFrame"]
                      for t, b in zip(runs[name], base, strict=True)]
            print(f"  {kind} {statistics.median(ratios):.2f}x", end="")
        print()
        for kind, goal in GOAL_MS.items():
            got = statistics.median(f[f"{kind} firstFrame"] for f in runs[name])
            print(f"    {kind} first frame {got:6.0f} ms: goal {goal} ms "
                  f"{'met' if got <= goal else 'NOT met'}")
