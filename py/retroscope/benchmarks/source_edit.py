"""What a source edit costs: each machine's program assembled from its
files by the project's assembler, checked, and put in as a patch, as the
page's Apply does (`Session.edit_source`), after 30 frames of play.

Each round edits a different line (a comment added after the main file's
first line), so no round finds the program of an earlier one in the
editor's cache: every round assembles the whole program."""

from __future__ import annotations

import statistics
import time
from typing import Any

from .. import machines


def measure(mid: str, rounds: int = 5) -> dict[str, Any]:
    """Median ms (and range) of: assembling the machine's program, checking
    it, and the whole edit (diff, assemble, check, patch, history)."""
    from ..debug import Session

    machine = machines.create(mid)
    session = Session(machine)
    session.run_frames(30, buttons=0)
    editor = machine.program_editor()
    main = editor.recipe.main
    shipped = editor.shipped_text(main)
    texts = {name: editor.shipped_text(name) for name in editor.files}
    assemble, check, apply = [], [], []
    comment = {"6502": ";", "z80": ";", "tms9900": "*"}[editor.recipe.isa]
    lines = sum(text.count("\n") + 1 for text in texts.values())
    for k in range(rounds):
        t0 = time.perf_counter()
        program = editor.assemble(texts)
        t1 = time.perf_counter()
        editor.check(program)
        t2 = time.perf_counter()
        first, _, rest = shipped.partition("\n")
        answer = session.edit_source(main, f"{first}\n{comment} bench round {k}\n{rest}")
        t3 = time.perf_counter()
        if not answer["ok"]:
            raise RuntimeError(f"{mid}: the bench's edit was refused: {answer['errors']}")
        assemble.append(t1 - t0)
        check.append(t2 - t1)
        apply.append(t3 - t2)
    session.revert_source()

    def ms(values: list[float]) -> dict[str, float]:
        return {"median": statistics.median(values) * 1000, "min": min(values) * 1000,
                "max": max(values) * 1000}
    return {"machine": mid, "lines": lines, "files": len(texts), "rounds": rounds,
            "assemble_ms": ms(assemble), "check_ms": ms(check), "apply_ms": ms(apply)}


def line(r: dict[str, Any]) -> str:
    a, c, p = r["assemble_ms"], r["check_ms"], r["apply_ms"]
    return (f"  {r['machine']:10} {r['lines']:6} lines in {r['files']:2} files: assemble "
            f"{a['median']:7.1f} ms ({a['min']:.0f}-{a['max']:.0f}), check {c['median']:5.1f} ms, "
            f"the whole edit (diff, assemble, check, patch) {p['median']:7.1f} ms "
            f"({p['min']:.0f}-{p['max']:.0f})")
