"""Tetris's RNG, frame by frame: the 16-bit LFSR at $0017-$0018 (seed 002).

Each frame the NMI runs the routine at $AB47 once: bit 1 of $0017 XOR bit 1
of $0018 goes in at the top and the two bytes shift right. This logs the
register after every frame (the value the next frame starts with) and shows
it in the corner of the screen; the piece picker ($9907) reads it at a spawn.
"""



@on_frame
def show(frame):
    value = machine.read(0x0017, 2)  # two bytes: $0017 then $0018
    log(f"RNG ${value.hex().upper()}")
    overlay.clear()
    overlay.text(2, 2, f"RNG ${value.hex().upper()}", "yellow", background="#000000c0")
