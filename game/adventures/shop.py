"""Rosella's Shop after a Portal Crawl (rules 86-89), as a small decision driver.

    shop = Shop(adv, content.cards, [ShopHero(deck, unidentified), ...], team_gold=27,
                deal=card.shop, loot_decks=decks)
    while (choice := shop.pending()) is not None:
        shop.apply(controller_for(choice.player).decide(choice))
    result = shop.close()      # decks, each hero's Gold left, the Loot decks after clean-up

* rule 86: the team Gold is rounded up to a multiple of 5 and every hero gets that much.
* rule 87: each hero is dealt the scenario card's Shop cards (by rarity; rule 85 fallback).
* rule 88: in any order, any number of times: buy one of your dealt cards (price tag by rarity,
  minus the difficulty's discount), identify one of your Unidentified cards for 10 Gold (it goes
  straight into your deck), sell an Unidentified card or a Loot card from your deck for 5 Gold.
* rule 89: clean-up - unbought dealt cards and every Unidentified card go back to the bottom of
  their Loot decks; bought and identified cards are part of the deck (the next scenario's setup
  shuffles it).
Heroes shop one after another (hero 0 first) until each says `shop_done`. An illegal action
raises `ShopError` with the reason and changes nothing.

Designed (docs/adventures.md): a card bought or identified must obey rules 82-83 (a higher
level replaces a lower one; a card no stronger than one owned cannot join). An identified card
that cannot join goes to the bottom of its deck and the next card of that rarity is revealed
instead (as rule 91 does for Boss Loot); if none fits, the 10 Gold is refunded and the card goes
back. A hero whose deck is over 50 cards must sell or return Loot cards (`shop_remove`, no Gold,
rule 84) before `shop_done`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.adventures.content import RARITIES, AdventuresDB
from game.adventures.loot import (
    DECK_LIMIT,
    LootError,
    add_to_deck,
    check_add,
    draw_loot,
    parse_unidentified,
    remove_from_deck,
    return_loot,
)
from game.content.defs import CardDef
from game.rules.actions import Action, Option, PendingChoice, act


class ShopError(ValueError):
    """An illegal shop action; the message is the reason. Nothing was changed."""


def shop_gold(team_gold: int) -> int:
    """Rule 86: rounded up to the next multiple of 5 (27 -> 30; 30 stays 30)."""
    if team_gold < 0:
        raise ShopError("the Gold dial cannot be negative")
    return -(-team_gold // 5) * 5


@dataclass(slots=True)
class ShopHero:
    deck: list[str]
    unidentified: list[str] = field(default_factory=list)  # "rarity:card" entries
    gold: int = 0
    dealt: list[str] = field(default_factory=list)
    done: bool = False


@dataclass(slots=True)
class ShopResult:
    decks: list[list[str]]
    gold_left: list[int]
    loot_decks: dict[str, list[str]]
    log: list[str]


class Shop:
    KIND = "adventure_shop"

    def __init__(
        self,
        db: AdventuresDB,
        cards: dict[str, CardDef],
        heroes: list[ShopHero],
        team_gold: int,
        deal: dict[str, int],
        loot_decks: dict[str, list[str]],
        discount: int = 0,
        limit: int = DECK_LIMIT,
    ) -> None:
        if db.prices is None:
            raise ShopError("no price tags loaded")
        self.db = db
        self.cards = cards
        self.heroes = [
            ShopHero(deck=list(h.deck), unidentified=list(h.unidentified)) for h in heroes
        ]
        self.loot_decks = {k: list(v) for k, v in loot_decks.items()}
        self.discount = discount
        self.limit = limit
        self.closed = False
        self.log: list[str] = []
        gold = shop_gold(team_gold)
        for hero in self.heroes:
            hero.gold = gold
        for index, hero in enumerate(self.heroes):  # rule 87
            for rarity in RARITIES:
                for _ in range(deal.get(rarity, 0)):
                    got = draw_loot(self.loot_decks, rarity)
                    if got is not None:
                        hero.dealt.append(got[0])
            self.log.append(f"hero {index} is dealt {', '.join(hero.dealt) or 'nothing'}")

    # ------------------------------------------------------------ prices

    def price(self, card_id: str) -> int:
        card = self.cards[card_id]
        assert card.loot is not None
        return max(0, self.db.prices.buy[card.loot.rarity] - self.discount)  # type: ignore[union-attr]

    @property
    def identify_price(self) -> int:
        return self.db.prices.identify  # type: ignore[union-attr]

    @property
    def sell_price(self) -> int:
        return self.db.prices.sell  # type: ignore[union-attr]

    # ------------------------------------------------------------ whose turn

    @property
    def current(self) -> int | None:
        for index, hero in enumerate(self.heroes):
            if not hero.done:
                return index
        return None

    def _loot_in_deck(self, hero: ShopHero) -> list[str]:
        return sorted({c for c in hero.deck if c in self.cards and self.cards[c].loot is not None})

    def reason(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None if it is legal."""
        if self.closed:
            return "the Shop is closed"
        who = self.current
        if who is None:
            return "every hero has finished shopping"
        if action.player != who:
            return f"it is hero {who}'s turn to shop"
        hero = self.heroes[who]
        kind = action.kind
        if kind == "shop_buy":
            card_id = action.get("card")
            if card_id not in hero.dealt:
                return f"'{card_id}' is not one of your Shop cards"
            if hero.gold < self.price(card_id):
                name = self.cards[card_id].name
                return f"{name} costs {self.price(card_id)} Gold; you have {hero.gold}"
            plan = check_add(hero.deck, card_id, self.cards)
            return None if plan.ok else plan.reason
        if kind in ("shop_identify", "shop_sell_unidentified"):
            index = action.get("index")
            if not isinstance(index, int) or not 0 <= index < len(hero.unidentified):
                return "no Unidentified Loot card there"
            if kind == "shop_identify" and hero.gold < self.identify_price:
                return f"identifying costs {self.identify_price} Gold; you have {hero.gold}"
            return None
        if kind in ("shop_sell", "shop_remove"):
            card_id = action.get("card")
            if card_id not in self._loot_in_deck(hero):
                return f"your deck holds no Loot card '{card_id}'"
            if kind == "shop_remove" and len(hero.deck) <= self.limit:
                return f"only a deck over {self.limit} cards returns Loot cards for nothing"
            return None
        if kind == "shop_done":
            if len(hero.deck) > self.limit:
                return (
                    f"your deck holds {len(hero.deck)} cards; sell or return Loot cards "
                    f"down to {self.limit} first (rule 84)"
                )
            return None
        return f"unknown shop action '{kind}'"

    def pending(self) -> PendingChoice | None:
        who = self.current
        if who is None or self.closed:
            return None
        hero = self.heroes[who]
        options: list[Option] = []
        for card_id in hero.dealt:
            a = act(who, "shop_buy", card=card_id)
            if self.reason(a) is None:
                name = self.cards[card_id].name
                options.append(Option(a, f"Buy {name} ({self.price(card_id)} Gold)"))
        for index, entry in enumerate(hero.unidentified):
            rarity, _ = parse_unidentified(entry)
            a = act(who, "shop_identify", index=index)
            if self.reason(a) is None:
                options.append(Option(a, f"Identify a {rarity} card ({self.identify_price} Gold)"))
            options.append(
                Option(
                    act(who, "shop_sell_unidentified", index=index),
                    f"Sell an unidentified {rarity} card (+{self.sell_price} Gold)",
                )
            )
        for card_id in self._loot_in_deck(hero):
            name = self.cards[card_id].name
            options.append(
                Option(
                    act(who, "shop_sell", card=card_id), f"Sell {name} (+{self.sell_price} Gold)"
                )
            )
            if len(hero.deck) > self.limit:
                options.append(Option(act(who, "shop_remove", card=card_id), f"Return {name}"))
        if len(hero.deck) <= self.limit:
            options.append(Option(act(who, "shop_done"), "Leave the Shop"))
        return PendingChoice(
            player=who,
            kind=self.KIND,
            prompt=f"Rosella's Shop: {hero.gold} Gold",
            options=options,
            context={
                "gold": hero.gold,
                "dealt": list(hero.dealt),
                "unidentified": [parse_unidentified(e)[0] for e in hero.unidentified],
                "deck_size": len(hero.deck),
            },
        )

    # ------------------------------------------------------------ acting

    def apply(self, action: Action) -> None:
        why = self.reason(action)
        if why is not None:
            raise ShopError(why)
        who = action.player
        hero = self.heroes[who]
        kind = action.kind
        if kind == "shop_buy":
            card_id = action.get("card")
            hero.gold -= self.price(card_id)
            hero.dealt.remove(card_id)
            replaced = add_to_deck(hero.deck, card_id, self.cards, self.loot_decks)
            self.log.append(
                f"hero {who} buys {card_id}" + (f" (replaces {replaced})" if replaced else "")
            )
        elif kind == "shop_identify":
            self._identify(who, action.get("index"))
        elif kind == "shop_sell_unidentified":
            entry = hero.unidentified.pop(action.get("index"))
            _, card_id = parse_unidentified(entry)
            return_loot(self.loot_decks, card_id, self.cards)
            hero.gold += self.sell_price
            self.log.append(f"hero {who} sells an unidentified card")
        elif kind == "shop_sell":
            card_id = action.get("card")
            back = remove_from_deck(hero.deck, card_id, self.cards, self.loot_decks)
            hero.gold += self.sell_price
            self.log.append(f"hero {who} sells {card_id}" + (f" ({back} returns)" if back else ""))
        elif kind == "shop_remove":
            card_id = action.get("card")
            remove_from_deck(hero.deck, card_id, self.cards, self.loot_decks)
            self.log.append(f"hero {who} returns {card_id} (deck over {self.limit})")
        elif kind == "shop_done":
            hero.done = True
            self.log.append(f"hero {who} leaves the Shop with {hero.gold} Gold")

    def _identify(self, who: int, index: int) -> None:
        hero = self.heroes[who]
        entry = hero.unidentified.pop(index)
        rarity, card_id = parse_unidentified(entry)
        hero.gold -= self.identify_price
        tries = len(self.loot_decks.get(rarity, ())) + 1  # then every card was seen once
        while True:
            if check_add(hero.deck, card_id, self.cards).ok:
                replaced = add_to_deck(hero.deck, card_id, self.cards, self.loot_decks)
                self.log.append(
                    f"hero {who} identifies {card_id}"
                    + (f" (replaces {replaced})" if replaced else "")
                )
                return
            return_loot(self.loot_decks, card_id, self.cards)
            self.log.append(f"hero {who} identifies {card_id}, which the deck cannot take")
            tries -= 1
            deck = self.loot_decks.get(rarity) or []
            if tries <= 0 or not deck:
                break
            card_id = deck.pop(0)
        hero.gold += self.identify_price  # nothing fits: refunded
        self.log.append(f"hero {who} is refunded: no {rarity} card fits the deck")

    def close(self) -> ShopResult:
        """Rule 89: clean-up. Every hero must have left the Shop."""
        if self.closed:
            raise ShopError("the Shop is already closed")
        if self.current is not None:
            raise ShopError(f"hero {self.current} is still shopping")
        for hero in self.heroes:
            for card_id in hero.dealt:
                return_loot(self.loot_decks, card_id, self.cards)
            for entry in hero.unidentified:
                return_loot(self.loot_decks, parse_unidentified(entry)[1], self.cards)
            hero.dealt = []
            hero.unidentified = []
        self.closed = True
        return ShopResult(
            decks=[list(h.deck) for h in self.heroes],
            gold_left=[h.gold for h in self.heroes],
            loot_decks={k: list(v) for k, v in self.loot_decks.items()},
            log=list(self.log),
        )


__all__ = ["LootError", "Shop", "ShopError", "ShopHero", "ShopResult", "shop_gold"]
