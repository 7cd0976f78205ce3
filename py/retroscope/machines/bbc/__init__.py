"""The BBC Micro Model B, shared by its games: CRTC and video ULA (`video.py`),
system VIA with keyboard and T1 (`via.py`, `keyboard.py`), a host filing system
(`hostfs.py`) behind our MOS stand-in (`mos.asm`), and the board (`machine.py`)."""

from .machine import BbcMachine, bbc_info

__all__ = ["BbcMachine", "bbc_info"]
