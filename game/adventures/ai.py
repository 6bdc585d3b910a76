"""Computer heroes for Adventures: crawl, shop and boss-loot decisions, duel AI for battles.

`AdventureAI(level, seed).decide(engine_or_driver, choice)` answers any `PendingChoice` a hero
gets in a campaign. Battle decisions (a Hero Step is an ordinary Dice Throne turn) go to the
duel computer of that level (`game.ai.make_ai`); the rest are short rules of thumb:

* Salves: revive a fallen teammate first; heal yourself (or the shared dial) when low - at or
  below a third of the starting Health, or when one Salve's heal would not be wasted and the
  hero is engaged below half Health; otherwise keep them (each is worth a point at the end).
* Move: the open Boss Portal first; else the unexplored tile worth most (Portal Shards, chests,
  Salves lying on it, lower levels preferred, nearer first); join a teammate's battle instead
  when that teammate is below half Health.
* Outside battles (rule 33): play a Loot-die card, a heal that is not wasted, or a cleanse;
  keep the rest for the battles.
* Tile choices: the option whose effects add up best (Health, CP, Gold, Salves, chests).
* Bonus Damage at its limit: swap the lowest token for a better new one, else throw it away.
* Shop: identify what can be identified, buy the dearest affordable card, finish.
* Boss loot: keep a card (it grows the deck) unless the deck is full, else take the point.
"""

from __future__ import annotations

from typing import Any

from game.rules.actions import Action, PendingChoice

EFFECT_WORTH = {
    "heal": 1.0,
    "lose_health": -1.2,
    "gain_cp": 1.5,
    "lose_cp": -1.5,
    "pay_cp": -1.5,
    "draw": 1.5,
    "discard": -1.5,
    "gain_status": 2.0,
    "gain_bonus_damage": 2.0,  # per point on the token
    "salve": 4.0,
    "loot_chest": 3.0,
    "gold": 0.4,
    "pay_gold": -0.4,
    "lose_gold": -0.4,
    "gamble": 1.0,
}


class AdventureAI:
    name = "adventure"

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        from game.ai import make_ai

        self.level = level
        self.seed = seed
        self.duel = make_ai(level, seed)

    def decide(self, engine: Any, choice: PendingChoice) -> Action:
        handler = getattr(self, f"_{choice.kind}", None)
        if handler is not None:
            action = handler(engine, choice)
            if action is not None:
                return action
            return choice.options[0].action
        return self.duel.decide(engine, choice)

    def _bonus_damage_full(self, engine, choice: PendingChoice) -> Action | None:
        """Rule 100 at the stack limit: the question lists the sensible answer first (swap the
        lowest held token for a better new one, else throw the new one away)."""
        return choice.options[0].action

    # ------------------------------------------------------------ crawl

    def _adventure_salves(self, engine, choice: PendingChoice) -> Action | None:
        from game.adventures.crawl import adventurer, scenario

        options = choice.actions()
        me = choice.player
        revive = [a for a in options if a.kind == "salve" and a.get("target") != me]
        if revive:
            return revive[0]
        heal = [a for a in options if a.kind == "salve" and a.get("target") == me]
        done = [a for a in options if a.kind == "done"]
        if not heal:
            return done[0] if done else None
        with engine.world.active():
            player = engine.player(me)
            dial = engine.dial(player)
            sc = scenario(engine)
            in_battle = sc.kind == "boss" or adventurer(player).engaged is not None
            low = dial.health <= dial.start // 3
            worth = dial.health + sc.salve_heal <= dial.cap and dial.health < dial.start // 2
        if low or (in_battle and worth):
            return heal[0]
        return done[0] if done else None

    def _adventure_instant(self, engine, choice: PendingChoice) -> Action | None:
        """Rule 33 outside battles: use a Loot-die card, a heal that is not wasted, or a
        cleanse when a negative token sits on you; CP, cards and battle tokens wait for the
        Hero Step (where they can also answer the enemy)."""
        from game.adventures.crawl import LUCKY_COIN, SECOND_LOOK
        from game.rules import ops

        done = next((a for a in choice.actions() if a.kind == "done"), None)
        with engine.world.active():
            me = engine.player(choice.player)
            dial = engine.dial(me)
            negative = any(
                ops.status_def(engine, s.status).kind == "negative"
                and ops.status_def(engine, s.status).removable
                for s in ops.held_statuses(engine, me)
            )
            for action in choice.actions():
                if action.kind == "play":
                    effects = ops.card_def(engine, action.get("card")).effects
                elif action.kind == "spend":
                    spend = ops.status_def(engine, action.get("status")).spend
                    effects = spend.effects if spend is not None else ()
                else:
                    continue
                for fx in effects:
                    loot_die = fx.verb == "gain_status" and fx.get("status") in (
                        LUCKY_COIN,
                        SECOND_LOOK,
                    )
                    if loot_die and ops.status_count(engine, me, fx["status"]) == 0:
                        return action
                    heal = fx.get("amount") if fx.verb == "heal" else None
                    if isinstance(heal, int) and dial.health + heal <= dial.start:
                        return action
                    if fx.verb == "remove_status" and negative:
                        return action
        return done

    def _adventure_move(self, engine, choice: PendingChoice) -> Action | None:
        from game.adventures.crawl import adventurer, heroes, scenario, tiles

        with engine.world.active():
            board = tiles(engine)
            sc = scenario(engine)
            me = engine.player(choice.player)
            here = board[adventurer(me).tile][1]
            best, best_score = None, -1e9
            for action in choice.actions():
                slot = action.get("slot")
                _e, tile = board[slot]
                if tile.kind == "portal":
                    score = 100.0
                elif tile.explored:  # a teammate's battle
                    mates = [
                        p
                        for p in heroes(engine)
                        if adventurer(p).engaged == tile.minion and engine.alive(p)
                    ]
                    weak = any(engine.health(p) < engine.dial(p).start // 2 for p in mates)
                    score = 8.0 if weak else -5.0
                else:
                    score = 10.0 - 2.0 * tile.level
                    for item in tile.items:
                        score += 6.0 if item == "shard" else 2.0
                    if sc.shards >= sc.shards_needed:
                        score -= 1.0  # the portal is open: exploring more is optional
                    score -= 0.1 * (abs(tile.x - here.x) + abs(tile.y - here.y)) / 100.0
                if score > best_score:
                    best, best_score = action, score
            return best

    def _adventure_choice(self, engine, choice: PendingChoice) -> Action | None:
        from game.adventures.crawl import adventurer, tile_def, tiles

        with engine.world.active():
            me = engine.player(choice.player)
            _e, tile = tiles(engine)[adventurer(me).tile]
            tdef = tile_def(engine, tile)
            low = engine.health(me) <= engine.dial(me).start // 3
        best, best_score = None, -1e9
        for action in choice.actions():
            opt = tdef["choices"][action.get("option")]
            score = 0.0
            for fx in opt["effects"]:
                amount = float(fx.get("amount", fx.get("count", fx.get("value", 1))))
                worth = EFFECT_WORTH.get(fx["do"], 0.0)
                if fx["do"] == "lose_health" and low:
                    worth *= 3
                score += worth * amount * (2 if fx.get("who") == "team" else 1)
            if score > best_score:
                best, best_score = action, score
        return best

    # ------------------------------------------------------------ shop and boss loot

    def _adventure_shop(self, driver, choice: PendingChoice) -> Action | None:
        options = choice.actions()
        for kind in ("shop_remove", "shop_identify"):
            picks = [a for a in options if a.kind == kind]
            if picks:
                return picks[0]
        buys = [o for o in choice.options if o.action.kind == "shop_buy"]
        if buys:
            price = getattr(driver, "price", None)
            if price is not None:
                return max(buys, key=lambda o: (price(o.action.get("card")), o.label)).action
            return buys[-1].action
        done = [a for a in options if a.kind == "shop_done"]
        return done[0] if done else None

    def _adventure_boss_loot(self, driver, choice: PendingChoice) -> Action | None:
        options = choice.actions()
        keep = [a for a in options if a.kind in ("boss_loot_keep", "keep")]
        if keep:
            return keep[0]
        return None


def controllers_for(campaign, seed: int = 0) -> list[AdventureAI | None]:
    """A computer controller for each hero the campaign gives to the computer (by seat), None
    for heroes played by a person (the window asks them)."""
    return [
        AdventureAI(hero.controller, seed * 7919 + i) if hero.computer else None
        for i, hero in enumerate(campaign.heroes)
    ]
