"""The layout check: every scene drawn at a grid of window sizes and interface scales, with every
text, panel and button it draws recorded and checked against the window and each other.

`python -m game uicheck --json` prints the totals; tests/ui/test_layout.py runs it.

What counts (per scene drawn once at one size and scale):
* offscreen: a text, panel or button not wholly inside the window;
* overflow: a text whose centre lies in a panel or button but which sticks out of it, a text
  cut by the surface's clip rectangle or by a part-blit (`area=`), or a text shortened to fit
  (ending in "...", or a name cut with a full stop: `widgets.shorten` and the helpers that
  wrap and fit text report it) unless the words are deliberately secondary and shown whole in
  a tooltip (`in_tooltip=True`; those are counted as `shortened`, not as a problem);
* overlap: two different texts drawn over each other (a drop shadow of the same text is not),
  a text running under a button it is not part of, two buttons over each other, or a button
  half over a panel.
Cards in a hand (game/ui/hand.py) are a declared layer: they may overlap each other, but each
must lie wholly in the window (offscreen otherwise) and off every text and button drawn before
them at the same level (overlap otherwise). The raised card of a hand lies over the table by
design and is checked against the window only.
Tooltips are not part of a scene's draw; dialogs drawn over a scene call `layer()` so the texts
under them are not compared with theirs.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

# from the smallest supported window (settings.MIN_WINDOW) to 3840x2160, 16:9 and one 16:10
SIZES = [
    (1024, 576),
    (1024, 640),
    (1280, 720),
    (1600, 900),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
]
SCALES = [0.75, 1.0, 1.25, 1.5, 1.75, 2.0]  # each size is checked at the scales offered for it
TOLERANCE = 2  # pixels a glyph's empty padding may poke out of its box


@dataclass
class Problem:
    kind: str  # offscreen | overflow | overlap
    scene: str
    size: tuple[int, int]
    scale: float
    what: str

    def __str__(self) -> str:
        w, h = self.size
        return f"{self.kind}: {self.scene} {w}x{h} @{self.scale:.2f}x: {self.what}"


@dataclass
class Recorder:
    surface: pygame.Surface
    texts: list[tuple[pygame.Rect, str, int]] = field(default_factory=list)
    boxes: list[tuple[pygame.Rect, str, int]] = field(default_factory=list)
    clipped: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    cards: list[tuple[pygame.Rect, str, int, int]] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)  # shortened texts (an overflow each)
    cut_in_tooltip: list[str] = field(default_factory=list)  # shortened, whole in a tooltip
    _ids: dict[int, str] = field(default_factory=dict)
    level: int = 0

    def text(self, surf: pygame.Surface, text: str) -> None:
        self._ids[id(surf)] = text

    def shortened(self, full: str, in_tooltip: bool) -> None:
        (self.cut_in_tooltip if in_tooltip else self.cut).append(full)

    def part_blitted(self, source, area: pygame.Rect) -> None:
        """A text blitted with `area`: cut when the area leaves out some of its ink."""
        text = self._ids.get(id(source))
        if text is None or not text.strip():
            return
        ink = _tight(source, pygame.Rect(0, 0, *source.get_size()))
        if ink is not None and not pygame.Rect(area).inflate(2, 2).contains(ink):
            self.cut.append(text)

    def box(self, surface, rect) -> None:
        if surface is self.surface:
            self.boxes.append((pygame.Rect(rect), "panel", self.level))

    def widget(self, surface, rect, label: str) -> None:
        if surface is self.surface:
            self.boxes.append((pygame.Rect(rect), f"button {label!r}", self.level))

    def card(self, surface, rect, layer: str) -> None:
        """A card of a declared layer (a hand's fan, or its raised card)."""
        if surface is self.surface:
            self.cards.append((pygame.Rect(rect), layer, self.level, len(self.texts)))

    def layer(self) -> None:
        """Everything drawn from now on lies over what was drawn before (a dialog)."""
        self.level += 1

    def blitted(self, source, rect: pygame.Rect, clip: pygame.Rect) -> None:
        text = self._ids.get(id(source))
        if text is None or not text.strip():
            return
        tight = _tight(source, rect)
        if tight is None:
            return
        if not clip.contains(tight):
            self.clipped.append((tight, text))
        self.texts.append((tight, text, self.level))


_TIGHT: dict[int, tuple[pygame.Surface, pygame.Rect]] = {}


def _tight(source: pygame.Surface, rect: pygame.Rect) -> pygame.Rect | None:
    """The rectangle of the glyphs' ink (fonts pad their surfaces above and below)."""
    cached = _TIGHT.get(id(source))
    if cached is None or cached[0] is not source:
        bounds = source.get_bounding_rect(min_alpha=40)
        cached = (source, bounds)
        _TIGHT[id(source)] = cached
    bounds = cached[1]
    if bounds.w == 0 or bounds.h == 0:
        return None
    return bounds.move(rect.x, rect.y)


class RecordingSurface(pygame.Surface):
    """A screen-sized surface that reports each blit of a text surface to its recorder."""

    recorder: Recorder

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        if area is not None and hasattr(self, "recorder"):
            self.recorder.part_blitted(source, area)
        if area is None and hasattr(self, "recorder"):
            pos = dest.topleft if isinstance(dest, pygame.Rect) else dest
            self.recorder.blitted(
                source, pygame.Rect(int(pos[0]), int(pos[1]), *source.get_size()), self.get_clip()
            )
        return rect

    def blits(self, blit_sequence, doreturn=1):
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None


def record(scene, size: tuple[int, int]) -> Recorder:
    """Draw `scene` once onto a recording surface of the window's size."""
    from game.ui import widgets

    surface = RecordingSurface(size)
    recorder = Recorder(surface)
    surface.recorder = recorder
    widgets.RECORDER = recorder
    try:
        start = len(scene.app.scenes) - 1
        while start > 0 and not scene.app.scenes[start].opaque:
            start -= 1
        for index, s in enumerate(scene.app.scenes[start:]):
            if index:
                recorder.layer()
            s.draw(surface)
    finally:
        widgets.RECORDER = None
    return recorder


def problems(rec: Recorder, name: str, size, scale: float) -> list[Problem]:
    out: list[Problem] = []
    window = pygame.Rect(0, 0, *size)

    def add(kind, what):
        out.append(Problem(kind, name, tuple(size), scale, what))

    for rect, text, _lvl in rec.texts:
        if not window.contains(rect):
            add("offscreen", f"text {text!r} at {tuple(rect)}")
    for rect, label, _lvl in rec.boxes:
        if not window.contains(rect):
            add("offscreen", f"{label} at {tuple(rect)}")
    for rect, layer, lvl, drawn in rec.cards:
        if not window.contains(rect):
            add("offscreen", f"card of {layer!r} at {tuple(rect)}")
        if layer.endswith(":raised"):
            continue
        for box, label, blvl in rec.boxes:
            clip = box.clip(rect)
            if (
                label.startswith("button")
                and blvl == lvl
                and clip.w > TOLERANCE
                and clip.h > TOLERANCE
            ):
                add("overlap", f"card of {layer!r} {tuple(rect)} over {label} {tuple(box)}")
        for trect, text, tlvl in rec.texts[:drawn]:
            clip = trect.clip(rect)
            if tlvl == lvl and clip.w > TOLERANCE and clip.h > TOLERANCE:
                add("overlap", f"card of {layer!r} {tuple(rect)} over text {text!r} {tuple(trect)}")
    for rect, text in rec.clipped:
        if window.contains(rect):
            add("overflow", f"text {text!r} cut at {tuple(rect)}")
    for text in rec.cut:
        add("overflow", f"text {text!r} shortened to fit (no tooltip has it whole)")
    for rect, text, lvl in rec.texts:
        centre = rect.center
        for box, label, blvl in rec.boxes:
            if blvl != lvl or not box.collidepoint(centre):
                continue
            if not box.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(rect):
                add("overflow", f"text {text!r} {tuple(rect)} out of {label} {tuple(box)}")
                break
    buttons = [(r, label, lvl) for r, label, lvl in rec.boxes if label.startswith("button")]
    for i, (a, la, lvl) in enumerate(buttons):
        for b, lb, blvl in buttons[i + 1 :]:
            clip = a.clip(b)
            if blvl == lvl and clip.w > TOLERANCE and clip.h > TOLERANCE:
                add("overlap", f"{la} {tuple(a)} over {lb} {tuple(b)}")
        for b, lb, blvl in rec.boxes:
            if blvl != lvl or lb != "panel":
                continue
            clip = a.clip(b)
            if clip.w > TOLERANCE and clip.h > TOLERANCE and not b.contains(a) and clip != b:
                add("overlap", f"{la} {tuple(a)} half over a panel {tuple(b)}")
    for rect, text, lvl in rec.texts:  # words running under a button they do not belong to
        for box, label, blvl in buttons:
            if blvl != lvl or box.collidepoint(rect.center):
                continue
            clip = box.clip(rect)
            if clip.w > TOLERANCE and clip.h > TOLERANCE:
                add("overlap", f"text {text!r} {tuple(rect)} under {label} {tuple(box)}")
    seen = set()
    texts = rec.texts
    for i in range(len(texts)):
        a, ta, la = texts[i]
        for j in range(i + 1, len(texts)):
            b, tb, lb = texts[j]
            if la != lb:
                continue
            if ta == tb and abs(a.x - b.x) <= 3 and abs(a.y - b.y) <= 3:
                continue  # a drop shadow
            clip = a.clip(b)
            if clip.w > TOLERANCE and clip.h > TOLERANCE:
                key = (ta, tb)
                if key not in seen:
                    seen.add(key)
                    add("overlap", f"{ta!r} {tuple(a)} over {tb!r} {tuple(b)}")
    return out


# ------------------------------------------------------------------ the scenes


def _pump(app, until: Callable[[], bool] | None = None, frames: int = 600) -> None:
    for _ in range(frames):
        if until is not None and until():
            return
        pygame.event.pump()
        app.update(1 / 60)


POOL = ["cursed_pirate", "barbarian", "pyromancer", "moon_elf", "huntress", "paladin"]


def new_match(mode: str, heroes=POOL):
    """(engine, seat count) of a fresh match of `mode` ("1v1" or a team format) between the
    first of `heroes`."""
    from game.modes import variants
    from game.modes.duel import duel_setup
    from game.rules.engine import Engine

    if mode == "1v1":
        return Engine.new_match(duel_setup(list(heroes[:2]), 7, turn_limit=0)), 2
    count = variants.SEATS[mode]
    return Engine.new_match(variants.setup_for(mode, list(heroes[:count]), 7)), count


def _duel(mode: str):
    def build(app):
        from game.ui.scenes.duel import DuelScene

        engine, count = new_match(mode)
        cpu = {"kind": "computer", "level": "easy"}
        scene = DuelScene(app, engine, [{"kind": "human"}] + [cpu] * (count - 1))
        app.push(scene)
        reach_main_phase(app, scene)
        fill_hand(scene, 10)
        return scene

    return build


def fill_hand(scene, count: int) -> None:
    """Deal the viewer's hand up to `count` cards from their deck (the busiest hand to draw)."""
    engine = scene.engine
    with engine.world.active():
        piles = engine.piles(engine.player(scene.viewer))
        while len(piles.hand) < count and piles.deck:
            piles.hand.append(piles.deck.pop(0))
    scene.refresh()


def reach_main_phase(app, scene, frames: int = 3000) -> None:
    """Play on (the human's other questions answered as the computer would) until the human
    seat is in a Main Phase with its hand: the busiest moment of a duel's screen."""
    from game.ai import make_ai

    stand_in = make_ai("easy", 1)
    for _ in range(frames):
        if _human_main_phase(scene):
            return
        choice = scene.engine.pending
        if (
            choice is not None
            and scene.human(choice.player)
            and not scene.presenter.busy
            and scene.pass_to is None
        ):
            scene.act(stand_in.decide(scene.engine, choice))
        pygame.event.pump()
        app.update(1 / 60)


def _human_main_phase(scene) -> bool:
    choice = scene.engine.pending
    return (
        choice is not None
        and scene.human(choice.player)
        and not scene.presenter.busy
        and choice.kind == "main_phase"
    )


def _simple(module: str, cls: str, arg: Callable | None = None):
    def build(app):
        import importlib

        scene_cls = getattr(importlib.import_module(module), cls)
        scene = scene_cls(app) if arg is None else scene_cls(app, arg())
        app.push(scene)
        _pump(app, None, 3)
        return scene

    return build


def _setup(mode: str):
    def build(app):
        from game.ui.scenes.setup import SetupScene

        scene = SetupScene(app)
        app.push(scene)
        scene.set_mode(mode)
        _pump(app, None, 3)
        return scene

    return build


def _mission(heroes: tuple[str, ...]):
    def build(app):
        from game.missions.engine import MissionEngine, MissionSetup
        from game.ui.scenes.mission import MissionScene

        engine = MissionEngine(MissionSetup("harbor_heist", heroes, seed=3))
        seats = [{"kind": "human"} for _ in heroes]
        scene = MissionScene(app, engine, seats, ["Player"] + [""] * (len(heroes) - 1))
        app.push(scene)
        _pump(app, None, 120)
        return scene

    return build


def busiest_run_mission(db) -> str:
    """The mission whose Henchman side draws the most: the most panels, then the longest
    names, attacks, Crisis abilities and Threat text."""

    def words(side) -> int:
        out = 0
        for hid in side.henchmen:
            h = db.henchmen[hid]
            a, c = h.attack, h.crisis
            out += len(h.name) + len(a.name) + 8 * len(a.statuses) + len(c.name) + 8 * len(c.gain)
            out += 12 if c.melee_only else 0
        if side.threat:
            out += len(db.threats[side.threat].name) + len(db.threats[side.threat].text)
        return out

    def rank(mission):
        side = mission.sides[0]
        return (len(side.henchmen) + bool(side.threat), words(side))

    return max(db.missions.values(), key=rank).id


def _mission_enemies(app):
    """The Missions board at its busiest for the enemy panels and the Hero list: the side with
    the most and wordiest panels, four Heroes with long names, each holding the Ally with the
    longest name."""
    from game.missions.content import default_missions
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui.scenes.mission import MissionScene

    db = default_missions()
    heroes = ("cursed_pirate", "shadow_thief", "huntress", "artificer")
    engine = MissionEngine(MissionSetup(busiest_run_mission(db), heroes, seed=3))
    ally = max(db.allies.values(), key=lambda a: (len(a.name), a.id)).id
    with engine.world.active():
        for hero in engine.heroes:
            hero.allies = [ally] * max(1, hero.ally_limit)
    scene = MissionScene(app, engine, [{"kind": "human"} for _ in heroes], ["Player"] + [""] * 3)
    app.push(scene)
    _pump(app, None, 120)
    return scene


def _setup_story(mode: str):
    """The setup screen with the longest hero story selected on every seat."""

    def build(app):
        from game.ui.scenes.setup import SetupScene

        scene = SetupScene(app)
        app.push(scene)
        scene.set_mode(mode)
        for side in range(len(scene.choice)):
            pool = scene.pool(side)
            longest = max(range(len(pool)), key=lambda i: (len(pool[i].bio), pool[i].id))
            scene.choice[side] = longest
        _pump(app, None, 3)
        return scene

    return build


def _mission_turn(app):
    """A Hero's Main Phase on the Missions board (its board, tray and a 10-card hand)."""
    from game.missions.ai import MissionAI

    scene = _mission(("cursed_pirate", "huntress"))(app)
    engine, ai = scene.engine, MissionAI(11)
    for _ in range(4000):
        choice = engine.pending
        if choice is not None and not scene.narrating() and scene.decided_for is choice:
            if choice.kind == "main_phase":
                break
            scene.act(ai.decide(engine, choice))
        app.update(1 / 60)
    hero = scene.hero(engine.pending.player)
    with engine.world.active():
        while len(hero.hand) < 10:
            hero.hand.append(hero.hand[len(hero.hand) % len(hero.hand)])
    return scene


def _adventure(app):
    from game.ui.scenes.adventure import AdventureScene
    from game.ui.scenes.adventures_menu import new_runner

    runner = new_runner("easy", "Testers", [("barbarian", "human"), ("moon_elf", "human")], 6, 5)
    scene = AdventureScene(app, runner)
    app.push(scene)
    _pump(app, None, 120)
    return app.scene


def _end(mode: str):
    def build(app):
        from game.ui.scenes.duel import DuelScene
        from game.ui.scenes.end import EndScene

        engine, count = new_match(mode)
        cpu = {"kind": "computer", "level": "easy"}
        scene = DuelScene(app, engine, [cpu] * count)
        app.push(scene)
        scene.finish_instantly()
        _pump(app, lambda: isinstance(app.scene, EndScene), 600)
        _pump(app, None, 3)
        return app.scene

    return build


def _continue_list(app):
    """The Continue list at its busiest: more saves than fit (it scrolls), 6-seat hero lists,
    the longest names, and a save that cannot be resumed with the file policy's reason."""
    from game.persistence.saved_games import SavedGame
    from game.ui.scenes.continue_list import ContinueScene

    six = ["Cursed Pirate", "Huntress", "Artificer", "Treant", "Seraph", "Gunslinger"]
    entries = [
        SavedGame("match", "3 vs 3", six, [six[:3], six[3:]], "turn 14", 1.8e9, mode="3v3"),
        SavedGame("mission", "Mission: Harbor Heist", six[:4], detail="round 3", saved=1.8e9),
        SavedGame(
            "adventure",
            "Adventures - slot 2",
            six[:4],
            detail="Scenario 7/8 - Boss Battle, score 240",
            saved=1.8e9,
            slot=2,
        ),
        SavedGame(
            "match",
            "2 vs 2 vs 2",
            six,
            problem="damaged: copied aside as duel_2v2v2.json.damaged-20261126-041702; the "
            "last good copy (.bak) was written by a newer version of the game",
        ),
    ] * 3
    scene = ContinueScene(app, entries)
    app.push(scene)
    _pump(app, None, 3)
    return scene


def _confirm(app):
    from game.ui.scenes.confirm import ConfirmScene

    text = (
        "A 2 vs 2 vs 2 game with the Cursed Pirate, Huntress, Artificer, Treant, Seraph and "
        "Gunslinger is saved (turn 14). Starting a new one keeps it in the Continue list."
    )
    answers = [("Start the new game", lambda: None), ("Back", lambda: None)]
    scene = ConfirmScene(app, "Another game is saved", text, answers)
    app.push(scene)
    _pump(app, None, 3)
    return scene


def _crash(app):
    from pathlib import Path

    from game.ui.scenes.crash import CrashScene

    error = KeyError("a very long key name that a broken content file could carry " * 2)
    scene = CrashScene(app, error, Path("/home/player/.local/share/dicethrone/crashes/x.json"))
    app.push(scene)
    _pump(app, None, 3)
    return scene


def _controls(app):
    """Controls while a key is awaited, with the longest refusal shown."""
    from game.persistence.settings import Settings
    from game.ui.scenes.controls import ControlsScene

    scene = ControlsScene(app, Settings())
    app.push(scene)
    scene.start("prev_focus")
    scene.bind("space")  # refused: Space is Pass / End Phase
    scene.start("left")
    _pump(app, None, 3)
    return scene


def _online(kind: str, mode: str, on_leave: str = "wait", grace: int = 60):
    def build(app):
        from game.ui import online_preview

        if kind == "menu":
            from game.ui.scenes.online_menu import OnlineScene

            scene = OnlineScene(app)
            app.push(scene)
            scene._set_mode(mode)
            scene.status = (
                "Could not reach ws://192.168.1.23:7777: ConnectionRefusedError (retrying)"
            )
        elif kind in ("host", "guest"):
            from game.ui.scenes.lobby import LobbyScene

            link = online_preview.lobby_link(mode, kind == "host", on_leave, grace)
            scene = LobbyScene(app, link)
            app.push(scene)
        elif kind == "waiting":
            from game.ui.scenes.online_watch import WatchScene

            link = online_preview.lobby_link(mode, False)
            link.seat, link.watching = None, True
            link.room["spectators"] = 2
            scene = WatchScene(app, link, link.code)
            app.push(scene)
        elif kind == "watch":
            from game.ui.scenes.online_watch import WatchBoardScene

            scene = WatchBoardScene(app, online_preview.duel_link(mode, watching=True))
            app.push(scene)
        elif kind == "watch-crawl":
            from game.ui.scenes.online_watch_coop import WatchAdventureScene

            scene = WatchAdventureScene(app, online_preview.adventure_link(watching=True))
            app.push(scene)
        elif kind in ("crawl", "battle", "sheet"):
            from game.ui.scenes.online_adventure import OnlineAdventureScene

            sessions = 2 if kind == "sheet" else 0
            link = online_preview.adventure_link(battle=kind == "battle", scored=sessions)
            scene = OnlineAdventureScene(app, link)
            app.push(scene)
            if kind == "sheet":  # the score sheet the server's view carries
                scene.show_sheet()
        else:
            from game.ui.scenes.online_duel import OnlineDuelScene

            scene = OnlineDuelScene(app, online_preview.duel_link(mode))
            app.push(scene)
            if kind == "lost":
                scene.link.state, scene.link.reason = "lost", "ConnectionRefusedError"
        slow = ("duel", "lost", "watch", "crawl", "battle", "watch-crawl", "sheet")
        _pump(app, None, 120 if kind in slow else 3)
        return app.scene

    return build


def _online_mission(kind: str):
    """The online co-op Mission screens: the Online screen with Co-op Mission picked, the
    host's and a guest's lobby, the board (connected, or the connection lost)."""

    def build(app):
        from game.ui import online_preview

        if kind == "menu":
            from game.ui.scenes.online_menu import OnlineScene

            scene = OnlineScene(app)
            app.push(scene)
            scene._set_mode("mission")
            scene._set_count(4)
        elif kind in ("host", "guest"):
            from game.ui.scenes.lobby import LobbyScene

            scene = LobbyScene(app, online_preview.mission_lobby_link(kind == "host"))
            app.push(scene)
        elif kind == "watch":
            from game.ui.scenes.online_watch_coop import WatchMissionScene

            scene = WatchMissionScene(app, online_preview.mission_link(watching=True))
            app.push(scene)
        else:
            from game.ui.scenes.online_mission import OnlineMissionScene

            scene = OnlineMissionScene(app, online_preview.mission_link())
            app.push(scene)
            if kind == "lost":
                scene.link.state, scene.link.reason = "lost", "ConnectionRefusedError"
        _pump(app, None, 120 if kind in ("board", "lost", "watch") else 3)
        return app.scene

    return build


def _with_room(build: Callable, **room):
    """An online scene whose room message says `room` (e.g. spectators not allowed)."""

    def built(app):
        scene = build(app)
        scene.link.room.update(room)
        scene.resize()
        _pump(app, None, 3)
        return scene

    return built


def _paused(build: Callable, opener: str = "_open_pause", **room):
    """A play scene with its pause menu open (the online host's with the widest drop entry:
    `room` is merged into the room the menu reads)."""

    def paused(app):
        scene = build(app)
        if room:
            scene.link.room.update(room)
        getattr(scene, opener)()
        _pump(app, None, 3)
        return scene

    return paused


SCENES: dict[str, Callable] = {
    "title": _simple("game.ui.scenes.title", "TitleScene"),
    "settings": _simple("game.ui.scenes.settings", "SettingsScene"),
    "controls": _controls,
    "setup:duel": _setup("duel"),
    "setup:2v2": _setup("2v2"),
    "setup:2v2v2": _setup("2v2v2"),
    "setup:story": _setup_story("duel"),
    "setup:story2v2": _setup_story("2v2"),
    "duel:1v1": _duel("1v1"),
    "duel:2v2": _duel("2v2"),
    "duel:koth": _duel("koth"),
    "duel:3v3": _duel("3v3"),
    "duel:2v2v2": _duel("2v2v2"),
    "end:1v1": _end("1v1"),
    "end:3v3": _end("3v3"),
    "missions:select": _simple("game.ui.scenes.missions_menu", "MissionSelectScene"),
    "mission:solo": _mission(("barbarian",)),
    "mission:duo": _mission(("cursed_pirate", "huntress")),
    "mission:turn": _mission_turn,
    "mission:enemies": _mission_enemies,
    "adventures:menu": _simple("game.ui.scenes.adventures_menu", "CampaignMenuScene"),
    "adventure:crawl": _adventure,
    "continue": _continue_list,
    "rules": _simple("game.ui.scenes.rules", "RulesScene"),
    "confirm": _confirm,
    "crash": _crash,
    "online:menu": _online("menu", "duel"),
    "lobby:host": _online("host", "duel"),
    "lobby:guest3v3": _online("guest", "3v3"),
    "lobby:host2v2v2": _online("host", "2v2v2"),
    "online:menu-boss": _online("menu", "boss_vs_many"),
    "lobby:hostboss": _online("host", "boss_vs_many", "computer", 120),
    "lobby:guestboss": _online("guest", "boss_vs_many", "computer", 30),
    "lobby:hostbvb": _online("host", "boss_vs_boss"),
    # no spectators, with the longest drop choice: the host's buttons, the guest's words
    "lobby:host-nowatch": _with_room(
        _online("host", "3v3", "computer", 120), spectators_allowed=False
    ),
    "lobby:guest-nowatch": _with_room(
        _online("guest", "boss_vs_many", "computer", 120), spectators_allowed=False
    ),
    "online:boss": _online("duel", "boss_vs_many"),
    "online:1v1": _online("duel", "duel"),
    "online:1v1-lost": _online("lost", "duel"),
    "online:2v2": _online("duel", "2v2"),
    "online:watching3v3": _online("waiting", "3v3"),
    "online:watch": _online("watch", "duel"),
    "online:watch2v2": _online("watch", "2v2"),
    "online:menu-mission": _online_mission("menu"),
    "lobby:host-mission": _online_mission("host"),
    "lobby:guest-mission": _online_mission("guest"),
    "online:mission": _online_mission("board"),
    "online:mission-lost": _online_mission("lost"),
    "online:watch-mission": _online_mission("watch"),
    "online:menu-adventure": _online("menu", "adventure"),
    "lobby:hostadventure": _online("host", "adventure"),
    "online:adventure-crawl": _online("crawl", "adventure"),
    "online:watch-adventure": _online("watch-crawl", "adventure"),
    "online:adventure-battle": _online("battle", "adventure"),
    "online:adventure-sheet": _online("sheet", "adventure"),
    "pause:duel": _paused(_duel("1v1")),
    "pause:mission": _paused(_mission(("cursed_pirate", "huntress"))),
    "pause:adventure": _paused(_adventure, "open_pause"),
    "pause:online-host": _paused(_online("duel", "duel"), on_leave="computer", grace=120.0),
    "pause:watch": _paused(_online("watch", "duel")),
}


def check_scene(name: str, size, scale: float) -> list[Problem]:
    return _check(name, size, scale)[0]


def _check(name: str, size, scale: float) -> tuple[list[Problem], list[str]]:
    """The problems of one layout, and the texts it cut deliberately (whole in a tooltip)."""
    from game.persistence.settings import Settings
    from game.ui.app import App

    app = App(Settings(ui_scale=scale, animation_speed="instant", sound_volume=0.0), size=size)
    try:
        scene = SCENES[name](app)
        rec = record(scene, size)
        return problems(rec, name, size, scale), rec.cut_in_tooltip
    finally:
        for s in app.scenes:
            runner = getattr(s, "runner", None)
            if runner is not None:
                runner.close()
        app.close()


def run(names=None, sizes=None, scales=None) -> tuple[dict, list[Problem]]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # still pictures: no computer moves, odds solved at once (no worker process per layout)
    os.environ.setdefault("DICE_THRONE_AI_WORKER", "inline")
    names = list(names or SCENES)
    sizes = list(sizes or SIZES)
    scales = list(scales or SCALES)
    from game.ui.app import offered_scales

    found: list[Problem] = []
    layouts = kept = 0
    for name in names:
        for size in sizes:
            for scale in scales:
                if scale not in offered_scales(size):
                    continue
                layouts += 1
                bad, cut = _check(name, size, scale)
                found += bad
                kept += len(cut)
    totals = {
        "scenes": len(names),
        "layouts": layouts,
        "overlaps": sum(p.kind == "overlap" for p in found),
        "overflows": sum(p.kind == "overflow" for p in found),
        "offscreen": sum(p.kind == "offscreen" for p in found),
        # texts cut on purpose: secondary words shown whole in a tooltip (not a problem)
        "shortened": kept,
    }
    return totals, found
