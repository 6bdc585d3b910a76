"""Adventures enemy files: Minions and Boss boards, and Boss Upgrade / Action decks.

An enemy file (`adventures/enemies/<id>.json`) is a hero file without a deck, dice or symbols
(every enemy rolls the 5 Chaos dice, `defs.CHAOS_DIE`) plus an ``"enemy"`` block::

    {"id": "thorn_imp", "name": "Thorn Imp", "text": "...", "slots": [...],
     "enemy": {"kind": "minion", "level": 1, "health": 10, "cp": 0,
               "roll_objective": {"symbols": {"strike": 3}},
               "first_strike": false, "kings_hand": false, "no_solo": false,
               "unique_defense": false, "priorities": {"bite": 1},
               "rewards": [{"kind": "loot_chest", "rarity": "common"},
                           {"kind": "cp", "amount": 2}]}}

A boss deck file (`adventures/bosses/<boss>.json`) holds ``"upgrades"`` (slot, level 2/3, cost)
and ``"actions"`` (cards: type main|roll, cost, effects, roll objective, hero bonus). Action
cards become `CardDef`s in `ContentDB.cards` (hero = the boss id) so the engine plays and sells
them like any card. Errors name the file and the field (`ContentError`).
"""

from __future__ import annotations

from typing import Any

from game.content.defs import (
    CHAOS_DIE,
    CHAOS_SYMBOLS,
    LOOT_RARITIES,
    REWARD_KINDS,
    BossAction,
    BossDeckDef,
    BossUpgrade,
    CardDef,
    ContentDB,
    EnemyDef,
    Reward,
    freeze_effects,
)

ENEMY_KEYS = {
    "kind",
    "level",
    "health",
    "cp",
    "roll_objective",
    "first_strike",
    "kings_hand",
    "no_solo",
    "unique_defense",
    "priorities",
    "rewards",
}


def load_enemy(r, raw: Any, db: ContentDB, checkers: list) -> EnemyDef:
    from game.content import loader as L

    obj = r.obj(raw, "")
    r.only(obj, "", {"id", "name", "text", "statuses", "slots", "enemy"})
    block = r.obj(r.field(obj, "enemy", "", dict), "enemy")
    r.only(block, "enemy", ENEMY_KEYS)
    kind = r.field(block, "kind", "enemy", str)
    if kind not in ("minion", "boss"):
        raise r.fail("enemy.kind", "expected minion or boss")
    level = r.field(block, "level", "enemy", int, default=0)
    if kind == "minion" and not 1 <= level <= 4:
        raise r.fail("enemy.level", "a Minion's level is 1 to 4")
    if kind == "boss" and level != 0:
        raise r.fail("enemy.level", "a Boss has no level")
    health = r.field(block, "health", "enemy", int)
    if not 1 <= health <= 300:
        raise r.fail("enemy.health", "Health is 1 to 300")
    cp = r.field(block, "cp", "enemy", int, default=0)
    if not 0 <= cp <= 15:
        raise r.fail("enemy.cp", "CP is 0 to 15")
    text = r.field(obj, "text", "", str, default="")
    # The board: the hero loader with the Chaos die filled in.
    hero_raw = {
        "id": obj.get("id"),
        "name": obj.get("name"),
        "complexity": 1,
        "weapon": "-",
        "quote": text or "-",
        "bio": text or "-",
        "symbols": dict(CHAOS_SYMBOLS),
        "dice": [face.symbol for face in CHAOS_DIE],
        "statuses": obj.get("statuses", []),
        "slots": obj.get("slots"),
        "deck": {},
        "health": health,
        "cp": cp,
        "hand": 0,
    }
    if hero_raw["slots"] is None:
        raise r.fail("slots", "missing required field")
    board = L._load_hero(r, hero_raw, db, checkers, enemy=True)
    objective = L._requirement(
        r,
        r.field(block, "roll_objective", "enemy", dict),
        "enemy.roll_objective",
        set(CHAOS_SYMBOLS),
    )
    ability_ids = {a.id for s in board.slots for lv in s.levels.values() for a in lv}
    priorities = []
    for aid, number in r.obj(
        r.field(block, "priorities", "enemy", dict, default={}), "enemy.priorities"
    ).items():
        where = f"enemy.priorities.{aid}"
        if aid not in ability_ids:
            raise r.fail(where, f"no ability '{aid}' on this board")
        if isinstance(number, bool) or not isinstance(number, int):
            raise r.fail(where, "expected a priority number")
        priorities.append((aid, number))
    if kind == "boss":
        offensive = {
            a.id
            for s in board.slots
            if s.kind in ("offensive", "ultimate")
            for lv in s.levels.values()
            for a in lv
        }
        missing = sorted(offensive - {a for a, _ in priorities})
        if missing:
            raise r.fail("enemy.priorities", f"a Boss gives every attack a priority: {missing}")
    rewards = tuple(
        _reward(r, item, f"enemy.rewards[{i}]")
        for i, item in enumerate(r.field(block, "rewards", "enemy", list, default=[]))
    )
    return EnemyDef(
        id=board.id,
        name=board.name,
        kind=kind,
        level=level,
        board=board,
        health=health,
        cp=cp,
        roll_objective=objective,
        first_strike=r.field(block, "first_strike", "enemy", bool, default=False),
        kings_hand=r.field(block, "kings_hand", "enemy", bool, default=False),
        no_solo=r.field(block, "no_solo", "enemy", bool, default=False),
        unique_defense=r.field(block, "unique_defense", "enemy", bool, default=False),
        rewards=rewards,
        priorities=tuple(sorted(priorities)),
        text=text,
        source=r.file,
    )


def _reward(r, value: Any, path: str) -> Reward:
    obj = r.obj(value, path)
    r.only(obj, path, {"kind", "amount", "rarity"})
    kind = r.field(obj, "kind", path, str)
    if kind not in REWARD_KINDS:
        raise r.fail(f"{path}.kind", f"expected one of {', '.join(REWARD_KINDS)}")
    amount = r.field(obj, "amount", path, int, default=1)
    if amount < 1:
        raise r.fail(f"{path}.amount", "expected at least 1")
    rarity = r.field(obj, "rarity", path, str, default="")
    if kind == "loot_chest" and rarity not in LOOT_RARITIES:
        raise r.fail(f"{path}.rarity", f"a Loot Chest is one of {', '.join(LOOT_RARITIES)}")
    if kind != "loot_chest" and rarity:
        raise r.fail(f"{path}.rarity", "only a loot_chest has a rarity")
    return Reward(kind=kind, amount=amount, rarity=rarity)


def load_boss_deck(r, raw: Any, db: ContentDB, checkers: list) -> BossDeckDef:
    from game.content import loader as L
    from game.content import schema

    obj = r.obj(raw, "")
    r.only(obj, "", {"boss", "upgrades", "actions"})
    boss_id = r.ident(obj, "boss", "")
    boss = db.enemies.get(boss_id)
    if boss is None or boss.kind != "boss":
        raise r.fail("boss", f"no Boss enemy '{boss_id}'")
    slots = {s.id: s for s in boss.board.slots}
    upgrades = []
    seen: set[str] = set()
    for i, item in enumerate(r.field(obj, "upgrades", "", list)):
        path = f"upgrades[{i}]"
        u = r.obj(item, path)
        r.only(u, path, {"id", "name", "slot", "level", "cost", "text"})
        uid = r.ident(u, "id", path)
        if uid in seen:
            raise r.fail(f"{path}.id", f"'{uid}' appears twice")
        seen.add(uid)
        slot = r.ident(u, "slot", path)
        if slot not in slots:
            raise r.fail(f"{path}.slot", f"the boss board has no slot '{slot}'")
        level = r.field(u, "level", path, int)
        if level not in (2, 3) or level not in slots[slot].levels:
            raise r.fail(f"{path}.level", f"slot '{slot}' has no level {level}")
        cost = r.field(u, "cost", path, int)
        if not 0 <= cost <= 15:
            raise r.fail(f"{path}.cost", "a cost is 0 to 15 CP")
        upgrades.append(
            BossUpgrade(
                id=uid,
                name=r.text(u, "name", path),
                slot=slot,
                level=level,
                cost=cost,
                text=r.field(u, "text", path, str, default=""),
            )
        )
    actions = []
    for i, item in enumerate(r.field(obj, "actions", "", list)):
        path = f"actions[{i}]"
        a = r.obj(item, path)
        r.only(
            a,
            path,
            {"id", "name", "type", "cost", "text", "effects", "play_when", "objective", "bonus"},
        )
        cid = r.ident(a, "id", path)
        if cid in db.cards:
            raise r.fail(f"{path}.id", f"card '{cid}' is defined twice")
        ctype = r.field(a, "type", path, str)
        if ctype not in ("main", "roll"):
            raise r.fail(f"{path}.type", "a Boss Action is a main or roll card")
        cost = r.field(a, "cost", path, int)
        if not 0 <= cost <= 15:
            raise r.fail(f"{path}.cost", "a cost is 0 to 15 CP")
        when = []
        for j, w in enumerate(r.field(a, "play_when", path, list, default=[])):
            if not isinstance(w, str) or w not in schema.PLAY_CONDITIONS:
                raise r.fail(f"{path}.play_when[{j}]", "unknown condition")
            when.append((w, None))
        checker = L._EffectChecker(r, set(CHAOS_SYMBOLS))
        checkers.append(checker)
        effects = checker.effects(r.field(a, "effects", path, list), f"{path}.effects")
        if not effects:
            raise r.fail(f"{path}.effects", "an action card must do something")
        objective = L._requirement(
            r, r.field(a, "objective", path, dict), f"{path}.objective", set(CHAOS_SYMBOLS)
        )
        bonus = r.obj(r.field(a, "bonus", path, dict), f"{path}.bonus")
        r.only(bonus, f"{path}.bonus", {"kind", "amount"})
        bkind = r.field(bonus, "kind", f"{path}.bonus", str)
        if bkind not in REWARD_KINDS or bkind == "loot_chest":
            raise r.fail(f"{path}.bonus.kind", "cp, gold, salve, bonus_damage, health or cards")
        bamount = r.field(bonus, "amount", f"{path}.bonus", int, default=1)
        if bamount < 1:
            raise r.fail(f"{path}.bonus.amount", "expected at least 1")
        db.cards[cid] = CardDef(
            id=cid,
            name=r.text(a, "name", path),
            type=ctype,
            cost=cost,
            text=r.text(a, "text", path),
            effects=freeze_effects(effects),
            play_when=tuple(when),
            hero=boss_id,
            # "Attack Modifier: +N" Roll Phase cards (played during the Boss's own Attack, adding
            # damage) count as Attack Modifiers for whoever plays the Boss (rule 54's modes)
            attack_modifier=ctype == "roll"
            and "own_attack" in (w for w, _ in when)
            and any(fx.get("do") == "add_damage" for fx in effects),
            source=r.file,
        )
        actions.append(
            BossAction(card=cid, objective=objective, bonus_kind=bkind, bonus_amount=bamount)
        )
    if len(actions) < 1:
        raise r.fail("actions", "a Boss needs an Action deck")
    return BossDeckDef(
        boss=boss_id, upgrades=tuple(upgrades), actions=tuple(actions), source=r.file
    )
