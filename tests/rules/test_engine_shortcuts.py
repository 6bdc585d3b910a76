"""The engine's kept indexes, shortcuts and its digest give what the long way gives.

`ops.stacks_of` keeps each world's stacks by holder until a stack is added (other components
may come and go), `ops.pools_waiting` only re-reads the pools still waiting until a pool is
added (resolved ones are forgotten as each turn starts), an Offensive Roll's "Activate ..."
options are made once per board and sorted dice, `PendingChoice.find` compares the fields of
actions itself, `ops.find_ability` keeps each board's abilities by id, and
`codec.canonical_json` encodes with its fast paths and the collector paused. These stories
play seeded random-legal matches of heroes with setup steps, companions and many tokens and,
at every decision, compare each with a plain reading of the whole state; they also restore
snapshots in the middle of a match, where every kept answer must be forgotten.
"""

from __future__ import annotations

import dataclasses
import gc
import itertools
import json
import random

import esper
import pytest

from game.content.defs import Fx, Requirement
from game.content.loader import default_content
from game.modes.duel import duel_setup
from game.modes.variants import setup_for
from game.rules import codec, ops
from game.rules.actions import Action, Option, act
from game.rules.components import Seat, StatusStack
from game.rules.dice import _meets_uncached, describe_requirement, meeter, meets
from game.rules.engine import Engine
from game.rules.events import Event, make_event


def reference_stacks(player: int) -> dict[str, StatusStack]:
    out: dict[str, StatusStack] = {}
    for _ent, stack in sorted(esper.get_component(StatusStack), key=lambda e: e[1].status):
        if stack.holder == player:
            out.setdefault(stack.status, stack)
    return out


def reference_encode(obj):
    """The state's plain-data form, written out case by case (no fast paths)."""
    if obj is None or isinstance(obj, (bool, int, str, float)):
        return obj
    if isinstance(obj, Fx):  # an effect's fields
        return {"__fx": {k: reference_encode(v) for k, v in obj.items()}}
    if isinstance(obj, list):
        return [reference_encode(v) for v in obj]
    if isinstance(obj, tuple):
        return {"__tuple": [reference_encode(v) for v in obj]}
    if isinstance(obj, dict):
        if all(isinstance(k, str) and not k.startswith("__") for k in obj):
            return {k: reference_encode(v) for k, v in obj.items()}
        return {"__dict": [[reference_encode(k), reference_encode(v)] for k, v in obj.items()]}
    fields = codec._FIELDS[type(obj)]
    return {
        "__t": type(obj).__name__,
        "f": {name: reference_encode(getattr(obj, name)) for name in fields},
    }


def reference_json(engine: Engine) -> str:
    with engine.world.active():
        data = reference_encode(engine.world.entities())
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def reference_activations(engine: Engine, player: int, values: list[int]) -> list[Option]:
    """The "Activate ..." options of an Offensive Roll, made afresh (each requirement checked
    with `meets`, not with `meeter`'s kept answers)."""
    hero = engine.hero(player)
    seat = engine.seat(player)
    out = []
    for ability in ops.abilities(engine, player, ("offensive", "ultimate")):
        for row, line in enumerate(ability.rows):
            if meets(line.requirement, hero, values):
                out.append(reference_option(seat, hero, ability, row))
    return out


def reference_option(seat: int, hero, ability, row: int) -> Option:
    req = describe_requirement(ability.rows[row].requirement, hero)
    detail = ability.rows[row].text or ability.text
    action = act(seat, "activate", ability=ability.id, row=row)
    return Option(action, f"Activate {ability.name} ({req})", detail)


def reference_find(choice, action):
    for option in choice.options:
        if option.action == action:
            return option
    return None


def check(engine: Engine) -> None:
    with engine.world.active():
        choice = engine.pending
        if choice is not None:  # each option's action found, also as an equal copy
            for option in choice.options:
                copy = Action.from_json(option.action.to_json())
                assert copy is not option.action
                assert choice.find(copy) is reference_find(choice, copy)
                assert choice.find(option.action) is reference_find(choice, option.action)
                other = Action(choice.player + 1, option.action.kind, option.action.args)
                assert choice.find(other) is reference_find(choice, other)
            stranger = Action(choice.player, "no such kind", ())
            assert choice.find(stranger) is None
        if choice is not None and choice.kind == "offensive_roll":
            player = engine.player(choice.player)
            group = engine.dice.groups.get(engine.combat.offense_group or 0)
            offered = [o for o in choice.options if o.action.kind == "activate"]
            want = reference_activations(engine, player, group.values) if group else []
            assert offered == want
        for player in engine.info.players:
            got = ops.stacks_of(player)
            want = reference_stacks(player)
            assert list(got) == list(want), f"seat {engine.seat(player)}'s statuses"
            assert all(got[s] is want[s] for s in want), f"seat {engine.seat(player)}'s stacks"
            board = ops.abilities(engine, player, ("offensive", "ultimate", "defensive", "passive"))
            for ability in board:
                first = next(a for a in board if a.id == ability.id)
                assert ops.find_ability(engine, player, ability.id) is first
            with pytest.raises(KeyError):
                ops.find_ability(engine, player, "no_such_ability")
        waiting = [p for p in engine.pools.pools.values() if not p.resolved]
        got_waiting = ops.pools_waiting(engine)
        assert len(got_waiting) == len(waiting)
        assert all(a is b for a, b in zip(got_waiting, waiting, strict=True))


CASES = [
    ("duel", ["treant", "artificer"], 41),
    ("duel", ["cursed_pirate", "huntress"], 42),
    ("duel", ["vampire_lord", "monk"], 43),
    ("duel", ["shadow_thief", "tactician"], 44),
    ("2v2", ["moon_elf", "samurai", "ninja", "paladin"], 45),
]


@pytest.mark.parametrize("mode, heroes, seed", CASES)
def test_kept_indexes_and_the_digest_match_the_long_way_all_match_long(mode, heroes, seed):
    content = default_content()
    setup = duel_setup(heroes, seed) if mode == "duel" else setup_for(mode, heroes, seed)
    engine = Engine.new_match(setup, content, keep_log=False)
    rng = random.Random(seed)
    snapshots = []
    restored = 0
    try:
        while not engine.over and len(engine.actions) < 600:
            check(engine)
            if len(engine.actions) % 40 == 0:
                with engine.world.active():
                    fast = codec.canonical_json(engine.world.entities())
                assert fast == reference_json(engine)
                snapshots.append(engine.snapshot())
            if len(engine.actions) % 97 == 96 and len(snapshots) >= 2 and restored < 3:
                # back to an earlier moment: other stack and pool objects, the same sizes
                engine.restore(snapshots[-2])
                restored += 1
                check(engine)
                continue
            choice = engine.pending
            engine.apply(rng.choice(choice.options).action)
        check(engine)
        with engine.world.active():
            assert codec.canonical_json(engine.world.entities()) == reference_json(engine)
    finally:
        engine.close()
    assert restored >= 1
    pools = engine.pools
    assert pools.next_id > 20  # many pools made, the resolved ones forgotten turn by turn
    assert len(pools.pools) < 8


def test_the_digest_leaves_the_collector_as_it_found_it():
    engine = Engine.new_match(duel_setup(["treant", "artificer"], 5), keep_log=False)
    try:
        assert gc.isenabled()
        engine.digest()
        assert gc.isenabled()
        gc.disable()
        try:
            engine.digest()
            assert not gc.isenabled()
        finally:
            gc.enable()
    finally:
        engine.close()


def test_a_state_holding_the_pools_marker_text_is_written_the_long_way():
    """The pools' text goes in place of a marker string: a name that reads like the marker
    must not be taken for it."""
    engine = Engine.new_match(duel_setup(["treant", "artificer"], 6), keep_log=False)
    try:
        rng = random.Random(6)
        while len(engine.actions) < 60 and not engine.over:
            engine.apply(rng.choice(engine.pending.options).action)
        with engine.world.active():
            seat = esper.component_for_entity(engine.info.players[0], Seat)
            seat.name = "\x00pools 0\x00"  # after the pools (a later entity)
            engine.program.vars[10_000] = {"\x00pools 0\x00": 1}  # before them (Program)
            fast = codec.canonical_json(engine.world.entities())
        assert fast == reference_json(engine)
    finally:
        engine.close()


def test_events_made_without_init_equal_the_dataclass_ones():
    assert [f.name for f in dataclasses.fields(Event)] == ["kind", "data", "text"]
    made = make_event("note", {"player": 1}, "A note.")
    assert made == Event("note", {"player": 1}, "A note.")
    assert (made.kind, made.data, made.text) == ("note", {"player": 1}, "A note.")
    assert made.to_json() == {"kind": "note", "player": 1, "text": "A note."}
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.kind = "other"  # type: ignore[misc]
    engine = Engine.new_match(duel_setup(["monk", "huntress"], 7), keep_log=True)
    try:
        rng = random.Random(7)
        while len(engine.actions) < 40 and not engine.over:
            for event in engine.apply(rng.choice(engine.pending.options).action):
                assert type(event) is Event
                assert event == Event(event.kind, event.data, event.text)
        assert engine.log and all(type(e) is Event for e in engine.log)
    finally:
        engine.close()


def test_meeter_answers_as_meets_for_every_row_and_result():
    """`meeter` keeps each answer by hero, sorted dice and requirement: asked twice, in any
    order of the dice, it answers as the requirement check itself, for every row of every
    hero's board at every level and every result five dice can show."""
    content = default_content()
    results = sorted({tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=5)})
    for hero in content.heroes.values():
        key = tuple(s.symbol for s in hero.dice)
        rows = [
            row.requirement
            for slot in hero.slots
            for side in (slot.levels, slot.flipped or {})
            for level in side.values()
            for ability in level
            for row in ability.rows
        ]
        assert rows, hero.id
        for values in results:
            want = [_meets_uncached(r, hero.id, key, values) for r in rows]
            assert [meeter(hero, values)(r) for r in rows] == want, (hero.id, values)
            shuffled = list(reversed(values))
            assert [meeter(hero, shuffled)(r) for r in reversed(rows)] == want[::-1]


def test_meeter_tells_apart_requirements_that_reuse_an_id():
    """A requirement made and dropped may leave its id() to another one: the kept answer is
    the first one's, never given to the second."""
    hero = default_content().heroes["barbarian"]
    values = [1, 1, 1, 1, 1]
    for _ in range(200):
        assert meeter(hero, values)(Requirement(any_dice=5)) is True
        assert meeter(hero, values)(Requirement(of_a_kind=5, straight=5)) is False
