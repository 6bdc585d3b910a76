"""The Final Damage Total procedure, including the rulebooks' worked examples."""

from __future__ import annotations

from game.rules.components import DamageInstance, DamageMod
from game.rules.damage import final_damage, half_up

D, A = 2, 1  # defender, attacker entity ids


def inst(amount, dtype="normal", attack=True):
    return DamageInstance(source=A, target=D, amount=amount, dtype=dtype, attack=attack, label="x")


def mod(kind, amount=0, dtype="normal", source=D):
    return DamageMod(target=D, kind=kind, amount=amount, source=source, label="m", dtype=dtype)


def test_division_rounds_up():
    assert [half_up(n) for n in (0, 1, 2, 7, 15)] == [0, 1, 1, 4, 8]


def test_q1_doctor_strange_against_black_widow_takes_nothing():
    # 9 incoming, +3 spell, -2 Sabotage II, +1 Icy Tendrils, +4 spell: subtotal 15;
    # each Agility halves the same subtotal (8 + 8), so 15 - 16 -> 0.
    mods = [
        mod("add", 3),
        mod("prevent", 2),
        mod("add", 1),
        mod("add", 4),
        mod("halve"),
        mod("halve"),
    ]
    total = final_damage(D, [inst(9)], mods)
    assert total.subtotal == 15
    assert total.halved == [8, 8]
    assert total.final == 0


def test_q2_two_protects_and_retribution_on_an_odd_subtotal():
    # Any odd subtotal S: each Protect prevents ceil(S/2), Retribution sends ceil(S/2) back.
    for x, y, z, w in [(9, 3, 2, 1), (12, 2, 3, 0), (6, 1, 2, 2)]:
        mods = [
            mod("reflect_half", source=A),
            mod("halve"),
            mod("prevent", y),
            mod("add", z),
            mod("prevent", w),
            mod("halve"),
        ]
        total = final_damage(D, [inst(x)], mods)
        s = x - y + z - w
        assert s % 2 == 1
        assert total.subtotal == s
        assert total.final == 0
        assert total.reflected == [(A, half_up(s))]


def test_q3_prevention_applies_to_the_whole_phase_total():
    # A defense prevents half of 6; a card then adds 6 more: half of the new 12 is prevented.
    total = final_damage(D, [inst(6)], [mod("halve"), mod("add", 6)])
    assert total.halved == [6]
    assert total.final == 6


def test_avoiding_stops_everything_gathered_even_what_was_added_later():
    total = final_damage(D, [inst(5), inst(2, attack=False)], [mod("avoid"), mod("add", 3)])
    assert total.avoided and total.final == 0


def test_ultimate_damage_cannot_be_reduced_but_can_be_increased():
    mods = [mod("prevent", 5), mod("halve"), mod("avoid"), mod("add", 1, dtype="ultimate")]
    total = final_damage(D, [inst(10, dtype="ultimate")], mods)
    assert total.final == 11


def test_negative_subtotal_means_no_damage():
    total = final_damage(D, [inst(3)], [mod("prevent", 6)])
    assert total.subtotal == -3 and total.final == 0


def test_only_the_named_target_counts():
    other = DamageInstance(source=A, target=99, amount=50, dtype="normal", attack=False, label="o")
    assert final_damage(D, [inst(4), other], []).final == 4


# ---------------------------------------------------------------- mutation-test killers


def test_other_targets_instances_and_modifiers_are_ignored():
    other = DamageInstance(source=A, target=A, amount=5, dtype="normal", attack=True, label="x")
    other_mod = DamageMod(target=A, kind="add", amount=3, source=D, label="m", dtype="normal")
    total = final_damage(D, [inst(4), other], [other_mod, mod("halve")])
    assert (total.incoming, total.added, total.subtotal, total.halved, total.final) == (
        4,
        0,
        4,
        [2],
        2,
    )


def test_ultimate_damage_and_what_is_added_to_it_stay_unstoppable():
    mods = [mod("add", 2, dtype="ultimate"), mod("prevent", 3), mod("halve"), mod("avoid")]
    total = final_damage(D, [inst(10, "ultimate"), inst(4)], mods)
    assert total.unavoidable == 12 and total.incoming == 4 and total.avoided
    assert total.subtotal == 0 and total.final == 12


def test_reductions_and_a_negative_subtotal():
    total = final_damage(D, [inst(5)], [mod("reduce", 2), mod("prevent", 6), mod("halve")])
    assert (total.reduced, total.prevented, total.subtotal) == (2, 6, -3)
    assert total.halved == [0] and total.final == 0
    total = final_damage(D, [inst(7)], [mod("reduce", 2)])
    assert total.subtotal == 5 and total.final == 5 and total.halved == []


def test_the_breakdown_reads_as_it_was_worked_out():
    assert final_damage(D, [inst(6)], []).explain() == "6 incoming -> 6"
    assert final_damage(D, [inst(6)], [mod("avoid")]).explain() == (
        "6 incoming, all of it avoided -> 0"
    )
    mods = [mod("add", 4), mod("reduce", 1), mod("prevent", 2), mod("halve")]
    assert final_damage(D, [inst(9)], mods).explain() == (
        "9 incoming +4 added -1 reduced -2 prevented = 10, halved -5 -> 5"
    )
    mixed = final_damage(D, [inst(3), inst(8, "ultimate")], [mod("avoid")])
    assert mixed.explain() == "3 incoming (avoided), +8 unstoppable -> 8"
    assert final_damage(D, [inst(4)], [mod("add", 1, dtype="ultimate")]).explain() == (
        "4 incoming, +1 unstoppable -> 5"
    )


def test_several_instances_and_modifiers_of_one_kind_add_up():
    mods = [mod("reduce", 1), mod("reduce", 2), mod("add", 1, dtype="ultimate")]
    hits = [inst(3), inst(4), inst(5, "ultimate"), inst(6, "ultimate")]
    total = final_damage(D, hits, mods)
    assert total.target == D
    assert (total.incoming, total.reduced, total.unavoidable) == (7, 3, 12)
    assert total.final == 4 + 12


def test_the_breakdown_names_each_step_it_took():
    assert final_damage(D, [inst(6)], [mod("add", 2), mod("avoid")]).explain() == (
        "8 incoming, all of it avoided -> 0"
    )
    assert final_damage(D, [inst(6)], [mod("reduce", 1)]).explain() == (
        "6 incoming -1 reduced = 5 -> 5"
    )
    assert final_damage(D, [inst(6)], [mod("prevent", 2)]).explain() == (
        "6 incoming -2 prevented = 4 -> 4"
    )
    assert final_damage(D, [inst(6)], [mod("halve")]).explain() == "6 incoming = 6, halved -3 -> 3"
