"""What abilities, defenses, tokens and cards are worth against one particular opponent.

The computer players value everything in "points", where one point is about one Health of
difference in an even race. Effect lists are resolved over distributions by
`game.ai.resolve` (dice enumerated exactly, roll-offs at their odds, a choice taking the
chooser's best option) into a short list of branches (probability, `Out`) that the valuation
here then plays against the defender: their Defensive Ability (enumerated over its dice),
their Evasive tokens, their Health (damage past zero is worth nothing; a kill is worth a
lot), then the tokens, CP and cards each side gains or loses.

Everything here reads content definitions and a plain `Fighter` record; nothing touches an
engine, so results are cached freely.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.ai.dice_solver import ALL_FIVE
from game.ai.resolve import (
    AVG_TURN,
    CARD_WORTH,
    CP_WORTH,
    HEAL_WEIGHT,
    KILL,
    Branches,
    Out,
    WalkCtx,
    _condition,
    dice_reads,
    half_up,
    walk,
    walk_rolls,
)
from game.content.defs import AbilityDef, ContentDB, Effects, HeroDef
from game.rules.dice import meets_each


@dataclass(frozen=True, slots=True)
class Fighter:
    """What the model needs to know of one player. Hashable: it keys caches."""

    seat: int
    hero: str
    levels: tuple[tuple[str, int], ...]
    health: int
    cap: int
    cp: int
    statuses: tuple[tuple[str, int], ...] = ()
    limits: tuple[tuple[str, int], ...] = ()
    hand: int = 0
    stunned: bool = False
    # the hash of the fields above, worked out once (Fighters key most of the model's caches);
    # the same number the dataclass's own hash would give
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        fields = (self.seat, self.hero, self.levels, self.health, self.cap, self.cp)
        rest = (self.statuses, self.limits, self.hand, self.stunned)
        object.__setattr__(self, "_hash", hash((*fields, *rest)))

    def __hash__(self) -> int:
        return self._hash

    def count(self, status: str) -> int:
        for sid, n in self.statuses:
            if sid == status:
                return n
        return 0

    def limit(self, status: str, default: int = 1) -> int:
        for sid, n in self.limits:
            if sid == status:
                return n
        return default

    def level(self, slot: str) -> int:
        for sid, n in self.levels:
            if sid == slot:
                return n
        return 1


# ---------------------------------------------------------------- content helpers


def hero_cache(fn):
    """Memoize a function whose first argument is a HeroDef (not hashable: keyed by id)."""
    memo: dict = {}

    def wrapper(hero, *args):
        key = (id(hero), args)
        hit = memo.get(key)
        if hit is not None and hit[0] is hero:
            return hit[1]
        if len(memo) > 20000:
            memo.clear()
        result = fn(hero, *args)
        memo[key] = (hero, result)
        return result

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def ability_cache(fn):
    """Memoize a function of (HeroDef, AbilityDef, *hashable): both definitions keyed by
    identity (an AbilityDef's own hash walks every row and effect). The memo keeps them
    alive, so an id in a key always stands for the same object."""
    memo: dict = {}

    def wrapper(hero, ability, *args):
        key = (id(hero), id(ability), *args)
        hit = memo.get(key)
        if hit is not None:
            return hit[2]
        if len(memo) > 20000:
            memo.clear()
        result = fn(hero, ability, *args)
        memo[key] = (hero, ability, result)
        return result

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def hero_faces(hero: HeroDef) -> tuple[str, ...]:
    return tuple(face.symbol for face in hero.dice)


def abilities(hero: HeroDef, levels: tuple[tuple[str, int], ...], kinds: tuple[str, ...]):
    lv = dict(levels)
    out: list[AbilityDef] = []
    for slot in hero.slots:
        if slot.kind in kinds:
            out.extend(slot.levels[lv.get(slot.id, 1)])
    return out


def levels_with(levels: tuple[tuple[str, int], ...], slot: str, level: int):
    lv = dict(levels)
    lv[slot] = level
    return tuple(sorted(lv.items()))


@hero_cache
def levels_of_kinds(hero: HeroDef, levels: tuple[tuple[str, int], ...], kinds: tuple[str, ...]):
    """`levels` with only the slots of these kinds of ability (as `abilities` reads them)."""
    kept = {slot.id for slot in hero.slots if slot.kind in kinds}
    return tuple((slot, level) for slot, level in levels if slot in kept)


@hero_cache
def offense_rows(hero: HeroDef, levels: tuple[tuple[str, int], ...]):
    """[(ability, row index, row)] for the offensive and ultimate abilities at these levels."""
    out = []
    for ability in abilities(hero, levels, ("offensive", "ultimate")):
        for index, row in enumerate(ability.rows):
            out.append((ability, index, row))
    return tuple(out)


@hero_cache
def requirement_table(hero: HeroDef, requirement) -> tuple[bool, ...]:
    """Which of the 252 results meet one requirement (shared by every row that asks it)."""
    return meets_each(requirement, hero, ALL_FIVE)


@hero_cache
def requirement_results(hero: HeroDef, requirement) -> tuple[int, ...]:
    """The indices (into ALL_FIVE) of the results that meet one requirement, in order."""
    return tuple(j for j, ok in enumerate(requirement_table(hero, requirement)) if ok)


@hero_cache
def row_results(hero: HeroDef, levels: tuple[tuple[str, int], ...]):
    """For each row of offense_rows, the indices of the results that meet it."""
    return tuple(
        requirement_results(hero, row.requirement) for _a, _r, row in offense_rows(hero, levels)
    )


def _uses_rolled(effects: Effects) -> bool:
    """Does the list read the dice that activated it (outside rolls of its own)?"""
    for fx in effects:
        if fx.verb == "roll":
            continue
        for key in ("amount", "count"):
            value = fx.get(key)
            if isinstance(value, dict) and "var" not in value:
                return True
        if fx.verb in ("if",) and next(iter(fx["condition"])).startswith("rolled"):
            return True
        if fx.verb == "on":
            return True
        for key in ("effects", "else", "win", "lose"):
            if key in fx and _uses_rolled(fx[key]):
                return True
        if fx.verb == "choose_one":
            for opt in fx["options"]:
                if _uses_rolled(opt["effects"]):
                    return True
    return False


def _may_read_dice(effects: Effects) -> bool:
    """Every way an effect list can read the dice that activated it (outside rolls of its
    own): amounts counted on them, conditions on them, `on`, a roll-off with the defense die.
    `_uses_rolled` also counts amounts of tokens or CP, which do not; a row both call
    dice-reading is resolved once per result, any other row once (the same branches)."""
    return bool(dice_reads(effects))


def state_key(me: Fighter, opp: Fighter) -> tuple:
    return (me.cp, me.statuses, tuple(s for s, n in opp.statuses if n))


def state_reads(effects: Effects) -> frozenset:
    """Which facts about the players an effect list reads: ("cp",), ("status", id),
    ("opp_status", id), ("flag", id)."""
    out: set = set()

    def scan(effects) -> None:
        for fx in effects:
            for key in ("amount", "count"):
                value = fx.get(key)
                if isinstance(value, dict):
                    if "own_cp" in value:
                        out.add(("cp",))
                    if "own_tokens" in value:
                        out.add(("status", value["own_tokens"]))
                    for status in value.get("own_tokens_sum", ()):
                        out.add(("status", status))
            conds = []
            if fx.verb == "if":
                conds.append(fx["condition"])
            if fx.verb == "choose_one":
                conds.extend(opt["if"] for opt in fx["options"] if "if" in opt)
            for cond in conds:
                ((name, arg),) = cond.items()
                if name == "cp_at_least":
                    out.add(("cp",))
                elif name == "self_status_at_least":
                    out.add(("status", arg["status"]))
                elif name == "self_has_status":
                    out.add(("status", arg))
                elif name == "target_has_status":
                    out.add(("opp_status", arg))
                elif name == "self_has_flag":
                    out.add(("flag", arg))
            for key in ("effects", "else", "win", "lose"):
                if key in fx:
                    scan(fx[key])
            if fx.verb == "choose_one":
                for opt in fx["options"]:
                    scan(opt["effects"])

    scan(effects)
    return frozenset(out)


def narrow_state(reads: frozenset, me: Fighter, opp: Fighter) -> tuple:
    """The full state key with everything the effects do not read blanked out (so cached
    resolutions are shared between states that cannot differ for them)."""
    cp = me.cp if ("cp",) in reads else 0
    mine = tuple((s, n) for s, n in me.statuses if ("status", s) in reads)
    theirs = tuple(s for s, n in opp.statuses if n and ("opp_status", s) in reads)
    return (cp, mine, theirs)


def facts_of(state: tuple | None, ability: AbilityDef | None = None) -> dict:
    facts: dict = {}
    if ability is not None:
        facts["activated"] = "ultimate" if ability.kind == "ultimate" else "offensive"
        facts["ability"] = ability.id
    if state is not None:
        cp, counts, opp_statuses = state
        facts["cp"] = cp
        facts["my_counts"] = counts
        facts["my_statuses"] = tuple(s for s, n in counts if n)
        facts["opp_statuses"] = opp_statuses
    return facts


@ability_cache
def row_branch_sets(hero: HeroDef, ability: AbilityDef, index: int, state: tuple | None = None):
    """(distinct branch lists, per-result index into them) for one ability row.

    Most rows resolve the same whatever dice met them (one set); rows that read their dice
    (e.g. 'if four dice show the same number') get one set per distinct outcome. `state`
    (see `state_key`) is given for rows that read the player's CP or tokens."""
    row = ability.rows[index]
    ctx = WalkCtx(faces=hero_faces(hero), dtype=ability.damage_type, facts=facts_of(state, ability))
    if not _uses_rolled(row.effects) or not _may_read_dice(row.effects):
        return (walk(row.effects, ctx),), None
    sets: list[Branches] = []
    keys: dict[tuple, int] = {}
    known: dict[int, int] = {}  # id of a shared walk -> its index in sets
    per: list[int] = []
    for _p, branches in walk_rolls(row.effects, ctx, 5):  # ALL_FIVE, in order
        index = known.get(id(branches))
        if index is None:
            k = tuple(sorted((round(p, 12), o.key()) for p, o in branches))
            if k not in keys:
                keys[k] = len(sets)
                sets.append(branches)
            index = known[id(branches)] = keys[k]
        per.append(index)
    return tuple(sets), tuple(per)


# ---------------------------------------------------------------- defenses


@ability_cache
def defense_profile(hero: HeroDef, ability: AbilityDef, incoming: int):
    """Distribution of a Defensive Ability's result against `incoming` avoidable damage:
    [(probability, damage still landing, damage sent back, healing, tokens on attacker)]."""
    faces = hero_faces(hero)

    def chooser(options: list[Branches]) -> int:
        def worth(branches: Branches) -> float:
            total = 0.0
            for p, o in branches:
                sub = max(0, incoming - o.prevent)
                saved = incoming - max(0, sub - o.halve * half_up(sub))
                total += p * (saved + o.damage + HEAL_WEIGHT * o.heal)
            return total

        scores = [worth(b) for b in options]
        return scores.index(max(scores))

    flat = _defense_flat(hero, ability)
    if flat is None:
        ctx = WalkCtx(faces=faces, dtype="normal", incoming=incoming, chooser=chooser)
        walks = walk_rolls(ability.effects, ctx, ability.defense_dice)
        flat = _flatten(walks)
    acc: dict[tuple, float] = {}
    for pq, prevent, halve, damage, reflect, heal, inflict in flat:
        sub = incoming - prevent
        half = -(-sub // 2) if sub > 0 else 0  # half_up(max(sub, 0))
        final = max(0, sub - halve * half)
        key = (final, damage + reflect * half, heal, inflict)
        acc[key] = acc.get(key, 0.0) + pq
    return tuple((p, *k) for k, p in acc.items())


def _flatten(walks) -> list[tuple]:
    """Each branch of each result of the defense's dice, in order, as what the profile reads:
    (probability, prevent, halve, damage, reflect, heal, tokens inflicted)."""
    return [
        (p * q, o.prevent, o.halve, o.damage, o.reflect, o.heal, tuple(sorted(o.inflict.items())))
        for p, branches in walks
        for q, o in branches
    ]


@ability_cache
def _defense_flat(hero: HeroDef, ability: AbilityDef):
    """`_flatten` of the defense's walks when they do not depend on the damage coming."""
    walks = _defense_walks(hero, ability)
    return None if walks is None else _flatten(walks)


def _has_choice(effects: Effects) -> bool:
    for fx in effects:
        if fx.verb == "choose_one":
            return True
        for key in ("effects", "else", "win", "lose"):
            if key in fx and _has_choice(fx[key]):
                return True
    return False


@ability_cache
def _defense_walks(hero: HeroDef, ability: AbilityDef):
    """The defense resolved on every result of its dice, when that does not depend on the
    damage coming (no choice to make): [(probability, branches)], else None."""
    if _has_choice(ability.effects):
        return None
    ctx = WalkCtx(faces=hero_faces(hero), dtype="normal")
    return walk_rolls(ability.effects, ctx, ability.defense_dice)


@hero_cache
def defenses(hero: HeroDef, levels: tuple[tuple[str, int], ...]):
    return tuple(abilities(hero, levels, ("defensive",)))


# ---------------------------------------------------------------- worth of tokens


def status_worth(status: str, holder: Fighter, other: Fighter, env: Env, count: int = 1) -> float:
    """Points for `holder` of gaining `count` of a status (negative for bad ones)."""
    key = (status, holder, other, count)
    hit = env._worth.get(key)
    if hit is None:
        if len(env._worth) > 50_000:
            env._worth.clear()
        hit = _status_worth(status, holder, other, env, count) * env.params.get(status, 1.0)
        env._worth[key] = hit
    return hit


def _status_worth(status: str, holder: Fighter, other: Fighter, env: Env, count: int) -> float:
    held = holder.count(status)
    room = max(0, holder.limit(status, 1) - held)
    count = min(count, room)
    if count <= 0:
        return 0.0
    if status == "stun":
        return -(env.turn_worth(other) + 1.0)
    if status == "knockdown":
        their_turn = env.turn_worth(holder)
        return -(min(their_turn, 2 * CP_WORTH + 0.5) if holder.cp >= 2 else their_turn)
    if status == "concussion":
        return -(CP_WORTH + CARD_WORTH)
    if status == "bounty":
        return -min(8.0, 1.8 * env.turns_left(holder, other))
    if status == "evasive":
        return count * 0.33 * env.turn_worth(other) * 0.9
    if status == "reload":
        return count * 2.0
    sdef = env.content.statuses.get(status)
    if sdef is None:
        return 0.0
    if sdef.spend is not None:
        base = token_worth(env.content, status, env.hero(holder))
    else:
        from game.ai.value import STATUS_WORTH

        base = STATUS_WORTH.get(status, 1.5)
    sign = -1.0 if sdef.kind == "negative" else 1.0
    if sdef.kind == "unique":
        base = max(base, 4.0)
    return sign * base * count


# ---------------------------------------------------------------- spendable tokens

TYPICAL_HIT = 7


@dataclass(frozen=True, slots=True)
class SpendProfile:
    """What spending one token does, in expectation."""

    add: float = 0.0  # damage added to my Attack
    saved: float = 0.0  # damage of a typical hit (TYPICAL_HIT) it stops or sends back
    p_avoid: float = 0.0
    prevent: float = 0.0
    halve: float = 0.0
    reflect: float = 0.0
    cleanse: bool = False


def spend_profile(content: ContentDB, status: str, hero: HeroDef, window: str = "") -> SpendProfile:
    return _spend_profile(content, status, hero, window)


_SPEND_CACHE: dict = {}


def _spend_profile(content, status, hero, window) -> SpendProfile:
    key = (id(content), status, hero.id, window)
    hit = _SPEND_CACHE.get(key)
    if hit is not None:
        return hit
    sdef = content.statuses[status]
    if sdef.spend is None:
        out = SpendProfile()
    else:
        ctx = WalkCtx(faces=hero_faces(hero), facts={"spend_window": window})
        add = avoid = prevent = halve = reflect = saved = 0.0
        for p, o in walk(sdef.spend.effects, ctx):
            add += p * o.add
            avoid += p * (1.0 if o.avoid else 0.0)
            prevent += p * o.prevent
            halve += p * o.halve
            reflect += p * o.reflect
            d = TYPICAL_HIT
            if o.avoid:
                saved += p * d
            else:
                sub = max(0, d - o.prevent)
                saved += p * (d - max(0, sub - o.halve * half_up(sub)) + o.reflect * half_up(sub))
            back = o.normal + o.undef + o.ult
            if back > 0:
                saved += p * back
        out = SpendProfile(add, saved, avoid, prevent, halve, reflect, cleanses(content, status))
    _SPEND_CACHE[key] = out
    return out


def cleanses(content: ContentDB, status: str) -> bool:
    """Spending this token takes a status off its holder (whatever the hero or window)."""
    spend = content.statuses[status].spend
    return spend is not None and any(
        fx.verb == "remove_status" and fx.get("target", "self") == "self" for fx in spend.effects
    )


def token_worth(content: ContentDB, status: str, hero: HeroDef) -> float:
    """Points one spendable token is worth to its holder (its best use, once)."""
    sdef = content.statuses[status]
    best = 0.0
    windows = sdef.spend.when if sdef.spend else ()
    for window in windows or ("",):
        prof = spend_profile(content, status, hero, window)
        best = max(best, prof.add, 0.6 * prof.saved, 2.0 if prof.cleanse else 0.0)
    return best


# ---------------------------------------------------------------- the valuation


@dataclass(frozen=True, slots=True)
class Shield:
    """The opponent's tokens against a hit: chances and amounts, and the worth of the
    tokens they would spend on it (avoiding, flat preventing, halving or sending back)."""

    p_avoid: float = 0.0
    prevent: float = 0.0
    halve: bool = False
    reflect: bool = False
    no_defense: bool = False
    avoid_used: float = 0.0
    prevent_used: float = 0.0
    halve_used: float = 0.0


class _Pair:
    """What `Env.attack_value` needs of one (me, opponent) pair, worked out once, and the
    pair's memos."""

    __slots__ = (
        "defs",
        "floor",
        "hits",
        "marked_add",
        "marked_cp",
        "mods",
        "opp_hero",
        "scale",
        "shield",
        "u0",
        "worths",
    )

    def __init__(self, env: Env, me: Fighter, opp: Fighter) -> None:
        self.u0 = env.utility(me.health, opp.health)
        self.scale = 1.0 / env.rate(me.health, opp.health)
        self.mods = env.attack_tokens(me)
        self.marked_add, self.marked_cp = env.marks(opp)
        self.shield = env.shield(opp)
        self.floor = env.last_stand(opp)
        self.opp_hero = env.hero(opp)
        self.defs = defenses(self.opp_hero, opp.levels)
        self.hits: dict[tuple, float] = {}  # _hit_value's answers, by its arguments
        self.worths: dict[tuple, float] = {}  # (status, count, gained by me) -> points


class Env:
    """Valuation of outcomes for one pair of players; `utility` maps Health to points."""

    def __init__(
        self,
        content: ContentDB,
        utility: Callable[[int, int], float] | None = None,
        params: dict | None = None,
    ):
        self.content = content
        self.params = dict(params or {})
        kill = self.params.get("kill")
        if utility is None and kill is not None:
            utility = linear_utility_with(kill)
        self.utility = utility or linear_utility
        self._shields: dict[tuple, Shield] = {}
        self._worth: dict[tuple, float] = {}  # status_worth's answers (pure in its arguments)
        self._pairs: dict[tuple, _Pair] = {}  # attack_value's per-(me, opp) inputs
        self._rows: dict[tuple, tuple] = {}  # row_value's answers

    def turn_worth(self, fighter: Fighter) -> float:
        """The typical worth of a player's Offensive Roll Phase (for Stun, Knockdown ...)."""
        return AVG_TURN

    def turns_left(self, a: Fighter, b: Fighter) -> float:
        return max(1.0, min(a.health, b.health) / AVG_TURN)

    def hero(self, fighter: Fighter) -> HeroDef:
        return self.content.heroes[fighter.hero]

    def rate(self, my_hp: int, opp_hp: int) -> float:
        """Points one Health of the opponent's is worth here (1 for the linear utility)."""
        if getattr(self.utility, "linear", False) or my_hp <= 0 or opp_hp <= 0:
            return 1.0
        u = self.utility
        slope = (u(my_hp, opp_hp - 1) - u(my_hp, opp_hp + 1)) / 2.0
        return max(0.05, slope)

    def change(self, my_hp: int, opp_hp: int, new_my: int, new_opp: int) -> float:
        """Points (in Health of the opponent's at this state) of going to new Health."""
        u = self.utility
        return (u(new_my, new_opp) - u(my_hp, opp_hp)) / self.rate(my_hp, opp_hp)

    # ------------------------------------------------------------ one attack

    def attack_value(self, branches: Branches, me: Fighter, opp: Fighter) -> float:
        """Expected points for `me` of resolving these branches as my ability against `opp`
        (their defense, Evasive and Health included)."""
        total = 0.0
        pair = self._pairs.get((me, opp))
        if pair is None:  # what depends only on the two players, once per pair
            if len(self._pairs) > 20_000:
                self._pairs.clear()
            pair = _Pair(self, me, opp)
            self._pairs[(me, opp)] = pair
        mods, marked_add, marked_cp = pair.mods, pair.marked_add, pair.marked_cp
        no_defense = not pair.defs or pair.shield.no_defense
        hits_memo, worths = pair.hits, pair.worths
        for p, o in branches:
            base = o.normal + o.undef + o.ult
            hits = base + o.add > 0
            ult_type = o.ult > 0
            bonus = 0.0
            spent = 0.0
            if hits:
                for add, need, count, worth in mods:
                    if base >= need:
                        bonus += add * count
                        spent += worth * count
                bonus += marked_add
            bonus_i = round(bonus)
            avoidable = o.normal + o.undef + (0 if ult_type else o.add + bonus_i)
            unstoppable = o.ult + (o.add + bonus_i if ult_type else 0)
            stunned_first = o.inflict.get("stun", 0) > 0 or opp.stunned
            use_defense = o.normal > 0 and not ult_type and not no_defense and not stunned_first
            guarded = avoidable >= 2 and not ult_type and not stunned_first
            key = (use_defense, guarded, avoidable, unstoppable, o.self_dmg, o.heal)
            value = hits_memo.get(key)
            if value is None:
                value = self._hit_value(pair, me, opp, *key)
                hits_memo[key] = value
            extra = o.extra + CP_WORTH * (o.cp + (marked_cp if hits else 0))
            extra += CP_WORTH * 0.8 * min(o.opp_cp, opp.cp) + CARD_WORTH * o.draw
            for status, n in o.inflict.items():
                worth = worths.get((status, n, False))
                if worth is None:
                    worth = worths[(status, n, False)] = status_worth(status, opp, me, self, n)
                extra -= worth
            for status, n in o.gain.items():
                worth = worths.get((status, n, True))
                if worth is None:
                    worth = worths[(status, n, True)] = status_worth(status, me, opp, self, n)
                extra += worth
            extra -= 0.15 * spent  # the tokens are spent
            total += p * (value + extra)
        return total

    def _hit_value(
        self,
        pair: _Pair,
        me: Fighter,
        opp: Fighter,
        use_defense: bool,
        guarded: bool,
        avoidable: int,
        unstoppable: int,
        self_dmg: int,
        heal: int,
    ) -> float:
        """The Health part of one branch of `attack_value`: the defense rolled against it
        (if any), the opponent's tokens, both Healths, statuses the defense inflicts. It reads
        nothing of the branch but its arguments, so a pair's answers are kept by them."""
        u0, scale, shield, floor = pair.u0, pair.scale, pair.shield, pair.floor
        if use_defense:
            profile = best_defense(pair.opp_hero, opp.levels, avoidable)
        else:
            profile = ((1.0, avoidable, 0, 0, ()),)
        p_avoid = shield.p_avoid if guarded else 0.0
        utility, worths = self.utility, pair.worths
        my_health, my_cap, opp_health, opp_cap = me.health, me.cap, opp.health, opp.cap
        value = 0.0
        for q, final, back, heal_b, infl in profile:
            used = 0.0  # the opponent's tokens spent on this hit: theirs to lose
            if guarded:
                used += shield.avoid_used
            if guarded and final >= 3:
                used += shield.prevent_used
                final = max(0, final - round(shield.prevent))
                if final >= 4 and (shield.halve or shield.reflect):
                    used += shield.halve_used
                    cut = half_up(final)
                    if shield.reflect:
                        back += cut
                    if shield.halve:
                        final -= cut
            my_hp = min(my_cap, my_health - self_dmg - back + heal)
            healed = max(0, my_hp - (my_health - self_dmg - back))
            hit_hp = opp_health - final - unstoppable + heal_b
            miss_hp = opp_health - unstoppable + heal_b
            if floor:
                hit_hp = hit_hp if hit_hp > 0 else floor
                miss_hp = miss_hp if miss_hp > 0 else floor
            u = (1 - p_avoid) * utility(my_hp, min(opp_cap, hit_hp))
            if p_avoid:
                u += p_avoid * utility(my_hp, min(opp_cap, miss_hp))
            side = 0.0
            for status, n in infl:  # what their defense puts on me (as attack_value's gains)
                worth = worths.get((status, n, True))
                if worth is None:
                    worth = worths[(status, n, True)] = status_worth(status, me, opp, self, n)
                side += worth
            # healing does not bring the match closer to its end: a little less than damage
            side -= (1.0 - HEAL_WEIGHT) * healed
            value += q * ((u - u0) * scale + side + used)
        return value

    # ------------------------------------------------------------ tokens around an attack

    def attack_tokens(self, me: Fighter) -> list[tuple[float, int, int, float]]:
        """My tokens that add to my Attack: [(damage added each, base damage they need,
        count, worth each)]."""
        out = []
        hero = self.hero(me)
        for status, count in me.statuses:
            sdef = self.content.statuses.get(status)
            if not count or sdef is None or sdef.spend is None:
                continue
            if "own_attack" not in sdef.spend.when:
                continue
            prof = spend_profile(self.content, status, hero, "own_attack")
            if prof.add <= 0:
                continue
            need = 0
            cond = sdef.spend.condition
            if isinstance(cond, dict) and "attack_base_at_least" in cond:
                need = cond["attack_base_at_least"]
            out.append((prof.add, need, count, token_worth(self.content, status, hero)))
        return out

    def marks(self, opp: Fighter) -> tuple[float, float]:
        """(damage added, CP the attacker gains) whenever `opp` is Attacked, from their
        tokens (Bounty, Targeted ...)."""
        add = cp = 0.0
        for status, count in opp.statuses:
            sdef = self.content.statuses.get(status)
            if not count or sdef is None:
                continue
            for trig in sdef.triggers:
                if trig.on != "attacked":
                    continue
                for fx in trig.effects:
                    amount = fx.get("amount")
                    if not isinstance(amount, int):
                        continue
                    if fx.verb == "add_damage":
                        add += amount
                    elif fx.verb == "gain_cp" and fx.get("target") == "opponent":
                        cp += amount
        return add, cp

    def last_stand(self, fighter: Fighter) -> int:
        """Health a token sets them to instead of falling (0: none)."""
        best = 0
        for status, count in fighter.statuses:
            sdef = self.content.statuses.get(status)
            if count and sdef is not None:
                best = max(best, getattr(sdef, "saves_from_defeat", 0))
        return best

    def shield(self, opp: Fighter) -> Shield:
        """What `opp`'s tokens do against avoidable damage coming their way."""
        key = (opp.hero, opp.statuses)  # the hero's faces and tokens decide it
        hit = self._shields.get(key)
        if hit is not None:
            return hit
        hero = self.hero(opp)
        miss = 1.0
        prevent = 0.0
        halve = reflect = no_defense = False
        avoid_used = prevent_used = halve_used = 0.0
        for status, count in opp.statuses:
            sdef = self.content.statuses.get(status)
            if not count or sdef is None:
                continue
            if getattr(sdef, "no_defense", False):
                no_defense = True
            for trig in sdef.triggers:
                if trig.on == "damage_landing":
                    ctx = WalkCtx(faces=hero_faces(hero), facts={"opponent_roll_phase": True})
                    ok = trig.condition is None or _condition(trig.condition, (), ctx, Out())
                    if ok:
                        p = sum(q for q, o in walk(trig.effects, ctx) if o.avoid)
                        miss *= 1.0 - p
            if sdef.spend is None:
                continue
            for window in ("incoming_damage", "attacked"):
                if window not in sdef.spend.when:
                    continue
                prof = spend_profile(self.content, status, hero, window)
                worth = token_worth(self.content, status, hero)
                if prof.p_avoid:
                    tries = min(count, 3)
                    miss *= (1.0 - prof.p_avoid) ** tries
                    avoid_used += worth * sum((1.0 - prof.p_avoid) ** k for k in range(tries))
                if prof.prevent:
                    prevent += prof.prevent * count
                    prevent_used += worth * count
                if prof.halve or prof.reflect:
                    halve = halve or prof.halve > 0
                    reflect = reflect or prof.reflect > 0
                    halve_used += worth
                break
        out = Shield(
            1.0 - miss,
            prevent,
            halve,
            reflect,
            no_defense,
            avoid_used,
            prevent_used,
            halve_used,
        )
        self._shields[key] = out
        return out

    def row_value(self, hero: HeroDef, ability: AbilityDef, index: int, me: Fighter, opp: Fighter):
        """Per-result values of one row: a float, or a tuple over ALL_FIVE when the row reads
        its dice. Nothing of `me` but the hero, Health, cap, CP, tokens and limits is read
        (the attacker's own levels are not), so a caller may pass `me` without its levels
        and share the answers between levels: they are kept by (row, me, opp)."""
        key = (id(ability), index, me, opp)
        hit = self._rows.get(key)
        if hit is not None:
            return hit[1]
        if len(self._rows) > 50_000:
            self._rows.clear()
        row = ability.rows[index]
        reads = reads_cached(row.effects)
        state = narrow_state(reads, me, opp) if reads else None
        sets, per = row_branch_sets(hero, ability, index, state)
        values = [self.attack_value(b, me, opp) for b in sets]
        value = values[0] if per is None else tuple(values[i] for i in per)
        self._rows[key] = (ability, value)  # the ability kept alive: its id stays its own
        return value


_READS: dict[int, tuple] = {}


def reads_cached(effects: Effects) -> frozenset:
    hit = _READS.get(id(effects))
    if hit is None or hit[0] is not effects:
        hit = (effects, state_reads(effects))
        _READS[id(effects)] = hit
    return hit[1]


@hero_cache
def hero_reads(hero: HeroDef) -> frozenset:
    """Every fact any of the hero's offensive rows reads (at any level)."""
    out: set = set()
    for slot in hero.slots:
        for level in slot.levels.values():
            for ability in level:
                for row in ability.rows:
                    out |= reads_cached(row.effects)
    return frozenset(out)


@hero_cache
def best_defense(hero: HeroDef, levels: tuple[tuple[str, int], ...], incoming: int):
    """The profile of the defense the defender would pick (least damage landing)."""
    best, best_score = None, None
    for ability in defenses(hero, levels):
        profile = defense_profile(hero, ability, incoming)
        score = sum(
            p * (final + back * -1 - HEAL_WEIGHT * heal) for p, final, back, heal, _ in profile
        )
        if best_score is None or score < best_score:
            best, best_score = profile, score
    return best


def linear_utility_with(kill: float) -> Callable[[int, int], float]:
    def utility(my_hp: int, opp_hp: int) -> float:
        """Health difference, plus the match itself when someone falls."""
        if opp_hp <= 0:
            return kill + max(my_hp, 0) if my_hp > 0 else 0.0
        if my_hp <= 0:
            return -kill - opp_hp
        return my_hp - opp_hp

    utility.linear = True  # type: ignore[attr-defined]
    return utility


linear_utility = linear_utility_with(KILL)
