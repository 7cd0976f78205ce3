"""The Namco Pac-Man arcade board, shared by the games that run on it.

- `gfx`: the graphics ROM formats (tiles 5E, sprites 5F), the palette PROM and
  the colour lookup PROM, decoded once into upright pixels (and encoded, for
  our own art).
- `video.Video`: the 36 x 28 tile layer and the 8 sprites, drawn upright
  (224 x 288; the arcade monitor is turned on its side).
- `board.NamcoBoard`: Z80 at 3.072 MHz, memory map, IN0/IN1/DIP switches, the
  interrupt-enable latch with the IM 2 vector from port 0, the watchdog and
  the 60.61 Hz frame; `board.namco_info(...)` fills a MachineInfo.
"""
