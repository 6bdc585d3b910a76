"""Small operations on a match's components, shared by the phase processors and effect verbs.

Each function takes the engine first and must be called inside its world (the engine's own
code always is). Every change emits an event with a sentence in our own words.
"""

from __future__ import annotations

import esper

from game.content.defs import AbilityDef, CardDef, HeroDef, StatusDef
from game.rules.components import (
    CombatPoints,
    CompanionDial,
    DamageInstance,
    DamageMod,
    DamagePool,
    DiceGroup,
    HealInstance,
    HealthDial,
    OnDial,
    Standing,
    StatusLimits,
    StatusStack,
)
from game.rules.damage import final_damage
from game.rules.dice import meeter
from game.rules.frames import DamageFrame
from game.rules.index import passive_flags
from game.rules.rng import roll_die

CP_MAX = 15
HAND_LIMIT = 6

# ---------------------------------------------------------------- combat points


def gain_cp(eng, player: int, amount: int, why: str = "") -> int:
    points = esper.component_for_entity(player, CombatPoints)
    gained = max(0, min(amount, CP_MAX - points.cp))
    if gained:
        points.cp += gained
    if amount > 0:
        extra = f" ({why})" if why else ""
        wasted = "" if gained == amount else f", {amount - gained} over the 15 CP cap lost"
        eng.emit(
            "cp_changed",
            f"{eng.name(player)} gains {gained} CP{extra}{wasted}.",
            player=eng.seat(player),
            delta=gained,
            cp=points.cp,
        )
    return gained


def lose_cp(eng, player: int, amount: int, why: str = "") -> int:
    points = esper.component_for_entity(player, CombatPoints)
    lost = max(0, min(amount, points.cp))
    points.cp -= lost
    if amount > 0:
        extra = f" ({why})" if why else ""
        eng.emit(
            "cp_changed",
            f"{eng.name(player)} loses {lost} CP{extra}.",
            player=eng.seat(player),
            delta=-lost,
            cp=points.cp,
        )
    return lost


# ---------------------------------------------------------------- cards


def card_def(eng, card: int) -> CardDef:
    return eng.content.cards[eng.card_id(card)]


def draw(eng, player: int, count: int, why: str = "") -> int:
    piles = eng.piles(player)
    drawn = 0
    for _ in range(count):
        card = eng._take_top(player)
        if card is None:
            eng.emit(
                "note",
                f"{eng.name(player)} has no cards left to draw.",
                player=eng.seat(player),
            )
            break
        piles.hand.append(card)
        drawn += 1
        eng.emit(
            "card_drawn",
            f"{eng.name(player)} draws a card" + (f" ({why})." if why else "."),
            player=eng.seat(player),
            card=card,
            card_id=eng.card_id(card),
        )
    return drawn


def sell(eng, player: int, card: int) -> None:
    piles = eng.piles(player)
    piles.hand.remove(card)
    piles.discard.append(card)
    name = card_def(eng, card).name
    eng.emit(
        "card_sold",
        f"{eng.name(player)} sells {name} for 1 CP.",
        player=eng.seat(player),
        card=card,
        card_id=eng.card_id(card),
    )
    gain_cp(eng, player, 1, "sold a card")


def discard_from_hand(eng, player: int, card: int, why: str = "") -> None:
    piles = eng.piles(player)
    piles.hand.remove(card)
    piles.discard.append(card)
    eng.emit(
        "card_discarded",
        f"{eng.name(player)} discards {card_def(eng, card).name}" + (f" ({why})." if why else "."),
        player=eng.seat(player),
        card=card,
        card_id=eng.card_id(card),
    )


# ---------------------------------------------------------------- status effects


def status_def(eng, status: str) -> StatusDef:
    return eng.content.statuses[status]


def stacks_of(player: int) -> dict[str, StatusStack]:
    """Status id -> this player's stack of it (held or emptied), in status id order, in the
    active world. Stacks are entities of their own that are never deleted and never change
    holder or status, so the index is built once from esper's set of the entities holding a
    stack (iterated as `esper.get_component` iterates it) and used until that set grows (a new
    stack) or is another set (a restored snapshot, another world); other components coming
    and going (a new Combat each Roll Phase) leave it alone."""
    holders = esper._components.get(StatusStack)
    if holders is None:
        return _NO_STACKS
    found = _LAST_STACKS[0]
    if found[0] is holders and found[1] == len(holders):
        return found[2].get(player, _NO_STACKS)
    found = _STACK_INDEX.get(id(holders))
    if found is None or found[0] is not holders or found[1] != len(holders):
        entities = esper._entities
        listed = [(ent, entities[ent][StatusStack]) for ent in holders]
        by_holder: dict[int, dict[str, StatusStack]] = {}
        for _ent, stack in sorted(listed, key=_BY_STACK_STATUS):
            by_holder.setdefault(stack.holder, {}).setdefault(stack.status, stack)
        if len(_STACK_INDEX) >= 64:  # one entry per world in use; older sets are gone
            _STACK_INDEX.clear()
        found = _STACK_INDEX[id(holders)] = (holders, len(holders), by_holder)
    _LAST_STACKS[0] = found
    return found[2].get(player, _NO_STACKS)


# id(esper's set of stack entities) -> (that set, its size then, holder -> status -> stack);
# the set is kept so a reused id() is told apart
_STACK_INDEX: dict[int, tuple[set, int, dict[int, dict[str, StatusStack]]]] = {}
_NO_STACKS: dict[str, StatusStack] = {}
_LAST_STACKS: list[tuple] = [(None, 0, {})]  # the entry used last (the same world, mostly)
_BY_STACK_STATUS = lambda entry: entry[1].status  # noqa: E731


def find_stack(player: int, status: str) -> StatusStack | None:
    return stacks_of(player).get(status)


def status_count(eng, player: int, status: str) -> int:
    stack = stacks_of(player).get(status)
    return stack.count if stack else 0


def held_statuses(eng, player: int) -> list[StatusStack]:
    """Stacks with at least one token on this player, in a fixed order (by status id)."""
    return [s for s in stacks_of(player).values() if s.count]


def stack_limit(eng, player: int, status: str) -> int:
    return stack_limits(eng, player, (status,))[status]


def stack_limits(eng, player: int, statuses) -> dict[str, int]:
    """The stack limit of each of these statuses for `player`, in their order: a status of
    their own hero's may have its own limit, and effects may have raised it."""
    bonus = esper.component_for_entity(player, StatusLimits).bonus
    own = eng.hero(player).statuses
    defs = eng.content.statuses
    out = {}
    for status in statuses:
        sdef = defs[status]
        if sdef.owner_stack_limit and status in own:
            out[status] = sdef.owner_stack_limit + bonus.get(status, 0)
        else:
            out[status] = sdef.stack_limit + bonus.get(status, 0)
    return out


def placed_as(eng, player: int, status: str, source: int | None) -> str:
    """The status a token becomes on `player`: a status with a `rival` placed by someone else on
    a holder whose own hero has it turns into the rival (one Pirate's Doubloons on another)."""
    sdef = status_def(eng, status)
    if sdef.rival and source not in (None, player) and status in eng.hero(player).statuses:
        return sdef.rival
    return status


def give_status(eng, player: int, status: str, count: int, source: int | None) -> int:
    """Gain or inflict `count` tokens at once; what goes past the stack limit is lost."""
    if count <= 0 or not eng.alive(player):
        return 0
    status = placed_as(eng, player, status, source)
    sdef = status_def(eng, status)
    stack = find_stack(player, status)
    held = stack.count if stack else 0
    if held and has_flag(eng, player, "refuse_duplicate_statuses"):
        eng.emit(
            "note",
            f"{eng.name(player)} already has {sdef.name}; the new one is refused.",
            player=eng.seat(player),
            status=status,
        )
        return 0
    if sdef.kind == "negative" and has_flag(eng, player, "refuse_negative_statuses"):
        eng.emit(
            "note",
            f"{eng.name(player)} is shielded: {sdef.name} cannot be placed on them.",
            player=eng.seat(player),
            status=status,
        )
        return 0
    if stack is None:
        stack = StatusStack(holder=player, status=status)
        esper.create_entity(stack)
    room = max(0, stack_limit(eng, player, status) - held)
    placed = min(count, room)
    stack.count += placed
    stack.sources.extend([source if source is not None else player] * placed)
    if placed:
        gained = eng.turn_flags.gained
        key = _fresh_key(eng, player, status)
        gained[key] = gained.get(key, 0) + placed
    verb = "gains" if source in (None, player) else "is inflicted with"
    lost = f" ({count - placed} over the stack limit lost)" if placed < count else ""
    eng.emit(
        "status_gained",
        f"{eng.name(player)} {verb} {_tokens(placed, sdef.name)}{lost}.",
        player=eng.seat(player),
        status=status,
        count=placed,
        total=stack.count,
        source=None if source is None else eng.seat(source),
    )
    return placed


def remove_status(
    eng, player: int, status: str, count: int = 1, why: str = "removed", quiet: bool = False
) -> int:
    """Take tokens off a player (count 0 = all of them)."""
    stack = find_stack(player, status)
    if stack is None or stack.count == 0:
        return 0
    taken = min(count, stack.count) if count > 0 else stack.count
    stack.count -= taken
    del stack.sources[len(stack.sources) - taken :]
    gained = eng.turn_flags.gained
    key = _fresh_key(eng, player, status)
    if gained.get(key, 0) > stack.count:  # tokens held from earlier turns go first
        gained[key] = stack.count
    if not quiet:
        name = status_def(eng, status).name
        eng.emit(
            "status_removed",
            f"{eng.name(player)} loses {_tokens(taken, name)} ({why}).",
            player=eng.seat(player),
            status=status,
            count=taken,
            total=stack.count,
        )
    return taken


def _fresh_key(eng, player: int, status: str) -> str:
    return f"{eng.seat(player)}:{status}"


def fresh_tokens(eng, player: int, status: str) -> int:
    """How many of this player's tokens of `status` were gained during the current turn."""
    return min(
        eng.turn_flags.gained.get(_fresh_key(eng, player, status), 0),
        status_count(eng, player, status),
    )


def last_source(player: int, status: str) -> int | None:
    stack = find_stack(player, status)
    if stack is None or not stack.sources:
        return None
    return stack.sources[-1]


def incapacitated(eng, player: int) -> bool:
    """A player holding a token like Stun can take no action of any kind."""
    statuses = eng.content.statuses
    for stack in stacks_of(player).values():
        if stack.count and statuses[stack.status].incapacitates:
            return True
    return False


def _tokens(count: int, name: str) -> str:
    if count == 1:
        return f"1 {name}"
    return f"{count} {name}"


# ---------------------------------------------------------------- flags and abilities


def has_flag(eng, player: int, flag: str) -> bool:
    if flag in eng.flags(player).held:
        return True
    if flag not in passive_flags(eng.hero(player)):  # no passive of the hero ever holds it
        return False
    return any(flag in ab.flags for ab in abilities(eng, player, ("passive",)))


def grant_flag(eng, player: int, flag: str, until: str) -> None:
    eng.flags(player).held[flag] = until


def expire_flags(eng, moment: str) -> None:
    for player in eng.info.players:
        held = eng.flags(player).held
        for flag in [f for f, until in held.items() if until == moment]:
            del held[flag]


def abilities(eng, player: int, kinds: tuple[str, ...]) -> list[AbilityDef]:
    """The abilities on this player's board at their current levels (and on its current side:
    a flipped board reads each slot's `flipped` levels where the slot has them)."""
    hero = eng.hero(player)
    board = eng.board(player)
    key = (id(hero), board.flipped, tuple(board.levels.items()), kinds)
    found = _ABILITIES.get(key)
    if found is not None and found[0] is hero:
        return list(found[1])
    levels = board.levels
    out: list[AbilityDef] = []
    for slot in hero.slots:
        if slot.kind not in kinds:
            continue
        side = slot.flipped if board.flipped and slot.flipped else slot.levels
        out.extend(side[levels.get(slot.id, 1)])
    if len(_ABILITIES) >= 100_000:  # a bound, far above what the content's boards reach
        _ABILITIES.clear()
    _ABILITIES[key] = (hero, tuple(out))
    return out


# (hero's id(), flipped, board levels, kinds) -> (the hero, its abilities): content is frozen, so
# a board's abilities depend on nothing else (the hero is kept to tell a reused id() apart)
_ABILITIES: dict[tuple, tuple[HeroDef, tuple[AbilityDef, ...]]] = {}


# ---------------------------------------------------------------- companions


def companions(player: int | None = None) -> list[CompanionDial]:
    """Companions with a Health dial (of one player, or all), in creation order."""
    out = [c for _e, c in sorted(esper.get_component(CompanionDial), key=lambda ec: ec[0])]
    return [c for c in out if player is None or c.owner == player]


def find_companion(player: int, companion: str) -> CompanionDial | None:
    for comp in companions(player):
        if comp.companion == companion:
            return comp
    return None


def companion_active(eng, player: int, companion: str) -> bool:
    comp = find_companion(player, companion)
    return comp is not None and not comp.downed


def change_companion_health(eng, comp: CompanionDial, delta: int, why: str) -> None:
    """Damage may take a companion below 0 (the excess stays on it); healing is capped at its
    starting Health. At 0 or less it is Downed; healed above 0 it is Active again."""
    before = comp.health
    was_downed = comp.downed
    comp.health, comp.downed = companion_health_after(comp.health, comp.start, delta)
    owner = eng.seat(comp.owner)
    if comp.health == before:  # a heal at full Health (or a blow below 0) changes nothing
        text = f"{comp.name}: Health stays {before} ("
        text += "already at full Health)." if delta > 0 else "no change)."
    else:
        text = f"{comp.name}: Health {before} -> {comp.health} ({why})."
    eng.emit(
        "companion_health",
        text,
        player=owner,
        companion=comp.companion,
        delta=comp.health - before,
        health=comp.health,
    )
    if comp.downed != was_downed:
        state = "is Downed" if comp.downed else "is back on her feet"
        eng.emit(
            "companion_downed" if comp.downed else "companion_active",
            f"{comp.name} {state}.",
            player=owner,
            companion=comp.companion,
        )


def growth_steps(eng, player: int, chains, single: bool) -> list[tuple[str | None, str]]:
    """Every (from, to) step `grow` could take for this player (see `plan_growth`)."""
    return plan_growth(
        eng.hero(player).statuses,
        lambda s: status_count(eng, player, s),
        lambda s: stack_limit(eng, player, s),
        chains,
        single,
    )


def plan_growth(own, held_of, limit_of, chains, single: bool) -> list[tuple[str | None, str]]:
    """Every (from, to) step `grow` could take: (None, first tier) to gain a new token, or
    (tier, next tier) to turn one token into the next. With `single`, a chain that is held at
    any tier gains no new first tier (a Bot is built once). Only a hero whose own statuses
    (`own`) list the chain can grow it (only the Artificer builds Bots, even with Synth taken
    from him). `held_of` / `limit_of` give a status's count and stack limit for the grower;
    the duel and Missions both plan growth here."""
    steps: list[tuple[str | None, str]] = []
    for chain in chains:
        if not all(s in own for s in chain):  # only a hero whose own companions these are
            continue
        held = [held_of(s) for s in chain]
        first_ok = held[0] < limit_of(chain[0])
        if single:
            first_ok = not any(held)
        if first_ok:
            steps.append((None, chain[0]))
        for i in range(len(chain) - 1):
            if held[i] and held[i + 1] < limit_of(chain[i + 1]):
                steps.append((chain[i], chain[i + 1]))
    return steps


def companion_health_after(health: int, start: int, delta: int) -> tuple[int, bool]:
    """A companion's Health after a change, and whether it is Downed: damage may take it below
    0 (the excess stays on it); healing is capped at its starting Health (duel and Missions)."""
    after = min(start, health + delta) if delta > 0 else health + delta
    return after, after <= 0


def raised_stack_limit(before: int, amount: int, cap: int | None) -> int:
    """A stack limit raised by `amount`, never above `cap` (when given) unless already there."""
    after = before + amount
    if cap is not None:
        after = min(after, max(cap, before))
    return after


_ALL_KINDS = ("offensive", "ultimate", "defensive", "passive")


def find_ability(eng, player: int, ability_id: str) -> AbilityDef:
    """The ability of that id on this player's board (the first, in `abilities` order)."""
    hero = eng.hero(player)
    board = eng.board(player)
    key = (id(hero), board.flipped, tuple(board.levels.items()))
    found = _BY_ID.get(key)
    if found is None or found[0] is not hero:
        by_id: dict[str, AbilityDef] = {}
        for ability in abilities(eng, player, _ALL_KINDS):
            by_id.setdefault(ability.id, ability)
        if len(_BY_ID) >= 100_000:  # a bound, far above what the content's boards reach
            _BY_ID.clear()
        found = _BY_ID[key] = (hero, by_id)
    ability = found[1].get(ability_id)
    if ability is None:
        raise KeyError(ability_id)
    return ability


# (hero's id(), flipped, board levels) -> (the hero, ability id -> ability): what `abilities`
# answers for every kind, by id (the hero is kept to tell a reused id() apart)
_BY_ID: dict[tuple, tuple[HeroDef, dict[str, AbilityDef]]] = {}


def satisfied(eng, player: int, values: list[int]) -> list[tuple[AbilityDef, int]]:
    """Every (offensive or ultimate ability, row) the dice values meet. (Each requirement's
    answer for these dice is kept by `meeter`; a table of whole answers by board levels and
    dice missed nine times in ten in random-legal duels, so none is kept.)"""
    met = meeter(eng.hero(player), values)
    return [
        (ability, index)
        for ability in abilities(eng, player, ("offensive", "ultimate"))
        for index, row in enumerate(ability.rows)
        if met(row.requirement)
    ]


# ---------------------------------------------------------------- dice


def new_group(eng, owner: int, hero: str, count: int, purpose: str, locked: bool = False):
    table = eng.dice
    group = DiceGroup(
        id=table.next_id, owner=owner, hero=hero, values=[0] * count, purpose=purpose, locked=locked
    )
    table.next_id += 1
    table.groups[group.id] = group
    return group


def roll_group(eng, group: DiceGroup, indices: list[int] | None = None, why: str = "") -> None:
    rng = eng.rng
    indices = list(range(len(group.values))) if indices is None else indices
    for i in indices:
        group.values[i] = roll_die(rng)
    group.changed += 1
    shown = ", ".join(str(v) for v in group.values)
    what = why or group.purpose
    eng.emit(
        "dice_rolled",
        f"{eng.name(group.owner)} rolls {len(indices)} {'die' if len(indices) == 1 else 'dice'} "
        f"({what}): {shown}.",
        player=eng.seat(group.owner),
        group=group.id,
        purpose=group.purpose,
        rerolled=list(indices),
        values=list(group.values),
        hero=group.hero,
    )


def set_die(eng, group: DiceGroup, index: int, value: int, by: int, how: str) -> None:
    old = group.values[index]
    group.values[index] = value
    group.changed += 1
    eng.emit(
        "die_changed",
        f"{eng.name(by)} changes a die of {eng.name(group.owner)} from {old} to {value} ({how}).",
        player=eng.seat(by),
        owner=eng.seat(group.owner),
        group=group.id,
        index=index,
        old=old,
        value=value,
    )


def group_symbols(eng, group: DiceGroup) -> list[str]:
    hero = eng.content.heroes[group.hero]
    return [hero.symbol_of(v) for v in group.values]


def clear_dice(eng) -> None:
    eng.dice.groups.clear()


# ---------------------------------------------------------------- damage pools and health


def new_pool(eng, label: str) -> DamagePool:
    pools = eng.pools
    pool = DamagePool(id=pools.next_id, label=label)
    pools.next_id += 1
    pools.pools[pool.id] = pool
    return pool


def active_pool(eng) -> DamagePool | None:
    """The pool damage and prevention go to right now (the open phase's pool)."""
    pools = eng.pools
    if pools.current is None:
        return None
    pool = pools.pools.get(pools.current)
    return None if pool is None or pool.resolved else pool


def pools_waiting(eng) -> list[DamagePool]:
    """The pools not resolved yet, in id order. Pools are only ever added (`new_pool`, under
    a new id), only ever go from waiting to resolved (`land_pool`), and only resolved ones
    are ever forgotten (`forget_resolved_pools`): the ones waiting when the next id was last
    the same are the only candidates, so the scan of the match's pools is done once per new
    pool."""
    pools = eng.pools
    table = pools.pools
    found = _WAITING.get(id(table))
    if found is not None and found[0] is table and found[1] == pools.next_id:
        waiting = [p for p in found[2] if not p.resolved]
    else:
        waiting = [p for p in table.values() if not p.resolved]
        if len(_WAITING) >= 64:  # one entry per match in use; older ones are gone
            _WAITING.clear()
    _WAITING[id(table)] = (table, pools.next_id, waiting)
    return list(waiting)


# id(a Pools.pools dict) -> (that dict, the next pool id then, the pools waiting then): see
# `pools_waiting` (the dict is kept so a reused id() is told apart)
_WAITING: dict[int, tuple[dict, int, list[DamagePool]]] = {}


def forget_resolved_pools(eng) -> None:
    """Drop the resolved pools nothing points at any more (called as a turn starts).

    A resolved pool never changes again and every reader either goes through a pool id held
    by the combat record, the open phase, the focused window or a damage frame, or skips
    resolved pools. Without this a match kept every pool it ever made: three quarters of a
    long match's state, written into every save and digest and scanned for waiting damage.
    An engine replaying a save of the rules before version 4 keeps them (its digest then
    is the one that save recorded): `engine.keeping_resolved_pools`."""
    if eng.keeps_resolved_pools:
        return
    pools = eng.pools
    table = pools.pools
    resolved = [pid for pid, pool in table.items() if pool.resolved]
    if not resolved:
        return
    keep = {pools.current, pools.focus, eng.combat.pool}
    for frame in eng.program.frames:  # a damage frame's pool and the focus it gives back
        if type(frame) is DamageFrame:
            keep.add(frame.pool)
            keep.add(frame.previous_focus)
    for pid in resolved:
        if pid not in keep:
            del table[pid]


def incoming_for(pool: DamagePool, player: int, avoidable_only: bool = True) -> int:
    total = 0
    for inst in pool.instances:
        if inst.target == player and (not avoidable_only or inst.dtype != "ultimate"):
            total += inst.amount
    return total


def avoided(pool: DamagePool, player: int) -> bool:
    return any(m.kind == "avoid" and m.target == player for m in pool.mods)


def landing_now(eng) -> dict[int, int]:
    """Player -> the damage that would land on them if every waiting pool landed now: the
    Final Damage Total with the modifiers, prevention, halving and avoidance already in the
    pools (and any half sent back), summed over the pools."""
    out: dict[int, int] = {}
    for pool in pools_waiting(eng):
        for target in dict.fromkeys(i.target for i in pool.instances):
            breakdown = final_damage(target, pool.instances, pool.mods)
            out[target] = out.get(target, 0) + breakdown.final
            for source, value in breakdown.reflected:
                if source is not None and value > 0:
                    out[source] = out.get(source, 0) + value
    return out


AVOID_WINDOWS = {"incoming_damage": "self", "attacked": "defender", "teammate_attacked": "mate"}


def chance_to_avoid(eng, player: int) -> list[str]:
    """Names of the tokens that could still turn the damage waiting for `player` away, which
    no figure can show: spent for a die roll (Evasive, Flight - held by `player`, or by a
    teammate where the token may be spent for a teammate under Attack), or acting on their
    own as the damage lands under a condition (Shadows). Empty when nothing avoidable waits."""
    if not any(
        incoming_for(pool, player) > 0 and not avoided(pool, player) for pool in pools_waiting(eng)
    ):
        return []
    combat = eng.combat
    defending = combat.attack and combat.defender == player
    out: list[str] = []
    for holder in eng.info.players:
        if holder != player and (not eng.alive(holder) or eng.team(holder) != eng.team(player)):
            continue
        for stack in held_statuses(eng, holder):
            sdef = status_def(eng, stack.status)
            if holder == player and any(
                t.on == "damage_landing" and _avoids(t.effects, True) for t in sdef.triggers
            ):
                out.append(sdef.name)
                continue
            spend = sdef.spend
            if spend is None or not _avoids(spend.effects):
                continue
            for when in spend.when:
                who = AVOID_WINDOWS.get(when)
                if (
                    (who == "self" and holder == player)
                    or (who == "defender" and holder == player and defending)
                    or (who == "mate" and holder != player and defending)
                ):
                    out.append(sdef.name)
                    break
    return list(dict.fromkeys(out))


def _avoids(effects, rolled: bool = False) -> bool:
    """Whether `effects` avoid damage - only behind a die roll, unless `rolled` already."""
    for fx in effects:
        if fx.verb == "avoid_damage" and rolled:
            return True
        inner = rolled or fx.verb == "roll"
        for key in ("effects", "else", "win", "lose"):
            if key in fx and _avoids(fx[key], inner):
                return True
    return False


def add_damage_instance(pool: DamagePool, inst: DamageInstance) -> None:
    pool.instances.append(inst)


def add_mod(pool: DamagePool, mod: DamageMod) -> None:
    pool.mods.append(mod)


def add_heal(pool: DamagePool, heal: HealInstance) -> None:
    pool.heals.append(heal)


def heal_now(eng, player: int, amount: int, why: str = "") -> int:
    dial = eng.dial(player)
    before = dial.health
    dial.health = min(dial.cap, dial.health + amount)
    healed = dial.health - before
    eng.emit(
        "healed",
        f"{eng.name(player)} heals {healed}"
        + (f" ({why})" if why else "")
        + f", now at {dial.health}.",
        player=eng.seat(player),
        amount=healed,
        health=dial.health,
    )
    return healed


def change_health(eng, player: int, delta: int, why: str) -> None:
    """A direct change that is not damage or healing (e.g. stolen Health)."""
    dial = eng.dial(player)
    dial.health = max(0, min(dial.cap, dial.health + delta))
    eng.emit(
        "health_changed",
        f"{eng.name(player)} {'gains' if delta >= 0 else 'loses'} {abs(delta)} Health ({why}), "
        f"now at {dial.health}.",
        player=eng.seat(player),
        delta=delta,
        health=dial.health,
    )


def _save_from_defeat(eng, player: int) -> None:
    """Health at 0 or below, holding a token that saves from defeat: the token goes and Health
    is set to its value instead (this is not healing and works against any damage)."""
    dial = eng.dial(player)
    if dial.health > 0:
        return
    for stack in held_statuses(eng, player):
        health = status_def(eng, stack.status).saves_from_defeat
        if health <= 0:
            continue
        remove_status(eng, player, stack.status, 1, why="spent to stay in the fight")
        before = dial.health
        dial.health = min(dial.cap, health)
        eng.emit(
            "defeat_averted",
            f"{status_def(eng, stack.status).name}: instead of falling, {eng.name(player)}'s "
            f"Health is set to {dial.health}.",
            player=eng.seat(player),
            status=stack.status,
            health=dial.health,
            before=before,
        )
        return


# Mode prefix -> rule(eng, newly_defeated) deciding whether the match ends (Adventures register
# theirs; the longest matching prefix wins). Without one: the last side standing wins.
END_RULES: dict = {}


def end_rule(mode: str):
    best = None
    for prefix, rule in END_RULES.items():
        if mode.startswith(prefix) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, rule)
    return best[1] if best else None


def settle_defeats(eng) -> None:
    """Defeat every player whose dial reached 0, then end the match if one side remains."""
    info = eng.info
    for player in info.players:  # a token like Blessing of Divinity saves its holder first
        if not esper.component_for_entity(player, Standing).defeated:
            _save_from_defeat(eng, player)
    newly = []
    for player in info.players:
        standing = esper.component_for_entity(player, Standing)
        if standing.defeated:
            continue
        dial_ent = esper.component_for_entity(player, OnDial).dial
        if esper.component_for_entity(dial_ent, HealthDial).health <= 0:
            standing.defeated = True
            newly.append(player)
    for player in newly:
        eng.emit("player_defeated", f"{eng.name(player)} is defeated!", player=eng.seat(player))
    if not newly or info.over:
        return
    rule = end_rule(info.mode)
    if rule is not None:  # Adventures decide their own ends (a Minion falling ends no crawl)
        rule(eng, newly)
        return
    teams = {eng.team(p) for p in eng.living()}
    if len(teams) > 1:
        return
    info.over = True
    info.phase = "over"
    if teams:
        info.winner_team = teams.pop()
        winners = [p for p in info.players if eng.team(p) == info.winner_team]
        names = " and ".join(eng.name(p) for p in winners)
        eng.emit(
            "game_over",
            f"{names} {'wins' if len(winners) == 1 else 'win'} the match!",
            winner_team=info.winner_team,
            winners=[eng.seat(p) for p in winners],
            draw=False,
        )
    else:
        info.draw = True
        eng.emit(
            "game_over",
            "Every remaining player fell at the same moment: the match is a draw.",
            winner_team=None,
            winners=[],
            draw=True,
        )
