"""What the three assembler fuzz tests share: one check, three generators.

Each test file brings its ISA's valid sources and tokens; the generators are
seeded so any failure is reproducible, and the check shows the failing source.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from retroscope.asm import AsmError, assemble

Loader = Callable[[str], str]


def check(source: str, isa: str, loader: Loader | None = None) -> None:
    """assemble() raises AsmError with a line and a message, or fits in 64 KiB."""
    try:
        program = assemble(source, isa, include=loader)
    except AsmError as exc:
        assert exc.line >= 0 and str(exc), source
        return
    for address, data in program.chunks:
        assert 0 <= address and address + len(data) <= 0x10000, source


def random_bytes(seed: int, cases: int) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(cases):
        yield bytes(rng.randrange(256) for _ in range(rng.randrange(120))).decode("latin-1")


def token_soups(seed: int, cases: int, tokens: Sequence[str],
                separators: Sequence[str] = (" ",)) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(cases):
        parts = []
        for _ in range(rng.randrange(1, 40)):
            parts += [rng.choice(tokens), rng.choice(separators)]
        yield "".join(parts)


def mutations(seed: int, cases: int, valid: Sequence[str], tokens: Sequence[str],
              include: str, include_names: Sequence[str]) -> Iterator[str]:
    """Valid sources with characters deleted, tokens, characters and includes
    (`include` is a line template with `{}` for the file name) inserted."""
    rng = random.Random(seed)
    for _ in range(cases):
        source = list(rng.choice(valid))
        for _ in range(rng.randrange(1, 5)):
            where = rng.randrange(len(source) + 1)
            action = rng.randrange(4)
            if action == 0 and source:
                del source[min(where, len(source) - 1)]
            elif action == 1:
                source.insert(where, rng.choice(tokens))
            elif action == 2:
                source.insert(where, chr(rng.randrange(32, 127)))
            else:
                source.insert(where, include.format(rng.choice(include_names)))
        yield "".join(source)
