"""FDS Backgammon: the next dice rolls, read from the RNG's table before the game rolls them.

GetDiceRoll ($815C, seed 003) takes the next value of the 55-value table at
$0601 (GetRandomVal: the index at $0600 steps; past 54, RndFunc renews the
whole table), makes it 0-35 by 7 * (v / 36) + v mod 36 and looks the pair up
in the dice table at $81CF. This script does the same on a copy of the table
when the game is about to roll, prints the roll to come and the four after
it, then the roll the game made; the next roll shows on the board.
"""

DICE = machine.read("DiceTable", 36)  # high nibble die 1, low nibble die 2
MODULUS = 180


def renew(table):
    """RndFunc ($9CE7): x[y] -= x[y - 24 (mod 55)], a borrow adding 180."""
    for y in range(55):
        a = table[y] - table[(y - 24) % 55]
        table[y] = (a + 256 + MODULUS) & 0xFF if a < 0 else a


def next_rolls(count):
    table = list(machine.variables["rngTable"])
    index = machine.variables["rngIndex"]
    rolls = []
    for _ in range(count):
        index = (index + 1) & 0xFF  # GetRandomVal ($9C94)
        if index >= 55:
            renew(table)
            index = 0
        value = table[index]
        a = 7 * (value // 36) + value % 36
        if a >= 36:
            a -= 36
        rolls.append((DICE[a] >> 4, DICE[a] & 0x0F))
    return rolls


rolling = []  # the roll foretold, until the game has made it


@on_exec("GetDiceRoll")
def about_to_roll(addr):
    if machine.variables["rollReady"] == 0:  # asked for a roll: it rolls now
        first, *after = next_rolls(5)
        rolling[:] = [first]
        print(f"frame {machine.frame}: the game will roll {first}; then {after}")


@on_write("Die2")  # GetDiceRoll's last store: the roll is made
def rolled(addr, value):
    if rolling:
        made = (machine.read("Die1"), value)
        print(f"frame {machine.frame}: it rolled {made}"
              + ("" if made == rolling.pop() else ": not what this script foretold!"))


@on_frame
def corner(frame):
    (a, b), = next_rolls(1)
    overlay.clear()
    overlay.text(36, 116, f"next {a}-{b}", "yellow", background="#000000c0")
