"""A Hero's part of a Missions round: Hero Phase Part 1 (Upkeep, Income, Main 1, the Offensive
Roll), Target & Resolve, Hero Phase Part 2 (Main 2, Discard), defending against enemy Attacks,
Boost Tiles, Momentum actions and Allies.

The Hero's board comes from the same hero files as the duel: dice faces, ability rows,
requirements (`game.rules.dice.meets`) and effect lists; damage goes through the duel's Final
Damage Total (`game.rules.damage.final_damage`). The effect verbs are read by a Missions
interpreter (below) because the targets are enemies on a map, not duel seats; a verb it cannot
run yet is counted in `engine.unsupported` and announced, never silently dropped.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from game.content.defs import AbilityDef, HeroDef
from game.missions.state import EnemyState, HeroState
from game.rules.actions import Action, Option, PendingChoice, act
from game.rules.components import DamageInstance, DamageMod
from game.rules.damage import final_damage
from game.rules.dice import meets, symbols_of

if TYPE_CHECKING:
    from game.missions.engine import MissionEngine

Driver = Generator[PendingChoice, Action, Any]
ENEMY, HERO = 1, 2  # damage pool target ids


@dataclass(slots=True)
class Ctx:
    hero: HeroState
    hero_def: HeroDef
    dice: list[int]
    target: EnemyState | None = None
    kind: str = "offensive"  # offensive | ultimate | defensive | ally
    damage_type: str = "normal"
    damage: list[tuple[int, str]] = field(default_factory=list)  # to the target
    self_damage: int = 0
    added: int = 0
    prevent: int = 0  # defense: flat prevention of incoming damage
    halve: bool = False  # defense: prevent half of the incoming damage
    undefendable: bool = False
    after: list = field(default_factory=list)
    later: list = field(default_factory=list)
    no_status: bool = False  # Paralyze
    ability_id: str = ""
    flags: set = field(default_factory=set)
    attempts: int = 0  # Roll Attempts used (passives that count them)
    dealt: int = 0  # damage that landed on the target (for "after damage" conditions)
    window: str = ""  # own_attack | incoming_damage when a token or card is spent
    avoid: bool = False  # incoming damage avoided entirely (Smoke Bomb)
    extra_attempts: int = 0  # Roll Attempts added by cards during the Offensive Roll
    vars: dict = field(default_factory=dict)  # values recorded by effects ("record")


class HeroTurn:
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

    # ------------------------------------------------------------ Momentum and Allies

    def momentum_actions(self, hero: HeroState, phase: str):
        out = []
        for action in self.e.db.momentum_levels[hero.momentum_level]:
            if action.phase != phase or action.cost > hero.momentum:
                continue
            if action.per_round and hero.used_this_round.get(action.id, 0) >= action.per_round:
                continue
            if action.id == "recruit_ally" and not self.e.info.ally_hq:
                continue
            out.append(action)
        return out

    def momentum_cost(self, hero: HeroState, action_id: str) -> int | None:
        for action in self.e.db.momentum_levels[hero.momentum_level]:
            if action.id == action_id:
                return action.cost
        return None

    def use_momentum(self, hero: HeroState, action_id: str) -> None:
        cost = self.momentum_cost(hero, action_id) or 0
        hero.momentum -= cost
        hero.used_this_round[action_id] = hero.used_this_round.get(action_id, 0) + 1
        if action_id == "gain_cp":
            self.e.gain_cp(hero, 1)
        elif action_id == "heal":
            self.e.heal(hero, 3)
        elif action_id == "gain_range":
            hero.has_range = True
        self.e.emit("momentum", f"{hero.name} spends {cost} Momentum ({action_id}).")

    def recruit(self, hero: HeroState, ally_id: str | None = None, free: bool = False) -> Driver:
        """Recruit from the Ally HQ (rules 82-83); the HQ refills at once."""
        e = self.e
        info = e.info
        if ally_id is None:
            opts = [
                Option(act(hero.seat, "recruit", ally=a), e.db.allies[a].name) for a in info.ally_hq
            ]
            if not opts:
                return
            ally_id = (yield from e.ask(hero.seat, "choose", "Recruit which Ally?", opts)).get(
                "ally"
            )
        ally = e.db.allies[ally_id]
        if len(hero.allies) >= hero.ally_limit:
            opts = [
                Option(act(hero.seat, "release", ally=a), f"Send {e.db.allies[a].name} away")
                for a in hero.allies
            ]
            a = yield from e.ask(
                hero.seat,
                "choose",
                "At your Ally limit: which one goes to the bottom of the deck?",
                opts,
            )
            self.send_away(hero, a.get("ally"))
        if not free:
            hero.momentum -= ally.cost
        info.ally_hq.remove(ally_id)
        if info.ally_deck:
            info.ally_hq.append(info.ally_deck.pop(0))
        hero.allies.append(ally_id)
        e.emit("recruit", f"{hero.name} recruits {ally.name}.")
        self.simple_effects(hero, ally.recruit)

    def send_away(self, hero: HeroState, ally_id: str) -> None:
        hero.allies.remove(ally_id)
        self.e.info.ally_deck.append(ally_id)

    def simple_effects(self, hero: HeroState, effects, ctx: Ctx | None = None) -> None:
        """Missions-file effects that ask nothing (Allies, Boost rewards, objectives)."""
        e = self.e
        for fx in effects:
            verb = fx["do"]
            if verb == "gain_momentum":
                e.gain_momentum(hero, fx["amount"])
            elif verb == "gain_cp":
                e.gain_cp(hero, fx["amount"])
            elif verb == "heal":
                e.heal(hero, fx["amount"])
            elif verb == "draw":
                e.draw(hero, fx["count"])
            elif verb == "gain_status":
                e.add_status(hero, fx["status"], fx.get("count", 1), fx.get("amount", 2))
            elif verb == "remove_status":
                for sid in list(hero.tokens):
                    info = e.db.statuses.get(sid)
                    if info and info.kind == "negative" and info.removable:
                        e.remove_status(hero, sid)
                        break
            elif verb == "gain_range":
                hero.has_range = True
            elif ctx is not None and verb == "add_damage":
                ctx.added += fx["amount"]
            elif ctx is not None and verb == "prevent_damage":
                ctx.prevent += fx["amount"]
            elif ctx is not None and verb == "deal_damage":
                ctx.damage.append((fx["amount"], fx.get("type", "normal")))
            elif ctx is not None and verb == "inflict_status":
                if ctx.target is not None and not ctx.no_status:
                    e.add_status(ctx.target, fx["status"], fx.get("count", 1))
            else:
                raise ValueError(f"effect '{verb}' cannot be used here")

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

    # ------------------------------------------------------------ Target & Resolve

    def ability(self, hero: HeroState, ability_id: str) -> AbilityDef:
        for ability, _i, _row in self.rows(hero):
            if ability.id == ability_id:
                return ability
        raise KeyError(ability_id)

    def attack_effects(self, hero: HeroState, attack: dict):
        e = self.e
        if "ally" in attack:
            power = e.db.allies[attack["ally"]].offensive
            return "ally", power.effects, power.ranged
        ability = self.ability(hero, attack["ability"])
        return ability.kind, ability.rows[attack["row"]].effects, False

    @staticmethod
    def is_attack(effects, kind: str) -> bool:
        """An ability that deals at least 1 non-collateral damage to an opponent (rule 41)."""
        for fx in effects:
            verb = fx["do"]
            if (
                verb == "deal_damage"
                and fx.get("target", "opponent") not in ("self",)
                and fx.get("type") != "collateral"
            ):
                return True
            for key in ("effects", "else"):
                if key in fx and HeroTurn.is_attack(fx[key], kind):
                    return True
            for option in fx.get("options", ()):
                if HeroTurn.is_attack(option["effects"], kind):
                    return True
        return False

    def target_and_resolve(self) -> Driver:
        e = self.e
        for hero in e.active_heroes():
            again = yield from self.target_and_resolve_one(hero)
            while again and not hero.defeated and not e.info.over:
                # restart_offensive_roll (Tactician's Profiteer): that Offensive Roll counts
                # as finished, and the Hero rolls and resolves once more at once
                e.emit("restart_roll", f"{hero.name} starts a new Offensive Roll.")
                hero.phase = "roll"
                yield from self.offensive_roll(hero)
                hero.phase = "ready"
                again = yield from self.target_and_resolve_one(hero)

    def target_and_resolve_one(self, hero: HeroState) -> Driver:
        """Choose a target for the Hero's rolled ability and resolve it; True when the
        ability asked for a new Offensive Roll."""
        e = self.e
        again = False
        attack = hero.attack
        if attack is None:
            return False
        kind, effects, ranged = self.attack_effects(hero, attack)
        is_attack = self.is_attack(effects, kind)
        enemies = [x for x in e.living_enemies()]
        target = None
        while True:
            free = kind == "ultimate" or not is_attack or ranged or hero.has_range
            options = []
            for i, enemy in enumerate(e.enemies):
                if enemy in enemies and (free or e.touching(hero.pos, enemy)):
                    options.append(
                        Option(
                            act(hero.seat, "target", enemy=i),
                            f"Target {enemy.name} ({enemy.health} Health)",
                        )
                    )
            if free:
                options.append(Option(act(hero.seat, "no_target"), "Resolve without a target"))
            cost = self.momentum_cost(hero, "gain_range")
            if not free and cost is not None and cost <= hero.momentum:
                options.append(
                    Option(act(hero.seat, "buy_range"), f"Spend {cost} Momentum for Range")
                )
            if not options:
                e.emit("no_target", f"{hero.name} has no adjacent enemy: the Attack does nothing.")
                break
            for feat in hero.feats:
                if (
                    is_attack
                    and feat in ("feat_add_die", "feat_undefendable")
                    and not attack.get("feat")
                ):
                    options.append(
                        Option(act(hero.seat, "feat", feat=feat), f"Use the Feat {feat}")
                    )
            if is_attack and hero.tokens.get("flight") and "flight" not in attack:
                options.append(
                    Option(act(hero.seat, "spend_flight"), "Spend Flight (a 6 on 2 dice)")
                )
            a = yield from e.ask(
                hero.seat,
                "choose_target",
                f"{hero.name}: choose a target",
                options,
                attack=dict(attack),
            )
            if a.kind == "buy_range":
                self.use_momentum(hero, "gain_range")
                continue
            if a.kind == "feat":
                hero.feats.remove(a.get("feat"))
                attack["feat"] = a.get("feat")
                continue
            if a.kind == "spend_flight":
                e.remove_status(hero, "flight")
                attack["flight"] = 6 in (e.roll(), e.roll())
                e.emit("flight", f"{hero.name} takes flight: {attack['flight']}.")
                continue
            target = e.enemies[a.get("enemy")] if a.kind == "target" else None
            ctx = yield from self.resolve_attack(hero, attack, kind, effects, target, is_attack)
            again = ctx is not None and "restart_offensive_roll" in ctx.flags
            break
        hero.attack = None
        e.remove_status(hero, "paralyze")
        return again

    def resolve_attack(self, hero, attack, kind, effects, target, is_attack) -> Driver:
        e = self.e
        hero_def = e.hero_def(hero)
        if is_attack and hero.tokens.get("dominance"):
            roll = e.roll()
            if roll in (1, 6):
                e.remove_status(hero, "dominance")
            if roll == 1:
                mates = [h for h in e.active_heroes() if h is not hero]
                if mates:
                    e.emit(
                        "dominance", f"Dominance: {hero.name}'s Attack turns on {mates[0].name}."
                    )
                    ctx = Ctx(hero, hero_def, list(attack["dice"]), None, kind)
                    yield from self.run(ctx, effects)
                    e.damage_hero(mates[0], sum(a for a, _t in ctx.damage) + ctx.added, "Dominance")
                    return None
                if hero.hand:
                    lost = hero.hand.pop(_pick(e, len(hero.hand)))
                    hero.discard.append(lost)
        ctx = Ctx(hero, hero_def, list(attack["dice"]), target, kind)
        ctx.damage_type = "ultimate" if kind == "ultimate" else "normal"
        ctx.no_status = bool(hero.tokens.get("paralyze"))
        ctx.ability_id = attack.get("ability", "")
        e.emit(
            "resolve",
            f"{hero.name} resolves their ability" + (f" on {target.name}." if target else "."),
        )
        yield from self.run(ctx, effects)
        if is_attack and target is not None:
            yield from self.passives(hero, "attacking", ctx)
        for ally_id in attack.get("kickers", []):
            if ally_id in hero.allies:
                self.simple_effects(hero, e.db.allies[ally_id].kicker.effects, ctx)
        if attack.get("plus") in hero.allies:
            ally = e.db.allies[attack["plus"]]
            self.send_away(hero, ally.id)
            self.simple_effects(hero, ally.plus_exhaust.effects, ctx)
        if attack.get("feat") == "feat_add_die":
            ctx.added += e.roll()
        if attack.get("feat") == "feat_undefendable" or attack.get("flight"):
            ctx.undefendable = True
        if is_attack and ctx.damage and target is not None:
            yield from self.attack_modifiers(hero, ctx)
        if target is not None and ctx.damage:
            self.land_on_enemy(hero, target, ctx, is_attack)
        if ctx.self_damage:
            e.damage_hero(hero, ctx.self_damage, "own ability")
        for fx_list in ctx.after:
            yield from self.run(ctx, fx_list)
            if target is not None and ctx.damage:
                self.land_on_enemy(hero, target, ctx, False)
            if ctx.self_damage:
                e.damage_hero(hero, ctx.self_damage, "own ability")
        if ctx.later:
            yield from self.run(ctx, ctx.later)
        return ctx

    def token_spends(self, hero: HeroState, window: str, ctx: Ctx) -> list[Option]:
        """The Hero's own tokens (Chi, Reload, Protect ...) that may be spent in this window
        (own_attack or incoming_damage), by the duel's spend definitions. The Missions
        statuses (Shield, Evasive, Flight, Bonus Damage) are offered by their own rules."""
        e = self.e
        out = []
        for sid, count in sorted(hero.tokens.items()):
            if count <= 0 or sid in e.db.statuses:
                continue
            info = e.content.statuses.get(sid)
            spend = info.spend if info else None
            whens = self.SPEND_WHENS.get(window, {window})
            if spend is None or not whens & set(spend.when):
                continue
            fresh_only = count <= hero.used_this_round.get(f"gained:{sid}", 0)
            if fresh_only and not (whens & set(spend.when)) - set(spend.not_on_turn_gained):
                # every token held was gained this round: windows in `not_on_turn_gained`
                # stay shut until a later round (a new Seedling rests, as in the duel)
                continue
            if any(hero.tokens.get(c, 0) < n for c, n in spend.cost):
                continue
            if spend.per_phase and ctx.vars.get(f"spent:{sid}", 0) >= spend.per_phase:
                continue  # a Bot acts at most this often in one window
            if spend.once_per_turn and hero.used_this_round.get(f"spend:{sid}"):
                continue
            if not ctx.dice and _uses(spend.effects, "alter_dice"):
                continue  # nothing to re-roll in this window (a Seedling in a Main Phase)
            if spend.condition is not None:
                ctx.window = window
                if not self.condition(ctx, spend.condition):
                    continue
            out.append(Option(act(hero.seat, "spend_token", status=sid), f"Spend {info.name}"))
        return out

    # a Missions window -> the duel spend windows it stands for
    SPEND_WHENS = {
        "main": {"own_main_phase", "any_time"},
        "own_roll": {"any_time"},  # during your own Offensive Roll (a Seedling's re-roll)
        "incoming_damage": {"incoming_damage", "attacked"},  # only enemy Attacks get here
    }

    def spend_token(self, hero: HeroState, sid: str, ctx: Ctx, window: str) -> Driver:
        e = self.e
        spend = e.content.statuses[sid].spend
        if not spend.keep:
            e.remove_status(hero, sid)
        for cost_sid, n in spend.cost:
            e.remove_status(hero, cost_sid, n)
        ctx.window = window
        ctx.vars[f"spent:{sid}"] = ctx.vars.get(f"spent:{sid}", 0) + 1
        hero.used_this_round[f"spend:{sid}"] = hero.used_this_round.get(f"spend:{sid}", 0) + 1
        e.emit("spend", f"{hero.name} spends {e.content.statuses[sid].name}.")
        yield from self.run(ctx, spend.effects)

    def attack_modifiers(self, hero: HeroState, ctx: Ctx) -> Driver:
        """Before an Attack's damage lands: the Hero chooses which Bonus Damage tokens to
        spend, spends their own Attack-modifier tokens and plays Roll Phase Attack Modifier
        cards (one question at a time, "done" first)."""
        e = self.e
        while True:
            opts = [Option(act(hero.seat, "done"), "Resolve the damage")]
            for i, value in enumerate(hero.bonus):
                if value not in hero.bonus[:i]:
                    opts.append(
                        Option(
                            act(hero.seat, "spend_bonus", index=i), f"Spend +{value} Bonus Damage"
                        )
                    )
            opts += self.token_spends(hero, "own_attack", ctx)
            opts += self.card_options(hero, "attack")
            if len(opts) == 1:
                return
            a = yield from e.ask(
                hero.seat,
                "attack_modifiers",
                f"{hero.name}: add to the Attack?",
                opts,
                base=sum(x for x, _t in ctx.damage) + ctx.added,
            )
            if a.kind == "done":
                return
            if a.kind == "spend_bonus":
                value = hero.bonus.pop(a.get("index"))
                hero.tokens["bonus_damage"] -= 1
                if not hero.tokens["bonus_damage"]:
                    del hero.tokens["bonus_damage"]
                ctx.added += value
                e.emit("bonus_damage", f"{hero.name} spends +{value} Bonus Damage.")
            elif a.kind == "spend_token":
                yield from self.spend_token(hero, a.get("status"), ctx, "own_attack")
            else:
                card = self.pay_card(hero, a.get("index"))
                ctx.window = "own_attack"
                yield from self.run(ctx, card.effects)

    def land_on_enemy(self, hero: HeroState, enemy: EnemyState, ctx: Ctx, is_attack: bool) -> None:
        """The Final Damage Total against an enemy: Attack Modifiers, the Boss Defense (unique
        defense last), then the enemy AI's Evasive, Flight and Shields (rules 54, 98, 121-123)."""
        e = self.e
        damage, ctx.damage = ctx.damage, []
        dtype_main = next((t for _a, t in damage if t != "collateral"), "normal")
        if ctx.undefendable and dtype_main == "normal":
            dtype_main = "undefendable"
        instances = [
            DamageInstance(HERO, ENEMY, a, (dtype_main if t == "normal" else t), is_attack, "")
            for a, t in damage
        ]
        mods: list[DamageMod] = []
        if is_attack:
            added = (
                ctx.added + enemy.tokens.get("focus_fire", 0) + 2 * enemy.tokens.get("targeted", 0)
            )
            added += enemy.tokens.get("oppression", 0)
            if added:
                mods.append(
                    DamageMod(ENEMY, "add", added, HERO, "Attack Modifiers", dtype=dtype_main)
                )
            wither = hero.tokens.get("wither", 0)
            if wither and dtype_main != "ultimate":
                mods.append(DamageMod(ENEMY, "reduce", wither, HERO, "Wither"))
        ctx.added = 0
        defendable = is_attack and dtype_main == "normal"
        breakdown = final_damage(ENEMY, instances, mods)
        if enemy.kind == "boss" and defendable:
            bdef = e.db.bosses[enemy.enemy]
            self.boss_defense(hero, enemy, bdef.defense, mods)
            breakdown = final_damage(ENEMY, instances, mods)
            if bdef.unique_defense and breakdown.final >= bdef.unique_defense[1]:
                e.emit("unique_defense", f"{enemy.name}'s {bdef.unique_defense[0]} triggers.")
                self.boss_defense(hero, enemy, bdef.unique_defense[2], mods)
                breakdown = final_damage(ENEMY, instances, mods)
        avoidable = breakdown.final - breakdown.unavoidable
        lethal = breakdown.final >= enemy.health
        if avoidable > 0 and (avoidable >= 4 or lethal):
            while enemy.tokens.get("evasive") and not any(m.kind == "avoid" for m in mods):
                e.remove_status(enemy, "evasive")
                if e.roll() <= 2:
                    mods.append(DamageMod(ENEMY, "avoid", 0, None, "Evasive"))
                    e.emit("evasive", f"{enemy.name} evades the damage.")
            while enemy.tokens.get("flight") and not any(m.kind == "avoid" for m in mods):
                e.remove_status(enemy, "flight")
                if 6 in (e.roll(), e.roll()):
                    mods.append(DamageMod(ENEMY, "avoid", 0, None, "Flight"))
                    e.emit("flight", f"{enemy.name} flies clear of the damage.")
        breakdown = final_damage(ENEMY, instances, mods)
        if defendable and enemy.tokens.get("shield"):
            shieldable = breakdown.final - breakdown.unavoidable
            need = -(-shieldable // 3)
            spend = min(need, enemy.tokens.get("shield", 0))
            if spend:
                e.remove_status(enemy, "shield", spend)
                mods.append(DamageMod(ENEMY, "prevent", 3 * spend, None, "Shield"))
                e.emit("shield", f"{enemy.name} spends {spend} Shield.")
                breakdown = final_damage(ENEMY, instances, mods)
        ctx.dealt += min(breakdown.final, enemy.health)
        e.damage_enemy(enemy, breakdown.final, f"{hero.name}: {breakdown.explain()}")

    def boss_defense(
        self, hero: HeroState, boss: EnemyState, effects, mods: list[DamageMod]
    ) -> None:
        e = self.e
        for fx in effects:
            if fx["do"] == "prevent":
                mods.append(DamageMod(ENEMY, "prevent", fx["amount"], None, "Boss Defense"))
            elif fx["do"] == "reflect":
                e.damage_hero(hero, fx["amount"], f"{boss.name}'s defense")
            elif fx["do"] == "gain_status":
                e.add_status(boss, fx["status"], fx.get("count", 1))
            elif fx["do"] == "heal":
                boss.health = min(boss.start_health + 10, boss.health + fx["amount"])

    # ------------------------------------------------------------ the effect interpreter

    def amount(self, ctx: Ctx, value) -> int:
        if isinstance(value, int):
            return value
        symbols = symbols_of(ctx.hero_def, self.usable_values(ctx.hero, ctx.dice))
        times = value.get("times", 1)
        if "per_symbol" in value:
            return symbols.count(value["per_symbol"]) * times
        if "per_value" in value:
            return sum(1 for v in ctx.dice if v in value["per_value"]) * times
        if "sum" in value:
            return sum(ctx.dice)
        if "half_sum" in value:
            return -(-sum(ctx.dice) // 2)
        if "own_tokens" in value:
            return ctx.hero.tokens.get(value["own_tokens"], 0)
        if "own_cp" in value:
            return ctx.hero.cp
        if "own_tokens_sum" in value:
            total = sum(ctx.hero.tokens.get(s, 0) for s in value["own_tokens_sum"])
            return min(total, value.get("max", total))
        if "roll_attempts" in value:
            return ctx.attempts
        if "dealt" in value:
            return ctx.dealt
        if "var" in value:  # "tokens": how many of the triggering status the holder has
            return ctx.vars.get(value["var"], 0) * times
        self.e.unsupported[f"amount:{next(iter(value))}"] += 1
        return 0

    def condition(self, ctx: Ctx, cond: dict) -> bool:
        from collections import Counter

        values = self.usable_values(ctx.hero, ctx.dice)
        if "rolled_of_a_kind" in cond:
            return max(Counter(values).values(), default=0) >= cond["rolled_of_a_kind"]
        if "rolled_values" in cond:
            return all(v in values for v in cond["rolled_values"])
        if "rolled_symbol" in cond:
            return cond["rolled_symbol"] in symbols_of(ctx.hero_def, values)
        if "self_status_at_least" in cond:
            c = cond["self_status_at_least"]
            return ctx.hero.tokens.get(c["status"], 0) >= c["count"]
        if "self_has_status" in cond:
            return bool(ctx.hero.tokens.get(cond["self_has_status"]))
        if "target_has_status" in cond:
            return ctx.target is not None and bool(ctx.target.tokens.get(cond["target_has_status"]))
        if "activated_ability" in cond:
            return ctx.ability_id == cond["activated_ability"]
        if "cp_at_least" in cond:
            return ctx.hero.cp >= cond["cp_at_least"]
        if "dealt_at_least" in cond:
            return ctx.dealt >= cond["dealt_at_least"]
        if "not" in cond:
            return not self.condition(ctx, cond["not"])
        if "target_status_at_least" in cond:
            c = cond["target_status_at_least"]
            return ctx.target is not None and ctx.target.tokens.get(c["status"], 0) >= c["count"]
        if "activated" in cond:
            return bool(ctx.ability_id) if cond["activated"] == "any" else False
        if "spend_window" in cond:
            return ctx.window == cond["spend_window"]
        if "defense_rolled" in cond:  # enemies never make Defense Rolls (rules 53, 98)
            return cond["defense_rolled"] is False
        if "self_has_flag" in cond:
            return cond["self_has_flag"] in ctx.flags
        if "attack_base_at_least" in cond:
            if ctx.window == "incoming_damage":  # an enemy Attack's own damage
                return ctx.vars.get("attack_base", 0) >= cond["attack_base_at_least"]
            return sum(a for a, _t in ctx.damage) >= cond["attack_base_at_least"]
        if "companion_active" in cond:
            return self.companion_active(ctx.hero, cond["companion_active"])
        if "can_grow" in cond:
            c = cond["can_grow"]
            return bool(self.growth_steps(ctx.hero, c["chains"], c.get("single", False)))
        if "own_hero_status" in cond:
            return cond["own_hero_status"] in self.e.hero_def(ctx.hero).statuses
        if "opponent_has_status" in cond:  # any enemy on the map holds it
            sid = cond["opponent_has_status"]
            return any(x.tokens.get(sid) for x in self.e.living_enemies())
        if "var_at_least" in cond:
            c = cond["var_at_least"]
            return ctx.vars.get(c["name"], 0) >= c["value"]
        self.e.unsupported[f"condition:{next(iter(cond))}"] += 1
        return False

    def run(self, ctx: Ctx, effects) -> Driver:
        e = self.e
        hero = ctx.hero
        for fx in effects:
            verb = fx["do"]
            if verb == "deal_damage":
                amount = self.amount(ctx, fx["amount"])
                target = fx.get("target", "opponent")
                if target == "self":
                    ctx.self_damage += amount
                else:
                    ctx.damage.append((amount, fx.get("type", ctx.damage_type)))
            elif verb == "heal":
                e.heal(hero, self.amount(ctx, fx["amount"]))
            elif verb == "gain_status":
                if not ctx.no_status:
                    e.add_status(hero, fx["status"], self.amount(ctx, fx.get("count", 1)))
            elif verb == "inflict_status":
                if ctx.no_status or ctx.target is None:
                    continue
                count = self.amount(ctx, fx.get("count", 1))
                if count > 0:
                    yield from self.status_or_momentum(ctx, fx["status"], count)
            elif verb == "remove_status":
                holder = ctx.target if fx.get("target") == "opponent" and ctx.target else hero
                sid = fx["status"]
                if sid in ("any", "any_negative", "any_positive", "all"):
                    for token in list(holder.tokens):
                        info = e.db.statuses.get(token)
                        if (
                            info
                            and info.removable
                            and (sid in ("any", "all") or info.kind == sid[4:])
                        ):
                            e.remove_status(holder, token, 99 if sid == "all" else 1)
                            if sid != "all":
                                break
                else:
                    e.remove_status(holder, sid, fx.get("count", 1) or 99)
            elif verb == "gain_cp":
                e.gain_cp(hero, self.amount(ctx, fx["amount"]))
            elif verb == "steal_health":
                if ctx.target is not None and not ctx.target.defeated:
                    taken = min(self.amount(ctx, fx["amount"]), ctx.target.health)
                    e.damage_enemy(ctx.target, taken, "stolen Health")  # not damage: no Shields
                    e.heal(hero, taken)
            elif verb == "steal_cp":
                e.gain_cp(hero, self.amount(ctx, fx["amount"]))  # enemies have endless CP (rule 48)
            elif verb == "lose_cp":
                if fx.get("target", "self") == "self":
                    e.gain_cp(hero, -self.amount(ctx, fx["amount"]))
            elif verb == "draw":
                e.draw(hero, fx["count"])
            elif verb == "add_damage":
                added = self.amount(ctx, fx["amount"])
                ctx.added += added
                if "record" in fx:
                    ctx.vars[fx["record"]] = ctx.vars.get(fx["record"], 0) + added
            elif verb == "alter_dice":
                yield from self.alter_dice(ctx, fx)
            elif verb == "extra_roll_attempts":
                ctx.extra_attempts += fx.get("count", 1)
            elif verb == "avoid_damage":
                ctx.avoid = True
            elif verb == "reflect_damage":  # half of the incoming damage goes back (Retribution)
                ctx.flags.add("reflect_half")
            elif verb == "make_undefendable":
                ctx.undefendable = True
            elif verb == "prevent_damage":
                if fx.get("half"):
                    ctx.halve = True
                else:
                    ctx.prevent += self.amount(ctx, fx.get("amount", 0))
            elif verb == "roll_off":
                own = ctx.dice[0] if fx.get("use_defense_die") and ctx.dice else e.roll()
                other = e.roll()  # the enemy rolls for itself: it counts as a player (rule 46)
                won = own > other or (own == other and fx["ties"] == "self")
                e.emit("roll_off", f"{hero.name} rolls {own} against {other}.")
                yield from self.run(ctx, fx["win"] if won else fx["lose"])
            elif verb == "on":
                values = ctx.dice
                hit = False
                if "symbol" in fx:
                    hit = symbols_of(ctx.hero_def, values).count(fx["symbol"]) >= fx.get("count", 1)
                elif "values" in fx:
                    hit = sum(1 for v in values if v in fx["values"]) >= fx.get("count", 1)
                if hit:
                    yield from self.run(ctx, fx["effects"])
            elif verb == "roll":
                saved = ctx.dice
                ctx.dice = [e.roll() for _ in range(fx["count"])]
                flag = fx.get("reroll_flag")
                if flag and flag in self.hero_flags(hero, ctx):
                    yield from self.free_reroll(ctx)
                yield from self.run(ctx, fx["effects"])
                ctx.dice = saved
            elif verb == "if":
                branch = (
                    fx["effects"] if self.condition(ctx, fx["condition"]) else fx.get("else", ())
                )
                yield from self.run(ctx, branch)
            elif verb == "choose_one":
                opts = [
                    Option(act(hero.seat, "choose_option", index=i), o["label"])
                    for i, o in enumerate(fx["options"])
                    if "if" not in o or self.condition(ctx, o["if"])
                ]
                if opts:
                    a = yield from e.ask(hero.seat, "choose", "Choose one", opts)
                    yield from self.run(ctx, fx["options"][a.get("index")]["effects"])
            elif verb == "after_damage":
                ctx.after.append(fx["effects"])
            elif verb == "additionally":
                ctx.later.extend(fx["effects"])
            elif verb == "detonate":
                self.detonate(ctx, fx)
            elif verb == "remove_self":
                if ctx.vars.get("self_status"):
                    e.remove_status(hero, ctx.vars["self_status"])
            elif verb == "grant_flag":
                ctx.flags.add(fx["flag"])  # lasts for this ability / spend only
            elif verb in self.KIT_VERBS:
                yield from self.kit_effect(ctx, fx)
            elif verb == "then":
                continue  # no response window in Missions: nobody plays Roll Phase cards here
            else:
                e.unsupported[verb] += 1
                e.emit("unsupported", f"'{verb}' has no Missions version yet and is skipped.")

    # ------------------------------------------------------------ the heroes' own kits

    # companions (Nyra), growing Spirits and Bots, a flipped board, raised stack limits and a
    # second Offensive Roll: the duel's verbs (game/rules/effects/companion_verbs.py,
    # limit_verbs.py, roll_phase_verbs.py) on a Missions Hero; the planning is shared with
    # the duel through `game.rules.ops` (plan_growth, companion_health_after,
    # raised_stack_limit)
    KIT_VERBS = frozenset(
        {
            "summon_companion",
            "heal_companion",
            "flip_board",
            "grow",
            "raise_stack_limit",
            "restart_offensive_roll",
        }
    )

    def growth_steps(self, hero: HeroState, chains, single: bool):
        from game.rules.ops import plan_growth

        return plan_growth(
            self.e.hero_def(hero).statuses,
            lambda s: hero.tokens.get(s, 0),
            lambda s: self.e.stack_limit(hero, s),
            chains,
            single,
        )

    def status_name(self, sid: str) -> str:
        info = self.e.db.statuses.get(sid) or self.e.content.statuses.get(sid)
        return info.name if info else sid

    def companion_active(self, hero: HeroState, companion: str) -> bool:
        dial = hero.companions.get(companion)
        return dial is not None and dial[0] > 0

    def change_companion(self, hero: HeroState, companion: str, delta: int, why: str) -> None:
        from game.rules.ops import companion_health_after

        dial = hero.companions.get(companion)
        if dial is None or delta == 0:
            return
        e = self.e
        was_downed = dial[0] <= 0
        before = dial[0]
        dial[0], downed = companion_health_after(dial[0], dial[1], delta)
        name = companion.replace("_", " ").title()
        e.emit("companion_health", f"{name}: Health {before} -> {dial[0]} ({why}).")
        if downed != was_downed:
            e.emit("companion_downed", f"{name} " + ("is Downed." if downed else "is up again."))

    def kit_effect(self, ctx: Ctx, fx) -> Driver:
        e = self.e
        hero = ctx.hero
        verb = fx["do"]
        if verb == "summon_companion":
            if fx["companion"] not in hero.companions:
                hero.companions[fx["companion"]] = [fx["health"], fx["health"]]
                name = fx["companion"].replace("_", " ").title()
                e.emit("companion_joined", f"{name} fights beside {hero.name}.")
        elif verb == "heal_companion":
            value = self.amount(ctx, fx["amount"])
            if value > 0:
                self.change_companion(hero, fx["companion"], value, "healed")
        elif verb == "flip_board":
            if not hero.flipped:
                hero.flipped = True
                e.emit("board_flipped", f"{hero.name}'s board turns to its cursed side.")
        elif verb == "raise_stack_limit":
            from game.rules.ops import raised_stack_limit

            status = fx["status"]
            before = e.stack_limit(hero, status)
            after = raised_stack_limit(before, fx["amount"], fx.get("max"))
            if after != before:
                hero.stack_bonus[status] = hero.stack_bonus.get(status, 0) + after - before
                e.emit(
                    "stack_limit", f"{hero.name} may now hold {after} {self.status_name(status)}."
                )
        elif verb == "grow":
            steps = self.growth_steps(hero, fx["chains"], fx.get("single", False))
            if not steps:
                e.emit("grow", f"{hero.name} has nothing left to grow.")
                return
            opts = []
            name = self.status_name
            for i, (old, new) in enumerate(steps):
                label = (
                    f"Gain a {name(new)}"
                    if old is None
                    else f"Turn a {name(old)} into a {name(new)}"
                )
                opts.append(Option(act(hero.seat, "grow", step=i), label))
            a = yield from e.ask(hero.seat, "grow", f"{hero.name}: grow which?", opts)
            old, new = steps[a.get("step")]
            if old is not None:
                e.remove_status(hero, old)
            e.add_status(hero, new, 1)
            e.emit("grow", f"{hero.name} grows a {self.status_name(new)}.")
        elif verb == "restart_offensive_roll" and ctx.kind != "ultimate":
            ctx.flags.add("restart_offensive_roll")

    def free_reroll(self, ctx: Ctx) -> Driver:
        """A flag such as Reload's lets the Hero re-roll the dice just rolled once."""
        hero = ctx.hero
        opts = [
            Option(act(hero.seat, "keep_roll"), f"Keep {ctx.dice}"),
            Option(act(hero.seat, "reroll_once"), "Re-roll them once"),
        ]
        a = yield from self.e.ask(
            hero.seat,
            "free_reroll",
            f"{hero.name}: re-roll {ctx.dice}?",
            opts,
            dice=tuple(ctx.dice),
        )
        if a.kind == "reroll_once":
            ctx.dice = [self.e.roll() for _ in ctx.dice]
            self.e.emit("reroll", f"{hero.name} re-rolls: now {ctx.dice}.")

    def alter_dice(self, ctx: Ctx, fx) -> Driver:
        """A card or token changing dice in `ctx.dice` in place (the duel's alter_dice modes:
        reroll up to N, set a six, set any face, one up or down, copy another die)."""
        e = self.e
        hero = ctx.hero
        dice = ctx.dice
        mode, count = fx["mode"], fx.get("count", 1)
        if not dice:
            return
        if mode == "reroll":
            opts = [
                Option(act(hero.seat, "alter_reroll", dice=combo), f"Re-roll dice {combo}")
                for size in range(1, min(count, len(dice)) + 1)
                for combo in combinations(range(len(dice)), size)
            ]
            a = yield from e.ask(
                hero.seat, "alter_dice", "Re-roll which dice?", opts, dice=tuple(dice)
            )
            for i in a.get("dice"):
                dice[i] = e.roll()
            e.emit("alter_dice", f"{hero.name} re-rolls: now {dice}.")
            return
        for _ in range(count):
            opts = []
            for i, current in enumerate(dice):
                if mode == "set_six":
                    values = [6] if current != 6 else []
                elif mode == "set_any":
                    values = [v for v in range(1, 7) if v != current]
                elif mode == "adjust_one":
                    values = [v for v in (current - 1, current + 1) if 1 <= v <= 6]
                else:  # copy_own
                    values = sorted({v for j, v in enumerate(dice) if j != i and v != current})
                opts += [
                    Option(act(hero.seat, "set_die", die=i, value=v), f"Die {i + 1}: make it {v}")
                    for v in values
                ]
            if not opts:
                return
            a = yield from e.ask(
                hero.seat, "alter_dice", "Change which die?", opts, dice=tuple(dice)
            )
            dice[a.get("die")] = a.get("value")
            e.emit("alter_dice", f"{hero.name} changes a die: now {dice}.")

    # hero statuses with a Missions behaviour on an enemy (engine._enemy_upkeep, detonate)
    ENEMY_HERO_STATUSES = frozenset({"nanites", "cursed_doubloon", "powder_keg", "delayed_poison"})
    # Missions statuses an enemy shrugs off: CP, cards, Income and dice (rules 48, 124)
    ENEMY_IGNORES = frozenset({"disruption", "knockdown", "concussion", "entangle"})

    def detonate(self, ctx: Ctx, fx) -> None:
        """Every enemy holding the status loses all of it and takes damage by the table (the
        duel's `detonate`). During the Hero's own Attack the target's blast joins the Attack
        (as the duel's takes the Attack's type); any other blast is not an Attack, so no
        Shield or Boss Defense stops it."""
        e = self.e
        status, table = fx["status"], fx["table"]
        for enemy in e.living_enemies():
            count = enemy.tokens.get(status, 0)
            if count <= 0:
                continue
            e.remove_status(enemy, status, count)
            value = table[min(count, len(table)) - 1]
            name = self.status_name(status)
            e.emit("detonate", f"{ctx.hero.name} detonates {count} {name} on {enemy.name}.")
            if enemy is ctx.target and ctx.window == "own_attack":
                ctx.damage.append((value, ctx.damage_type))
            else:
                e.damage_enemy(enemy, value, f"{name} detonated")

    def placing_helps(self, hero: HeroState, target: EnemyState, status: str) -> bool:
        """Does this status do anything on this enemy (else rule 49's Momentum is better)?"""
        e = self.e
        if status in self.ENEMY_IGNORES:
            return False
        if status not in e.db.statuses and status not in self.ENEMY_HERO_STATUSES:
            return False  # no Missions behaviour: it would only sit there
        if status == "powder_keg":
            return True  # a second keg blows the first one up at once
        if target.tokens.get(status, 0) >= e.stack_limit(target, status):
            return False
        if status == "nanites":  # worth it only with a Nanobot (or the Synth to build one)
            return any(
                h.tokens.get("nanobot") or h.tokens.get("nanobot_2") or h.tokens.get("synth")
                for h in e.heroes
                if not h.defeated and "nanobot" in e.hero_def(h).statuses
            )
        return True

    def place_on_enemy(self, enemy: EnemyState, status: str, count: int) -> None:
        """Place a status on an enemy; a second Powder Keg blows the first up first (the
        duel's `on_reinflict`: 3 undefendable damage on its own)."""
        e = self.e
        if status == "powder_keg" and enemy.tokens.get(status):
            e.remove_status(enemy, status)
            e.emit("powder_keg", f"The Powder Keg at {enemy.name}'s feet blows up.")
            e.damage_enemy(enemy, 3, "Powder Keg")
        e.add_status(enemy, status, count)

    def status_or_momentum(self, ctx: Ctx, status: str, count: int) -> Driver:
        """Rule 49: instead of placing a status on a targeted enemy, take 1 Momentum."""
        e = self.e
        hero = ctx.hero
        opts = [
            Option(
                act(hero.seat, "place_status", status=status),
                f"Place {status} on {ctx.target.name}",
            ),
            Option(act(hero.seat, "take_momentum"), "Take 1 Momentum instead"),
        ]
        a = yield from e.ask(
            hero.seat,
            "status_or_momentum",
            f"Place {status} or take Momentum?",
            opts,
            status=status,
            known=status in e.db.statuses or status in self.ENEMY_HERO_STATUSES,
            useful=self.placing_helps(hero, ctx.target, status),
        )
        if a.kind == "take_momentum":
            e.gain_momentum(hero, 1)
        else:
            self.place_on_enemy(ctx.target, status, count)

    # ------------------------------------------------------------ defending

    def hero_takes_attack(
        self, hero: HeroState, enemy: EnemyState, amount: int, dtype: str, statuses, melee: bool
    ) -> Driver:
        """An enemy Attack lands on one Hero: Attack Modifiers, the Defense Roll (adjacent, or
        with Range - which may be bought now), then the Hero's Evasive and Shields."""
        e = self.e
        adjacent = e.touching(hero.pos, enemy)
        defended: Ctx | None = None
        if dtype == "normal" and amount > 0:
            opts = [Option(act(hero.seat, "no_defense"), "Take it")]
            defense = self.defensive_ability(hero)
            cost = self.momentum_cost(hero, "gain_range")
            if defense is not None:
                if adjacent or hero.has_range:
                    opts.append(Option(act(hero.seat, "defend"), f"Defend with {defense.name}"))
                elif cost is not None and cost <= hero.momentum:
                    opts.append(
                        Option(
                            act(hero.seat, "range_defend"),
                            f"Spend {cost} Momentum for Range and defend",
                        )
                    )
            a = yield from e.ask(
                hero.seat,
                "defense_choice",
                f"{hero.name}: {enemy.name} attacks for {amount}",
                opts,
                incoming=amount,
            )
            if a.kind == "range_defend":
                self.use_momentum(hero, "gain_range")
            if a.kind in ("defend", "range_defend"):
                dice = [e.roll() for _ in range(defense.defense_dice)]
                defended = Ctx(hero, e.hero_def(hero), dice, enemy, "defensive")
                e.emit("defense", f"{hero.name} defends: {dice}.")
                yield from self.run(defended, defense.effects)
                if defended.damage:
                    total = sum(a for a, _t in defended.damage)
                    e.damage_enemy(enemy, total, f"{hero.name}'s defense")
        instances = [DamageInstance(ENEMY, HERO, amount, dtype, True, "")]
        mods: list[DamageMod] = []
        added = (
            hero.tokens.get("focus_fire", 0)
            + 2 * hero.tokens.get("targeted", 0)
            + hero.tokens.get("oppression", 0)
        )
        if added and amount > 0:
            mods.append(DamageMod(HERO, "add", added, ENEMY, "Attack Modifiers", dtype=dtype))
        if enemy.tokens.get("wither") and dtype != "ultimate":
            mods.append(DamageMod(HERO, "reduce", enemy.tokens["wither"], ENEMY, "Wither"))
        if defended is not None:
            if defended.halve:
                mods.append(DamageMod(HERO, "halve", 0, None, "defense"))
            if defended.prevent:
                mods.append(DamageMod(HERO, "prevent", defended.prevent, None, "defense"))
        flags: set[str] = set()
        breakdown = yield from self.spend_defense_tokens(
            hero, instances, mods, dtype, defended, flags
        )
        final = breakdown.final
        for _src, back in breakdown.reflected:
            e.damage_enemy(enemy, back, f"{hero.name} sends it back")
        if "share_with_companion" in flags and dtype in ("normal", "undefendable"):
            final -= yield from self.companion_split(hero, final)
        e.damage_hero(hero, final, f"{enemy.name}: {breakdown.explain()}")
        if defended is not None and defended.self_damage:
            e.damage_hero(hero, defended.self_damage, "own defense")
        refuse = defended is not None and "refuse_duplicate_statuses" in defended.flags
        for status, count in statuses:
            if refuse and hero.tokens.get(status):
                continue  # the defense turned away a status the Hero already holds
            e.add_status(hero, status, count)

    def companion_split(self, hero: HeroState, share: int) -> Driver:
        """Nyra's Bond: the Hero decides how much of the Attack's damage (after every modifier
        and prevention) an Active companion takes instead; returns that part. Companions take
        no Ultimate damage (only normal and undefendable Attack damage is shared), and none
        while the Hero is Stunned (the duel's rule)."""
        e = self.e
        if hero.tokens.get("stun"):  # Nyra takes no damage while the Huntress is Stunned
            return 0
        for companion, dial in hero.companions.items():
            if share <= 0 or dial[0] <= 0:
                continue
            name = companion.replace("_", " ").title()
            opts = [
                Option(act(hero.seat, "split", amount=n), f"{name} takes {n}, you take {share - n}")
                for n in range(share + 1)
            ]
            a = yield from e.ask(
                hero.seat,
                "companion_split",
                f"{share} damage is about to land: how much does {name} take?",
                opts,
                share=share,
                companion=companion,
                companion_health=dial[0],
                health=hero.health,
            )
            taken = a.get("amount")
            if taken:
                self.change_companion(hero, companion, -taken, "takes the blow")
            return taken
        return 0

    def spend_defense_tokens(
        self, hero: HeroState, instances, mods, dtype: str, defended, flags: set | None = None
    ) -> Driver:
        """The Hero being hit answers first (`own_defense_spends`); then each teammate in turn
        order may protect them; after any help the Hero may answer again. Returns the total."""
        while True:
            breakdown = yield from self.own_defense_spends(
                hero, instances, mods, dtype, defended, flags
            )
            helped = yield from self.teammates_help(hero, instances, mods)
            if not helped:
                return breakdown

    def teammates_help(self, hero: HeroState, instances, mods) -> Driver:
        """Damage heads for `hero`: each teammate (all Heroes share the enemy phases, rule 37)
        may play an Instant card that protects a chosen player ("Not This Time!") or spend a
        token whose duel window is an attacked teammate. True when someone helped."""
        e = self.e
        for mate in e.active_heroes():
            if mate is hero or mate.defeated:
                continue
            breakdown = final_damage(HERO, instances, mods)
            if breakdown.final - breakdown.unavoidable <= 0 or breakdown.avoided:
                return False
            helping = Ctx(mate, e.hero_def(mate), [], None, "defensive", window="teammate_attacked")
            opts = [Option(act(mate.seat, "let_it_land"), f"Let it land on {hero.name}")]
            opts += self.card_options(mate, "teammate_damage")
            opts += self.token_spends(mate, "teammate_attacked", helping)
            if len(opts) == 1:
                continue
            a = yield PendingChoice(
                mate.seat,
                "protect_teammate",
                f"{mate.name}: {breakdown.final} damage is heading for {hero.name}",
                opts,
                context={
                    "incoming": breakdown.final,
                    "health": hero.health,
                    "teammate": hero.seat,
                },
            )
            if a.kind == "let_it_land":
                continue
            if a.kind == "play":
                card = self.pay_card(mate, a.get("index"))
                yield from self.run(helping, card.effects)
            else:
                yield from self.spend_token(mate, a.get("status"), helping, "teammate_attacked")
            e.emit("protect", f"{mate.name} protects {hero.name}.")
            if helping.avoid:
                mods.append(DamageMod(HERO, "avoid", 0, None, f"{mate.name}"))
            if helping.halve:
                mods.append(DamageMod(HERO, "halve", 0, None, f"{mate.name}"))
            if helping.prevent:
                mods.append(DamageMod(HERO, "prevent", helping.prevent, None, f"{mate.name}"))
            return True
        return False

    def own_defense_spends(
        self, hero: HeroState, instances, mods, dtype: str, defended, flags: set | None = None
    ) -> Driver:
        """The Hero may spend Evasive (1-2 avoids), Shield (3 each, defendable damage only) and,
        after a Defense Roll, Flight (any 6 on 2 dice ignores the damage). Returns the total;
        flags granted by what was spent (e.g. sharing with a companion) go into `flags`."""
        e = self.e
        spent: dict = {"attack_base": sum(i.amount for i in instances if i.dtype != "ultimate")}
        while True:
            breakdown = final_damage(HERO, instances, mods)
            avoidable = breakdown.final - breakdown.unavoidable
            if avoidable <= 0 or any(m.kind == "avoid" for m in mods):
                return breakdown
            opts = [Option(act(hero.seat, "take_damage"), f"Take {breakdown.final} damage")]
            if hero.tokens.get("evasive"):
                opts.append(Option(act(hero.seat, "spend_evasive"), "Spend Evasive (1-2 avoids)"))
            if dtype == "normal" and hero.tokens.get("shield"):
                most = min(hero.tokens["shield"], -(-avoidable // 3))
                for n in range(1, most + 1):
                    opts.append(
                        Option(act(hero.seat, "spend_shield", count=n), f"Spend {n} Shield")
                    )
            if defended is not None and hero.tokens.get("flight"):
                opts.append(Option(act(hero.seat, "spend_flight"), "Spend Flight (a 6 on 2 dice)"))
            incoming = Ctx(
                hero, e.hero_def(hero), [], None, "defensive", window="incoming_damage", vars=spent
            )
            opts += self.token_spends(hero, "incoming_damage", incoming)
            opts += self.card_options(hero, "damage")
            for ally_id in hero.allies:
                ally = e.db.allies[ally_id]
                if ally.exhaust and ally.exhaust.phase == "instant":
                    opts.append(
                        Option(act(hero.seat, "exhaust", ally=ally_id), f"Exhaust {ally.name}")
                    )
            if len(opts) == 1:
                return breakdown
            a = yield PendingChoice(
                hero.seat,
                "spend_tokens",
                f"{hero.name}: {breakdown.final} damage is coming",
                opts,
                context={"incoming": breakdown.final, "health": hero.health},
            )
            if a.kind == "take_damage":
                return breakdown
            if a.kind in ("spend_token", "play", "exhaust"):
                if a.kind == "spend_token":
                    yield from self.spend_token(hero, a.get("status"), incoming, "incoming_damage")
                elif a.kind == "play":
                    card = self.pay_card(hero, a.get("index"))
                    yield from self.run(incoming, card.effects)
                else:
                    ally = e.db.allies[a.get("ally")]
                    self.send_away(hero, ally.id)
                    e.emit("exhaust", f"{hero.name} exhausts {ally.name}.")
                    self.simple_effects(hero, ally.exhaust.effects, incoming)
                if flags is not None:
                    flags.update(incoming.flags)
                if "reflect_half" in incoming.flags:
                    mods.append(DamageMod(HERO, "reflect_half", 0, ENEMY, "sent back"))
                if incoming.avoid:
                    mods.append(DamageMod(HERO, "avoid", 0, None, "avoided"))
                    e.emit("avoid", f"{hero.name} avoids the damage.")
                if incoming.halve:
                    mods.append(DamageMod(HERO, "halve", 0, None, "halved"))
                if incoming.prevent:
                    mods.append(DamageMod(HERO, "prevent", incoming.prevent, None, "prevented"))
                continue
            if a.kind == "spend_evasive":
                e.remove_status(hero, "evasive")
                if e.roll() <= 2:
                    mods.append(DamageMod(HERO, "avoid", 0, None, "Evasive"))
                    e.emit("evasive", f"{hero.name} evades the damage.")
            elif a.kind == "spend_flight":
                e.remove_status(hero, "flight")
                if 6 in (e.roll(), e.roll()):
                    mods.append(DamageMod(HERO, "avoid", 0, None, "Flight"))
                    e.emit("flight", f"{hero.name} flies clear of the damage.")
            else:
                n = a.get("count")
                e.remove_status(hero, "shield", n)
                mods.append(DamageMod(HERO, "prevent", 3 * n, None, "Shield"))

    def defensive_ability(self, hero: HeroState) -> AbilityDef | None:
        for slot in self.e.hero_def(hero).slots:
            if slot.kind == "defensive":
                return self.slot_abilities(hero, slot)[0]
        return None

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

    # ------------------------------------------------------------ the enemy dice

    def alter_enemy_dice(self) -> Driver:
        """Heroes may change the Enemy Dice before they are read (rules 62, 99)."""
        e = self.e
        for hero in e.active_heroes():
            while True:
                opts = [Option(act(hero.seat, "done"), "Leave the Enemy Dice")]
                ways = []
                for action in self.momentum_actions(hero, "enemy_roll"):
                    ways.append(("momentum", f"{action.cost} Momentum"))
                if hero.mythic == "mythic_fortune" and not hero.used_this_round.get(
                    "mythic_fortune"
                ):
                    ways.append(("mythic", "Loaded Fate"))
                if "feat_reroll_enemy" in hero.feats:
                    ways.append(("feat", "Feat"))
                for way, label in ways:
                    for i, (color, value) in enumerate(e.info.enemy_dice):
                        opts.append(
                            Option(
                                act(hero.seat, "reroll_enemy", die=i, way=way),
                                f"Re-roll {color} {value} ({label})",
                            )
                        )
                opts += self.card_options(hero, "enemy_dice")
                a = yield from e.ask(
                    hero.seat,
                    "enemy_dice",
                    f"{hero.name}: change the Enemy Dice?",
                    opts,
                    dice=tuple(e.info.enemy_dice),
                )
                if a.kind == "done":
                    break
                if a.kind == "play":
                    card = self.pay_card(hero, a.get("index"))
                    values = [v for _c, v in e.info.enemy_dice]
                    ctx = Ctx(hero, e.hero_def(hero), values, window="enemy_dice")
                    yield from self.run(ctx, card.effects)
                    e.info.enemy_dice = [
                        (c, v) for (c, _old), v in zip(e.info.enemy_dice, values, strict=True)
                    ]
                    continue
                way = a.get("way")
                if way == "momentum":
                    self.use_momentum(hero, "reroll_enemy_die")
                elif way == "mythic":
                    hero.used_this_round["mythic_fortune"] = 1
                else:
                    hero.feats.remove("feat_reroll_enemy")
                i = a.get("die")
                color, _old = e.info.enemy_dice[i]
                e.info.enemy_dice[i] = (color, e.roll())
                e.emit(
                    "reroll_enemy",
                    f"{hero.name} re-rolls an Enemy Die: now {e.info.enemy_dice[i][1]}.",
                )

    # ------------------------------------------------------------ Boost Tiles

    def resolve_boost(self, hero: HeroState, tile_index: int) -> Driver:
        e = self.e
        tile = e.db.boost_tiles[tile_index]
        e.emit("boost", f"{hero.name} collects a Boost Tile ({tile.kind}).")
        if tile.kind == "cp":
            e.gain_cp(hero, tile.amount)
        elif tile.kind == "heal":
            e.heal(hero, tile.amount)
        elif tile.kind == "momentum":
            e.gain_momentum(hero, tile.amount)
        elif tile.kind == "draw":
            e.draw(hero, tile.amount)
        elif tile.kind == "status":
            e.add_status(hero, tile.status or "", 1, tile.amount or 2)
        elif tile.kind == "cleanse":
            opts = [Option(act(hero.seat, "take_momentum"), "Gain 1 Momentum")]
            for sid in sorted(hero.tokens):
                info = e.db.statuses.get(sid)
                if info is None or info.removable:
                    opts.append(Option(act(hero.seat, "remove", status=sid), f"Remove {sid}"))
            a = yield from e.ask(
                hero.seat, "choose", "Boost: remove a status or gain 1 Momentum", opts
            )
            if a.kind == "take_momentum":
                e.gain_momentum(hero, 1)
            else:
                e.remove_status(hero, a.get("status"))
        elif tile.kind == "transfer":
            opts = [Option(act(hero.seat, "take_momentum"), "Gain 2 Momentum")]
            holders: list[HeroState | EnemyState] = [*e.heroes, *e.living_enemies()]
            for i, src in enumerate(holders):
                for sid in sorted(src.tokens):
                    info = e.db.statuses.get(sid)
                    if info is None or not info.transferable:
                        continue
                    for j, dst in enumerate(holders):
                        if dst is not src:
                            opts.append(
                                Option(
                                    act(hero.seat, "transfer", src=i, dst=j, status=sid),
                                    f"Move {sid} from {src.name} to {dst.name}",
                                )
                            )
            a = yield from e.ask(
                hero.seat, "choose", "Boost: move a status or gain 2 Momentum", opts
            )
            if a.kind == "take_momentum":
                e.gain_momentum(hero, 2)
            else:
                src, dst = holders[a.get("src")], holders[a.get("dst")]
                value = src.bonus[0] if a.get("status") == "bonus_damage" and src.bonus else 2
                if e.remove_status(src, a.get("status")):
                    e.add_status(dst, a.get("status"), 1, value)


def _uses(effects, verb: str) -> bool:
    """Does this effect list (or any nested branch of it) use `verb`?"""
    for fx in effects:
        if fx["do"] == verb:
            return True
        for key in ("effects", "else"):
            if key in fx and _uses(fx[key], verb):
                return True
        if any(_uses(o["effects"], verb) for o in fx.get("options", ())):
            return True
    return False


def _pick(engine, n: int) -> int:
    from game.rules.rng import below

    return below(engine.rng, n)
