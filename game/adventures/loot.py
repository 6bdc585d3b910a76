"""Loot (rules 77-85, 90-91): the Loot die, the chest and Boss Loot tables, the Loot decks,
Unidentified Loot and the deck rules. Pure logic: no engine; randomness from a `RngState`.

Loot decks are `dict[rarity, list[card id]]`, top card first. A hero's deck is a card-id list.
Unidentified Loot is a list of "rarity:card_id" entries (tucked under the board's column of that
rarity, rule 80).

Designed where the rules are lost (docs/adventures.md, "Content (designed)"):
* rule 82-83: a card's *family* is its name without the level (So Wild!, So Wild! II, So Wild!
  III are one family). A deck takes a Loot card only if it holds no card of that family at the
  same or a higher level; a lower one is replaced (the highest lower copy, when the printed deck
  has two). A replaced Loot card goes to the bottom of its Loot deck; a replaced standard card
  leaves the campaign deck. When a Swap card leaves a deck again (sold, trimmed) and no card of
  its family is left, the standard card it swapped out comes back.
* rule 84: over 50 cards, the Loot cards that shrink the deck (not Swaps) leave first - lowest
  rarity, then lowest level, then the latest in the deck.
* rule 91 also applies when a drawn card is the same level as one owned (only one copy of each
  Loot card exists, so that only happens with equal family levels).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.adventures.content import RARITIES, AdventuresDB, LootReward
from game.content.defs import CardDef
from game.rules.actions import Action, Option, PendingChoice, act
from game.rules.rng import RngState, below, shuffle

LOOT_DIE = 20
DECK_LIMIT = 50  # rule 84


class LootError(ValueError):
    """An illegal loot move; the message is the reason. Nothing was changed."""


# ---------------------------------------------------------------- dice and tables


def roll_loot_die(rng: RngState) -> int:
    """The Loot die (rule 78): a d20. A forced value queued on the RNG is not used here - the
    queue holds Chaos/hero die faces (1-6); only effects naming the Loot die may change it."""
    return below(rng, LOOT_DIE) + 1


def chest_reward(db: AdventuresDB, rarity: str, roll: int) -> LootReward:
    """Rule 79: the chest table's row for a Loot die result."""
    if rarity not in db.chest_table:
        raise LootError(f"unknown chest rarity '{rarity}'")
    for row in db.chest_table[rarity]:
        if row.low <= roll <= row.high:
            return row.reward
    raise LootError(f"the Loot die shows 1-{LOOT_DIE}, not {roll}")


def boss_loot_rarity(db: AdventuresDB, roll: int) -> str:
    """Rule 90: the Boss Loot table's rarity for a Loot die result."""
    for row in db.boss_loot_table:
        if row.low <= roll <= row.high:
            return row.rarity
    raise LootError(f"the Loot die shows 1-{LOOT_DIE}, not {roll}")


# ---------------------------------------------------------------- Loot decks


def new_loot_decks(db: AdventuresDB, rng: RngState) -> dict[str, list[str]]:
    """Rule 12: each rarity's Loot deck, shuffled."""
    out = {}
    for rarity in RARITIES:
        cards = sorted(db.loot_cards.get(rarity, ()))
        shuffle(rng, cards)
        out[rarity] = cards
    return out


def draw_loot(decks: dict[str, list[str]], rarity: str) -> tuple[str, str] | None:
    """Take the top card of a rarity; an empty deck passes to the next higher one (rule 85).
    Returns (card id, rarity it came from), or None when no higher deck has a card either."""
    if rarity not in RARITIES:
        raise LootError(f"unknown rarity '{rarity}'")
    for r in RARITIES[RARITIES.index(rarity) :]:
        if decks.get(r):
            return decks[r].pop(0), r
    return None


def return_loot(decks: dict[str, list[str]], card_id: str, cards: dict[str, CardDef]) -> None:
    """Put a Loot card on the bottom of its rarity's deck (standard cards are ignored)."""
    card = cards.get(card_id)
    if card is None or card.loot is None:
        return
    decks.setdefault(card.loot.rarity, []).append(card_id)


def unidentified_entry(rarity: str, card_id: str) -> str:
    return f"{rarity}:{card_id}"


def parse_unidentified(entry: str) -> tuple[str, str]:
    rarity, _, card_id = entry.partition(":")
    if rarity not in RARITIES or not card_id:
        raise LootError(f"'{entry}' is not an Unidentified Loot entry (rarity:card)")
    return rarity, card_id


def tuck_unidentified(
    unidentified: list[str], decks: dict[str, list[str]], rarity: str
) -> str | None:
    """Rule 80: the top card of a rarity (rule 85 fallback), face down under that column.
    Returns the entry, or None when every deck from that rarity up is empty."""
    drawn = draw_loot(decks, rarity)
    if drawn is None:
        return None
    entry = unidentified_entry(drawn[1], drawn[0])
    unidentified.append(entry)
    return entry


@dataclass(slots=True)
class ChestResult:
    roll: int
    reward: LootReward
    unidentified: str | None = None  # the entry tucked, for an Unidentified Loot result


def open_chest(
    db: AdventuresDB,
    rarity: str,
    rng: RngState,
    decks: dict[str, list[str]],
    unidentified: list[str],
    roll: int | None = None,
) -> ChestResult:
    """Roll the Loot die for a chest (rule 79). An Unidentified Loot result is tucked at once;
    every other reward (CP, cards, Health, team Gold, Bonus Damage) is for the caller to give."""
    value = roll_loot_die(rng) if roll is None else roll
    reward = chest_reward(db, rarity, value)
    entry = None
    if reward.kind == "unidentified":
        entry = tuck_unidentified(unidentified, decks, reward.rarity)
    return ChestResult(roll=value, reward=reward, unidentified=entry)


# ---------------------------------------------------------------- deck rules (82-84)


def family_of(card: CardDef) -> str:
    return card.loot.family if card.loot is not None else card.id


def level_of(card: CardDef) -> int:
    return card.loot.level if card.loot is not None else 1


@dataclass(frozen=True, slots=True)
class AddPlan:
    ok: bool
    reason: str = ""
    replaces: str | None = None  # the lower card of the family that leaves the deck


def check_add(deck: list[str], card_id: str, cards: dict[str, CardDef]) -> AddPlan:
    """Can this card join the deck (rules 82-83)? Which lower card would it replace?"""
    card = cards.get(card_id)
    if card is None:
        return AddPlan(False, f"unknown card '{card_id}'")
    family, level = family_of(card), level_of(card)
    lower: list[tuple[int, int, str]] = []
    for index, cid in enumerate(deck):
        other = cards.get(cid)
        if other is None or family_of(other) != family:
            continue
        if level_of(other) >= level:
            return AddPlan(
                False, f"the deck already holds {other.name}, as strong or stronger (rule 82)"
            )
        lower.append((level_of(other), index, cid))
    if lower:
        return AddPlan(True, replaces=max(lower)[2])
    return AddPlan(True)


def add_to_deck(
    deck: list[str], card_id: str, cards: dict[str, CardDef], loot_decks: dict[str, list[str]]
) -> str | None:
    """Add a card; a lower card of its family leaves (rule 83). Returns the replaced card id.
    Raises LootError (nothing changed) when rule 82 forbids it."""
    plan = check_add(deck, card_id, cards)
    if not plan.ok:
        raise LootError(plan.reason)
    if plan.replaces is not None:
        deck.remove(plan.replaces)
        return_loot(loot_decks, plan.replaces, cards)
    deck.append(card_id)
    return plan.replaces


def remove_from_deck(
    deck: list[str], card_id: str, cards: dict[str, CardDef], loot_decks: dict[str, list[str]]
) -> str | None:
    """Take a Loot card out of a deck back to the bottom of its Loot deck. A Swap card gives
    back the standard card it replaced when no card of its family is left. Returns that card."""
    card = cards.get(card_id)
    if card is None or card.loot is None:
        raise LootError(f"'{card_id}' is not a Loot card")
    if card_id not in deck:
        raise LootError(f"the deck holds no {card.name}")
    deck.remove(card_id)
    return_loot(loot_decks, card_id, cards)
    back = card.loot.replaces
    if back is not None and not any(
        c in cards and family_of(cards[c]) == card.loot.family for c in deck
    ):
        deck.append(back)
        return back
    return None


def trim_deck(
    deck: list[str],
    cards: dict[str, CardDef],
    loot_decks: dict[str, list[str]],
    limit: int = DECK_LIMIT,
) -> list[str]:
    """Rule 84: while over the limit, return Loot cards (not Swaps) to their Loot decks."""
    removed = []
    while len(deck) > limit:
        candidates = [
            (RARITIES.index(cards[c].loot.rarity), cards[c].loot.level, -i, c)
            for i, c in enumerate(deck)
            if c in cards and cards[c].loot is not None and cards[c].loot.replaces is None
        ]
        if not candidates:
            break
        card_id = min(candidates)[3]
        remove_from_deck(deck, card_id, cards, loot_decks)
        removed.append(card_id)
    return removed


# ---------------------------------------------------------------- Boss Loot (rules 90-91)


@dataclass(slots=True)
class BossLootDraw:
    hero: int
    chest: int
    roll: int
    rarity: str  # the table's rarity
    card: str | None  # None: every deck from that rarity up was empty
    redrawn: list[str] = field(default_factory=list)  # lower-level cards put back (rule 91)
    kept: bool | None = None


@dataclass(slots=True)
class BossLootResult:
    decks: list[list[str]]
    loot_decks: dict[str, list[str]]
    unclaimed: int  # cards discarded for 1 Scenario Point each (rule 90, 94)
    draws: list[BossLootDraw]


class BossLoot:
    """The Boss Loot step after a Boss Battle, win or lose (rules 90-91), as a decision driver.

    For each chest, each hero in turn rolls the Loot die, draws the top card of the rarity the
    Boss Loot table gives (rule 85 fallback; rule 91: a card no stronger than one of its family
    the hero owns goes to the bottom and the next one is drawn), then decides:
    `boss_loot_keep` (into the deck, rule 83 replacement) or `boss_loot_discard` (to the bottom of
    its Loot deck, +1 Unclaimed Boss Loot point). A drawn card that rule 82 would refuse cannot
    be kept. Deterministic: the same RNG state and answers give the same result.
    """

    KIND = "adventure_boss_loot"

    def __init__(
        self,
        db: AdventuresDB,
        cards: dict[str, CardDef],
        decks: list[list[str]],
        loot_decks: dict[str, list[str]],
        rng: RngState,
        chests: int,
    ) -> None:
        self.db = db
        self.cards = cards
        self.decks = [list(d) for d in decks]
        self.loot_decks = {k: list(v) for k, v in loot_decks.items()}
        self.rng = rng
        self.chests = chests
        self.unclaimed = 0
        self.draws: list[BossLootDraw] = []
        self._queue = [(c, h) for c in range(chests) for h in range(len(decks))]
        self.current: BossLootDraw | None = None
        self._advance()

    def _draw_for(self, hero: int, chest: int) -> BossLootDraw:
        roll = roll_loot_die(self.rng)
        rarity = boss_loot_rarity(self.db, roll)
        draw = BossLootDraw(hero=hero, chest=chest, roll=roll, rarity=rarity, card=None)
        tries = sum(len(v) for v in self.loot_decks.values())
        for _ in range(tries + 1):
            got = draw_loot(self.loot_decks, rarity)
            if got is None:
                break
            card_id = got[0]
            if check_add(self.decks[hero], card_id, self.cards).ok:
                draw.card = card_id
                break
            draw.redrawn.append(card_id)  # rule 91: bottom, draw again
            return_loot(self.loot_decks, card_id, self.cards)
        return draw

    def _advance(self) -> None:
        self.current = None
        while self._queue:
            chest, hero = self._queue.pop(0)
            draw = self._draw_for(hero, chest)
            self.draws.append(draw)
            if draw.card is not None:
                self.current = draw
                return

    @property
    def done(self) -> bool:
        return self.current is None

    def pending(self) -> PendingChoice | None:
        draw = self.current
        if draw is None:
            return None
        card = self.cards[draw.card]  # type: ignore[index]
        options = [
            Option(act(draw.hero, "boss_loot_keep", card=draw.card), f"Keep {card.name}"),
            Option(
                act(draw.hero, "boss_loot_discard", card=draw.card),
                f"Discard {card.name} for 1 Scenario Point",
            ),
        ]
        plan = check_add(self.decks[draw.hero], draw.card, self.cards)  # type: ignore[arg-type]
        if plan.replaces:
            options[0] = Option(
                options[0].action,
                f"Keep {card.name} (replaces {self.cards[plan.replaces].name})",
            )
        return PendingChoice(
            player=draw.hero,
            kind=self.KIND,
            prompt=f"Boss Loot (Loot die {draw.roll}, {draw.rarity}): keep {card.name}?",
            options=options,
            context={"card": draw.card, "roll": draw.roll, "rarity": draw.rarity},
        )

    def apply(self, action: Action) -> None:
        choice = self.pending()
        if choice is None:
            raise LootError("the Boss Loot is over")
        if choice.find(action) is None:
            raise LootError(f"not an option now: {action.kind} for hero {action.player}")
        draw = self.current
        assert draw is not None and draw.card is not None
        if action.kind == "boss_loot_keep":
            add_to_deck(self.decks[draw.hero], draw.card, self.cards, self.loot_decks)
            draw.kept = True
        else:
            return_loot(self.loot_decks, draw.card, self.cards)
            draw.kept = False
            self.unclaimed += 1
        self._advance()

    def result(self) -> BossLootResult:
        if not self.done:
            raise LootError("the Boss Loot still waits for a decision")
        return BossLootResult(
            decks=[list(d) for d in self.decks],
            loot_decks={k: list(v) for k, v in self.loot_decks.items()},
            unclaimed=self.unclaimed,
            draws=list(self.draws),
        )

    def summary(self) -> list[dict[str, Any]]:
        return [
            {
                "hero": d.hero,
                "chest": d.chest,
                "roll": d.roll,
                "rarity": d.rarity,
                "card": d.card,
                "redrawn": list(d.redrawn),
                "kept": d.kept,
            }
            for d in self.draws
        ]
