"""The Heroes' round phases driven by the MissionEngine: 1 Pass, 2 Movement (rules 23,
31-36) and handing out the Momentum of Defeat tiles (rule 57)."""

from __future__ import annotations

from game.missions import hexgrid
from game.missions.hexgrid import Hex
from game.missions.state import (
    Driver,
    HeroState,
)
from game.rules.actions import Option, act


class HeroPhasesMixin:
    """Pass, Movement and the Defeat tiles' Momentum (part of MissionEngine)."""

    # ------------------------------------------------------------ 1 Pass, 2 Movement

    def _pass_phase(self) -> Driver:
        info = self.info
        if info.round == 1:
            return
        info.start_player = (info.start_player + 1) % len(self.heroes)
        self.emit(
            "pass", f"The Start Player token passes to {self.heroes[info.start_player].name}."
        )
        return
        yield  # pragma: no cover

    def movement_options(self, hero: HeroState, taken: set[Hex]) -> list[Hex]:
        """Where a Hero may end this Movement Phase (rules 31-36): any distance over passable
        spaces; Heroes never block each other, but no two end on one space."""
        if hero.pos is None:
            entries = self.map.entries() if self.map else []
            starts = entries or [h for h in self.hexes if self.passable(h)]
        else:
            starts = [hero.pos]
        reach = hexgrid.reachable(starts, self.passable)
        exit_open = self.side().objective == "defeat_all_then_exit" and not self.living_enemies(
            "henchman"
        )
        out = []
        for h in reach:
            if h in taken:
                continue
            if self.hexes[h].exit and not exit_open:
                continue
            out.append(h)
        return sorted(out, key=hexgrid.reading_key)

    def _movement(self) -> Driver:
        taken: set[Hex] = set()
        plans: list[tuple[HeroState, Hex]] = []
        movers = [h for h in self.turn_order() if not h.exited and not h.defeated]
        for hero in movers:
            options = [
                Option(
                    act(hero.seat, "move", q=h[0], r=h[1]),
                    f"Move to {h}" if h != hero.pos else "Stay",
                )
                for h in self.movement_options(hero, taken)
            ]
            if not options:  # nowhere legal: stay put (only possible on a crowded map)
                if hero.pos:
                    taken.add(hero.pos)
                continue
            a = yield from self.ask(
                hero.seat, "move", f"{hero.name}: where do you end your move?", options
            )
            dest = (a.get("q"), a.get("r"))
            taken.add(dest)
            plans.append((hero, dest))
            self.info.moves[hero.seat] = dest
            self.emit("move_chosen", self._move_line(hero, dest), seat=hero.seat, to=list(dest))
        self.info.moves.clear()
        for hero, dest in plans:
            hero.pos = dest
            space = self.hexes[dest]
            if space.exit:
                hero.exited = True
                hero.pos = None
                self.emit("exit", f"{hero.name} leaves the map by the EXIT.")
                continue
            if space.plot:
                taken, space.plot = space.plot, 0
                self.gain_plot(taken, f"{hero.name} picks up {taken} Plot token(s)")
            if space.mystery >= 0:
                index, space.mystery = space.mystery, -1
                self.reveal_mystery(hero, index)
                if hero.defeated:
                    continue
            while space.tiles:
                tile, face_up = space.tiles.pop(0)
                if face_up:  # (discarded as it resolves, so no tile is ever out of play)
                    self.info.boost_discard.append(tile)
                    yield from self.turn.resolve_boost(hero, tile)
                else:
                    hero.facedown.append(tile)
                    self.emit("facedown", f"{hero.name} puts a face-down Boost Tile on their dial.")

    def _move_line(self, hero: HeroState, dest: Hex) -> str:
        """The log's line for a chosen end of move (Heroes move together once all have chosen)."""
        space = self.hexes[dest]
        if hero.pos is None:
            where = "an ENTRY space" if space.entry else "a space reached from an ENTRY"
            return f"{hero.name} chooses a start space ({where})."
        if dest == hero.pos:
            return f"{hero.name} stays put this move."
        if space.exit:
            return f"{hero.name} heads for the EXIT."
        return f"{hero.name} chooses where to end the move."

    # ------------------------------------------------------------ Defeat tiles: 2 Momentum

    def _hand_out_momentum(self) -> Driver:
        """Each Defeat Tile placed lets the Start Player hand out 2 Momentum (rule 57)."""
        tiles, tile = self._momentum_owed // 2, 0
        while self._momentum_owed > 0:
            self._momentum_owed -= 2
            tile += 1
            chooser = self.heroes[self.info.start_player]
            team = [h for h in self.heroes if not h.defeated]
            if not team:
                return
            opts = []
            for i, a in enumerate(team):
                for b in team[i:]:
                    label = f"2 to {a.name}" if a is b else f"1 to {a.name}, 1 to {b.name}"
                    opts.append(
                        Option(
                            act(chooser.seat, "give_momentum", first=a.seat, second=b.seat), label
                        )
                    )
            prompt = "Hand out 2 Momentum for a Defeat Tile"
            if tiles > 1:  # two tiles in one phase: two questions that must not look the same
                prompt += f" ({tile} of {tiles})"
            choice = yield from self.ask(chooser.seat, "give_momentum", prompt, opts)
            self.gain_momentum(self.heroes[choice.get("first")], 1)
            self.gain_momentum(self.heroes[choice.get("second")], 1)
