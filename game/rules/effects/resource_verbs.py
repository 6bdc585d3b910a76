"""CP, Health that is stolen (not damage), and cards."""

from __future__ import annotations

from game.rules import ops
from game.rules.effects import DONE, WAIT, amount, ask, possible_targets, register, targets


def gain_cp_can_act(eng, frame, fx) -> bool:
    """CP for yourself at the 15 CP cap is lost (rule 6); for others it is judged when asked."""
    return fx.get("target", "self") != "self" or eng.cp(frame.ctx.me) < ops.CP_MAX


def gain_cp(eng, frame, fx):
    who = targets(eng, frame, fx, "self")
    if who is None:
        return WAIT
    value = amount(eng, frame, fx["amount"])
    for player in who:
        ops.gain_cp(eng, player, value, frame.ctx.source)
    return DONE


def lose_cp(eng, frame, fx):
    who = targets(eng, frame, fx, "self")
    if who is None:
        return WAIT
    value = amount(eng, frame, fx["amount"])
    for player in who:
        ops.lose_cp(eng, player, value, frame.ctx.source)
    return DONE


def lose_cp_can_act(eng, frame, fx) -> bool:
    return any(eng.cp(p) > 0 for p in possible_targets(eng, frame, fx, "self"))


def steal_cp_can_act(eng, frame, fx) -> bool:
    opp = frame.ctx.opp
    return opp is not None and eng.cp(opp) > 0


def steal_cp(eng, frame, fx):
    ctx = frame.ctx
    if ctx.opp is None:
        return DONE
    value = amount(eng, frame, fx["amount"])
    taken = ops.lose_cp(eng, ctx.opp, value, f"stolen by {eng.name(ctx.me)}")
    ops.gain_cp(eng, ctx.me, taken, f"stolen from {eng.name(ctx.opp)}")
    return DONE


def steal_health(eng, frame, fx):
    """Stealing Health is not damage: nothing prevents it and it is not pooled."""
    ctx = frame.ctx
    if ctx.opp is None or not eng.alive(ctx.opp):
        return DONE
    value = amount(eng, frame, fx["amount"])
    taken = min(value, eng.health(ctx.opp))
    if taken <= 0:
        return DONE
    ops.change_health(eng, ctx.opp, -taken, f"stolen by {eng.name(ctx.me)}")
    ops.change_health(eng, ctx.me, taken, f"stolen from {eng.name(ctx.opp)}")
    ops.settle_defeats(eng)
    return DONE


def draw(eng, frame, fx):
    who = targets(eng, frame, fx, "self")
    if who is None:
        return WAIT
    value = amount(eng, frame, fx["count"])
    for player in who:
        ops.draw(eng, player, value, frame.ctx.source)
    return DONE


def discard(eng, frame, fx):
    """The target discards cards of their own choice (not a sale: no CP)."""
    who = targets(eng, frame, fx, "opponent")
    if who is None:
        return WAIT
    count = fx["count"]
    done = frame.scratch.setdefault("discarded", 0)
    for player in who:
        while done < count and eng.piles(player).hand:
            hand = eng.piles(player).hand
            choices = [(card, ops.card_def(eng, card).name) for card in hand]
            card = ask(eng, frame, f"card{done}", player, "Discard which card?", choices)
            if card is None:
                return WAIT
            ops.discard_from_hand(eng, player, card, frame.ctx.source)
            done += 1
            frame.scratch["discarded"] = done
    return DONE


def take_card(eng, frame, fx):
    """One card of the resolver's choice from their discard pile goes to their hand (with an
    empty discard pile they draw a card instead). Exsanguinate."""
    me = frame.ctx.me
    piles = eng.piles(me)
    if not piles.discard:
        ops.draw(eng, me, 1, frame.ctx.source)
        return DONE
    choices: list[tuple[int, str]] = []
    seen: set[str] = set()
    for card in piles.discard:
        cid = eng.card_id(card)
        if cid not in seen:  # two copies of one card are the same choice
            seen.add(cid)
            choices.append((card, ops.card_def(eng, card).name))
    picked = ask(eng, frame, "card", me, f"{frame.ctx.source}: take which card?", choices)
    if picked is None:
        return WAIT
    piles.discard.remove(picked)
    piles.hand.append(picked)
    eng.emit(
        "card_taken",
        f"{eng.name(me)} takes {ops.card_def(eng, picked).name} from the discard pile into hand.",
        player=eng.seat(me),
        card=picked,
        card_id=eng.card_id(picked),
    )
    return DONE


register(
    verbs={
        "gain_cp": gain_cp,
        "lose_cp": lose_cp,
        "steal_cp": steal_cp,
        "steal_health": steal_health,
        "draw": draw,
        "discard": discard,
        "take_card": take_card,
    },
    can_act={
        "gain_cp": gain_cp_can_act,
        "lose_cp": lose_cp_can_act,
        "steal_cp": steal_cp_can_act,
    },
)
