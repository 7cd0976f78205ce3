"""The debugger's benchmark runs and reports every figure `build.py bench` shows."""

from __future__ import annotations

from retroscope.benchmarks.debugger import measure


def test_the_debugger_benchmark_reports_bare_and_session_speeds() -> None:
    result = measure(machine_id=None, frames=4, repeats=1, settle=3)
    assert result["machine"] == "bench6502"
    assert result["settle"] == 3
    for name in ("bare", "session", "session_rewind", "session_rewind_every_frame",
                 "breakpoint", "breakpoint_hot", "write_watch", "read_watch", "trace",
                 "viewers_open", "event_viewer", "profiler", "hardware_closed"):
        assert result[f"{name}_fps"] > 0
    # Every ratio is reported (its size is the bench's business, not a test's).
    assert result["session_ratio"] > 0
    assert result["rewind_bytes_per_checkpoint"] > 0
