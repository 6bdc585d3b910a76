"""The Normal and Hard computer's answers to effects' questions (SmartAI mixes this in):
which die, value, player, token or option a card, ability or status asks it to choose, and
the order of simultaneous triggers."""

from __future__ import annotations

from game.ai import model
from game.ai.simple import companion_share, is_companion_share
from game.rules.actions import PendingChoice
from game.rules.view import MatchView


class ChoiceAnswers:
    """SmartAI's answers to `choose` questions and trigger ordering."""

    # ------------------------------------------------------------ questions

    def _choose(self, engine, view: MatchView, choice: PendingChoice):
        seat = choice.player
        plan = self.plan
        values = [o.action.get("option") for o in choice.options]
        labels = [o.label.lower() for o in choice.options]
        prompt = choice.prompt.lower()
        # dice questions
        if "which die" in prompt and plan and plan.changes:
            pos, _v = plan.changes[0]
            want = f"{plan.group}:{pos}"
            if want in values:
                return choice.options[values.index(want)].action
        if (
            ("change it to" in prompt or "one up or one down" in prompt or "copy which" in prompt)
            and plan
            and plan.changes
        ):
            _pos, v = plan.changes.pop(0)
            if v in values:
                return choice.options[values.index(v)].action
        if "which die" in prompt and plan and plan.changes == []:
            pass
        if "re-roll which" in prompt and plan and plan.reroll is not None:
            want = f"{plan.group}:{','.join(map(str, plan.reroll))}"
            if want in values:
                return choice.options[values.index(want)].action
        if "re-roll which" in prompt:
            return self._reroll_fallback(view, choice, seat)
        if (
            "which die" in prompt
            or "change it to" in prompt
            or "one up or one down" in prompt
            or "copy which" in prompt
        ):
            return self._die_fallback(engine, view, choice, seat)
        # tokens and players
        if "status effect" in prompt and plan and plan.token in values:
            return choice.options[values.index(plan.token)].action
        if "to which player" in prompt and plan and plan.dest_seat in values:
            return choice.options[values.index(plan.dest_seat)].action
        if "choose a player" in prompt:
            if plan and plan.target_seat in values:
                return choice.options[values.index(plan.target_seat)].action
            return self._player_fallback(engine, view, choice, seat)
        if "status effect" in prompt:
            return self._token_fallback(view, choice, seat)
        if "discard which" in prompt:
            me = self.fighter(view, seat)
            return min(
                (o.action for o in choice.options),
                key=lambda a: self.keep_value(engine, view, me, a.get("option")),
            )
        if is_companion_share(choice):
            return companion_share(view, choice)
        # effect choices
        for option, label in zip(choice.options, labels, strict=True):
            if label.startswith("pay") and "cp" in label:
                return option.action
        if any("prevent half" in lab for lab in labels):
            return self._duel_choice(engine, view, choice)
        if "spend" in values:
            return choice.options[values.index("spend")].action
        if "take" in values:  # an extra Roll Attempt offered by another player never hurts
            return choice.options[values.index("take")].action
        act = self._choose_by_content(engine, view, choice)
        if act is not None:
            return act
        return choice.options[0].action

    def _choose_by_content(self, engine, view, choice):
        """A 'choose one' of some effect: find it in the content by its labels and take the
        option worth most (its effects valued against the opponent, plus what it prevents)."""
        index = self._choice_index(engine)
        labels = tuple(o.label for o in choice.options)
        found = index.get(frozenset(labels))
        if found is None:
            return None
        seat = choice.player
        me = self.fighter(view, seat)
        opp = self.fighter(view, self.main_opponent(view, seat))
        hero = self.env.content.heroes[me.hero]
        avoidable, _u, _a = self.projected(engine, seat)
        best, best_action = None, None
        ctx = model.WalkCtx(
            faces=model.hero_faces(hero), facts=model.facts_of(model.state_key(me, opp))
        )
        for option in choice.options:
            effects = found.get(option.label)
            if effects is None:
                continue
            branches = model.walk(effects, ctx)
            value = self.env.attack_value(branches, me, opp)
            for p, o in branches:
                sub = max(0, avoidable - o.prevent)
                value += p * (avoidable - max(0, sub - o.halve * model.half_up(sub)))
            if best is None or value > best:
                best, best_action = value, option.action
        return best_action

    def _choice_index(self, engine) -> dict:
        """{frozenset of option labels: {label: effects}} for every 'choose one' in content."""
        if self._shared is None or self._shared.content is not engine.content:
            self._prepare(engine)
        if self._shared.choices is not None:
            return self._shared.choices
        index: dict = {}

        def scan(effects) -> None:
            for fx in effects:
                if fx.verb == "choose_one":
                    labels = {opt["label"]: opt["effects"] for opt in fx["options"]}
                    index[frozenset(labels)] = labels
                    for opt in fx["options"]:
                        scan(opt["effects"])
                for key in ("effects", "else", "win", "lose"):
                    if key in fx:
                        scan(fx[key])

        content = engine.content
        for hero in content.heroes.values():
            for slot in hero.slots:
                for level in slot.levels.values():
                    for ability in level:
                        scan(ability.effects)
                        for row in ability.rows:
                            scan(row.effects)
                        for trig in ability.triggers:
                            scan(trig.effects)
        for card in content.cards.values():
            scan(card.effects)
        for sdef in content.statuses.values():
            if sdef.spend:
                scan(sdef.spend.effects)
            for trig in sdef.triggers:
                scan(trig.effects)
        self._shared.choices = index
        return index

    def _duel_choice(self, engine, view, choice):
        seat = choice.player
        avoidable, unstoppable, _ = self.projected(engine, seat)
        attacker = view.combat.attacker
        best, best_action = None, None
        for option in choice.options:
            label = option.label.lower()
            if "prevent half" in label:
                saved = model.half_up(max(0, avoidable))
                value = self._damage_points(
                    view, seat, avoidable + unstoppable
                ) - self._damage_points(view, seat, avoidable - saved + unstoppable)
            else:
                digits = [int(w) for w in label.split() if w.isdigit()]
                dealt = digits[0] if digits else 3
                value = (
                    self._hit_points(view, seat, attacker, dealt) if attacker is not None else dealt
                )
            if best is None or value > best:
                best, best_action = value, option.action
        return best_action

    def _reroll_fallback(self, view, choice, seat):
        return choice.options[0].action

    def _die_fallback(self, engine, view, choice, seat):
        return choice.options[0].action

    def _player_fallback(self, engine, view, choice, seat):
        values = [o.action.get("option") for o in choice.options]
        if seat in values and any("prevent" in fx.verb for fx in ()):  # pragma: no cover
            return choice.options[values.index(seat)].action
        opps = [v for v in values if v != seat and view.players[v].team != view.players[seat].team]
        if opps:
            target = min(opps, key=lambda s: view.players[s].health)
            return choice.options[values.index(target)].action
        return choice.options[0].action

    def _token_fallback(self, view, choice, seat):
        """A token to remove or move, with no plan: a negative status on our side or any other
        on theirs first, then one that would cost us. To remove one, a status helps its holder
        by its kind in the content (positive, companion and unique tokens). To move one, only
        Evasive and Reload count as helping, as before: moving by kind made the Tactician's
        3 Tactical Advantage take the Paladin's tokens and broke the balance targets (docs/
        balance.md, round 7), so that waits for a balance pass."""
        statuses = self.env.content.statuses
        by_kind = "remove" in choice.prompt.lower()
        me_team = view.players[seat].team
        best, best_action = None, None
        for option in choice.options:
            value = option.action.get("option")
            if not isinstance(value, str) or ":" not in value:
                continue
            holder, status = value.split(":", 1)
            holder_seat = int(holder)
            sdef = statuses.get(status)
            if by_kind:
                good = sdef is not None and sdef.kind != "negative"
            else:
                good = status in ("evasive", "reload")
            mine = view.players[holder_seat].team == me_team
            score = 1 if (mine and not good) or (not mine and good) else -1
            if best is None or score > best:
                best, best_action = score, option.action
        return best_action or choice.options[0].action

    def _choose_target(self, engine, view: MatchView, choice: PendingChoice):
        from game.ai.targeting import pick_target

        return pick_target(engine, view, choice, self._target_worth(view))

    def _target_worth(self, view: MatchView):
        """Points the attacker's activated ability is worth against a target (valued by the
        model, one opponent at a time), plus King of the Hill's bonus card for a Leader."""
        ability = view.combat.ability or view.combat.announced

        def worth(attacker: int, target: int) -> float:
            me = self.fighter(view, attacker)
            opp = self.fighter(view, target)
            t = self.turn(me, opp)
            value = 0.0
            for aid, _row, v in t.rows:
                if aid == ability:
                    value = max(value, v if isinstance(v, float) else max(v))
            if view.mode == "koth" and target in view.leaders and target != attacker:
                value += self._cardw
            return value - 0.01 * opp.health

        return worth

    def _targeting_evaluator(self, view: MatchView, seat: int, g):
        """The targeting die of a team game: each face valued by the target it gives (for the
        attacker's side; the other side wants the opposite)."""
        from game.ai.targeting import targeting_die_worth

        worth = self._target_worth(view)
        sign = 1.0 if view.players[g.owner].team == view.players[seat].team else -1.0
        memo: dict = {}

        def evaluate(dice):
            value = dice[g.group][0]
            if value not in memo:
                memo[value] = sign * targeting_die_worth(view, g.owner, value, worth)
            return memo[value]

        return evaluate

    def _order_triggers(self, engine, view, choice):
        return choice.options[0].action
