"""Famicom Disk System hardware, shared by the FDS games (Backgammon).

- `machine.FdsMachine`: an NES (`machines.nes`) with the disk system's 32 KiB
  of program RAM at $6000-$DFFF (where a cartridge has PRG ROM) and the BIOS
  ROM at $E000-$FFFF; `power_on()` puts the disk program in RAM and resets.
- `bios.asm`: a minimal stand-in for the BIOS (our own code): reset, NMI and
  IRQ go to the disk program's vectors at $DFFA-$DFFF.
"""
