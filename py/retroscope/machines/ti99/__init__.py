"""The TI-99/4A's hardware, shared by its games: the console stand-in
(`console.py`, with our own small ROM `console.asm`), the TMS9918A VDP
(`vdp.py`) and the TMS9901 (`tms9901.py`, interrupt and keyboard)."""
