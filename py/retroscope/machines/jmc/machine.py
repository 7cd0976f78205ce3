"""The JMC machine: the BBC Micro with JMC's program loaded, and its link parameters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import MachineError, Param, Routine, check_params, mechanics_row
from ..bbc.machine import BbcMachine, bbc_info
from . import model
from .draw import MESSAGE_LEN, MODES, PHASES, V_MESSAGE, Z_CUR_X, Z_MODE, Z_PHASE
from .game import Flow, Game
from .program import GAME_KEYS, program
from .savefile import SaveFileError, check, from_hex

SAVE_NAME = "JMCSAVE"

V_BOARD_PIECES, V_PIECE_TYPES, V_PIECE_QUANTITIES = 0x0400, 0x0430, 0x0460
V_MAP_BRIDGE_UP, V_MAP_BRIDGE_DOWN, V_BOARD_MARKS = 0x0470, 0x04A0, 0x04D0
Z_DIRTY, Z_DRAWING = 0xC9, 0xCA
Z_BRIDGES, Z_TURN, SEED = 0x51, 0x50, 0x5C

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
    ("random_setup", "A = $FF both sides, $04 the bottom, $00 the top", (("a", 0xFF),)),
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
            "and random_setup's plan as NMOS 6502 code on a BBC Micro. Keys: in the menu "
            "H, C, D, R, B choose, Return starts; in play the arrows move the cursor, P or "
            "Space picks and places, S or Return switches board and tray, E or F1 ends the "
            "setup or the turn.",
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
    INFO = INFO
    KEYS = GAME_KEYS

    def __init__(self, seed: int | None = None, bridges: int = 2) -> None:
        super().__init__(program())
        self.params = {"seed": f"{seed:08X}" if seed else "", "bridges": bridges}
        self.bridges = bridges
        self.link_seed = seed
        self.flow = Flow(self)
        self.power_on()

    def power_on(self) -> None:
        """Clear RAM, load the program, set the link's bridges, reset."""
        self.bus.ram[0:0x8000] = bytes(0x8000)
        for addr, data in self.program.chunks:
            if addr < 0x8000:
                self.bus.load(addr, data)
        self.bus.ram[Z_BRIDGES] = self.bridges
        self.reset()
        if self.link_seed:
            # A link's seed: the register as the link gives it, then random_setup.
            self.seed = self.link_seed
            self.flow.g.random_setup = True
            self.flow.start()

    def reset(self) -> None:
        """The BREAK key: the program starts again at its menu, and so does the game."""
        super().reset()
        self.flow = Flow(self, Game(bridges=self.bus.ram[Z_BRIDGES]
                                    if self.bus.ram[Z_BRIDGES] in (2, 4) else 2))

    # -- the frame: the game's flow, then the picture ------------------------------------
    def _end_frame(self) -> None:
        self.flow.tick()
        self._redraw()
        super()._end_frame()

    def _redraw(self) -> None:
        """Hand the game's view to the 6502 (the UI's variables and the message
        line); its draw_screen, run every frame, draws what changed into screen
        memory. Z_dirty says it has not yet seen the latest view."""
        ram = self.bus.ram
        g = self.flow.g
        last = g.last_move if len(g.last_move) == 2 else [0xFF, 0xFF]
        ui = bytes([g.cursor[0] & 0xFF, g.cursor[1] & 0xFF, g.tray & 15,
                    1 if g.focus == "tray" else 0, g.selected & 0xFF, last[0] & 0xFF,
                    last[1] & 0xFF, 1 if g.random_setup else 0, g.bridges & 0xFF])
        text = g.message[:MESSAGE_LEN].encode("latin-1", "replace") + b"\0"
        phase = PHASES.index(g.phase)
        if ram[Z_PHASE] != phase:
            ram[Z_PHASE] = phase
            ram[Z_DIRTY] = 1
        if g.phase == "menu" and ram[Z_MODE] != MODES.index(g.mode):
            ram[Z_MODE] = MODES.index(g.mode)
            ram[Z_DIRTY] = 1
        if (ram[Z_CUR_X:Z_CUR_X + len(ui)] != ui
                or ram[V_MESSAGE:V_MESSAGE + len(text)] != text):
            ram[Z_CUR_X:Z_CUR_X + len(ui)] = ui
            ram[V_MESSAGE:V_MESSAGE + len(text)] = text
            ram[Z_DIRTY] = 1

    def pointer(self, x: int, y: int, down: bool) -> None:
        if down and 0 <= x < self.width and 0 <= y < self.height:
            self.flow.click(int(x) // 2, int(y))

    # -- the side panel's verbs and the browser's storage -----------------------------------
    def commands(self) -> dict[str, Callable[..., Any]]:
        return {"save": self.save_game, "load": self.load_game, "download": self.download,
                "upload": self.upload, "new_game": self.new_game}

    def save_game(self) -> dict[str, Any]:
        """The 6502 saves the game (OSFIND/OSGBPB to JMCSAVE) on the next frame."""
        if self.flow.g.phase not in ("setup", "play"):
            raise MachineError("there is no game to save yet")
        self.flow.post("load_save", a=0, tag="saved")
        return {"ok": True}

    def load_game(self) -> dict[str, Any]:
        if SAVE_NAME not in self.hostfs.files:
            raise MachineError("there is no saved game: save one, or upload a file")
        self.flow.post("load_save", a=1, tag="loaded")
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
        self.flow.g.phase = "menu"
        self.flow.g.queue, self.flow.g.dirty = [], True
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
        return {**super().device_snapshot(), "game": self.flow.g.to_json()}

    def device_restore(self, state: dict[str, Any]) -> None:
        self.flow = Flow(self, Game.from_json(state["game"]))
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

    def state(self) -> dict[str, Any]:
        ram = self.bus.ram
        g = self.flow.g

        return {
            "mechanics": [
                mechanics_row("seed (galois32)", SEED, 4, "text", f"${self.seed:08X}"),
                mechanics_row("Z_turn (bottom colour)", Z_TURN, 1, "dec", ram[Z_TURN]),
                mechanics_row("Z_bridges", Z_BRIDGES, 1, "dec", ram[Z_BRIDGES]),
                mechanics_row("Z_result (last fight)", 0x53, 1, "hex", ram[0x53]),
                mechanics_row("Z_phase", 0x5A, 1, "dec", ram[0x5A]),
                mechanics_row("Z_command (mailbox)", 0x80, 1, "dec", ram[0x80]),
            ],
            "phase": g.phase,
            "mode": g.mode,
            "bridges": ram[Z_BRIDGES],
            "turn": "red" if ram[Z_TURN] == 0 else "blue",
            "message": g.message,
            "winner": ["red", "blue"][g.winner] if g.winner >= 0 else None,
            "busy": bool(g.waiting or g.queue or ram[Z_DIRTY] or ram[Z_DRAWING]),
            "seed": f"{self.seed:08X}",
            # a link that sets this game up again (random setups only)
            "link": (f"#/jmc?seed={g.setup_seed:08X}&bridges={g.bridges}"
                     if g.setup_seed else None),
            "pieces": {
                "red": sum(1 for p in model.SPACES if not ram[0x400 + p] & 0x80
                           and bool(ram[0x400 + p] & 4) == (ram[Z_TURN] == 0)),
                "blue": sum(1 for p in model.SPACES if not ram[0x400 + p] & 0x80
                            and bool(ram[0x400 + p] & 4) == (ram[Z_TURN] == 1)),
            },
            "frame": self.frame,
        }


def create(**params: Any) -> JmcMachine:
    values = check_params(INFO.params, params, validate)
    raw = values["seed"]
    seed = parse_seed(raw) if raw not in ("", None) else None
    return JmcMachine(seed, values["bridges"])
