"""Effect verbs: one small function per verb named in `game.content.schema.VERBS`.

A verb is called with the engine, the `ResolveFrame` it belongs to and its effect. It returns
DONE when finished (it may have pushed frames that run before the next effect) or WAIT after
pushing a question; it is then called again once the answer is stored in `frame.scratch`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from game.content.defs import Fx
from game.rules import ops
from game.rules.actions import Option, act
from game.rules.damage import half_up
from game.rules.frames import ChooseFrame, ResolveFrame

DONE = True
WAIT = False

Verb = Callable[[Any, ResolveFrame, Fx], bool]
VERBS: dict[str, Verb] = {}
# "Can act" predicates: whether a verb's effect could change anything if it resolved now. A verb
# without one is taken to be able to act. Playability of cards and tokens follows from them.
CanAct = Callable[[Any, ResolveFrame, Fx], bool]
CAN_ACT: dict[str, CanAct] = {}


def register(verbs: dict[str, Verb], can_act: dict[str, CanAct] | None = None) -> None:
    """Registers a verb module's verbs and "can act" predicates by name. Each verb module ends
    with one `register(...)` call listing its plain functions (a table rather than decorators,
    so the mutation tool can mutate the verb bodies too). A name registered twice is an error."""
    tables = ((VERBS, verbs), (CAN_ACT, can_act or {}))
    for table, entries in tables:
        for name in entries:
            if name in table:
                raise ValueError(f"effect verb {name!r} registered twice")
    for table, entries in tables:
        table.update(entries)


def could_change_something(eng, ctx, effects) -> bool:
    """False when resolving `effects` now (in context `ctx`) could change nothing at all: every
    effect's verb has a "can act" predicate and each says no. A card or token in that state is
    not offered (it would cost its CP or the token for nothing)."""
    scopes = eng.program.vars
    before = len(scopes)
    try:
        return _could_act(eng, ResolveFrame(effects=tuple(effects), ctx=ctx), effects)
    finally:
        # Reading a scope's variables may add it (predicates only read: nothing is removed),
        # and a dict keeps its keys in the order they came, so the new scopes are the last
        # ones (found without copying every scope of the match, which only grows).
        added = len(scopes) - before
        if added > 0:
            for scope in list(itertools.islice(reversed(scopes), added)):
                del scopes[scope]


def _could_act(eng, frame: ResolveFrame, effects) -> bool:
    for fx in effects:
        check = CAN_ACT.get(fx.verb)
        if check is None or check(eng, frame, fx):
            return True
    return False


def nested_could_act(eng, frame: ResolveFrame, effects) -> bool:
    """For the predicates of verbs that run other effects (choose one, if)."""
    return _could_act(eng, frame, effects)


# ---------------------------------------------------------------- shared helpers


def scope_vars(eng, frame: ResolveFrame) -> dict[str, int]:
    return eng.program.vars.setdefault(frame.ctx.scope, {})


def rolled_values(eng, frame: ResolveFrame) -> list[int]:
    gid = frame.ctx.rolled
    if gid is None:
        return []
    group = eng.dice.groups.get(gid)
    return list(group.values) if group else []


def rolled_symbols(eng, frame: ResolveFrame) -> list[str]:
    gid = frame.ctx.rolled
    if gid is None or gid not in eng.dice.groups:
        return []
    return ops.group_symbols(eng, eng.dice.groups[gid])


def amount(eng, frame: ResolveFrame, value: Any) -> int:
    if isinstance(value, int):
        return value
    if "max" in value:
        return min(value["max"], amount(eng, frame, {k: v for k, v in value.items() if k != "max"}))
    times = value.get("times", 1)
    if "per_symbol" in value:
        return times * rolled_symbols(eng, frame).count(value["per_symbol"])
    if "per_value" in value:
        wanted = set(value["per_value"])
        return times * sum(1 for v in rolled_values(eng, frame) if v in wanted)
    if "sum" in value:
        return times * sum(rolled_values(eng, frame))
    if "half_sum" in value:
        return times * half_up(sum(rolled_values(eng, frame)))
    if "var" in value:
        return times * scope_vars(eng, frame).get(value["var"], 0)
    if "own_cp" in value:
        return times * eng.cp(frame.ctx.me)
    if "own_tokens" in value:
        return times * ops.status_count(eng, frame.ctx.me, value["own_tokens"])
    if "own_tokens_sum" in value:
        me = frame.ctx.me
        return times * sum(ops.status_count(eng, me, s) for s in value["own_tokens_sum"])
    if "attempts_beyond_first" in value:
        combat = eng.combat
        if combat.attacker != frame.ctx.me:
            return 0
        return times * max(0, combat.attempts_used - 1)
    if "dealt" in value:
        return times * eng.combat.damage_landed
    if "roll_attempts" in value:
        combat = eng.combat
        return times * combat.attempts_used if combat.attacker == frame.ctx.me else 0
    raise ValueError(f"unknown amount {value!r}")  # pragma: no cover - schema checked


def condition(eng, frame: ResolveFrame, cond: dict[str, Any]) -> bool:
    ((key, arg),) = cond.items()
    check = _CONDITIONS.get(key)
    if check is None:  # pragma: no cover - schema checked
        raise ValueError(f"unknown condition {key}")
    return check(eng, frame, arg)


def _opponent_roll_phase(eng, frame: ResolveFrame, _arg) -> bool:
    from game.rules.options import ROLL_PHASES

    active = eng.info.active
    return eng.info.phase in ROLL_PHASES and eng.is_opponent(frame.ctx.me, active)


def _activated(eng, frame: ResolveFrame, arg) -> bool:
    combat = eng.combat
    if combat.ability is None or combat.attacker != frame.ctx.me:
        return arg == "none"
    return arg == "any" or arg == ("ultimate" if combat.ultimate else "offensive")


def _rolled_of_a_kind(eng, frame: ResolveFrame, arg) -> bool:
    values = rolled_values(eng, frame)
    return any(values.count(v) >= arg for v in set(values))


def _target_status_at_least(eng, frame: ResolveFrame, arg) -> bool:
    opp = frame.ctx.opp
    return opp is not None and ops.status_count(eng, opp, arg["status"]) >= arg["count"]


# Each condition's check by its key (a table: one lookup, where a chain of comparisons read
# the commonest key, `spend_window`, after twenty others).
_CONDITIONS: dict[str, Callable[[Any, ResolveFrame, Any], bool]] = {
    "cp_at_least": lambda eng, frame, arg: eng.cp(frame.ctx.me) >= arg,
    "var_at_least": lambda eng, frame, arg: (
        scope_vars(eng, frame).get(arg["name"], 0) >= arg["value"]
    ),
    "dealt_at_least": lambda eng, frame, arg: eng.combat.damage_landed >= arg,
    "target_has_status": lambda eng, frame, arg: (
        frame.ctx.opp is not None and ops.status_count(eng, frame.ctx.opp, arg) > 0
    ),
    "opponent_has_status": lambda eng, frame, arg: any(
        ops.status_count(eng, p, arg) > 0 for p in eng.opponents(frame.ctx.me)
    ),
    "self_has_status": lambda eng, frame, arg: ops.status_count(eng, frame.ctx.me, arg) > 0,
    "rolled_symbol": lambda eng, frame, arg: arg in rolled_symbols(eng, frame),
    "rolled_values": lambda eng, frame, arg: any(v in arg for v in rolled_values(eng, frame)),
    "rolled_of_a_kind": _rolled_of_a_kind,
    "activated": _activated,
    "opponent_roll_phase": _opponent_roll_phase,
    "self_has_flag": lambda eng, frame, arg: ops.has_flag(eng, frame.ctx.me, arg),
    "self_status_at_least": lambda eng, frame, arg: (
        ops.status_count(eng, frame.ctx.me, arg["status"]) >= arg["count"]
    ),
    "attack_base_at_least": lambda eng, frame, arg: attack_base(eng) >= arg,
    "defense_rolled": lambda eng, frame, arg: (eng.combat.defense_group is not None) == arg,
    "activated_ability": lambda eng, frame, arg: (
        eng.combat.attacker == frame.ctx.me and eng.combat.ability == arg
    ),
    "spend_window": lambda eng, frame, arg: scope_vars(eng, frame).get(f"window:{arg}", 0) > 0,
    "not": lambda eng, frame, arg: not condition(eng, frame, arg),
    "own_roll_phase": lambda eng, frame, arg: (eng.combat.attacker == frame.ctx.me) == arg,
    "own_hero_status": lambda eng, frame, arg: arg in eng.hero(frame.ctx.me).statuses,
    "companion_active": lambda eng, frame, arg: ops.companion_active(eng, frame.ctx.me, arg),
    "can_grow": lambda eng, frame, arg: bool(
        ops.growth_steps(eng, frame.ctx.me, arg["chains"], arg.get("single", False))
    ),
    "target_status_at_least": _target_status_at_least,
    "attack_type": lambda eng, frame, arg: eng.combat.attack and eng.combat.attack_type in arg,
}


def attack_base(eng) -> int:
    """The damage the Attack in progress deals by itself, before any Attack Modifier."""
    combat = eng.combat
    pool = eng.pools.pools.get(combat.pool) if combat.pool is not None else None
    if not combat.attack or pool is None:
        return 0
    return sum(
        inst.amount
        for inst in pool.instances
        if inst.attack and inst.source == combat.attacker and inst.target == combat.defender
    )


def ask(
    eng,
    frame: ResolveFrame,
    key: str,
    chooser: int,
    prompt: str,
    choices: list[tuple[Any, str]],
) -> Any:
    """The answer to this verb's question `key`, or None after pushing the question.

    A question with a single possible answer is answered at once without asking.
    """
    if key in frame.scratch:
        return frame.scratch[key]
    if not choices:
        raise ValueError(f"no possible answers for {prompt!r}")  # pragma: no cover - verb bug
    if len(choices) == 1:
        frame.scratch[key] = choices[0][0]
        return choices[0][0]
    seat = eng.seat(chooser)
    options = [Option(act(seat, "choose", option=value), label) for value, label in choices]
    eng.push(ChooseFrame(player=chooser, prompt=prompt, options=options, key=key))
    return None


# Modes where a card's "opponent" with no Attack under way and several opponents standing is
# chosen by the card's player (Adventures rule 54, Boss vs Many: the Boss's Action cards name
# "the active hero", which a player-controlled Boss picks among the heroes).
CHOOSE_OPPONENT_MODES = ("boss_vs_many",)


def possible_targets(eng, frame: ResolveFrame, fx: Fx, default: str) -> list[int]:
    """Everyone an effect could point at now (for a chosen player: everyone it may choose)."""
    spec = fx.get("target", default)
    ctx = frame.ctx
    if spec == "self":
        return [ctx.me]
    if spec == "opponent":
        if ctx.opp is None and ctx.kind == "card" and eng.info.mode in CHOOSE_OPPONENT_MODES:
            return eng.opponents(ctx.me)  # Boss vs Many: "the active hero", chosen
        return [ctx.opp] if ctx.opp is not None and eng.alive(ctx.opp) else []
    if spec == "inflicter":
        return [ctx.inflicter] if ctx.inflicter is not None and eng.alive(ctx.inflicter) else []
    if spec == "defender":
        defender = eng.combat.defender
        return [defender] if defender is not None and eng.alive(defender) else []
    return eng.living() if spec == "chosen_player" else eng.opponents(ctx.me)


def targets(
    eng, frame: ResolveFrame, fx: Fx, default: str, pool: list[int] | None = None
) -> list[int] | None:
    """The players an effect points at; None while a chosen player is being asked for. `pool`
    narrows a chosen player to those the effect can act on."""
    spec = fx.get("target", default)
    ctx = frame.ctx
    choose = ctx.opp is None and ctx.kind == "card" and eng.info.mode in CHOOSE_OPPONENT_MODES
    if spec == "opponent" and choose:
        spec = "chosen_opponent"  # Boss vs Many: "the active hero" of a Boss's Action card
    if spec not in ("chosen_player", "chosen_opponent"):
        return possible_targets(eng, frame, fx, default)
    if pool is None:
        pool = possible_targets(eng, frame, {"target": spec}, default)
    if not pool:
        return []
    choices = [(eng.seat(p), eng.name(p)) for p in pool]
    seat = ask(eng, frame, "target", ctx.me, "Choose a player", choices)
    if seat is None:
        return None
    return [eng.player(seat)]


def child(frame: ResolveFrame, effects: tuple[Fx, ...], **changes: Any) -> ResolveFrame:
    """A nested resolution sharing this one's context (and variables), with changes."""
    ctx = frame.ctx
    fields = {name: getattr(ctx, name) for name in ctx.__slots__}
    fields.update(changes)
    fields["dice"] = list(fields["dice"])
    return ResolveFrame(effects=effects, ctx=type(ctx)(**fields))


# Import the verb modules so they register themselves (each ends with a `register(...)` call).
from game.rules.effects import (  # noqa: E402,F401
    adventure_verbs,
    companion_verbs,
    damage_verbs,
    dice_verbs,
    flow_verbs,
    limit_verbs,
    resource_verbs,
    roll_phase_verbs,
    status_verbs,
)
