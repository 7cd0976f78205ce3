"""JMC's game flow around the 6502 program: menu, setup tray, hot-seat turns with
the interstitial screen, the computer's turns, the end-game reveal.

Every rule runs on the 6502: the game posts a command in the program's mailbox
(Z_command and its arguments), the main loop runs it on the next frame, and
the result comes back in Z_cmd_result. Keys come from the program's own scan
of the keyboard through the system VIA (Z_keys_new). The game's state here is
plain data (`to_json`), so snapshots, rewind and replay keep it.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from . import ai
from . import model as M
from .program import GAME_KEYS

Z_TURN, Z_BRIDGES, Z_MODE, Z_RESULT, Z_ATTACKER, Z_DEFENDER = 0x50, 0x51, 0x52, 0x53, 0x54, 0x55
Z_WINNER, Z_MOVES, Z_PHASE = 0x58, 0x59, 0x5A
Z_COMMAND, Z_ARG_X, Z_ARG_Y, Z_ARG_A, Z_CMD_RESULT = 0x80, 0x81, 0x82, 0x83, 0x84
Z_KEYS_NEW, Z_SEEDING = 0x87, 0x89
V_BOARD_PIECES, V_PIECE_TYPES, V_PIECE_QUANTITIES, V_BOARD_MARKS = 0x400, 0x430, 0x460, 0x4D0
COMMANDS = {"mark_moves": 1, "resolve_move": 2, "check_win": 3, "swap_sides": 4,
            "random_setup": 5, "prng_seed": 6, "place_piece": 7, "new_game": 8,
            "load_save": 9, "remove_piece": 10}
KEY_BIT = {name: 1 << i for i, name in enumerate(GAME_KEYS)}
PHASES = ("menu", "setup", "pass", "play", "over", "computer")
MODES = ("hotseat", "computer", "debug")
COLOURS = ("RED", "BLUE")


def key(name: str) -> int:
    return KEY_BIT[name]


@dataclass
class Game:
    phase: str = "menu"
    mode: str = "hotseat"
    random_setup: bool = False
    bridges: int = 2
    cursor: list[int] = field(default_factory=lambda: [0, 7])
    tray: int = 0
    focus: str = "board"
    selected: int = -1
    moved: bool = False
    set_up: list[bool] = field(default_factory=lambda: [False, False])
    after_pass: str = "play"
    message: str = ""
    queue: list[list[Any]] = field(default_factory=list)   # [verb, x, y, a, tag]
    waiting: str = ""
    winner: int = -1            # colour
    win_reason: str = ""
    knowledge: dict[str, list[int]] = field(default_factory=dict)   # the computer's
    ai_seed: int = 1
    turns: int = 0
    fight: str = ""             # what the last fight showed
    last_move: list[int] = field(default_factory=list)   # [from, to] with red at the bottom
    setup_seed: int = 0         # the PRNG register random_setup began from (0: by hand)
    dirty: bool = True

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        return cls(**data)


class Flow:
    """Drives a Game against a JmcMachine's RAM, once per frame."""

    def __init__(self, machine: Any, game: Game | None = None) -> None:
        self.m = machine
        self.g = game or Game(bridges=machine.bridges)

    # -- RAM --------------------------------------------------------------------------
    @property
    def ram(self) -> bytearray:
        return self.m.bus.ram

    def bottom_colour(self) -> int:
        return self.ram[Z_TURN] & 1

    def post(self, verb: str, x: int = 0, y: int = 0, a: int = 0, tag: str = "") -> None:
        self.g.queue.append([verb, x, y, a, tag or verb])

    def board(self) -> M.Board:
        return self.m.board()

    # -- each frame ---------------------------------------------------------------------
    def tick(self) -> None:
        g, ram = self.g, self.ram
        if g.waiting and ram[Z_COMMAND] == 0:
            tag, g.waiting = g.waiting, ""
            self.on_result(tag, ram[Z_CMD_RESULT])
        if not g.waiting and g.queue:
            verb, x, y, a, tag = g.queue.pop(0)
            ram[Z_ARG_X], ram[Z_ARG_Y], ram[Z_ARG_A] = x & 0xFF, y & 0xFF, a & 0xFF
            ram[Z_COMMAND] = COMMANDS[verb]
            g.waiting = tag
        pressed = ram[Z_KEYS_NEW] | ram[Z_KEYS_NEW + 1] << 8
        ram[Z_KEYS_NEW] = ram[Z_KEYS_NEW + 1] = 0
        ram[Z_SEEDING] = 1 if g.phase == "menu" else 0
        ram[Z_PHASE] = PHASES.index(g.phase)
        if pressed and not g.waiting and not g.queue:
            self.on_keys(pressed)

    # -- keys ---------------------------------------------------------------------------
    def on_keys(self, pressed: int) -> None:
        handler = getattr(self, f"keys_{self.g.phase}", None)
        if handler:
            handler(pressed)
            self.g.dirty = True

    def keys_menu(self, k: int) -> None:
        g = self.g
        if k & key("H"):
            g.mode = "hotseat"
        if k & key("C"):
            g.mode = "computer"
        if k & key("D"):
            g.mode = "debug"
        if k & key("R"):
            g.random_setup = not g.random_setup
        if k & key("B"):
            g.bridges = 4 if g.bridges == 2 else 2
        if k & (key("Return") | key("Space")):
            self.start()

    def start(self) -> None:
        g = self.g
        self.ram[Z_BRIDGES] = g.bridges
        self.ram[Z_MODE] = MODES.index(g.mode)
        g.set_up = [False, False]
        g.winner, g.win_reason, g.knowledge, g.turns = -1, "", {}, 0
        g.last_move, g.fight = [], ""
        g.selected, g.moved, g.cursor, g.tray, g.focus = -1, False, [0, 7], 0, "board"
        self.post("new_game")
        g.setup_seed = 0
        if g.random_setup:
            self.post("random_setup", a=0xFF, tag="random_both")
        elif g.mode == "computer":
            self.post("random_setup", a=0x00, tag="random_computer")
        else:
            g.phase = "setup"
            g.message = "RED: SET UP YOUR ARMY"

    def _move_cursor(self, k: int, lo_y: int) -> None:
        x, y = self.g.cursor
        if k & key("Left"):
            x = max(0, x - 1)
        if k & key("Right"):
            x = min(5, x + 1)
        if k & key("Up"):
            y = max(lo_y, y - 1)
        if k & key("Down"):
            y = min(7, y + 1)
        self.g.cursor = [x, y]

    def red_frame(self, p: int) -> int:
        """A position as it is with red at the bottom (and back: flip is its own inverse)."""
        return p if self.bottom_colour() == 0 else M.flip(p)

    def clear_marks(self) -> None:
        self.ram[V_BOARD_MARKS:V_BOARD_MARKS + 48] = bytes(48)

    def cursor_pos(self) -> int:
        x, y = self.g.cursor
        p = M.pos(x, y)
        return p ^ 8 if p in M.INVALID else p

    def quantities(self) -> list[int]:
        return list(self.ram[V_PIECE_QUANTITIES:V_PIECE_QUANTITIES + 16])

    def keys_setup(self, k: int) -> None:
        g = self.g
        if k & (key("S") | key("Return")):
            g.focus = "tray" if g.focus == "board" else "board"
        if g.focus == "board":
            self._move_cursor(k, 4)
        else:
            if k & key("Up"):
                g.tray = (g.tray - 1) % 16
            if k & key("Down"):
                g.tray = (g.tray + 1) % 16
            if k & key("Left"):
                g.tray = (g.tray - 8) % 16
            if k & key("Right"):
                g.tray = (g.tray + 8) % 16
        if k & (key("P") | key("Space")):
            self.post("place_piece", x=self.cursor_pos(), a=g.tray, tag="placed")
        if k & key("R"):
            self.post("random_setup", a=0x04, tag="random_mine")
        if k & (key("E") | key("F1")):
            if sum(self.quantities()) and g.mode != "debug":
                g.message = f"PLACE ALL YOUR PIECES ({sum(self.quantities())} LEFT)"
            else:
                self.end_setup()

    def end_setup(self) -> None:
        g = self.g
        g.set_up[self.bottom_colour()] = True
        if all(g.set_up):
            self.begin_turn_change()
        elif g.mode == "computer":
            g.set_up = [True, True]
            self.enter_play()
        else:
            g.after_pass = "setup"
            self.to_pass()

    def to_pass(self) -> None:
        g = self.g
        if g.mode == "debug":
            self.post("swap_sides", tag="swapped")
            return
        g.phase = "pass"
        nxt = COLOURS[1 - self.bottom_colour()]
        g.message = f"PASS TO {nxt}"

    def keys_pass(self, k: int) -> None:
        if k & (key("Return") | key("Space") | key("E") | key("F1")):
            self.post("swap_sides", tag="swapped")

    def begin_turn_change(self) -> None:
        """After a turn (or both setups): hand over to the other side."""
        g = self.g
        g.after_pass = "play"
        g.moved, g.selected = False, -1
        if g.mode == "computer":
            g.phase = "computer"
            g.message = "THE COMPUTER IS THINKING"
            self.post("swap_sides", tag="ai_swapped")
        else:
            self.to_pass()

    def enter_play(self) -> None:
        g = self.g
        g.phase = "play"
        g.moved, g.selected = False, -1
        self.clear_marks()
        g.message = f"{COLOURS[self.bottom_colour()]} TO MOVE"

    def keys_play(self, k: int) -> None:
        g = self.g
        self._move_cursor(k, 0)
        if k & (key("P") | key("Space") | key("Return")):
            self.choose(self.cursor_pos())
        if k & (key("E") | key("F1")):
            if g.moved or g.mode == "debug":
                self.clear_marks()
                self.begin_turn_change()
            else:
                g.message = "MOVE A PIECE FIRST"

    def choose(self, p: int) -> None:
        """Select a piece, or move the selected one to p."""
        g = self.g
        pid = self.ram[V_BOARD_PIECES + p]
        mine = not pid & 0x80 and pid & 4
        if mine and (not g.moved or g.mode == "debug"):
            if g.selected == p:
                g.selected = -1
                self.clear_marks()
                return
            g.selected = p
            self.post("mark_moves", x=p, tag="marked")
            return
        if g.selected < 0:
            g.message = ("YOU HAVE MOVED: E ENDS THE TURN" if g.moved
                         else "CHOOSE ONE OF YOUR PIECES")
            return
        legal = self.ram[V_BOARD_MARKS + p] != 0
        if not legal and not (g.mode == "debug" and not mine and p != g.selected):
            g.message = "NOT A LEGAL MOVE"
            return
        self.post("resolve_move", x=g.selected, y=p, tag="moved")

    def keys_over(self, k: int) -> None:
        if k & (key("Return") | key("Space") | key("Escape")):
            self.g.phase = "menu"
            self.g.message = ""

    # -- the mouse ---------------------------------------------------------------------
    def click(self, x: int, y: int) -> None:
        """A click at MODE 2 pixel (x, y)."""
        from .draw import board_cell_at, tray_at

        g = self.g
        if g.waiting or g.queue:
            return
        g.dirty = True
        if g.phase == "menu":
            from .draw import menu_option_at
            option = menu_option_at(x, y)
            if option:
                self.keys_menu(key(option))
            return
        if g.phase in ("pass", "over"):
            self.on_keys(key("Return"))
            return
        if y >= 222:
            self.on_keys(key("E"))
            return
        cell = board_cell_at(x, y)
        if g.phase == "setup":
            kind = tray_at(x, y)
            if kind is not None:
                g.tray, g.focus = kind, "tray"
                return
            if cell is not None and cell & 4:
                cx, cy = M.xy(cell)
                g.cursor, g.focus = [cx, cy], "board"
                self.post("place_piece", x=cell, a=g.tray, tag="placed")
            return
        if g.phase == "play" and cell is not None:
            g.cursor = list(M.xy(cell))
            self.choose(cell)

    # -- results from the 6502 ------------------------------------------------------------
    def on_result(self, tag: str, a: int) -> None:
        g = self.g
        g.dirty = True
        if tag == "random_both":
            g.setup_seed = int.from_bytes(self.ram[0x62:0x66], "little")
            g.set_up = [True, True]
            self.enter_play()
        elif tag == "random_computer":
            g.phase = "setup"
            g.message = "RED: SET UP YOUR ARMY"
        elif tag == "random_mine":
            g.message = "A RANDOM SETUP: E TO END"
        elif tag == "placed":
            if a:
                g.message = f"CANNOT PLACE {M.NAMES[g.tray].upper()} THERE"
                return
            q = self.quantities()
            g.message = f"{sum(q)} PIECES LEFT"
            if not q[g.tray] and sum(q):
                g.tray = next(t % 16 for t in range(g.tray + 1, g.tray + 17) if q[t % 16])
        elif tag == "swapped":
            if g.after_pass == "setup":
                g.phase, g.focus, g.cursor = "setup", "board", [0, 7]
                g.message = f"{COLOURS[self.bottom_colour()]}: SET UP YOUR ARMY"
            else:
                self.enter_play()
        elif tag == "marked":
            if not a:
                g.message = "THAT PIECE CANNOT MOVE"
        elif tag in ("moved", "ai_moved"):
            self.after_move(tag, a)
        elif tag in ("won", "ai_won"):
            self.after_check(tag, a)
        elif tag == "saved":
            g.message = "GAME SAVED" if not a else "THE GAME COULD NOT BE SAVED"
        elif tag == "loaded":
            self.after_load(a)
        elif tag == "ai_swapped":
            self.computer_move()
        elif tag == "ai_back":
            if g.winner >= 0:
                g.phase = "over"
            else:
                self.enter_play()
                if g.fight:
                    g.message = f"{g.fight} - {g.message}"

    def fight_text(self, result: int, by_computer: bool) -> str:
        """What a player at the table is told of a fight: who survived, no types."""
        if result == M.NO_COMBAT:
            return ""
        if result == M.BOTH_DIE:
            return "BOTH PIECES WERE LOST"
        won = result == M.ATTACKER_WINS
        if by_computer:
            return "THE COMPUTER WON A FIGHT" if won else "THE COMPUTER LOST A FIGHT"
        return "YOUR ATTACK WON" if won else "YOUR ATTACK FAILED"

    def after_move(self, tag: str, result: int) -> None:
        g = self.g
        ram = self.ram
        attacker, defender = ram[Z_ATTACKER], ram[Z_DEFENDER]
        frm, to = ram[0x60], ram[0x61]
        g.last_move = [self.red_frame(frm), self.red_frame(to)]
        self._learn(frm, to, result, attacker, defender, computer_moved=tag == "ai_moved")
        g.moved, g.selected = True, -1
        g.turns += 1
        self.clear_marks()
        text = self.fight_text(result, tag == "ai_moved")
        g.fight = text
        g.message = (text + ": " if text else "") + ("E ENDS THE TURN" if tag == "moved" else "")
        self.post("check_win", tag="won" if tag == "moved" else "ai_won")

    def _learn(self, frm: int, to: int, result: int, attacker: int, defender: int,
               computer_moved: bool) -> None:
        """The computer learns only what a player at the table would: the outcome,
        and its own piece's type."""
        g = self.g
        if g.mode != "computer":
            return
        if attacker >= 48 or (result != M.NO_COMBAT and defender >= 48):
            return                   # an edited board: nothing to learn from it
        know = ai.Knowledge.from_json(g.knowledge)
        types = [t & 15 for t in self.ram[V_PIECE_TYPES:V_PIECE_TYPES + 48]]
        if computer_moved:       # the computer is at the bottom: IDs in its frame
            if result != M.NO_COMBAT:
                ai.learn(know, types[attacker], defender, result, True)
        else:                    # the human is at the bottom: flip into the computer's
            if result == M.NO_COMBAT:
                far = abs((frm & 7) - (to & 7)) > 1 or abs((frm >> 3) - (to >> 3)) > 1
                know.moved(M.flip(attacker), far)
            else:
                ai.learn(know, types[defender], M.flip(attacker), result, False)
        g.knowledge = know.to_json()

    def after_check(self, tag: str, a: int) -> None:
        g = self.g
        if a:
            bottom = self.bottom_colour()
            g.winner = bottom if a == 1 else 1 - bottom
            hq = self.ram[V_BOARD_PIECES + M.HQ_TOP]
            took = a == 1 and not hq & 0x80 and hq & 4
            g.win_reason = ("TOOK THE HEADQUARTERS" if took else
                            f"{COLOURS[1 - g.winner]} CANNOT MOVE")
            g.message = f"{COLOURS[g.winner]} WINS: {g.win_reason}"
            self.ram[Z_WINNER] = g.winner + 1
            if tag == "ai_won":
                self.post("swap_sides", tag="ai_back")
            else:
                g.phase = "over"
            return
        if tag == "ai_won":
            self.post("swap_sides", tag="ai_back")

    def after_load(self, failed: int) -> None:
        g, ram = self.g, self.ram
        if failed:
            g.message = {2: "THAT FILE IS NOT A JMC SAVED GAME",
                         3: "THE SAVED GAME IS DAMAGED"}.get(failed, "NO SAVED GAME TO LOAD")
            return
        g.mode = MODES[min(ram[Z_MODE], 2)]
        g.bridges = ram[Z_BRIDGES]
        saved = PHASES[ram[Z_PHASE]] if ram[Z_PHASE] < len(PHASES) else "play"
        g.knowledge, g.selected, g.queue = {}, -1, []
        g.winner = ram[Z_WINNER] - 1 if ram[Z_WINNER] in (1, 2) else -1
        g.set_up = [True, True]
        self.clear_marks()
        if saved == "setup":
            g.phase, g.focus = "setup", "board"
            g.message = f"LOADED: {COLOURS[self.bottom_colour()]} SETS UP"
        elif g.winner >= 0:
            g.phase = "over"
            g.message = f"LOADED: {COLOURS[g.winner]} HAS WON"
        else:
            g.phase, g.moved = "play", False
            g.message = f"LOADED: {COLOURS[self.bottom_colour()]} TO MOVE"

    def computer_move(self) -> None:
        g = self.g
        board = self.board()
        hidden = board.copy()
        for p in M.SPACES:            # what the computer may not see: the human's types
            pid = hidden.pieces[p]
            if not pid & 0x80 and not pid & 4:
                hidden.types[pid] = 0
        rng = random.Random(g.ai_seed + g.turns)
        move = ai.choose(hidden, ai.Knowledge.from_json(g.knowledge), rng)
        if move is None:              # cannot move: check_win will say so
            self.post("check_win", tag="ai_won")
            return
        self.post("resolve_move", x=move[0], y=move[1], tag="ai_moved")
