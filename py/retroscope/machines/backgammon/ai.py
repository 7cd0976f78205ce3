"""The computer players: a 1-ply evaluator, and the oracle that reads the tape.

`evaluate` scores a position for one side from hand-set features (pip count,
blots and the direct shots at them, points made, the longest prime, home-board
points, checkers borne off and on the bar). The sound player picks the play
whose result scores best. The oracle knows the fixed dice tape (the article's
point): it also plays the opponent's known next roll with the sound player's
judgement and keeps the play that stands best after that reply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import BAR, OFF, Play, Position, legal_plays, pip_count


@dataclass(frozen=True)
class Weights:
    """Feature weights, in pips (the pip count weighs 1)."""

    blot: float = 0.5
    shot: float = 1.5  # per opposing checker within direct range of a blot
    point: float = 1.5
    home_point: float = 2.5
    prime: float = 2.0  # per point of the longest run of made points, beyond 1
    off: float = 6.0
    bar: float = 6.0  # each opposing checker on the bar is worth this much to us
    race_off: float = 8.0


WEIGHTS = Weights()


def _contact(me: Sequence[int], opp: Sequence[int]) -> bool:
    """Can any of my checkers still meet an opposing one?"""
    my_back = max((p for p in range(1, 26) if me[p]), default=0)
    # Opponent's point q is 25 - q in my numbering; their rearmost is at their max.
    opp_back = max((q for q in range(1, 26) if opp[q]), default=0)
    return my_back + opp_back > 25


def _side_score(me: Sequence[int], opp: Sequence[int], w: Weights) -> float:
    blots = 0.0
    made = 0
    home = 0
    run = best_run = 0
    for p in range(1, 25):
        n = me[p]
        if n >= 2:
            made += 1
            if p <= 6:
                home += 1
            run += 1
            best_run = max(best_run, run)
        else:
            run = 0
        if n == 1:
            # Opposing checkers (and their bar) 1-6 pips "behind" my blot can hit it.
            shots = opp[BAR] if p <= 6 else 0
            for d in range(1, 7):
                q = p - d
                if q >= 1:
                    shots += opp[25 - q]
            # Being hit costs the pips already travelled: a blot far forward
            # risks more than one still at the back.
            blots += (w.blot + w.shot * shots) * (25 - p) / 12
    return (w.point * made + w.home_point * home + w.prime * max(best_run - 1, 0)
            - blots + w.off * me[OFF] + w.bar * opp[BAR])


def evaluate(pos: Position, player: int, w: Weights = WEIGHTS) -> float:
    """How good `pos` is for `player`, higher better (in pips)."""
    me, opp = pos.sides[player], pos.sides[1 - player]
    if me[OFF] == 15:
        return 1000.0
    if opp[OFF] == 15:
        return -1000.0
    pips = pip_count(opp) - pip_count(me)
    if not _contact(me, opp):
        return pips + w.race_off * (me[OFF] - opp[OFF])
    return pips + _side_score(me, opp, w) - _side_score(opp, me, w)


def best_play(pos: Position, dice: tuple[int, int]) -> tuple[Play, Position]:
    """The sound player's choice: the legal play with the best 1-ply score."""
    player = pos.turn
    plays = legal_plays(pos, dice)
    result = max(plays, key=lambda after: evaluate(after, player))
    return plays[result], result


def oracle_play(pos: Position, dice: tuple[int, int],
                next_roll: tuple[int, int] | None) -> tuple[Play, Position]:
    """The oracle's choice, knowing the opponent's next roll from the tape."""
    if next_roll is None:
        return best_play(pos, dice)
    player = pos.turn
    plays = legal_plays(pos, dice)
    if len(plays) == 1:
        result = next(iter(plays))
        return plays[result], result

    def after_reply(after: Position) -> float:
        if after.sides[player][OFF] == 15:
            return 2000.0
        _, reply = best_play(after, next_roll)
        return evaluate(reply, player)

    result = max(plays, key=after_reply)
    return plays[result], result
