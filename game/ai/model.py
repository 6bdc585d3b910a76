"""What abilities, defenses, tokens and cards are worth against one particular opponent.

The computer players value everything in "points", where one point is about one Health of
difference in an even race. The model resolves an effect list the way the engine would, but
over *distributions*: dice an effect rolls are enumerated exactly (as multisets with their
probabilities), roll-offs use their exact odds, a choice takes the chooser's best option.
The result is a short list of branches (probability, `Out`) that the valuation then plays
against the defender: their Defensive Ability (enumerated over its dice), their Evasive
tokens, their Health (damage past zero is worth nothing; a kill is worth a lot), then the
tokens, CP and cards each side gains or loses.

Everything here reads content definitions and a plain `Fighter` record; nothing touches an
engine, so results are cached freely.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.ai.dice_solver import ALL_FIVE, outcomes
from game.content.defs import AbilityDef, ContentDB, Effects, Fx, HeroDef
from game.rules.dice import meets_each

# ---------------------------------------------------------------- constants (points)

CP_WORTH = 1.0  # one CP
CARD_WORTH = 1.3  # one card in hand
BONUS_FACE_GUESS = 2  # a Bonus Damage token's number when its face is not known (+1 to +3)
KILL = 40.0  # winning the match (on top of the Health it takes)
AVG_TURN = 7.0  # a typical Offensive Roll Phase's damage (refined per matchup)
HEAL_WEIGHT = 0.85  # one point of healing, compared with one point of damage


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


# ---------------------------------------------------------------- resolved outcomes


class Out:
    """What one branch of a resolution did, seen from the player resolving it ("me")."""

    __slots__ = (
        "add",
        "avoid",
        "cp",
        "draw",
        "extra",
        "gain",
        "halve",
        "heal",
        "inflict",
        "normal",
        "opp_cp",
        "prevent",
        "reflect",
        "self_dmg",
        "ult",
        "undef",
        "vars",
    )

    def __init__(self) -> None:
        self.normal = 0  # damage to the opponent that a Defensive Ability can answer
        self.undef = 0  # avoidable, not defendable (undefendable, pure)
        self.ult = 0  # Ultimate damage: nothing stops it
        self.add = 0  # Attack Modifier points added to the Attack
        self.self_dmg = 0
        self.heal = 0
        self.inflict: dict[str, int] = {}  # on the opponent
        self.gain: dict[str, int] = {}  # on me
        self.cp = 0
        self.opp_cp = 0  # CP the opponent loses
        self.draw = 0
        self.prevent = 0  # incoming damage I prevent (defense, cards)
        self.halve = 0
        self.reflect = 0
        self.avoid = False
        self.extra = 0.0  # points that fit nowhere else
        self.vars: dict[str, int] = {}

    def copy(self) -> Out:
        out = Out.__new__(Out)  # every field set below (the hot path of `walk`)
        out.add = self.add
        out.avoid = self.avoid
        out.cp = self.cp
        out.draw = self.draw
        out.extra = self.extra
        out.gain = dict(self.gain)
        out.halve = self.halve
        out.heal = self.heal
        out.inflict = dict(self.inflict)
        out.normal = self.normal
        out.opp_cp = self.opp_cp
        out.prevent = self.prevent
        out.reflect = self.reflect
        out.self_dmg = self.self_dmg
        out.ult = self.ult
        out.undef = self.undef
        out.vars = dict(self.vars)
        return out

    def key(self) -> tuple:
        """Every field in __slots__ order, dicts as sorted item tuples."""
        return (
            self.add,
            self.avoid,
            self.cp,
            self.draw,
            self.extra,
            tuple(sorted(self.gain.items())),
            self.halve,
            self.heal,
            tuple(sorted(self.inflict.items())),
            self.normal,
            self.opp_cp,
            self.prevent,
            self.reflect,
            self.self_dmg,
            self.ult,
            self.undef,
            tuple(sorted(self.vars.items())),
        )

    @property
    def damage(self) -> int:
        return self.normal + self.undef + self.ult + self.add


Branches = list[tuple[float, Out]]


def _merge(branches: Branches) -> Branches:
    seen: dict[tuple, list] = {}
    for p, out in branches:
        if p <= 0:
            continue
        k = out.key()
        if k in seen:
            seen[k][0] += p
        else:
            seen[k] = [p, out]
    return [(p, out) for p, out in seen.values()]


@dataclass(slots=True)
class WalkCtx:
    faces: tuple[str, ...]  # the resolving hero's die symbols (values 1..6)
    dtype: str = "normal"  # the type of plain damage (an ability's damage type)
    facts: dict = field(default_factory=dict)  # cp, my_statuses, opp_statuses
    incoming: int = 0  # for defenses: the avoidable damage heading for me
    chooser: Callable[[list[Branches]], int] | None = None


def half_up(value: int) -> int:
    return -(-value // 2)


def _amount(value, rolled: Sequence[int], faces: tuple[str, ...], out: Out) -> int:
    if isinstance(value, int):
        return value
    times = value.get("times", 1)
    if "per_symbol" in value:
        return times * sum(1 for v in rolled if faces[v - 1] == value["per_symbol"])
    if "per_value" in value:
        wanted = set(value["per_value"])
        return times * sum(1 for v in rolled if v in wanted)
    if "sum" in value:
        return times * sum(rolled)
    if "half_sum" in value:
        return times * half_up(sum(rolled))
    if "var" in value:
        return times * out.vars.get(value["var"], 0)
    return 0


def _amount_in(value, rolled: Sequence[int], ctx: WalkCtx, out: Out) -> int:
    if isinstance(value, dict):
        if "max" in value:  # capped amounts (Old Growth, Sap Surge, Barbed Vine)
            rest = {k: v for k, v in value.items() if k != "max"}
            return min(value["max"], _amount_in(rest, rolled, ctx, out))
        if "own_tokens_sum" in value:  # the Treant's Spirits
            mine = dict(ctx.facts.get("my_counts", ()))
            return value.get("times", 1) * sum(mine.get(s, 0) for s in value["own_tokens_sum"])
        if "own_cp" in value:
            return value.get("times", 1) * ctx.facts.get("cp", 0)
        if "own_tokens" in value:
            mine = dict(ctx.facts.get("my_counts", ()))
            return value.get("times", 1) * mine.get(value["own_tokens"], 0)
    return _amount(value, rolled, ctx.faces, out)


def _condition(cond: dict, rolled: Sequence[int], ctx: WalkCtx, out: Out) -> bool:
    ((key, arg),) = cond.items()
    facts = ctx.facts
    if key == "cp_at_least":
        return facts.get("cp", 0) >= arg
    if key == "self_status_at_least":
        return dict(facts.get("my_counts", ())).get(arg["status"], 0) >= arg["count"]
    if key == "self_has_flag":
        return arg in facts.get("flags", ())
    if key == "activated":
        return arg in ("any", facts.get("activated", "offensive"))
    if key == "activated_ability":
        return facts.get("ability") == arg
    if key == "opponent_roll_phase":
        return bool(facts.get("opponent_roll_phase", False)) == bool(arg)
    if key == "defense_rolled":
        return bool(facts.get("defense_rolled", False)) == bool(arg)
    if key == "attack_base_at_least":
        return facts.get("attack_base", out.damage) >= arg
    if key == "spend_window":
        return facts.get("spend_window") == arg
    if key == "var_at_least":
        return out.vars.get(arg["name"], 0) >= arg["value"]
    if key == "dealt_at_least":
        return out.damage >= arg
    if key == "target_has_status":
        return arg in facts.get("opp_statuses", ())
    if key == "self_has_status":
        return arg in facts.get("my_statuses", ())
    if key == "rolled_symbol":
        return any(ctx.faces[v - 1] == arg for v in rolled)
    if key == "rolled_values":
        return any(v in arg for v in rolled)
    if key == "rolled_of_a_kind":
        return any(rolled.count(v) >= arg for v in set(rolled))
    if key == "not":
        return not _condition(arg, rolled, ctx, out)
    if key == "companion_active":  # Nyra: assumed on her feet unless the facts say otherwise
        return arg not in facts.get("companions_down", ())
    return False


def _add_count(bucket: dict[str, int], status: str, count: int) -> None:
    bucket[status] = bucket.get(status, 0) + count


def walk(effects: Effects, ctx: WalkCtx, rolled: Sequence[int] = (), start: Out | None = None):
    """Resolve an effect list over distributions: a list of (probability, Out)."""
    states: Branches = [(1.0, start.copy() if start else Out())]
    for fx in effects:
        nxt: Branches = []
        for p, out in states:
            for q, res in _step(fx, ctx, rolled, out):
                nxt.append((p * q, res))
        states = _merge(nxt) if len(nxt) > 1 else nxt
    return states


def _step(fx: Fx, ctx: WalkCtx, rolled: Sequence[int], out: Out) -> Branches:
    verb = fx.verb
    if verb == "roll":
        branches: Branches = []
        for dice, p in outcomes(fx["count"]):
            for q, res in walk(fx["effects"], ctx, dice, out):
                branches.append((p * q, res))
        return _merge(branches)
    if verb == "roll_off":
        if fx.get("use_defense_die") and len(rolled) == 1:
            mine = rolled[0]
            if fx["ties"] == "self":
                p_win = sum(1 for t in range(1, 7) if mine >= t) / 6.0
            else:
                p_win = sum(1 for t in range(1, 7) if mine > t) / 6.0
        else:
            p_win = 21 / 36 if fx["ties"] == "self" else 15 / 36
        win = [(p_win * q, r) for q, r in walk(fx["win"], ctx, rolled, out)]
        lose = [(-(p_win - 1) * q, r) for q, r in walk(fx["lose"], ctx, rolled, out)]
        return _merge(win + lose)
    if verb == "choose_one":
        options = [
            walk(opt["effects"], ctx, rolled, out)
            for opt in fx["options"]
            if "if" not in opt or _condition(opt["if"], rolled, ctx, out)
        ]
        if not options:
            return [(1.0, out)]
        pick = ctx.chooser(options) if ctx.chooser else _default_pick(options)
        return options[pick]
    if verb == "if":
        if _condition(fx["condition"], rolled, ctx, out):
            return walk(fx["effects"], ctx, rolled, out)
        if "else" in fx:
            return walk(fx["else"], ctx, rolled, out)
        return [(1.0, out)]
    if verb == "on":
        if "symbol" in fx:
            shown = sum(1 for v in rolled if ctx.faces[v - 1] == fx["symbol"])
        else:
            shown = sum(1 for v in rolled if v in fx["values"])
        hit = shown >= max(1, fx.get("count", 1))
        return walk(fx["effects"], ctx, rolled, out) if hit else [(1.0, out)]
    if verb in ("additionally", "after_damage"):
        return walk(fx["effects"], ctx, rolled, out)
    out = out.copy()
    target = fx.get("target")
    if verb == "deal_damage":
        value = _amount_in(fx["amount"], rolled, ctx, out)
        if target == "self":
            out.self_dmg += value
        else:
            dtype = fx.get("type", ctx.dtype)
            if target == "all_opponents":
                value = value  # a duel: the one opponent
            if dtype == "ultimate":
                out.ult += value
            elif dtype in ("undefendable", "pure"):
                out.undef += value
            elif dtype in ("collateral", "none"):
                out.extra += 0.8 * value
            else:
                out.normal += value
    elif verb == "bonus_damage_face":  # Adventures: the number on the token spent (+1 to +3)
        out.vars[fx["var"]] = out.vars.get(fx["var"], 0) + BONUS_FACE_GUESS
    elif verb == "add_damage":
        value = _amount_in(fx["amount"], rolled, ctx, out)
        out.add += value
        record = fx.get("record")
        if record:
            out.vars[record] = out.vars.get(record, 0) + value
    elif verb == "heal":
        value = _amount_in(fx["amount"], rolled, ctx, out)
        if target in (None, "self"):
            out.heal += value
        else:
            out.extra -= HEAL_WEIGHT * value
    elif verb == "inflict_status":
        count = _amount_in(fx.get("count", 1), rolled, ctx, out)
        if target == "self":
            _add_count(out.gain, fx["status"], count)
        else:
            _add_count(out.inflict, fx["status"], count)
    elif verb == "gain_status":
        _add_count(out.gain, fx["status"], _amount_in(fx.get("count", 1), rolled, ctx, out))
    elif verb == "remove_status":
        spec = fx["status"]
        if target == "self" and spec in ("any_negative", "all"):
            out.extra += 2.0 if ctx.facts.get("my_negative") else 0.0
    elif verb in ("gain_cp", "steal_cp"):
        value = _amount_in(fx["amount"], rolled, ctx, out)
        if target == "opponent":
            out.extra -= CP_WORTH * value
        else:
            out.cp += value
        if verb == "steal_cp":
            out.opp_cp += value
    elif verb == "lose_cp":
        value = _amount_in(fx["amount"], rolled, ctx, out)
        if target in (None, "self"):
            out.cp -= value
        else:
            out.opp_cp += value
    elif verb == "steal_health":
        value = _amount_in(fx["amount"], rolled, ctx, out)
        out.ult += value  # nothing prevents it
        out.heal += value
    elif verb == "draw":
        out.draw += _amount_in(fx["count"], rolled, ctx, out)
    elif verb == "discard":
        out.extra += CARD_WORTH * fx["count"]
    elif verb == "prevent_damage":
        if fx.get("half"):
            out.halve += 1
        else:
            out.prevent += _amount_in(fx.get("amount", 0), rolled, ctx, out)
    elif verb == "reduce_attack":
        out.prevent += _amount_in(fx["amount"], rolled, ctx, out)
    elif verb == "reflect_damage":
        out.reflect += 1
    elif verb == "avoid_damage":
        out.avoid = True
    elif verb == "make_undefendable":
        out.undef += out.normal
        out.normal = 0
    elif verb == "extra_offensive_roll":
        out.extra += AVG_TURN
    elif verb == "extra_roll_attempts":
        out.extra += 1.0
    elif verb == "skip_phase":
        if target in (None, "self"):
            out.extra -= AVG_TURN if fx["phase"] == "offensive_roll" else CP_WORTH + CARD_WORTH
    elif verb == "raise_stack_limit":
        out.extra += 0.5
    elif verb in ("fail_offensive_roll", "lose_roll_attempts"):
        out.extra -= 2.0  # on the one resolving it: its own attack fails or shrinks
    # then, grant_flag, skip_phase, remove_self, transfer_status, alter_dice: no direct worth
    return [(1.0, out)]


def _default_pick(options: list[Branches]) -> int:
    def score(branches: Branches) -> float:
        return sum(
            p * (o.damage + HEAL_WEIGHT * o.heal + o.prevent + 3 * o.halve - o.self_dmg)
            for p, o in branches
        )

    scores = [score(b) for b in options]
    return scores.index(max(scores))


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
def satisfied_table(hero: HeroDef, levels: tuple[tuple[str, int], ...]):
    """For each of the 252 results, the indices (into offense_rows) of the rows it meets."""
    rows = offense_rows(hero, levels)
    tables = [requirement_table(hero, row.requirement) for _a, _r, row in rows]
    return tuple(
        tuple(i for i, table in enumerate(tables) if table[j]) for j in range(len(ALL_FIVE))
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


@hero_cache
def row_branch_sets(hero: HeroDef, ability: AbilityDef, index: int, state: tuple | None = None):
    """(distinct branch lists, per-result index into them) for one ability row.

    Most rows resolve the same whatever dice met them (one set); rows that read their dice
    (e.g. 'if four dice show the same number') get one set per distinct outcome. `state`
    (see `state_key`) is given for rows that read the player's CP or tokens."""
    row = ability.rows[index]
    ctx = WalkCtx(faces=hero_faces(hero), dtype=ability.damage_type, facts=facts_of(state, ability))
    if not _uses_rolled(row.effects):
        return (walk(row.effects, ctx),), None
    sets: list[Branches] = []
    keys: dict[tuple, int] = {}
    per: list[int] = []
    for s in ALL_FIVE:
        branches = walk(row.effects, ctx, s)
        k = tuple(sorted((round(p, 12), o.key()) for p, o in branches))
        if k not in keys:
            keys[k] = len(sets)
            sets.append(branches)
        per.append(keys[k])
    return tuple(sets), tuple(per)


# ---------------------------------------------------------------- defenses


@hero_cache
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

    fixed = _defense_walks(hero, ability)
    if fixed is None:
        ctx = WalkCtx(faces=faces, dtype="normal", incoming=incoming, chooser=chooser)
        walks = [
            (p, walk(ability.effects, ctx, dice)) for dice, p in outcomes(ability.defense_dice)
        ]
    else:
        walks = fixed
    acc: dict[tuple, float] = {}
    for p, branches in walks:
        for q, o in branches:
            sub = incoming - o.prevent
            base = max(sub, 0)
            final = max(0, sub - o.halve * half_up(base))
            back = o.damage + o.reflect * half_up(base)
            key = (final, back, o.heal, tuple(sorted(o.inflict.items())))
            acc[key] = acc.get(key, 0.0) + p * q
    return tuple((p, *k) for k, p in acc.items())


def _has_choice(effects: Effects) -> bool:
    for fx in effects:
        if fx.verb == "choose_one":
            return True
        for key in ("effects", "else", "win", "lose"):
            if key in fx and _has_choice(fx[key]):
                return True
    return False


@hero_cache
def _defense_walks(hero: HeroDef, ability: AbilityDef):
    """The defense resolved on every result of its dice, when that does not depend on the
    damage coming (no choice to make): [(probability, branches)], else None."""
    if _has_choice(ability.effects):
        return None
    ctx = WalkCtx(faces=hero_faces(hero), dtype="normal")
    return [(p, walk(ability.effects, ctx, dice)) for dice, p in outcomes(ability.defense_dice)]


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
        cleanse = False
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
        cleanse = any(
            fx.verb == "remove_status" and fx.get("target", "self") == "self"
            for fx in sdef.spend.effects
        )
        out = SpendProfile(add, saved, avoid, prevent, halve, reflect, cleanse)
    _SPEND_CACHE[key] = out
    return out


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
        self._pairs: dict[tuple, tuple] = {}  # attack_value's per-(me, opp) inputs

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
            opp_hero = self.hero(opp)
            pair = (
                self.utility(me.health, opp.health),
                1.0 / self.rate(me.health, opp.health),
                self.attack_tokens(me),
                self.marks(opp),
                self.shield(opp),
                self.last_stand(opp),
                opp_hero,
                defenses(opp_hero, opp.levels),
            )
            self._pairs[(me, opp)] = pair
        u0, scale, mods, (marked_add, marked_cp), shield, floor, opp_hero, defs = pair
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
            defended = o.normal > 0 and not ult_type and defs and not shield.no_defense
            if defended and not stunned_first:
                profile = best_defense(opp_hero, opp.levels, avoidable)
            else:
                profile = ((1.0, avoidable, 0, 0, ()),)
            guarded = avoidable >= 2 and not ult_type and not stunned_first
            p_avoid = shield.p_avoid if guarded else 0.0
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
                my_hp = min(me.cap, me.health - o.self_dmg - back + o.heal)
                healed = max(0, my_hp - (me.health - o.self_dmg - back))
                hit_hp = opp.health - final - unstoppable + heal_b
                miss_hp = opp.health - unstoppable + heal_b
                if floor:
                    hit_hp = hit_hp if hit_hp > 0 else floor
                    miss_hp = miss_hp if miss_hp > 0 else floor
                u = (1 - p_avoid) * self.utility(my_hp, min(opp.cap, hit_hp))
                if p_avoid:
                    u += p_avoid * self.utility(my_hp, min(opp.cap, miss_hp))
                side = 0.0
                for status, n in infl:
                    side += status_worth(status, me, opp, self, n)
                # healing does not bring the match closer to its end: a little less than damage
                side -= (1.0 - HEAL_WEIGHT) * healed
                value += q * ((u - u0) * scale + side + used)
            extra = o.extra + CP_WORTH * (o.cp + (marked_cp if hits else 0))
            extra += CP_WORTH * 0.8 * min(o.opp_cp, opp.cp) + CARD_WORTH * o.draw
            for status, n in o.inflict.items():
                extra -= status_worth(status, opp, me, self, n)
            for status, n in o.gain.items():
                extra += status_worth(status, me, opp, self, n)
            extra -= 0.15 * spent  # the tokens are spent
            total += p * (value + extra)
        return total

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
        its dice."""
        row = ability.rows[index]
        reads = reads_cached(row.effects)
        state = narrow_state(reads, me, opp) if reads else None
        sets, per = row_branch_sets(hero, ability, index, state)
        values = [self.attack_value(b, me, opp) for b in sets]
        if per is None:
            return values[0]
        return tuple(values[i] for i in per)


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
