"""The JMC machine: the BBC Micro with JMC's program loaded, and its link parameters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import MachineError, Param, Routine, TouchControls, check_params
from ..bbc.keyboard import key_number
from ..bbc.machine import BbcMachine, bbc_info
from ..program_edit import Recipe, Space
from . import model
from .draw import (
    MESSAGE_LEN,
    MODES,
    PHASES,
    V_MESSAGE,
    Z_CUR_X,
    Z_CUR_Y,
    Z_MODE,
    Z_OPT_BRIDGES,
    Z_PHASE,
    Z_SELECTED,
    Z_TRAY,
    Z_TURN,
)
from .hands import PH_COMPUTER, Hands
from .program import GAME_KEYS, PACKAGE, generated, program
from .savefile import SaveFileError, check, from_hex
from .variables import SEED, VARIABLES, Z_BRIDGES

SAVE_NAME = "JMCSAVE"

V_BOARD_PIECES, V_PIECE_TYPES, V_PIECE_QUANTITIES = 0x0400, 0x0430, 0x0460
V_MAP_BRIDGE_UP, V_MAP_BRIDGE_DOWN, V_BOARD_MARKS = 0x0470, 0x04A0, 0x04D0
Z_DIRTY, Z_DRAWING = 0xC9, 0xCA
Z_KB_HEAD, Z_KB_TAIL = 0xB8, 0xB9
Z_WINNER, Z_MOVES, Z_LINK, Z_SETUP_SEED = 0x58, 0x59, 0x5B, 0x62
Z_COMMAND, Z_ARG_A = 0x80, 0x83
CMD_NEW_GAME, CMD_LOAD_SAVE = 8, 9
PH_SETUP, PH_PLAY = 1, 3

# The routines the article documents (and ours for tests), for `Machine.call`,
# with the registers they need; INFO.routines (the contract suite calls each).
ROUTINE_SPECS = (
    ("mark_moves", "X = a position: V_board_marks gets its piece's moves; A = how many",
     (("x", 0x27),)),
    ("resolve_move", "X = from, Y = to: the move, and the fight if there is one",
     (("x", 0x27), ("y", 0x26))),
    ("check_win", "A = 0 nobody, 1 the bottom player, 2 the top player has won", ()),
    ("swap_sides", "rotate the board 180 degrees (positions, IDs, types, colours)", ()),
    ("mark_left_right", "the sideways marking from Z_origin ($8B)", ()),
    ("galois32", "Brad Smith's 32-bit LFSR: A = the next byte", ()),
    ("prng_seed", "seed the LFSR from the centisecond clock (OSWORD 1)", ()),
    ("random_setup", "every piece of both players, whatever A holds (the plan names the side)",
     (("a", 0x00),)),
    ("random_setup_sides", "ours: A = $FF both sides, $04 the bottom, $00 the top",
     (("a", 0xFF),)),
)
INFO = bbc_info(
    id="jmc",
    title="Japanese Military Chess (BBC Micro)",
    buttons=GAME_KEYS,
    keys={"ArrowLeft": "Left", "ArrowRight": "Right", "ArrowUp": "Up", "ArrowDown": "Down",
          "Space": "Space", "KeyP": "P", "Enter": "Return", "KeyS": "S", "KeyE": "E",
          "F1": "F1", "KeyR": "R", "KeyB": "B", "KeyD": "D", "KeyH": "H", "KeyC": "C",
          "Escape": "Escape"},
    params=(
        Param("seed", "str", "", "random setup: the PRNG's 32-bit register as 8 hex digits "
              "(empty: set up by hand)", max_len=10, alphabet="0123456789abcdefABCDEF$xX"),
        Param("bridges", "int", 2, "bridges over the river: 2 or 4", 2, 4),
    ),
    article="001",
    routines=tuple(Routine(label, text, regs) for label, text, regs in ROUTINE_SPECS),
    summary="JMC's board arrays, swap_sides, move marking with the bridge tables, "
            "combat with every exception, both win checks, Brad Smith's galois32 PRNG "
            "and random_setup's plan as NMOS 6502 code on a BBC Micro. Click a space, "
            "a tray piece, or the legend line to end.",
    # flow.asm's keys_menu, keys_setup, keys_pass, keys_play and keys_over.
    actions=(("Return", "start, play on"),  # (and as S in the setup, as P in play)
             ("H", "menu: two players (hot-seat)"), ("C", "menu: against the computer"),
             ("D", "menu: debug mode"),
             ("R", "menu: random setup; in the setup, this side at random"),
             ("B", "menu: 2 or 4 bridges"),
             ("Left", "move the cursor left"), ("Right", "move the cursor right"),
             ("Up", "move the cursor up"), ("Down", "move the cursor down"),
             ("P", "pick and place"), ("Space", "pick and place; start, play on"),
             ("S", "switch board and tray"), ("E", "end the setup or the turn"),
             ("F1", "end the setup or the turn"),
             ("Escape", "back to the menu (game over)")),
    # Taps on the board move the pieces (the cursor keys' work); Space and F1
    # do what P, Return and E do.
    touch=TouchControls(ways=0, board=True, omit=("Space", "F1"), captions={
        "H": "two players", "C": "computer", "D": "debug",
        "R": "random", "B": "bridges", "P": "place", "S": "switch", "E": "end",
        "Escape": "menu"}),
)


def parse_seed(value: Any) -> int | None:
    """A 32-bit seed from hex text (`1A2B3C4D`, `$...`, `0x...`); None if not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 < value <= 0xFFFFFFFF else None
    text = str(value).strip()
    for prefix in ("$", "0x", "0X"):
        text = text.removeprefix(prefix)
    if not text or len(text) > 8:
        return None
    try:
        seed = int(text, 16)
    except ValueError:
        return None
    return seed if seed else None


def validate(values: dict[str, Any]) -> list[tuple[str, str]]:
    """What the Param specs cannot say: a seed of 1-8 hex digits, not zero; 2 or 4 bridges."""
    problems = []
    raw = values.get("seed", "")
    if raw not in ("", None) and parse_seed(raw) is None:
        problems.append(("seed", f"seed {str(raw)[:10]!r} is not 1-8 hex digits (not all "
                                 "zero); setting up by hand"))
    bridges = values.get("bridges", 2)
    if bridges not in (2, 4) or isinstance(bridges, bool):
        problems.append(("bridges", f"bridges must be 2 or 4, not {str(bridges)[:6]!r}; "
                                    "using 2"))
    return problems


class JmcMachine(BbcMachine):
    VARIABLES = VARIABLES
    """The BBC Micro running JMC. The game is the 6502's (menu, setup, turns, input,
    fights, the end, saves); Python here is the board around it, the side panel's
    verbs, and the computer opponent's hands on the keyboard (hands.py)."""

    INFO = INFO
    KEYS = GAME_KEYS
    FREE_STATE = (*BbcMachine.FREE_STATE, ("devices", "hands", "keys"))

    def __init__(self, seed: int | None = None, bridges: int = 2) -> None:
        super().__init__(program())
        self.params = {"seed": f"{seed:08X}" if seed else "", "bridges": bridges}
        self.bridges = bridges
        self.link_seed = seed
        self.hands = Hands()
        self.power_on()

    PROGRAM_SPACES = (Space(0x0E00, 0x2FFF, "RAM below MODE 2's screen"),
                      Space(0x8000, 0xFBFF, "ROM", 0xFF),
                      Space(0xFF00, 0xFFFF, "the MOS ROM's last page", 0xFF))

    def program_recipe(self) -> Recipe:
        return Recipe(PACKAGE, "jmc.asm", "6502", generated())

    def power_on(self) -> None:
        """Clear RAM, load the program, set the link's bridges (and seed), reset."""
        self.bus.ram[0:0x8000] = bytes(0x8000)
        for addr, data in self.program.chunks:
            if addr < 0x8000:
                self.bus.load(addr, data)
        self.bus.ram[Z_BRIDGES] = self.bridges
        if self.link_seed:
            # A link's seed: the register as the link gives it; the 6502 starts a
            # random setup from it at once (Z_link).
            self.seed = self.link_seed
            self.bus.ram[Z_LINK] = 1
        self.reset()

    def reset(self) -> None:
        """The BREAK key: the program starts again at its menu."""
        self.hands = Hands()
        super().reset()

    # -- the frame: the computer's hands on the keys ------------------------------------
    def set_buttons(self, buttons: int) -> None:
        super().set_buttons(buttons)
        if self.hands.key:
            self.keyboard.down.add(key_number(self.hands.key))

    def _end_frame(self) -> None:
        super()._end_frame()
        self.hands.end_frame(self)

    # -- the side panel's verbs and the browser's storage -----------------------------------
    def commands(self) -> dict[str, Callable[..., Any]]:
        return {"save": self.save_game, "load": self.load_game, "download": self.download,
                "upload": self.upload, "new_game": self.new_game}

    def _post(self, command: int, a: int = 0) -> None:
        """Into the 6502's mailbox: its main loop runs it on the next frame."""
        if self.bus.ram[Z_COMMAND]:
            raise MachineError("the machine is busy with the last request: try again")
        self.bus.ram[Z_ARG_A] = a
        self.bus.ram[Z_COMMAND] = command

    def save_game(self) -> dict[str, Any]:
        """The 6502 saves the game (OSFIND/OSGBPB to JMCSAVE) on the next frame."""
        if self.bus.ram[Z_PHASE] not in (PH_SETUP, PH_PLAY):
            raise MachineError("there is no game to save yet")
        self._post(CMD_LOAD_SAVE, 0)
        return {"ok": True}

    def load_game(self) -> dict[str, Any]:
        if SAVE_NAME not in self.hostfs.files:
            raise MachineError("there is no saved game: save one, or upload a file")
        self._post(CMD_LOAD_SAVE, 1)
        return {"ok": True}

    def download(self) -> dict[str, Any]:
        data = self.hostfs.files.get(SAVE_NAME)
        if data is None:
            raise MachineError("there is no saved game to download: save first")
        return {"name": "jmc-save.jmc", "hex": data.hex()}

    def upload(self, hex: str) -> dict[str, Any]:  # noqa: A002 - the verb's argument name
        """A downloaded save file back: checked first (a bad one changes nothing),
        then the 6502 loads it."""
        try:
            data = check(from_hex(hex))
        except SaveFileError as exc:
            raise MachineError(str(exc)) from None
        self.hostfs.files[SAVE_NAME] = data
        return self.load_game()

    def new_game(self) -> dict[str, Any]:
        self._post(CMD_NEW_GAME)
        return {"ok": True}

    def save_data(self) -> dict[str, Any] | None:
        data = self.hostfs.files.get(SAVE_NAME)
        return None if data is None else {"save": data.hex()}

    def load_save_data(self, data: dict[str, Any]) -> None:
        if not isinstance(data, dict) or not isinstance(data.get("save"), str):
            raise MachineError("bad jmc save data: expected {'save': hex}")
        try:
            self.hostfs.files[SAVE_NAME] = check(from_hex(data["save"]))
        except SaveFileError as exc:
            raise MachineError(f"bad jmc save data: {exc}") from None

    def device_snapshot(self) -> dict[str, Any]:
        return {**super().device_snapshot(), "hands": self.hands.snapshot()}

    def device_restore(self, state: dict[str, Any]) -> None:
        self.hands = Hands()
        self.hands.restore(state.get("hands", {}))
        super().device_restore(state)

    # -- the board as the 6502 keeps it ------------------------------------------------
    def board(self) -> model.Board:
        """The machine's board arrays as a model Board."""
        ram = self.bus.ram
        b = model.Board(ram[Z_BRIDGES] if ram[Z_BRIDGES] in (2, 4) else 2)
        # An edited board may hold anything: IDs past 47 read as empty, types as 4 bits.
        b.pieces = [pid if pid & 0x80 or pid < 48 else model.EMPTY
                    for pid in ram[V_BOARD_PIECES:V_BOARD_PIECES + 48]]
        b.types = [t & 15 for t in ram[V_PIECE_TYPES:V_PIECE_TYPES + 48]]
        return b

    def load_board(self, board: model.Board) -> None:
        ram = self.bus.ram
        ram[Z_BRIDGES] = board.bridges
        ram[V_BOARD_PIECES:V_BOARD_PIECES + 48] = bytes(board.pieces)
        ram[V_PIECE_TYPES:V_PIECE_TYPES + 48] = bytes(board.types)
        up, down = model.bridge_tables(board.bridges)
        ram[V_MAP_BRIDGE_UP:V_MAP_BRIDGE_UP + 48] = bytes(up)
        ram[V_MAP_BRIDGE_DOWN:V_MAP_BRIDGE_DOWN + 48] = bytes(down)

    def marks(self) -> list[int]:
        return list(self.bus.ram[V_BOARD_MARKS:V_BOARD_MARKS + 48])

    @property
    def seed(self) -> int:
        return int.from_bytes(self.bus.ram[SEED:SEED + 4], "little")

    @seed.setter
    def seed(self, value: int) -> None:
        self.bus.ram[SEED:SEED + 4] = (value & 0xFFFFFFFF).to_bytes(4, "little")

    def message(self) -> str:
        ram = self.bus.ram
        return bytes(ram[V_MESSAGE:V_MESSAGE + MESSAGE_LEN]).split(b"\0")[0].decode("latin-1")

    def state(self) -> dict[str, Any]:
        ram = self.bus.ram
        phase = ram[Z_PHASE]
        setup_seed = int.from_bytes(ram[Z_SETUP_SEED:Z_SETUP_SEED + 4], "little")
        bottom = ram[Z_TURN] & 1
        return {
            "mechanics": self.variable_rows(),
            "phase": PHASES[phase] if phase < len(PHASES) else "play",
            "mode": MODES[ram[Z_MODE]] if ram[Z_MODE] < len(MODES) else "hotseat",
            # in the menu, the option it shows (the next game's); else the game's
            "bridges": ram[Z_OPT_BRIDGES] if phase == 0 else ram[Z_BRIDGES],
            "turn": "red" if bottom == 0 else "blue",
            "message": self.message(),
            "winner": {1: "red", 2: "blue"}.get(ram[Z_WINNER]),
            # the 6502 has something still to do: a command, a view not yet drawn,
            # a drawing under way, key presses in its buffer, the computer's turn
            # (its hands plan only once the 6502 waits again, so not hands.busy alone)
            "busy": bool(ram[Z_COMMAND] or ram[Z_DIRTY] or ram[Z_DRAWING]
                         or ram[Z_KB_HEAD] != ram[Z_KB_TAIL] or self.hands.busy
                         or phase == PH_COMPUTER),
            "seed": f"{self.seed:08X}",
            # a link that sets this game up again (random setups only)
            "link": (f"#/jmc?seed={setup_seed:08X}&bridges={ram[Z_BRIDGES]}"
                     if setup_seed else None),
            "cursor": [ram[Z_CUR_X], ram[Z_CUR_Y]],
            "tray": ram[Z_TRAY] & 15,
            "selected": ram[Z_SELECTED] if ram[Z_SELECTED] < 48 else None,
            "moves": ram[Z_MOVES],
            "pieces": {
                "red": sum(1 for p in model.SPACES if not ram[0x400 + p] & 0x80
                           and bool(ram[0x400 + p] & 4) == (bottom == 0)),
                "blue": sum(1 for p in model.SPACES if not ram[0x400 + p] & 0x80
                            and bool(ram[0x400 + p] & 4) == (bottom == 1)),
            },
            "frame": self.frame,
        }


def create(**params: Any) -> JmcMachine:
    values = check_params(INFO.params, params, validate)
    raw = values["seed"]
    seed = parse_seed(raw) if raw not in ("", None) else None
    return JmcMachine(seed, values["bridges"])
