"""Plays the engine's events back at a human pace.

The engine resolves instantly; the presenter shows what happened one beat at a time: dice
thrown into the tray, numbers flying to the Health dials, banners for abilities and cards,
tokens popping, and a log line for everything. While it is busy nobody acts, so the computer
is never an instant flicker. Displayed Health and CP lag behind the engine until their beat.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from game.rules.events import Event

BASE_DURATION = {
    "ability_activated": 0.9,
    "card_played": 1.0,
    "damage_resolved": 0.8,
    "healed": 0.45,
    "status_gained": 0.3,
    "status_spent": 0.35,
    "status_removed": 0.2,
    "die_changed": 0.4,
    "turn_started": 0.7,
    "phase_changed": 0.12,
    "attack_declared": 0.35,
    "roll_off": 0.6,
    "upgrade_played": 0.5,
    "game_over": 1.2,
    "cp_changed": 0.1,
    "card_drawn": 0.12,
    "card_sold": 0.25,
    "no_ability": 0.4,
    "targeting_roll": 1.6,
    "target_chosen": 0.8,
}


@dataclass
class Floater:
    text: str
    colour: tuple[int, int, int]
    seat: int
    anchor: str  # health | cp | center
    age: float = 0.0
    life: float = 1.1


@dataclass
class Banner:
    text: str
    colour: tuple[int, int, int]
    age: float = 0.0
    life: float = 1.0
    card: str | None = None  # card id shown large


class Presenter:
    def __init__(self, scene, health: dict[int, int], cp: dict[int, int]) -> None:
        self.scene = scene
        self.queue: deque[Event] = deque()
        self.wait = 0.0
        self.shown_health = dict(health)
        self.shown_cp = dict(cp)
        self.log: list[tuple[str, str]] = []  # (kind, text)
        self.floaters: list[Floater] = []
        self.banner: Banner | None = None
        self.breakdown = ""
        self.after_roll: list[tuple[str, str]] = []  # log lines of dice still tumbling
        self.tray_groups: list[int] = []
        self.tray_owner: int | None = None
        self.pulse: dict[tuple[int, str], float] = {}  # (seat, status) -> time left
        self.speed = 1.0
        self.motion = None  # a MotionLayer (game/ui/motion.py): moves and sounds beside the beats
        self._quiet = False

    @property
    def busy(self) -> bool:
        return bool(self.queue) or self.wait > 0 or self.scene.tray.rolling

    def feed(self, events: list[Event]) -> None:
        self.queue.extend(events)

    def skip(self) -> None:
        """Play every queued beat at once (the player clicked to hurry)."""
        if self.motion is not None:
            self.motion.skip()
        while self.queue:
            self._start(self.queue.popleft(), instant=True)
        self._flush_after_roll()
        self.wait = 0.0
        if self.motion is not None:
            self.motion.settle()

    def update(self, dt: float) -> None:
        for floater in self.floaters:
            floater.age += dt
        self.floaters = [f for f in self.floaters if f.age < f.life]
        if self.banner is not None:
            self.banner.age += dt
            if self.banner.age >= self.banner.life:
                self.banner = None
        for key in list(self.pulse):
            self.pulse[key] -= dt
            if self.pulse[key] <= 0:
                del self.pulse[key]
        if self.after_roll and not self.scene.tray.rolling:
            self._flush_after_roll()
        if self.wait > 0:
            self.wait -= dt
            return
        if self.scene.tray.rolling:
            return
        while self.queue and self.wait <= 0 and not self.scene.tray.rolling:
            self._start(self.queue.popleft(), instant=self.speed == 0)

    def _log(self, kind: str, text: str) -> None:
        self.log.append((kind, text))
        if len(self.log) > 400:
            del self.log[:100]

    def _flush_after_roll(self) -> None:
        for kind, text in self.after_roll:
            self._log(kind, text)
        self.after_roll.clear()

    def _start(self, event: Event, instant: bool = False) -> None:
        handler = getattr(self, f"_on_{event.kind}", None)
        self._quiet = self.motion is not None and self.motion.owns_sound(event)
        if handler is not None:
            handler(event, instant)
        if event.text:
            if event.kind == "dice_rolled" and self.scene.tray.rolling:
                self.after_roll.append((event.kind, event.text))  # said once the dice land
            else:
                self._log(event.kind, event.text)
        self._quiet = False
        if self.motion is not None:
            self.motion.on_event(event, instant)
        self.wait = 0.0 if instant else BASE_DURATION.get(event.kind, 0.03) * self.speed

    def _play(self, name: str, volume: float = 1.0) -> None:
        if not self._quiet:  # else the motion layer plays this beat's cue, timed to its motion
            self.scene.play(name, volume)

    # ------------------------------------------------------------ beats

    def _on_dice_rolled(self, event: Event, instant: bool) -> None:
        data = event.data
        group = data["group"]
        values = list(data["values"])
        purpose = data.get("purpose", "")
        rerolled = list(data.get("rerolled", range(len(values))))
        side = "bottom" if data["player"] == self.scene.viewer else "top"
        tray = self.scene.tray
        if group in self.tray_groups and len(self.tray_groups) == 1:
            kept = [i not in rerolled for i in range(len(values))]
            if self.scene.is_human_roller(group) and self.scene.human(data["player"]):
                kept = list(self.scene.kept_for(len(values)))
                for i in rerolled:
                    kept[i] = False
            self.scene.set_tray_dice([(group, i, data["hero"]) for i in range(len(values))])
            if instant:
                tray.show(values, kept)
            else:
                tray.throw(values, rerolled, kept, from_side=side)
        elif (
            purpose == "roll-off"
            and self.tray_groups
            and len(self.tray_groups) == 1
            and self.scene.dice_purpose(self.tray_groups[0]) in ("roll-off", "defense")
        ):
            previous = self.scene.tray_values()
            self.tray_groups.append(group)
            dice = self.scene.tray_dice + [(group, i, data["hero"]) for i in range(len(values))]
            self.scene.set_tray_dice(dice)
            all_values = previous + values
            new = list(range(len(previous), len(all_values)))
            kept = [False] * len(all_values)
            if instant:
                tray.show(all_values, kept)
            else:
                tray.throw(all_values, new, kept, from_side=side)
        else:
            self.tray_groups = [group]
            self.tray_owner = data["player"]
            self.scene.set_tray_dice([(group, i, data["hero"]) for i in range(len(values))])
            self.scene.reset_kept(len(values))
            kept = [False] * len(values)
            if instant:
                tray.show(values, kept)
            else:
                tray.throw(values, list(range(len(values))), kept, from_side=side)
        self._play("dice_roll", 0.8)

    def _on_die_changed(self, event: Event, instant: bool) -> None:
        data = event.data
        self.scene.change_tray_die(data["group"], data["index"], data["value"])
        self._play("token", 0.6)

    def _on_ability_activated(self, event: Event, instant: bool) -> None:
        ultimate = event.data.get("ultimate")
        name = self.scene.ability_name(event.data["player"], event.data["ability"])
        who = self.scene.seat_name(event.data["player"])
        text = f"{who}: {name}!" + ("  ULTIMATE" if ultimate else "")
        self.banner = Banner(
            text, (255, 196, 80) if ultimate else (245, 240, 230), life=max(0.6, 1.2 * self.speed)
        )
        self._play("ultimate" if ultimate else "card", 0.9)

    def _on_card_played(self, event: Event, instant: bool) -> None:
        who = self.scene.seat_name(event.data["player"])
        card = self.scene.content.cards[event.data["card_id"]]
        self.banner = Banner(
            f"{who} plays {card.name}",
            (245, 240, 230),
            life=max(0.6, 1.3 * self.speed),
            card=card.id,
        )
        self._play("card")

    def _on_upgrade_played(self, event: Event, instant: bool) -> None:
        self._play("token", 0.8)

    def _on_damage_resolved(self, event: Event, instant: bool) -> None:
        data = event.data
        seat = data["target"]
        amount = data["amount"]
        self.breakdown = event.text
        if amount > 0:
            self.floaters.append(Floater(f"-{amount}", (255, 90, 80), seat, "health"))
            self._play("hit", min(1.0, 0.4 + amount / 15))
        else:
            self.floaters.append(Floater("0", (220, 220, 220), seat, "health"))

    def _on_health_changed(self, event: Event, instant: bool) -> None:
        for seat in self._dial_mates(event.data["player"]):
            self.shown_health[seat] = event.data["health"]

    def _dial_mates(self, seat: int) -> list[int]:
        """Every seat showing this seat's Health dial (teammates share one in team formats)."""
        mates = getattr(self.scene, "dial_mates", None)
        return mates(seat) if mates is not None else [seat]

    def _on_targeting_roll(self, event: Event, instant: bool) -> None:
        show = getattr(self.scene, "show_targeting", None)
        if show is not None:
            show(event.data)

    def _on_target_chosen(self, event: Event, instant: bool) -> None:
        data = event.data
        who = self.scene.seat_name(data["attacker"])
        target = self.scene.seat_name(data["target"])
        text = f"{who} targets {target}" + (
            "  (Leader: +1 card)" if data.get("leader_bonus") else ""
        )
        self.banner = Banner(text, (255, 170, 140), life=max(0.6, 1.0 * self.speed))

    def _on_healed(self, event: Event, instant: bool) -> None:
        data = event.data
        if data.get("amount"):
            self.floaters.append(
                Floater(f"+{data['amount']}", (110, 230, 130), data["player"], "health")
            )
            self._play("heal", 0.7)
        if "health" in data:
            for seat in self._dial_mates(data["player"]):
                self.shown_health[seat] = data["health"]

    def _on_cp_changed(self, event: Event, instant: bool) -> None:
        data = event.data
        self.shown_cp[data["player"]] = data["cp"]
        if data.get("delta", 0) > 0:
            self.floaters.append(
                Floater(f"+{data['delta']} CP", (120, 170, 255), data["player"], "cp", life=0.9)
            )
            self._play("cp", 0.4)

    def _on_status_gained(self, event: Event, instant: bool) -> None:
        data = event.data
        self.pulse[(data["player"], data["status"])] = 0.6
        self._play("token", 0.7)

    def _on_status_spent(self, event: Event, instant: bool) -> None:
        data = event.data
        sdef = self.scene.content.statuses[data["status"]]
        who = self.scene.seat_name(data["player"])
        self.banner = Banner(f"{who} spends {sdef.name}", (200, 230, 255), life=0.8)
        self._play("token")

    def _on_turn_started(self, event: Event, instant: bool) -> None:
        who = self.scene.seat_name(event.data["player"])
        self.banner = Banner(f"Turn {event.data['turn']}: {who}", (245, 240, 230), life=0.9)
        self.scene.turn_changed(event.data["player"])

    def _on_game_over(self, event: Event, instant: bool) -> None:
        self.banner = Banner(event.text, (255, 216, 107), life=3.0)
        winners = set(event.data.get("winners") or [])
        humans = [seat for seat in range(len(self.shown_health)) if self.scene.human(seat)]
        lost = humans and not winners.intersection(humans) and not event.data.get("draw")
        self._play("defeat" if lost else "victory")
