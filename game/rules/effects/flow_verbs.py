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
    rolled_symbols,
    rolled_values,
    verb,
)
from game.rules.frames import DiceRollFrame, WindowFrame
from game.rules.options import ROLL_PHASES


def dice_locked(eng) -> bool:
    """Dice rolled while an Ultimate resolves (until its Roll Phase ends) cannot be altered."""
    return eng.combat.ultimate and eng.info.phase in ROLL_PHASES


def roller_first(eng, roller: int) -> list[int]:
    order = eng.priority_order()
    return [roller] + [p for p in order if p != roller]


@verb("then")
def then(eng, frame, fx):
    """A pause in the text: players may spend tokens and play Instant or Roll Phase cards."""
    eng.push(WindowFrame(name="then", order=eng.priority_order(), dice=list(frame.ctx.dice)))
    return DONE


@verb("additionally")
def additionally(eng, frame, fx):
    eng.push(child(frame, fx["effects"]))
    return DONE


@verb("choose_one")
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


@verb("if")
def if_(eng, frame, fx):
    if condition(eng, frame, fx["condition"]):
        eng.push(child(frame, fx["effects"]))
    elif "else" in fx:
        eng.push(child(frame, fx["else"]))
    return DONE


@verb("on")
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


@verb("roll")
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


@verb("roll_off")
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


@verb("skip_phase")
def skip_phase(eng, frame, fx):
    phase = fx["phase"]
    eng.turn_flags.skip_phases.append(phase)
    if phase == "offensive_roll":
        eng.combat.skip = True
    return DONE


@verb("extra_roll_attempts")
def extra_roll_attempts(eng, frame, fx):
    """A further Roll Attempt for the chosen player's roll in progress (taking it is optional)."""
    combat = eng.combat
    me = frame.ctx.me
    count = fx["count"]
    if eng.info.phase == "defensive_roll" and combat.defender == me:
        combat.defense_attempts_total += count
        what = "Defensive"
    elif combat.attacker == me:
        combat.attempts_total += count
        what = "Offensive"
    else:
        return DONE
    eng.emit(
        "note",
        f"{frame.ctx.source}: {eng.name(me)} may make {count} more {what} Roll Attempt"
        f"{'s' if count > 1 else ''}.",
        player=eng.seat(me),
    )
    return DONE


@verb("grant_flag")
def grant_flag(eng, frame, fx):
    ops.grant_flag(eng, frame.ctx.me, fx["flag"], fx["until"])
    return DONE


@verb("extra_offensive_roll")
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
