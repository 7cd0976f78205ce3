"""Game records in the common text notation (GNU Backgammon / Jellyfish .mat).

    ; [Sequence "17"]
     1 point match

     Game 1
     White : 0                          Black : 0
      1)                                31: 8/5 6/5
      2) 64: 24/18 13/9                 52: 13/8 13/11
      ...
                                        Wins 2 points

Each turn is `dice: moves`; a move is `from/to` in the mover's own numbering
(`bar`, `off`), `*` marks a hit, `(n)` repeats a move, `13/7/1` chains steps.
A turn that cannot move has no moves. The link form (`moves=` in the URL) is
the same turns joined by `;` with `,` or spaces between moves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .rules import BAR, NAMES, OFF, Play, Position, legal_plays, point_name

COLUMN = 34  # where the second player's column starts in a record line


class NotationError(ValueError):
    """A record that cannot be read, with where and why."""


@dataclass(frozen=True)
class Turn:
    player: int
    dice: tuple[int, int]
    play: Play


def play_text(play: Play) -> str:
    """Steps as notation, in playing order; runs of the same move get (n)."""
    moves = [f"{point_name(s)}/{point_name(d)}{'*' if hit else ''}" for s, d, hit in play]
    out: list[str] = []
    i = 0
    while i < len(moves):
        j = i
        while j < len(moves) and moves[j] == moves[i]:
            j += 1
        out.append(moves[i] if j - i == 1 else f"{moves[i]}({j - i})")
        i = j
    return " ".join(out)


def turn_text(turn: Turn) -> str:
    a, b = turn.dice
    return f"{a}{b}: {play_text(turn.play)}".rstrip()


def export_record(turns: list[Turn], sequence: int, result: tuple[int, int] | None) -> str:
    """The whole game; `result` is (winner, points) once the game is over."""
    lines = [f'; [Sequence "{sequence}"]', " 1 point match", "", " Game 1",
             f" {NAMES[0]} : 0".ljust(COLUMN) + f" {NAMES[1]} : 0"]
    number = 0
    i = 0
    while i < len(turns):
        number += 1
        left = right = ""
        if turns[i].player == 0:
            left = turn_text(turns[i])
            i += 1
        if i < len(turns) and turns[i].player == 1:
            right = turn_text(turns[i])
            i += 1
        lines.append(f"{number:3d}) {left}".ljust(COLUMN) + right if right
                     else f"{number:3d}) {left}")
    if result is not None:
        winner, points = result
        word = "point" if points == 1 else "points"
        pad = " " * (COLUMN if winner == 1 else 5)
        lines.append(f"{pad}Wins {points} {word}")
    return "\n".join(lines) + "\n"


_ENTRY = re.compile(r"([1-6])([1-6]):")
_LINE = re.compile(r"^\s*(\d+)\)(.*)$")


@dataclass(frozen=True)
class Entry:
    dice: tuple[int, int] | None
    moves: str
    player: int | None  # from the column, when a record line says
    where: str


def parse_record(text: str) -> tuple[list[Entry], int | None]:
    """Record text -> turn entries in order, and the sequence if the header has it."""
    if len(text) > 100_000:
        raise NotationError("the record is too long (over 100000 characters)")
    sequence = None
    entries: list[Entry] = []
    seen_game = False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        m = re.match(r'^\s*;\s*\[Sequence "(\d+)"\]', line)
        if m:
            sequence = int(m.group(1))
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith(";") or re.match(
                r"^(\d+ point match|White\b|Black\b|Wins\b)", stripped):
            continue
        if re.match(r"^Game\s+\d+$", stripped):
            if seen_game:
                raise NotationError(f"line {n}: only one game per record is supported")
            seen_game = True
            continue
        if re.search(r"\b(Doubles|Takes|Drops)\b", stripped):
            raise NotationError(f"line {n}: the doubling cube is not supported")
        m = _LINE.match(line)
        if not m:
            raise NotationError(f"line {n}: expected a numbered turn like ' 1) 31: 8/5 6/5',"
                                f" got {stripped[:40]!r}")
        body_start = m.start(2)
        found = list(_ENTRY.finditer(line, body_start))
        if not found:
            if m.group(2).strip():
                raise NotationError(f"line {n}: no dice like '31:' in {stripped[:40]!r}")
            continue
        if line[body_start:found[0].start()].strip():
            raise NotationError(f"line {n}: unexpected text before the dice: "
                                f"{line[body_start:found[0].start()].strip()[:20]!r}")
        for k, match in enumerate(found):
            end = found[k + 1].start() if k + 1 < len(found) else len(line)
            # Two entries: White then Black; one alone: its column says whose.
            player = k if len(found) > 1 else int(match.start() >= COLUMN - 4)
            dice = (int(match.group(1)), int(match.group(2)))
            entries.append(Entry(dice, line[match.end():end].strip(), player, f"line {n}"))
    return entries, sequence


def parse_link(text: str) -> list[Entry]:
    """The `moves=` form: turns joined by ';', each optionally `dice:` first."""
    if len(text) > 4096:
        raise NotationError("the moves parameter is too long")
    entries = []
    for k, part in enumerate(text.split(";") if text.strip() else [], 1):
        part = part.strip()
        m = re.match(r"^([1-6])([1-6]):(.*)$", part)
        dice = (int(m.group(1)), int(m.group(2))) if m else None
        moves = (m.group(3) if m else part).replace(",", " ").strip()
        for token in moves.lower().split():
            if not _MOVE.match(token):
                raise NotationError(f"turn {k}: cannot read the move {token!r} "
                                    "(expected like 13/7, bar/22, 6/off, 8/5(2), 24/18*)")
        entries.append(Entry(dice, moves, None, f"turn {k}"))
    return entries


def link_text(turns: list[Turn]) -> str:
    return ";".join(play_text(t.play).replace(" ", ",") for t in turns)


_MOVE = re.compile(r"^((?:bar|\d{1,2})(?:/(?:off|\d{1,2})\*?)+)(?:\((\d)\))?$")


def _point(token: str, where: str) -> int:
    if token == "bar":
        return BAR
    if token == "off":
        return OFF
    value = int(token)
    if not 1 <= value <= 25:
        raise NotationError(f"{where}: point {value} is not on the board (1-24, bar, off)")
    return value


def resolve(pos: Position, dice: tuple[int, int], moves: str, where: str) -> Play:
    """The legal play that `moves` describes from `pos` with `dice`."""
    plays = legal_plays(pos, dice)
    me, opp = list(pos.mover()), list(pos.other())
    who = NAMES[pos.turn]
    pending: list[tuple[int, int, str]] = []
    for token in moves.lower().split():
        m = _MOVE.match(token)
        if not m:
            raise NotationError(f"{where}: cannot read the move {token!r} "
                                "(expected like 13/7, bar/22, 6/off, 8/5(2), 24/18*)")
        points = [_point(p.rstrip("*"), where) for p in m.group(1).split("/")]
        for src, dst in zip(points, points[1:], strict=False):
            if src == OFF or dst == BAR or (dst != OFF and dst >= src):
                raise NotationError(f"{where}: {token} does not move forward")
        pending.extend((src, dst, token) for src, dst in zip(points, points[1:], strict=False)
                       for _ in range(int(m.group(2) or 1)))
    # Moves may be written in any order: apply whichever can go next.
    while pending:
        k = next((k for k, item in enumerate(pending) if me[item[0]]), -1)
        if k < 0:
            src, _, token = pending[0]
            raise NotationError(f"{where}: {who} has no checker on {point_name(src)} "
                                f"for {token}")
        src, dst, token = pending.pop(k)
        me[src] -= 1
        me[dst] += 1
        if dst != OFF and opp[25 - dst] == 1:
            opp[25 - dst] = 0
            opp[BAR] += 1
        elif dst != OFF and opp[25 - dst] > 1:
            raise NotationError(f"{where}: point {dst} is blocked for {token}")
    result = pos.with_sides(me, opp, 1 - pos.turn)
    if result not in plays:
        a, b = dice
        shown = moves.strip() or "no move"
        raise NotationError(f"{where}: '{shown}' is not a legal play for {who} with "
                            f"{a}-{b}")
    return plays[result]
