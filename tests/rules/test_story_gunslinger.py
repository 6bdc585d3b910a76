"""Story tests for the Gunslinger: every ability (each row and level), her passive, her
defense, her Ultimate, and every card of her own deck.

Her opponent is the Barbarian. When the Barbarian defends with Thick Skin I and rolls three
Strength (6, 6, 6) his defense does nothing, so the Gunslinger's damage lands in full.
Numbers follow the board printed in seed 002 (docs/heroes/gunslinger.md marks the designed
ones).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from game.content.loader import default_content
from game.rules.options import ROLL_PHASES
from tests.helpers import Table

DATA = Path(__file__).resolve().parents[2] / "game" / "content" / "data"
NOTHING = [6, 6, 6]  # Thick Skin I: no Heart, no Sword -> no healing, no prevention


def table(start_at: str = "offensive_roll", first: str = "gun", gun=None, barb=None) -> Table:
    gun_spec = {"hero": "gunslinger", "hand": [], **(gun or {})}
    barb_spec = {"hero": "barbarian", "hand": [], **(barb or {})}
    if first == "gun":
        return Table(first="gun", start_at=start_at, gun=gun_spec, barb=barb_spec)
    return Table(first="barb", start_at=start_at, barb=barb_spec, gun=gun_spec)


def landed(t: Table, name: str) -> list[int]:
    """Damage amounts that landed on `name`, in order."""
    seat = t.seat(name)
    return [e.data["amount"] for e in t.events("damage_resolved") if e.data["target"] == seat]


def resolved(t: Table, name: str) -> dict:
    seat = t.seat(name)
    hits = [e.data for e in t.events("damage_resolved") if e.data["target"] == seat]
    assert len(hits) == 1, hits
    return hits[0]


def kinds(t: Table) -> list[str]:
    return [e.kind for e in t.engine.log]


def gained(t: Table, name: str, status: str) -> list[int]:
    seat = t.seat(name)
    return [
        e.data["count"]
        for e in t.events("status_gained")
        if e.data["player"] == seat and e.data["status"] == status
    ]


def activate(t: Table, roll: list[int], ability: str, row: int | None = None, **extra) -> None:
    t.do("roll", by="gun", dice=roll)
    fields = {"ability": ability, **extra}
    if row is not None:
        fields["row"] = row
    t.do("activate", by="gun", **fields)


def offered_rows(t: Table, ability: str) -> list[int]:
    return sorted(a.get("row") for a in t.options("activate") if a.get("ability") == ability)


# ---------------------------------------------------------------- the hero itself


def test_deck_holds_exactly_33_cards():
    hero = json.loads((DATA / "heroes" / "gunslinger.json").read_text())
    assert sum(hero["deck"].values()) == 33
    t = table(start_at="main1", gun={"hand": []})
    me = t.player("gun")
    assert me.deck_size + len(me.hand) + len(me.discard) == 33
    own = {c["id"] for c in json.loads((DATA / "cards" / "gunslinger.json").read_text())["cards"]}
    # every one of her 15 own cards is in her deck exactly once
    assert own <= set(hero["deck"]) and len(own) == 15
    assert all(hero["deck"][cid] == 1 for cid in own)


def test_dice_faces_and_starting_dials_follow_seed_002():
    hero = default_content().heroes["gunslinger"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "bullet",
        "bullet",
        "bullet",
        "dash",
        "dash",
        "bullseye",
    ]
    t = table(start_at="main1")
    me = t.player("gun")
    assert (me.health, me.cp, me.start_health) == (50, 2, 50)
    assert sorted(me.levels.items()) == sorted(
        {
            "revolver": 1,
            "bounty_hunter": 1,
            "take_cover": 1,
            "showdown": 1,
            "deadeye": 1,
            "fan_the_hammer": 1,
            "quick_draw": 1,
            "duel": 1,
            "fill_em_with_lead": 1,
        }.items()
    )


# ---------------------------------------------------------------- Revolver

# dice with exactly 3 / 4 / 5 Bullets and never four of one number
REVOLVER_DICE = {0: [1, 2, 3, 4, 4], 1: [1, 2, 3, 1, 4], 2: [1, 2, 3, 1, 2]}
REVOLVER_DAMAGE = {1: (3, 4, 5), 2: (4, 5, 6), 3: (5, 6, 7)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_revolver_each_row_and_level(level, row):
    t = table(gun={"upgrades": {"revolver": level}})
    activate(t, REVOLVER_DICE[row], "revolver", row)
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    expected = REVOLVER_DAMAGE[level][row]
    assert landed(t, "barb") == [expected]
    assert t.player("barb").health == 50 - expected
    assert t.player("barb").statuses.get("knockdown", 0) == 0  # no four of a kind
    assert t.view.phase == "main2"


def test_revolver_rows_need_their_bullet_count():
    t = table()
    t.do("roll", by="gun", dice=[1, 2, 3, 4, 5])  # three Bullets only
    assert offered_rows(t, "revolver") == [0]
    t = table()
    t.do("roll", by="gun", dice=[1, 1, 4, 4, 5])  # two Bullets
    assert offered_rows(t, "revolver") == []
    t = table()
    t.do("roll", by="gun", dice=[3, 3, 3, 3, 3])
    assert offered_rows(t, "revolver") == [0, 1, 2]


@pytest.mark.parametrize("level", [2, 3])
def test_revolver_ii_and_iii_four_of_a_kind_inflicts_knockdown(level):
    t = table(gun={"upgrades": {"revolver": level}})
    activate(t, [2, 2, 2, 2, 5], "revolver", 1)
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert t.player("barb").statuses.get("knockdown") == 1
    assert landed(t, "barb") == [REVOLVER_DAMAGE[level][1]]


def test_revolver_i_four_of_a_kind_inflicts_nothing():
    t = table()
    activate(t, [2, 2, 2, 2, 5], "revolver", 1)
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert t.player("barb").statuses.get("knockdown", 0) == 0
    assert landed(t, "barb") == [4]


def test_revolver_ii_knockdown_makes_the_barbarian_pay_or_skip_next_turn():
    t = table(gun={"upgrades": {"revolver": 2}}, barb={"cp": 3})
    activate(t, [1, 1, 1, 1, 4], "revolver", 1)
    t.do("roll", by="barb", dice=NOTHING)
    t.do("end_phase", by="gun")  # Main (2)
    # the Barbarian's turn: Upkeep, Income (+1 CP -> 4), Main (1), then Knockdown asks
    t.do("end_phase", by="barb")
    assert t.pending.kind == "choose"
    t.do("choose", by="barb", option="pay 2 cp")
    assert t.player("barb").cp == 2
    assert t.player("barb").statuses.get("knockdown", 0) == 0
    assert t.pending.kind == "offensive_roll"


# ---------------------------------------------------------------- Bounty Hunter

BOUNTY_HUNTER_DICE = [1, 2, 4, 5, 4]  # two Bullets, three Dashes


@pytest.mark.parametrize("level,base", [(1, 1), (2, 2)])
def test_bounty_hunter_inflicts_bounty_then_undefendable_damage(level, base):
    t = table(gun={"upgrades": {"bounty_hunter": level}})
    activate(t, BOUNTY_HUNTER_DICE, "bounty_hunter")
    t.settle()
    barb = t.player("barb")
    assert barb.statuses.get("bounty") == 1
    # the fresh Bounty already counts for this Attack: +1 damage and +1 CP for her
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (base, 1, base + 1)
    assert barb.health == 50 - base - 1
    assert t.player("gun").cp == 3
    attack = t.events("attack_declared")[0].data
    assert attack["dtype"] == "undefendable"
    assert "defense_chosen" not in kinds(t)  # undefendable: no Defensive Roll


def test_bounty_pays_her_cp_even_when_the_damage_is_avoided():
    t = table(barb={"statuses": {"evasive": 1}})
    activate(t, BOUNTY_HUNTER_DICE, "bounty_hunter")
    t.do("spend", by="barb", status="evasive", dice=[2])  # undefendable, but avoidable
    t.settle()
    assert resolved(t, "barb")["avoided"] is True
    assert t.player("barb").health == 50
    assert t.player("barb").statuses.get("bounty") == 1
    assert t.player("gun").cp == 3


def test_bounty_hunter_requirement_is_two_bullets_and_two_dashes():
    t = table()
    t.do("roll", by="gun", dice=[1, 2, 4, 6, 6])  # only one Dash
    assert offered_rows(t, "bounty_hunter") == []
    t = table()
    t.do("roll", by="gun", dice=[1, 4, 4, 5, 6])  # only one Bullet
    assert offered_rows(t, "bounty_hunter") == []
    t = table()
    t.do("roll", by="gun", dice=[1, 2, 4, 5, 6])
    assert offered_rows(t, "bounty_hunter") == [0]


def test_bounty_hunter_then_opens_a_window_before_the_damage():
    # "Inflict Bounty. Then deal ..." - between the two, cards and tokens may be used.
    t = table(gun={"hand": ["dodge_roll"], "cp": 1})
    activate(t, BOUNTY_HUNTER_DICE, "bounty_hunter")
    assert t.pending.window == "then"
    assert t.player("barb").statuses.get("bounty") == 1
    assert "damage_pending" not in kinds(t)
    t.do("play", by="gun", card="dodge_roll", window="then")
    assert t.player("gun").statuses.get("evasive") == 1
    t.settle()
    assert landed(t, "barb") == [2]


# ---------------------------------------------------------------- Take Cover / Mark the Target

TAKE_COVER_DICE = [4, 4, 5, 6, 1]  # three Dashes and a Bullseye


@pytest.mark.parametrize("level,damage", [(1, 5), (2, 6)])
def test_take_cover_gains_evasive_and_deals_damage(level, damage):
    t = table(gun={"upgrades": {"take_cover": level}})
    activate(t, TAKE_COVER_DICE, "take_cover")
    assert t.player("gun").statuses.get("evasive") == 1
    t.do("roll", by="barb", dice=NOTHING)  # normal damage: he may defend
    t.settle()
    assert landed(t, "barb") == [damage]
    assert t.player("barb").health == 50 - damage
    assert t.player("gun").statuses.get("evasive") == 1


def test_take_cover_needs_three_dashes_and_a_bullseye():
    t = table()
    t.do("roll", by="gun", dice=[4, 4, 5, 1, 1])  # no Bullseye
    assert offered_rows(t, "take_cover") == []
    t = table()
    t.do("roll", by="gun", dice=[4, 4, 6, 6, 1])  # two Dashes
    assert offered_rows(t, "take_cover") == []


def test_mark_the_target_comes_only_with_take_cover_ii():
    t = table()
    t.do("roll", by="gun", dice=[6, 6, 1, 2, 4])
    assert offered_rows(t, "mark_the_target") == []
    t = table(gun={"upgrades": {"take_cover": 2}})
    t.do("roll", by="gun", dice=[6, 6, 1, 2, 4])
    assert offered_rows(t, "mark_the_target") == [0]


def test_mark_the_target_gains_two_evasive_and_inflicts_bounty_without_an_attack():
    t = table(gun={"upgrades": {"take_cover": 2}})
    activate(t, [6, 6, 1, 2, 4], "mark_the_target")
    t.settle()
    assert t.player("gun").statuses.get("evasive") == 2
    assert t.player("barb").statuses.get("bounty") == 1
    # no damage: no Attack, so no Defensive Roll and Bounty pays nothing yet
    assert "attack_declared" not in kinds(t)
    assert "defense_chosen" not in kinds(t)
    assert t.player("barb").health == 50
    assert t.player("gun").cp == 2
    assert t.view.phase == "main2"


# ---------------------------------------------------------------- Showdown

SMALL_STRAIGHT = [1, 2, 3, 4, 6]
SHOWDOWN = {1: (7, 5), 2: (8, 5), 3: (9, 6)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize(
    "mine,theirs,won", [(5, 2, True), (4, 4, True), (2, 5, False), (6, 1, True), (1, 6, False)]
)
def test_showdown_roll_off_each_level(level, mine, theirs, won):
    t = table(gun={"upgrades": {"showdown": level}})
    activate(t, SMALL_STRAIGHT, "showdown", dice=[mine, theirs])
    off = t.events("roll_off")[0].data
    assert (off["mine"], off["theirs"], off["won"]) == (mine, theirs, won)
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    expected = SHOWDOWN[level][0 if won else 1]
    assert landed(t, "barb") == [expected]


def test_showdown_needs_a_small_straight():
    t = table()
    t.do("roll", by="gun", dice=[1, 2, 3, 5, 6])
    assert offered_rows(t, "showdown") == []
    t = table()
    t.do("roll", by="gun", dice=[3, 4, 5, 6, 1])
    assert offered_rows(t, "showdown") == [0]


# ---------------------------------------------------------------- Deadeye


@pytest.mark.parametrize("level,damage", [(1, 6), (2, 8)])
def test_deadeye_inflicts_knockdown_and_undefendable_damage(level, damage):
    t = table(gun={"upgrades": {"deadeye": level}})
    activate(t, [6, 6, 6, 1, 4], "deadeye")
    t.settle()
    assert t.player("barb").statuses.get("knockdown") == 1
    assert landed(t, "barb") == [damage]
    assert t.events("attack_declared")[0].data["dtype"] == "undefendable"
    assert "defense_chosen" not in kinds(t)


def test_deadeye_needs_three_bullseyes():
    t = table()
    t.do("roll", by="gun", dice=[6, 6, 1, 2, 4])
    assert offered_rows(t, "deadeye") == []


# ---------------------------------------------------------------- Fan the Hammer


def test_fan_the_hammer_gains_two_evasive_and_deals_7():
    t = table()
    activate(t, [1, 2, 3, 4, 5], "fan_the_hammer")
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    me = t.player("gun")
    assert me.statuses.get("evasive") == 2
    assert me.statuses.get("reload", 0) == 0
    assert landed(t, "barb") == [7]


def test_fan_the_hammer_ii_also_gains_a_reload_and_deals_9():
    t = table(gun={"upgrades": {"fan_the_hammer": 2}})
    activate(t, [2, 3, 4, 5, 6], "fan_the_hammer")
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    me = t.player("gun")
    assert me.statuses.get("evasive") == 2
    assert me.statuses.get("reload") == 1
    assert landed(t, "barb") == [9]


def test_fan_the_hammer_needs_a_large_straight():
    t = table()
    t.do("roll", by="gun", dice=[1, 2, 3, 4, 6])
    assert offered_rows(t, "fan_the_hammer") == []


# ---------------------------------------------------------------- Fill 'Em With Lead!


def _run_roll_phase_watching(t: Table, forbidden: str) -> None:
    """Pass every window until the Roll Phase ends; `forbidden` must never be asked."""
    barred = t.seat(forbidden)
    for _ in range(100):
        if t.view.phase not in ROLL_PHASES:
            return
        choice = t.pending
        assert choice.player != barred, (choice.kind, choice.window, t.labels())
        kinds_ = {a.kind: a for a in t.options()}
        t.apply(kinds_.get("pass") or kinds_["accept"])
    raise AssertionError("the Roll Phase did not end")


def test_fill_em_with_lead_full_effect_and_no_defense():
    t = table()
    activate(t, [6, 6, 6, 6, 6], "fill_em_with_lead")
    t.settle()
    assert t.events("ability_activated")[0].data["ultimate"] is True
    gun, barb = t.player("gun"), t.player("barb")
    assert gun.statuses.get("evasive") == 1
    assert barb.statuses.get("bounty") == 1
    assert barb.statuses.get("knockdown") == 1
    # 10 Ultimate damage, +1 from the Bounty it just placed (Ultimates can be increased)
    hit = resolved(t, "barb")
    assert hit["unavoidable"] == 11 and hit["amount"] == 11
    assert barb.health == 39
    assert gun.cp == 3  # Bounty's CP
    assert "defense_chosen" not in kinds(t)
    assert gun.flags == []  # the Reload re-roll lasted only for that Roll Phase


def test_fill_em_with_lead_cannot_be_answered_by_the_opponent():
    # He holds cards he could otherwise play now, and enough CP, but may do nothing at all.
    t = table(barb={"hand": ["not_this_time", "intimidate", "tip_it"], "cp": 10})
    activate(t, [6, 6, 6, 6, 6], "fill_em_with_lead")
    # before activation he may still alter her dice (he declines) ...
    assert t.pending.window == "offensive_announce" and t.pending.player == t.seat("barb")
    t.do("pass", by="barb", window="offensive_announce")
    assert t.events("ability_activated")
    # ... from activation to the end of the Roll Phase he is never asked anything
    _run_roll_phase_watching(t, "barb")
    assert t.player("barb").health == 39
    assert t.player("barb").cp == 10
    assert len(t.player("barb").hand) == 3


def test_fill_em_with_lead_can_be_stopped_by_altering_dice_before_it_activates():
    t = table(barb={"hand": ["tip_it"], "cp": 1})
    t.do("roll", by="gun", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="gun", ability="fill_em_with_lead")
    assert t.pending.window == "offensive_announce" and t.pending.player == t.seat("barb")
    t.do("play", by="barb", card="tip_it")
    t.do("choose", by="barb", option="die 1")  # a 6 can only go down: it becomes a 5
    assert t.events("die_changed")[0].data["value"] == 5
    assert "ability_activated" not in kinds(t)
    assert offered_rows(t, "fill_em_with_lead") == []  # she must decide again
    assert t.pending.player == t.seat("gun") and t.pending.kind == "offensive_roll"


def test_fill_em_with_lead_lets_each_spent_reload_be_rerolled_once():
    t = table(gun={"statuses": {"reload": 2}})
    activate(t, [6, 6, 6, 6, 6], "fill_em_with_lead")
    t.do("spend", by="gun", status="reload", dice=[1])
    assert "reroll" in [a.kind for a in t.options()]
    t.do("reroll", by="gun", dice=[5])  # half of 5, rounded up: +3
    assert "reroll" not in [a.kind for a in t.options()]  # only once per Reload
    t.do("spend", by="gun", status="reload", dice=[2])
    t.do("reroll", by="gun", dice=[6])  # +3
    t.settle()
    hit = resolved(t, "barb")
    assert hit["amount"] == 10 + 1 + 3 + 3
    assert t.player("gun").statuses.get("reload", 0) == 0


def test_reload_die_cannot_be_rerolled_without_quick_draw_ii_or_the_ultimate():
    t = table(gun={"statuses": {"reload": 1}})
    activate(t, [1, 2, 3, 4, 4], "revolver", 0)
    t.do("spend", by="gun", status="reload", dice=[1])
    assert "reroll" not in [a.kind for a in t.options()]
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert landed(t, "barb") == [3 + 1]


# ---------------------------------------------------------------- Quick Draw (passive)


def test_quick_draw_gains_a_reload_in_her_upkeep():
    t = table(start_at="upkeep")
    assert t.view.phase == "main1"
    assert t.player("gun").statuses.get("reload") == 1
    assert gained(t, "gun", "reload") == [1]


def test_quick_draw_only_in_her_own_upkeep():
    t = table(start_at="upkeep", first="barb")
    assert t.view.phase == "main1"
    assert t.player("gun").statuses.get("reload", 0) == 0


def test_quick_draw_respects_the_reload_stack_limit_of_2():
    t = table(start_at="upkeep", gun={"statuses": {"reload": 2}})
    assert t.player("gun").statuses.get("reload") == 2


def test_quick_draw_ii_keeps_the_upkeep_reload_and_lets_a_spent_reload_reroll_once():
    t = table(start_at="upkeep", gun={"upgrades": {"quick_draw": 2}})
    assert t.player("gun").statuses.get("reload") == 1
    t.do("roll", by="gun", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="gun", ability="revolver", row=0)
    t.do("spend", by="gun", status="reload", dice=[1])
    t.do("reroll", by="gun", dice=[6])
    assert "reroll" not in [a.kind for a in t.options()]
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert landed(t, "barb") == [3 + 3]
    assert "reload_reroll" not in t.player("gun").flags  # a board ability, not a held flag


# ---------------------------------------------------------------- Duel (defense)


def barb_attacks(level: int = 1, slap: int = 1, **gun) -> Table:
    """The Barbarian Slaps her with three Swords (4 dmg; 5 with Slap II)."""
    t = table(
        first="barb",
        gun={"upgrades": {"duel": level}, **gun},
        barb={"upgrades": {"slap": slap}},
    )
    t.do("roll", by="barb", dice=[1, 1, 1, 4, 6])
    t.do("activate", by="barb", ability="slap", row=0)
    return t


def test_duel_rolls_one_defense_die():
    t = barb_attacks()
    t.do("roll", by="gun", dice=[3])
    defense = [e.data for e in t.events("dice_rolled") if e.data["purpose"] == "defense"]
    assert [d["values"] for d in defense] == [[3]]


@pytest.mark.parametrize("level", [1, 2, 3])
def test_duel_win_deal_damage_to_the_attacker(level):
    t = barb_attacks(level)
    t.do("roll", by="gun", dice=[5])
    t.do("accept", by="gun", dice=[2])  # the Barbarian's roll-off die
    assert t.events("roll_off")[-1].data == {
        "player": t.seat("gun"),
        "mine": 5,
        "theirs": 2,
        "won": True,
    }
    t.do("choose", by="gun", option="deal")
    t.settle()
    back = 3 if level < 3 else 4
    assert landed(t, "barb") == [back]
    assert landed(t, "gun") == [4]  # she still takes the Slap in full
    assert t.player("barb").health == 50 - back
    assert t.player("gun").health == 46


@pytest.mark.parametrize("level", [1, 2, 3])
def test_duel_win_prevent_half_rounded_up(level):
    t = barb_attacks(level, slap=2)  # 5 damage
    t.do("roll", by="gun", dice=[6])
    t.do("accept", by="gun", dice=[1])
    t.do("choose", by="gun", option="prevent half")
    t.settle()
    hit = resolved(t, "gun")
    assert hit["subtotal"] == 5 and hit["halved"] == [3] and hit["amount"] == 2
    assert t.player("barb").health == 50  # nothing dealt back


@pytest.mark.parametrize("level,back", [(1, 1), (2, 1), (3, 2)])
def test_duel_lose_deals_a_little_damage_back(level, back):
    t = barb_attacks(level)
    t.do("roll", by="gun", dice=[2])
    t.do("accept", by="gun", dice=[5])
    assert t.pending is None or t.pending.kind != "choose"
    t.settle()
    assert landed(t, "barb") == [back]
    assert landed(t, "gun") == [4]


@pytest.mark.parametrize("level,won", [(1, False), (2, True), (3, True)])
def test_duel_a_tie_wins_only_from_duel_ii(level, won):
    t = barb_attacks(level)
    t.do("roll", by="gun", dice=[4])
    t.do("accept", by="gun", dice=[4])
    assert t.events("roll_off")[-1].data["won"] is won
    if won:
        t.do("choose", by="gun", option="prevent half")
        t.settle()
        assert landed(t, "gun") == [2]
        assert landed(t, "barb") == []
    else:
        t.settle()
        assert landed(t, "gun") == [4]
        assert landed(t, "barb") == [1]


def test_duel_so_wild_turns_a_lost_duel_into_a_win():
    # Seed 002's example: she rolls a 1, plays So Wild! to make it a 6, and wins.
    t = barb_attacks(1, hand=["so_wild"], cp=2)
    t.do("roll", by="gun", dice=[1])
    t.do("accept", by="gun", dice=[3])
    assert t.pending.window == "dice_roll" and t.pending.player == t.seat("gun")
    t.do("play", by="gun", card="so_wild")
    t.do("choose", by="gun", option="gun's die 1")
    t.do("choose", by="gun", option="Make it a 6")
    off = t.events("roll_off")[-1].data
    assert (off["mine"], off["theirs"], off["won"]) == (6, 3, True)
    t.do("choose", by="gun", option="deal")
    t.settle()
    assert landed(t, "barb") == [3]
    assert t.player("gun").cp == 0


def test_duel_can_be_interrupted_by_spending_evasive():
    # Her Duel is an ability, not an Instant: after the roll-off she may spend Evasive first.
    t = barb_attacks(1, statuses={"evasive": 1})
    t.do("roll", by="gun", dice=[5])
    t.do("accept", by="gun", dice=[2])
    assert t.pending.window == "dice_roll" and t.pending.player == t.seat("gun")
    t.do("spend", by="gun", status="evasive", dice=[1])
    t.do("choose", by="gun", option="deal")
    t.settle()
    assert resolved(t, "gun")["avoided"] is True
    assert t.player("gun").health == 50
    assert landed(t, "barb") == [3]


def test_duel_is_not_available_against_undefendable_damage():
    t = table(first="barb")
    t.do("roll", by="barb", dice=[1, 2, 6, 6, 4])  # Smack: 6 undefendable
    t.do("activate", by="barb", ability="smack")
    t.settle()
    assert "defense_chosen" not in kinds(t)
    assert landed(t, "gun") == [6]


# ---------------------------------------------------------------- upgrade cards

UPGRADES = {
    "revolver_2": ("revolver", 2, 2),
    "revolver_3": ("revolver", 3, 4),
    "bounty_hunter_2": ("bounty_hunter", 2, 2),
    "take_cover_2": ("take_cover", 2, 3),
    "showdown_2": ("showdown", 2, 2),
    "showdown_3": ("showdown", 3, 4),
    "deadeye_2": ("deadeye", 2, 3),
    "fan_the_hammer_2": ("fan_the_hammer", 2, 3),
    "quick_draw_2": ("quick_draw", 2, 2),
    "duel_2": ("duel", 2, 2),
    "duel_3": ("duel", 3, 4),
}


def test_every_upgrade_card_is_listed_here():
    cards = json.loads((DATA / "cards" / "gunslinger.json").read_text())["cards"]
    upgrades = {
        c["id"]: (c["upgrade"]["slot"], c["upgrade"]["level"], c["cost"])
        for c in cards
        if c["type"] == "upgrade"
    }
    assert upgrades == UPGRADES


@pytest.mark.parametrize("card", sorted(UPGRADES))
def test_upgrade_card_pays_full_cost_and_raises_the_level(card):
    slot, level, cost = UPGRADES[card]
    t = table(start_at="main1", gun={"hand": [card], "cp": cost})
    t.do("play", by="gun", card=card)
    me = t.player("gun")
    assert me.levels[slot] == level
    assert me.cp == 0
    assert me.hand == [] and card not in me.discard  # it lies on the board
    played = t.events("card_played")[0].data
    assert played["cost"] == cost


@pytest.mark.parametrize("card", sorted(UPGRADES))
def test_upgrade_card_needs_its_cost(card):
    _slot, _level, cost = UPGRADES[card]
    t = table(start_at="main1", gun={"hand": [card], "cp": cost - 1})
    assert not t.options("play")


@pytest.mark.parametrize(
    "card,lying,paid",
    [("revolver_3", "revolver_2", 2), ("showdown_3", "showdown_2", 2), ("duel_3", "duel_2", 2)],
)
def test_level_iii_over_level_ii_pays_only_the_difference(card, lying, paid):
    slot, _level, _cost = UPGRADES[card]
    t = table(start_at="main1", gun={"hand": [lying, card], "cp": 4})
    t.do("play", by="gun", card=lying)
    assert t.player("gun").cp == 4 - UPGRADES[lying][2]
    assert t.player("gun").cp == paid
    t.do("play", by="gun", card=card)
    me = t.player("gun")
    assert me.levels[slot] == 3
    assert me.cp == 0
    assert t.events("card_played")[-1].data["cost"] == paid


def test_level_iii_over_a_board_level_ii_costs_the_difference():
    t = table(start_at="main1", gun={"hand": ["showdown_3"], "cp": 2, "upgrades": {"showdown": 2}})
    t.do("play", by="gun", card="showdown_3")
    assert t.player("gun").levels["showdown"] == 3
    assert t.player("gun").cp == 0


def test_a_lower_or_equal_upgrade_cannot_be_played_over_a_higher_one():
    t = table(
        start_at="main1",
        gun={"hand": ["revolver_2", "duel_2"], "cp": 10, "upgrades": {"revolver": 3, "duel": 3}},
    )
    assert t.options("play") == []


def test_upgrades_only_in_her_own_main_phase():
    t = table(start_at="main1", first="barb", gun={"hand": ["revolver_2"], "cp": 5})
    t.do("end_phase", by="barb")
    t.do("roll", by="barb", dice=[1, 1, 1, 4, 6])
    assert t.pending.player == t.seat("barb")
    t.do("activate", by="barb", ability="slap", row=0)
    # during his Roll Phase she is asked about her defense only; the upgrade is never offered
    assert t.pending.player == t.seat("gun") and t.options()
    for action in t.options():
        assert action.kind != "play"
    assert t.player("gun").levels["revolver"] == 1


def test_upgraded_ability_is_used_at_once():
    t = table(start_at="main1", gun={"hand": ["deadeye_2"], "cp": 3})
    t.do("play", by="gun", card="deadeye_2")
    t.do("roll", by="gun", dice=[6, 6, 6, 1, 4])
    t.do("activate", by="gun", ability="deadeye")
    t.settle()
    assert landed(t, "barb") == [8]


# ---------------------------------------------------------------- Eat Lead!


def test_eat_lead_adds_a_damage_per_bullet_and_knockdown_on_4_or_more():
    t = table(gun={"hand": ["eat_lead"], "cp": 1})
    activate(t, [1, 2, 3, 4, 4], "revolver", 0)
    t.do("play", by="gun", card="eat_lead", dice=[1, 2, 3, 1, 6])  # four Bullets
    assert t.player("gun").cp == 0
    assert t.player("barb").statuses.get("knockdown") == 1
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (3, 4, 7)
    assert "eat_lead" in t.player("gun").discard


def test_eat_lead_under_four_added_inflicts_no_knockdown():
    t = table(gun={"hand": ["eat_lead"], "cp": 1})
    activate(t, [1, 2, 3, 4, 4], "revolver", 0)
    t.do("play", by="gun", card="eat_lead", dice=[1, 2, 3, 4, 6])  # three Bullets
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert t.player("barb").statuses.get("knockdown", 0) == 0
    assert landed(t, "barb") == [6]


def test_eat_lead_only_on_her_own_attack():
    t = table(gun={"hand": ["eat_lead"], "cp": 1})
    t.do("roll", by="gun", dice=[1, 2, 3, 4, 4])
    assert t.options("play") == []  # no Attack yet
    t = table(gun={"upgrades": {"take_cover": 2}, "hand": ["eat_lead"], "cp": 1})
    activate(t, [6, 6, 1, 2, 4], "mark_the_target")  # no damage: no Attack to modify
    assert all(a.kind != "play" for a in t.options())
    t.settle()
    assert t.player("gun").hand and t.player("gun").cp == 1
    # nor on the Barbarian's Attack against her
    t = barb_attacks(hand=["eat_lead", "wild_west"], cp=5)
    t.do("roll", by="gun", dice=[3])
    assert all(a.kind != "play" for a in t.options())
    t.do("accept", by="gun", dice=[3])
    t.settle()
    assert t.player("gun").cp == 5 and len(t.player("gun").hand) == 2


def test_eat_lead_damage_keeps_the_attacks_undefendable_type():
    t = table(gun={"hand": ["eat_lead"], "cp": 1})
    activate(t, [6, 6, 6, 1, 4], "deadeye")
    t.do("play", by="gun", card="eat_lead", dice=[1, 4, 4, 5, 6])  # one Bullet
    t.settle()
    assert "defense_chosen" not in kinds(t)
    assert landed(t, "barb") == [6 + 1]


# ---------------------------------------------------------------- Wild West!


@pytest.mark.parametrize("dice,added", [([3, 4], 4), ([6, 6], 6), ([1, 1], 1)])
def test_wild_west_adds_half_the_total_of_two_dice_rounded_up(dice, added):
    t = table(gun={"hand": ["wild_west"], "cp": 2})
    activate(t, [1, 2, 3, 4, 4], "revolver", 0)
    t.do("play", by="gun", card="wild_west", dice=dice)
    assert t.player("gun").cp == 0
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert resolved(t, "barb")["added"] == added
    assert landed(t, "barb") == [3 + added]


def test_wild_west_needs_2_cp_and_an_attack():
    t = table(gun={"hand": ["wild_west"], "cp": 1})
    activate(t, [1, 2, 3, 4, 4], "revolver", 0)
    assert all(a.kind != "play" for a in t.options())


# ---------------------------------------------------------------- Wanted Poster!


def test_wanted_poster_puts_bounty_on_him_and_her_next_attack_collects():
    t = table(start_at="main1", gun={"hand": ["wanted_poster"], "cp": 2})
    t.do("play", by="gun", card="wanted_poster")
    assert t.player("barb").statuses.get("bounty") == 1
    assert t.player("gun").cp == 0
    assert "wanted_poster" in t.player("gun").discard
    t.do("roll", by="gun", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="gun", ability="revolver", row=0)
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert landed(t, "barb") == [3 + 1]
    assert t.player("gun").cp == 1
    assert t.player("barb").statuses.get("bounty") == 1  # persistent


def test_wanted_poster_is_a_main_phase_card():
    t = table(gun={"hand": ["wanted_poster"], "cp": 2})
    activate(t, [1, 2, 3, 4, 4], "revolver", 0)
    assert all(a.kind != "play" for a in t.options())


def test_wanted_poster_can_be_answered_before_it_resolves():
    t = table(
        start_at="main1",
        gun={"hand": ["wanted_poster"], "cp": 2},
        barb={"hand": ["intimidate"], "cp": 2},
    )
    t.do("play", by="gun", card="wanted_poster")
    assert t.pending.window == "card_response" and t.pending.player == t.seat("barb")
    assert t.player("barb").statuses.get("bounty", 0) == 0
    t.do("play", by="barb", card="intimidate")
    t.settle()
    assert t.player("gun").statuses.get("concussion") == 1
    assert t.player("barb").statuses.get("bounty") == 1


# ---------------------------------------------------------------- Dodge Roll!


def test_dodge_roll_gains_evasive_on_his_turn_and_it_dodges_his_attack():
    t = barb_attacks(hand=["dodge_roll"], cp=1)
    t.do("play", by="gun", card="dodge_roll")
    assert t.player("gun").statuses.get("evasive") == 1
    assert t.player("gun").cp == 0
    t.do("spend", by="gun", status="evasive", dice=[2])
    assert t.events("damage_avoided")
    # she may still defend after dodging
    t.do("roll", by="gun", dice=[2])
    t.do("accept", by="gun", dice=[6])  # lost Duel: 1 dmg back
    t.settle()
    assert landed(t, "gun") == [0]
    assert t.player("gun").health == 50
    assert landed(t, "barb") == [1]


def test_dodge_roll_evasive_failing_on_3_to_6():
    t = barb_attacks(hand=["dodge_roll"], cp=1)
    t.do("play", by="gun", card="dodge_roll")
    t.do("spend", by="gun", status="evasive", dice=[3])
    assert not t.events("damage_avoided")
    t.do("roll", by="gun", dice=[2])
    t.do("accept", by="gun", dice=[6])
    t.settle()
    assert landed(t, "gun") == [4]


def test_dodge_roll_is_an_instant_usable_in_her_own_main_phase_too():
    t = table(start_at="main1", gun={"hand": ["dodge_roll"], "cp": 1})
    t.do("play", by="gun", card="dodge_roll")
    assert t.player("gun").statuses.get("evasive") == 1


def test_own_cards_cost_what_the_card_says():
    cards = {
        c["id"]: c for c in json.loads((DATA / "cards" / "gunslinger.json").read_text())["cards"]
    }
    assert {cid: (c["type"], c["cost"]) for cid, c in cards.items() if c["type"] != "upgrade"} == {
        "eat_lead": ("roll", 1),
        "wild_west": ("roll", 2),
        "wanted_poster": ("main", 2),
        "dodge_roll": ("instant", 1),
    }
    deck = json.loads((DATA / "heroes" / "gunslinger.json").read_text())["deck"]
    assert Counter(deck).total() == 33
