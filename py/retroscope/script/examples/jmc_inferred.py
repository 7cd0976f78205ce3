"""Japanese Military Chess: what the computer has inferred of your pieces.

The 6502 keeps, for each enemy piece (by its ID with the computer at the
bottom), the set of types it may still be: 16 bits, bit t for type t, low
bytes at V_know_lo ($0780) for IDs 0-47 and high bytes at V_know_hi ($07B0);
$FFFF says nothing is known. A fight narrows it to the types that would have
fought so, a move rules out the mine and the banner. Play against the
computer: each time the 6502 narrows a set, this lists what it knows.
"""

from retroscope.machines.jmc.model import NAMES

LO, HI = machine.address("V_know_lo"), machine.address("V_know_hi")
narrowed = set()


def known(piece):
    mask = machine.read(LO + piece) | machine.read(HI + piece) << 8
    if mask in (0, 0xFFFF):
        return None
    return [NAMES[t] for t in range(16) if mask >> t & 1]


@on_write((LO, HI + 47))
def written(addr, value):
    narrowed.add((addr - LO) % 48)


@on_frame
def report(frame):
    if not narrowed:
        return
    lines = [f"  piece {p}: {' or '.join(types)}"
             for p in sorted(narrowed) if (types := known(p))]
    narrowed.clear()
    if lines:
        print(f"frame {frame}: the computer now knows")
        print("\n".join(lines))


everything = [f"  piece {p}: {' or '.join(t)}" for p in range(48) if (t := known(p))]
print("what the computer knows now:")
print("\n".join(everything) if everything else "  nothing yet")
