"""A Hero's Momentum actions, Allies and Boost Tiles in a Missions round (part of HeroTurn)."""

from __future__ import annotations

from game.missions.state import EnemyState, HeroState
from game.missions.turn_base import Ctx, Driver, TurnBase
from game.rules.actions import Option, act


class ResourcesMixin(TurnBase):
    """Momentum actions, recruiting and sending Allies away, Boost Tiles."""

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
            # a free pick (the Leadership perk) spends nothing: not the "recruit" spend kind
            kind = "take_ally" if free else "recruit"
            opts = [Option(act(hero.seat, kind, ally=a), e.db.allies[a].name) for a in info.ally_hq]
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
