"""Playing JMC in tests: the first legal move of the side at the bottom, and
clicks on the board's spaces, on the machine and in the page."""

from __future__ import annotations

from retroscope.machines.jmc import model
from retroscope.machines.jmc.draw import cell_xy


def first_move(board: model.Board) -> tuple[int, int]:
    """The first legal move (from, to) of a piece of the bottom side."""
    for p in model.SPACES:
        pid = board.pieces[p]
        if not pid & 0x80 and pid & 4:
            for to, mark in enumerate(board.marks(p)):
                if mark:
                    return p, to
    raise AssertionError("no legal move")


# -- on the machine ----------------------------------------------------------------------------
def settle(m, frames: int = 4, most: int = 200) -> None:
    """`frames` frames, then on (`most` more at the most) until the 6502 has
    run what the game posted."""
    for _ in range(frames):
        m.run_frame(0)
    for _ in range(most):
        if not m.state()["busy"]:
            return
        m.run_frame(0)
    raise AssertionError("the game stayed busy")


def click(m, x: int, y: int) -> None:
    """A click at MODE 2 pixel (x, y) (two screen pixels wide)."""
    m.pointer(x * 2, y, True)
    settle(m)


def click_cell(m, p: int) -> None:
    x, y, w = cell_xy(p)
    click(m, x + w // 2, y + 10)


# -- in the page -------------------------------------------------------------------------------
def page_board(page) -> model.Board:
    """The board the page's machine holds (its RAM at $0400 and $0051)."""
    ram = page.evaluate("window.retroscope.read(0x400, 0x60)")
    b = model.Board(page.evaluate("window.retroscope.read(0x51, 1)")[0])
    b.pieces, b.types = list(ram[:48]), list(ram[48:96])
    return b


def page_cell_point(page, p: int) -> dict[str, float]:
    """Where space `p` is on the page (MODE 2's pixels are two wide)."""
    x, y, w = cell_xy(p)
    box = page.locator("[data-testid=screen]").bounding_box()
    return {"x": box["x"] + (x + w // 2) * 2 * box["width"] / 320,
            "y": box["y"] + (y + 10) * box["height"] / 256}
