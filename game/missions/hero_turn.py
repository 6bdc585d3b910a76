"""A Hero's part of a Missions round: Hero Phase Part 1 (Upkeep, Income, Main 1, the Offensive
Roll), Target & Resolve, Hero Phase Part 2 (Main 2, Discard), defending against enemy Attacks,
Boost Tiles, Momentum actions and Allies.

The Hero's board comes from the same hero files as the duel: dice faces, ability rows,
requirements (`game.rules.dice.meets`) and effect lists; damage goes through the duel's Final
Damage Total (`game.rules.damage.final_damage`). The effect verbs are read by a Missions
interpreter (hero_effects.py) because the targets are enemies on a map, not duel seats; a verb
it cannot run yet is counted in `engine.unsupported` and announced, never silently dropped.
The parts of the turn live in the mixins hero_roll, hero_attack, hero_effects, hero_defense and
hero_resources; HeroTurn puts them together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.missions.hero_attack import AttackMixin
from game.missions.hero_defense import DefenseMixin
from game.missions.hero_effects import EffectsMixin
from game.missions.hero_resources import ResourcesMixin
from game.missions.hero_roll import RollMixin
from game.missions.state import HeroState
from game.missions.turn_base import ENEMY, HERO, Ctx, Driver, TurnBase
from game.rules.actions import Option, act

if TYPE_CHECKING:
    from game.missions.engine import MissionEngine


__all__ = ["ENEMY", "HERO", "Ctx", "Driver", "HeroTurn"]


class HeroTurn(ResourcesMixin, RollMixin, AttackMixin, EffectsMixin, DefenseMixin, TurnBase):
    """A Hero's part of the round; the phases are split over the mixins (hero_*.py)."""

    def __init__(self, engine: MissionEngine) -> None:
        self.e = engine

    # ------------------------------------------------------------ Hero Phase Part 1

    def part_one(self) -> Driver:
        """Upkeep and Income for everyone, then Main (1) with every Hero in it together (so
        Main Phase cards may reach any teammate, rule 37), then each Hero's Offensive Roll
        in turn order; a Hero who has rolled is "ready" (rule 38)."""
        e = self.e
        heroes = e.active_heroes()
        for hero in heroes:
            hero.phase = "upkeep"
            yield from self.upkeep(hero)
            if hero.defeated:
                continue
            if e.info.round > 1:
                hero.phase = "income"
                if hero.skip_income or hero.tokens.get("concussion"):
                    e.remove_status(hero, "concussion")
                    e.emit("concussion", f"{hero.name} skips Income.")
                else:
                    e.gain_cp(hero, 1)
                    e.draw(hero, 1)
                    yield from self.passives(hero, "income")
        heroes = [h for h in heroes if not h.defeated]
        for hero in heroes:
            hero.phase = "main1"
        for hero in heroes:
            yield from self.main_phase(hero, 1)
        for hero in heroes:
            if hero.defeated:
                continue
            hero.phase = "roll"
            yield from self.offensive_roll(hero)
            hero.phase = "ready"

    @staticmethod
    def slot_abilities(hero: HeroState, slot):
        """A slot's abilities at the Hero's level, from the cursed side once the board is
        flipped (as `game.rules.ops` reads a flipped duel board)."""
        side = slot.flipped if hero.flipped and slot.flipped else slot.levels
        return side.get(hero.levels.get(slot.id, 1), side[1])

    def hero_flags(self, hero: HeroState, ctx: Ctx | None = None) -> set[str]:
        """Flags the Hero holds now: from passive abilities at their level and, for one
        ability or spend, from `ctx` (granted by an effect)."""
        out = set(ctx.flags) if ctx is not None else set()
        for slot in self.e.hero_def(hero).slots:
            if slot.kind == "passive":
                for ability in self.slot_abilities(hero, slot):
                    out.update(ability.flags)
        return out

    def hero_setup(self, hero: HeroState) -> Driver:
        """The hero file's own setup (Nyra joins the Huntress, the Treant's first Seedling,
        the Artificer's Synth, the Pirate's Doubloon), as at the start of a duel."""
        hero_def = self.e.hero_def(hero)
        if hero_def.setup:
            yield from self.run(Ctx(hero, hero_def, [], kind="setup"), hero_def.setup)

    def teammates_in_phase(self, hero: HeroState) -> list[HeroState]:
        """Rule 37: the teammates this Hero may interact with now (same step of the round)."""
        return [
            h
            for h in self.e.active_heroes()
            if h is not hero and h.phase == hero.phase and hero.phase
        ]

    def passives(self, hero: HeroState, moment: str, ctx: Ctx | None = None) -> Driver:
        """The Hero's passive abilities that trigger at this moment (as in the duel)."""
        e = self.e
        hero_def = e.hero_def(hero)
        for slot in hero_def.slots:
            if slot.kind != "passive":
                continue
            for ability in self.slot_abilities(hero, slot):
                for trigger in ability.triggers:
                    if trigger.on != moment:
                        continue
                    here = ctx or Ctx(hero, hero_def, [])
                    if trigger.condition and not self.condition(here, trigger.condition):
                        continue
                    yield from self.run(here, trigger.effects)

    def upkeep(self, hero: HeroState) -> Driver:
        e = self.e
        yield from self.passives(hero, "upkeep")
        yield from self.own_token_upkeep(hero)
        total = 2 * hero.tokens.get("burn", 0) + hero.tokens.get("poison", 0)
        for _ in range(hero.tokens.get("bleed", 0)):
            if e.roll() <= 4:
                total += 1
            else:
                e.remove_status(hero, "bleed")
        if hero.tokens.get("disruption"):
            opts = [Option(act(hero.seat, "take_damage"), "Take 2 damage")]
            if hero.cp >= 1:
                opts.insert(0, Option(act(hero.seat, "lose_cp"), "Lose 1 CP"))
            a = yield from e.ask(
                hero.seat, "choose", "Disruption: lose 1 CP or take 2 damage?", opts
            )
            if a.kind == "lose_cp":
                e.gain_cp(hero, -1)
            else:
                total += 2
            e.remove_status(hero, "disruption")
        e.damage_hero(hero, total, "Upkeep statuses")

    def own_token_upkeep(self, hero: HeroState) -> Driver:
        """The `upkeep` triggers of the hero's own tokens (the Nanobot's detonation, Holy
        Presence, Fire Mastery leaving ...), with the duel's conditions and effects. The duel
        lets the player order several Upkeep effects; here they run in token-name order
        (none of today's own-token triggers depends on another). Damage "to the holder" hits
        the Hero; "every opponent" means every enemy the Hero touches."""
        e = self.e
        hero_def = e.hero_def(hero)
        for sid in sorted(hero.tokens):
            info = e.content.statuses.get(sid)
            if sid in e.db.statuses or info is None:
                continue  # the Missions statuses (Burn, Poison ...) have their own rules below
            for trigger in info.triggers:
                if trigger.on != "upkeep" or not hero.tokens.get(sid) or hero.defeated:
                    continue
                ctx = Ctx(hero, hero_def, [], kind="upkeep", window="upkeep")
                ctx.vars.update(tokens=hero.tokens[sid], self_status=sid)
                if trigger.condition and not self.condition(ctx, trigger.condition):
                    continue
                yield from self.run(ctx, trigger.effects)
                e.damage_hero(hero, ctx.self_damage, info.name)
                for value, _type in ctx.damage:
                    for enemy in e.living_enemies():
                        if e.touching(hero.pos, enemy):
                            e.damage_enemy(enemy, value, info.name)

    def main_phase(self, hero: HeroState, which: int) -> Driver:
        e = self.e
        while True:
            opts = [Option(act(hero.seat, "done"), "End the Main Phase")]
            hero_def = e.hero_def(hero)
            for i, card_id in enumerate(hero.hand):
                card = e.content.cards[card_id]
                if card.type == "upgrade" and card.upgrade_slot in hero.levels:
                    cost = self.upgrade_cost(hero, card)
                    if card.upgrade_level > hero.levels[card.upgrade_slot] and cost <= hero.cp:
                        opts.append(
                            Option(
                                act(hero.seat, "upgrade", index=i), f"Play {card.name} ({cost} CP)"
                            )
                        )
                if card.cost <= hero.cp and self.card_fits(hero, card, "main"):
                    opts.append(
                        Option(
                            act(hero.seat, "play", index=i), f"Play {card.name} ({card.cost} CP)"
                        )
                    )
                opts.append(Option(act(hero.seat, "sell", index=i), f"Sell {card.name} for 1 CP"))
            opts += self.token_spends(hero, "main", Ctx(hero, hero_def, [], window="main"))
            for action in self.momentum_actions(hero, "main"):
                if action.id == "recruit_ally":
                    for ally_id in e.info.ally_hq:
                        ally = e.db.allies[ally_id]
                        if ally.cost <= hero.momentum:
                            opts.append(
                                Option(
                                    act(hero.seat, "recruit", ally=ally_id),
                                    f"Recruit {ally.name} ({ally.cost} Momentum)",
                                )
                            )
                else:
                    opts.append(
                        Option(
                            act(hero.seat, "momentum", action=action.id),
                            f"{action.text} ({action.cost} Momentum)",
                        )
                    )
            for ally_id in hero.allies:
                ally = e.db.allies[ally_id]
                if ally.exhaust and (
                    ally.exhaust.phase == "main"
                    or (
                        ally.exhaust.phase == "instant"
                        and not any(fx["do"] == "prevent_damage" for fx in ally.exhaust.effects)
                    )
                ):
                    opts.append(
                        Option(act(hero.seat, "exhaust", ally=ally_id), f"Exhaust {ally.name}")
                    )
            a = yield from e.ask(
                hero.seat,
                "main_phase",
                f"{hero.name}: Main Phase ({which})",
                opts,
                hero=hero_def.id,
            )
            if a.kind == "done":
                return
            if a.kind == "upgrade":
                card = e.content.cards[hero.hand.pop(a.get("index"))]
                hero.cp -= self.upgrade_cost(hero, card)
                hero.levels[card.upgrade_slot] = card.upgrade_level
                hero.discard.append(card.id)
                e.emit("upgrade", f"{hero.name} upgrades with {card.name}.")
            elif a.kind == "sell":
                hero.discard.append(hero.hand.pop(a.get("index")))
                e.gain_cp(hero, 1)
            elif a.kind == "play":
                yield from self.play_main_card(hero, a.get("index"))
            elif a.kind == "spend_token":
                spending = Ctx(hero, hero_def, [], kind="token", window="main")
                yield from self.spend_token(hero, a.get("status"), spending, "main")
            elif a.kind == "recruit":
                yield from self.recruit(hero, ally_id=a.get("ally"))
            elif a.kind == "momentum":
                self.use_momentum(hero, a.get("action"))
            elif a.kind == "exhaust":
                ally = e.db.allies[a.get("ally")]
                self.send_away(hero, ally.id)
                self.simple_effects(hero, ally.exhaust.effects)
                e.emit("exhaust", f"{hero.name} exhausts {ally.name}.")

    # Hero cards in Missions (the duel's card files, read by this interpreter). A card fits
    # a window when it may be played then and every effect has a Missions meaning:
    #   main        Main Phase and Instant cards (self, one enemy, every enemy, or a Hero in
    #               the same phase - rule 37)
    #   roll        Roll Phase cards that change your own dice or add Roll Attempts, during
    #               your Offensive Roll
    #   attack      Roll Phase Attack Modifiers (add damage, statuses ...), in Target & Resolve
    #               once the target is chosen
    #   enemy_dice  Roll Phase cards that change any die, on the Enemy Dice (rule 62)
    #   damage      Instant cards played while damage is heading for you
    CARD_VERBS = frozenset(
        {
            "heal",
            "gain_status",
            "draw",
            "gain_cp",
            "inflict_status",
            "deal_damage",
            "remove_status",
            "steal_cp",
            "steal_health",
            "grow",
            "flip_board",
            "raise_stack_limit",
            "heal_companion",
        }
    )
    CARD_TARGETS = frozenset({None, "self", "chosen_opponent", "all_opponents", "chosen_player"})
    ATTACK_VERBS = frozenset(
        {"add_damage", "inflict_status", "gain_status", "roll", "if", "on", "make_undefendable"}
    )
    MAIN_WHEN = frozenset({"status_in_play"})
    ROLL_WHEN = frozenset(
        {
            "own_offensive_roll",
            "offensive_roll_open",
            "own_alterable_die",
            "team_alterable_die",
            "alterable_die",
        }
    )

    def card_fits(self, hero: HeroState, card, window: str) -> bool:
        if card.type == "upgrade" or not card.effects:
            return False
        whens = {w for w, _n in card.play_when}
        verbs = {fx.verb for fx in card.effects}
        if window == "main":
            if card.type not in ("main", "instant") or whens - self.MAIN_WHEN:
                return False
            if not all(
                fx.verb in self.CARD_VERBS and fx.get("target") in self.CARD_TARGETS
                for fx in card.effects
            ):
                return False
            return "status_in_play" not in whens or any(
                x.tokens for x in [*self.e.heroes, *self.e.living_enemies()]
            )
        if card.type != "roll":
            if window == "teammate_damage":  # a card that protects any chosen player
                return (
                    card.type == "instant"
                    and "someone_taking_damage" in whens
                    and verbs == {"prevent_damage"}
                    and all(fx.get("target") == "chosen_player" for fx in card.effects)
                )
            if window == "damage":
                return (
                    card.type == "instant"
                    and "someone_taking_damage" in whens
                    and verbs <= {"prevent_damage", "gain_status", "draw"}
                )
            return False
        if window == "roll":
            return bool(whens & self.ROLL_WHEN) and verbs <= {"alter_dice", "extra_roll_attempts"}
        if window == "attack":
            return "own_attack" in whens and verbs <= self.ATTACK_VERBS
        if window == "enemy_dice":
            return (
                "alterable_die" in whens
                and verbs == {"alter_dice"}
                and all(
                    fx.get("whose") == "any"
                    and fx.get("mode") in ("reroll", "set_any", "adjust_one")
                    for fx in card.effects
                )
            )
        return False

    def playable_in_missions(self, card) -> bool:
        """Kept for callers from before the card windows: a Main Phase card that fits."""
        return card.type == "main" and self.card_fits(self.e.heroes[0], card, "main")

    def card_options(self, hero: HeroState, window: str) -> list[Option]:
        out = []
        for i, card_id in enumerate(hero.hand):
            card = self.e.content.cards[card_id]
            if card.cost <= hero.cp and self.card_fits(hero, card, window):
                out.append(
                    Option(act(hero.seat, "play", index=i), f"Play {card.name} ({card.cost} CP)")
                )
        return out

    def pay_card(self, hero: HeroState, index: int):
        e = self.e
        card = e.content.cards[hero.hand.pop(index)]
        hero.cp -= card.cost
        hero.discard.append(card.id)
        e.emit("card", f"{hero.name} plays {card.name}.", card=card.id)
        return card

    def choose_player(self, hero: HeroState, prompt: str) -> Driver:
        """A "chosen player" on a Hero card: yourself or a teammate in the same phase (rule 37);
        enemies are never chosen by these helping effects."""
        heroes = [hero, *self.teammates_in_phase(hero)]
        opts = [Option(act(hero.seat, "choose_hero", hero=h.seat), h.name) for h in heroes]
        a = yield from self.e.ask(hero.seat, "choose", prompt, opts)
        return self.e.heroes[a.get("hero")]

    def play_main_card(self, hero: HeroState, index: int) -> Driver:
        """A Main Phase or Instant card: not an Attack, so any enemy may be chosen (rule 43)
        and a status may be swapped for Momentum (rule 49); damage to every enemy is not an
        Attack either; a chosen player is you or a teammate in your phase (rule 37)."""
        e = self.e
        card = self.pay_card(hero, index)
        target = None
        if any(
            fx.get("target") == "chosen_opponent" or fx.verb == "steal_health"
            for fx in card.effects
        ):
            enemies = e.living_enemies()
            if enemies:
                opts = [
                    Option(act(hero.seat, "target", enemy=e.enemies.index(x)), f"{x.name}")
                    for x in enemies
                ]
                a = yield from e.ask(hero.seat, "choose", f"{card.name}: which enemy?", opts)
                target = e.enemies[a.get("enemy")]
        for fx in card.effects:
            ctx = Ctx(hero, e.hero_def(hero), [], target, "card")
            if fx.get("target") == "all_opponents":
                for enemy in e.living_enemies():
                    e.damage_enemy(enemy, self.amount(ctx, fx["amount"]), card.name)
                continue
            if fx.get("target") == "chosen_player":
                mate = yield from self.choose_player(hero, f"{card.name}: which Hero?")
                ctx = Ctx(mate, e.hero_def(mate), [], None, "card")
                fx = {k: v for k, v in dict(fx).items() if k != "target"}
            yield from self.run(ctx, (fx,))
            if ctx.damage and target is not None:
                e.damage_enemy(target, sum(a for a, _t in ctx.damage), card.name)

    def upgrade_cost(self, hero: HeroState, card) -> int:
        """Going from level II to III costs only the difference (as in the duel)."""
        current = hero.levels.get(card.upgrade_slot, 1)
        if current <= 1:
            return card.cost
        for cid, _n in self.e.hero_def(hero).deck:
            other = self.e.content.cards[cid]
            if other.upgrade_slot == card.upgrade_slot and other.upgrade_level == current:
                return max(0, card.cost - other.cost)
        return card.cost

    # ------------------------------------------------------------ Hero Phase Part 2

    def part_two(self) -> Driver:
        e = self.e
        for hero in e.active_heroes():
            yield from self.main_phase(hero, 2)
            while len(hero.hand) > 6:
                opts = [
                    Option(act(hero.seat, "sell", index=i), f"Sell {c}")
                    for i, c in enumerate(hero.hand)
                ]
                a = yield from e.ask(hero.seat, "discard", "Sell down to 6 cards", opts)
                hero.discard.append(hero.hand.pop(a.get("index")))
                e.gain_cp(hero, 1)
            for status in ("hex", "silence"):
                e.remove_status(hero, status)
