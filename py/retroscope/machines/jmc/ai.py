"""The computer opponent: it never reads the other side's piece types. What it
knows of each enemy piece is a weight per type, narrowed by what fights
revealed (our type and the outcome) and by moves (a piece that moved is no mine
or banner; two spaces forwards, or far, says more). It then plays the move with
the best expected value over those weights (one ply)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from . import model as M

VALUE = (4, 3, 3, 2, 3, 4, 5, 6, 7, 7, 8, 9, 10, 12, 3, 2)
WIN = 1000.0


def possible_types(our: int, result: int, we_attacked: bool) -> set[int]:
    """Enemy types consistent with a fight of our type `our` (banners aside)."""
    out = set()
    for t in range(16):
        if we_attacked:
            if M.combat(our, t) == result:
                out.add(t)
        elif t not in (M.MINE, M.BANNER):
            # it attacked us: result is from its side
            if M.combat(t, our) == result:
                out.add(t)
    if we_attacked and result == M.ATTACKER_WINS:
        out.add(M.BANNER)      # a banner with nobody of its own behind always loses
    elif we_attacked:
        out.add(M.BANNER)      # or it fought as the piece behind it
    return out


@dataclass
class Knowledge:
    """Per enemy piece (keyed by its ID in the frame where we are at the bottom):
    the set of types it can still be."""

    sets: dict[int, list[int]] = field(default_factory=dict)

    def of(self, pid: int) -> list[int]:
        return self.sets.get(pid, list(range(16)))

    def narrow(self, pid: int, allowed: set[int]) -> None:
        left = [t for t in self.of(pid) if t in allowed]
        self.sets[pid] = left or self.of(pid)     # inconsistent: keep what we had

    def moved(self, pid: int, far: bool) -> None:
        allowed = set(range(14)) if not far else {M.ENGINEER, M.CAVALRY, M.TANK, M.PLANE}
        self.narrow(pid, allowed)

    def weights(self, board: M.Board, pid: int) -> dict[int, float]:
        """P(type) for an enemy piece: its possible types, weighted by how many of
        each the enemy may still have unaccounted for (certain pieces claim theirs)."""
        alive = [board.pieces[p] for p in M.SPACES
                 if not board.pieces[p] & 0x80 and not board.pieces[p] & 4]
        claimed = [0] * 16
        for other in alive:
            kinds = self.of(other)
            if other != pid and len(kinds) == 1:
                claimed[kinds[0]] += 1
        w = {t: max(0, M.QUANTITIES[t] - claimed[t]) for t in self.of(pid)}
        total = sum(w.values())
        if not total:
            return {t: 1 / len(self.of(pid)) for t in self.of(pid)}
        return {t: v / total for t, v in w.items() if v}

    def to_json(self) -> dict[str, list[int]]:
        return {str(k): v for k, v in self.sets.items()}

    @classmethod
    def from_json(cls, data: dict[str, list[int]]) -> Knowledge:
        return cls({int(k): [int(t) for t in v] for k, v in data.items()})


def own_moves(board: M.Board) -> list[tuple[int, int]]:
    moves = []
    for p in M.SPACES:
        pid = board.pieces[p]
        if not pid & 0x80 and pid & 4:
            for to, mark in enumerate(board.marks(p)):
                if mark:
                    moves.append((p, to))
    return moves


def score(board: M.Board, know: Knowledge, frm: int, to: int) -> float:
    """Expected value of a move for the bottom side, enemy types unknown: what
    the fight may win or lose, and a little for going forwards (more for a piece
    that can take the headquarters)."""
    ours = board.type_at(frm)
    assert ours is not None
    forward = (frm & 7) - (to & 7)
    base = (0.25 if ours in (M.FO7, M.FO8, M.GENERAL) else 0.08) * forward
    enemy = board.pieces[to]
    takes_hq = to == M.HQ_TOP and ours in (M.FO7, M.FO8, M.GENERAL)
    if enemy & 0x80:
        if takes_hq:
            return WIN
        return base
    total = 0.0
    for t, p in know.weights(board, enemy).items():
        result = M.ATTACKER_WINS if t == M.BANNER else M.combat(ours, t)
        if result == M.ATTACKER_WINS:
            gain = VALUE[t] + (WIN if takes_hq else 0)
        elif result == M.DEFENDER_WINS:
            gain = -VALUE[ours]
        else:
            gain = VALUE[t] - VALUE[ours]
        total += p * gain
    return total + base


def choose(board: M.Board, know: Knowledge, rng: random.Random) -> tuple[int, int] | None:
    """The computer's move (bottom side) from what it may know."""
    moves = own_moves(board)
    if not moves:
        return None
    scored = [(score(board, know, f, t) + rng.random() * 0.04, (f, t)) for f, t in moves]
    best = max(s for s, _ in scored)
    return next(m for s, m in scored if s == best)


def random_move(board: M.Board, rng: random.Random) -> tuple[int, int] | None:
    moves = own_moves(board)
    return rng.choice(moves) if moves else None


def learn(know: Knowledge, our_type: int, enemy_id: int, result: int,
          we_attacked: bool) -> None:
    know.narrow(enemy_id, possible_types(our_type, result, we_attacked))


def observe(board: M.Board, frm: int, to: int, result: int, attacker: int, defender: int,
            mover_know: Knowledge, other_know: Knowledge) -> None:
    """After a move by the bottom side (board before it): what each side learns.
    `mover_know` is keyed in this frame, `other_know` in the flipped one."""
    if result == M.NO_COMBAT:
        far = abs((frm & 7) - (to & 7)) > 1 or abs((frm >> 3) - (to >> 3)) > 1
        other_know.moved(M.flip(attacker), far)
        return
    learn(mover_know, board.types[attacker], defender, result, True)
    defender_result = {M.ATTACKER_WINS: M.ATTACKER_WINS, M.DEFENDER_WINS: M.DEFENDER_WINS,
                       M.BOTH_DIE: M.BOTH_DIE}[result]
    learn(other_know, board.types[defender], M.flip(attacker), defender_result, False)


def match(kinds: tuple[str, str], seed: int, bridges: int = 2, max_plies: int = 600) -> int:
    """One game on the model between "ai" and/or "random" players: 0 or 1 for the
    winner (player 0 moves first, at the bottom), -1 for no result in max_plies."""
    board, seed = M.random_setup(seed or 1, bridges)
    rng = random.Random(seed)
    know = [Knowledge(), Knowledge()]
    for ply in range(max_plies):
        me = ply % 2
        if kinds[me] == "ai":
            move = choose(board, know[me], rng)
        else:
            move = random_move(board, rng)
        if move is None:
            return 1 - me
        frm, to = move
        attacker, defender = board.pieces[frm], board.pieces[to]
        before = board.copy()
        result = board.resolve_move(frm, to)
        observe(before, frm, to, result, attacker, defender, know[me], know[1 - me])
        win = board.check_win()
        if win:
            return me if win == 1 else 1 - me
        board.swap_sides()
    return -1
