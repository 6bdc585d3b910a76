"""Scenario files for the parts of a campaign that happen between battles: Rosella's Shop
(rules 86-89) and the campaign score sheet (rules 94-97). Battles (minion and boss steps,
King's Hand) use the duel scenario format with `setup.adventure` (game/scenario.py); these use
`kind = "shop"` or `kind = "scoring"` at the top of the file. Format: docs/scenarios.md.

    kind = "shop"
    [shop]          team_gold, deal {rarity: n}, loot_decks {rarity: [card ids]}, discount?
    [[shop.heroes]] hero (its starting deck) or deck [ids]; unidentified ["rarity:card"]?
    [[step]]        hero (index), do (shop_buy, shop_identify, shop_sell, shop_sell_unidentified,
                    shop_remove, shop_done), card? / index?; refused = "part of the reason"
                    when the Shop must refuse it (nothing may change)
    [expect]        gold [per hero], dealt [[ids] per hero], deck_has / deck_lacks [[ids]],
                    unidentified [[entries]], loot_decks {rarity: [ids]} (after the clean-up)

    kind = "scoring"
    difficulty = "normal"
    starting_salves = 3
    [[session]]     result (won/lost), kind (crawl/boss), number, card, salves_left?,
                    gold_left [per hero]?, all_explored?, unclaimed_boss_loot?
    [expect]        rows [{field = value}], campaign_total, next_starting_salves

Errors name the file and the field; nothing is eval'd.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from game.adventures.shop import Shop, ShopError, ShopHero
from game.rules.actions import act

SHOP_ACTIONS = (
    "shop_buy",
    "shop_identify",
    "shop_sell",
    "shop_sell_unidentified",
    "shop_remove",
    "shop_done",
)


class CampaignScenarioError(ValueError):
    """A file that cannot be run (names the file and the field)."""


def is_campaign_file(data: dict[str, Any]) -> bool:
    return data.get("kind") in ("shop", "scoring")


def run_campaign_file(path: Path) -> list[str]:
    """Run one file; returns the failed expectations (empty: passed). A malformed file raises
    CampaignScenarioError."""
    from game.scenario_models import ShapeError, read_file

    try:
        data = read_file(Path(path))
    except ShapeError as exc:
        raise CampaignScenarioError(str(exc)) from None
    kind = data.get("kind")
    if kind == "shop":
        return _run_shop(path, data)
    if kind == "scoring":
        return _run_scoring(path, data)
    raise CampaignScenarioError(f"{path}: kind: expected 'shop' or 'scoring'")


def _need(path, table: dict, key: str, kind, where: str):
    if key not in table:
        raise CampaignScenarioError(f"{path}: {where}.{key}: missing")
    value = table[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise CampaignScenarioError(f"{path}: {where}.{key}: expected {kind.__name__}")
    return value


def _run_shop(path, data: dict) -> list[str]:
    from game.adventures.campaign import starting_deck
    from game.adventures.content import default_adventures
    from game.content.loader import default_content

    content = default_content()
    spec = _need(path, data, "shop", dict, "")
    heroes = []
    for i, h in enumerate(_need(path, spec, "heroes", list, "shop")):
        where = f"shop.heroes[{i}]"
        if "deck" in h:
            deck = list(_need(path, h, "deck", list, where))
        else:
            hero = _need(path, h, "hero", str, where)
            if hero not in content.heroes:
                raise CampaignScenarioError(f"{path}: {where}.hero: unknown hero '{hero}'")
            deck = starting_deck(content, hero)
        heroes.append(ShopHero(deck, list(h.get("unidentified", []))))
    try:
        shop = Shop(
            default_adventures(),
            content.cards,
            heroes,
            _need(path, spec, "team_gold", int, "shop"),
            dict(_need(path, spec, "deal", dict, "shop")),
            {k: list(v) for k, v in _need(path, spec, "loot_decks", dict, "shop").items()},
            discount=int(spec.get("discount", 0)),
        )
    except ShopError as exc:
        raise CampaignScenarioError(f"{path}: shop: {exc}") from exc
    failures: list[str] = []
    for n, step in enumerate(data.get("step", [])):
        where = f"step[{n}]"
        who = _need(path, step, "hero", int, where)
        kind = _need(path, step, "do", str, where)
        if kind not in SHOP_ACTIONS:
            raise CampaignScenarioError(f"{path}: {where}.do: one of {', '.join(SHOP_ACTIONS)}")
        fields = {k: step[k] for k in ("card", "index") if k in step}
        before = copy.deepcopy((shop.heroes, shop.loot_decks))
        refused = step.get("refused")
        try:
            shop.apply(act(who, kind, **fields))
        except ShopError as exc:
            if refused is None:
                failures.append(f"{where}: {kind} was refused: {exc}")
            elif refused not in str(exc):
                failures.append(f"{where}: refused for '{exc}', expected '{refused}'")
            if copy.deepcopy((shop.heroes, shop.loot_decks)) != before:
                failures.append(f"{where}: a refused action changed the Shop")
            continue
        if refused is not None:
            failures.append(f"{where}: {kind} went through; expected a refusal ('{refused}')")
    expect = data.get("expect", {})
    for key in ("gold", "dealt", "unidentified"):
        if key in expect:
            got = [h.gold if key == "gold" else list(getattr(h, key)) for h in shop.heroes]
            if got != expect[key]:
                failures.append(f"expect.{key}: got {got}, expected {expect[key]}")
    for i, wanted in enumerate(expect.get("deck_has", [])):
        missing = [c for c in wanted if c not in shop.heroes[i].deck]
        if missing:
            failures.append(f"expect.deck_has[{i}]: {missing} not in the deck")
    for i, unwanted in enumerate(expect.get("deck_lacks", [])):
        present = [c for c in unwanted if c in shop.heroes[i].deck]
        if present:
            failures.append(f"expect.deck_lacks[{i}]: {present} still in the deck")
    if "loot_decks" in expect:
        if all(h.done for h in shop.heroes):
            result = shop.close()
            for rarity, ids in expect["loot_decks"].items():
                if result.loot_decks.get(rarity) != ids:
                    got = result.loot_decks.get(rarity)
                    failures.append(f"expect.loot_decks.{rarity}: got {got}, expected {ids}")
        else:
            failures.append("expect.loot_decks: the Shop is still open (every hero shop_done)")
    return failures


def _run_scoring(path, data: dict) -> list[str]:
    from game.adventures.content import default_adventures
    from game.adventures.scoring import (
        ScoreError,
        ScoreSheet,
        loss_row,
        next_starting_salves,
        win_row,
    )

    adv = default_adventures()
    difficulty = _need(path, data, "difficulty", str, "")
    diff = adv.difficulties.get(difficulty)
    if diff is None:
        raise CampaignScenarioError(f"{path}: difficulty: unknown '{difficulty}'")
    sheet = ScoreSheet(difficulty, "Scenario Team", [], [], diff.scenario_score)
    salves = int(data.get("starting_salves", 3))
    for n, s in enumerate(data.get("session", [])):
        where = f"session[{n}]"
        result = _need(path, s, "result", str, where)
        kind = _need(path, s, "kind", str, where)
        number = _need(path, s, "number", int, where)
        card = str(s.get("card", "card"))
        try:
            if result == "won":
                row = win_row(
                    number,
                    kind,
                    card,
                    diff.scenario_score,
                    int(s.get("salves_left", 0)),
                    gold_left=list(s.get("gold_left", [])) or 0,
                    unclaimed_boss_loot=int(s.get("unclaimed_boss_loot", 0)),
                    all_explored=bool(s.get("all_explored", False)),
                )
            elif result == "lost":
                row = loss_row(number, kind, card)
            else:
                raise CampaignScenarioError(f"{path}: {where}.result: expected won or lost")
        except ScoreError as exc:
            raise CampaignScenarioError(f"{path}: {where}: {exc}") from exc
        salves = next_starting_salves(
            result == "won", int(s.get("salves_left", 0)), salves, diff.loss_salves
        )
        sheet.add(row, salves)
    failures: list[str] = []
    expect = data.get("expect", {})
    for i, wanted in enumerate(expect.get("rows", [])):
        if i >= len(sheet.rows):
            failures.append(f"expect.rows[{i}]: no such row")
            continue
        got = sheet.rows[i].to_json()
        for key, value in wanted.items():
            if got.get(key) != value:
                failures.append(f"expect.rows[{i}].{key}: got {got.get(key)}, expected {value}")
    if "campaign_total" in expect and sheet.campaign_total() != expect["campaign_total"]:
        failures.append(
            f"expect.campaign_total: got {sheet.campaign_total()}, "
            f"expected {expect['campaign_total']}"
        )
    if "next_starting_salves" in expect and sheet.starting_salves != expect["next_starting_salves"]:
        failures.append(
            f"expect.next_starting_salves: got {sheet.starting_salves}, "
            f"expected {expect['next_starting_salves']}"
        )
    return failures
