"""Scenario files: rules tests anyone can write, in TOML (see docs/scenarios.md).

A scenario sets up a match (heroes, Health, CP, hand, deck order, tokens, upgrades, who is
active and in which phase), forces die results, takes actions, and states what must be true.
`python -m game scenario PATH...` exits 0 when all pass, 1 when an expectation fails, 2 for a
malformed file.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import esper

from game.content import schema
from game.content.defs import ContentDB
from game.content.loader import ContentError, default_content, load_content
from game.modes import variants as formats
from game.rules import ops, phases, variants
from game.rules.actions import Action, PendingChoice
from game.rules.components import StatusLimits, TurnFlags
from game.rules.engine import Engine, MatchSetup, SeatSetup
from game.rules.frames import MatchFrame, TurnFrame
from game.rules.view import match_view
from game.scenario_models import (
    ExpectationFailed,
    Scenario,
    ScenarioError,
    ShapeError,
    read_file,
)

START_PHASES = {"upkeep": 0, "income": 1, "main1": 2, "offensive_roll": 3, "main2": 4, "discard": 5}
STEP_KEYS = {
    "by",
    "do",
    "dice",
    "reroll",
    "keep",
    "ability",
    "row",
    "card",
    "status",
    "option",
    "window",
    "expect",
    "note",
    "group",
}
PLAYER_KEYS = {
    "hero",
    "team",
    "health",
    "cp",
    "hand",
    "deck_top",
    "deck",
    "discard",
    "statuses",
    "upgrades",
    "flags",
    "limits",
    "name",
    "flipped",
    "inflicted_by",
    "enemy",  # Adventures: an enemy id instead of `hero` (see docs/scenarios.md)
    "kings_hand",
    "boss",
}
PLAYER_EXPECT_KEYS = {
    "health",
    "cp",
    "statuses",
    "hand_size",
    "hand",
    "deck_size",
    "discard_size",
    "levels",
    "defeated",
    "flags",
    "discard",
}
EXPECT_KEYS = {
    "winner",
    "phase",
    "active",
    "events",
    "no_events",
    "log_contains",
    "pending",
    "over",
    "offers",
    "not_offers",
}


def load(path: Path) -> Scenario:
    """A scenario file, read within bounds and checked against its model
    (game/scenario_models.py) before anything is built."""
    try:
        data = read_file(path)
    except ShapeError as exc:
        raise ScenarioError(str(exc)) from None
    return from_data(data, path)


def from_data(data: dict[str, Any], path: Path) -> Scenario:
    """A scenario from already-parsed data (tests build these from dicts)."""
    if data.get("mode") == "missions":  # a Missions board: game/missions/scenario.py
        from game.missions.scenario import validate

        return validate(data, path)
    if data.get("kind") in ("shop", "scoring"):  # between battles: game/adventures/scenario_files
        title = data.get("title")
        if not isinstance(title, str) or not title:
            raise ScenarioError(f"{path}: title: a scenario needs a title")
        return Scenario(path, title, data)
    allowed = {"title", "rules", "description", "setup", "players", "step", "expect"}
    for key in data:
        if key not in allowed:
            raise ScenarioError(
                f"{path}: {key}: unknown section (allowed: {', '.join(sorted(allowed))})"
            )
    title = data.get("title")
    if not isinstance(title, str) or not title:
        raise ScenarioError(f"{path}: title: a scenario needs a title")
    rules = data.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) and r for r in rules):
        raise ScenarioError(f'{path}: rules: a list of rule ids as strings, e.g. ["78", "79"]')
    players = data.get("players")
    if not isinstance(players, dict) or len(players) < 2:
        raise ScenarioError(f"{path}: players: at least two [players.NAME] tables are needed")
    for name, spec in players.items():
        if not isinstance(spec, dict):
            raise ScenarioError(f"{path}: players.{name}: expected a table")
        for key in spec:
            if key not in PLAYER_KEYS:
                raise ScenarioError(f"{path}: players.{name}.{key}: unknown field")
        if not isinstance(spec.get("hero", spec.get("enemy")), str):
            raise ScenarioError(f"{path}: players.{name}.hero: missing (a hero id)")
    steps = data.get("step", [])
    if not isinstance(steps, list):
        raise ScenarioError(f"{path}: step: use [[step]] tables")
    for i, step in enumerate(steps):
        for key in step:
            if key not in STEP_KEYS:
                raise ScenarioError(f"{path}: step[{i}].{key}: unknown field")
        if "do" not in step:
            raise ScenarioError(f"{path}: step[{i}].do: missing (what the player does)")
        if "by" in step and step["by"] not in players:
            raise ScenarioError(f"{path}: step[{i}].by: unknown player '{step['by']}'")
    return Scenario(path=path, title=title, data=data, names=list(players))


# ---------------------------------------------------------------- building the match


_EXTRA_CONTENT: dict[tuple, ContentDB] = {}


def _content_for(scenario: Scenario) -> ContentDB:
    extra = scenario.data.get("setup", {}).get("content")
    if extra is None:
        return default_content()
    folder = (scenario.path.parent / extra).resolve()
    if not folder.is_dir():
        raise ScenarioError(f"{scenario.path}: setup.content: no folder '{extra}'")
    # Loaded once per process while its files are unchanged (many scenarios share a folder).
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    key = (folder, tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files))
    cached = _EXTRA_CONTENT.get(key)
    if cached is not None:
        return cached
    try:
        content = load_content(extra=(folder,))
    except ContentError as exc:
        raise ScenarioError(f"{scenario.path}: setup.content: {exc}") from exc
    if len(_EXTRA_CONTENT) > 16:
        _EXTRA_CONTENT.clear()
    _EXTRA_CONTENT[key] = content
    return content


def build(scenario: Scenario) -> Engine:
    path = scenario.path
    setup = scenario.data.get("setup", {})
    for key in setup:
        if key not in {
            "seed",
            "first",
            "start_at",
            "content",
            "first_turn",
            "settle",
            "shared_dial",
            "start_roll",
            "mode",
            "adventure",
            "dice",
            "hero",
            "foe",
        }:
            raise ScenarioError(f"{path}: setup.{key}: unknown field")
    content = _content_for(scenario)
    if "adventure" in setup:
        return _build_adventure(scenario, setup, content)
    players = scenario.data["players"]
    mode = setup.get("mode", "scenario")
    if mode != "scenario":
        if mode not in formats.MODES:
            raise ScenarioError(f"{path}: setup.mode: one of {', '.join(formats.MODES)}")
        if len(scenario.names) != formats.SEATS[mode]:
            raise ScenarioError(
                f"{path}: setup.mode: {mode} needs {formats.SEATS[mode]} players, "
                f"not {len(scenario.names)}"
            )
    seats = []
    for name in scenario.names:
        hero = players[name]["hero"]
        if hero not in content.heroes:
            raise ScenarioError(f"{path}: players.{name}.hero: unknown hero '{hero}'")
        team = players[name].get("team")
        if team is not None and (isinstance(team, bool) or not isinstance(team, int)):
            raise ScenarioError(f"{path}: players.{name}.team: expected a team number")
        if team is None and mode != "scenario":
            team = formats.team_of(mode, len(seats))
        seats.append(SeatSetup(hero=hero, name=players[name].get("name", name), team=team))
    match = MatchSetup(
        seats=tuple(seats),
        seed=int(setup.get("seed", 1)),
        mode=mode,
        health=formats.HEALTH[mode] if mode != "scenario" else None,
        shared_team_dial=bool(
            setup.get("shared_dial", formats.SHARED_DIAL[mode] if mode != "scenario" else False)
        ),
    )

    def arrange(eng: Engine) -> None:
        _arrange(eng, scenario, setup)

    try:
        eng = Engine.new_match(match, content, before_start=arrange)
    except ScenarioError:
        raise
    except (KeyError, ValueError, TypeError) as exc:
        raise ScenarioError(f"{path}: setup: {exc}") from exc
    with eng.world.active():
        left = list(eng.rng.forced_dice)
    if left:
        raise ScenarioError(f"{path}: setup.start_roll: dice {left} were never rolled")
    return eng


ADVENTURE_STARTS = ("minion_step", "hero_step", "boss_step", "battle")


def _build_adventure(scenario: Scenario, setup: dict[str, Any], content: ContentDB) -> Engine:
    """Adventures (docs/scenarios.md, "Adventures"): heroes first, then enemies (`enemy` ids),
    in mode ``adventure_battle``; the match starts with the named step instead of a turn."""
    from game.adventures import boss as boss_mod
    from game.adventures import enemies as enemy_mod
    from game.rules.components import KingsHandRules

    path = scenario.path
    players = scenario.data["players"]
    start = setup["adventure"]
    if start not in ADVENTURE_STARTS:
        raise ScenarioError(f"{path}: setup.adventure: one of {', '.join(ADVENTURE_STARTS)}")
    names = scenario.names
    hero_names = [n for n in names if "enemy" not in players[n]]
    enemy_names = [n for n in names if "enemy" in players[n]]
    if names != hero_names + enemy_names or not hero_names or not enemy_names:
        raise ScenarioError(f"{path}: players: list the heroes first, then the enemies")
    for name in enemy_names:
        if players[name]["enemy"] not in content.enemies:
            raise ScenarioError(f"{path}: players.{name}.enemy: unknown enemy")
        if "hero" in players[name]:
            raise ScenarioError(f"{path}: players.{name}: a hero or an enemy, not both")
    for name in hero_names:
        if players[name]["hero"] not in content.heroes:
            raise ScenarioError(f"{path}: players.{name}.hero: unknown hero")
    hero = setup.get("hero", hero_names[0])
    foe = setup.get("foe", enemy_names[0])
    if hero not in hero_names:
        raise ScenarioError(f"{path}: setup.hero: not one of the heroes")
    if foe not in enemy_names:
        raise ScenarioError(f"{path}: setup.foe: not one of the enemies")
    seats = tuple(
        SeatSetup(hero=players[n]["hero"], name=players[n].get("name", n), team=0)
        for n in hero_names
    )
    match = MatchSetup(seats=seats, seed=int(setup.get("seed", 1)), mode="adventure_battle")

    def arrange(eng: Engine) -> None:
        for name in enemy_names:
            spec = players[name]
            kh = spec.get("kings_hand", {})
            if not isinstance(kh, dict) or set(kh) - {"max_per_turn", "low", "high", "tokens"}:
                raise ScenarioError(
                    f"{path}: players.{name}.kings_hand: a table of max_per_turn, low, high, tokens"
                )
            rules = KingsHandRules(
                max_per_turn=int(kh.get("max_per_turn", 1)),
                low=int(kh.get("low", 4)),
                high=int(kh.get("high", 6)),
            )
            tokens = kh.get("tokens")
            label = spec.get("name", name)
            if "boss" in spec:
                b = spec["boss"]
                allowed = {"health", "upgrade_cp", "starting_cp", "upgrade_order", "action_top"}
                if not isinstance(b, dict) or set(b) - allowed:
                    raise ScenarioError(
                        f"{path}: players.{name}.boss: a table of {', '.join(sorted(allowed))}"
                    )
                player = boss_mod.setup_boss(
                    eng,
                    spec["enemy"],
                    health=int(b.get("health", 70)),
                    upgrade_cp=int(b.get("upgrade_cp", 0)),
                    starting_cp=int(b.get("starting_cp", 2)),
                    kings_hand_tokens=int(tokens or 0),
                    kings_hand=rules,
                    upgrade_order=b.get("upgrade_order"),
                )
                piles = eng.piles(player)
                for card_id in reversed(b.get("action_top", [])):
                    piles.deck.insert(
                        0, _take_from(eng, player, card_id, path, name, (piles.deck,), "boss")
                    )
            else:
                player = enemy_mod.add_enemy(
                    eng,
                    spec["enemy"],
                    kings_hand=rules,
                    kings_hand_tokens=None if tokens is None else int(tokens),
                )
            esper.component_for_entity(player, enemy_mod.Seat).name = label
        joined = list(eng.log)  # enemies entering and the Boss's upgrades stay in the log
        for seat, name in enumerate(names):
            _arrange_player(eng, path, name, eng.player(seat), players[name], names)
        info = eng.info
        info.start_player = 0
        h = eng.player(names.index(hero))
        f = eng.player(names.index(foe))
        program = eng.program
        program.frames.clear()
        if start == "battle":
            program.frames.append(enemy_mod.BattleFrame())
        elif start == "hero_step":
            program.frames.append(enemy_mod.HeroStepFrame(hero=h, foe=f))
        elif start == "minion_step":
            program.frames.append(enemy_mod.MinionStepFrame(minion=f, target=h))
        else:
            program.frames.append(boss_mod.BossStepFrame(boss=f, target=h))
        dice = setup.get("dice", [])
        if not isinstance(dice, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in dice
        ):
            raise ScenarioError(f"{path}: setup.dice: a list of die values 1-6")
        eng.rng.forced_dice.extend(dice)
        eng._events.clear()
        eng.log[:] = joined

    try:
        eng = Engine.new_match(match, content, before_start=arrange)
    except ScenarioError:
        raise
    except (KeyError, ValueError, TypeError) as exc:
        raise ScenarioError(f"{path}: setup: {exc}") from exc
    with eng.world.active():
        left = list(eng.rng.forced_dice)
    if left:
        raise ScenarioError(f"{path}: setup.dice: dice {left} were never rolled")
    return eng


def _arrange(eng: Engine, scenario: Scenario, setup: dict[str, Any]) -> None:
    path = scenario.path
    names = scenario.names
    specs = scenario.data["players"]
    first = setup.get("first", names[0])
    if first not in names:
        raise ScenarioError(f"{path}: setup.first: unknown player '{first}'")
    start_at = setup.get("start_at", "upkeep")
    if start_at not in START_PHASES:
        raise ScenarioError(f"{path}: setup.start_at: one of {', '.join(START_PHASES)}")
    for seat, name in enumerate(names):
        _arrange_player(eng, path, name, eng.player(seat), specs[name], names)
    if "start_roll" in setup:
        _arrange_start_roll(eng, path, setup)
        return
    info = eng.info
    first_ent = eng.player(names.index(first))
    info.start_player = first_ent
    info.turn_order = variants.turn_cycle(eng, first_ent)
    program = eng.program
    program.frames.clear()
    program.frames.append(MatchFrame(stage="turns", next_index=1))
    stage = START_PHASES[start_at]
    if stage > 0:
        info.active = first_ent
        info.turn = 1
        info.round = 1
        eng.standing(first_ent).turns_taken = 1 if setup.get("first_turn", True) else 2
        esper.add_component(eng.MATCH, TurnFlags())
        info.phase = {2: "main1", 1: "income", 3: "offensive_roll", 4: "main2", 5: "discard"}[stage]
        program.frames.append(TurnFrame(player=first_ent, stage=stage))
    else:
        info.round = 0
        program.frames[-1].next_index = 0
        if not setup.get("first_turn", True):
            eng.standing(first_ent).turns_taken = 1
    program.frames.extend(reversed(phases.hero_setup_frames(eng, info.turn_order)))


def _arrange_start_roll(eng: Engine, path: Path, setup: dict[str, Any]) -> None:
    """The match begins as a real one does: everyone rolls for the first turn (these die
    results, in seating order; ties roll again), then the Hero Setups, then the first turn."""
    dice = setup["start_roll"]
    if (
        not isinstance(dice, list)
        or not dice
        or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in dice)
    ):
        raise ScenarioError(f"{path}: setup.start_roll: a list of die values 1-6")
    for key in ("first", "first_turn"):
        if key in setup:
            raise ScenarioError(f"{path}: setup.{key}: not with start_roll (the roll decides)")
    if setup.get("start_at", "upkeep") != "upkeep":
        raise ScenarioError(f"{path}: setup.start_at: start_roll begins at the first Upkeep")
    program = eng.program
    program.frames.clear()
    program.frames.append(MatchFrame())  # the roll for the first turn, then the hero setups
    eng.rng.forced_dice.extend(dice)


def _take_from(
    eng: Engine,
    player: int,
    card_id: str,
    path: Path,
    name: str,
    piles: tuple[list[int], ...],
    where: str = "",
    placed: set[int] = frozenset(),
) -> int:
    """A `card_id` card from the first of `piles` holding one, never one the file already
    placed (`placed`); else an error naming the field."""
    for pile in piles:
        for card in pile:
            if eng.card_id(card) == card_id and card not in placed:
                pile.remove(card)
                return card
    raise _too_many(eng, player, card_id, path, name, where)


def _too_many(eng: Engine, player: int, card_id: str, path: Path, name: str, where: str):
    """The file asks for a card this player's deck cannot give (again): an error naming the
    field and how many copies the hero's deck holds, never a silently smaller hand or deck."""
    field_name = f"players.{name}.{where}" if where else f"players.{name}"
    if card_id not in eng.content.cards:
        return ScenarioError(f"{path}: {field_name}: unknown card '{card_id}'")
    try:
        hero = eng.hero(player)
        holds = f" ({hero.name}'s deck holds {dict(hero.deck).get(card_id, 0)})"
    except (KeyError, AttributeError):  # an Adventures enemy: no hero deck to count
        holds = ""
    return ScenarioError(
        f"{path}: {field_name}: no '{card_id}' card left to place{holds}: the file asks for "
        "more copies than the deck holds, or places one twice"
    )


def _inflicter(
    eng: Engine, path: Path, name: str, player: int, status: str, named, names: list[str]
) -> int | None:
    """Who placed a status the file sets up: `inflicted_by.<status>` (a player name; the
    holder's own name for a token they gave themselves), else nobody for a positive status
    and, for a negative one, the nearest opponent clockwise (the only one in a duel), so a
    preset Stun gives its extra Offensive Roll to someone."""
    if named is not None:
        if named not in names:
            raise ScenarioError(
                f"{path}: players.{name}.inflicted_by.{status}: unknown player '{named}'"
            )
        return eng.player(names.index(named))
    if ops.status_def(eng, status).kind != "negative":
        return None
    nearest = variants.opponents_clockwise(eng, player)
    return nearest[0] if nearest else None


def _arrange_player(
    eng: Engine, path: Path, name: str, player: int, spec: dict, names: list[str]
) -> None:
    hero = eng.hero(player)
    piles = eng.piles(player)
    if "health" in spec:
        dial = eng.dial(player)
        dial.health = int(spec["health"])
    if "cp" in spec:
        cp = int(spec["cp"])
        if not 0 <= cp <= ops.CP_MAX:
            raise ScenarioError(f"{path}: players.{name}.cp: 0 to 15")
        from game.rules.components import CombatPoints

        esper.component_for_entity(player, CombatPoints).cp = cp
    for slot, level in spec.get("upgrades", {}).items():
        try:
            hero.slot(slot)
        except KeyError:
            raise ScenarioError(
                f"{path}: players.{name}.upgrades.{slot}: no such ability slot"
            ) from None
        board = eng.board(player)
        board.levels[slot] = int(level)
        # The card may have been dealt into the opening hand: take it from there too (and
        # deal a replacement), so the board always holds it and II -> III costs the difference.
        for pile in (piles.deck, piles.hand):
            card = next(
                (
                    c
                    for c in pile
                    if eng.content.cards[eng.card_id(c)].upgrade_slot == slot
                    and eng.content.cards[eng.card_id(c)].upgrade_level == int(level)
                ),
                None,
            )
            if card is None:
                continue
            pile.remove(card)
            board.upgrades.setdefault(slot, []).append(card)
            if pile is piles.hand and piles.deck:
                piles.hand.append(piles.deck.pop(0))
            break
    placed: set[int] = set()  # cards put where the file says: never taken again

    def place(card_id: str, where: str) -> int:
        """A card of this hero's deck the file has not placed yet: from the deck, the dealt
        opening hand (dealt a replacement, so the hand keeps its size) or the discard pile."""
        dealt = len(piles.hand)
        every = (piles.deck, piles.hand, piles.discard)
        card = _take_from(eng, player, card_id, path, name, every, where, placed)
        if len(piles.hand) < dealt and piles.deck:
            piles.hand.append(piles.deck.pop(0))
        placed.add(card)
        return card

    if "hand" in spec:
        piles.deck.extend(piles.hand)
        piles.hand.clear()
        piles.hand.extend([place(card_id, "hand") for card_id in spec["hand"]])
    if "discard" in spec:
        piles.discard.extend([place(card_id, "discard") for card_id in spec["discard"]])
    if "deck" in spec:
        # The deck is exactly these cards (top first); the rest of it goes to the discard pile.
        chosen = [place(card_id, "deck") for card_id in spec["deck"]]
        piles.discard.extend(piles.deck)
        piles.deck[:] = chosen
    if "deck_top" in spec:
        piles.deck[:0] = [place(card_id, "deck_top") for card_id in spec["deck_top"]]
    # Limits first, so a raised stack limit can be filled (Protect raised to 2, holding 2).
    for status, bonus in spec.get("limits", {}).items():
        if status not in eng.content.statuses:
            raise ScenarioError(f"{path}: players.{name}.limits.{status}: unknown status")
        esper.component_for_entity(player, StatusLimits).bonus[status] = int(bonus)
    statuses = spec.get("statuses", {})
    inflicters = spec.get("inflicted_by", {})
    for status in inflicters:
        if not statuses.get(status):
            raise ScenarioError(
                f"{path}: players.{name}.inflicted_by.{status}: {name} holds no {status} "
                "(give it in `statuses`)"
            )
    for status, count in statuses.items():
        if status not in eng.content.statuses:
            raise ScenarioError(f"{path}: players.{name}.statuses.{status}: unknown status")
        if count:
            source = _inflicter(eng, path, name, player, status, inflicters.get(status), names)
            placed = ops.give_status(eng, player, status, int(count), source)
            if placed != int(count) and eng.alive(player):
                limit = ops.stack_limit(eng, player, status)
                raise ScenarioError(
                    f"{path}: players.{name}.statuses.{status}: {count} cannot be held (the stack "
                    f"limit is {limit}; raise it with `limits`)"
                )
    for flag in spec.get("flags", []):
        if flag not in schema.KNOWN_FLAGS:
            raise ScenarioError(
                f"{path}: players.{name}.flags: unknown flag '{flag}' "
                f"(known: {', '.join(schema.KNOWN_FLAGS)})"
            )
        ops.grant_flag(eng, player, flag, "end_of_game")
    if spec.get("flipped"):  # the hero board starts on its other side (Cursed Pirate)
        eng.board(player).flipped = True
    eng._events.clear()
    eng.log.clear()


# ---------------------------------------------------------------- running steps


def _matches(option_action: Action, step: dict, eng: Engine, names: list[str]) -> bool:
    kind = step["do"]
    if option_action.kind != kind:
        return False
    if kind == "roll":
        wanted = _roll_indices(step)
        return wanted is None or tuple(option_action.get("dice")) == wanted
    if kind == "activate":
        if option_action.get("ability") != step.get("ability"):
            return False
        return "row" not in step or option_action.get("row") == step["row"]
    if kind in ("play", "sell"):
        with eng.world.active():
            return eng.card_id(option_action.get("card")) == step.get("card")
    if kind == "spend":
        return option_action.get("status") == step.get("status")
    return True


def _roll_indices(step: dict) -> tuple[int, ...] | None:
    if "reroll" in step:
        return tuple(sorted(int(i) - 1 for i in step["reroll"]))
    if "keep" in step:
        keep = {int(i) - 1 for i in step["keep"]}
        return tuple(i for i in range(5) if i not in keep)
    return None


def _find(choice: PendingChoice, step: dict, eng: Engine, names: list[str]) -> Action | None:
    if step["do"] == "choose":
        wanted = str(step.get("option", "")).lower()
        for option in choice.options:
            if option.action.kind == "choose" and (
                wanted in option.label.lower() or wanted == str(option.action.get("option")).lower()
            ):
                return option.action
        return None
    for option in choice.options:
        if _matches(option.action, step, eng, names):
            return option.action
    return None


AUTO = {"pass", "accept", "end_phase"}


def _auto(choice: PendingChoice, step: dict, by: int | None) -> Action | None:
    """A move the scenario did not spell out: pass a window, accept a finished defense roll,
    end a Main Phase, when the next step's action is not available here."""
    kinds = {o.action.kind: o.action for o in choice.options}
    if choice.kind == "respond" and "pass" in kinds:
        return kinds["pass"]
    if (
        choice.kind == "defensive_roll"
        and "accept" in kinds
        and step["do"] not in ("roll", "accept")
    ):
        return kinds["accept"]
    if (
        choice.kind == "main_phase"
        and "end_phase" in kinds
        and step["do"] in ("roll", "activate", "no_ability", "accept", "end_phase")
        and (by is None or choice.player == by or step["do"] != "end_phase")
    ):
        return kinds["end_phase"]
    return None


def run_steps(eng: Engine, scenario: Scenario) -> None:
    names = scenario.names
    path = scenario.path
    for index, step in enumerate(scenario.data.get("step", [])):
        where = f"step {index + 1} ({step['do']}{' by ' + step['by'] if 'by' in step else ''})"
        by = names.index(step["by"]) if "by" in step else None
        if "dice" in step:
            dice = step["dice"]
            if not isinstance(dice, list) or not all(
                isinstance(v, int) and 1 <= v <= 6 for v in dice
            ):
                raise ScenarioError(f"{path}: {where}: dice must be a list of values 1-6")
            with eng.world.active():
                eng.rng.forced_dice.extend(dice)
        mark = len(eng.log)
        for _guard in range(500):
            choice = eng.pending
            if choice is None:
                raise ExpectationFailed(f"{where}: the match is over, nothing more can be done")
            window_ok = "window" not in step or step["window"] == choice.window
            player_ok = by is None or choice.player == by
            action = _find(choice, step, eng, names) if (window_ok and player_ok) else None
            if action is not None:
                eng.apply(action)
                break
            auto = _auto(choice, step, by)
            if auto is None:
                labels = "; ".join(o.label for o in choice.options[:15])
                who = names[choice.player]
                kind = choice.kind + (f"/{choice.window}" if choice.window else "")
                raise ExpectationFailed(
                    f"{where}: not possible now. {who} is asked: {choice.prompt} "
                    f"[{kind}] Options: {labels}"
                )
            eng.apply(auto)
        else:  # pragma: no cover - guard
            raise ExpectationFailed(f"{where}: too many automatic moves")
        with eng.world.active():
            left = list(eng.rng.forced_dice)
        if left:
            raise ExpectationFailed(f"{where}: forced dice {left} were never rolled")
        if "expect" in step:
            check(eng, scenario, step["expect"], f"after {where}", since=mark)


def settle(eng: Engine) -> None:
    """After the last step: pass open windows and accept finished defense rolls, so the
    expectations see the state once the last action has played out."""
    for _guard in range(500):
        choice = eng.pending
        if choice is None:
            return
        kinds = {o.action.kind: o.action for o in choice.options}
        if choice.kind == "respond" and "pass" in kinds:
            eng.apply(kinds["pass"])
        elif choice.kind == "defensive_roll" and "accept" in kinds:
            eng.apply(kinds["accept"])
        else:
            return


def check(eng: Engine, scenario: Scenario, expect: dict, where: str, since: int = 0) -> None:
    names = scenario.names
    path = scenario.path
    view = match_view(eng)
    for key, value in expect.items():
        if key in names:
            _check_player(eng, view.players[names.index(key)], key, value, where, path)
            continue
        if key not in EXPECT_KEYS:
            raise ScenarioError(f"{path}: {where}: expect.{key}: unknown expectation")
        if key == "winner":
            if value == "draw":
                ok = view.over and view.draw
            elif value in ("none", ""):
                ok = not view.over
            else:
                if value not in names:
                    raise ScenarioError(f"{path}: expect.winner: unknown player '{value}'")
                ok = view.over and view.winner_team == view.players[names.index(value)].team
            actual = (
                "draw"
                if view.draw
                else (
                    "none"
                    if not view.over
                    else names[next(p.seat for p in view.players if p.team == view.winner_team)]
                )
            )
            _ok(ok, f"{where}: winner should be {value}, is {actual}")
        elif key == "over":
            _ok(view.over == value, f"{where}: match over should be {value}")
        elif key == "phase":
            _ok(view.phase == value, f"{where}: phase should be {value}, is {view.phase}")
        elif key == "active":
            _ok(
                names[view.active] == value,
                f"{where}: active should be {value}, is {names[view.active]}",
            )
        elif key == "pending":
            choice = eng.pending
            _ok(choice is not None, f"{where}: a decision should be pending")
            for k, v in value.items():
                actual = {
                    "kind": choice.kind,
                    "window": choice.window,
                    "by": names[choice.player],
                }.get(k)
                _ok(actual == v, f"{where}: pending {k} should be {v}, is {actual}")
        elif key == "events":
            for wanted in value:
                _ok(
                    _event_found(eng, wanted, names, since),
                    f"{where}: no event matching {wanted}. Events: " + _recent(eng, since),
                )
        elif key == "no_events":
            for wanted in value:
                spec = wanted if isinstance(wanted, dict) else {"kind": wanted}
                _ok(
                    not _event_found(eng, spec, names, since),
                    f"{where}: an event matching {spec} happened. Events: " + _recent(eng, since),
                )
        elif key in ("offers", "not_offers"):
            _check_offers(eng, scenario, key, value, where)
        elif key == "log_contains":
            texts = [e.text for e in eng.log[since:]]
            for wanted in value if isinstance(value, list) else [value]:
                _ok(any(wanted in t for t in texts), f"{where}: no log line contains {wanted!r}")


def _check_offers(eng: Engine, scenario: Scenario, key: str, value: Any, where: str) -> None:
    """`offers` / `not_offers`: actions (in step form) the pending decision must / must not
    list. An item's `by` and `window` must match the decision, so a check never passes only
    because someone else is being asked."""
    names = scenario.names
    path = scenario.path
    if not isinstance(value, list):
        raise ScenarioError(f"{path}: {where}: expect.{key}: a list of actions like steps")
    choice = eng.pending
    _ok(choice is not None, f"{where}: {key}: no decision is pending")
    assert choice is not None
    who = names[choice.player]
    for item in value:
        if not isinstance(item, dict) or "do" not in item:
            raise ScenarioError(f"{path}: {where}: expect.{key}: each item needs 'do'")
        for field_name in item:
            if field_name not in STEP_KEYS - {"dice", "expect", "note"}:
                raise ScenarioError(f"{path}: {where}: expect.{key}.{field_name}: unknown field")
        if "by" in item:
            if item["by"] not in names:
                raise ScenarioError(f"{path}: {where}: expect.{key}: unknown player {item['by']}")
            _ok(who == item["by"], f"{where}: {key}: {who} is deciding, not {item['by']}")
        if "window" in item:
            _ok(
                choice.window == item["window"],
                f"{where}: {key}: the decision is in window {choice.window}, not {item['window']}",
            )
        found = _find(choice, item, eng, names) is not None
        labels = "; ".join(o.label for o in choice.options[:20])
        if key == "offers":
            _ok(found, f"{where}: {who} should be offered {item}. Options: {labels}")
        else:
            _ok(not found, f"{where}: {who} should not be offered {item}. Options: {labels}")


def _recent(eng: Engine, since: int) -> str:
    return " | ".join(e.text for e in eng.log[since:][-25:])


def _event_found(eng: Engine, wanted: dict, names: list[str], since: int) -> bool:
    for event in eng.log[since:]:
        if event.kind != wanted.get("kind", event.kind):
            continue
        ok = True
        for k, v in wanted.items():
            if k == "kind":
                continue
            if isinstance(v, str) and v in names:
                v = names.index(v)
            elif isinstance(v, list):
                v = [names.index(x) if isinstance(x, str) and x in names else x for x in v]
            if event.data.get(k) != v:
                ok = False
                break
        if ok:
            return True
    return False


def _check_player(eng, pv, name: str, spec: dict, where: str, path: Path) -> None:
    for key, value in spec.items():
        if key not in PLAYER_EXPECT_KEYS:
            raise ScenarioError(f"{path}: {where}: expect.{name}.{key}: unknown expectation")
        label = f"{where}: {name}'s {key}"
        if key == "health":
            _ok(pv.health == value, f"{label} should be {value}, is {pv.health}")
        elif key == "cp":
            _ok(pv.cp == value, f"{label} should be {value}, is {pv.cp}")
        elif key == "statuses":
            for status, count in value.items():
                actual = pv.statuses.get(status, 0)
                _ok(actual == count, f"{label}: {status} should be {count}, is {actual}")
        elif key == "hand_size":
            _ok(len(pv.hand) == value, f"{label} should be {value}, is {len(pv.hand)}")
        elif key == "hand":
            actual = sorted(cid for _c, cid in pv.hand)
            _ok(actual == sorted(value), f"{label} should be {sorted(value)}, is {actual}")
        elif key == "deck_size":
            _ok(pv.deck_size == value, f"{label} should be {value}, is {pv.deck_size}")
        elif key == "discard_size":
            _ok(len(pv.discard) == value, f"{label} should be {value}, is {len(pv.discard)}")
        elif key == "discard":
            _ok(sorted(pv.discard) == sorted(value), f"{label} should be {value}, is {pv.discard}")
        elif key == "levels":
            for slot, level in value.items():
                actual = pv.levels.get(slot)
                _ok(actual == level, f"{label}: {slot} should be {level}, is {actual}")
        elif key == "defeated":
            _ok(pv.defeated == value, f"{label} should be {value}, is {pv.defeated}")
        elif key == "flags":
            _ok(sorted(value) == pv.flags, f"{label} should be {sorted(value)}, is {pv.flags}")


def _ok(condition: bool, message: str) -> None:
    if not condition:
        raise ExpectationFailed(message)


def run_file(path: Path) -> Engine:
    """Run one scenario; raises ScenarioError or ExpectationFailed."""
    scenario = load(path)
    if scenario.data.get("mode") == "missions":
        from game.missions.scenario import run

        return run(scenario)
    if scenario.data.get("kind") in ("shop", "scoring"):
        return _run_campaign_file(path)
    eng = build(scenario)
    try:
        run_steps(eng, scenario)
        if scenario.data.get("setup", {}).get("settle", True):
            settle(eng)
        if "expect" in scenario.data:
            check(eng, scenario, scenario.data["expect"], "at the end")
    except ScenarioError:
        raise
    except (KeyError, TypeError, AttributeError) as exc:
        raise ScenarioError(f"{path}: malformed value ({type(exc).__name__}: {exc})") from exc
    return eng


class _NoEngine:
    """What a shop or scoring scenario hands back in place of an engine (nothing to close)."""

    def close(self) -> None:
        return None


def _run_campaign_file(path: Path) -> _NoEngine:
    from game.adventures.scenario_files import CampaignScenarioError, run_campaign_file

    try:
        failures = run_campaign_file(path)
    except CampaignScenarioError as exc:
        raise ScenarioError(str(exc)) from exc
    if failures:
        raise ExpectationFailed("; ".join(failures))
    return _NoEngine()


def collect(paths: list[str]) -> tuple[list[Path], list[str]]:
    """The scenario files named by `paths` (a folder: every .toml inside, `fixtures` folders
    skipped), and a problem for each path that names none."""
    files: list[Path] = []
    problems: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.toml") if "fixtures" not in p.parts)
            if not found:
                problems.append(f"{raw}: no scenario files found (.toml) in this folder")
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            problems.append(f"{raw}: no such file or folder")
    return files, problems


def main(paths: list[str], verbose: bool = False) -> int:
    """Run every file, whatever happens to the ones before it: exit 0 all passed, 1 an
    expectation failed, 2 a file (or path) is malformed or could not be run."""
    files, problems = collect(paths)
    for problem in problems:
        print(f"MALFORMED {problem}")
    malformed, failed = len(problems), 0
    for path in files:
        try:
            eng = run_file(path)
            eng.close()
            if verbose:
                print(f"pass  {path}")
        except ScenarioError as exc:
            malformed += 1
            print(f"MALFORMED {exc}")
        except ExpectationFailed as exc:
            failed += 1
            print(f"FAIL  {path}: {exc}")
        except Exception as exc:  # a file the checks let through but the runner cannot run
            malformed += 1
            print(f"MALFORMED {path}: could not be run ({type(exc).__name__}: {exc})")
    passed = len(files) - (malformed - len(problems)) - failed
    bad_paths = f"; {len(problems)} path(s) with no scenario file" if problems else ""
    print(
        f"{passed} passed, {failed} failed, {malformed - len(problems)} malformed "
        f"({len(files)} scenario files){bad_paths}"
    )
    if malformed:
        return 2
    return 1 if failed else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
