"""NES/Famicom hardware shared by the NES machines (Tetris) and the FDS one.

- `ppu.PPU`: registers $2000-$2007, VRAM, palette RAM, OAM, whole-frame renderer.
- `palette.NES_PALETTE`: the 64 master colours (0xRRGGBB).
- `controller.Controller`: the $4016 pad.
- `machine.NesMachine`: memory map, OAM DMA, NTSC frame schedule with NMI;
  `machine.nes_info(...)` fills a MachineInfo with the NES's constants.
"""
