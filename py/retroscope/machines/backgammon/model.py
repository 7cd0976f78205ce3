"""Pure-Python reference model of FDS Backgammon's dice RNG (seed 003).

It mirrors what the listing's instructions do, byte for byte, not what its
comments say: the init's "mod 180" is a sign test (`SBC`/`BPL`/`ADC #$B4`),
the init loop runs 54 times (`LDX #$36`/`DEX`/`BNE`), so table index 54 keeps
the seed byte stored at $0637. The machine code is tested against this model.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TABLE_LEN = 55  # x_n = x_(n-55) - x_(n-24)
LAG = 24
MODULUS = 180  # $B4
INIT_START = 20  # first index the init writes ($14)
INIT_STEP = 21  # index step mod 55 ($15)
INIT_ITERATIONS = 54  # LDX #$36 ... DEX / BNE: 54 passes, not the comment's 55
POWER_ON_SEED = 0x5F  # used when the counter at $33 reads 0
SEQUENCES = 32  # the seed is ANDed with $1F

# The 36 dice pairs at $81CF, high nibble = die 1 ($46), low nibble = die 2 ($47).
DICE_TABLE: tuple[int, ...] = (
    0x14, 0x66, 0x36, 0x65, 0x63, 0x11,
    0x23, 0x33, 0x16, 0x31, 0x21, 0x53,
    0x51, 0x61, 0x62, 0x35, 0x44, 0x22,
    0x12, 0x32, 0x55, 0x34, 0x56, 0x25,
    0x13, 0x43, 0x41, 0x42, 0x46, 0x15,
    0x24, 0x52, 0x45, 0x26, 0x64, 0x54,
)


def seed_from_counter(counter: int) -> int:
    """$6245: the seed byte stored at $0500 (a counter of 0 means power-on)."""
    counter &= 0xFF
    return counter if counter else POWER_ON_SEED


def sequence_of(seed: int) -> int:
    """Which of the 32 sequences a seed byte selects."""
    return seed & (SEQUENCES - 1)


def rnd_func(table: list[int]) -> None:
    """$9CE7: one pass of x[y] -= x[(y - 24) mod 55] over the 55 values, in place."""
    for y in range(TABLE_LEN):
        j = y - LAG if y >= LAG else y + (TABLE_LEN - LAG)
        a = table[y] - table[j]
        if a < 0:  # borrow: ADC #$B4 with carry clear, then keep the low byte
            a = (a + 256 + MODULUS) & 0xFF
        table[y] = a


def init_table(seed: int) -> list[int]:
    """$9CAB: build the 55 values from a seed, then three passes of RndFunc."""
    seq = sequence_of(seed)
    table = [0] * TABLE_LEN
    table[TABLE_LEN - 1] = seq  # STA $637: the one index the loop never reaches
    mem10, mem11, y = seq, 1, INIT_START
    for _ in range(INIT_ITERATIONS):
        table[y] = mem11
        a = (mem10 - mem11) & 0xFF
        if a & 0x80:  # BPL skips unless bit 7 is set: a sign test, not a modulo
            a = (a + MODULUS) & 0xFF
        mem10, mem11 = mem11, a
        y += INIT_STEP
        if y >= TABLE_LEN:
            y -= TABLE_LEN
    for _ in range(3):
        rnd_func(table)
    return table


def dice_from_value(value: int) -> tuple[int, int]:
    """$8166-$81A0: a table value (0-179) to a dice pair via 7*(v/36) + v%36."""
    quotient, rest = divmod(value, 36)
    a = 7 * quotient + rest
    if a >= 36:
        a -= 36
    pair = DICE_TABLE[a]
    return pair >> 4, pair & 0x0F


@dataclass
class DiceRng:
    """The RNG's state: the 55 values ($0601-$0637) and the index ($0600)."""

    table: list[int] = field(default_factory=lambda: [0] * TABLE_LEN)
    index: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> DiceRng:
        return cls(init_table(seed), 0)

    @classmethod
    def for_sequence(cls, sequence: int) -> DiceRng:
        if not 0 <= sequence < SEQUENCES:
            raise ValueError(f"sequence {sequence} is not in 0-{SEQUENCES - 1}")
        return cls.from_seed(sequence)

    def copy(self) -> DiceRng:
        return DiceRng(list(self.table), self.index)

    def random_val(self) -> int:
        """$9C94: advance the index; past 54, run RndFunc and start again at 0."""
        self.index = (self.index + 1) & 0xFF
        if self.index >= TABLE_LEN:
            rnd_func(self.table)
            self.index = 0
        return self.table[self.index]

    def dice_roll(self) -> tuple[int, int]:
        """$815C (when ready): one roll, (die at $46, die at $47)."""
        return dice_from_value(self.random_val())

    def tape(self, count: int) -> list[tuple[int, int]]:
        """The next `count` rolls, leaving this state untouched."""
        rng = self.copy()
        return [rng.dice_roll() for _ in range(count)]
