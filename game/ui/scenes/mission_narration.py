"""The mission board's narration (a mixin of MissionScene): everything the MissionEngine logs
between two decisions, told one beat at a time (the enemy dice thrown, floaters over the map
and the panels, the phase track following the story), and the pawns walking to where the
engine (or a chosen end of move) puts them."""

from __future__ import annotations

import math
import re

from game.missions import hexgrid
from game.ui import mission_view as MV
from game.ui import theme as T
from game.ui.scenes.mission_draw import ENEMY_EVENTS, PHASES

# seconds per narrated event at the "normal" speed (scaled by the setting)
BEATS = {
    "enemy_roll": 1.2,
    "enemy_attack": 1.1,
    "boss_attack": 1.3,
    "no_target": 0.7,
    "no_attack": 0.8,
    "threat": 1.2,
    "crisis": 1.0,
    "crisis_roll": 0.9,
    "crit": 0.9,
    "hero_damaged": 0.6,
    "enemy_damaged": 0.55,
    "enemy_defeated": 0.9,
    "hero_defeated": 1.2,
    "side": 1.6,
    "side_done": 1.4,
    "won": 1.6,
    "lost": 1.6,
    "perfect": 1.2,
    "bonus": 1.0,
    "clock": 0.8,
    "facedown_placed": 0.5,
    "reveal": 0.5,
    "start_player": 0.7,
    "pass": 0.5,
}
# the round phase an event belongs to (the phase track follows the narration, not the engine)
EVENT_PHASE = {
    "pass": "pass",
    "move_chosen": "movement",
    "exit": "movement",
    "facedown": "movement",
    "upgrade": "hero_part_1",
    "ready": "hero_part_1",
    "resolve": "target_resolve",
    "enemy_roll": "enemy_roll",
    "reroll_enemy": "enemy_roll",
    "enemy_attack": "enemy_roll",
    "no_target": "enemy_roll",
    "boss_attack": "enemy_roll",
    "no_attack": "enemy_roll",
    "threat": "enemy_roll",
    "facedown_placed": "enemy_roll",
    "reveal": "enemy_roll",
    "crit": "enemy_roll",
    "crisis": "crisis_clock",
    "crisis_roll": "crisis_clock",
}
DAMAGE_RE = re.compile(r"takes (\d+) damage")
DICE_RE = re.compile(r"(red|black) (\d)")


class Floater:
    def __init__(self, text: str, pos, colour, on_map: bool = False) -> None:
        self.text, self.pos, self.colour = text, pos, colour
        self.on_map = on_map  # hidden while a Hero's board covers the map
        self.age = 0.0


class MissionNarration:
    """Telling the engine's events at the player's pace (mixed into MissionScene)."""

    def _narrate(self, dt: float) -> None:
        if self.current is None:
            event = self.queue.popleft()
            self.current = event
            self.beat = 0.0
            base = BEATS.get(event.kind, 0.35)
            self.beat_len = base * self.speed()
            self._start_event(event)
            return
        self.beat += dt
        if self.beat >= self.beat_len and not self.enemy_tray.rolling:
            self.current = None
            self.flash_hex = None
            if not self.queue:
                self.shown_phase = None
                if self.source.info.phase not in ("enemy_roll", "crisis_clock"):
                    self.acting = None  # kept while a Hero answers the acting enemy

    def skip(self) -> None:
        while self.queue or self.current is not None:
            if self.current is None:
                self._start_event(self.queue.popleft())
            self.current = None
        if self.source.info.phase not in ("enemy_roll", "crisis_clock"):
            self.acting = None
        self.shown_phase = None
        self.flash_hex = None
        self.enemy_tray.finish()
        self.tray.finish()
        self._say_rolls()

    def _say_rolls(self) -> None:
        self.log.extend(self.roll_lines)
        self.roll_lines.clear()

    def _start_event(self, event) -> None:
        if event.kind in EVENT_PHASE:
            phase = EVENT_PHASE[event.kind]
            if phase != self._count_phase:
                self.name_counts = {}  # enemies of a kind act in reading order, per phase
                self._count_phase = phase
            self.shown_phase = phase
        kind = event.kind
        if kind in ("enemy_roll", "reroll_enemy"):
            self.roll_lines.append(event.text)  # said once the dice have landed
        else:
            self.log.append(event.text)
        if len(self.log) > 300:
            del self.log[:100]
        if kind == "enemy_roll":
            self.name_counts = {}
            self.acting = None
            values = [int(v) for _c, v in DICE_RE.findall(event.text)] or [
                v for _c, v in self.source.info.enemy_dice
            ]
            final = [v for _c, v in self.source.info.enemy_dice]
            if len(final) == len(values):
                values = final  # a Hero's re-roll shows as the die being thrown again
            self.enemy_tray.throw(values, from_side="top")
            self.app.play("dice_roll")
            if self.speed() == 0:
                self.enemy_tray.finish()
        elif kind == "reroll_enemy":
            current = [v for _c, v in self.source.info.enemy_dice]
            if self.enemy_tray.values != current:
                changed = [
                    i
                    for i, v in enumerate(current)
                    if i >= len(self.enemy_tray.values) or self.enemy_tray.values[i] != v
                ]
                self.enemy_tray.throw(current, reroll=changed or None, from_side="top")
                if self.speed() == 0:
                    self.enemy_tray.finish()
        elif kind in ENEMY_EVENTS:
            self.acting = self._enemy_for(event)
        elif kind == "clock":
            self.name_counts = {}
        elif kind == "facedown_placed" and self.source.map is not None:
            m = re.search(r"space (\d)", event.text)
            self.flash_hex = self.source.map.numbered(int(m.group(1))) if m else None
        if kind == "hero_damaged" and "seat" in event.data:
            m = DAMAGE_RE.search(event.text)
            if m:
                self._float_hero(event.data["seat"], f"-{m.group(1)}", T.HEALTH)
        elif kind == "enemy_damaged":
            m = DAMAGE_RE.search(event.text)
            for n, (index, amount) in enumerate(self.damage_diffs):
                enemy = self.source.enemies[index] if index < len(self.source.enemies) else None
                if enemy is not None and event.text.startswith(enemy.name):
                    del self.damage_diffs[n]
                    self._float_enemy(index, f"-{m.group(1) if m else amount}")
                    break
        elif kind in ("won", "perfect", "side_done"):
            if kind == "won":
                self.app.play("victory")
        elif kind == "lost":
            self.app.play("defeat")
        if self.roll_lines and not self.enemy_tray.rolling:
            self._say_rolls()

    def _enemy_for(self, event) -> int | None:
        if isinstance(event.data.get("enemy"), int):
            return event.data["enemy"]
        matches = [
            (i, e)
            for i, e in enumerate(self.source.enemies)
            if event.text.startswith(e.name + " ") or event.text.startswith(e.name + "'")
        ]
        if not matches:
            return None
        name = matches[0][1].name
        k = self.name_counts.get(name, 0)
        self.name_counts[name] = k + 1
        ordered = sorted(matches, key=lambda m: hexgrid.reading_key(m[1].pos))
        alive = [m for m in ordered if not m[1].defeated] or ordered
        return alive[k % len(alive)][0]

    def _float_hero(self, seat: int, text: str, colour) -> None:
        rect = self.roster_rects.get(seat)
        if rect is not None:
            # on the Hero's portrait in the Hero list (as drawn there: 40 px at x + 4), where
            # it hides no name, dial or line of text and does not rise into the next panel
            th = self.app.theme
            size = min(th.px(40), rect.h - th.px(8))
            centre = (rect.x + th.px(4) + size // 2, rect.centery)
            self.floaters.append(Floater(text, centre, colour))
        px = self.pawn_px.get(seat)
        if px is not None:
            self.floaters.append(
                Floater(text, (px[0], px[1] - self.app.theme.px(10)), colour, on_map=True)
            )

    def _float_enemy(self, index: int, text: str) -> None:
        enemy = self.source.enemies[index]
        x, y = self.map_layout().center(enemy.pos)
        self.floaters.append(
            Floater(text, (x, y - self.app.theme.px(12)), (255, 120, 90), on_map=True)
        )

    def phase_shown(self) -> str:
        return self.shown_phase or self.source.info.phase

    def round_shown(self) -> int:
        info = self.source.info
        order = [p for p, _s, _t in PHASES]
        behind = self.shown_phase is not None and order.index(self.shown_phase) > order.index(
            info.phase if info.phase in order else "pass"
        )
        return max(1, info.round - 1) if behind else info.round

    def _update_animation(self, dt: float) -> None:
        target = float(self.source.info.clock)
        telling = self.narrating() and self.phase_shown() != "crisis_clock"
        if abs(self.hand_shown % 8 - target) > 0.01 and not telling:
            step = dt * 2.5 / max(0.25, self.speed() or 0.25)
            diff = (target - self.hand_shown) % 8
            if self.speed() == 0 or diff <= step:
                self.hand_shown = target
            else:
                self.hand_shown = (self.hand_shown + step) % 8
        for f in self.floaters:
            f.age += dt
        self.floaters = [f for f in self.floaters if f.age < 1.4]
        layout = self.map_layout()
        for hero in self.source.heroes:
            pos = self.shown_pos(hero)
            if pos is None:
                self.pawn_px.pop(hero.seat, None)
                self.pawn_hex[hero.seat] = None  # waiting beside the map (or exited)
                continue
            goal = layout.center(pos)
            cur = self.pawn_px.get(hero.seat)
            seen = hero.seat in self.pawn_hex
            was = self.pawn_hex.get(hero.seat)
            self.pawn_hex[hero.seat] = pos
            if cur is None and seen and self.speed() > 0 and self.source.map is not None:
                # coming onto the map: start beside the ENTRY space
                entries = self.source.map.entries()
                if entries:
                    ex, ey = layout.center(entries[0])
                    cur = self.pawn_px[hero.seat] = [ex - layout.size * 1.6, ey]
                    was = None
            if cur is None or self.speed() == 0:
                self.pawn_px[hero.seat] = [goal[0], goal[1]]
                self.pawn_route[hero.seat] = []
                continue
            if was != pos:  # walk the path space by space, not through walls
                starts = [was] if was is not None else self.source.map.entries()
                route = MV.path_to(starts, pos, self.source.passable)
                self.pawn_route[hero.seat] = [layout.center(h) for h in route]
            route = self.pawn_route.setdefault(hero.seat, [])
            step = layout.size * 7.0 * dt / max(0.3, self.speed())
            while route and step > 0:
                tx, ty = route[0]
                dx, dy = tx - cur[0], ty - cur[1]
                dist = math.hypot(dx, dy)
                if dist <= step:
                    cur[0], cur[1] = tx, ty
                    step -= dist
                    route.pop(0)
                else:
                    cur[0] += dx / dist * step
                    cur[1] += dy / dist * step
                    step = 0
            if not route:
                cur[0], cur[1] = goal

    def shown_pos(self, hero):
        """Where the map shows a Hero: the end of move it has chosen in this Movement Phase
        (the Heroes move together once all have chosen), else where it stands."""
        return self.source.info.moves.get(hero.seat, hero.pos)
