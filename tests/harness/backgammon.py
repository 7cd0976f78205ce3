"""Backgammon in the page: where a point of the board is."""

from __future__ import annotations

# White-numbered point -> (left tile column, on the top half), as video.point_place.
PLACE = """(p) => p <= 6 ? [16 + (6 - p) * 2, false] : p <= 12 ? [2 + (12 - p) * 2, false]
  : p <= 18 ? [2 + (p - 13) * 2, true] : [16 + (p - 19) * 2, true]"""


def point_at(page, white_point: int) -> dict[str, float]:
    """Where a point of the board is on the page."""
    col, top = page.evaluate(f"({PLACE})({white_point})")
    box = page.locator("[data-testid=screen]").bounding_box()
    return {"x": box["x"] + (col * 8 + 8) * box["width"] / 256,
            "y": box["y"] + ((4 if top else 25) * 8) * box["height"] / 240}
