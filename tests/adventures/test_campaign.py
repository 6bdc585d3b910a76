"""Campaign flow on the score sheet (Adventures rules 2-5, 7-8, 13, 15, 94-97, 101)."""

from __future__ import annotations

import pytest

from game.adventures.campaign import (
    BOSSES,
    Campaign,
    CampaignError,
    ScenarioOutcome,
    ScoreRow,
    draw_scenario_card,
    new_campaign,
    record_outcome,
    scenario_kind,
    session_starting_salves,
)


def _team(n: int = 2) -> list[tuple[str, str, str]]:
    heroes = ["barbarian", "moon_elf", "pyromancer", "monk"][:n]
    return [(h, "Ann", "human" if i == 0 else "normal") for i, h in enumerate(heroes)]


def _win(c: Campaign, salves: int = 2, score: int = 10) -> None:
    out = ScenarioOutcome(number=c.scenario, kind=c.kind, card="x", won=True, salves_left=salves)
    row = ScoreRow(c.scenario, c.kind, "x", "won", salves=salves, session_score=score)
    record_outcome(c, out, row)


def _lose(c: Campaign, starting: int) -> None:
    out = ScenarioOutcome(
        number=c.scenario, kind=c.kind, card="x", won=False, starting_salves=starting
    )
    record_outcome(c, out, ScoreRow(c.scenario, c.kind, "x", "lost", session_score=-10))


def test_rule_2_odd_scenarios_are_crawls_and_even_ones_boss_battles_ending_with_the_mad_king():
    assert [scenario_kind(n) for n in range(1, 9)] == ["crawl", "boss"] * 4
    assert BOSSES[8] == "mad_king"
    assert list(BOSSES) == [2, 4, 6, 8]


def test_rules_5_7_8_a_new_sheet_records_difficulty_team_players_and_heroes_with_their_decks():
    c = new_campaign("normal", "Dawn", _team(2), seed=3)
    assert (c.difficulty, c.team_name, c.scenario, c.kind) == ("normal", "Dawn", 1, "crawl")
    assert [h.hero for h in c.heroes] == ["barbarian", "moon_elf"]
    assert [h.player for h in c.heroes] == ["Ann", "Ann"]  # one person plays both heroes
    assert c.heroes[0].controller == "human" and c.heroes[1].computer
    assert len(c.heroes[0].deck) == 33  # the printed deck as card ids


@pytest.mark.parametrize(
    ("heroes", "field"),
    [
        ([], "campaign.heroes"),
        ([*_team(4), ("ninja", "Bo", "human")], "campaign.heroes"),
        ([("barbarian", "A", "human"), ("barbarian", "B", "human")], "campaign.heroes"),
        ([("nobody", "A", "human")], "campaign.heroes[0].hero"),
        ([("barbarian", "A", "wizard")], "campaign.heroes[0].controller"),
    ],
)
def test_a_bad_team_is_refused_naming_the_field(heroes, field):
    with pytest.raises(CampaignError, match=field.replace("[", r"\[").replace("]", r"\]")):
        new_campaign("normal", "T", heroes)


def test_rules_3_94_a_win_records_the_row_carries_the_salves_and_advances():
    c = new_campaign("normal", "T", _team(1))
    _win(c, salves=3, score=12)
    assert c.scenario == 2 and c.kind == "boss" and c.boss == "fallen_barbarian"
    assert c.starting_salves == 3  # rule 94: unused Salves become next session's Starting Salves
    assert c.score == 12 and c.rows[0].result == "won"


def test_rules_95_96_101_a_loss_scores_minus_10_adds_3_salves_and_replays_the_same_scenario():
    c = new_campaign("normal", "T", _team(1))
    assert session_starting_salves(c, 2) == 2  # rule 15: session 1 uses the card's value
    _lose(c, starting=2)
    assert c.scenario == 1 and c.attempt == 1
    assert c.starting_salves == 5  # 2 + 3; the Salves left over do not count (rule 101)
    assert session_starting_salves(c, 2) == 5  # later sessions use the sheet's box
    assert c.score == -10


def test_rule_96_a_replayed_portal_crawl_draws_a_card_it_has_not_tried():
    c = new_campaign("normal", "T", _team(1), seed=9)
    cards = ["s1_a", "s1_b", "s1_c", "s1_d"]
    first = draw_scenario_card(c, cards)
    _lose(c, starting=2)
    drawn = {first}
    for _ in range(3):
        card = draw_scenario_card(c, cards)
        assert card not in drawn
        drawn.add(card)
        _lose(c, starting=c.starting_salves or 0)
    assert drawn == set(cards)
    # all tried: start over - any of the four again, at random (not stuck on one card)
    again = [draw_scenario_card(c, cards) for _ in range(20)]
    assert set(again) <= set(cards) and len(set(again)) > 1


def test_rules_4_97_beating_the_mad_king_completes_the_campaign_and_sums_every_session():
    c = new_campaign("hard", "T", _team(2))
    _win(c, score=10)
    _lose(c, starting=1)
    for _ in range(7):
        _win(c, score=10)
    assert c.completed and c.scenario == 8
    assert c.score == 8 * 10 - 10  # wins and losses alike
    with pytest.raises(CampaignError, match="already complete"):
        _win(c)


def test_an_outcome_for_another_scenario_is_refused():
    c = new_campaign("normal", "T", _team(1))
    out = ScenarioOutcome(number=3, kind="crawl", card="x", won=True)
    with pytest.raises(CampaignError, match="scenario 3"):
        record_outcome(c, out, ScoreRow(3, "crawl", "x", "won"))
    assert c.rows == []


def test_the_campaign_survives_a_json_round_trip_and_its_randomness_is_seeded():
    a = new_campaign("normal", "T", _team(3), seed=5, loot_decks={"common": list("abcdefg")})
    b = Campaign.from_json(a.to_json())
    assert b == a
    assert draw_scenario_card(a, ["w", "x", "y", "z"]) == draw_scenario_card(
        b, ["w", "x", "y", "z"]
    )
    c = new_campaign("normal", "T", _team(3), seed=5, loot_decks={"common": list("abcdefg")})
    assert c.loot_decks == a.loot_decks  # rule 12: the Loot decks shuffled by the seed


def test_a_damaged_campaign_names_the_field():
    data = new_campaign("normal", "T", _team(1)).to_json()
    data["scenario"] = 12
    with pytest.raises(CampaignError, match=r"campaign\.scenario"):
        Campaign.from_json(data)
    del data["heroes"]
    with pytest.raises(CampaignError, match="missing or damaged"):
        Campaign.from_json(data)
