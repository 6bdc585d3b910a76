"""A computer Hero for Missions: answers the mission engine's PendingChoice options only.

Dice are kept with the exact solver the duel AI uses (game.ai.dice_solver) over the worth of
each ability row (game.ai.value); the rest are short, sensible rules of thumb.
"""

from __future__ import annotations

from game.ai.dice_solver import ALL_FIVE, cached_solver, reroll_indices
from game.ai.value import effects_value
from game.missions import hexgrid
from game.rules.actions import Action, PendingChoice
from game.rules.dice import meets


class MissionAI:
    name = "mission_simple"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._tables: dict = {}

    def decide(self, engine, choice: PendingChoice) -> Action:
        handler = getattr(self, f"_{choice.kind}", None)
        if handler is not None:
            action = handler(engine, choice)
            if action is not None:
                return action
        return choice.options[0].action

    @staticmethod
    def _of(choice: PendingChoice, kind: str) -> list[Action]:
        return [o.action for o in choice.options if o.action.kind == kind]

    # ------------------------------------------------------------ movement

    def _move(self, engine, choice: PendingChoice) -> Action:
        hero = engine.heroes[choice.player]
        enemies = engine.living_enemies()
        targets = [h for e in enemies for h in e.spaces]
        exits = [h for h, s in engine.hexes.items() if s.exit]

        def score(action: Action) -> float:
            h = (action.get("q"), action.get("r"))
            space = engine.hexes[h]
            if space.exit and not engine.living_enemies("henchman"):
                return 1000.0
            value = 0.0
            if targets:
                nearest = min(hexgrid.distance(h, t) for t in targets)
                value -= nearest * 3
                if nearest == 1:
                    weakest = min(
                        e.health
                        for e in enemies
                        if any(hexgrid.distance(h, x) == 1 for x in e.spaces)
                    )
                    value += 10 - weakest * 0.2
                    adjacent = sum(1 for t in targets if hexgrid.distance(h, t) == 1)
                    value -= (adjacent - 1) * 1.5 * (1 if hero.health > 15 else 3)
            elif exits:
                value -= min(hexgrid.distance(h, x) for x in exits)
            if space.tiles:
                value += 2 + len(space.tiles)
            value += 4 * space.plot + (2 if space.mystery >= 0 else 0)
            return value

        return max(self._of(choice, "move"), key=score)

    # ------------------------------------------------------------ main phase

    def _main_phase(self, engine, choice: PendingChoice) -> Action:
        hero = engine.heroes[choice.player]
        upgrades = self._of(choice, "upgrade")
        if upgrades:
            return upgrades[0]
        plays = [a for a in self._of(choice, "play") if self._worth_playing(engine, hero, a)]
        if plays:
            return plays[0]
        for action in self._of(choice, "spend_token"):
            if self._worth_spending_now(engine, hero, action.get("status")):
                return action
        recruits = self._of(choice, "recruit")
        if recruits and not hero.allies and hero.momentum >= 6:
            return max(recruits, key=lambda a: engine.db.allies[a.get("ally")].cost)
        for action in self._of(choice, "momentum"):
            if action.get("action") == "heal" and hero.health < hero.start_health - 5:
                return action
        for action in self._of(choice, "exhaust"):
            ally = engine.db.allies[action.get("ally")]
            heals = any(fx["do"] == "heal" for fx in ally.exhaust.effects)
            if not heals or hero.health < hero.start_health // 2:
                return action
        return self._of(choice, "done")[0]

    @staticmethod
    def _worth_playing(engine, hero, action: Action) -> bool:
        """A card that only heals a companion waits until the companion is hurt."""
        card = engine.content.cards[hero.hand[action.get("index")]]
        if card.effects and all(fx.verb == "heal_companion" for fx in card.effects):
            return any(dial[0] <= dial[1] - 3 for dial in hero.companions.values())
        return True

    @staticmethod
    def _worth_spending_now(engine, hero, status: str) -> bool:
        """A token spent in the Main Phase: one that only heals a companion waits until the
        companion is Downed or below half (it is worth more shared against a blow); the rest
        (Synth building Bots ...) are spent; a heal only when the Hero is hurt."""
        spend = engine.content.statuses[status].spend
        verbs = set()
        stack = list(spend.effects)
        while stack:
            fx = stack.pop()
            verbs.add(fx["do"])
            stack.extend(fx.get("effects", ()))
            for option in fx.get("options", ()):
                stack.extend(option["effects"])
        if "heal_companion" in verbs:
            return any(dial[0] <= dial[1] // 2 for dial in hero.companions.values())
        if "heal" in verbs and "grow" not in verbs:  # a Dryad: only when it heals something
            return hero.health <= hero.start_health - 2
        return True

    def _companion_split(self, engine, choice: PendingChoice) -> Action:
        """A companion takes what it can without being Downed - all of it when the blow would
        defeat the Hero."""
        share = choice.context["share"]
        comp = choice.context["companion_health"]
        want = share if share >= choice.context["health"] else min(share, comp - 1)
        for action in choice.actions():
            if action.get("amount") == max(0, want):
                return action
        return choice.options[0].action

    def _grow(self, engine, choice: PendingChoice) -> Action:
        """Grow an existing Spirit or Bot into its next tier before starting a new one."""
        options = choice.options
        for option in reversed(options):
            if option.label.startswith("Turn"):
                return option.action
        return options[0].action

    def _free_reroll(self, engine, choice: PendingChoice) -> Action:
        dice = choice.context["dice"]
        low = sum(dice) / max(1, len(dice)) <= 3
        return self._of(choice, "reroll_once" if low else "keep_roll")[0]

    # ------------------------------------------------------------ dice

    def _solver(self, engine, hero, attempts: int):
        hero_def = engine.hero_def(hero)
        key = (hero.hero, tuple(sorted(hero.levels.items())), tuple(hero.allies))
        values = self._tables.get(key)
        if values is None:
            rows = []
            for ability, _i, row in engine.turn.rows(hero):
                worth = effects_value(hero_def, row.effects) + (
                    6.0 if ability.kind == "ultimate" else 0
                )
                rows.append((row.requirement, worth))
            for ally_id in hero.allies:
                ally = engine.db.allies[ally_id]
                if ally.offensive:
                    worth = sum(
                        fx.get("amount", 0)
                        for fx in ally.offensive.effects
                        if fx["do"] == "deal_damage"
                    )
                    rows.append((ally.offensive.requirement, float(worth)))
            values = tuple(
                max((w for req, w in rows if meets(req, hero_def, s)), default=0.0)
                for s in ALL_FIVE
            )
            self._tables[key] = values
        return cached_solver(values, attempts)

    def _offensive_roll(self, engine, choice: PendingChoice) -> Action:
        hero = engine.heroes[choice.player]
        dice = list(choice.context["dice"])
        left = choice.context["attempts_left"]
        rerolls = self._of(choice, "reroll")
        if rerolls and left > 0:
            kept, _value = self._solver(engine, hero, left).best_keep(dice, left)
            if kept is not None:
                wanted = reroll_indices(dice, kept)
                for action in rerolls:
                    if tuple(action.get("dice")) == tuple(wanted):
                        return action
        return self._of(choice, "stop")[0]

    @staticmethod
    def _reflect_would_kill(engine, hero) -> bool:
        """Attacking a boss whose defense hits back would defeat this Hero (and the boss is
        not nearly finished, when the win would come first, rule 87)."""
        for boss in engine.living_enemies("boss"):
            bdef = engine.db.bosses[boss.enemy]
            back = sum(
                fx.get("amount", 0)
                for part in (bdef.defense, bdef.unique_defense[2] if bdef.unique_defense else ())
                for fx in part
                if fx["do"] == "reflect"
            )
            if back and hero.health <= back and boss.health > 6:
                return True
        return False

    def _announce(self, engine, choice: PendingChoice) -> Action:
        hero = engine.heroes[choice.player]
        hero_def = engine.hero_def(hero)
        if self._reflect_would_kill(engine, hero) and len(engine.living_enemies()) == 1:
            return self._of(choice, "no_ability")[0]
        best, best_worth = self._of(choice, "no_ability")[0], 0.0
        for action in choice.actions():
            if action.kind == "activate":
                ability = engine.turn.ability(hero, action.get("ability"))
                worth = effects_value(hero_def, ability.rows[action.get("row")].effects)
                worth += 6.0 if ability.kind == "ultimate" else 0.0
            elif action.kind == "activate_ally":
                power = engine.db.allies[action.get("ally")].offensive
                worth = float(
                    sum(fx.get("amount", 0) for fx in power.effects if fx["do"] == "deal_damage")
                )
            else:
                continue
            if worth > best_worth:
                best, best_worth = action, worth
        return best

    # ------------------------------------------------------------ targets and defense

    def _choose_target(self, engine, choice: PendingChoice) -> Action:
        targets = self._of(choice, "target")
        flight = self._of(choice, "spend_flight")
        if flight and any(engine.enemies[a.get("enemy")].tokens.get("shield") for a in targets):
            return flight[0]
        if targets:
            return min(targets, key=lambda a: engine.enemies[a.get("enemy")].health)
        buy = self._of(choice, "buy_range")
        if buy:
            return buy[0]
        return choice.options[0].action

    def _defense_choice(self, engine, choice: PendingChoice) -> Action:
        for kind in ("defend", "range_defend"):
            found = self._of(choice, kind)
            if found and (kind == "defend" or choice.context.get("incoming", 0) >= 4):
                return found[0]
        return self._of(choice, "no_defense")[0]

    def _spend_tokens(self, engine, choice: PendingChoice) -> Action:
        """Tokens against an enemy Attack: the enemy rule of thumb (4+ or lethal) for Evasive
        and Flight, Shields whenever they stop something."""
        incoming = choice.context.get("incoming", 0)
        worth_it = incoming >= 4 or incoming >= choice.context.get("health", 99)
        shields = self._of(choice, "spend_shield")
        if shields:
            return max(shields, key=lambda a: a.get("count"))
        if incoming >= 3:
            for kind in ("spend_token", "play"):
                found = self._of(choice, kind)
                if found:
                    return found[0]
        hero = engine.heroes[choice.player]
        if worth_it and hero.health <= incoming + 3:
            found = self._of(choice, "exhaust")
            if found:
                return found[0]
        for kind in ("spend_evasive", "spend_flight"):
            found = self._of(choice, kind)
            if found and worth_it:
                return found[0]
        return self._of(choice, "take_damage")[0]

    def _protect_teammate(self, engine, choice: PendingChoice) -> Action:
        """Protect a teammate from a blow that would defeat them or is big (6 or more)."""
        incoming = choice.context.get("incoming", 0)
        if incoming >= choice.context.get("health", 99) or incoming >= 6:
            for kind in ("play", "spend_token"):
                found = self._of(choice, kind)
                if found:
                    return found[0]
        return self._of(choice, "let_it_land")[0]

    def _attack_modifiers(self, engine, choice: PendingChoice) -> Action:
        """Spend everything that adds to an Attack: Bonus Damage, own tokens, cards."""
        for kind in ("spend_bonus", "spend_token", "play"):
            found = self._of(choice, kind)
            if found:
                return found[0]
        return self._of(choice, "done")[0]

    def _status_or_momentum(self, engine, choice: PendingChoice) -> Action:
        if choice.context.get("useful", choice.context.get("known")):
            return self._of(choice, "place_status")[0]
        return self._of(choice, "take_momentum")[0]

    def _give_momentum(self, engine, choice: PendingChoice) -> Action:
        def need(action: Action) -> int:
            a, b = engine.heroes[action.get("first")], engine.heroes[action.get("second")]
            return a.momentum + b.momentum + (0 if a is b else 1)

        return min(choice.actions(), key=need)

    def _enemy_dice(self, engine, choice: PendingChoice) -> Action:
        return self._of(choice, "done")[0]

    def _discard(self, engine, choice: PendingChoice) -> Action:
        hero = engine.heroes[choice.player]

        def keep(action: Action) -> float:
            card = engine.content.cards[hero.hand[action.get("index")]]
            return (3.0 if card.type == "upgrade" else 1.0) + card.cost * 0.1

        return min(choice.actions(), key=keep)

    def _choose(self, engine, choice: PendingChoice) -> Action:
        for kind in ("pay_cp", "lose_cp", "take_momentum", "keep_ally", "keep_hand"):
            found = self._of(choice, kind)
            if found:
                return found[0]
        return choice.options[0].action
