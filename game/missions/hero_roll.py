"""A Hero's Offensive Roll in Hero Phase Part 1 of a Missions round (part of HeroTurn)."""

from __future__ import annotations

from itertools import combinations

from game.missions.state import HeroState
from game.missions.turn_base import Ctx, Driver, TurnBase
from game.rules.actions import Option, act
from game.rules.dice import meets


class RollMixin(TurnBase):
    """The Offensive Roll: ability rows, Roll Attempts, kickers."""

    # ------------------------------------------------------------ the Offensive Roll

    def rows(self, hero: HeroState):
        """Every offensive and ultimate row on the Hero's board at its current levels."""
        hero_def = self.e.hero_def(hero)
        out = []
        for slot in hero_def.slots:
            if slot.kind not in ("offensive", "ultimate"):
                continue
            for ability in self.slot_abilities(hero, slot):
                for index, row in enumerate(ability.rows):
                    out.append((ability, index, row))
        return out

    def usable_values(self, hero: HeroState, dice: list[int]) -> list[int]:
        """Hex turns every 6 into a blank face."""
        return [v for v in dice if not (hero.tokens.get("hex") and v == 6)]

    def met_rows(self, hero: HeroState, dice: list[int]):
        hero_def = self.e.hero_def(hero)
        values = self.usable_values(hero, dice)
        out = []
        for ability, index, row in self.rows(hero):
            if hero.tokens.get("silence") and row.requirement.straight:
                continue
            if meets(row.requirement, hero_def, values):
                out.append((ability, index, row))
        return out

    def offensive_roll(self, hero: HeroState) -> Driver:
        e = self.e
        if hero.tokens.get("knockdown"):
            e.remove_status(hero, "knockdown")
            opts = [Option(act(hero.seat, "skip_roll"), "Skip your Offensive Roll")]
            if hero.cp >= 2:
                opts.insert(0, Option(act(hero.seat, "pay_cp"), "Pay 2 CP"))
            a = yield from e.ask(hero.seat, "choose", "Knockdown: pay 2 CP or skip the roll?", opts)
            if a.kind == "skip_roll":
                return
            hero.cp -= 2
        attempts = 3 - (1 if hero.tokens.get("entangle") else 0)
        dice = [e.roll() for _ in range(5)]
        used = 1
        rolling = Ctx(hero, e.hero_def(hero), dice, window="own_roll")
        while True:
            attempts += rolling.extra_attempts
            rolling.extra_attempts = 0
            opts = [Option(act(hero.seat, "stop"), "Keep these dice")]
            if used < attempts:
                for n in range(1, 6):
                    for combo in combinations(range(5), n):
                        opts.append(
                            Option(act(hero.seat, "reroll", dice=combo), f"Re-roll dice {combo}")
                        )
            for action in self.momentum_actions(hero, "roll"):
                for i in range(5):
                    opts.append(
                        Option(
                            act(hero.seat, "momentum_reroll", die=i),
                            f"Re-roll die {i} ({action.cost} Momentum)",
                        )
                    )
            opts += self.card_options(hero, "roll")
            opts += self.token_spends(hero, "own_roll", rolling)
            a = yield from e.ask(
                hero.seat,
                "offensive_roll",
                f"{hero.name}: Offensive Roll",
                opts,
                dice=tuple(dice),
                attempts_left=attempts - used,
                hero=hero.hero,
                levels=dict(hero.levels),
            )
            if a.kind == "stop":
                break
            if a.kind == "reroll":
                used += 1
                for i in a.get("dice"):
                    dice[i] = e.roll()
            elif a.kind == "play":
                card = self.pay_card(hero, a.get("index"))
                yield from self.run(rolling, card.effects)
            elif a.kind == "spend_token":
                yield from self.spend_token(hero, a.get("status"), rolling, "own_roll")
            else:
                self.use_momentum(hero, "reroll_own_die")
                dice[a.get("die")] = e.roll()
        if hero.tokens.get("barbed_vine"):
            if used > 1:
                e.damage_hero(hero, 2, "Barbed Vine")
            e.remove_status(hero, "barbed_vine")
        e.remove_status(hero, "entangle")
        # announce an ability (or none)
        opts = [Option(act(hero.seat, "no_ability"), "Activate nothing")]
        for ability, index, row in self.met_rows(hero, dice):
            opts.append(
                Option(
                    act(hero.seat, "activate", ability=ability.id, row=index),
                    f"{ability.name}: {row.text or ability.text}",
                )
            )
        for ally_id in hero.allies:
            ally = e.db.allies[ally_id]
            if ally.offensive and meets(
                ally.offensive.requirement, e.hero_def(hero), self.usable_values(hero, dice)
            ):
                opts.append(
                    Option(
                        act(hero.seat, "activate_ally", ally=ally_id),
                        f"{ally.offensive.name} ({ally.name})",
                    )
                )
        a = yield from e.ask(
            hero.seat, "announce", f"{hero.name}: activate which ability?", opts, dice=tuple(dice)
        )
        attack: dict | None = None
        if a.kind == "activate":
            attack = {"ability": a.get("ability"), "row": a.get("row"), "dice": list(dice)}
        elif a.kind == "activate_ally":
            attack = {"ally": a.get("ally"), "dice": list(dice)}
        if attack is not None and hero.tokens.get("blind"):
            e.remove_status(hero, "blind")
            if e.roll() <= 2:
                e.emit("blind", f"{hero.name} is Blind: the roll fails.")
                attack = None
        if attack is not None:
            yield from self.kickers(hero, attack)
            e.emit("ready", f"{hero.name} is ready to attack.")
        concluded = Ctx(hero, e.hero_def(hero), list(dice), attempts=used)
        concluded.ability_id = (attack or {}).get("ability", "")
        yield from self.passives(hero, "offensive_roll_concluded", concluded)
        hero.attack = attack
        if attack is None:
            e.remove_status(hero, "paralyze")

    def kickers(self, hero: HeroState, attack: dict) -> Driver:
        """Ally kickers (once per round, when their requirement is met) and +Exhaust."""
        e = self.e
        values = self.usable_values(hero, attack["dice"])
        attack["kickers"] = []
        for ally_id in list(hero.allies):
            ally = e.db.allies[ally_id]
            used_power = attack.get("ally") == ally_id
            if ally.kicker and (
                ally.kicker.requirement is None
                or meets(ally.kicker.requirement, e.hero_def(hero), values)
            ):
                attack["kickers"].append(ally_id)
                used_power = True
            if used_power and ally.plus_exhaust:
                opts = [
                    Option(act(hero.seat, "keep_ally"), f"Keep {ally.name}"),
                    Option(
                        act(hero.seat, "plus_exhaust", ally=ally_id),
                        f"Exhaust {ally.name} for more",
                    ),
                ]
                a = yield from e.ask(hero.seat, "choose", f"Also exhaust {ally.name}?", opts)
                if a.kind == "plus_exhaust":
                    attack["plus"] = ally_id
