"""How effects are sequenced: then / or / if / on / additionally, effect rolls, roll-offs,
skipped phases, extra Roll Attempts and Roll Phases, and granted capabilities."""

from __future__ import annotations

from game.rules import ops
from game.rules.effects import (
    DONE,
    WAIT,
    amount,
    ask,
    child,
    condition,
    nested_could_act,
    register,
    rolled_symbols,
    rolled_values,
    targets,
)
from game.rules.frames import DiceRollFrame, RollSessionFrame, WindowFrame
from game.rules.options import ROLL_PHASES


def dice_locked(eng) -> bool:
    """Dice rolled while an Ultimate resolves (until its Roll Phase ends) cannot be altered."""
    return eng.combat.ultimate and eng.info.phase in ROLL_PHASES


def roller_first(eng, roller: int) -> list[int]:
    order = eng.priority_order()
    return [roller] + [p for p in order if p != roller]


def then(eng, frame, fx):
    """A pause in the text: players may spend tokens and play Instant or Roll Phase cards."""
    eng.push(WindowFrame(name="then", order=eng.priority_order(), dice=list(frame.ctx.dice)))
    return DONE


def additionally(eng, frame, fx):
    eng.push(child(frame, fx["effects"]))
    return DONE


def choose_one_can_act(eng, frame, fx) -> bool:
    return any(
        nested_could_act(eng, frame, opt["effects"])
        for opt in fx["options"]
        if "if" not in opt or condition(eng, frame, opt["if"])
    )


def if_can_act(eng, frame, fx) -> bool:
    if condition(eng, frame, fx["condition"]):
        return nested_could_act(eng, frame, fx["effects"])
    return nested_could_act(eng, frame, fx.get("else", ()))


def choose_one(eng, frame, fx):
    available = [
        (index, opt["label"])
        for index, opt in enumerate(fx["options"])
        if "if" not in opt or condition(eng, frame, opt["if"])
    ]
    if not available:
        return DONE
    index = ask(eng, frame, "option", frame.ctx.me, f"{frame.ctx.source}: choose one", available)
    if index is None:
        return WAIT
    chosen = fx["options"][index]
    eng.emit(
        "note", f"{eng.name(frame.ctx.me)} chooses: {chosen['label']}.", choice=chosen["label"]
    )
    eng.push(child(frame, chosen["effects"]))
    return DONE


def if_(eng, frame, fx):
    if condition(eng, frame, fx["condition"]):
        eng.push(child(frame, fx["effects"]))
    elif "else" in fx:
        eng.push(child(frame, fx["else"]))
    return DONE


def on(eng, frame, fx):
    """'On [symbol]': the benefit once if the roll shows it, however many times. With `count`
    ('on 2 Feet') the roll must show at least that many, and it still applies only once."""
    if "symbol" in fx:
        shown = rolled_symbols(eng, frame).count(fx["symbol"])
    else:
        shown = sum(1 for v in rolled_values(eng, frame) if v in fx["values"])
    if shown >= max(1, fx.get("count", 1)):
        eng.push(child(frame, fx["effects"]))
    return DONE


def roll(eng, frame, fx):
    """'Roll N dice': a fresh roll; the nested effects read these dice."""
    me = frame.ctx.me
    count = amount(eng, frame, fx["count"])
    if count <= 0:
        return DONE
    group = ops.new_group(
        eng, me, eng.hero(me).id, count, f"{frame.ctx.source}", locked=dice_locked(eng)
    )
    nested = child(frame, fx["effects"], rolled=group.id, dice=[group.id])
    eng.push(
        nested,
        DiceRollFrame(
            group=group.id,
            roller=me,
            stage="roll",
            reroll_flag=fx.get("reroll_flag"),
            dice_only=frame.ctx.kind in ("status", "card"),
        ),
    )
    return DONE


def roll_off(eng, frame, fx):
    """Both sides roll one die (or this side uses its defense die) and compare."""
    ctx = frame.ctx
    if ctx.opp is None or not eng.alive(ctx.opp):
        return DONE
    if "groups" not in frame.scratch:
        locked = dice_locked(eng)
        if fx.get("use_defense_die") and ctx.rolled is not None:
            mine = eng.dice.groups[ctx.rolled]
        else:
            mine = ops.new_group(eng, ctx.me, eng.hero(ctx.me).id, 1, "roll-off", locked=locked)
            ops.roll_group(eng, mine, why=f"{ctx.source} roll-off")
        theirs = ops.new_group(eng, ctx.opp, eng.hero(ctx.opp).id, 1, "roll-off", locked=locked)
        ops.roll_group(eng, theirs, why=f"{ctx.source} roll-off")
        frame.scratch["groups"] = (mine.id, theirs.id)
        eng.push(
            WindowFrame(
                name="dice_roll", order=roller_first(eng, ctx.me), dice=[mine.id, theirs.id]
            )
        )
        return WAIT
    mine_id, theirs_id = frame.scratch["groups"]
    mine = eng.dice.groups[mine_id].values[0]
    theirs = eng.dice.groups[theirs_id].values[0]
    won = mine > theirs or (mine == theirs and fx["ties"] == "self")
    eng.emit(
        "roll_off",
        f"{ctx.source}: {eng.name(ctx.me)} {mine} against {eng.name(ctx.opp)} {theirs} - "
        f"{eng.name(ctx.me)} {'wins' if won else 'loses'}.",
        player=eng.seat(ctx.me),
        mine=mine,
        theirs=theirs,
        won=won,
    )
    eng.push(child(frame, fx["win"] if won else fx["lose"]))
    return DONE


def skip_phase(eng, frame, fx):
    phase = fx["phase"]
    eng.turn_flags.skip_phases.append(phase)
    if phase == "offensive_roll":
        eng.combat.skip = True
    return DONE


def roll_in_progress(eng, purpose: str) -> RollSessionFrame | None:
    """The Roll Attempts under way (the innermost `RollSessionFrame` of that purpose), if any."""
    for frame in reversed(eng.program.frames):
        if isinstance(frame, RollSessionFrame) and frame.purpose == purpose:
            return frame
    return None


def _attempt_receivers(eng, me: int, fx) -> list[int]:
    """Who could take the extra Roll Attempt now. Yourself: only while your own roll is under
    way. A chosen player (rule 88: anyone): the player whose roll is under way - the Defender's
    during a Defensive Roll Phase, the Attacker's otherwise."""
    combat = eng.combat
    defense = eng.info.phase == "defensive_roll"
    if fx.get("target", "self") == "self":
        if defense and combat.defender == me:
            return [me]
        return [me] if not defense and combat.attacker == me else []
    session = roll_in_progress(eng, "defense" if defense else "offense")
    return [session.player] if session is not None and eng.alive(session.player) else []


def extra_roll_attempts_can_act(eng, frame, fx) -> bool:
    return bool(_attempt_receivers(eng, frame.ctx.me, fx))


def extra_roll_attempts(eng, frame, fx):
    """A further Roll Attempt for the roll in progress (taking it is optional). With target
    `chosen_player` it may go to anyone whose roll is under way; an opponent may decline it
    (rule 122). Given while the roller waits on the others' answers, they decide again."""
    combat = eng.combat
    me = frame.ctx.me
    count = fx["count"]
    receivers = _attempt_receivers(eng, me, fx)
    if not receivers:
        return DONE
    who = me
    if fx.get("target", "self") != "self":
        chosen = targets(eng, frame, {"target": "chosen_player"}, "self", pool=receivers)
        if chosen is None:
            return WAIT
        who = chosen[0]
    plural = "s" if count > 1 else ""
    if eng.is_opponent(me, who):
        answer = ask(
            eng,
            frame,
            "take",
            who,
            f"{frame.ctx.source}: {eng.name(me)} offers you {count} extra Roll Attempt{plural}."
            " Take it?",
            [("take", f"Take the extra Roll Attempt{plural}"), ("decline", "Decline it")],
        )
        if answer is None:
            return WAIT
        if answer == "decline":
            eng.emit(
                "note",
                f"{eng.name(who)} declines the extra Roll Attempt{plural}.",
                player=eng.seat(who),
            )
            return DONE
    if eng.info.phase == "defensive_roll" and combat.defender == who:
        combat.defense_attempts_total += count
        what, purpose = "Defensive", "defense"
    else:
        combat.attempts_total += count
        what, purpose = "Offensive", "offense"
    session = roll_in_progress(eng, purpose)
    if session is not None and session.player == who and session.stage == "check":
        session.reopen = True  # they had declared: they may roll again before it stands
    eng.emit(
        "note",
        f"{frame.ctx.source}: {eng.name(who)} may make {count} more {what} Roll Attempt{plural}.",
        player=eng.seat(who),
    )
    return DONE


def grant_flag_can_act(eng, frame, fx) -> bool:
    held = eng.flags(frame.ctx.me).held
    return held.get(fx["flag"]) != fx["until"] and not ops.has_flag(eng, frame.ctx.me, fx["flag"])


def grant_flag(eng, frame, fx):
    ops.grant_flag(eng, frame.ctx.me, fx["flag"], fx["until"])
    return DONE


def extra_offensive_roll(eng, frame, fx):
    """The player who placed this token takes another Roll Phase against the same target
    (only when they are the one attacking now; forfeited if the target falls)."""
    combat = eng.combat
    who = frame.ctx.inflicter
    if who is not None and who == combat.attacker and eng.alive(who):
        combat.extra_rolls.append(who)
        eng.emit(
            "note",
            f"{eng.name(who)} gets another Offensive Roll Phase against {eng.name(frame.ctx.me)}!",
            player=eng.seat(who),
        )
    return DONE


register(
    verbs={
        "then": then,
        "additionally": additionally,
        "choose_one": choose_one,
        "if": if_,
        "on": on,
        "roll": roll,
        "roll_off": roll_off,
        "skip_phase": skip_phase,
        "extra_roll_attempts": extra_roll_attempts,
        "grant_flag": grant_flag,
        "extra_offensive_roll": extra_offensive_roll,
    },
    can_act={
        "choose_one": choose_one_can_act,
        "if": if_can_act,
        "extra_roll_attempts": extra_roll_attempts_can_act,
        "grant_flag": grant_flag_can_act,
    },
)
