"""Pac-Man: each ghost's target and the way the routine at $2966 sends it.

chooseDirection ($2966, seed 004) is called at a tile's centre with HL = the
ghost's tile, DE = its target tile and A = the way it came, and IX on the
ghost's 16-byte record (A_ID: 0 Blinky, 1 Pinky, 2 Inky, 3 Clyde). At $29D4 it
has compared the open ways (never back, never into tiles $C0 and up) and left
the nearest to the target in curDirection. This logs each choice and marks
each ghost's target on the maze.
"""

NAMES = ("Blinky", "Pinky", "Inky", "Clyde")
COLOURS = ("red", "magenta", "cyan", "orange")
WAYS = ("right", "down", "left", "up")
A_ID = machine.symbols["A_ID"]  # the ghost's number in its record
targets = {}  # ghost -> its target tile, as last asked
asking = {}  # what the routine was asked, until it answers


def tile(position):
    """The screen tile (column, row) of a tile position the game keeps in HL."""
    return 0x3B - (position >> 8), (position & 0xFF) - 0x1E


@on_exec("chooseDirection")
def asked(addr):
    r = machine.registers
    asking.update(ghost=machine.read(r["ix"] + A_ID) & 3, at=tile(r["hl"]),
                  target=tile(r["de"]), came=r["a"] & 3)


@on_exec(0x29D4)
def chose(addr):
    if not asking:
        return
    ghost = asking["ghost"]
    way = machine.read("curDirection") & 3
    targets[ghost] = asking["target"]
    log(f"{NAMES[ghost]:6} at {asking['at']}: target {asking['target']}, came "
        f"{WAYS[asking['came']]}, goes {WAYS[way]}")
    asking.clear()


@on_frame
def draw(frame):
    overlay.clear()
    for ghost, (x, y) in targets.items():
        overlay.box(8 * x, 8 * y, 8, 8, COLOURS[ghost])
