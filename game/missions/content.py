"""Missions content: enemy dice, statuses, Henchmen, threats, bosses, missions, Boost Tiles,
Momentum cards, Allies and the Perk sheet layout (JSON under game/content/data/missions/).

Every file is validated when loaded; a mistake raises `ContentError` naming the file and the
field path (the same error the hero loader uses), e.g.
``missions/enemies.json: henchmen[2].attack.reach: expected one of melee, range, got 'far'``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.content.bounded import BoundsError, loads_json
from game.content.defs import Requirement
from game.content.reader import ContentError, _join, _Reader
from game.missions.content_defs import (
    BONUS_KINDS,
    BOOST_KINDS,
    CLOCK_VERBS,
    DAMAGE_TYPES,
    MYSTERY_PLAIN,
    MYSTERY_VERBS,
    OBJECTIVES,
    PERFECT_KINDS,
    SETUP_VERBS,
    SYMBOLS,
    VERBS,
    AllyDef,
    AllyPower,
    BoostTileDef,
    BossAttack,
    BossDef,
    CrisisAbility,
    CrisisRoll,
    EnemyDie,
    HenchmanDef,
    MissionDef,
    MissionsDB,
    MomentumAction,
    MysteryTileDef,
    PerkDef,
    SideDef,
    StatusInfo,
    Strike,
    ThreatDef,
)
from game.paths import content_dir

# ---------------------------------------------------------------- helpers


def _int(r: _Reader, obj: dict, key: str, path: str, lo: int = 0, hi: int = 999, **kw) -> int:
    value = r.field(obj, key, path, int, **kw)
    if not lo <= value <= hi:
        raise r.fail(_join(path, key), f"expected {lo}..{hi}, got {value}")
    return value


def _choice(r: _Reader, obj: dict, key: str, path: str, allowed, **kw) -> str:
    value = r.field(obj, key, path, str, **kw)
    if value not in allowed:
        raise r.fail(_join(path, key), f"expected one of {', '.join(allowed)}, got '{value}'")
    return value


def _list(r: _Reader, obj: dict, key: str, path: str, **kw) -> list:
    return r.field(obj, key, path, list, **kw)


def _objective(r: _Reader, value: Any, path: str) -> tuple[tuple[str, int], ...]:
    obj = r.obj(value, path)
    if not obj:
        raise r.fail(path, "an objective needs at least one symbol")
    out = []
    for sym, count in sorted(obj.items()):
        if sym not in SYMBOLS:
            raise r.fail(
                _join(path, sym), f"unknown enemy die symbol (known: {', '.join(SYMBOLS)})"
            )
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 9:
            raise r.fail(_join(path, sym), "expected a count 1..9")
        out.append((sym, count))
    return tuple(out)


class _Checks:
    """Status references are checked after every file is read."""

    def __init__(self) -> None:
        self.status_refs: list[tuple[_Reader, str, str]] = []
        self.enemy_refs: list[tuple[_Reader, str, str, str]] = []  # (r, path, id, kind)

    def status(self, r: _Reader, path: str, sid: Any) -> str:
        if not isinstance(sid, str):
            raise r.fail(path, "expected a status id")
        self.status_refs.append((r, path, sid))
        return sid


def _effects(r: _Reader, value: Any, path: str, checks: _Checks) -> tuple[dict, ...]:
    if not isinstance(value, list):
        raise r.fail(path, f"expected a list of effects, got {type(value).__name__}")
    out = []
    for i, raw in enumerate(value):
        p = _join(path, i)
        eff = r.obj(raw, p)
        verb = r.field(eff, "do", p, str)
        if verb not in VERBS:
            raise r.fail(_join(p, "do"), f"unknown verb '{verb}' (known: {', '.join(VERBS)})")
        need, opt = VERBS[verb]
        r.only(eff, p, {"do", *need, *opt})
        for key in need:
            if key == "status":
                checks.status(r, _join(p, key), r.field(eff, key, p, str))
            elif key == "amount":
                _int(r, eff, key, p, 0, 30)
            elif key == "count":
                _int(r, eff, key, p, 0, 10)
        if "type" in eff:
            _choice(r, eff, "type", p, DAMAGE_TYPES)
        if verb == "remove_status" and eff["status"] in ("any_negative", "any"):
            checks.status_refs.pop()
        out.append(dict(eff))
    return tuple(out)


def _status_list(r: _Reader, value: Any, path: str, checks: _Checks) -> tuple[tuple[str, int], ...]:
    out = []
    for i, raw in enumerate(value):
        p = _join(path, i)
        obj = r.obj(raw, p)
        r.only(obj, p, {"status", "count"})
        sid = checks.status(r, _join(p, "status"), r.field(obj, "status", p, str))
        out.append((sid, _int(r, obj, "count", p, 1, 5, default=1)))
    return tuple(out)


def _crisis(r: _Reader, value: Any, path: str, checks: _Checks) -> CrisisAbility:
    obj = r.obj(value, path)
    r.only(obj, path, {"name", "damage", "type", "melee_only", "heal", "gain", "roll"})
    gain = _status_list(
        r, r.field(obj, "gain", path, list, default=[]), _join(path, "gain"), checks
    )
    roll = None
    if "roll" in obj:
        rp = _join(path, "roll")
        ro = r.obj(obj["roll"], rp)
        r.only(ro, rp, {"dice", "objective", "damage", "statuses", "gain"})
        roll = CrisisRoll(
            dice=_int(r, ro, "dice", rp, 1, 4, default=2),
            objective=_objective(r, r.field(ro, "objective", rp, dict), _join(rp, "objective")),
            damage=_int(r, ro, "damage", rp, 0, 20, default=0),
            statuses=_status_list(
                r, r.field(ro, "statuses", rp, list, default=[]), _join(rp, "statuses"), checks
            ),
            gain=_status_list(
                r, r.field(ro, "gain", rp, list, default=[]), _join(rp, "gain"), checks
            ),
        )
    return CrisisAbility(
        name=r.text(obj, "name", path),
        damage=_int(r, obj, "damage", path, 0, 20, default=0),
        dtype=_choice(r, obj, "type", path, DAMAGE_TYPES, default="collateral"),
        melee_only=r.field(obj, "melee_only", path, bool, default=False),
        heal=_int(r, obj, "heal", path, 0, 20, default=0),
        gain=gain,
        roll=roll,
    )


# ---------------------------------------------------------------- files


def _load_statuses(r: _Reader, raw: Any, db: MissionsDB) -> None:
    root = r.obj(raw, "")
    for i, item in enumerate(_list(r, root, "statuses", "")):
        p = _join("statuses", i)
        obj = r.obj(item, p)
        allowed = {"id", "name", "kind", "stack_limit", "text", "persistent", "removable"}
        r.only(obj, p, allowed | {"transferable", "enemy_ai"})
        info = StatusInfo(
            id=r.ident(obj, "id", p),
            name=r.text(obj, "name", p),
            kind=_choice(r, obj, "kind", p, ("positive", "negative", "unique")),
            stack_limit=_int(r, obj, "stack_limit", p, 1, 9),
            text=r.text(obj, "text", p),
            persistent=r.field(obj, "persistent", p, bool, default=False),
            removable=r.field(obj, "removable", p, bool, default=True),
            transferable=r.field(obj, "transferable", p, bool, default=True),
            enemy_ai=r.field(obj, "enemy_ai", p, str, default=""),
        )
        if info.id in db.statuses:
            raise r.fail(_join(p, "id"), f"status '{info.id}' is defined twice")
        db.statuses[info.id] = info


def _load_dice(r: _Reader, raw: Any, db: MissionsDB) -> None:
    root = r.obj(raw, "")
    r.only(root, "", {"symbols", "red", "black"})
    symbols = r.obj(r.field(root, "symbols", "", dict), "symbols")
    for sym in symbols:
        if sym not in SYMBOLS:
            raise r.fail(_join("symbols", sym), "unknown enemy die symbol")
    db.symbols = dict(symbols)
    for color in ("red", "black"):
        die = r.obj(r.field(root, color, "", dict), color)
        faces = _list(r, die, "faces", color)
        if len(faces) != 6:
            raise r.fail(_join(color, "faces"), f"a die has 6 faces, got {len(faces)}")
        out = []
        for i, face in enumerate(faces):
            p = _join(_join(color, "faces"), i)
            f = r.obj(face, p)
            if _int(r, f, "value", p, 1, 6) != i + 1:
                raise r.fail(_join(p, "value"), f"faces are listed 1..6; expected {i + 1}")
            out.append(_choice(r, f, "symbol", p, SYMBOLS))
        db.dice[color] = EnemyDie(color, tuple(out), r.text(die, "text", color))


def _strike(r: _Reader, value: Any, path: str, checks: _Checks) -> Strike:
    obj = r.obj(value, path)
    r.only(obj, path, {"name", "reach", "multi_strike", "damage", "type", "statuses", "gain"})
    gains = []
    for i, raw in enumerate(r.field(obj, "gain", path, list, default=[])):
        p = _join(_join(path, "gain"), i)
        g = r.obj(raw, p)
        r.only(g, p, {"status", "count", "on"})
        sid = checks.status(r, _join(p, "status"), r.field(g, "status", p, str))
        gains.append(
            (
                sid,
                _int(r, g, "count", p, 1, 5, default=1),
                _choice(r, g, "on", p, ("self", "target"), default="self"),
            )
        )
    return Strike(
        name=r.text(obj, "name", path),
        reach=_choice(r, obj, "reach", path, ("melee", "range")),
        multi_strike=r.field(obj, "multi_strike", path, bool, default=True),
        damage=_int(r, obj, "damage", path, 0, 20),
        dtype=_choice(r, obj, "type", path, DAMAGE_TYPES, default="normal"),
        statuses=_status_list(
            r, r.field(obj, "statuses", path, list, default=[]), _join(path, "statuses"), checks
        ),
        gain=tuple(gains),
    )


def _hit(r: _Reader, obj: dict, key: str, path: str) -> tuple[int, str] | None:
    if key not in obj:
        return None
    p = _join(path, key)
    h = r.obj(obj[key], p)
    r.only(h, p, {"damage", "type"})
    return (
        _int(r, h, "damage", p, 0, 30),
        _choice(r, h, "type", p, DAMAGE_TYPES, default="normal"),
    )


def _load_enemies(r: _Reader, raw: Any, db: MissionsDB, checks: _Checks) -> None:
    root = r.obj(raw, "")
    r.only(root, "", {"henchmen", "threats", "bosses"})
    for i, item in enumerate(_list(r, root, "henchmen", "")):
        p = _join("henchmen", i)
        obj = r.obj(item, p)
        r.only(
            obj,
            p,
            {
                "id",
                "name",
                "icon",
                "health",
                "shields",
                "objective",
                "attack",
                "crisis",
                "text",
                "size",
            },
        )
        h = HenchmanDef(
            id=r.ident(obj, "id", p),
            name=r.text(obj, "name", p),
            icon=_choice(r, obj, "icon", p, ("green", "blue", "magenta")),
            health=_int(r, obj, "health", p, 1, 40),
            shields=_int(r, obj, "shields", p, 0, 5),
            objective=_objective(r, r.field(obj, "objective", p, dict), _join(p, "objective")),
            attack=_strike(r, r.field(obj, "attack", p, dict), _join(p, "attack"), checks),
            crisis=_crisis(r, r.field(obj, "crisis", p, dict), _join(p, "crisis"), checks),
            text=r.text(obj, "text", p),
            size=_int(r, obj, "size", p, 1, 3, default=1),
        )
        db.henchmen[h.id] = h
    for i, item in enumerate(_list(r, root, "threats", "")):
        p = _join("threats", i)
        obj = r.obj(item, p)
        r.only(obj, p, {"id", "name", "objective", "effects", "text"})
        t = ThreatDef(
            id=r.ident(obj, "id", p),
            name=r.text(obj, "name", p),
            objective=_objective(r, r.field(obj, "objective", p, dict), _join(p, "objective")),
            effects=_effects(r, r.field(obj, "effects", p, list), _join(p, "effects"), checks),
            text=r.text(obj, "text", p),
        )
        db.threats[t.id] = t
    for i, item in enumerate(_list(r, root, "bosses", "")):
        p = _join("bosses", i)
        obj = r.obj(item, p)
        r.only(
            obj,
            p,
            {
                "id",
                "name",
                "health",
                "shields",
                "defense",
                "unique_defense",
                "attacks",
                "crisis",
                "setup_per_oppression",
                "text",
            },
        )
        health = r.field(obj, "health", p, list)
        if len(health) != 4 or not all(isinstance(v, int) and v > 0 for v in health):
            raise r.fail(_join(p, "health"), "expected 4 positive Health values (1-4 Heroes)")
        dp = _join(p, "defense")
        d = r.obj(r.field(obj, "defense", p, dict), dp)
        unique = None
        if "unique_defense" in obj:
            up = _join(p, "unique_defense")
            u = r.obj(obj["unique_defense"], up)
            unique = (
                r.text(u, "name", up),
                _int(r, u, "min_damage", up, 1, 40),
                _effects(r, r.field(u, "effects", up, list), _join(up, "effects"), checks),
            )
        attacks = []
        for j, a in enumerate(_list(r, obj, "attacks", p)):
            ap = _join(_join(p, "attacks"), j)
            ao = r.obj(a, ap)
            r.only(ao, ap, {"name", "objective", "melee", "range", "statuses", "crit"})
            crit = r.obj(r.field(ao, "crit", ap, dict), _join(ap, "crit"))
            cs = None
            if "status" in crit:
                cs = (
                    checks.status(r, _join(ap, "crit.status"), crit["status"]),
                    int(crit.get("count", 1)),
                )
            melee, ranged = _hit(r, ao, "melee", ap), _hit(r, ao, "range", ap)
            if melee is None and ranged is None:
                raise r.fail(ap, "a boss Attack needs a melee or a range part")
            attacks.append(
                BossAttack(
                    name=r.text(ao, "name", ap),
                    objective=_objective(
                        r, r.field(ao, "objective", ap, dict), _join(ap, "objective")
                    ),
                    melee=melee,
                    ranged=ranged,
                    statuses=_status_list(
                        r,
                        r.field(ao, "statuses", ap, list, default=[]),
                        _join(ap, "statuses"),
                        checks,
                    ),
                    crit_status=cs,
                    crit_damage=_int(r, crit, "damage", _join(ap, "crit"), 0, 10, default=0),
                )
            )
        if not attacks:
            raise r.fail(_join(p, "attacks"), "a boss needs at least one Attack")
        so = r.obj(r.field(obj, "setup_per_oppression", p, dict), _join(p, "setup_per_oppression"))
        b = BossDef(
            id=r.ident(obj, "id", p),
            name=r.text(obj, "name", p),
            health=tuple(health),
            shields=_int(r, obj, "shields", p, 0, 5),
            defense_name=r.text(d, "name", dp),
            defense=_effects(r, r.field(d, "effects", dp, list), _join(dp, "effects"), checks),
            unique_defense=unique,
            attacks=tuple(attacks),
            crisis=_crisis(r, r.field(obj, "crisis", p, dict), _join(p, "crisis"), checks),
            oppression_health=_int(r, so, "health", _join(p, "setup_per_oppression"), 0, 20),
            oppression_shields=_int(r, so, "shields", _join(p, "setup_per_oppression"), 0, 5),
            text=r.text(obj, "text", p),
        )
        db.bosses[b.id] = b


def _clock(r: _Reader, value: Any, path: str, checks: _Checks) -> tuple[dict | None, ...]:
    if not isinstance(value, list) or len(value) != 8:
        raise r.fail(path, "a Crisis Clock has exactly 8 segments")
    out: list[dict | None] = []
    for i, seg in enumerate(value):
        p = _join(path, i)
        if seg is None:
            out.append(None)
            continue
        obj = r.obj(seg, p)
        verb = r.field(obj, "do", p, str)
        if verb not in CLOCK_VERBS:
            raise r.fail(_join(p, "do"), f"unknown Crisis Clock effect '{verb}'")
        r.only(obj, p, {"do", *CLOCK_VERBS[verb]})
        for key in CLOCK_VERBS[verb]:
            if key == "status":
                checks.status(r, _join(p, key), obj.get(key))
            elif key == "enemy":
                checks.enemy_refs.append((r, _join(p, key), r.field(obj, key, p, str), "henchman"))
            else:
                _int(r, obj, key, p, 0, 10)
        out.append(dict(obj))
    return tuple(out)


def _load_missions(r: _Reader, raw: Any, db: MissionsDB, checks: _Checks) -> None:
    root = r.obj(raw, "")
    for i, item in enumerate(_list(r, root, "missions", "")):
        p = _join("missions", i)
        obj = r.obj(item, p)
        r.only(obj, p, {"id", "name", "difficulty", "text", "sides"})
        sides_raw = _list(r, obj, "sides", p)
        if len(sides_raw) != 2:
            raise r.fail(_join(p, "sides"), "a mission has exactly 2 sides")
        sides = []
        for j, s in enumerate(sides_raw):
            sp = _join(_join(p, "sides"), j)
            so = r.obj(s, sp)
            r.only(
                so,
                sp,
                {
                    "kind",
                    "map",
                    "threat",
                    "henchmen",
                    "boss",
                    "objective",
                    "bonus",
                    "perfect",
                    "additional_setup",
                    "clock",
                    "plot",
                },
            )
            kind = _choice(r, so, "kind", sp, ("run", "boss"))
            op = _join(sp, "objective")
            ob = r.obj(r.field(so, "objective", sp, dict), op)
            henchmen = tuple(r.field(so, "henchmen", sp, list, default=[]))
            for k, hid in enumerate(henchmen):
                checks.enemy_refs.append((r, _join(_join(sp, "henchmen"), k), hid, "henchman"))
            if len(henchmen) > 3:
                raise r.fail(_join(sp, "henchmen"), "at most 3 Henchman types per side")
            threat = so.get("threat")
            if threat is not None:
                checks.enemy_refs.append((r, _join(sp, "threat"), threat, "threat"))
            boss = so.get("boss")
            if kind == "boss":
                if boss is None:
                    raise r.fail(_join(sp, "boss"), "a Boss Fight side needs a boss")
                checks.enemy_refs.append((r, _join(sp, "boss"), boss, "boss"))
            bonus = so.get("bonus")
            if bonus is not None:
                bp = _join(sp, "bonus")
                bo = r.obj(bonus, bp)
                _choice(r, bo, "kind", bp, BONUS_KINDS)
                _effects(r, r.field(bo, "reward", bp, list), _join(bp, "reward"), checks)
            perfect = so.get("perfect")
            if perfect is not None:
                pp = _join(sp, "perfect")
                po = r.obj(perfect, pp)
                for k, req in enumerate(_list(r, po, "requirements", pp)):
                    rp = _join(_join(pp, "requirements"), k)
                    _choice(r, r.obj(req, rp), "kind", rp, PERFECT_KINDS)
                    _int(r, req, "value", rp, 0, 99)
                _effects(r, r.field(po, "reward", pp, list), _join(pp, "reward"), checks)
            setup = []
            for k, st in enumerate(r.field(so, "additional_setup", sp, list, default=[])):
                stp = _join(_join(sp, "additional_setup"), k)
                sto = r.obj(st, stp)
                verb = _choice(r, sto, "do", stp, tuple(SETUP_VERBS))
                r.only(sto, stp, {"do", *SETUP_VERBS[verb]})
                checks.status(r, _join(stp, "status"), r.field(sto, "status", stp, str))
                _int(r, sto, "count", stp, 1, 5)
                setup.append(dict(sto))
            plot = so.get("plot")
            if plot is not None:
                pp = _join(sp, "plot")
                po = r.obj(plot, pp)
                r.only(po, pp, {"needed", "text", "reward"})
                _int(r, po, "needed", pp, 1, 22)
                r.text(po, "text", pp)
                _effects(r, r.field(po, "reward", pp, list), _join(pp, "reward"), checks)
                plot = dict(po)
            if bonus is not None and bonus.get("kind") == "plot_complete" and plot is None:
                raise r.fail(_join(sp, "bonus.kind"), "'plot_complete' needs the side's plot")
            map_name = r.field(so, "map", sp, str)
            if not map_name.endswith(".tmx"):
                raise r.fail(_join(sp, "map"), "expected a .tmx file name")
            sides.append(
                SideDef(
                    kind=kind,
                    map=map_name,
                    objective=_choice(r, ob, "kind", op, OBJECTIVES),
                    objective_text=r.text(ob, "text", op),
                    clock=_clock(r, r.field(so, "clock", sp, list), _join(sp, "clock"), checks),
                    henchmen=henchmen,
                    threat=threat,
                    boss=boss,
                    bonus=bonus,
                    perfect=perfect,
                    additional_setup=tuple(setup),
                    plot=plot,
                )
            )
        m = MissionDef(
            id=r.ident(obj, "id", p),
            name=r.text(obj, "name", p),
            difficulty=_int(r, obj, "difficulty", p, 1, 6),
            text=r.text(obj, "text", p),
            sides=(sides[0], sides[1]),
        )
        db.missions[m.id] = m


def _load_boost(r: _Reader, raw: Any, db: MissionsDB, checks: _Checks) -> None:
    root = r.obj(raw, "")
    kinds = r.obj(r.field(root, "kinds", "", dict), "kinds")
    for kind in BOOST_KINDS:
        if kind not in kinds:
            raise r.fail(_join("kinds", kind), "missing text for this Boost Tile kind")
    db.boost_texts = dict(kinds)
    for i, item in enumerate(_list(r, root, "tiles", "")):
        p = _join("tiles", i)
        obj = r.obj(item, p)
        r.only(obj, p, {"kind", "amount", "count", "status"})
        kind = _choice(r, obj, "kind", p, BOOST_KINDS)
        status = None
        if kind == "status":
            status = checks.status(r, _join(p, "status"), r.field(obj, "status", p, str))
        tile = BoostTileDef(
            kind=kind, amount=_int(r, obj, "amount", p, 0, 9, default=0), status=status
        )
        db.boost_tiles.extend([tile] * _int(r, obj, "count", p, 1, 30))
    if len(db.boost_tiles) != 30:
        raise r.fail(
            "tiles", f"the Boost Tile set holds 30 tiles, these count {len(db.boost_tiles)}"
        )


def _load_momentum(r: _Reader, raw: Any, db: MissionsDB) -> None:
    root = r.obj(raw, "")
    db.max_momentum = _int(r, root, "max_momentum", "", 1, 99)
    for i, item in enumerate(_list(r, root, "levels", "")):
        p = _join("levels", i)
        obj = r.obj(item, p)
        level = _int(r, obj, "level", p, 1, 5)
        actions = []
        for j, a in enumerate(_list(r, obj, "actions", p)):
            ap = _join(_join(p, "actions"), j)
            ao = r.obj(a, ap)
            r.only(ao, ap, {"id", "cost", "text", "phase", "per_round"})
            actions.append(
                MomentumAction(
                    id=_choice(
                        r,
                        ao,
                        "id",
                        ap,
                        (
                            "gain_range",
                            "recruit_ally",
                            "reroll_own_die",
                            "gain_cp",
                            "heal",
                            "reroll_enemy_die",
                        ),
                    ),
                    cost=_int(r, ao, "cost", ap, 0, 15),
                    text=r.text(ao, "text", ap),
                    phase=_choice(r, ao, "phase", ap, ("main", "roll", "target", "enemy_roll")),
                    per_round=_int(r, ao, "per_round", ap, 0, 9, default=0),
                )
            )
        db.momentum_levels[level] = tuple(actions)
    if sorted(db.momentum_levels) != [1, 2, 3, 4, 5]:
        raise r.fail("levels", "Momentum cards need levels 1 to 5")


def _requirement(r: _Reader, value: Any, path: str) -> Requirement:
    obj = r.obj(value, path)
    r.only(obj, path, {"same_symbol", "of_a_kind", "straight"})
    return Requirement(
        same_symbol=_int(r, obj, "same_symbol", path, 0, 5, default=0),
        of_a_kind=_int(r, obj, "of_a_kind", path, 0, 5, default=0),
        straight=_int(r, obj, "straight", path, 0, 5, default=0),
    )


def _power(r: _Reader, obj: dict, key: str, path: str, checks: _Checks) -> AllyPower | None:
    if key not in obj:
        return None
    p = _join(path, key)
    po = r.obj(obj[key], p)
    r.only(po, p, {"requirement", "effects", "phase", "name", "range"})
    req = (
        _requirement(r, po["requirement"], _join(p, "requirement")) if "requirement" in po else None
    )
    if key == "offensive" and req is None:
        raise r.fail(_join(p, "requirement"), "an Ally's Offensive Ability needs a requirement")
    return AllyPower(
        effects=_effects(r, r.field(po, "effects", p, list), _join(p, "effects"), checks),
        requirement=req,
        phase=_choice(r, po, "phase", p, ("", "main", "instant"), default="")
        if "phase" in po
        else "",
        name=r.field(po, "name", p, str, default=""),
        ranged=r.field(po, "range", p, bool, default=False),
    )


def _load_allies(r: _Reader, raw: Any, db: MissionsDB, checks: _Checks) -> None:
    root = r.obj(raw, "")
    for i, item in enumerate(_list(r, root, "allies", "")):
        p = _join("allies", i)
        obj = r.obj(item, p)
        r.only(
            obj,
            p,
            {
                "id",
                "name",
                "cost",
                "text",
                "recruit",
                "kicker",
                "offensive",
                "exhaust",
                "plus_exhaust",
            },
        )
        ally = AllyDef(
            id=r.ident(obj, "id", p),
            name=r.text(obj, "name", p),
            cost=_int(r, obj, "cost", p, 0, 15),
            text=r.text(obj, "text", p),
            recruit=_effects(
                r, r.field(obj, "recruit", p, list, default=[]), _join(p, "recruit"), checks
            ),
            kicker=_power(r, obj, "kicker", p, checks),
            offensive=_power(r, obj, "offensive", p, checks),
            exhaust=_power(r, obj, "exhaust", p, checks),
            plus_exhaust=_power(r, obj, "plus_exhaust", p, checks),
        )
        if ally.plus_exhaust is not None and ally.kicker is None and ally.offensive is None:
            raise r.fail(
                _join(p, "plus_exhaust"),
                "a +Exhaust power goes with a kicker or Offensive Ability above it",
            )
        db.allies[ally.id] = ally
    if len(db.allies) < 15:
        raise r.fail("allies", f"at least 15 Allies are needed, got {len(db.allies)}")


def _load_perks(r: _Reader, raw: Any, db: MissionsDB) -> None:
    root = r.obj(raw, "")
    for i, row in enumerate(_list(r, root, "rows", "")):
        p = _join("rows", i)
        ro = r.obj(row, p)
        rid = r.ident(ro, "id", p)
        db.perk_rows[rid] = r.field(ro, "in_order", p, bool, default=False)
        cols = []
        for j, perk in enumerate(_list(r, ro, "perks", p)):
            pp = _join(_join(p, "perks"), j)
            po = r.obj(perk, pp)
            col = _int(r, po, "column", pp, 1, 5)
            cols.append(col)
            db.perks.append(
                PerkDef(
                    rid,
                    col,
                    _int(r, po, "circles", pp, 0, 6),
                    r.obj(po["effect"], _join(pp, "effect")),
                    r.text(po, "text", pp),
                )
            )
        if cols != [1, 2, 3, 4, 5]:
            raise r.fail(_join(p, "perks"), "each row lists one perk per column 1..5, in order")
    for i, feat in enumerate(_list(r, root, "feats", "")):
        p = _join("feats", i)
        fo = r.obj(feat, p)
        db.feats.append(
            PerkDef(
                "feats",
                _int(r, fo, "column", p, 1, 5),
                _int(r, fo, "circles", p, 1, 6),
                {"do": "feat", "feat": r.ident(fo, "id", p)},
                r.text(fo, "text", p),
            )
        )
    for i, m in enumerate(_list(r, root, "mythics", "")):
        p = _join("mythics", i)
        mo = r.obj(m, p)
        db.mythics[r.ident(mo, "id", p)] = r.text(mo, "text", p)
    if len(db.mythics) != 4:
        raise r.fail("mythics", "there are exactly 4 Mythic abilities")


FILES = (
    "statuses",
    "dice",
    "enemies",
    "missions",
    "boost_tiles",
    "momentum_cards",
    "allies",
    "perks",
    "mystery_tiles",
)


def _load_mystery(r: _Reader, raw: Any, db: MissionsDB, checks: _Checks) -> None:
    """The 7 Mystery tiles (rule 7); their effects are ours (the seeds leave them to each
    mission)."""
    root = r.obj(raw, "")
    for i, item in enumerate(_list(r, root, "tiles", "")):
        p = _join("tiles", i)
        obj = r.obj(item, p)
        r.only(obj, p, {"id", "name", "text", "effects"})
        effects = []
        for k, fx in enumerate(_list(r, obj, "effects", p)):
            fp = _join(_join(p, "effects"), k)
            fo = r.obj(fx, fp)
            verb = r.field(fo, "do", fp, str)
            if verb in MYSTERY_PLAIN or verb in MYSTERY_VERBS:
                need, opt = VERBS[verb] if verb in MYSTERY_PLAIN else (MYSTERY_VERBS[verb], ())
                r.only(fo, fp, {"do", *need, *opt})
                for key in need:
                    if key == "status":
                        checks.status(r, _join(fp, key), r.field(fo, key, fp, str))
                    else:
                        _int(r, fo, key, fp, 1, 10)
                effects.append(dict(fo))
            else:
                known = ", ".join((*MYSTERY_PLAIN, *MYSTERY_VERBS))
                raise r.fail(_join(fp, "do"), f"unknown verb '{verb}' (known: {known})")
        db.mystery_tiles.append(
            MysteryTileDef(
                id=r.ident(obj, "id", p),
                name=r.text(obj, "name", p),
                text=r.text(obj, "text", p),
                effects=tuple(effects),
            )
        )
    if len(db.mystery_tiles) != 7:
        raise r.fail("tiles", f"the box has 7 Mystery tiles, got {len(db.mystery_tiles)}")


def load_missions(root: Path | None = None) -> MissionsDB:
    """Load and validate every missions file under `root` (default: the packaged folder)."""
    base = (root or content_dir() / "missions").resolve()
    db = MissionsDB()
    checks = _Checks()
    for name in FILES:
        path = base / f"{name}.json"
        rel = f"missions/{name}.json"
        reader = _Reader(rel)
        try:
            raw = loads_json(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise ContentError(rel, "", f"cannot be read ({exc})") from exc
        except json.JSONDecodeError as exc:
            raise ContentError(rel, f"line {exc.lineno} column {exc.colno}", exc.msg) from exc
        except BoundsError as exc:
            raise ContentError(rel, exc.field, exc.message) from exc
        if name == "statuses":
            _load_statuses(reader, raw, db)
        elif name == "dice":
            _load_dice(reader, raw, db)
        elif name == "enemies":
            _load_enemies(reader, raw, db, checks)
        elif name == "missions":
            _load_missions(reader, raw, db, checks)
        elif name == "boost_tiles":
            _load_boost(reader, raw, db, checks)
        elif name == "momentum_cards":
            _load_momentum(reader, raw, db)
        elif name == "allies":
            _load_allies(reader, raw, db, checks)
        elif name == "mystery_tiles":
            _load_mystery(reader, raw, db, checks)
        else:
            _load_perks(reader, raw, db)
    if len(db.statuses) != 22:
        raise ContentError(
            "missions/statuses.json",
            "statuses",
            f"Missions uses 22 statuses, got {len(db.statuses)}",
        )
    for r, path, sid in checks.status_refs:
        if sid not in db.statuses:
            raise r.fail(path, f"unknown Missions status '{sid}'")
    tables = {"henchman": db.henchmen, "threat": db.threats, "boss": db.bosses}
    for r, path, eid, kind in checks.enemy_refs:
        if eid not in tables[kind]:
            raise r.fail(path, f"unknown {kind} '{eid}'")
    return db


_CACHE: dict[str, MissionsDB] = {}


def default_missions() -> MissionsDB:
    if "default" not in _CACHE:
        _CACHE["default"] = load_missions()
    return _CACHE["default"]
