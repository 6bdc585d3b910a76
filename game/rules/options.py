"""Which cards a player may play and which tokens they may spend at a given moment.

`playable_reason` answers None (playable) or the reason it is not, in our own words, so the
window can dim a card and explain why.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.content.defs import CardDef
from game.rules import ops
from game.rules.actions import Option, option
from game.rules.index import card_gate, needs_probe

ROLL_PHASES = ("offensive_roll", "targeting_roll", "defensive_roll")
MODIFIABLE = ("normal", "undefendable", "ultimate")


@dataclass(slots=True)
class Situation:
    """Where a decision is being made.

    moment  main (own Main Phase), offensive_roll / defensive_roll (the roller deciding),
            or the name of a response window
    dice    dice groups that may be altered right now
    """

    moment: str
    dice: list[int] = field(default_factory=list)

    @property
    def own_main(self) -> bool:
        return self.moment == "main"


def locked_out(eng, player: int) -> bool:
    """Opponents of a player who activated an Ultimate may do nothing until the Roll Phase ends,
    and a player with a token like Stun may do nothing at all."""
    if not eng.alive(player) or ops.incapacitated(eng, player):
        return True
    combat = eng.combat
    return (
        combat.ultimate
        and combat.attacker is not None
        and eng.info.phase in ROLL_PHASES
        and eng.is_opponent(player, combat.attacker)
    )


def own_attack_open(eng, player: int) -> bool:
    combat = eng.combat
    if not combat.attack or combat.attacker != player or combat.pool is None:
        return False
    pool = eng.pools.pools.get(combat.pool)
    return pool is not None and not pool.resolved and combat.attack_type in MODIFIABLE


def taking_damage(eng, player: int) -> bool:
    for pool in ops.pools_waiting(eng):
        if ops.incoming_for(pool, player) > 0 and not ops.avoided(pool, player):
            return True
    return False


def alterable_groups(eng, player: int, sit: Situation, own_only: bool) -> list[int]:
    out = []
    for gid in sit.dice:
        group = eng.dice.groups.get(gid)
        if group is None or group.locked:
            continue
        if own_only and eng.team(group.owner) != eng.team(player):
            continue
        if own_only and group.owner != player:
            continue
        out.append(gid)
    return out


def upgrade_cost(eng, player: int, card: CardDef) -> int:
    """Full price, or only the difference when laying level III over a level II card."""
    board = eng.board(player)
    lying = board.upgrades.get(card.upgrade_slot or "", [])
    if lying:
        current = ops.card_def(eng, lying[-1])
        return max(0, card.cost - current.cost)
    return card.cost


def _condition_reason(eng, player: int, cond: str, arg: int | None, sit: Situation) -> str | None:
    combat = eng.combat
    if cond == "own_attack":
        return None if own_attack_open(eng, player) else "only while your Attack is waiting to land"
    if cond == "alterable_die":
        return None if alterable_groups(eng, player, sit, False) else "no dice can be altered now"
    if cond == "own_alterable_die":
        if alterable_groups(eng, player, sit, True):
            return None
        return "none of your dice can be altered now"
    if cond == "own_offensive_roll":
        if sit.moment == "offensive_roll" and combat.attacker == player:
            return None
        return "only during your own Offensive Roll"
    if cond == "defensive_roll":
        if sit.moment == "defensive_roll" and combat.defender == player:
            return None
        return "only during your own Defensive Roll"
    if cond in ("offensive_roll_open", "defensive_roll_open"):
        from game.rules.effects.flow_verbs import roll_in_progress

        purpose = "offense" if cond == "offensive_roll_open" else "defense"
        if eng.info.phase in ROLL_PHASES and roll_in_progress(eng, purpose) is not None:
            return None
        what = "an Offensive" if purpose == "offense" else "a Defensive"
        return f"only while {what} Roll is under way"
    if cond == "team_alterable_die":
        if any(
            eng.team(eng.dice.groups[gid].owner) == eng.team(player)
            for gid in alterable_groups(eng, player, sit, False)
        ):
            return None
        return "none of your side's dice can be altered now"
    if cond == "someone_taking_damage":
        if any(taking_damage(eng, p) for p in eng.living()):
            return None
        return "nobody has damage waiting to land"
    if cond == "status_in_play":
        for p in eng.living():
            if any(ops.status_def(eng, s.status).removable for s in ops.held_statuses(eng, p)):
                return None
        return "no status effects are in play"
    if cond == "transferable_status_in_play":
        for p in eng.living():
            if any(ops.status_def(eng, s.status).transferable for s in ops.held_statuses(eng, p)):
                return None
        return "no status effects can be moved"
    if cond == "after_own_attack_damage":
        least = arg or 1
        if (
            sit.moment == "after_damage"
            and combat.attacker == player
            and combat.damage_landed >= least
        ):
            return None
        return f"only right after your Attack deals at least {least} damage"
    raise ValueError(f"unknown play condition {cond}")  # pragma: no cover - schema checked


def playable_reason(eng, player: int, card: int, sit: Situation) -> str | None:
    """None when `player` may play this card from hand now, otherwise why not."""
    if card not in eng.piles(player).hand:
        return "not in hand"
    if locked_out(eng, player):
        return "you cannot act right now"
    return _card_reason(eng, player, ops.card_def(eng, card), sit)


def _card_reason(eng, player: int, cdef: CardDef, sit: Situation) -> str | None:
    """`playable_reason` for a card in hand of a player who may act."""
    phase = eng.info.phase
    if cdef.type in ("upgrade", "main"):
        if not sit.own_main:
            return "only in your own Main Phase"
        if eng.info.active != player:
            return "only on your own turn"
    elif cdef.type == "roll" and phase not in ROLL_PHASES:
        return "only during a Roll Phase"
    cost = cdef.cost
    if cdef.type == "upgrade":
        slot_id = cdef.upgrade_slot or ""
        level = eng.board(player).levels.get(slot_id)
        if level is None or cdef.hero != eng.hero(player).id:
            return "not an upgrade for your hero"
        if level >= cdef.upgrade_level:
            return f"that ability is already at level {level}"
        cost = upgrade_cost(eng, player, cdef)
    if eng.cp(player) < cost:
        return f"needs {cost} CP (you have {eng.cp(player)})"
    for cond, arg in cdef.play_when:
        reason = _condition_reason(eng, player, cond, arg, sit)
        if reason:
            return reason
    if cdef.type != "upgrade" and not _could_act(eng, player, cdef.effects, sit, "card"):
        return "it would change nothing now"
    return None


def _could_act(
    eng,
    player: int,
    effects,
    sit: Situation,
    kind: str,
    status: str | None = None,
    windows: list[str] | None = None,
) -> bool:
    """Whether these effects, resolved by `player` now, could change anything (the verbs'
    "can act" predicates, in the context the card or token would resolve in: for a token,
    with the spend windows open now, as `spend_window` reads them; `windows`: those windows
    when the caller has just worked them out)."""
    can_act, could_change_something, EffectCtx, natural_opponent = _probe_tools()
    # A verb without a "can act" predicate always counts as changing something, whatever
    # the context (the predicates only read): no need to set the probe up.
    if not needs_probe(effects, can_act):
        return True
    program = eng.program
    scope = program.next_scope  # not taken: only read while probing
    ctx = EffectCtx(
        me=player,
        opp=natural_opponent(eng, player),
        kind=kind,
        source="",
        dice=list(sit.dice),
        status=status,
        scope=scope,
    )
    fresh = scope not in program.vars
    paid = []  # a token's price, taken off while probing (its effects see it paid)
    if status is not None:
        if windows is None:
            windows = open_spend_windows(eng, player, status, sit)
        program.vars.setdefault(scope, {}).update({f"window:{w}": 1 for w in windows})
        spend = ops.status_def(eng, status).spend
        price = [] if spend.keep else [(status, 1)]
        for kind_paid, count in [*price, *spend.cost]:
            stack = ops.find_stack(player, kind_paid)
            if stack is not None:
                taken = min(count, stack.count)
                stack.count -= taken
                paid.append((stack, taken))
    try:
        return could_change_something(eng, ctx, effects)
    finally:
        for stack, taken in paid:
            stack.count += taken
        if fresh:
            program.vars.pop(scope, None)


_PROBE_TOOLS: tuple = ()


def _probe_tools() -> tuple:
    """What `_could_act` needs from modules that import this one (imported on first use)."""
    global _PROBE_TOOLS
    if not _PROBE_TOOLS:
        from game.rules.effects import CAN_ACT, could_change_something
        from game.rules.frames import EffectCtx
        from game.rules.resolution import natural_opponent

        _PROBE_TOOLS = (CAN_ACT, could_change_something, EffectCtx, natural_opponent)
    return _PROBE_TOOLS


def card_cost(eng, player: int, card: int) -> int:
    cdef = ops.card_def(eng, card)
    if cdef.type == "upgrade":
        return upgrade_cost(eng, player, cdef)
    return cdef.cost


def spend_reason(eng, player: int, status: str, sit: Situation) -> str | None:
    sdef = ops.status_def(eng, status)
    if sdef.spend is None:
        return "cannot be spent"
    if ops.status_count(eng, player, status) <= 0:
        return "none held"
    if locked_out(eng, player):
        return "you cannot act right now"
    return _spend_reason(eng, player, status, sdef, sit)


def _spend_reason(eng, player: int, status: str, sdef, sit: Situation) -> str | None:
    """`spend_reason` for a spendable token held by a player who may act."""
    windows = open_spend_windows(eng, player, status, sit)
    if not windows:
        return "not useful at this moment"
    if sdef.spend.condition is not None and not _spend_condition(eng, player, status):
        return "its condition is not met"
    spent = eng.turn_flags.spent
    if sdef.spend.once_per_turn and spent.get(spent_key(eng, player, status), 0):
        return "already used this turn"
    if sdef.spend.per_phase and (
        spent.get(spent_key(eng, player, status, eng.info.phase), 0) >= sdef.spend.per_phase
    ):
        return "its activation limit for this phase is reached"
    for paid, count in sdef.spend.cost:
        needed = count + (1 if paid == status and not sdef.spend.keep else 0)
        if ops.status_count(eng, player, paid) < needed:
            return f"it costs {count} {ops.status_def(eng, paid).name}"
    if not _could_act(eng, player, sdef.spend.effects, sit, "status", status, windows):
        return "it would change nothing now"
    return None


# What must hold for each spend window of `open_spend_windows` to be open at all (a window
# not listed is never open): always, an Attack in progress, the player's own Main Phase, dice
# in the situation, or damage waiting in a pool.
_WINDOW_NEEDS = {
    "any_time": "always",
    "own_negative_status": "always",
    "other_status_in_play": "always",
    "incoming_damage": "waiting",
    "own_attack": "attack",
    "attacked": "attack",
    "teammate_attacked": "attack",
    "own_main_phase": "main",
    "opponent_dice": "dice",
}


def spent_key(eng, player: int, status: str, phase: str | None = None) -> str:
    """Key of TurnFlags.spent: spends of a status by a player this turn (or in one phase)."""
    key = f"{eng.seat(player)}:{status}"
    return key if phase is None else f"{key}@{phase}"


def open_spend_windows(eng, player: int, status: str, sit: Situation) -> list[str]:
    """The token's spend windows that are open for `player` right now. A window listed in
    `not_on_turn_gained` is only open if they hold a token gained before this turn."""
    spend = ops.status_def(eng, status).spend
    if spend is None:
        return []
    out = []
    for when in spend.when:
        if when in spend.not_on_turn_gained and ops.status_count(
            eng, player, status
        ) <= ops.fresh_tokens(eng, player, status):
            continue
        if (
            when == "any_time"
            or (when == "incoming_damage" and taking_damage(eng, player))
            or (when == "own_attack" and own_attack_open(eng, player))
            or (when == "own_main_phase" and sit.own_main and eng.info.active == player)
            or (when == "attacked" and being_attacked(eng, player))
            or (when == "teammate_attacked" and _teammate_attacked(eng, player))
            or (when == "own_negative_status" and _negative_held(eng, player))
            or (when == "opponent_dice" and _opponent_die_alterable(eng, player, sit))
            or (when == "other_status_in_play" and _other_status_in_play(eng, status))
        ):
            out.append(when)
    return out


def being_attacked(eng, player: int) -> bool:
    """`player` is the Defender of an Attack whose avoidable damage has not landed yet."""
    combat = eng.combat
    if not combat.attack or combat.defender != player or combat.pool is None:
        return False
    pool = eng.pools.pools.get(combat.pool)
    return (
        pool is not None
        and not pool.resolved
        and ops.incoming_for(pool, player) > 0
        and not ops.avoided(pool, player)
    )


def _teammate_attacked(eng, player: int) -> bool:
    defender = eng.combat.defender
    return (
        defender is not None
        and defender != player
        and eng.team(defender) == eng.team(player)
        and being_attacked(eng, defender)
    )


def _other_status_in_play(eng, status: str) -> bool:
    return any(
        s.status != status and ops.status_def(eng, s.status).removable
        for p in eng.living()
        for s in ops.held_statuses(eng, p)
    )


def _opponent_die_alterable(eng, player: int, sit: Situation) -> bool:
    return any(
        eng.is_opponent(player, eng.dice.groups[gid].owner)
        for gid in alterable_groups(eng, player, sit, False)
    )


def _negative_held(eng, player: int) -> bool:
    return any(
        ops.status_def(eng, s.status).kind == "negative" and ops.status_def(eng, s.status).removable
        for s in ops.held_statuses(eng, player)
    )


def _spend_condition(eng, player: int, status: str) -> bool:
    from game.rules.effects import condition
    from game.rules.frames import EffectCtx, ResolveFrame

    sdef = ops.status_def(eng, status)
    combat = eng.combat
    if combat.attacker == player:
        opp = combat.defender
    elif combat.defender == player:
        opp = combat.attacker
    else:
        opponents = eng.opponents(player)
        opp = opponents[0] if len(opponents) == 1 else None
    ctx = EffectCtx(me=player, opp=opp, kind="status", source=sdef.name, status=status)
    assert sdef.spend is not None and sdef.spend.condition is not None
    return condition(eng, ResolveFrame(effects=(), ctx=ctx), sdef.spend.condition)


def response_options(eng, player: int, sit: Situation) -> list[Option]:
    """Cards this player may play and tokens they may spend right now (Pass not included)."""
    if locked_out(eng, player):
        return []
    # The player may act (checked once here, not again per card and token: probing a card
    # or token restores whatever it touched, so the answer cannot change within this call).
    seat = eng.seat(player)
    out: list[Option] = []
    seen: set[str] = set()
    cards = eng.content.cards
    info = eng.info
    moment = sit.moment
    rolling = info.phase in ROLL_PHASES
    mine = info.active == player
    for card in eng.piles(player).hand:
        cid = eng.card_id(card)
        if cid in seen:  # two copies of one card are the same choice
            continue
        cdef = cards[cid]
        # what the card's type and conditions say of the moment alone, before the full check
        moments, own_turn, roll, dice = card_gate(cdef)
        if (
            (moments is not None and moment not in moments)
            or (own_turn and not mine)
            or (roll and not rolling)
            or (dice and not sit.dice)
        ):
            continue
        if _card_reason(eng, player, cdef, sit) is None:
            seen.add(cid)
            cost = upgrade_cost(eng, player, cdef) if cdef.type == "upgrade" else cdef.cost
            out.append(option(seat, "play", f"Play {cdef.name} ({cost} CP)", cdef.text, card=card))
    statuses = eng.content.statuses
    attack = eng.combat.attack
    waiting = None  # whether damage waits to land in any pool, looked up once if needed
    for stack in ops.held_statuses(eng, player):  # each holds at least one token
        sdef = statuses[stack.status]
        spend = sdef.spend
        if spend is None:
            continue
        # Most held tokens have no spend window that could be open at this moment at all
        # (`open_spend_windows` would find none): tell so from the moment alone.
        for when in spend.when:
            needs = _WINDOW_NEEDS.get(when)
            if needs is None:
                continue
            if (
                needs == "always"
                or (needs == "attack" and attack)
                or (needs == "main" and sit.own_main)
                or (needs == "dice" and sit.dice)
            ):
                break
            if needs == "waiting":
                if waiting is None:
                    waiting = any(pool.instances for pool in ops.pools_waiting(eng))
                if waiting:
                    break
        else:
            continue
        if _spend_reason(eng, player, stack.status, sdef, sit) is None:
            out.append(option(seat, "spend", f"Spend {sdef.name}", sdef.text, status=stack.status))
    return out
