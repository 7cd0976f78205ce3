"""Pac-Man's documented variables: the ghost routine's (seed 004's names, at
our program's labels of the same names) and the game's, one table for the
panel, the Gymnasium environment and scripts (machines/variables.py)."""

from __future__ import annotations

from ..variables import Variable

GAME_STATES = ("attract", "ready", "play", "dying", "level done", "game over")


def _game_state(value: int) -> str:
    return GAME_STATES[value] if value < len(GAME_STATES) else str(value)


def _mode(value: int) -> str:
    return f"{value} ({'chase' if value & 1 else 'scatter'})"


VARIABLES: tuple[Variable, ...] = (
    # chooseDirection's own ($2966): what the last ghost it ran for compared
    Variable("curPosition", "curPosition", "u16", "hex16", "the ghost's tile position"),
    Variable("curTarget", "curTarget", "u16", "hex16", "the tile it heads for"),
    Variable("curDirection", "curDirection", "u8", "dec", "the direction it came in by"),
    Variable("revDirection", "revDirection", "u8", "dec", "the way back, never chosen"),
    Variable("minDistance", "minDistance", "u16", "hex16", "the least squared distance"),
    Variable("myDirection", "myDirection", "u8", "dec", "the direction chosen"),
    Variable("myPosition", "myPosition", "u16", "hex16", "the tile a step that way"),
    # the game's
    Variable("gameState", "gameState", "u8", "dec", ", ".join(
        f"{i} {name}" for i, name in enumerate(GAME_STATES)), show=_game_state),
    Variable("level", "level", "u8", "dec"),
    Variable("lives", "lives", "u8", "dec", "lives left, the one in play included"),
    Variable("score", "score", "bcd24", "bcd", "packed BCD, lowest byte first"),
    Variable("modeIndex", "modeIndex", "u8", "dec", "scatter/chase phase: odd is chase",
             show=_mode),
    Variable("modeTimer", "modeTimer", "u16", "dec", "frames left in this phase"),
    Variable("frightTimer", "frightTimer", "u16", "dec", "frames of fright left"),
    Variable("dotsLeft", "dotsLeft", "u16", "dec"),
    Variable("rngSeed", "rngSeed", "u16", "hex16", "the frightened ghosts' random turns"),
)
