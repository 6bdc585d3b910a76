"""What a player reads matches what the engine does: an ability row that says "deal N dmg" deals
N (tuning a number must change its words too)."""

from __future__ import annotations

import re

from game.content.loader import default_content

DEAL = re.compile(r"\b[Dd]eal (\d+) (?:undefendable |pure |collateral )?dmg\b")


def _rows(content):
    for hero in content.heroes.values():
        for slot in hero.slots:
            sides = [slot.levels, *([slot.flipped] if slot.flipped else [])]
            for side in sides:
                for level, abilities in side.items():
                    for ability in abilities:
                        for row in ability.rows:
                            yield hero.id, ability.id, level, row


def test_every_row_that_names_a_damage_number_deals_it():
    wrong = []
    for hero, ability, level, row in _rows(default_content()):
        said = [int(n) for n in DEAL.findall(row.text)]
        dealt = [
            fx["amount"]
            for fx in row.effects
            if fx.verb == "deal_damage" and isinstance(fx.get("amount"), int)
        ]
        if said and dealt and said != dealt:
            wrong.append(f"{hero} {ability} level {level}: says {said}, deals {dealt}")
    assert wrong == []


def test_the_check_reads_the_numbers_it_should():
    assert DEAL.findall("Gain Tactical Advantage, deal 9 dmg.") == ["9"]
    assert DEAL.findall("Deal 6 undefendable dmg.") == ["6"]
    assert DEAL.findall("Heal 2.") == []
