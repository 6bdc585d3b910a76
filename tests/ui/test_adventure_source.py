"""One presentation path for Adventures: the crawl map, its panels, the Shop, Boss Loot and the
battle board's choice of foe draw only from the scene's `source`, the per-seat campaign view
(`LocalAdventureTable`, fed by `adventure_view.adventure_update` as a co-op room sends it); the
engine, the runner and the campaign record are read only by the controller part of the scene.

Driven with the SDL dummy driver like tests/ui/test_adventures.py.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from game.online.adventure_table import LocalAdventureTable
from game.online.audit import AdventureAuditor
from game.online.table import HIDDEN_CARD
from game.persistence.settings import Settings
from game.ui.app import App
from game.ui.scenes.adventure import AdventureBattleScene, AdventureScene, is_battle_choice
from game.ui.scenes.focus_targets import adventure_targets
from tests.ui.test_adventures import advance, human_runner
from tests.ui.uikit import OLD_PROMPTS, pump

UI = Path(__file__).resolve().parents[2] / "game" / "ui"

# AdventureScene / AdventureBattleScene methods that are the controller's part: they apply
# answers, run the computer heroes, save, follow the runner onto a new session, take the
# engine's event stream for the narration (the score sheet draws from the view)
CONTROLLER = {
    "__init__",
    "engine",
    "enter",
    "_sync_engine",
    "collect",
    "apply",
    "update",
    "in_battle",  # (update's question: is a battle deciding now? online it asks the table)
    "skip",
    "finish_instantly",
    "_build_finished",
    "leave",
    "quit_to_title",
    "open_pause",
    "_focus",
    "battle_over",
}


@pytest.fixture
def app():
    settings = Settings(animation_speed="instant", sound_volume=0.0, **OLD_PROMPTS)
    application = App(settings, size=(1280, 720))
    yield application
    application.close()


class NoEngine:
    """Stands where the scene's runner, engine or campaign record was: any use fails."""

    def __getattr__(self, name):
        raise AssertionError(f"the drawing code read the engine or the runner ({name})")


def _reads(tree: ast.AST) -> list[int]:
    """Lines naming an engine or runner anywhere, or the campaign record on `self`."""
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        on_self = isinstance(node.value, ast.Name) and node.value.id == "self"
        if node.attr in ("engine", "_engine", "runner") or (on_self and node.attr == "campaign"):
            out.append(node.lineno)
    return out


def test_the_crawl_drawing_code_never_names_the_engine():
    """adventure_draw.py never touches an engine, a runner or the campaign record (nor esper);
    in adventure.py only the controller's methods do (a new drawing method reading them fails
    here), and the crawl's keyboard targets read the source."""
    draw = (UI / "scenes/adventure_draw.py").read_text()
    assert _reads(ast.parse(draw)) == [] and "esper" not in draw
    focus = ast.parse((UI / "scenes/focus_targets.py").read_text())
    targets = next(
        n
        for n in ast.walk(focus)
        if isinstance(n, ast.FunctionDef) and n.name == "adventure_targets"
    )
    assert _reads(targets) == []
    tree = ast.parse((UI / "scenes/adventure.py").read_text())
    readers = {
        f"{cls.name}.{f.name}"
        for cls in tree.body
        if isinstance(cls, ast.ClassDef)
        for f in cls.body
        if isinstance(f, ast.FunctionDef) and _reads(f) and f.name not in CONTROLLER
    }
    assert readers == set(), f"methods reading the engine outside the controller: {readers}"


def _taken_away(scene):
    """Replace the scene's runner and campaign record by objects that fail on any use (the
    `engine` property reads the runner); returns a function that puts them back."""
    runner, campaign = scene.runner, scene.campaign
    scene.runner, scene.campaign = NoEngine(), NoEngine()

    def restore():
        scene.runner, scene.campaign = runner, campaign

    return restore


def test_the_crawl_map_draws_with_the_engine_taken_away(app):
    """At a human's move on the map: the map, the heroes' panels, the prompt, every tile's
    tooltip and move label and the keyboard targets come from the source alone."""
    runner = human_runner(heroes=("cursed_pirate", "huntress"), seed=5)
    advance(runner, lambda r: r.pending.kind == "adventure_move")
    scene = AdventureScene(app, runner)
    app.push(scene)
    pump(app, lambda: scene.decided_for is not None and scene.decided_for == runner.pending)
    assert isinstance(scene._source, LocalAdventureTable)
    restore = _taken_away(scene)
    try:
        app.draw()
        assert scene.tile_rects and scene.hero_rects
        tips = [scene.tile_tip(slot) for slot in scene.tile_rects]
        assert all(tips) and any("Lying here" in t for t in tips)
        legal = [o.action.get("slot") for o in scene.source.pending.options]
        assert [scene.move_button_label(s) for s in legal]
        assert {what for _r, what, _c in adventure_targets(scene)} == {f"tile {s}" for s in legal}
    finally:
        restore()
    app.pop()
    runner.close()


@pytest.mark.parametrize("kind", ["adventure_shop", "adventure_boss_loot"])
def test_the_shop_and_boss_loot_draw_with_the_engine_taken_away(app, kind):
    runner = human_runner(heroes=("barbarian",), seed=4)
    advance(runner, lambda r: r.driver is not None and r.pending.kind == kind)
    scene = AdventureScene(app, runner)
    scene.ticker.clear()
    app.push(scene)
    pump(app, lambda: scene.decided_for == runner.pending)
    restore = _taken_away(scene)
    try:
        app.draw()
        if kind == "adventure_shop":
            hero = runner.driver.heroes[runner.pending.player]
            assert [card for _r, card in scene.shop_cards] == list(hero.dealt)
            assert len(scene.shop_unid) == len(hero.unidentified)
            # the view tags each dealt card with the Shop's price
            prices = scene.source.conclusion["heroes"][runner.pending.player]["prices"]
            assert prices == {card: runner.driver.price(card) for card in hero.dealt}
    finally:
        restore()
    app.pop()
    runner.close()


def test_the_battle_board_picks_its_foe_from_the_campaign_view(app):
    """The battle board shows the Minion its hero fights, chosen from the campaign view with
    the runner and the engine out of reach."""
    runner = human_runner(heroes=("barbarian",), seed=5)
    advance(runner, is_battle_choice)
    scene = AdventureScene(app, runner)
    app.push(scene)
    pump(app, lambda: isinstance(app.scene, AdventureBattleScene))
    battle = app.scene
    engaged = scene.source.hero(battle.viewer).engaged
    assert engaged is not None
    restore, engine = _taken_away(scene), battle.engine
    battle.engine = NoEngine()
    try:
        assert battle.opponent_seat(battle.view, battle.viewer) == engaged
        assert battle.seat_kind_label(engaged) == "Minion"
    finally:
        restore()
        battle.engine = engine
    runner.close()


def test_the_seat_source_holds_no_foes_hand_and_passes_the_audit():
    """Over a whole computer-played first session of a two-hero campaign and its Boss Battle:
    at every decision the seat's source holds the heroes' hands (one team, core rule 110) and
    none of a Minion's or the Boss's hand, and every update it took passes the campaign audit
    (no deck order, face-down tile, Unidentified card or seed)."""
    from game.adventures.ai import AdventureAI
    from game.ui.scenes.adventure import controllers_for

    runner = human_runner(heroes=("treant", "cursed_pirate"), seed=4)
    source = LocalAdventureTable(runner)
    checked, bosses, drawn, audited, auditor = 0, 0, 0, object(), None
    ais = controllers_for(runner.campaign)
    for i in range(len(runner.campaign.heroes)):
        ais.setdefault(i, AdventureAI("normal", i))
    for _ in range(4000):
        if runner.finished or len(runner.campaign.rows) >= 2:
            break
        choice = runner.pending
        source.refresh()
        view = source.view
        if view is not None:
            for p in view.players:
                if p.team == 0:
                    assert HIDDEN_CARD not in p.hand  # a hero's hand: the team sees it
                else:
                    assert set(p.hand) <= {HIDDEN_CARD}, f"seat {p.seat}'s hand is held"
            bosses += source.scenario is not None and source.scenario.boss is not None
        if runner.engine is not audited:  # a new session: the audit follows its engine
            audited, auditor = runner.engine, AdventureAuditor(runner, 0)
        problems = auditor.check(json.loads(json.dumps(source.update)))
        assert problems == [], problems
        checked += 1
        engine = runner.engine
        before = len(engine.log) if engine is not None else 0
        runner.apply(ais[choice.player].decide(runner.target, choice))
        if engine is None or runner.engine is not engine:
            continue  # (the scenario closed: its events go with the next session's)
        # what the narration gets: the events as the seat may see them (a Boss's Action card
        # drawn is the fact only), passing the same audit
        raw = engine.log[before:]
        seen = source.seen(raw)
        message = {"events": [{"kind": e.kind, **e.data, "text": e.text} for e in seen]}
        assert auditor.check(json.loads(json.dumps(message))) == []
        for event, shown in zip(raw, seen, strict=False):
            if event.kind == "boss_action_drawn":
                drawn += 1
                name = runner.content.cards[event.data["card_id"]].name
                assert name in event.text and name not in shown.text
    print("decisions checked", checked, "in a Boss Battle", bosses, "Action cards drawn", drawn)
    assert checked > 100 and bosses and drawn
    runner.close()


def test_the_crawl_narration_never_names_the_bosss_action_card(app):
    """The scene's narration takes the engine's new events as the seat may see them: through a
    Boss Battle of computer-played heroes, the scene's ticker says a Boss's Action card was
    drawn without naming it (the engine's own line names it). (A card whose Action gives a hero
    a bonus is named by the bonus's line, `hero_bonus`, which the view lists as public.)"""
    from game.adventures.ai import AdventureAI
    from game.ui.scenes.adventure import controllers_for

    runner = human_runner(heroes=("treant", "cursed_pirate"), seed=4)
    advance(runner, lambda r: r.engine is not None and r.engine.log and r.campaign.rows)
    scene = AdventureScene(app, runner)
    ais = controllers_for(runner.campaign)
    for i in range(len(runner.campaign.heroes)):
        ais.setdefault(i, AdventureAI("normal", i))
    drawn = 0
    for _ in range(3000):
        if runner.finished or len(runner.campaign.rows) >= 2:
            break
        engine = runner.engine
        before = len(engine.log) if engine is not None else 0
        choice = runner.pending
        runner.apply(ais[choice.player].decide(runner.target, choice))
        collected = scene.collect() + scene.ticker
        scene.ticker = []
        if engine is None or runner.engine is not engine:
            continue
        names = [
            runner.content.cards[e.data["card_id"]].name
            for e in engine.log[before:]
            if e.kind == "boss_action_drawn"
        ]
        drawn += len(names)
        told = [e.text for e in collected if e.kind == "boss_action_drawn"]
        assert len(told) == len(names)
        assert not [n for n in names if n in " ".join(told)], "the draw names the Action card"
    assert drawn
    runner.close()


def _sheet_from_record(campaign) -> list[list[str]]:
    """The score sheet's rows as the campaign record has them (what both boards must show)."""
    from game.ui.scenes.adventures_menu import KIND_NAMES

    return [
        [
            f"{r.scenario}. {KIND_NAMES[r.kind]}",
            "Won" if r.result == "won" else "Lost",
            *(str(n) for n in (r.salves, r.gold, r.boss_loot, r.explored)),
            str(r.scenario_score),
            str(r.session_score),
        ]
        for r in campaign.rows
    ]


def _online_board(app, update: dict, seat: int):
    from game.ui.online_preview import StandInLink, room_message
    from game.ui.scenes.online_adventure import OnlineAdventureScene

    room = room_message("adventure", started=True)
    room["seats"] = room["seats"][:2]
    link = StandInLink(room, seat, False)
    link.latest, link.notices = json.loads(json.dumps(update)), []
    scene = OnlineAdventureScene(app, link)
    assert scene.runner is None and scene.campaign is None and scene.engine is None
    app.push(scene)
    return scene


def test_the_online_board_shows_the_offline_score_sheet_between_sessions(app):
    """The same campaign's score sheet on the offline crawl (its runner and record taken away)
    and on the online crawl (an `AdventureTable` fed the room's update, no runner in the
    window): the same rows, team line, status and total as the campaign record; the online
    board shows it when an update brings a scored session, and from its pause menu."""
    from game.online.adventure_table import runner_moves
    from game.online.adventure_view import adventure_update
    from game.ui.scenes.adventures_menu import ScoreSheetScene, scenario_label

    runner = human_runner(heroes=("cursed_pirate", "huntress"), seed=4)
    advance(runner, lambda r: len(r.campaign.rows) >= 1)
    key = runner_moves(runner)
    before = adventure_update(runner, 1, [], key[1] + key[3])
    advance(runner, lambda r: len(r.campaign.rows) >= 2)
    key = runner_moves(runner)
    after = adventure_update(runner, 1, [], key[1] + key[3])
    record = runner.campaign
    expected = _sheet_from_record(record)
    assert len(expected) == 2 and not record.completed
    total, status = f"Campaign total: {record.score}", f"{scenario_label(record.scenario)} next"

    offline = AdventureScene(app, runner)
    app.push(offline)
    app.frame(1 / 60)
    restore = _taken_away(offline)
    try:
        offline.show_sheet()
        sheet = app.scene
        assert isinstance(sheet, ScoreSheetScene)
        app.frame(1 / 60)  # drawn with no runner and no record in reach
        shown = (sheet.lines(), sheet.team_line(), sheet.status(), sheet.total())
    finally:
        restore()
    assert shown[0] == expected
    assert shown[1].startswith("Testers  -  ") and shown[1].endswith("Cursed Pirate, Huntress")
    assert shown[2:] == (status, total)
    app.pop()
    app.pop()
    runner.close()

    online = _online_board(app, before, seat=1)
    for _ in range(5):
        app.frame(1 / 60)
    assert not isinstance(app.scene, ScoreSheetScene), "a resumed board owes no sheet"
    online.link.updates.append(json.loads(json.dumps(after)))
    pump(app, lambda: isinstance(app.scene, ScoreSheetScene), 300)
    sheet = app.scene
    assert isinstance(sheet, ScoreSheetScene) and sheet.title == "Session over"
    app.frame(1 / 60)
    assert (sheet.lines(), sheet.team_line(), sheet.status(), sheet.total()) == shown
    sheet.close()
    assert app.scene is online
    online.open_pause()
    entry = next(b for b in online.pause_buttons if b.label == "Score sheet")
    entry.on_click()
    assert isinstance(app.scene, ScoreSheetScene) and app.scene.lines() == expected


def test_the_online_crawl_map_draws_the_turn_timers_clock(app, monkeypatch):
    """A timed room's update: the crawl map shows the seconds left beside the connection
    indicator (the header keeps clear of it); an untimed room's map shows no clock."""
    from game.ui import online_preview
    from game.ui.scenes import online_duel
    from game.ui.scenes.online_adventure import OnlineAdventureScene

    said: list[str] = []
    real = online_duel.draw_text

    def spy(surface, words, *args, **kwargs):
        said.append(words)
        return real(surface, words, *args, **kwargs)

    monkeypatch.setattr(online_duel, "draw_text", spy)
    link = online_preview.adventure_link()
    untimed = OnlineAdventureScene(app, link)
    app.push(untimed)
    app.frame(1 / 60)
    area = untimed.layout()["heroes"]
    plain = untimed.header_reserve(area)
    assert not any(":" in w and w.replace(":", "").isdigit() for w in said)
    app.pop()
    link = online_preview.adventure_link()
    link.latest["time_left"] = 75.0
    timed = OnlineAdventureScene(app, link)
    app.push(timed)
    said.clear()
    app.frame(1 / 60)
    assert timed.source.pending is not None
    assert any(w in ("1:15", "1:14") for w in said), said
    assert timed.header_reserve(area) > plain
