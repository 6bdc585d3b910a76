"""Stories: the end screen's numbers reconcile (game.rules.stats; definitions in docs/ui.md,
"The end screen").

For every seat X: what the other heroes dealt to X == X's damage "from other heroes" + what
X's companions took in X's place; and X's Damage taken == from other heroes + self-inflicted +
from no player. A walkthrough once saw "Damage dealt" 47 against the other hero's "Damage
taken" 51 with nothing to explain the 4: self-inflicted hurt, token damage and cards were not
counted on the dealer's side.
"""

from __future__ import annotations

import pytest

from game.ai import make_ai
from game.modes.duel import duel_setup, play_out
from game.modes.variants import setup_for
from game.rules.components import DamageInstance, DamageMod
from game.rules.damage import apportion, final_damage, shares
from game.rules.engine import Engine
from game.rules.stats import SeatStats, match_stats
from tests.helpers import Table

BARB_NOTHING = [6, 6, 6]  # Thick Skin: no Heart, no Sword


def reconcile(stats: dict[int, SeatStats]) -> None:
    """Both identities, exactly, for every seat."""
    for seat, mine in stats.items():
        sent = sum(other.dealt_to.get(seat, 0) for s, other in stats.items() if s != seat)
        assert sent == mine.from_others + mine.companions_took, (seat, sent, mine)
        parts = mine.from_others + mine.self_inflicted + mine.from_no_one
        assert mine.taken == parts, (seat, mine)
        assert mine.dealt_total == sum(mine.dealt_to.values()), (seat, mine)
        assert seat not in mine.dealt_to  # hurting yourself is never "dealt"


def played(mode: str, heroes: list[str], seed: int) -> Engine:
    if mode == "duel":
        setup = duel_setup(heroes, seed, turn_limit=0)
    else:
        setup = setup_for(mode, heroes, seed)
    engine = Engine.new_match(setup)
    play_out(engine, [make_ai("simple", seed + i) for i in range(len(heroes))])
    return engine


def taken_on_the_dial(engine: Engine) -> dict[int, int]:
    """Damage taken as the log's own damage lines say it (the number on the end screen)."""
    out: dict[int, int] = {}
    for e in engine.log:
        if e.kind == "damage_resolved":
            out[e.data["target"]] = out.get(e.data["target"], 0) + e.data["amount"]
    return out


# ---------------------------------------------------------------- whole seeded matches


@pytest.mark.parametrize(
    "mode,heroes,seed",
    [
        ("duel", ["cursed_pirate", "barbarian"], 7),  # Reckless, Cursed Doubloon, Powder Keg
        ("duel", ["huntress", "treant"], 3),  # Nyra takes a share; Barbed Vine
        ("duel", ["artificer", "shadow_thief"], 5),  # bots; Poison
        ("duel", ["pyromancer", "vampire_lord"], 2),  # Burn; Bleed
        ("2v2", ["barbarian", "cursed_pirate", "huntress", "treant"], 4),  # a shared dial
        ("3v3", ["barbarian", "cursed_pirate", "huntress", "treant", "artificer", "paladin"], 4),
    ],
)
def test_a_seeded_match_reconciles_exactly(mode, heroes, seed):
    engine = played(mode, heroes, seed)
    stats = match_stats(engine.log)
    assert set(stats) == set(range(len(heroes)))
    reconcile(stats)
    dial = taken_on_the_dial(engine)
    assert {s: st.taken for s, st in stats.items() if st.taken} == dial
    if mode == "duel":  # in a duel: one hero's Damage dealt is the other's from other heroes
        a, b = stats[0], stats[1]
        assert a.dealt_total == b.from_others + b.companions_took
        assert b.dealt_total == a.from_others + a.companions_took


def test_the_seeded_matches_use_what_once_broke_the_totals():
    """The seeds above are worth their time: they reach self-inflicted hurt (Reckless),
    Nyra's share, token damage counted for who placed it (Powder Keg, Poison, Burn)."""
    pirate_barb = match_stats(played("duel", ["cursed_pirate", "barbarian"], 7).log)
    assert pirate_barb[1].self_inflicted > 0
    assert pirate_barb[0].dealt.get("Powder Keg", 0) > 0  # a keg blowing up at its holder's feet
    hunt_treant = match_stats(played("duel", ["huntress", "treant"], 3).log)
    assert hunt_treant[0].companions_took > 0
    art_thief = match_stats(played("duel", ["artificer", "shadow_thief"], 5).log)
    assert art_thief[1].dealt.get("Poison", 0) > 0
    pyro_vamp = match_stats(played("duel", ["pyromancer", "vampire_lord"], 2).log)
    assert pyro_vamp[0].dealt.get("Burn", 0) > 0


# ---------------------------------------------------------------- single stories


def test_poison_counts_for_the_shadow_thief_who_placed_it():
    t = Table(
        first="barb",
        start_at="upkeep",
        first_turn=False,
        barb={"hero": "barbarian", "hand": [], "statuses": {"poison": 2}},
        thief={"hero": "shadow_thief", "hand": []},
    )
    t.do("end_phase", by="barb")  # upkeep's Poison has landed by the Main Phase
    stats = match_stats(t.engine.log)
    barb, thief = stats[t.seat("barb")], stats[t.seat("thief")]
    assert barb.taken == 2 and barb.from_others == 2 and barb.self_inflicted == 0
    assert thief.dealt == {"Poison": 2} and thief.dealt_to == {t.seat("barb"): 2}
    reconcile(stats)


def test_cursed_doubloons_hurt_their_holder_and_count_for_the_pirate_who_gave_them():
    t = Table(
        first="barb",
        start_at="upkeep",
        first_turn=False,
        barb={
            "hero": "barbarian",
            "hand": [],
            "statuses": {"cursed_doubloon": 2},
            "inflicted_by": {"cursed_doubloon": "pirate"},
        },
        pirate={"hero": "cursed_pirate", "hand": []},
    )
    t.do("end_phase", by="barb")
    stats = match_stats(t.engine.log)
    assert stats[t.seat("pirate")].dealt == {"Cursed Doubloon": 2}
    assert stats[t.seat("barb")].from_others == 2
    reconcile(stats)


def test_a_token_you_placed_on_yourself_hurts_as_self_inflicted():
    # a preset negative token counts as placed by the opponent unless the file names who
    t = Table(
        first="pal",
        start_at="main2",
        pal={
            "hero": "paladin",
            "hand": [],
            "statuses": {"delayed_poison": 1},
            "inflicted_by": {"delayed_poison": "pal"},
        },
        barb={"hero": "barbarian", "hand": []},
    )
    t.do("end_phase", by="pal")
    stats = match_stats(t.engine.log)
    pal = stats[t.seat("pal")]
    assert pal.taken == 3 and pal.self_inflicted == 3 and pal.from_others == 0
    assert stats.get(t.seat("barb"), SeatStats()).dealt_total == 0
    reconcile(stats)


def test_reckless_recoil_is_self_inflicted_and_not_dealt():
    t = Table(
        first="barb",
        start_at="offensive_roll",
        barb={"hero": "barbarian", "hand": []},
        foe={"hero": "barbarian", "hand": []},
    )
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 5])
    t.do("activate", by="barb", ability="reckless")
    t.do("roll", by="foe", dice=BARB_NOTHING)
    t.settle()
    stats = match_stats(t.engine.log)
    barb, foe = stats[t.seat("barb")], stats[t.seat("foe")]
    assert barb.dealt == {"Reckless": 15} and foe.from_others == 15
    assert barb.taken == 4 and barb.self_inflicted == 4 and barb.from_others == 0
    reconcile(stats)


def test_nyras_share_is_dealt_by_the_attacker_and_not_taken_by_the_huntress():
    t = Table(
        first="barb",
        start_at="offensive_roll",
        barb={"hero": "barbarian", "hand": []},
        hunt={"hero": "huntress", "hand": []},
    )
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 6])  # Crushing Blow: 8
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="hunt", dice=[1, 2, 1])
    t.do("spend", by="hunt", status="nyras_bond")
    t.do("choose", by="hunt", option="share")
    t.settle()
    t.do("choose", by="hunt", option="Nyra takes 5,")
    t.settle()
    stats = match_stats(t.engine.log)
    barb, hunt = stats[t.seat("barb")], stats[t.seat("hunt")]
    assert hunt.taken == 3 and hunt.companions_took == 5 and hunt.from_others == 3
    assert barb.dealt == {"Crushing Blow": 8}
    (event,) = [e for e in t.engine.log if e.kind == "damage_resolved"]
    assert event.data["absorbed"] == [["nyra", t.seat("barb"), "Crushing Blow", 5]]
    reconcile(stats)


def test_damage_sent_back_counts_for_the_paladin():
    t = Table(
        first="barb",
        start_at="offensive_roll",
        barb={"hero": "barbarian", "hand": []},
        paladin={"hero": "paladin", "hand": [], "statuses": {"retribution": 1}},
    )
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 4])  # Slap: 4
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("spend", by="paladin", status="retribution")
    t.do("roll", by="paladin", dice=[1, 2, 1])
    t.settle()
    stats = match_stats(t.engine.log)
    barb, paladin = stats[t.seat("barb")], stats[t.seat("paladin")]
    assert paladin.dealt == {"Retribution": 2} and barb.from_others == 2
    assert barb.dealt == {"Slap": 4} and paladin.from_others == 4
    reconcile(stats)


# ---------------------------------------------------------------- sharing out a cut total


def _inst(source, amount, dtype="normal"):
    return DamageInstance(source, 9, amount, dtype, False, f"from {source}")


def test_prevention_on_two_dealers_is_shared_in_proportion_and_adds_up():
    """A counter of 4 from player 2 and 3 of one's own hurt land together; 2 prevented:
    5 lands, 3 counted for player 2 and 2 for oneself."""
    instances = [_inst(2, 4), _inst(9, 3)]
    mods = [DamageMod(target=9, kind="prevent", amount=2, source=9, label="Guard")]
    final = final_damage(9, instances, mods).final
    assert final == 5
    assert shares(9, instances, mods, final) == [(2, "from 2", 3), (9, "from 9", 2)]


def test_an_ultimate_counts_whole_and_only_the_rest_is_cut():
    instances = [_inst(2, 10, "ultimate"), _inst(3, 6)]
    mods = [
        DamageMod(target=9, kind="halve", amount=0, source=9, label="Half"),
        DamageMod(target=9, kind="add", amount=2, source=2, label="Plus", dtype="ultimate"),
    ]
    final = final_damage(9, instances, mods).final
    assert final == 12 + 3
    assert shares(9, instances, mods, final) == [
        (2, "from 2", 10),
        (2, "Plus", 2),
        (3, "from 3", 3),
    ]


@pytest.mark.parametrize("total", range(0, 12))
def test_apportion_always_adds_up_exactly(total):
    items = [(1, "a", 5), (2, "b", 3), (3, "c", 3)]
    parts = apportion(items, total)
    assert sum(n for _w, _l, n in parts) == total
    whole = {label: n for _w, label, n in items}
    assert all(n <= whole[label] for _w, label, n in parts)


def test_apportion_breaks_a_tie_for_the_earlier_dealer():
    assert apportion([(1, "a", 2), (2, "b", 2)], 1) == [(1, "a", 1)]


def test_stolen_health_is_in_neither_number_and_healing_is_its_own_line():
    t = Table(
        first="vl",
        start_at="offensive_roll",
        vl={"hero": "vampire_lord", "hand": [], "health": 40},
        barb={"hero": "barbarian", "hand": []},
    )
    t.do("roll", by="vl", dice=[1, 2, 4, 5, 6])  # Drain: steal 1 Health, deal 4
    t.do("activate", by="vl", ability="drain")
    t.do("roll", by="barb", dice=BARB_NOTHING)
    t.settle()
    stats = match_stats(t.engine.log)
    vl, barb = stats[t.seat("vl")], stats[t.seat("barb")]
    assert t.player("barb").health == 50 - 1 - 4  # the steal moved his dial too
    assert barb.taken == 4 and vl.dealt == {"Drain": 4}
    assert vl.healed == 0 and t.player("vl").health == 41
    reconcile(stats)
