"""A host filing system behind our OSFIND/OSGBPB stand-ins (page $FC, FRED).

The MOS stand-in (mos.asm) writes the call's registers to $FC01-$FC03 and the
call (1 = OSFIND, 2 = OSGBPB) to $FC04, then any byte to $FC00; we do the call
at once against files kept in Python (the page keeps them in browser storage).
Semantics as the BBC Micro Advanced User Guide documents them:

OSFIND: A=0 closes handle Y (0 closes all); A=$40 opens for input, $80 for
  output (creates/empties), $C0 for update; X,Y point to a CR-terminated file
  name; A returns the handle, or 0 when an input file does not exist.
OSGBPB: X,Y point to a 13-byte block: handle, data address (4 bytes), count
  (4), sequential pointer (4). A=1 writes at the block's pointer, 2 at the
  file's; A=3 reads at the block's pointer, 4 at the file's. Afterwards the
  address and pointer have moved on by what was moved, the count holds what was
  not moved, and C is set when the count could not be met (end of file).
"""

from __future__ import annotations

from typing import Any

MAX_FILES = 8
MAX_FILE_BYTES = 0x10000


class HostFs:
    def __init__(self, ram: bytearray, write: Any) -> None:
        self.ram = ram
        self._write = write          # the bus's write, so ROM stays ROM
        self.files: dict[str, bytes] = {}
        self.regs = bytearray(8)
        self.handles: dict[int, list[Any]] = {}   # handle -> [name, data, pointer]
        self.log: list[str] = []

    def reset(self) -> None:
        self.handles = {}
        self.regs = bytearray(8)

    def read(self, addr: int) -> int:
        return self.regs[addr & 7]

    def write(self, addr: int, value: int) -> None:
        reg = addr & 0xFF
        if reg == 0:
            self._call()
        elif reg < 8:
            self.regs[reg] = value

    def _block(self) -> int:
        return self.regs[2] | self.regs[3] << 8

    def _call(self) -> None:
        which, a = self.regs[4], self.regs[1]
        carry = 0
        if which == 1:
            a = self._osfind(a)
        elif which == 2:
            carry = self._osgbpb(a)
        self.regs[1] = a & 0xFF
        self.regs[5] = carry

    def _name(self) -> str:
        at = self._block()
        chars = []
        for i in range(12):
            c = self.ram[(at + i) & 0xFFFF]
            if c == 0x0D:
                break
            chars.append(chr(c))
        return "".join(chars).strip().upper()

    def _osfind(self, a: int) -> int:
        if a == 0:
            handle = self.regs[3]
            if handle == 0:
                names = [h for h in self.handles]
            else:
                names = [handle]
            for h in names:
                self._close(h)
            return 0
        name = self._name()
        if not name:
            return 0
        if a & 0xC0 == 0x40 and name not in self.files:
            return 0
        handle = next((h for h in range(0x11, 0x11 + MAX_FILES) if h not in self.handles), 0)
        if not handle:
            return 0
        data = bytearray() if a & 0xC0 == 0x80 else bytearray(self.files.get(name, b""))
        self.handles[handle] = [name, data, 0, a & 0xC0 != 0x40]
        self.log.append(f"open {name} {'out' if a & 0x80 else 'in'}")
        return handle

    def _close(self, handle: int) -> None:
        entry = self.handles.pop(handle, None)
        if entry and entry[3]:
            self.files[entry[0]] = bytes(entry[1][:MAX_FILE_BYTES])
            self.log.append(f"close {entry[0]} ({len(entry[1])} bytes)")

    def _osgbpb(self, a: int) -> int:
        at = self._block()
        ram = self.ram
        blk = [ram[(at + i) & 0xFFFF] for i in range(13)]
        entry = self.handles.get(blk[0])
        if entry is None or a not in (1, 2, 3, 4):
            return 1
        addr = int.from_bytes(bytes(blk[1:5]), "little") & 0xFFFF
        count = int.from_bytes(bytes(blk[5:9]), "little")
        pointer = int.from_bytes(bytes(blk[9:13]), "little") if a in (1, 3) else entry[2]
        data = entry[1]
        moved = 0
        if a in (1, 2):
            if not entry[3]:
                return 1
            count = min(count, MAX_FILE_BYTES - pointer)
            chunk = bytes(ram[(addr + i) & 0xFFFF] for i in range(count))
            if len(data) < pointer:
                data.extend(bytes(pointer - len(data)))
            data[pointer:pointer + count] = chunk
            moved = count
        else:
            chunk = data[pointer:pointer + count]
            for i, value in enumerate(chunk):
                self._write((addr + i) & 0xFFFF, value)
            moved = len(chunk)
        left = count - moved if a in (3, 4) else 0
        entry[2] = pointer + moved
        out = bytes([blk[0]]) + ((addr + moved) & 0xFFFFFFFF).to_bytes(4, "little") \
            + left.to_bytes(4, "little") + entry[2].to_bytes(4, "little")
        for i, value in enumerate(out):
            self._write((at + i) & 0xFFFF, value)
        return 1 if left else 0

    def problems(self) -> list[str]:
        """What a state from a link holds that this filing system never would."""
        handles = self.handles
        if len(self.files) > 64 or any(len(k) > 16 or len(v) > MAX_FILE_BYTES
                                       for k, v in self.files.items()):
            return ["its saved files are more or bigger than this filing system keeps"]
        if len(handles) > MAX_FILES or any(
                not 0x11 <= h < 0x11 + MAX_FILES or len(e[1]) > MAX_FILE_BYTES
                or not 0 <= e[2] <= MAX_FILE_BYTES for h, e in handles.items()):
            return ["its open files are not ones this filing system hands out"]
        return []

    def snapshot(self) -> dict[str, Any]:
        return {"files": {k: v.hex() for k, v in self.files.items()},
                "handles": {str(h): [e[0], bytes(e[1]).hex(), e[2], e[3]]
                            for h, e in self.handles.items()},
                "regs": self.regs.hex()}

    def restore(self, snap: dict[str, Any]) -> None:
        self.files = {k: bytes.fromhex(v) for k, v in snap["files"].items()}
        self.handles = {int(h): [e[0], bytearray.fromhex(e[1]), e[2], e[3]]
                        for h, e in snap["handles"].items()}
        self.regs = bytearray.fromhex(snap["regs"])
