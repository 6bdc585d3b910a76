"""Gaining, inflicting, removing and moving status effect tokens."""

from __future__ import annotations

from game.rules import ops
from game.rules.effects import DONE, WAIT, amount, ask, possible_targets, register, targets


def _room_made(eng, frame, holder: int, status: str, count: int) -> bool:
    """The make-room rule: a holder at the stack limit may first spend tokens of that kind
    (when spending is allowed right now). False while that is being asked or resolved."""
    from game.rules.options import Situation, spend_reason
    from game.rules.resolution import spend_status

    held = ops.status_count(eng, holder, status)
    if held == 0 or held + count <= ops.stack_limit(eng, holder, status):
        return True
    if spend_reason(eng, holder, status, Situation("gain")) is not None:
        return True
    name = ops.status_def(eng, status).name
    key = f"room{eng.seat(holder)}:{frame.scratch.get('rooms', 0)}"
    choice = ask(
        eng,
        frame,
        key,
        holder,
        f"{name} is at its stack limit: spend one before gaining more?",
        [("spend", f"Spend a {name} first"), ("keep", "Keep them (the extra is lost)")],
    )
    if choice is None:
        return False
    if choice == "keep":
        return True
    frame.scratch["rooms"] = frame.scratch.get("rooms", 0) + 1
    spend_status(eng, holder, status, [])
    return False


def _reinflicted(eng, frame, holder: int, status: str) -> bool:
    """A token with `on_reinflict` placed on a holder who already has one: the held token's
    reaction resolves first (the old Powder Keg blows up). False while it resolves."""
    from game.rules.frames import EffectCtx, ResolveFrame

    sdef = ops.status_def(eng, status)
    key = f"reinflict{eng.seat(holder)}"
    if not sdef.on_reinflict or frame.scratch.get(key):
        return True
    frame.scratch[key] = True
    if ops.status_count(eng, holder, status) <= 0:
        return True
    ctx = EffectCtx(
        me=holder,
        opp=frame.ctx.me if frame.ctx.me != holder else None,
        kind="status",
        source=sdef.name,
        status=status,
        inflicter=ops.last_source(holder, status),
        scope=eng.new_scope(),
    )
    eng.push(ResolveFrame(effects=sdef.on_reinflict, ctx=ctx))
    return False


def _give(eng, frame, fx, who: list[int]) -> bool:
    count = amount(eng, frame, fx.get("count", 1))
    done = frame.scratch.setdefault("given", [])
    for target in who:
        if target in done:
            continue
        status = ops.placed_as(eng, target, fx["status"], frame.ctx.me)
        if not _reinflicted(eng, frame, target, status):
            return WAIT
        if not _room_made(eng, frame, target, status, count):
            return WAIT
        ops.give_status(eng, target, status, count, frame.ctx.me)
        done.append(target)
    return DONE


_PROBING: set[str] = set()  # statuses whose make-room spend is being judged (no loops)


def _could_take(eng, holder: int, status: str, me: int) -> bool:
    """A token placed on `holder` would change something: there is room, or the token reacts
    to being placed again, or a held one may be spent to make room (`_room_made`)."""
    from game.rules.options import Situation, spend_reason

    status = ops.placed_as(eng, holder, status, me)
    held = ops.status_count(eng, holder, status)
    if held < ops.stack_limit(eng, holder, status) or ops.status_def(eng, status).on_reinflict:
        return True
    if not held or status in _PROBING:
        return False
    _PROBING.add(status)
    try:
        return spend_reason(eng, holder, status, Situation("gain")) is None
    finally:
        _PROBING.discard(status)


def gain_status_can_act(eng, frame, fx) -> bool:
    return _could_take(eng, frame.ctx.me, fx["status"], frame.ctx.me)


def inflict_status_can_act(eng, frame, fx) -> bool:
    return any(
        _could_take(eng, p, fx["status"], frame.ctx.me)
        for p in possible_targets(eng, frame, fx, "opponent")
    )


def remove_status_can_act(eng, frame, fx) -> bool:
    spec = fx["status"]
    named = spec not in ("any", "any_positive", "any_negative", "all")
    for player in possible_targets(eng, frame, fx, "opponent"):
        for stack in ops.held_statuses(eng, player):
            if stack.status == spec if named else _matches(eng, stack.status, spec):
                return True
    return False


def gain_status(eng, frame, fx):
    return _give(eng, frame, fx, [frame.ctx.me])


def inflict_status(eng, frame, fx):
    who = targets(eng, frame, fx, "opponent")
    if who is None:
        return WAIT
    return _give(eng, frame, fx, who)


def _matches(eng, status: str, spec: str) -> bool:
    sdef = ops.status_def(eng, status)
    if not sdef.removable:
        return False
    if spec in ("any", "all"):
        return True
    if spec == "any_positive":
        return sdef.kind == "positive"
    if spec == "any_negative":
        return sdef.kind == "negative"
    return status == spec


def remove_status(eng, frame, fx):
    """Remove tokens. A specific status, or any / any_positive / any_negative (the resolving
    player picks which, one token per pick), or all (every removable token)."""
    spec = fx["status"]
    count = fx.get("count", 1)
    if not isinstance(count, int):  # an expression: 0 then means none (not "all")
        count = amount(eng, frame, count)
        if count <= 0:
            return DONE
    target_spec = fx.get("target", "opponent")
    me = frame.ctx.me
    if target_spec in ("chosen_player", "chosen_opponent") and spec not in ("all",):
        # One question naming both the player and the token.
        pool = eng.living() if target_spec == "chosen_player" else eng.opponents(me)
        choices = []
        for player in pool:
            for stack in ops.held_statuses(eng, player):
                if _matches(eng, stack.status, spec):
                    label = f"{ops.status_def(eng, stack.status).name} on {eng.name(player)}"
                    choices.append((f"{eng.seat(player)}:{stack.status}", label))
        if not choices:
            eng.emit("note", f"{frame.ctx.source}: there is no status effect to remove.")
            return DONE
        picked = ask(eng, frame, "token", me, "Remove which status effect?", choices)
        if picked is None:
            return WAIT
        seat, status = picked.split(":", 1)
        ops.remove_status(eng, eng.player(int(seat)), status, 1 if count else 0)
        return DONE
    who = targets(eng, frame, fx, "opponent")
    if who is None:
        return WAIT
    for target in who:
        candidates = [
            s.status for s in ops.held_statuses(eng, target) if _matches(eng, s.status, spec)
        ]
        if spec not in ("any", "any_positive", "any_negative", "all"):
            # A status named outright: even one nothing else may remove (her own Doubloons).
            ops.remove_status(eng, target, spec, count)
            continue
        if spec == "all" or count == 0:
            for status in candidates:
                ops.remove_status(eng, target, status, 0)
            continue
        picks = frame.scratch.setdefault("picks", 0)
        while picks < count and candidates:
            choices = [(s, ops.status_def(eng, s).name) for s in candidates]
            status = ask(eng, frame, f"pick{picks}", me, "Remove which status effect?", choices)
            if status is None:
                return WAIT
            ops.remove_status(eng, target, status, 1)
            picks += 1
            frame.scratch["picks"] = picks
            candidates = [
                s.status for s in ops.held_statuses(eng, target) if _matches(eng, s.status, spec)
            ]
    return DONE


def transfer_status(eng, frame, fx):
    """Move tokens from one chosen player to another chosen player."""
    me = frame.ctx.me
    count = fx.get("count", 1)
    choices = []
    for player in eng.living():
        for stack in ops.held_statuses(eng, player):
            sdef = ops.status_def(eng, stack.status)
            if sdef.transferable:
                choices.append(
                    (f"{eng.seat(player)}:{stack.status}", f"{sdef.name} on {eng.name(player)}")
                )
    if not choices or len(eng.living()) < 2:
        eng.emit("note", f"{frame.ctx.source}: there is no status effect to move.")
        return DONE
    picked = ask(eng, frame, "token", me, "Move which status effect?", choices)
    if picked is None:
        return WAIT
    seat_text, status = picked.split(":", 1)
    source = eng.player(int(seat_text))
    dests = [(eng.seat(p), eng.name(p)) for p in eng.living() if p != source]
    dest_seat = ask(eng, frame, "dest", me, "Move it to which player?", dests)
    if dest_seat is None:
        return WAIT
    dest = eng.player(dest_seat)
    inflicter = ops.last_source(source, status)
    moved = ops.remove_status(eng, source, status, count, why="moved away")
    placed = ops.give_status(eng, dest, status, moved, inflicter)
    eng.emit(
        "status_transferred",
        f"{frame.ctx.source}: {ops.status_def(eng, status).name} moves from {eng.name(source)} "
        f"to {eng.name(dest)}.",
        source=eng.seat(source),
        target=dest_seat,
        status=status,
        count=placed,
    )
    return DONE


def remove_self(eng, frame, fx):
    ctx = frame.ctx
    if ctx.status is not None:
        ops.remove_status(eng, ctx.me, ctx.status, 1)
    return DONE


register(
    verbs={
        "gain_status": gain_status,
        "inflict_status": inflict_status,
        "remove_status": remove_status,
        "transfer_status": transfer_status,
        "remove_self": remove_self,
    },
    can_act={
        "gain_status": gain_status_can_act,
        "inflict_status": inflict_status_can_act,
        "remove_status": remove_status_can_act,
    },
)
