"""A simple computer player: legal, sensible, quick.

It keeps dice by sampling one re-roll ahead, activates the most valuable ability its dice
allow, buys upgrades it can afford, uses tokens and Attack Modifiers when they help, and
otherwise passes. It answers only the engine's PendingChoice options.
"""

from __future__ import annotations

import random

from game.ai.dice_solver import ALL_FIVE, cached_solver, reroll_indices
from game.ai.value import effects_value
from game.rules import ops
from game.rules.actions import Action, PendingChoice
from game.rules.dice import meets
from game.rules.view import match_view

_VALUE_TABLES: dict = {}


class SimpleAI:
    """`loose=True` (the Easy level) sometimes keeps dice at random and ignores its cards."""

    name = "simple"

    def __init__(self, seed: int = 0, loose: bool = False) -> None:
        self.rng = random.Random(seed)
        self.loose = loose

    def decide(self, engine, choice: PendingChoice) -> Action:
        handler = getattr(self, f"_{choice.kind}", None)
        if handler is not None:
            action = handler(engine, choice)
            if action is not None:
                return action
        return choice.options[0].action

    # ------------------------------------------------------------ helpers

    def _kinds(self, choice: PendingChoice, kind: str):
        return [o for o in choice.options if o.action.kind == kind]

    def _pass(self, choice: PendingChoice) -> Action | None:
        for option in choice.options:
            if option.action.kind in ("pass", "end_phase"):
                return option.action
        return None

    def _card(self, engine, action: Action):
        return engine.content.cards[self._card_id(engine, action)]

    def _card_id(self, engine, action: Action) -> str:
        with engine.world.active():
            return engine.card_id(action.get("card"))

    # ------------------------------------------------------------ main phase

    def _main_phase(self, engine, choice: PendingChoice) -> Action | None:
        view = match_view(engine)
        me = view.players[choice.player]
        plays = self._kinds(choice, "play")
        upgrades = [o for o in plays if self._card(engine, o.action).type == "upgrade"]
        if upgrades:
            best = max(upgrades, key=lambda o: self._card(engine, o.action).cost)
            return best.action
        spent = main_phase_spend(engine, choice)  # build a Bot, detonate Nanites ...
        if spent is not None:
            return spent
        for option in plays:
            card = self._card(engine, option.action)
            if card.id == "getting_paid" and me.cp <= 13:
                return option.action
            if card.type == "main" and self.rng.random() < 0.5:
                return option.action
            if card.id in ("double_up", "triple_up") and len(me.hand) <= 4:
                return option.action
        if choice.context.get("phase") == "main2" and len(me.hand) > 5:
            sells = self._kinds(choice, "sell")
            if sells:
                return min(sells, key=lambda o: self._keep_value(engine, o.action)).action
        return self._pass(choice)

    def _keep_value(self, engine, action: Action) -> float:
        card = self._card(engine, action)
        return (3.0 if card.type == "upgrade" else 1.0) + card.cost * 0.1

    def _discard(self, engine, choice: PendingChoice) -> Action:
        return min(choice.options, key=lambda o: self._keep_value(engine, o.action)).action

    # ------------------------------------------------------------ dice

    def _rows(self, engine, seat: int):
        with engine.world.active():
            player = engine.player(seat)
            hero = engine.hero(player)
            rows = []
            for ability in ops.abilities(engine, player, ("offensive", "ultimate")):
                for index, row in enumerate(ability.rows):
                    worth = effects_value(hero, row.effects)
                    if ability.kind == "ultimate":
                        worth += 6.0
                    rows.append((ability.id, index, row.requirement, worth))
            return hero, rows

    def _solver(self, hero, rows, attempts: int):
        key = (hero.id, tuple((a, i, w) for a, i, _r, w in rows))
        values = _VALUE_TABLES.get(key)
        if values is None:
            values = tuple(
                max((w for _a, _i, req, w in rows if meets(req, hero, s)), default=0.0)
                for s in ALL_FIVE
            )
            _VALUE_TABLES[key] = values
        return cached_solver(values, attempts)

    def _offensive_roll(self, engine, choice: PendingChoice) -> Action | None:
        rolls = self._kinds(choice, "roll")
        activations = self._kinds(choice, "activate")
        view = match_view(engine)
        group = next((d for d in view.dice if d.group == view.combat.offense_group), None)
        if group is None:
            return rolls[0].action if rolls else self._kinds(choice, "no_ability")[0].action
        hero, rows = self._rows(engine, choice.player)
        left = choice.context.get("attempts_left", 0)
        if self.loose and rolls and self.rng.random() < 0.35:
            return self.rng.choice(rolls).action
        if rolls and left > 0:
            solver = self._solver(hero, rows, left)
            kept, _expected = solver.best_keep(group.values, left)
            if kept is not None:
                wanted = reroll_indices(group.values, kept)
                for option in rolls:
                    if tuple(option.action.get("dice")) == wanted:
                        return option.action
        if activations:
            worth = {(a, i): w for a, i, _r, w in rows}
            return max(
                activations,
                key=lambda o: worth.get((o.action.get("ability"), o.action.get("row")), 0),
            ).action
        return self._kinds(choice, "no_ability")[0].action

    def _defensive_roll(self, engine, choice: PendingChoice) -> Action | None:
        for kind in ("roll", "accept"):
            found = self._kinds(choice, kind)
            if found:
                return found[0].action
        return None

    # ------------------------------------------------------------ responses

    def _respond(self, engine, choice: PendingChoice) -> Action | None:
        if self.loose and self.rng.random() < 0.5:
            return self._pass(choice)
        view = match_view(engine)
        seat = choice.player
        me = view.players[seat]
        incoming = view.combat.incoming.get(seat, 0)
        for option in choice.options:
            action = option.action
            if action.kind == "reroll":
                return action
            if action.kind == "spend":
                status = action.get("status")
                if status == "evasive" and incoming >= 3:
                    return action
                if status == "reload":
                    return action
                if status != "evasive" and _token_helps(engine, status, incoming):
                    return action
            if action.kind == "play":
                card = self._card(engine, action)
                if card.attack_modifier and me.cp >= card.cost + 1 and self.rng.random() < 0.6:
                    return action
                if (
                    card.type == "instant"
                    and card.id != "not_this_time"  # its own rule follows
                    and incoming >= 4
                    and any(fx.verb == "prevent_damage" for fx in card.effects)
                ):
                    return action
                if card.id == "not_this_time" and incoming >= 6:
                    return action
                if card.id == "getting_paid" and me.cp <= 13:
                    return action
                if card.id == "head_bash":
                    return action
                announced = view.combat.announced or ""
                if (
                    choice.window == "offensive_announce"
                    and announced
                    and card.id in ("so_wild", "twice_as_wild", "tip_it", "helping_hand")
                    and self._is_ultimate(engine, view.combat.attacker, announced)
                ):
                    return action
        return self._pass(choice)

    def _is_ultimate(self, engine, seat: int | None, ability: str) -> bool:
        if seat is None:
            return False
        with engine.world.active():
            try:
                return ops.find_ability(engine, engine.player(seat), ability).kind == "ultimate"
            except KeyError:
                return False

    def _choose(self, engine, choice: PendingChoice) -> Action | None:
        labels = [o.label.lower() for o in choice.options]
        view = match_view(engine)
        incoming = view.combat.incoming.get(choice.player, 0)
        for option, label in zip(choice.options, labels, strict=True):
            if "prevent half" in label and incoming >= 6:
                return option.action
            if "pay 2 cp" in label:
                return option.action
        for option, label in zip(choice.options, labels, strict=True):
            if label.startswith("deal"):
                return option.action
        if is_companion_share(choice):
            return self._companion_share(view, choice)
        for option in choice.options:
            if option.action.get("option") == "take":  # an offered Roll Attempt never hurts
                return option.action
        for option, label in zip(choice.options, labels, strict=True):
            if "share the coming blow" in label and incoming >= 3:
                return option.action
        return self.rng.choice(choice.options).action

    def _companion_share(self, view, choice: PendingChoice) -> Action:
        return companion_share(view, choice)

    def _choose_target(self, engine, choice: PendingChoice) -> Action:
        from game.ai.targeting import pick_target

        return pick_target(engine, match_view(engine), choice)

    def _order_triggers(self, engine, choice: PendingChoice) -> Action:
        return choice.options[0].action

    def _defense_choice(self, engine, choice: PendingChoice) -> Action:
        return choice.options[0].action


def _verbs(effects) -> set[str]:
    out: set[str] = set()
    for fx in effects:
        out.add(fx.verb)
        for key in ("effects", "else", "win", "lose"):
            if key in fx:
                out |= _verbs(fx[key])
        for opt in fx.get("options", ()):
            out |= _verbs(opt["effects"])
    return out


MAIN_SPENDS = {"grow", "detonate"}  # worth doing in one's own Main Phase whenever offered


def is_companion_share(choice: PendingChoice) -> bool:
    """The question how much of a landing Attack a companion (Nyra) takes."""
    return bool(choice.options) and all(" takes " in o.label for o in choice.options)


def companion_share(view, choice: PendingChoice) -> Action:
    """How much a companion (Nyra) takes: all of it if the blow would fell the hero,
    otherwise what she can take while staying on her feet (options are 0..share)."""
    me = view.players[choice.player]
    share = len(choice.options) - 1
    comp = me.companions[0] if me.companions else None
    spare = max(0, comp.health - 1) if comp is not None else 0
    take = share if share >= me.health else min(share, spare)
    return choice.options[take].action


def main_phase_spend(engine, choice: PendingChoice) -> Action | None:
    """A token worth spending in one's own Main Phase whenever offered (build a Bot, grow,
    detonate Nanites)."""
    for option in choice.options:
        if option.action.kind != "spend":
            continue
        spend = engine.content.statuses[option.action.get("status")].spend
        if spend and "own_main_phase" in spend.when and _verbs(spend.effects) & MAIN_SPENDS:
            return option.action
    return None


def _token_helps(engine, status: str, incoming: int) -> bool:
    """A token without a rule of its own: spend it whenever it is offered if it adds to an
    Attack or clears a status; if it only shields (or heals, or lets a companion share the
    blow), when at least 3 damage is coming."""
    spend = engine.content.statuses[status].spend
    verbs = _verbs(spend.effects) if spend else set()
    if verbs & {"add_damage", "make_undefendable", "remove_status", "detonate"}:
        return True
    shields = {"prevent_damage", "avoid_damage", "reflect_damage", "heal", "grant_flag"}
    return bool(verbs & shields) and incoming >= 3


class RandomAI:
    """Picks uniformly among the legal options (a baseline)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, engine, choice: PendingChoice) -> Action:
        return self.rng.choice(choice.options).action
