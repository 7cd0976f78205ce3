"""The FDS Backgammon machine: our 2A03 dice code in FDS RAM, the game in Python.

The 6502 program (backgammon.asm) owns the documented mechanics: the reset's
seed capture from $33, the 55-value table, RndFunc, GetRandomVal stepped once
per title frame, and GetDiceRoll. The rules, players and board drawing are
Python glue that reads the machine's RAM and writes the PPU's nametable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import MachineError, Param, Routine, TouchControls, assemble_package
from ..fds.machine import FdsMachine
from ..nes.controller import BUTTON
from ..nes.machine import nes_info
from ..program_edit import Recipe, Space
from . import model, panel, sounds, video
from .game import Game
from .layout import COUNTER, DIE1, DIE2, INDEX, MODE, READY, SEED, SFX_REQ, TABLE
from .notation import link_text
from .panel import TAPE_LENGTH
from .rules import BAR, OFF, point_name
from .tiles import build_chr
from .variables import VARIABLES

__all__ = ["BUTTON", "COUNTER", "DIE1", "DIE2", "INDEX", "INFO", "MODE", "READY", "SEED",
           "TABLE", "BackgammonMachine", "program"]

PACKAGE = __name__.rpartition(".")[0]
COMPUTER_DELAY = 20  # frames a computer's move stays on screen


def dice_table_inc() -> str:
    """The lookup table GetDiceRoll reads, from its one source: model.DICE_TABLE."""
    rows = [model.DICE_TABLE[i:i + 6] for i in range(0, len(model.DICE_TABLE), 6)]
    return "\n".join("        .byte " + ", ".join(f"${v:02X}" for v in row)
                     for row in rows) + "\n"


def program() -> Any:  # -> retroscope.asm.Program (the disk program)
    return _built().program


def _generated() -> dict[str, str]:
    return {"dice_table.inc": dice_table_inc(), "sounds.inc": sounds.sounds_inc()}


def _built() -> Any:
    return assemble_package(PACKAGE, "backgammon.asm", "6502", _generated())


def counter_for(sequence: int) -> int:
    """The $33 value whose reset picks `sequence` (0 would mean power-on: 31)."""
    return sequence if sequence else 0x20


class BackgammonMachine(FdsMachine):
    VARIABLES = VARIABLES
    def __init__(self) -> None:
        built = _built()
        self.IDLE_LOOP = (built.symbols["MainLoop"], built.symbols["NmiFlag"])
        self.program = built.program  # the disk program (the debugger reads `programs`)
        super().__init__(built, build_chr(), mirroring="horizontal", chr_writable=True)
        self.players = ["human", "computer"]
        self.game: Game | None = None
        self.sequence = 31
        self.selected: int | None = None
        self.cursor: int | None = None  # keyboard cursor, shown once a key moves it
        self.wait = 0
        self.roll_asked = False  # $030C cleared: the next frame's GetDiceRoll rolls
        self.linkable = False  # the game began where a seed link begins it
        self._prev_buttons = 0
        # (the view drawn last, its nametable and OAM bytes): see `_draw`
        self._shown: tuple[Any, bytes, bytes] | None = None

    PROGRAM_SPACES = (Space(0x6000, 0xDFFF, "FDS RAM, the disk program"),)

    def program_recipe(self) -> Recipe:
        return Recipe(PACKAGE, "backgammon.asm", "6502", _generated())

    def program_changed(self) -> None:
        self.IDLE_LOOP = (self.symbols["MainLoop"], self.symbols["NmiFlag"])

    def commands(self) -> dict[str, Callable[..., Any]]:
        return panel.commands(self)

    def load_moves(self, link: str) -> None:
        """Replay the `moves=` form of a record on the current sequence."""
        panel.load_moves(self, link)

    def reset(self) -> None:
        super().reset()
        self.game = None
        self.selected = None
        self.roll_asked = False
        self._shown = None
        for i, value in enumerate(video.palette_bytes()):
            self.ppu.vram_write(0x3F00 + i, value)

    def reset_to(self, sequence: int) -> None:
        """Reset as a player would when $33 selects `sequence`, holding Start."""
        self.write(COUNTER, counter_for(sequence))
        self.reset()
        for _ in range(20):  # until the opening roll is in
            self.run_frame(BUTTON["Start"] if self.game is None else 0)
            if self.game is not None and not self.game.need_roll:
                break
        self.set_buttons(0)
        self._prev_buttons = BUTTON["Start"]

    # -- the machine's dice -------------------------------------------------------------
    def roll_now(self) -> tuple[int, int]:
        """Run GetDiceRoll as machine code, off the clock, and read $46/$47
        (record replays and bulk games; live play rolls inside the frame)."""
        self.roll_asked = False
        cpu = self.cpu
        saved = cpu.snapshot()
        self.write(READY, 0)
        self.call("GetDiceRoll")
        cpu.restore(saved)
        return self.read(DIE1), self.read(DIE2)

    def rng_state(self) -> model.DiceRng:
        """The machine's RNG ($0600 index, $0601-$0637 values) as a model."""
        return model.DiceRng([self.read(TABLE + i) for i in range(model.TABLE_LEN)],
                             self.read(INDEX))

    def tape(self, count: int) -> list[tuple[int, int]]:
        return self.rng_state().tape(count)

    # -- the frame -------------------------------------------------------------------------
    def _end_frame(self) -> None:
        super()._end_frame()
        if self.read(MODE) and self.game is None:
            self._start_game()
        if self.game is not None:
            self._keys()
            self._play()
        self._draw()

    def _start_game(self) -> None:
        self.sequence = model.sequence_of(self.read(SEED))
        # A link replays from the state a link starts in: Start at the first title frame.
        canonical = model.DiceRng.for_sequence(self.sequence)
        canonical.random_val()
        self.linkable = self.rng_state() == canonical
        self.game = Game(players=list(self.players), tape=self.tape)

    def _play(self) -> None:
        game = self.game
        assert game is not None
        if game.over:
            return
        if game.need_roll:
            # Ask the program for a roll: clear $030C; the frame loop's
            # GetDiceRoll rolls in the next frame and sets it again.
            if not self.roll_asked:
                self.write(READY, 0)
                self.roll_asked = True
            elif self.read(READY):
                self.roll_asked = False
                game.give_roll((self.read(DIE1), self.read(DIE2)))
                self.wait = COMPUTER_DELAY
            return
        if game.players[game.to_move] != "human":
            if self.wait > 0:
                self.wait -= 1
                return
            game.computer_turn()
            self.write(SFX_REQ, sounds.SFX_IDS["move"])
            self.wait = COMPUTER_DELAY

    def _keys(self) -> None:
        pressed = self.buttons & ~self._prev_buttons
        self._prev_buttons = self.buttons
        if not pressed:
            return
        order = [*range(13, 25), BAR, *range(12, 0, -1), OFF]
        if pressed & (BUTTON["Right"] | BUTTON["Left"]):
            if self.cursor is None:
                self.cursor = 13
            else:
                i = order.index(self.cursor)
                step = 1 if pressed & BUTTON["Right"] else -1
                self.cursor = order[(i + step) % len(order)]
        if pressed & BUTTON["A"] and self.cursor is not None:
            self.click(self.cursor)
        if pressed & BUTTON["B"]:
            panel.undo(self)
        if pressed & BUTTON["Start"]:
            try:
                panel.confirm(self)
            except (MachineError, ValueError):
                pass  # not a finished turn of the player's: Start does nothing

    def _draw(self) -> None:
        """Keep the PPU's nametable and OAM showing the title or the board.
        What a view looks like is built only when the view changes; the bytes
        that differ from the PPU's own are written, so the machine's next
        state depends on its state alone: after a restore, or a nametable
        edited by hand (which shows for one frame), it goes on as it did."""
        view: Any
        if self.game is None:
            # Built now, the title is seen in the next frame, whose NMI steps
            # $33 once more after the picture: it says what a reset after that
            # frame picks, as the panel does then.
            counter = (self.read(COUNTER) + 1) & 0xFF
            view = (model.sequence_of(self.read(SEED)), self.frame + 1, counter,
                    model.sequence_of(model.seed_from_counter(counter)))
        else:
            view = self._view()
        if self._shown is None or self._shown[0] != view:
            screen = video.title_screen(*view) if self.game is None else video.board_screen(view)
            self._shown = (view, screen.nametable(), screen.oam())
        _, names, oam = self._shown
        ppu = self.ppu
        held = ppu.nametable_bytes(0x2000, len(names))
        if held != names:
            write = ppu.vram_write
            for i, value in enumerate(names):
                if held[i] != value:
                    write(0x2000 + i, value)
        if ppu.oam != oam:
            ppu.oam[:] = oam

    def _view(self) -> video.BoardView:
        game = self.game
        assert game is not None
        pos = game.shown_position()
        turn = pos.turn
        dice: tuple[int, ...] = tuple(game.current.dice_left()) if game.current else ()
        status = f"SEQ {self.sequence:2d} ROLL {len(game.rolls):3d}"
        if game.current:
            status += f"  {('WHITE', 'BLACK')[turn]} {game.current.dice[0]}-" \
                      f"{game.current.dice[1]}"
        selected = targets = None
        if self.selected is not None and game.current is not None:
            selected = self._white_point(self.selected, turn)
            targets = tuple(self._white_point(d, turn)
                            for d in game.current.paths(self.selected))
        return video.BoardView(pos, dice, status, game.message.upper(), selected,
                               targets or (), self.cursor)

    @staticmethod
    def _white_point(point: int, turn: int) -> int:
        """A mover-numbered point in White's numbering (bar and off unchanged)."""
        if turn == 0 or point in (BAR, OFF):
            return point
        return 25 - point

    # -- input -------------------------------------------------------------------------------
    def pointer(self, x: int, y: int, down: bool) -> None:
        if down:
            point = video.point_at(x, y)
            if point is not None:
                self.click(point)

    def click(self, white_point: int) -> None:
        """Select a checker to move, or move the selected one here."""
        game = self.game
        if game is None or game.current is None or game.players[game.to_move] != "human":
            return
        turn = game.to_move
        point = self._white_point(white_point, turn)
        if self.selected is not None:
            if point == self.selected:
                self.selected = None
                return
            if point in game.current.paths(self.selected):
                game.move(self.selected, point)
                self.write(SFX_REQ, sounds.SFX_IDS["move"])  # the program plays the tock
                self.selected = None
                return
        steps = game.current.legal_steps()
        if any(s == point for s, _, _ in steps):
            self.selected = point  # one of the player's checkers that can move
        elif self.selected is not None:  # kept: the player may try elsewhere
            why = game.current.why_not(self.selected, point)
            game.message = f"{point_name(self.selected)}/{point_name(point)}: {why}"
        else:
            self.selected = None

    # -- state --------------------------------------------------------------------------------
    def tape_state(self, count: int = TAPE_LENGTH) -> dict[str, Any]:
        if self.game is None:
            # At the title the next frame steps once more before it sees Start.
            rng = self.rng_state()
            rng.random_val()
            return {"used": [], "next": [list(r) for r in rng.tape(count)], "current": 0}
        used = [list(r) for r in self.game.rolls]
        ahead = max(count - len(used), 10)
        return {"used": used, "next": [list(r) for r in self.tape(ahead)],
                "current": len(used) - 1}

    def state(self) -> dict[str, Any]:
        mechanics = self.variable_rows()
        out: dict[str, Any] = {
            "mode": "game" if self.game is not None else "title",
            "sequence": model.sequence_of(self.read(SEED)),
            "live_sequence": model.sequence_of(model.seed_from_counter(self.read(COUNTER))),
            "players": list(self.players),
            "tape": self.tape_state(),
            "mechanics": mechanics,
        }
        game = self.game
        if game is not None:
            pos = game.shown_position()
            result = game.result()
            out["game"] = {
                "white": list(pos.sides[0]), "black": list(pos.sides[1]),
                "turn": pos.turn, "dice": list(game.current.dice) if game.current else None,
                "dice_left": list(game.current.dice_left()) if game.current else [],
                "legal": [list(s[:2]) for s in game.current.legal_steps()]
                if game.current else [],
                "can_confirm": bool(game.current and game.current.done()),
                "selected": self.selected,
                "message": game.message,
                "turns": len(game.turns),
                "result": list(result) if result else None,
                "link": link_text(game.turns),
                "linkable": self.linkable,
            }
        return out

    # -- snapshots: the Python side of the game travels with the machine -------------------
    def device_snapshot(self) -> dict[str, Any]:
        snap = super().device_snapshot()
        game = self.game
        snap["backgammon"] = {
            "players": list(self.players), "sequence": self.sequence,
            "selected": self.selected, "cursor": self.cursor, "wait": self.wait,
            "roll_asked": self.roll_asked, "linkable": self.linkable,
            "prev_buttons": self._prev_buttons,
            "game": None if game is None else game.to_json(),
        }
        return snap

    def check_state(self) -> list[str]:
        problems = super().check_state()
        game = self.game
        try:
            if game is not None:
                game.pos.check()
                if game.current is not None:
                    game.current.position().check()
                if len(game.turns) > 10_000 or not all(
                        1 <= d <= 6 for roll in game.rolls for d in roll):
                    problems.append("its game's record is not one of backgammon")
        except (ValueError, TypeError, IndexError) as exc:
            problems.append(f"its game is not one of backgammon ({exc})")
        return problems

    def device_restore(self, state: dict[str, Any]) -> None:
        super().device_restore(state)
        mine = state["backgammon"]
        self.players = list(mine["players"])
        self.sequence = mine["sequence"]
        self.selected = mine["selected"]
        self.cursor = mine["cursor"]
        self.wait = mine["wait"]
        self.roll_asked = mine["roll_asked"]
        self.linkable = mine["linkable"]
        self._prev_buttons = mine["prev_buttons"]
        self._shown = None
        data = mine["game"]
        self.game = None if data is None else Game.from_json(data, tape=self.tape)


PARAMS = (
    Param("seed", "int", None, "dice sequence 0-31 (none: power-on, title screen)",
          lo=0, hi=31),
    Param("moves", "str", "", "moves so far, turns joined by ';' (e.g. 8/5,6/5;13/7)",
          max_len=4096, alphabet="0123456789/*,;:() barofBAROF"),
)

INFO = nes_info(
    params=PARAMS,
    id="backgammon",
    title="FDS Backgammon: the predetermined dice",
    article="003",
    routines=(
        Routine("InitTable", "$9CAB: the 55-value table from the seed at $0500"),
        Routine("RndFunc", "$9CE7: refill the table (the subtractive generator's step)"),
        Routine("GetRandomVal", "$9C94: the next value; stepped once per title frame"),
        Routine("GetDiceRoll", "$815C: two dice from the table, through the lookup table"),
    ),
    summary=("Famicom Disk System Backgammon's dice RNG as 2A03 code at the documented "
             "addresses: a reset picks one of 32 sequences from the frame counter at $33, "
             "the title screen steps it once per frame, and Start fixes every roll. "
             "Click a checker, then where it goes."),
    # BackgammonMachine._keys: the pad plays as the mouse does.
    actions=(("Start", "start, end the turn"), ("Left", "move the pointer left"),
             ("Right", "move the pointer right"),
             ("A", "pick up, put down"), ("B", "undo")),
    # A tap on the board is a click (the pointer and A are the pad's way to it).
    touch=TouchControls(ways=0, board=True, omit=("A",),
                        captions={"Start": "start, end turn"}),
)


BackgammonMachine.INFO = INFO
