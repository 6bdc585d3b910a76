"""Checks that a message sent to one seat holds nothing that seat could not see at the table.

`Auditor(setup, seat)` replays the match (seed + actions) next to the messages a seat received
and checks each one against the true state at that point:

* no card entity (under a `card` key anywhere, e.g. events, hands, option actions) that lies in
  any deck, or in a hand the seat may not look at and that was never face up;
* no card id (quoted anywhere) of a card that is only in such hidden hands;
* no opponent's `hand` list, no key naming a deck, the seed or the generator, no whole-state
  digest (nor any 64-hex-digit string), no generator state or seed digits.

A spectator is audited as the seat `view.SPECTATOR` (-1): a seat outside every team, which
may look at no hand at all, so any hand card, any `hand` list and any options are flagged.

Used by the tests and by `python -m bench server` (hidden_info_violations).
"""

from __future__ import annotations

import json
import re
from typing import Any

from game.rules.engine import Engine, MatchSetup
from game.rules.events import Event

FORBIDDEN_KEYS = frozenset({"deck", "seed", "rng", "digest", "forced_dice", "draws", "actions"})
PUBLIC_CARD_KINDS = frozenset({"card_played", "card_sold", "card_discarded", "card_taken"})
_HEX64 = re.compile(r"[0-9a-f]{64}")


class Auditor:
    def __init__(self, setup: MatchSetup | None, seat: int, content=None, engine=None) -> None:
        # `engine`: check against a match someone else runs (an Adventures scenario)
        self.engine = engine or Engine.new_match(setup, content, keep_log=False)
        self.seat = seat
        self.revealed: set[int] = set()
        self._note_public(self.engine.log)

    def close(self) -> None:
        self.engine.close()

    def advance(self, action) -> None:
        self._note_public(self.engine.apply(action))

    def _note_public(self, events: list[Event]) -> None:
        eng = self.engine
        for event in events:
            if event.kind in PUBLIC_CARD_KINDS and isinstance(event.data.get("card"), int):
                self.revealed.add(event.data["card"])
        with eng.world.active():
            for player in eng.info.players:
                piles = eng.piles(player)
                self.revealed.update(piles.discard)
                self.revealed.update(piles.resolving)
                for cards in eng.board(player).upgrades.values():
                    self.revealed.update(cards)
                if self._may_see(player):
                    self.revealed.update(piles.hand)

    def _may_see(self, player: int) -> bool:
        if self.seat < 0:  # a spectator: outside every team, it sees no hand
            return False
        eng = self.engine
        me = eng.player(self.seat)
        return eng.team(player) == eng.team(me)

    def check(self, message: dict[str, Any]) -> list[str]:
        """Every way `message` says more than the seat may know right now (empty: clean)."""
        eng = self.engine
        problems: list[str] = []
        with eng.world.active():
            decks: set[int] = set()
            hidden: set[int] = set()
            for player in eng.info.players:
                piles = eng.piles(player)
                decks.update(piles.deck)
                if not self._may_see(player):
                    hidden.update(c for c in piles.hand if c not in self.revealed)
            hidden_ids = {eng.card_id(c) for c in hidden}
            known_ids = {eng.card_id(c) for c in self.revealed}
            secret_ids = hidden_ids - known_ids
            rng = eng.rng
            secrets = {str(rng.state), str(eng.setup.seed)} if eng.setup.seed > 999_999 else set()
            # a card a public event of this update names (played, sold, discarded, taken) was
            # public when that happened, even if later in the same step a deck was made again
            # from the discard pile with it inside
            told = {
                f"$.events[{i}].card"
                for i, event in enumerate(message.get("events") or ())
                if isinstance(event, dict) and event.get("kind") in PUBLIC_CARD_KINDS
            }
            for path, key, value in _walk(message):
                if key in FORBIDDEN_KEYS:
                    problems.append(f"{path}: forbidden key '{key}'")
                if key == "card" and isinstance(value, int) and not isinstance(value, bool):
                    if value in decks and path not in told:
                        problems.append(f"{path}: card {value} lies in a deck")
                    elif value in hidden:
                        problems.append(f"{path}: card {value} is in a hidden hand")
                if key == "hand" and isinstance(value, list):
                    owner = _owner_of(path, message)
                    if owner is not None and not self._may_see(eng.player(owner)):
                        problems.append(f"{path}: seat {owner}'s hand sent to seat {self.seat}")
                if key == "options" and self.seat < 0 and value:
                    problems.append(f"{path}: a spectator is sent a seat's options")
            text = json.dumps(message)
            for card_id in secret_ids:
                if f'"{card_id}"' in text:
                    problems.append(f"card id '{card_id}' from a hidden hand is named")
            if _HEX64.search(text):  # engine.digest() is one
                problems.append("a 64-hex-digit digest is in the message")
            for secret in secrets:
                if secret in text:
                    problems.append("the seed or generator state is in the message")
        return problems


def _walk(obj: Any, path: str = "$"):
    if isinstance(obj, dict):
        for key, value in obj.items():
            where = f"{path}.{key}"
            yield where, key, value
            yield from _walk(value, where)
    elif isinstance(obj, list):
        for index, value in enumerate(obj):
            yield from _walk(value, f"{path}[{index}]")


def _owner_of(path: str, message: dict[str, Any]) -> int | None:
    match = re.search(r"\.players\[(\d+)\]\.hand$", path)
    if not match:
        return None
    return int(match.group(1))


# ------------------------------------------------------------------ co-op Missions

MISSION_FORBIDDEN_KEYS = FORBIDDEN_KEYS | {"boost_pile", "ally_deck", "mystery", "facedown"}


class MissionAuditor:
    """The same check for a co-op Mission (`mission_view`): every hand is a teammate's (core
    rule 110), so a Hero's seat may be sent every Hero's hand, but only as it is; what must
    never appear is a deck's order (a Hero's deck, the Boost Tile pile, the Ally deck), a
    face-down Boost Tile or Mystery tile, an event data key outside `EVENT_DATA`, the seed or
    the generator's state. A spectator (seat `SPECTATOR`, outside the team) may also see no
    hand: a `hand` list, options, or a card id that lies only in hands (in no discard pile) are
    flagged for it."""

    def __init__(self, setup, seat: int) -> None:
        from game.missions.engine import MissionEngine

        self.engine = MissionEngine(setup)
        self.seat = seat

    def close(self) -> None:
        self.engine.close()

    def advance(self, action) -> None:
        self.engine.apply(action)

    def check(self, message: dict[str, Any]) -> list[str]:
        eng = self.engine
        problems: list[str] = []
        info = eng.info
        for path, key, _ in _walk(message):
            if key in MISSION_FORBIDDEN_KEYS:
                problems.append(f"{path}: forbidden key '{key}'")
        text = json.dumps(message)
        orders = [("a Hero's deck", h.deck) for h in eng.heroes]
        orders += [("the Boost Tile pile", info.boost_pile), ("the Ally deck", info.ally_deck)]
        for name, order in orders:
            if len(order) >= 3 and json.dumps(list(order))[1:-1] in text:
                problems.append(f"the order of {name} is in the message")
        from game.online.mission_view import EVENT_DATA

        for hero in (message.get("state") or {}).get("heroes") or []:
            seat = hero.get("seat")
            if "hand" not in hero or self.seat < 0:
                continue  # (a spectator's hands are flagged below)
            if not isinstance(seat, int) or not 0 <= seat < len(eng.heroes):
                problems.append(f"a hand of no Hero's seat ({seat!r}) is in the message")
            elif list(hero["hand"]) != list(eng.heroes[seat].hand):
                problems.append(f"the hand sent for seat {seat} is not that Hero's hand")
        for event in message.get("events") or []:
            extra = set(event) - {"kind", "text", *EVENT_DATA}
            if extra:
                problems.append(f"event {event.get('kind')}: data {sorted(extra)} sent")
        spaces = (message.get("state") or {}).get("spaces") or []
        for space in spaces:
            true = eng.hexes.get(tuple(space.get("hex") or ()))
            up = {index for index, face_up in true.tiles if face_up} if true else set()
            for index in space.get("tiles_up", []):
                if index not in up:
                    problems.append(f"space {space.get('hex')}: face-down tile {index} shown")
        if self.seat < 0:
            problems += self._spectator_problems(message, text)
        if _HEX64.search(text):
            problems.append("a 64-hex-digit digest is in the message")
        with eng.world.active():
            rng = eng.rng
        for secret in (str(rng.state), str(eng.setup.seed)):
            if len(secret) > 6 and secret in text:
                problems.append("the seed or generator state is in the message")
        return problems

    def _spectator_problems(self, message: dict[str, Any], text: str) -> list[str]:
        problems = []
        for path, key, value in _walk(message):
            if key == "hand" and isinstance(value, list):
                problems.append(f"{path}: a hand sent to a spectator")
            if key == "options" and value:
                problems.append(f"{path}: a spectator is sent a seat's options")
        public = {card for h in self.engine.heroes for card in h.discard}  # played or sold
        for hero in self.engine.heroes:
            for card in hero.hand:
                if card not in public and f'"{card}"' in text:
                    problems.append(f"card '{card}' from {hero.name}'s hand is named")
        return problems


# ------------------------------------------------------------------ online Adventures

ADVENTURE_FORBIDDEN_KEYS = FORBIDDEN_KEYS | {"minion_decks", "loot_decks", "unidentified"}


def board_names(content) -> set[str]:
    """Every id a table shows by name that is not a card: the abilities on every board (heroes,
    Minions, Bosses) and every status. Some Loot cards share one (the Loot card Tower Shield and
    the Dark Knight's ability and the status of that name), so such a name in a message says
    nothing about the card by itself."""
    names = set(content.statuses)
    for board in [*content.heroes.values(), *(content.heroes[e] for e in content.enemies)]:
        for slot in board.slots:
            names.add(slot.id)
            for side in (slot.levels, slot.flipped or {}):
                for abilities in side.values():
                    names.update(a.id for a in abilities)
    return names


class AdventureAuditor:
    """The check for an online campaign (`adventure_view`). `runner` is a `CampaignRunner` at the
    same start as the room's (no autosave); `advance` applies each action to it. Besides the
    duel checks on the scenario in play (`Auditor`: a card in a deck or in a hidden hand, the
    seed, digests) a message must not hold a Minion or Loot deck's order, the environment of a
    face-down tile, an Unidentified Loot card, the campaign's seed or random state."""

    def __init__(self, runner, seat: int) -> None:
        self.runner = runner
        self.seat = seat
        self.board_names = board_names(runner.content)
        self._scenario = None
        self._inner: Auditor | None = None
        self._sync()

    def _sync(self) -> None:
        engine = self.runner.engine
        if engine is not self._scenario:
            self._scenario = engine
            self._inner = None if engine is None else Auditor(None, self.seat, engine=engine)

    def close(self) -> None:
        self.runner.close()

    def advance(self, action) -> None:
        engine = self.runner.engine
        before = len(engine.log) if engine is not None else 0
        self.runner.apply(action)
        if self._inner is not None and self.runner.engine is engine:
            self._inner._note_public(engine.log[before:])
        self._sync()

    def check(self, message: dict[str, Any]) -> list[str]:
        from game.adventures.components import Adventurer, Scenario, Tile
        from game.adventures.crawl import tile_def

        problems = [p for p in self._inner.check(message)] if self._inner is not None else []
        problems = [p for p in problems if "forbidden key" not in p]
        for path, key, _ in _walk(message):
            if key in ADVENTURE_FORBIDDEN_KEYS:
                problems.append(f"{path}: forbidden key '{key}'")
        text = json.dumps(message)
        runner = self.runner
        campaign = runner.campaign
        driver = runner.driver
        # While the Shop or the Boss Loot runs, its own copy of the Loot decks is the live one:
        # the campaign's and the scenario's still hold the cards it has since dealt face up
        # (rule 87) on top, so their first cards are no secret any more.
        live_loot = driver is None
        orders: list[tuple[str, list]] = [
            (f"the {rarity} Loot deck", deck)
            for rarity, deck in campaign.loot_decks.items()
            if live_loot
        ]
        unidentified: list[str] = []
        hidden_tiles: list[str] = []
        hidden_names: list[str] = []
        # which cards a deck holds is known (its order is not): the campaign's decks, the Shop's
        public_ids: set[str] = {card for hero in campaign.heroes for card in hero.deck}
        engine = runner.engine
        if engine is not None:
            import esper

            with engine.world.active():
                sc = esper.component_for_entity(engine.MATCH, Scenario)
                orders += [(f"the level {k} Minion deck", d) for k, d in sc.minion_decks.items()]
                if live_loot:
                    orders += [(f"the {k} Loot deck", d) for k, d in sc.loot_decks.items()]
                for _ent, tile in esper.get_component(Tile):
                    if not tile.explored and tile.tile:
                        hidden_tiles.append(tile.tile)
                        # its environment card's name, as the view names a face-up one
                        hidden_names.append(tile_def(engine, tile).get("name", ""))
                for player in engine.info.players:
                    adv = esper.try_component(player, Adventurer)
                    if adv is not None:
                        unidentified += adv.unidentified
                        public_ids.update(adv.loot_gained)
                    piles = engine.piles(player)
                    for card in [*piles.hand, *piles.discard, *piles.resolving]:
                        public_ids.add(engine.card_id(card))
        if driver is not None:
            orders += [(f"the {k} Loot deck", d) for k, d in driver.loot_decks.items()]
            for hero in getattr(driver, "heroes", []):
                unidentified += hero.unidentified
                public_ids.update(hero.dealt)
                public_ids.update(hero.deck)
            public_ids.update(d.card for d in getattr(driver, "draws", []) if d.card)
        for name, order in orders:
            if len(order) >= 3 and json.dumps(list(order[:3]))[1:-1] in text:
                problems.append(f"the order of {name} is in the message")
        for tile_id in hidden_tiles:
            if f'"{tile_id}"' in text:
                problems.append(f"face-down tile '{tile_id}' is named")
        for name in hidden_names:
            if name and json.dumps({"name": name})[1:-1] in text:
                problems.append(f"face-down tile '{name}' is named")
        for entry in unidentified:
            card_id = entry.split(":", 1)[1]
            named = [f'"{card_id}"']
            if card_id in self.board_names:  # the name of an ability or status too: as a card
                named = [f'"card_id": "{card_id}"', f'"card": "{card_id}"']
            if entry in text or (card_id not in public_ids and any(n in text for n in named)):
                problems.append(f"Unidentified Loot card '{card_id}' is named")
        for secret in (str(campaign.seed), str(campaign.rng)):
            if len(secret) > 6 and secret in text:
                problems.append("the campaign's seed or random state is in the message")
        return problems
