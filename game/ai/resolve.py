"""Effect lists resolved over distributions, as the computer players' model reads them.

An effect list is resolved the way the engine would, but over *distributions*: dice an effect
rolls are enumerated exactly (as multisets with their probabilities), roll-offs use their
exact odds, a choice takes the chooser's best option. `walk` returns a short list of branches
(probability, `Out`), each saying what that branch did from the resolving player's side;
`game.ai.model` then values them against an opponent. The point constants live here too (one
point is about one Health of difference in an even race).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.ai.dice_solver import outcomes
from game.content.defs import Effects, Fx

# ---------------------------------------------------------------- constants (points)

CP_WORTH = 1.0  # one CP
CARD_WORTH = 1.3  # one card in hand
BONUS_FACE_GUESS = 2  # a Bonus Damage token's number when its face is not known (+1 to +3)
KILL = 40.0  # winning the match (on top of the Health it takes)
AVG_TURN = 7.0  # a typical Offensive Roll Phase's damage (refined per matchup)
HEAL_WEIGHT = 0.85  # one point of healing, compared with one point of damage

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


# ---------------------------------------------------------------- what a list reads of its dice

_FULL = (("full", None),)  # reads the dice some way a key cannot sum up: keyed by the dice


def _amount_reads(value, out: set) -> None:
    if not isinstance(value, dict):
        return
    if "max" in value:
        _amount_reads({k: v for k, v in value.items() if k != "max"}, out)
        return
    if "own_tokens_sum" in value or "own_cp" in value or "own_tokens" in value:
        return  # the player's tokens or CP (state facts), never the dice
    if "per_symbol" in value:
        out.add(("symbol", value["per_symbol"]))
    elif "per_value" in value:
        out.add(("values", frozenset(value["per_value"])))
    elif "sum" in value or "half_sum" in value:
        out.add(("sum", None))


def _condition_dice_reads(cond: dict, out: set) -> None:
    ((key, arg),) = cond.items()
    if key == "not":
        _condition_dice_reads(arg, out)
    elif key == "rolled_symbol":
        out.add(("symbol", arg))
    elif key == "rolled_values":
        out.add(("values", frozenset(arg)))
    elif key == "rolled_of_a_kind":
        out.add(("of_a_kind", None))
    elif key.startswith("rolled"):
        out.add(_FULL[0])


def _scan_dice_reads(effects: Effects, out: set) -> None:
    for fx in effects:
        verb = fx.verb
        if verb == "roll":
            continue  # its effects read the dice it rolls
        _amount_reads(fx.get("amount"), out)
        _amount_reads(fx.get("count"), out)
        if verb == "on":
            if "symbol" in fx:
                out.add(("symbol", fx["symbol"]))
            else:
                out.add(("values", frozenset(fx["values"])))
        elif verb == "roll_off" and fx.get("use_defense_die"):
            out.add(_FULL[0])
        elif verb == "if":
            _condition_dice_reads(fx["condition"], out)
        for key in ("effects", "else", "win", "lose"):
            if key in fx:
                _scan_dice_reads(fx[key], out)
        if verb == "choose_one":
            for opt in fx["options"]:
                if "if" in opt:
                    _condition_dice_reads(opt["if"], out)
                _scan_dice_reads(opt["effects"], out)


_DICE_READS: dict[int, tuple] = {}


def dice_reads(effects: Effects) -> tuple:
    """What `walk` can read of the dice that activated an effect list (outside rolls of its
    own): (kind, argument) pairs, kind one of "symbol" (how many dice show it), "values" (how
    many show one of them), "sum", "of_a_kind" (the most dice showing one number) or "full"
    (read some other way). Empty: the list resolves the same whatever the dice."""
    hit = _DICE_READS.get(id(effects))
    if hit is None or hit[0] is not effects:
        found: set = set()
        _scan_dice_reads(effects, found)
        reads = _FULL if _FULL[0] in found else tuple(sorted(found, key=repr))
        hit = _DICE_READS[id(effects)] = (effects, reads)
    return hit[1]


def dice_key(reads: tuple, faces: tuple[str, ...], rolled: Sequence[int]) -> tuple:
    """The dice as far as an effect list with these `dice_reads` can tell: two results with
    the same key resolve the same (the same branches, in the same order)."""
    if reads is _FULL:
        return (0, *rolled)
    key = [len(rolled)]
    for kind, arg in reads:
        if kind == "symbol":
            key.append(sum(1 for v in rolled if faces[v - 1] == arg))
        elif kind == "values":
            key.append(sum(1 for v in rolled if v in arg))
        elif kind == "sum":
            key.append(sum(rolled))
        else:  # of_a_kind
            key.append(max(rolled.count(v) for v in set(rolled)) if rolled else 0)
    return tuple(key)


_GROUPS: dict[tuple, tuple] = {}


def roll_groups(reads: tuple, faces: tuple[str, ...], count: int) -> tuple:
    """For the results of rolling `count` dice (in `outcomes` order), which ones an effect
    list with these `dice_reads` cannot tell apart: (the group of each result, one result
    of each group). Worked out once per (reads, faces, count)."""
    key = (reads, faces, count)
    hit = _GROUPS.get(key)
    if hit is None:
        index: dict[tuple, int] = {}
        group: list[int] = []
        firsts: list = []
        for dice, _p in outcomes(count):
            seen = dice_key(reads, faces, dice)
            if seen not in index:
                index[seen] = len(firsts)
                firsts.append(dice)
            group.append(index[seen])
        hit = _GROUPS[key] = (tuple(group), tuple(firsts))
    return hit


def walk_rolls(effects: Effects, ctx: WalkCtx, count: int, start: Out | None = None) -> list:
    """`walk` on every result of rolling `count` dice: [(probability, branches)], the
    results in `outcomes` order. Results the list cannot tell apart (`roll_groups`) share
    one walk (the same branch list)."""
    group, firsts = roll_groups(dice_reads(effects), ctx.faces, count)
    walked = [walk(effects, ctx, dice, start) for dice in firsts]
    return [(p, walked[g]) for (_dice, p), g in zip(outcomes(count), group, strict=True)]


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
        for p, walked in walk_rolls(fx["effects"], ctx, fx["count"], out):
            for q, res in walked:
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
