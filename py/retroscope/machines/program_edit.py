"""A machine's program as source the user edits: its files as assembled, an
edit assembled by the project's assembler and checked, then put in.

`ProgramEditor(machine)` knows the machine's shipped program (its `Recipe`:
package, main file, ISA and the generated includes for the machine's
parameters) and the edit in force, a diff against the shipped source
(srcdiff.py; "" for none). An edit is put in two ways:

- patch (`install`): the bytes that differ between the old and the new
  program's image in memory (`Machine.program_image`) are written, RAM and
  devices kept, and exactly the compiled blocks over them invalidated;
  symbols and the source map follow the new program;
- restart: the machine's power-on state, the new program installed in it,
  then a reset.

A program is refused before anything changes when it does not assemble
(`EditError.errors`: file, line, message), when its bytes fall outside the
machine's program space (`Machine.PROGRAM_SPACES`), land on a documented
variable the shipped program left alone, or move a documented variable or
routine away from the address the article names.

The machine's snapshot carries the edit's text (`Machine.snapshot`,
"program", only while there is one), and a restore puts that program's
symbols and source map back (its bytes come back with memory).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from .. import srcdiff

MODES = ("patch", "restart")
MAX_SOURCE = 1024 * 1024  # characters of one file the user hands in
CACHED = 16  # programs kept per machine, by edit (seeking across edits reassembles none)


@dataclass(frozen=True)
class Recipe:
    """How a machine's program is assembled: what `assemble_package` takes."""

    package: str
    main: str
    isa: str
    generated: dict[str, str] = field(default_factory=dict)

    def shipped_text(self, name: str) -> str:
        if name in self.generated:
            return self.generated[name]
        return resources.files(self.package).joinpath(name).read_text()


@dataclass(frozen=True)
class Space:
    """Where a machine's program may lie: [lo, hi], and the byte that fills
    what the program leaves (None: RAM, left as it is)."""

    lo: int
    hi: int
    name: str
    fill: int | None = None


class EditError(ValueError):
    """An edit refused; `errors` are [{file, line, message}] (line 0: the program's)."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        self.errors = errors
        super().__init__("; ".join(
            (f"{e['file']}:{e['line']}: " if e.get("line") else "") + e["message"]
            for e in errors[:5]))


def _problem(message: str, file: str = "", line: int = 0) -> dict[str, Any]:
    return {"file": file, "line": line, "message": message}


class ProgramEditor:
    def __init__(self, machine: Any) -> None:
        recipe = machine.program_recipe()
        if recipe is None:
            raise EditError([_problem(f"{machine.INFO.id}'s program cannot be edited")])
        self.machine = machine
        self.recipe: Recipe = recipe
        self.shipped = machine.program  # (made before any edit: see Machine.program_editor)
        self.files = list(dict.fromkeys(row.file for row in self.shipped.listing))
        self._texts = {name: recipe.shipped_text(name) for name in self.files}
        self._programs: dict[str, Any] = {"": self.shipped}
        self._shipped_image: tuple[bytearray, bytearray] | None = None

    # -- the source ------------------------------------------------------------------
    def shipped_text(self, file: str) -> str:
        return self._texts[file]

    def texts(self, edit: str) -> dict[str, str]:
        """Every file's text under an edit's diff (DiffError if it does not fit)."""
        out = dict(self._texts)
        for diff in srcdiff.decode(edit):
            if diff.file not in out:
                raise srcdiff.DiffError(f"the source change names {diff.file!r}, which is not "
                                        f"one of {self.machine.INFO.id}'s files")
            out[diff.file] = srcdiff.apply(out[diff.file], diff)
        return out

    def sources(self) -> list[dict[str, Any]]:
        """[{file, text, edited, generated}] as the program in force was assembled."""
        texts = self.texts(self.machine.program_edit)
        return [{"file": name, "text": texts[name], "edited": texts[name] != self._texts[name],
                 "generated": name in self.recipe.generated} for name in self.files]

    def unified_diff(self, edit: str) -> str:
        """What an edit changes, as a unified diff against the shipped files
        (the page's "Show diff")."""
        import difflib

        texts = self.texts(edit)
        return "".join(
            "".join(difflib.unified_diff(self._texts[name].splitlines(keepends=True),
                                         texts[name].splitlines(keepends=True),
                                         f"{name} (shipped)", f"{name} (edited)", n=2))
            for name in self.files if texts[name] != self._texts[name])

    def edit_with(self, file: Any, text: Any) -> str:
        """The edit in force with `file` now holding `text`, as a diff's text."""
        if not isinstance(file, str) or file not in self._texts:
            raise EditError([_problem(f"{str(file)[:40]!r} is not one of the program's files "
                                      f"({', '.join(self.files)})")])
        if not isinstance(text, str) or len(text) > MAX_SOURCE:
            raise EditError([_problem(f"the text of {file} must be at most {MAX_SOURCE} "
                                      f"characters", file)])
        texts = self.texts(self.machine.program_edit)
        texts[file] = text
        return self.diff_of(texts)

    def diff_of(self, texts: dict[str, str]) -> str:
        diffs = [d for name in self.files
                 if (d := srcdiff.diff_file(name, self._texts[name], texts[name])) is not None]
        return srcdiff.encode(diffs)

    # -- assembling and checking -----------------------------------------------------------
    def program_for(self, edit: str) -> Any:
        """The program an edit makes, checked (EditError if it cannot be used)."""
        cached = self._programs.get(edit)
        if cached is not None:
            return cached
        try:
            texts = self.texts(edit)
        except srcdiff.DiffError as exc:
            raise EditError([_problem(str(exc))]) from None
        program = self.assemble(texts)
        problems = self.check(program)
        if problems:
            raise EditError(problems)
        if len(self._programs) >= CACHED:
            del self._programs[next(k for k in self._programs if k)]
        self._programs[edit] = program
        return program

    def assemble(self, texts: dict[str, str]) -> Any:
        from ..asm import AsmError, assemble

        recipe = self.recipe

        def include(name: str) -> str:
            if name in texts:
                return texts[name]
            return recipe.shipped_text(name)
        try:
            return assemble(texts[recipe.main], recipe.isa, include=include,
                            filename=recipe.main)
        except AsmError as exc:
            raise EditError([_problem(d.message, d.file, d.line) for d in exc.errors]) from None

    def check(self, program: Any) -> list[dict[str, Any]]:
        """Why the machine cannot take this program ([]: it can)."""
        machine, shipped = self.machine, self.shipped
        spaces = machine.PROGRAM_SPACES
        problems = []
        for address, data in program.chunks:
            end = address + len(data) - 1
            if not any(s.lo <= address and end <= s.hi for s in spaces):
                where = ", ".join(f"${s.lo:04X}-${s.hi:04X} ({s.name})" for s in spaces)
                problems.append(_problem(f"program bytes at ${address:04X}-${end:04X} do not "
                                         f"fit the program's space: {where}"))
        covered = _coverage(shipped.chunks)
        now = _coverage(program.chunks)
        for v in machine.VARIABLES:
            try:
                addr = v.address(shipped.symbols)
            except KeyError:
                continue
            if isinstance(v.at, str):
                moved = program.symbols.get(v.at)
                if moved is None or (moved + v.offset) & 0xFFFF != addr:
                    there = "is gone" if moved is None else f"moved to ${moved + v.offset:04X}"
                    problems.append(_problem(f"{v.name} {there}: the article documents it at "
                                             f"${addr:04X}"))
                    continue
            for a in range(addr, addr + v.size):
                if now[a & 0xFFFF] and not covered[a & 0xFFFF]:
                    problems.append(_problem(f"program bytes at ${a & 0xFFFF:04X} overlap "
                                             f"{v.name} (${addr:04X}), a variable the article "
                                             f"documents"))
                    break
        for routine in machine.INFO.routines:
            if isinstance(routine.label, str) and routine.label in shipped.symbols:
                was, moved = shipped.symbols[routine.label], program.symbols.get(routine.label)
                if moved != was:
                    there = "is gone" if moved is None else f"moved to ${moved:04X}"
                    problems.append(_problem(f"the routine {routine.label} {there}: the "
                                             f"article documents it at ${was:04X}"))
        return problems

    # -- putting it in ----------------------------------------------------------------------
    def install(self, program: Any, edit: str, write: bool = True) -> list[tuple[int, int]]:
        """Make `program` the machine's: with `write`, the bytes that differ
        between the two programs' images written into memory (else memory
        already holds them: a restore); the compiled blocks over every byte
        that differs dropped; symbols and source map the new program's.
        The [start, end) spans that changed."""
        machine = self.machine
        old = machine.program
        old_mem, old_cov = _image(machine.program_image(old))
        new_mem, new_cov = _image(machine.program_image(program))
        ram = machine.bus.ram
        spans: list[tuple[int, int]] = []
        a = 0
        while a < 0x10000:
            if (new_cov[a] or old_cov[a]) and (new_cov[a] != old_cov[a]
                                               or new_mem[a] != old_mem[a]):
                start = a
                while a < 0x10000 and (new_cov[a] or old_cov[a]) and (
                        new_cov[a] != old_cov[a] or new_mem[a] != old_mem[a]):
                    a += 1
                spans.append((start, a))
            else:
                a += 1
        cpu = machine.cpu
        for start, end in spans:
            if write:
                for b in range(start, end):
                    if new_cov[b]:
                        ram[b] = new_mem[b]
            cpu.invalidate_code(start, end)
        symbols = machine.symbols
        for name, value in old.symbols.items():
            if symbols.get(name) == value:
                del symbols[name]
        symbols.update(program.symbols)
        programs = getattr(machine, "programs", None)
        if programs is not None:
            machine.programs = [program if p is old else p for p in programs]
        machine.program = program
        machine.program_edit = edit
        machine.idle_intact = self._idle_intact(new_mem, new_cov)
        machine.program_version += 1
        machine.program_changed()
        return spans

    def _idle_intact(self, mem: bytearray, cov: bytearray) -> bool:
        """Whether the wait loop the machine skips turns of is the shipped code."""
        idle = self.machine.idle_loop
        if idle is None:
            return True
        if self._shipped_image is None:
            self._shipped_image = _image(self.machine.program_image(self.shipped))
        old_mem, old_cov = self._shipped_image
        span = slice(idle.start, idle.end)
        return mem[span] == old_mem[span] and cov[span] == old_cov[span]

    def switch(self, edit: str, write: bool) -> None:
        """Put in the program of an edit's text (a restore: `write` False)."""
        self.install(self.program_for(edit), edit, write)

    def restart(self, program: Any, edit: str) -> None:
        """Power on with `program`: the machine's state at power-on, the
        program put in, a reset."""
        machine = self.machine
        machine.restore(machine.power_on_state)
        self.install(program, edit, write=True)
        machine.reset()


def _coverage(chunks: list[tuple[int, bytes]]) -> bytearray:
    cov = bytearray(0x10000)
    for address, data in chunks:
        cov[address:address + len(data)] = b"\x01" * len(data)
    return cov


def _image(spans: list[tuple[int, bytes]]) -> tuple[bytearray, bytearray]:
    mem, cov = bytearray(0x10000), bytearray(0x10000)
    for address, data in spans:
        mem[address:address + len(data)] = data
        cov[address:address + len(data)] = b"\x01" * len(data)
    return mem, cov


def program_image(program: Any, spaces: tuple[Space, ...]) -> list[tuple[int, bytes]]:
    """A program as it lies in memory: in a space with a fill, the whole space
    (the fill where the program leaves it); elsewhere its chunks alone."""
    out = []
    for space in spaces:
        if space.fill is None:
            continue
        image = bytearray([space.fill]) * (space.hi - space.lo + 1)
        for address, data in program.chunks:
            lo, hi = max(address, space.lo), min(address + len(data) - 1, space.hi)
            if lo <= hi:
                image[lo - space.lo:hi - space.lo + 1] = data[lo - address:hi - address + 1]
        out.append((space.lo, bytes(image)))
    filled = [s for s in spaces if s.fill is not None]
    for address, data in program.chunks:
        if not any(s.lo <= address and address + len(data) - 1 <= s.hi for s in filled):
            out.append((address, data))
    return out
