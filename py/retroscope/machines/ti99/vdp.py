"""The TMS9918A video display processor as the TI-99/4A's CPU sees it.

From the TMS9918A/9928A/9929A data manual (Texas Instruments, 1982),
sections 2 and 3:

* 16 KiB of VRAM behind an auto-incrementing 14-bit address; eight
  write-only registers; one read-only status byte.
* The control port takes two bytes: the low address byte (or register
  data), then a byte whose top two bits say what it is: 00 set the address
  for reading (the VDP fetches the first byte ahead), 01 set it for
  writing, 10 write register (low three bits). Reading the status resets
  this two-byte sequence.
* Reading the data port hands back the read-ahead byte and fetches the next;
  writing stores the byte and also leaves it in the read-ahead latch.
* Status: bit 7 F (set at the end of the last active line, the interrupt
  source while R1's IE bit is set), bit 6 fifth sprite, bit 5 coincidence,
  bits 4-0 the fifth sprite's number. Reading it clears F and C.
* Graphics mode I: 32 x 24 names (R2 * >400), 256 patterns of 8 bytes
  (R4 * >800), 32 colour bytes, one per 8 patterns (R3 * >40), foreground in
  the high nibble; colour 0 is transparent (the backdrop, R7's low nibble).
  Sprites: 32 attribute entries of Y, X, name, early clock/colour (R5 * >80),
  Y = >D0 ends the list, the picture shows a sprite one line below its Y;
  8x8 or 16x16 patterns (R6 * >800), magnified x2; four per line.

The TI-99/4A decodes the ports at >8800 (read data), >8802 (status),
>8C00 (write data) and >8C02 (write address), on the high byte of its
16-bit bus (TI-99/4A Technical Data; MAME's ti99_4x.cpp memory map). Only
graphics mode I is drawn (the mode this machine uses); other modes show the
backdrop. The picture is drawn once per frame from the VRAM as it is then.
"""

from __future__ import annotations

from typing import Any

WIDTH = 256
HEIGHT = 192
VRAM_SIZE = 0x4000

STATUS_F = 0x80
STATUS_5S = 0x40
STATUS_C = 0x20
R1_BLANK = 0x40     # 0: the screen shows only the backdrop
R1_IE = 0x20
R1_SIZE = 0x02      # 16x16 sprites
R1_MAG = 0x01

# TMS9918A colours as 0xRRGGBB (the data manual gives them as luminance and
# colour-difference voltages; these are the RGB conversion of those values
# that public emulators and tools commonly use). 0 is transparent: shown as
# black when it reaches the backdrop.
PALETTE = (
    0x000000, 0x000000, 0x21C842, 0x5EDC78, 0x5455ED, 0x7D76FC, 0xD4524D, 0x42EBF5,
    0xFC5554, 0xFF7978, 0xD4C154, 0xE6CE80, 0x21B03B, 0xC95BBA, 0xCCCCCC, 0xFFFFFF,
)


class VDP:
    """TMS9918A registers, VRAM, status and the graphics-mode-I picture."""

    def __init__(self) -> None:
        self.vram = bytearray(VRAM_SIZE)
        self.regs = bytearray(8)
        self.status = 0
        self.address = 0
        self.latch: int | None = None   # first control byte, waiting for the second
        self.ahead = 0                  # read-ahead buffer
        self.on_interrupt = _nothing    # called with the INT line (True/False)
        self.dirty = True               # VRAM or registers written since the last picture

    def reset(self) -> None:
        self.dirty = True
        self.regs[:] = bytes(8)
        self.status = 0
        self.address = 0
        self.latch = None
        self.ahead = 0
        self.on_interrupt(False)

    # -- the CPU's ports ------------------------------------------------------------
    def read_data(self) -> int:
        value = self.ahead
        self.ahead = self.vram[self.address]
        self.address = (self.address + 1) & 0x3FFF
        self.latch = None
        return value

    def read_status(self) -> int:
        value = self.status
        self.status &= ~(STATUS_F | STATUS_C) & 0xFF
        self.latch = None
        self.on_interrupt(False)
        return value

    def write_data(self, value: int) -> None:
        self.dirty = True
        self.vram[self.address] = value
        self.ahead = value
        self.address = (self.address + 1) & 0x3FFF
        self.latch = None

    def write_control(self, value: int) -> None:
        if self.latch is None:
            self.latch = value
            return
        low, self.latch = self.latch, None
        kind = value & 0xC0
        if kind == 0x80:
            self.write_register(value & 7, low)
        else:
            self.address = ((value & 0x3F) << 8) | low
            if kind == 0x00:  # set up a read: fetch ahead
                self.ahead = self.vram[self.address]
                self.address = (self.address + 1) & 0x3FFF

    def write_register(self, reg: int, value: int) -> None:
        self.dirty = True
        self.regs[reg] = value
        if reg == 1:
            self.on_interrupt(self.interrupt_line)

    @property
    def interrupt_line(self) -> bool:
        return bool(self.status & STATUS_F and self.regs[1] & R1_IE)

    def end_of_active_display(self) -> None:
        """Line 192 ends: set F (the 60 Hz interrupt while IE is set)."""
        self.status |= STATUS_F
        self.on_interrupt(self.interrupt_line)

    # -- tables ------------------------------------------------------------------------
    @property
    def name_table(self) -> int:
        return (self.regs[2] & 0x0F) << 10

    @property
    def colour_table(self) -> int:
        return self.regs[3] << 6

    @property
    def pattern_table(self) -> int:
        return (self.regs[4] & 0x07) << 11

    @property
    def sprite_attributes(self) -> int:
        return (self.regs[5] & 0x7F) << 7

    @property
    def sprite_patterns(self) -> int:
        return (self.regs[6] & 0x07) << 11

    @property
    def backdrop(self) -> int:
        return self.regs[7] & 0x0F

    # -- the picture ------------------------------------------------------------------
    def render(self, fb: bytearray) -> None:
        """Draw the frame into `fb` (256 x 192 colour numbers 0-15): graphics
        mode I names, then sprites; status 5S/C and the fifth sprite's number.
        With nothing written since the last call, `fb` already holds the
        picture and is left alone (the status bits stay as they were)."""
        if not self.dirty:
            return
        self.dirty = False
        backdrop = self.backdrop
        mode = ((self.regs[0] >> 1) & 1, (self.regs[1] >> 4) & 1, (self.regs[1] >> 3) & 1)
        if not self.regs[1] & R1_BLANK or mode != (0, 0, 0):
            fb[:] = bytes([backdrop]) * (WIDTH * HEIGHT)
            return
        self._render_names(fb, backdrop)
        self._render_sprites(fb)

    def _render_names(self, fb: bytearray, backdrop: int) -> None:
        vram = self.vram
        names = self.name_table
        patterns = self.pattern_table
        colours = self.colour_table
        rows = _ROWS
        for ty in range(24):
            base = ty * 8 * WIDTH
            for tx in range(32):
                char = vram[names + ty * 32 + tx]
                colour = vram[colours + (char >> 3)]
                pair = ((colour >> 4 or backdrop) << 4) | (colour & 15 or backdrop)
                row = rows.get(pair) or _rows_for(pair)
                pat = patterns + char * 8
                at = base + tx * 8
                for line in range(8):
                    fb[at:at + 8] = row[vram[pat + line]]
                    at += WIDTH

    def _render_sprites(self, fb: bytearray) -> None:
        vram = self.vram
        attrs = self.sprite_attributes
        size = 16 if self.regs[1] & R1_SIZE else 8
        mag = 2 if self.regs[1] & R1_MAG else 1
        span = size * mag
        table = self.sprite_patterns
        per_line = [0] * HEIGHT
        covered = bytearray(WIDTH * HEIGHT)  # which pixels a sprite has set
        fifth: int | None = None
        collision = False
        for n in range(32):
            entry = attrs + 4 * n
            y = vram[entry]
            if y == 0xD0:
                break
            top = (y + 1) if y < 0xE0 else (y + 1 - 256)  # Y >= >E0: partly above
            x = vram[entry + 1]
            name = vram[entry + 2]
            flags = vram[entry + 3]
            if flags & 0x80:
                x -= 32
            colour = flags & 15
            if size == 16:
                name &= 0xFC
            pat = table + name * 8
            for row in range(span):
                line = top + row
                if not 0 <= line < HEIGHT:
                    continue
                if per_line[line] == 4:
                    if fifth is None:
                        fifth = n
                    continue
                per_line[line] += 1
                r = row // mag
                bits = vram[pat + r] << 8  # left half (or all) in the high byte
                if size == 16:
                    bits |= vram[pat + 16 + r]
                for col in range(span):
                    if not bits & (0x8000 >> (col // mag)):
                        continue
                    px = x + col
                    if not 0 <= px < WIDTH:
                        continue
                    at = line * WIDTH + px
                    if covered[at]:
                        collision = True
                        continue
                    covered[at] = 1
                    if colour:
                        fb[at] = colour
        status = self.status & (STATUS_F | STATUS_C)
        if collision:
            status |= STATUS_C
        # Bits 4-0: the fifth sprite's number, else the last one looked at.
        status |= (STATUS_5S | fifth) if fifth is not None else n
        self.status = status

    # -- state ---------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"vram": bytes(self.vram), "regs": bytes(self.regs), "status": self.status,
                "address": self.address, "latch": self.latch, "ahead": self.ahead}

    def restore(self, state: dict[str, Any]) -> None:
        self.vram[:] = state["vram"]
        self.regs[:] = state["regs"]
        self.status = state["status"]
        self.address = state["address"]
        self.latch = state["latch"]
        self.ahead = state["ahead"]
        self.dirty = True

    def peek_status(self) -> int:
        return self.status


def _nothing(_line: bool) -> None:
    pass


# (fg << 4 | bg) -> the 8 pixels of each pattern byte, made when first drawn.
_ROWS: dict[int, list[bytes]] = {}


def _rows_for(pair: int) -> list[bytes]:
    fg, bg = pair >> 4, pair & 15
    row = [bytes(fg if bits & (0x80 >> i) else bg for i in range(8)) for bits in range(256)]
    _ROWS[pair] = row
    return row
