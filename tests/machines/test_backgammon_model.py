"""The pure-Python reference model of the dice RNG, on its own."""

from __future__ import annotations

from collections import Counter

from retroscope.machines.backgammon import model


def test_a_counter_of_zero_is_power_on_and_seeds_sequence_31():
    assert model.seed_from_counter(0) == 0x5F
    assert model.sequence_of(model.seed_from_counter(0)) == 31
    assert model.seed_from_counter(0x45) == 0x45
    assert model.sequence_of(0x45) == 5


def test_the_dice_table_holds_each_of_the_36_ordered_pairs_once():
    pairs = {(v >> 4, v & 15) for v in model.DICE_TABLE}
    assert pairs == {(a, b) for a in range(1, 7) for b in range(1, 7)}


def test_every_table_value_stays_below_180_through_many_passes():
    for seq in range(model.SEQUENCES):
        rng = model.DiceRng.for_sequence(seq)
        for _ in range(20):
            assert all(0 <= v < 180 for v in rng.table)
            model.rnd_func(rng.table)


def test_the_init_sign_test_differs_from_a_true_modulo():
    # mem10=10, mem11=150: SBC gives $74 (bit 7 clear), kept as 116; a true
    # "mod 180" would give 40. Sequence 10's second init step hits this case
    # only if its values get there, so check the arithmetic by hand instead.
    a = (10 - 150) & 0xFF
    assert a == 0x74 and not a & 0x80


def test_the_index_runs_1_to_54_then_the_table_is_renewed_at_0():
    rng = model.DiceRng.for_sequence(3)
    seen = []
    for _ in range(56):
        rng.random_val()
        seen.append(rng.index)
    assert seen[:54] == list(range(1, 55))
    assert seen[54] == 0 and seen[55] == 1


def test_the_32_sequences_all_differ_and_roll_every_pair():
    tapes = {tuple(model.DiceRng.for_sequence(s).tape(40)) for s in range(32)}
    assert len(tapes) == 32
    counts: Counter[tuple[int, int]] = Counter()
    for seq in range(32):
        counts.update(model.DiceRng.for_sequence(seq).tape(300))
    assert len(counts) == 36


def test_tape_does_not_disturb_the_generator():
    rng = model.DiceRng.for_sequence(17)
    first = rng.tape(5)
    assert rng.tape(5) == first
    assert [rng.dice_roll() for _ in range(5)] == first
