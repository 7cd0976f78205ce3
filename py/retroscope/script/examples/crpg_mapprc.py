"""TI-99/4A CRPG: MAPPRC's CPU cycles, stage by stage, for every step the player takes.

MAPPRC (seed 000) makes the 13x13 window around the player in five stages:
extraction from the map buffer, the mobs, the player's light, line of sight,
and the final masking. This script notes the CPU's cycle counter (wait states
included) as MAPPRC enters each stage and prints each stage's share when it
returns. Walk with the arrow keys. (The console's interrupt is let in while
MAPPRC runs: a stage it falls in counts its cycles too.)
"""

STAGES = (  # where each stage begins: a label, or the source line of its first instruction
    ("window", "MAPPRC"),
    ("mobs", "mapprc.asm:80"),
    ("light", "mapprc.asm:141"),
    ("line of sight", "LOS"),
    ("masking", "PCMEND"),
)
marks = []  # (stage, the cycle counter) as MAPPRC reaches each: this step's


def mark(name):
    def at(addr):
        if name == STAGES[0][0]:
            marks.clear()  # a new step
        marks.append((name, machine.cycles))
    return at


for name, where in STAGES:
    on_exec(where, mark(name))


@on_exec("SUBRET")
def done(addr):
    if not marks:
        return
    ends = [cycles for _, cycles in marks[1:]] + [machine.cycles]
    shares = [f"{name} {end - began:,}" for (name, began), end in zip(marks, ends, strict=True)]
    print(f"frame {machine.frame}: MAPPRC {ends[-1] - marks[0][1]:,} cycles = "
          + ", ".join(shares))
    marks.clear()
