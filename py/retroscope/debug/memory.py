"""Memory for the panels: bulk reads of any space with the bytes changed since
the previous pause, and validated writes.

At each pause an image of every memory space is kept (the CPU's RAM array
as is; other spaces through `machine.read_space`); "changed" compares the
present with the image of the pause before, so what the last run changed
stays highlighted while one looks around.
"""

from __future__ import annotations

from typing import Any

from .errors import DebugError, check_int


class MemoryView:
    def __init__(self, machine: Any) -> None:
        self.machine = machine
        self.bus = machine.bus
        self._last: dict[str, bytes] = {}
        self._prev: dict[str, bytes] = {}
        self.mark_pause(fresh=True)

    def mark_pause(self, fresh: bool = False) -> None:
        """Take the images of this pause (fresh: forget the earlier ones too)."""
        images = {"cpu": bytes(self.bus.ram)}
        for space, size in self.machine.memory_spaces().items():
            if space != "cpu":
                images[space] = bytes(self.machine.read_space(space, 0, size))
        self._prev = images if fresh else self._last
        self._last = images

    def spaces(self) -> dict[str, int]:
        return dict(self.machine.memory_spaces())

    def read(self, addr: Any, length: Any, space: str = "cpu") -> dict[str, Any]:
        """Bytes as hex, plus the offsets changed since the previous pause."""
        addr = check_int("address", addr, 0xFFFF)
        length = check_int("length", length, 0x10000, 1)
        if space != "cpu":
            spaces = self.machine.memory_spaces()
            if not isinstance(space, str) or space not in spaces:
                raise DebugError(f"no memory space {space!r} (spaces: {', '.join(spaces)})")
            size = spaces[space]
            if addr >= size or addr + length > size:
                raise DebugError(f"{space} holds ${size:X} bytes: ${addr:X}+{length} runs past")
            data = bytes(self.machine.read_space(space, addr, length))
            before = self._prev.get(space, data)[addr:addr + length]
            changed = [i for i in range(length) if before[i] != data[i]]
            return {"space": space, "addr": addr, "data": data.hex(), "changed": changed}
        data = self.bus.peek_range(addr, length)
        before, now = self._prev["cpu"], self.bus.ram
        changed = [i for i in range(length)
                   if before[(addr + i) & 0xFFFF] != now[(addr + i) & 0xFFFF]]
        return {"space": "cpu", "addr": addr, "data": data.hex(), "changed": changed}

    def writable(self) -> list[str]:
        """The spaces that take writes (the page offers its Write row there only)."""
        return [s for s in self.machine.writable_spaces() if s in self.spaces()]

    def write(self, addr: Any, values: Any, space: str = "cpu") -> dict[str, Any]:
        """Write bytes into a space as its hardware would (the CPU's through the
        bus: ROM ignores writes); the addresses that kept their old value are
        listed as ignored."""
        addr = check_int("address", addr, 0xFFFF)
        if isinstance(values, (bytes, bytearray)):
            values = list(values)
        if not isinstance(values, list) or not values:
            raise DebugError("values must be a non-empty list of bytes (0-255)")
        for i, value in enumerate(values):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 255:
                raise DebugError(f"value {i + 1} is {value!r}: a byte is 0-255 ($00-$FF)")
        spaces = self.spaces()
        if not isinstance(space, str) or space not in spaces:
            raise DebugError(f"no memory space {str(space)[:20]!r} (spaces: {', '.join(spaces)})")
        if space not in self.writable():
            raise DebugError(f"the {space} memory space cannot be written")
        size = spaces[space]
        if addr + len(values) > size:
            raise DebugError(f"{len(values)} bytes at ${addr:04X} run past ${size - 1:04X}"
                             f" (the end of {space})")
        self.machine.write_space(space, addr, bytes(values))
        after = (self.bus.peek_range(addr, len(values)) if space == "cpu"
                 else self.machine.read_space(space, addr, len(values)))
        ignored = [addr + i for i, value in enumerate(values) if after[i] != value]
        return {"space": space, "addr": addr, "length": len(values), "ignored": ignored}
