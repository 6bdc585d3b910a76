"""Story tests for the Barbarian: every ability (each row and level), Thick Skin at each
level, his Ultimate Rampage, and every card of his own deck.

Most stories are a mirror match: "barb" attacks "foe" (another Barbarian). When the foe
defends with Thick Skin I and rolls three Strength (6, 6, 6) his defense does nothing, so the
damage lands in full. Numbers are the designed ones in docs/heroes/barbarian.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.content.loader import default_content
from game.rules.options import ROLL_PHASES
from tests.helpers import Table

DATA = Path(__file__).resolve().parents[2] / "game" / "content" / "data"
NOTHING = [6, 6, 6]  # Thick Skin I: no Heart, no Sword -> no healing, no prevention


def table(start_at: str = "offensive_roll", first: str = "barb", barb=None, foe=None) -> Table:
    barb_spec = {"hero": "barbarian", "hand": [], **(barb or {})}
    foe_spec = {"hero": "barbarian", "hand": [], **(foe or {})}
    return Table(first=first, start_at=start_at, barb=barb_spec, foe=foe_spec)


def vs_gunslinger(start_at: str = "offensive_roll", first: str = "barb", barb=None, gun=None):
    barb_spec = {"hero": "barbarian", "hand": [], **(barb or {})}
    gun_spec = {"hero": "gunslinger", "hand": [], **(gun or {})}
    return Table(first=first, start_at=start_at, barb=barb_spec, gun=gun_spec)


def landed(t: Table, name: str) -> list[int]:
    seat = t.seat(name)
    return [e.data["amount"] for e in t.events("damage_resolved") if e.data["target"] == seat]


def resolved(t: Table, name: str) -> dict:
    seat = t.seat(name)
    hits = [e.data for e in t.events("damage_resolved") if e.data["target"] == seat]
    assert len(hits) == 1, hits
    return hits[0]


def healed(t: Table, name: str) -> list[int]:
    seat = t.seat(name)
    return [e.data["amount"] for e in t.events("healed") if e.data["player"] == seat]


def kinds(t: Table) -> list[str]:
    return [e.kind for e in t.engine.log]


def activate(t: Table, roll: list[int], ability: str, row: int | None = None, **extra) -> None:
    t.do("roll", by="barb", dice=roll)
    fields = {"ability": ability, **extra}
    if row is not None:
        fields["row"] = row
    t.do("activate", by="barb", **fields)


def offered_rows(t: Table, ability: str) -> list[int]:
    return sorted(a.get("row") for a in t.options("activate") if a.get("ability") == ability)


def pass_through_roll_phase(t: Table, forbidden: str | None = None, no_play: bool = False):
    """Pass every window until the Roll Phase ends (or a new Offensive Roll is asked for).
    `forbidden` must never be asked anything; with `no_play` no card may be on offer."""
    for _ in range(100):
        if t.view.phase not in ROLL_PHASES or t.pending.kind == "offensive_roll":
            return
        choice = t.pending
        if forbidden is not None:
            assert choice.player != t.seat(forbidden), (choice.kind, choice.window, t.labels())
        if no_play:
            assert all(a.kind != "play" for a in t.options()), t.labels()
        options = {a.kind: a for a in t.options()}
        t.apply(options.get("pass") or options["accept"])
    raise AssertionError("the Roll Phase did not end")


# ---------------------------------------------------------------- the hero itself


def test_deck_holds_exactly_33_cards():
    hero = json.loads((DATA / "heroes" / "barbarian.json").read_text())
    assert sum(hero["deck"].values()) == 33
    t = table(start_at="main1", barb={"hand": []})
    me = t.player("barb")
    assert me.deck_size + len(me.hand) + len(me.discard) == 33
    own = {c["id"] for c in json.loads((DATA / "cards" / "barbarian.json").read_text())["cards"]}
    assert len(own) == 15 and own <= set(hero["deck"])
    assert all(hero["deck"][cid] == 1 for cid in own)


def test_dice_faces_and_board():
    hero = default_content().heroes["barbarian"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "sword",
        "sword",
        "sword",
        "heart",
        "heart",
        "strength",
    ]
    t = table(start_at="main1")
    me = t.player("barb")
    assert (me.health, me.cp) == (50, 2)
    assert me.levels == {
        "slap": 1,
        "smack": 1,
        "fortitude": 1,
        "overpower": 1,
        "crushing_blow": 1,
        "reckless": 1,
        "thick_skin": 1,
        "rampage": 1,
    }


# ---------------------------------------------------------------- Slap

SLAP_DICE = {0: [1, 2, 3, 4, 4], 1: [1, 2, 3, 1, 4], 2: [1, 2, 3, 1, 2]}
SLAP = {1: (4, 6, 8), 2: (5, 7, 9), 3: (6, 8, 10)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_slap_each_row_and_level(level, row):
    t = table(barb={"upgrades": {"slap": level}})
    activate(t, SLAP_DICE[row], "slap", row)
    t.do("roll", by="foe", dice=NOTHING)  # normal damage: the foe defends
    t.settle()
    assert landed(t, "foe") == [SLAP[level][row]]
    assert t.player("foe").health == 50 - SLAP[level][row]
    assert t.view.phase == "main2"


def test_slap_rows_need_their_sword_count():
    t = table()
    t.do("roll", by="barb", dice=[1, 2, 4, 5, 6])
    assert offered_rows(t, "slap") == []
    t = table()
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 4])
    assert offered_rows(t, "slap") == [0]
    t = table()
    t.do("roll", by="barb", dice=[1, 2, 3, 3, 6])
    assert offered_rows(t, "slap") == [0, 1]
    t = table()
    t.do("roll", by="barb", dice=[3, 3, 3, 3, 3])
    assert offered_rows(t, "slap") == [0, 1, 2]


# ---------------------------------------------------------------- Smack

SMACK_DICE = [1, 2, 6, 6, 4]  # two Swords, two Strength


@pytest.mark.parametrize("level,damage", [(1, 6), (2, 7), (3, 8)])
def test_smack_deals_undefendable_damage(level, damage):
    t = table(barb={"upgrades": {"smack": level}})
    activate(t, SMACK_DICE, "smack", 0)
    t.settle()
    assert landed(t, "foe") == [damage]
    assert t.events("attack_declared")[0].data["dtype"] == "undefendable"
    assert "defense_chosen" not in kinds(t)


def test_smack_iii_with_three_strength_deals_10_undefendable():
    t = table(barb={"upgrades": {"smack": 3}})
    t.do("roll", by="barb", dice=[1, 2, 6, 6, 6])
    assert offered_rows(t, "smack") == [0, 1]
    t.do("activate", by="barb", ability="smack", row=1)
    t.settle()
    assert landed(t, "foe") == [10]
    assert "defense_chosen" not in kinds(t)


def test_smack_below_iii_has_one_row_and_needs_two_swords_and_two_strength():
    t = table(barb={"upgrades": {"smack": 2}})
    t.do("roll", by="barb", dice=[1, 2, 6, 6, 6])
    assert offered_rows(t, "smack") == [0]
    t = table()
    t.do("roll", by="barb", dice=[1, 4, 6, 6, 4])  # one Sword
    assert offered_rows(t, "smack") == []
    t = table()
    t.do("roll", by="barb", dice=[1, 2, 3, 6, 4])  # one Strength
    assert offered_rows(t, "smack") == []


# ---------------------------------------------------------------- Fortitude


def test_fortitude_heals_4_without_an_attack():
    t = table(barb={"health": 40})
    activate(t, [4, 4, 5, 1, 6], "fortitude", 0)
    t.settle()
    assert t.player("barb").health == 44
    assert healed(t, "barb") == [4]
    assert "attack_declared" not in kinds(t) and "defense_chosen" not in kinds(t)
    assert t.player("foe").health == 50


def test_fortitude_heals_no_higher_than_10_over_starting_health():
    t = table(barb={"health": 58})
    activate(t, [4, 4, 5, 1, 6], "fortitude", 0)
    t.settle()
    assert t.player("barb").health == 60


def test_fortitude_takes_no_attack_modifiers():
    t = table(barb={"health": 40, "hand": ["brute_force", "get_some"], "cp": 5})
    activate(t, [4, 4, 5, 1, 6], "fortitude", 0)
    pass_through_roll_phase(t, no_play=True)
    assert t.player("barb").cp == 5
    assert t.player("barb").health == 44
    assert t.player("foe").statuses.get("concussion", 0) == 0


def test_fortitude_ii_three_hearts_heal_5():
    t = table(barb={"health": 40, "upgrades": {"fortitude": 2}, "statuses": {"concussion": 1}})
    t.do("roll", by="barb", dice=[4, 4, 5, 1, 6])
    assert offered_rows(t, "fortitude") == [0]
    t.do("activate", by="barb", ability="fortitude", row=0)
    t.settle()
    assert t.player("barb").health == 45
    assert t.player("barb").statuses.get("concussion") == 1  # only the 4-Heart line removes


def test_fortitude_ii_four_hearts_heal_7_and_remove_a_negative_status():
    t = table(
        barb={
            "health": 40,
            "upgrades": {"fortitude": 2},
            "statuses": {"concussion": 1, "evasive": 1},
        }
    )
    t.do("roll", by="barb", dice=[4, 4, 5, 5, 1])
    assert offered_rows(t, "fortitude") == [0, 1]
    t.do("activate", by="barb", ability="fortitude", row=1)
    t.settle()
    me = t.player("barb")
    assert me.health == 47
    assert me.statuses.get("concussion", 0) == 0
    assert me.statuses.get("evasive") == 1  # a positive status stays


def test_fortitude_ii_with_two_negative_statuses_he_picks_one():
    t = table(barb={"upgrades": {"fortitude": 2}, "statuses": {"concussion": 1, "bounty": 1}})
    activate(t, [4, 4, 5, 5, 1], "fortitude", 1)
    assert t.pending.kind == "choose" and t.pending.player == t.seat("barb")
    t.do("choose", by="barb", option="Bounty")
    t.settle()
    me = t.player("barb")
    assert me.statuses.get("bounty", 0) == 0
    assert me.statuses.get("concussion") == 1


def test_fortitude_i_needs_three_hearts():
    t = table()
    t.do("roll", by="barb", dice=[4, 4, 1, 2, 6])
    assert offered_rows(t, "fortitude") == []


# ---------------------------------------------------------------- Overpower

OVERPOWER_DICE = [6, 6, 6, 1, 4]


def test_overpower_rolls_three_dice_and_deals_their_total():
    t = table()
    activate(t, OVERPOWER_DICE, "overpower", dice=[3, 4, 5])
    rolled = [e.data for e in t.events("dice_rolled") if e.data["player"] == t.seat("barb")]
    assert rolled[-1]["values"] == [3, 4, 5]
    t.do("roll", by="foe", dice=NOTHING)
    t.settle()
    assert landed(t, "foe") == [12]
    assert t.player("foe").statuses.get("concussion", 0) == 0


def test_overpower_ii_inflicts_concussion_then_rolls():
    t = table(barb={"upgrades": {"overpower": 2}})
    activate(t, OVERPOWER_DICE, "overpower", dice=[1, 1, 2])
    assert t.player("foe").statuses.get("concussion") == 1
    t.do("roll", by="foe", dice=NOTHING)
    t.settle()
    assert landed(t, "foe") == [4]


def test_overpower_dice_can_be_altered_by_him_before_they_count():
    t = table(barb={"hand": ["six_it"], "cp": 1})
    activate(t, OVERPOWER_DICE, "overpower", dice=[3, 4, 5])
    assert t.pending.window == "dice_roll" and t.pending.player == t.seat("barb")
    t.do("play", by="barb", card="six_it")
    t.do("choose", by="barb", option="die 1")
    t.do("roll", by="foe", dice=NOTHING)
    t.settle()
    assert landed(t, "foe") == [6 + 4 + 5]


def test_overpower_dice_can_be_altered_by_the_foe_too():
    t = table(foe={"hand": ["tip_it"], "cp": 1})
    activate(t, OVERPOWER_DICE, "overpower")
    t.do("pass", by="foe", window="offensive_announce", dice=[3, 4, 6])
    t.do("play", by="foe", card="tip_it", window="dice_roll")
    t.do("choose", by="foe", option="die 3")  # a 6 can only go down
    t.do("roll", by="foe", dice=NOTHING)
    t.settle()
    assert landed(t, "foe") == [3 + 4 + 5]


def test_overpower_needs_three_strength():
    t = table()
    t.do("roll", by="barb", dice=[6, 6, 1, 2, 4])
    assert offered_rows(t, "overpower") == []


# ---------------------------------------------------------------- Crushing Blow


@pytest.mark.parametrize("level,damage", [(1, 8), (2, 10)])
def test_crushing_blow_inflicts_concussion_and_deals_damage(level, damage):
    t = table(barb={"upgrades": {"crushing_blow": level}})
    activate(t, [1, 2, 3, 4, 6], "crushing_blow")
    assert t.player("foe").statuses.get("concussion") == 1
    t.do("roll", by="foe", dice=NOTHING)
    t.settle()
    assert landed(t, "foe") == [damage]


def test_crushing_blows_concussion_makes_the_foe_skip_his_next_income():
    t = table(barb={"hand": []}, foe={"hand": [], "cp": 2})
    activate(t, [2, 3, 4, 5, 5], "crushing_blow")
    t.do("roll", by="foe", dice=NOTHING)
    t.do("end_phase", by="barb")  # Main (2); then Discard and the foe's turn
    assert t.view.active == t.seat("foe") and t.view.phase == "main1"
    foe = t.player("foe")
    assert foe.cp == 2 and foe.hand == []
    assert foe.statuses.get("concussion", 0) == 0
    assert any(
        e.data.get("phase") == "income" and e.data["player"] == t.seat("foe")
        for e in t.events("phase_skipped")
    )


def test_crushing_blow_needs_a_small_straight():
    t = table()
    t.do("roll", by="barb", dice=[1, 2, 3, 5, 6])
    assert offered_rows(t, "crushing_blow") == []


# ---------------------------------------------------------------- Reckless


@pytest.mark.parametrize("level,damage,recoil", [(1, 15, 4), (2, 17, 3)])
def test_reckless_hits_hard_and_then_hurts_himself(level, damage, recoil):
    t = table(barb={"upgrades": {"reckless": level}})
    activate(t, [1, 2, 3, 4, 5], "reckless")
    t.do("roll", by="foe", dice=NOTHING)
    t.settle()
    hits = [(e.data["target"], e.data["amount"]) for e in t.events("damage_resolved")]
    assert hits == [(t.seat("foe"), damage), (t.seat("barb"), recoil)]
    # his own hurt is not part of the Attack's damage: it comes once that has landed
    pools = [e.data["pool"] for e in t.events("damage_resolved")]
    assert pools[0] != pools[1]
    changes = [e.data["player"] for e in t.events("health_changed")]
    assert changes == [t.seat("foe"), t.seat("barb")]
    assert t.player("foe").health == 50 - damage
    assert t.player("barb").health == 50 - recoil


def test_reckless_recoil_is_not_reduced_by_the_foes_defense():
    t = table()
    activate(t, [2, 3, 4, 5, 6], "reckless")
    t.do("roll", by="foe", dice=[1, 2, 3])  # prevents 3 of the 15
    t.settle()
    assert landed(t, "foe") == [12]
    assert landed(t, "barb") == [4]


def test_reckless_wins_before_it_recoils_when_the_foe_falls():
    t = table(barb={"health": 4}, foe={"health": 15})
    activate(t, [1, 2, 3, 4, 5], "reckless")
    t.do("roll", by="foe", dice=NOTHING)
    t.settle()
    assert t.view.over and t.view.winner_team == t.player("barb").team
    assert t.player("barb").health == 4 and not t.player("barb").defeated


def test_reckless_recoil_can_defeat_him():
    t = table(barb={"health": 4})
    activate(t, [1, 2, 3, 4, 5], "reckless")
    t.do("roll", by="foe", dice=NOTHING)
    t.settle()
    assert t.player("foe").health == 35
    assert t.player("barb").defeated
    assert t.view.over and t.view.winner_team == t.player("foe").team


def test_reckless_needs_a_large_straight():
    t = table()
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 6])
    assert offered_rows(t, "reckless") == []


# ---------------------------------------------------------------- Rampage (Ultimate)


def test_rampage_stuns_then_deals_15_and_he_attacks_again():
    t = vs_gunslinger(gun={"statuses": {"evasive": 2}, "hand": ["dodge_roll"], "cp": 5})
    activate(t, [6, 6, 6, 6, 6], "rampage")
    # before activation she may still alter his dice (she declines) ...
    t.do("pass", by="gun", window="offensive_announce")
    assert t.events("ability_activated")[0].data["ultimate"] is True
    # ... then she may do nothing until the Roll Phase is over
    pass_through_roll_phase(t, forbidden="gun")
    gun = t.player("gun")
    assert landed(t, "gun") == [15]
    assert gun.health == 35
    assert gun.statuses.get("evasive") == 2  # she could not spend them
    assert gun.cp == 5 and len(gun.hand) == 1
    assert "defense_chosen" not in kinds(t)
    # the Stun is gone once the Attack is over, and he takes another Offensive Roll Phase
    assert gun.statuses.get("stun", 0) == 0
    assert gained_status(t, "gun", "stun") == [1]
    assert t.view.phase == "offensive_roll" and t.pending.player == t.seat("barb")
    assert t.pending.kind == "offensive_roll"
    # ... against the same target, who may defend again now
    t.do("roll", by="barb", dice=[1, 1, 1, 4, 4])
    t.do("activate", by="barb", ability="slap", row=0)
    assert t.pending.player == t.seat("gun")  # she may act again (her Dodge Roll!) ...
    t.do("roll", by="gun", dice=[3])  # ... and defend with Duel
    assert t.events("defense_chosen")[-1].data == {"player": t.seat("gun"), "ability": "duel"}


def gained_status(t: Table, name: str, status: str) -> list[int]:
    seat = t.seat(name)
    return [
        e.data["count"]
        for e in t.events("status_gained")
        if e.data["player"] == seat and e.data["status"] == status
    ]


def test_rampage_extra_roll_phase_is_forfeited_if_the_target_falls():
    t = vs_gunslinger(gun={"health": 12})
    activate(t, [6, 6, 6, 6, 6], "rampage")
    t.settle()
    assert t.view.over
    assert t.player("gun").defeated


def test_rampage_can_be_boosted_by_his_own_attack_modifier():
    t = vs_gunslinger(
        barb={"hand": ["brute_force"], "cp": 2}, gun={"hand": ["not_this_time"], "cp": 2}
    )
    activate(t, [6, 6, 6, 6, 6], "rampage")
    t.do("play", by="barb", card="brute_force")
    pass_through_roll_phase(t, forbidden="gun")
    hit = resolved(t, "gun")
    assert hit["unavoidable"] == 18 and hit["amount"] == 18


def test_rampage_needs_five_strength():
    t = table()
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 5])
    assert offered_rows(t, "rampage") == []


# ---------------------------------------------------------------- Thick Skin (defense)


def foe_slaps(level: int = 1, **barb) -> Table:
    """The foe Slaps the Barbarian with five Swords: 8 damage."""
    t = table(first="foe", barb={"upgrades": {"thick_skin": level}, **barb})
    t.do("roll", by="foe", dice=[1, 1, 1, 2, 2])
    t.do("activate", by="foe", ability="slap", row=2)
    return t


@pytest.mark.parametrize(
    "level,dice,prevented,heal",
    [
        (1, [1, 4, 5], 1, 4),
        (1, [1, 2, 3], 3, 0),
        (1, [4, 5, 4], 0, 6),
        (1, [6, 6, 6], 0, 0),
        (2, [1, 2, 4, 6], 2, 2),
        (2, [6, 6, 6, 6], 0, 0),
        (3, [1, 4, 6, 6], 5, 2),
        (3, [6, 6, 6, 6], 8, 0),
    ],
)
def test_thick_skin_heals_2_per_heart_and_prevents_per_sword(level, dice, prevented, heal):
    t = foe_slaps(level)
    t.do("roll", by="barb", dice=dice)
    defense = [e.data for e in t.events("dice_rolled") if e.data["purpose"] == "defense"]
    assert len(defense[0]["values"]) == (3 if level == 1 else 4)
    t.settle()
    hit = resolved(t, "barb")
    assert hit["prevented"] == prevented
    assert hit["amount"] == max(0, 8 - prevented)
    assert sum(healed(t, "barb")) == heal
    assert t.player("barb").health == 50 - max(0, 8 - prevented) + heal


@pytest.mark.parametrize("level,after", [(1, 2), (2, 1), (3, 1)])
def test_thick_skin_ii_refuses_a_second_copy_of_a_held_status(level, after):
    # His Concussion limit is raised to 2, so only Thick Skin II/III can keep a second one off.
    t = table(
        first="foe",
        barb={
            "upgrades": {"thick_skin": level},
            "statuses": {"concussion": 1},
            "limits": {"concussion": 1},
        },
        foe={"hand": ["get_some"], "cp": 1},
    )
    t.do("roll", by="foe", dice=[1, 1, 1, 4, 4])
    t.do("activate", by="foe", ability="slap", row=0)
    t.do("roll", by="barb", dice=[6, 6, 6] if level == 1 else [6, 6, 6, 6])
    # +2 dmg and inflict Concussion, once Thick Skin has resolved
    t.do("play", by="foe", card="get_some", window="before_damage")
    t.settle()
    assert t.player("barb").statuses.get("concussion") == after


def test_thick_skin_ii_refusal_ends_with_the_roll_phase():
    t = table(
        first="foe",
        barb={
            "upgrades": {"thick_skin": 2},
            "statuses": {"concussion": 1},
            "limits": {"concussion": 1},
        },
        foe={"hand": ["intimidate"], "cp": 2},
    )
    t.do("roll", by="foe", dice=[1, 1, 1, 4, 4])
    t.do("activate", by="foe", ability="slap", row=0)
    t.do("roll", by="barb", dice=[6, 6, 6, 6])
    t.settle()
    assert "refuse_duplicate_statuses" not in t.player("barb").flags
    assert t.view.phase == "main2"
    t.do("play", by="foe", card="intimidate")
    assert t.player("barb").statuses.get("concussion") == 2


def test_thick_skin_is_not_rolled_against_undefendable_or_ultimate_damage():
    t = table(first="foe")
    t.do("roll", by="foe", dice=SMACK_DICE)
    t.do("activate", by="foe", ability="smack")
    t.settle()
    assert "defense_chosen" not in kinds(t)
    t = table(first="foe")
    t.do("roll", by="foe", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="foe", ability="rampage")
    pass_through_roll_phase(t, forbidden="barb")
    assert "defense_chosen" not in kinds(t)


def test_thick_skin_against_the_gunslinger():
    t = vs_gunslinger(first="gun")
    t.do("roll", by="gun", dice=[1, 2, 3, 1, 2])
    t.do("activate", by="gun", ability="revolver", row=2)  # 5 damage
    t.do("roll", by="barb", dice=[2, 5, 6])
    t.settle()
    assert landed(t, "barb") == [4]
    assert t.player("barb").health == 50 - 4 + 2


# ---------------------------------------------------------------- upgrade cards

UPGRADES = {
    "slap_2": ("slap", 2, 2),
    "slap_3": ("slap", 3, 4),
    "smack_2": ("smack", 2, 2),
    "smack_3": ("smack", 3, 4),
    "fortitude_2": ("fortitude", 2, 2),
    "overpower_2": ("overpower", 2, 3),
    "crushing_blow_2": ("crushing_blow", 2, 3),
    "reckless_2": ("reckless", 2, 3),
    "thick_skin_2": ("thick_skin", 2, 3),
    "thick_skin_3": ("thick_skin", 3, 5),
}


def test_every_upgrade_card_is_listed_here():
    cards = json.loads((DATA / "cards" / "barbarian.json").read_text())["cards"]
    upgrades = {
        c["id"]: (c["upgrade"]["slot"], c["upgrade"]["level"], c["cost"])
        for c in cards
        if c["type"] == "upgrade"
    }
    assert upgrades == UPGRADES


@pytest.mark.parametrize("card", sorted(UPGRADES))
def test_upgrade_card_pays_full_cost_and_raises_the_level(card):
    slot, level, cost = UPGRADES[card]
    t = table(start_at="main1", barb={"hand": [card], "cp": cost})
    t.do("play", by="barb", card=card)
    me = t.player("barb")
    assert me.levels[slot] == level
    assert me.cp == 0
    assert me.hand == [] and card not in me.discard
    assert t.events("card_played")[0].data["cost"] == cost


@pytest.mark.parametrize("card", sorted(UPGRADES))
def test_upgrade_card_needs_its_cost(card):
    t = table(start_at="main1", barb={"hand": [card], "cp": UPGRADES[card][2] - 1})
    assert t.options("play") == []


@pytest.mark.parametrize(
    "card,lying,paid",
    [("slap_3", "slap_2", 2), ("smack_3", "smack_2", 2), ("thick_skin_3", "thick_skin_2", 2)],
)
def test_level_iii_over_level_ii_pays_only_the_difference(card, lying, paid):
    slot = UPGRADES[card][0]
    first = UPGRADES[lying][2]
    t = table(start_at="main1", barb={"hand": [lying, card], "cp": first + paid})
    t.do("play", by="barb", card=lying)
    assert t.player("barb").cp == paid
    t.do("play", by="barb", card=card)
    assert t.player("barb").levels[slot] == 3
    assert t.player("barb").cp == 0
    assert t.events("card_played")[-1].data["cost"] == paid


def test_upgrading_changes_the_ability_at_once():
    t = table(start_at="main1", barb={"hand": ["smack_3"], "cp": 4})
    t.do("play", by="barb", card="smack_3")
    t.do("roll", by="barb", dice=[1, 2, 6, 6, 6])
    t.do("activate", by="barb", ability="smack", row=1)
    t.settle()
    assert landed(t, "foe") == [10]


def test_thick_skin_upgrade_cannot_be_played_on_the_foes_turn():
    t = table(start_at="main1", first="foe", barb={"hand": ["thick_skin_2"], "cp": 3})
    t.do("end_phase", by="foe")
    # On the foe's turn the Barbarian cannot play his upgrade.
    t.do("roll", by="foe", dice=[1, 1, 1, 4, 4])
    t.do("activate", by="foe", ability="slap", row=0)
    assert all(a.kind != "play" for a in t.options())
    assert t.labels()[0] == "Roll 3 dice"


def test_a_lower_upgrade_cannot_replace_a_higher_one():
    t = table(
        start_at="main1",
        barb={
            "hand": ["slap_2", "thick_skin_2"],
            "cp": 10,
            "upgrades": {"slap": 3, "thick_skin": 3},
        },
    )
    assert t.options("play") == []


# ---------------------------------------------------------------- Get Some!


def test_get_some_adds_2_and_inflicts_concussion():
    t = table(barb={"hand": ["get_some"], "cp": 1})
    activate(t, SLAP_DICE[0], "slap", 0)
    t.do("play", by="barb", card="get_some")
    assert t.player("barb").cp == 0
    assert t.player("foe").statuses.get("concussion") == 1
    t.do("roll", by="foe", dice=NOTHING)
    t.settle()
    hit = resolved(t, "foe")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (4, 2, 6)
    assert "get_some" in t.player("barb").discard


def test_get_some_after_the_defense_roll_still_counts():
    t = table(barb={"hand": ["get_some"], "cp": 1})
    activate(t, SLAP_DICE[0], "slap", 0)
    t.do("roll", by="foe", dice=[1, 6, 6])  # prevents 1
    t.do("play", by="barb", card="get_some")
    t.settle()
    assert landed(t, "foe") == [4 + 2 - 1]


def test_get_some_on_undefendable_smack_stays_undefendable():
    t = table(barb={"hand": ["get_some"], "cp": 1})
    activate(t, SMACK_DICE, "smack")
    t.do("play", by="barb", card="get_some")
    t.settle()
    assert landed(t, "foe") == [8]
    assert "defense_chosen" not in kinds(t)


def test_get_some_needs_his_own_attack():
    t = table(barb={"hand": ["get_some"], "cp": 1})
    t.do("roll", by="barb", dice=SLAP_DICE[0])
    assert t.options("play") == []
    t = table(first="foe", barb={"hand": ["get_some"], "cp": 1})
    t.do("roll", by="foe", dice=SLAP_DICE[0])
    t.do("activate", by="foe", ability="slap", row=0)
    assert all(a.kind != "play" for a in t.options())


# ---------------------------------------------------------------- Head Bash!


def test_head_bash_after_5_or_more_damage_stuns_and_gives_another_roll_phase():
    # The foe holds a free Instant he could play at any moment - unless he is Stunned.
    t = table(barb={"hand": ["head_bash"], "cp": 3}, foe={"hand": ["getting_paid"]})
    activate(t, SLAP_DICE[1], "slap", 1)  # 6 damage
    t.do("roll", by="foe", dice=[1, 6, 6])  # prevents 1: 5 land
    t.do("play", by="barb", card="head_bash", window="after_damage")
    assert landed(t, "foe") == [5]
    assert t.player("barb").cp == 0
    assert gained_status(t, "foe", "stun") == [1]
    pass_through_roll_phase(t, forbidden="foe")  # Stunned: he can do nothing
    assert len(t.player("foe").hand) == 1
    # the Stun is over at once: the Attack against him has concluded, so he goes again
    assert t.player("foe").statuses.get("stun", 0) == 0
    assert t.view.phase == "offensive_roll" and t.pending.player == t.seat("barb")
    t.do("roll", by="barb", dice=SLAP_DICE[0])
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="foe", dice=NOTHING)
    t.settle()
    assert t.player("foe").health == 50 - 5 - 4
    assert t.view.phase == "main2"


def test_head_bash_is_not_playable_when_under_5_landed():
    t = table(barb={"hand": ["head_bash"], "cp": 3})
    activate(t, SLAP_DICE[1], "slap", 1)  # 6 damage
    t.do("roll", by="foe", dice=[1, 2, 6])  # prevents 2: 4 land
    pass_through_roll_phase(t, no_play=True)
    assert landed(t, "foe") == [4]
    assert t.player("barb").cp == 3 and t.player("foe").statuses.get("stun", 0) == 0
    assert t.view.phase == "main2"


def test_head_bash_is_not_playable_before_the_damage_lands():
    t = table(barb={"hand": ["head_bash"], "cp": 3})
    activate(t, SLAP_DICE[2], "slap", 2)
    t.do("roll", by="foe", dice=NOTHING)
    for _ in range(20):
        choice = t.pending
        if choice.window == "after_damage":
            break
        assert all(a.kind != "play" for a in t.options()), (choice.window, t.labels())
        options = {a.kind: a for a in t.options()}
        t.apply(options.get("pass") or options["accept"])
    assert t.pending.window == "after_damage"
    assert [a.kind for a in t.options()] == ["play", "pass"]


def test_head_bash_needs_3_cp():
    t = table(barb={"hand": ["head_bash"], "cp": 2})
    activate(t, SLAP_DICE[2], "slap", 2)
    t.do("roll", by="foe", dice=NOTHING)
    pass_through_roll_phase(t, no_play=True)
    assert t.player("foe").statuses.get("stun", 0) == 0


# ---------------------------------------------------------------- Rest Up!


@pytest.mark.parametrize("health,after", [(40, 44), (58, 60)])
def test_rest_up_heals_4_up_to_the_cap(health, after):
    t = table(start_at="main1", barb={"hand": ["rest_up"], "cp": 1, "health": health})
    t.do("play", by="barb", card="rest_up")
    assert t.player("barb").health == after
    assert t.player("barb").cp == 0
    assert "rest_up" in t.player("barb").discard


def test_rest_up_is_a_main_phase_card():
    t = table(barb={"hand": ["rest_up"], "cp": 1, "health": 40})
    activate(t, SLAP_DICE[0], "slap", 0)
    t.do("roll", by="foe", dice=NOTHING)
    pass_through_roll_phase(t, no_play=True)
    assert t.player("barb").health == 40


# ---------------------------------------------------------------- Intimidate!


def test_intimidate_inflicts_concussion_and_the_foe_skips_income():
    t = table(start_at="main1", barb={"hand": ["intimidate"], "cp": 2}, foe={"cp": 3})
    t.do("play", by="barb", card="intimidate")
    assert t.player("foe").statuses.get("concussion") == 1
    assert t.player("barb").cp == 0
    t.do("end_phase", by="barb")  # to the Roll Phase
    t.do("roll", by="barb", dice=[1, 4, 5, 5, 6])
    t.do("no_ability", by="barb")
    t.do("end_phase", by="barb")  # Main (2)
    assert t.view.active == t.seat("foe") and t.view.phase == "main1"
    assert t.player("foe").cp == 3
    assert t.player("foe").statuses.get("concussion", 0) == 0


def test_intimidate_is_an_instant_he_can_play_on_the_foes_turn():
    t = table(first="foe", barb={"hand": ["intimidate"], "cp": 2})
    t.do("roll", by="foe", dice=SLAP_DICE[0])
    t.do("activate", by="foe", ability="slap", row=0)
    t.do("play", by="barb", card="intimidate")
    assert t.player("foe").statuses.get("concussion") == 1
    assert t.player("barb").cp == 0


def test_intimidate_needs_2_cp():
    t = table(start_at="main1", barb={"hand": ["intimidate"], "cp": 1})
    assert t.options("play") == []


# ---------------------------------------------------------------- Brute Force!


def test_brute_force_adds_3():
    t = table(barb={"hand": ["brute_force"], "cp": 2})
    activate(t, SLAP_DICE[0], "slap", 0)
    t.do("play", by="barb", card="brute_force")
    assert t.player("barb").cp == 0
    t.do("roll", by="foe", dice=NOTHING)
    t.settle()
    hit = resolved(t, "foe")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (4, 3, 7)


def test_brute_force_on_smack_stays_undefendable_and_needs_2_cp():
    t = table(barb={"hand": ["brute_force"], "cp": 2})
    activate(t, SMACK_DICE, "smack")
    t.do("play", by="barb", card="brute_force")
    t.settle()
    assert landed(t, "foe") == [9]
    assert "defense_chosen" not in kinds(t)
    t = table(barb={"hand": ["brute_force"], "cp": 1})
    activate(t, SMACK_DICE, "smack")
    assert all(a.kind != "play" for a in t.options())


def test_own_action_cards_cost_what_the_card_says():
    cards = json.loads((DATA / "cards" / "barbarian.json").read_text())["cards"]
    assert {c["id"]: (c["type"], c["cost"]) for c in cards if c["type"] != "upgrade"} == {
        "get_some": ("roll", 1),
        "head_bash": ("roll", 3),
        "rest_up": ("main", 1),
        "intimidate": ("instant", 2),
        "brute_force": ("roll", 2),
    }


# ---------------------------------------------------------------- Stun in team games


def _team(stunned: bool) -> Table:
    return Table(
        mode="2v2",
        first="b1",
        start_at="offensive_roll",
        a1={"hero": "gunslinger", "hand": [], "statuses": {"stun": 1} if stunned else {}},
        a2={"hero": "gunslinger", "hand": ["buh_bye"], "cp": 3},
        b1={"hero": "barbarian", "hand": []},
        b2={"hero": "barbarian", "hand": []},
    )


def test_a_teammate_may_take_stun_off_a_stunned_player():
    # 000: a non-stunned teammate may remove Stun ...
    t = _team(stunned=True)
    t.do("roll", by="b1", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="b1", ability="slap", row=0)
    assert "Play Buh, Bye! (1 CP)" in t.labels() and t.pending.player == t.seat("a2")
    t.do("play", by="a2", card="buh_bye")
    assert "stun" not in {k for k, v in t.player("a1").statuses.items() if v}


def test_no_teammate_may_touch_a_stun_that_came_from_an_ultimate():
    # ... unless it came from an Ultimate: then nobody on that team can act until it is over.
    t = _team(stunned=False)
    t.do("roll", by="b1", dice=[6, 6, 6, 6, 6])
    with t.engine.world.active():
        t.engine.rng.forced_dice.append(1)  # targeting roll 1: A1
    t.apply(next(a for a in t.options("activate") if a.get("ability") == "rampage"))
    asked = []
    while t.pending.kind != "offensive_roll":  # every window until his next Roll Phase
        asked.append((t.pending.player, t.labels()))
        t.apply(next(o.action for o in t.pending.options if o.action.kind == "pass"))
    # No window opens for A2 in this span (the Ultimate locks opponents out of its Roll Phase
    # and nothing is played after it), so `asked` may be empty; what shows the lock-out is
    # that A2 still holds Buh, Bye! and A1 took the Stun.
    assert all("Play Buh, Bye! (1 CP)" not in labels for _player, labels in asked)
    assert [e.data["player"] for e in t.events("status_gained") if e.data["status"] == "stun"] == [
        t.seat("a1")
    ]
    assert t.player("a1").health == 35
    assert len(t.player("a2").hand) == 1
