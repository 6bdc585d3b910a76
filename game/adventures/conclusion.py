"""Concluding a session (rules 60, 84, 89-96, 98, 101-102): the Shop or the Boss Loot, then
the score sheet row.

After a Portal Crawl (won or lost; rule 102: the Boss Portal leads to the Shop, never straight
into the Boss Battle) the team visits Rosella's Shop (`game.adventures.shop.Shop`, rules
86-89); after a Boss Battle, win or lose, each hero draws Boss Loot (`loot.BossLoot`, rules
90-91). Both are decision drivers with `pending()` / `apply(action)`, answered by the window or
`game.adventures.ai`. `close_conclusion` then writes the session's row with
`game.adventures.scoring` and hands the campaign its `ScenarioOutcome`: decks grown by loot
(trimmed to 50 cards, rule 84), Loot decks with unbought and unidentified cards returned (89),
Salves left (94/101).
"""

from __future__ import annotations

from game.adventures.campaign import ScenarioOutcome
from game.adventures.scenario import ScenarioResult


def open_conclusion(runner, result: ScenarioResult):
    """The Shop after a Portal Crawl, Boss Loot after a Boss Battle."""
    from game.adventures import loot, shop
    from game.adventures.content import crawl_numbers

    campaign = runner.campaign
    adv = runner.adv
    cards = runner.content.cards
    diff = adv.difficulties[campaign.difficulty]
    decks = {k: list(v) for k, v in result.loot_decks.items()}
    if result.kind == "crawl":
        card = adv.crawl_cards[result.card]
        deal = crawl_numbers(card, len(campaign.heroes), diff).shop
        heroes = [
            shop.ShopHero(deck=list(h.deck), unidentified=list(result.unidentified[i]))
            for i, h in enumerate(campaign.heroes)
        ]
        return shop.Shop(
            adv,
            cards,
            heroes,
            result.gold,
            deal,
            decks,
            discount=diff.shop_discount,
        )
    card = adv.boss_cards[result.card]
    # Unidentified loot cannot be carried over (rule 80): it goes back under its Loot deck.
    for items in result.unidentified:
        for item in items:
            rarity, card_id = item.split(":", 1)
            decks.setdefault(rarity, []).append(card_id)
    return loot.BossLoot(
        adv,
        cards,
        [list(h.deck) for h in campaign.heroes],
        decks,
        runner.conclusion_rng(),
        card.boss_loot,
    )


def close_conclusion(runner, result: ScenarioResult, driver):
    """The outcome for the campaign and the scored row (rules 94-95)."""
    from game.adventures import loot, scoring

    campaign = runner.campaign
    cards = runner.content.cards
    if result.kind == "crawl":
        closed = driver.close()
        decks = [list(d) for d in closed.decks]
        loot_decks = {k: list(v) for k, v in closed.loot_decks.items()}
        gold_left = list(closed.gold_left)
        unclaimed = 0
    else:
        closed = driver.result()
        decks = [list(d) for d in closed.decks]
        loot_decks = {k: list(v) for k, v in closed.loot_decks.items()}
        gold_left = []
        unclaimed = int(closed.unclaimed)
    for deck in decks:  # rule 84: at most 50 cards before the next scenario
        loot.trim_deck(deck, cards, loot_decks)
    if result.won:
        row = scoring.win_row(
            result.number,
            result.kind,
            result.card,
            runner.adv.difficulties[campaign.difficulty].scenario_score,
            result.salves_left,
            gold_left=gold_left if result.kind == "crawl" else 0,
            unclaimed_boss_loot=unclaimed,
            all_explored=result.all_explored,
        )
    else:
        row = scoring.loss_row(result.number, result.kind, result.card)
    outcome = ScenarioOutcome(
        number=result.number,
        kind=result.kind,
        card=result.card,
        won=result.won,
        starting_salves=result.starting_salves,
        salves_left=result.salves_left,
        gold_left=sum(gold_left),
        unclaimed_boss_loot=unclaimed,
        all_explored=result.all_explored,
        decks=decks,
        loot_decks=loot_decks,
    )
    return outcome, row
