"""Ready edits: the articles' experiments as real edits of a machine's source.

Each machine that has some lists them in its package's `edits.py` as
`EDITS`, a tuple of `ReadyEdit`: a name, a title, what the experiment shows,
and its changes, each a piece of the shipped text of one file and what
stands there instead. A piece must occur exactly once in its file (the tests
apply every edit, so a change to the shipped source that moves one is
caught). The edit is made as any user's is, a diff against the shipped
source (srcdiff.py) assembled by the project's assembler.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from .base import MachineError, shown


@dataclass(frozen=True)
class ReadyEdit:
    name: str
    title: str
    shows: str  # what the experiment shows, for the panel
    changes: tuple[tuple[str, str, str], ...]  # (file, shipped text, new text)

    def texts(self, editor: Any) -> dict[str, str]:
        """The files' texts with the changes made."""
        texts = {name: editor.shipped_text(name) for name in editor.files}
        for file, old, new in self.changes:
            if texts[file].count(old) != 1:
                raise MachineError(f"ready edit {self.name}: its change to {file} does not "
                                   f"find its place once")
            texts[file] = texts[file].replace(old, new)
        return texts


def edits_of(machine: Any) -> tuple[ReadyEdit, ...]:
    try:
        module = import_module(f"retroscope.machines.{machine.INFO.id}.edits")
    except ModuleNotFoundError:
        return ()
    return tuple(module.EDITS)


def edit_named(machine: Any, name: Any) -> str:
    """A ready edit's diff text (srcdiff's), against the machine's shipped source."""
    for ready in edits_of(machine):
        if ready.name == name:
            editor = machine.program_editor()
            return editor.diff_of(ready.texts(editor))
    known = ", ".join(r.name for r in edits_of(machine)) or "none"
    raise MachineError(f"{machine.INFO.id} has no ready edit {shown(name)} (it has: {known})")


def listed(machine: Any) -> list[dict[str, Any]]:
    """The ready edits for the panel: name, title, what it shows, its files, its
    text (srcdiff's) and its unified diff."""
    out = []
    for ready in edits_of(machine):
        edit = edit_named(machine, ready.name)
        out.append({"name": ready.name, "title": ready.title, "shows": ready.shows,
                    "files": sorted({file for file, _, _ in ready.changes}),
                    "edit": edit, "diff": machine.program_editor().unified_diff(edit)})
    return out
