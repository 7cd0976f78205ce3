"""Phones in the e2e tests: Chromium's device emulation and fingers on the
screen as its touch events."""

from __future__ import annotations

# -- phones and tablets ------------------------------------------------------------------------
# A phone, as Chromium's device emulation has it: touch, a mobile viewport
# (360x740 CSS pixels, 3 device pixels to each), a coarse pointer.
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}


class Fingers:
    """Fingers on the screen as Chromium's touch events (CDP): any number at
    once, each put down, slid and lifted by itself."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.at: dict[int, dict[str, float]] = {}

    def _send(self, kind: str, points: list[dict]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, finger: int, where: dict[str, float]) -> None:
        self.at[finger] = where
        self._send("touchStart", [{**p, "id": f} for f, p in self.at.items()])

    def slide(self, finger: int, where: dict[str, float]) -> None:
        self.at[finger] = where
        self._send("touchMove", [{**p, "id": f} for f, p in self.at.items()])

    def up(self, finger: int) -> None:
        self._send("touchEnd", [{**self.at.pop(finger), "id": finger}])

    def tap(self, where: dict[str, float]) -> None:
        """Down and up at once: far shorter than a frame."""
        self.down(9, where)
        self.up(9)


def centre(page, testid: str, dx: float = 0.5, dy: float = 0.5) -> dict[str, float]:
    """A point of a control, as shares of its box (the middle by default)."""
    box = page.locator(f"[data-testid={testid}]").bounding_box()
    return {"x": box["x"] + box["width"] * dx, "y": box["y"] + box["height"] * dy}
