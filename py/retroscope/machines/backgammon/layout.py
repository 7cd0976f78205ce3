"""Where the game keeps its state in the FDS's memory (seed 003's addresses)."""

COUNTER = 0x33  # frame counter, read by the reset as the seed source
SEED = 0x500  # the seed the reset took
MODE = 0x300  # 0 title, 1 game
READY = 0x30C  # roll ready flag: cleared to ask GetDiceRoll for a roll
DIE1, DIE2 = 0x46, 0x47
INDEX, TABLE = 0x600, 0x601  # the RNG's index and its 55 values
SFX_REQ = 0x310  # the sound effect sound.asm starts next frame (sounds.SFX_IDS)
