"""Roll attempts (the Offensive and Defensive Roll's up to three rolls, and their reroll
choices): the `RollSessionFrame`'s step and answers. Split from game/rules/phases.py, whose
`PhaseProcessor` runs them."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from game.rules import ops
from game.rules.actions import Action, Option, act, option
from game.rules.dice import describe_requirement
from game.rules.frames import RollSessionFrame, WindowFrame
from game.rules.options import Situation, response_options
from game.rules.resolution import perform_response


def _subsets(count: int) -> list[tuple[int, ...]]:
    out = []
    for size in range(count, 0, -1):
        out.extend(combinations(range(count), size))
    return out


_REROLLS: dict[tuple[int, int], tuple[Option, ...]] = {}


def _reroll_options(seat: int, count: int) -> tuple[Option, ...]:
    """Every re-roll choice of `count` dice for a seat (options are immutable: built once)."""
    options = _REROLLS.get((seat, count))
    if options is None:
        built = []
        for subset in _subsets(count):
            label = ", ".join(str(i + 1) for i in subset)
            what = (
                "all dice"
                if len(subset) == count
                else f"{'die' if len(subset) == 1 else 'dice'} {label}"
            )
            built.append(Option(act(seat, "roll", dice=subset), f"Re-roll {what}"))
        options = _REROLLS[(seat, count)] = tuple(built)
    return options


def _activations(eng, player: int, seat: int, values: list[int]) -> tuple[Option, ...]:
    """The "Activate ..." options for the abilities these dice meet (`ops.satisfied`); each
    option is made once per seat, hero, ability and row (what its label and text read)."""
    hero = eng.hero(player)
    made = []
    for ability, row in ops.satisfied(eng, player, values):
        key = (seat, id(ability), row)
        found = _ACTIVATIONS.get(key)
        if found is None or found[0] is not ability or found[1] is not hero:
            req = describe_requirement(ability.rows[row].requirement, hero)
            made_option = option(
                seat,
                "activate",
                f"Activate {ability.name} ({req})",
                ability.rows[row].text or ability.text,
                ability=ability.id,
                row=row,
            )
            if len(_ACTIVATIONS) >= 100_000:  # a bound, far above what the content holds
                _ACTIVATIONS.clear()
            found = _ACTIVATIONS[key] = (ability, hero, made_option)
        made.append(found[2])
    return tuple(made)


# (seat, the ability's id(), row) -> (the ability, its hero, the option): the ability and hero
# are kept to tell a reused id() apart
_ACTIVATIONS: dict[tuple, tuple[Any, Any, Option]] = {}


def session_options(eng, frame: RollSessionFrame) -> list[Option]:
    combat = eng.combat
    player = frame.player
    seat = eng.seat(player)
    offense = frame.purpose == "offense"
    gid = combat.offense_group if offense else combat.defense_group
    group = eng.dice.groups.get(gid) if gid else None
    used = combat.attempts_used if offense else combat.defense_attempts_used
    total = combat.attempts_total if offense else combat.defense_attempts_total
    count = 5 if offense else ops.find_ability(eng, player, combat.defense_ability).defense_dice
    options: list[Option] = []
    if used == 0 and total > 0:
        noun = "die" if count == 1 else "dice"
        options.append(Option(act(seat, "roll", dice=tuple(range(count))), f"Roll {count} {noun}"))
    elif group is not None and used < total:
        options.extend(_reroll_options(seat, count))
    if offense:
        if group is not None:
            options.extend(_activations(eng, player, seat, group.values))
        label = "Activate no ability" if group is not None else "Skip rolling (no ability)"
        options.append(option(seat, "no_ability", label))
        moment = "offensive_roll"
    else:
        if group is not None and used > 0:
            options.append(option(seat, "accept", "Use this defense roll"))
        moment = "defensive_roll"
    dice = [group.id] if group is not None else []
    options += response_options(eng, player, Situation(moment, dice))
    return options


def step_session(eng, frame: RollSessionFrame) -> None:
    combat = eng.combat
    offense = frame.purpose == "offense"
    gid = combat.offense_group if offense else combat.defense_group
    group = eng.dice.groups.get(gid) if gid else None
    if frame.stage == "decide":
        used = combat.attempts_used if offense else combat.defense_attempts_used
        total = combat.attempts_total if offense else combat.defense_attempts_total
        if offense:
            prompt = (
                f"Offensive Roll: {max(0, total - used)} of {total} Roll Attempts left."
                if group is not None
                else "Offensive Roll Phase: roll your dice."
            )
        else:
            prompt = (
                "Defensive Roll: roll your defense dice."
                if group is None
                else (f"Defensive Roll: {max(0, total - used)} more attempts.")
            )
        eng.ask(
            frame.player,
            "offensive_roll" if offense else "defensive_roll",
            prompt,
            session_options(eng, frame),
            attempts_left=max(0, total - used),
            attempts_total=total,
            dice=[group.id] if group else [],
        )
        return
    if frame.stage == "announce":
        frame.stamp = group.changed if group else 0
        frame.stage = "check"
        others = [p for p in eng.priority_order() if p != frame.player]
        eng.push(WindowFrame(name="offensive_announce", order=others, dice=[gid] if gid else []))
        return
    if frame.stage == "window":
        frame.stamp = group.changed if group else 0
        frame.stage = "check"
        others = [p for p in eng.priority_order() if p != frame.player]
        eng.push(WindowFrame(name="dice_roll", order=others, dice=[gid] if gid else []))
        return
    # check: did anyone alter the dice (or give an extra attempt) after the roller declared?
    if group is not None and (group.changed != frame.stamp or frame.reopen):
        why = "were altered" if group.changed != frame.stamp else "may be rolled again"
        frame.reopen = False
        eng.emit(
            "note",
            f"{eng.name(frame.player)}'s dice {why}, so they decide again.",
            player=eng.seat(frame.player),
        )
        if offense:
            combat.announced = None
        frame.stage = "decide"
        return
    if offense:
        combat.ability = combat.announced
        combat.row = combat.announced_row
    eng.pop()


def answer_session(eng, frame: RollSessionFrame, action: Action) -> None:
    combat = eng.combat
    player = frame.player
    offense = frame.purpose == "offense"
    if action.kind == "roll":
        gid = combat.offense_group if offense else combat.defense_group
        group = eng.dice.groups.get(gid) if gid else None
        indices = list(action.get("dice"))
        if group is None:
            hero = eng.hero(player).id
            count = len(indices)
            group = ops.new_group(eng, player, hero, count, "offense" if offense else "defense")
            if offense:
                combat.offense_group = group.id
            else:
                combat.defense_group = group.id
        if offense:
            combat.attempts_used += 1
            what = f"Offensive Roll, attempt {combat.attempts_used} of {combat.attempts_total}"
        else:
            combat.defense_attempts_used += 1
            what = "Defensive Roll"
        ops.roll_group(eng, group, indices, why=what)
    elif action.kind == "activate":
        ability = ops.find_ability(eng, player, action.get("ability"))
        combat.announced = ability.id
        combat.announced_row = action.get("row")
        eng.emit(
            "ability_announced",
            f"{eng.name(player)} announces {ability.name}.",
            player=eng.seat(player),
            ability=ability.id,
            row=action.get("row"),
        )
        frame.stage = "announce"
    elif action.kind == "no_ability":
        combat.ability = None
        eng.pop()
    elif action.kind == "accept":
        frame.stage = "window"
    else:
        gid = combat.offense_group if offense else combat.defense_group
        perform_response(eng, player, action, [gid] if gid else [])
