"""Load and validate the content files (heroes, cards, status effects).

Every problem raises `ContentError` naming the file and the field path, e.g.
``heroes/gunslinger.json: slots[0].levels.1[0].rows[2].effects[1].amount: expected ...``.
Files are JSON only; nothing in them is ever executed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.content import schema
from game.content.bounded import BoundsError, loads_json
from game.content.defs import (
    LOOT_RARITIES,
    AbilityDef,
    AbilityRow,
    CardDef,
    ContentDB,
    DieFace,
    HeroDef,
    LootInfo,
    SlotDef,
    SpendDef,
    StatusDef,
    TriggerDef,
    freeze_effects,
)
from game.content.reader import (
    ID_RE,
    ContentError,
    _EffectChecker,
    _join,
    _Reader,
    _requirement,
)
from game.paths import content_dir

# ---------------------------------------------------------------- statuses


def _load_statuses(r: _Reader, raw: Any, db: ContentDB, checkers: list[_EffectChecker]) -> None:
    items = raw if isinstance(raw, list) else None
    if items is None:
        raise r.fail("", "expected a list of status effects")
    for i, value in enumerate(items):
        path = f"[{i}]"
        obj = r.obj(value, path)
        r.only(
            obj,
            path,
            {
                "id",
                "name",
                "kind",
                "stack_limit",
                "text",
                "persistent",
                "spend",
                "triggers",
                "incapacitates",
                "removable",
                "transferable",
                "attack_modifier",
                "no_defense",
                "saves_from_defeat",
                "owner_stack_limit",
                "on_reinflict",
                "rival",
            },
        )
        sid = r.ident(obj, "id", path)
        if sid in db.statuses:
            raise r.fail(_join(path, "id"), f"status '{sid}' is defined twice")
        kind = r.field(obj, "kind", path, str)
        if kind not in ("positive", "negative", "unique", "companion"):
            raise r.fail(_join(path, "kind"), "expected positive, negative, unique or companion")
        limit = r.field(obj, "stack_limit", path, int)
        if limit < 1:
            raise r.fail(_join(path, "stack_limit"), "must be at least 1")
        checker = _EffectChecker(r, None)
        checkers.append(checker)
        spend = None
        if "spend" in obj:
            sp_path = _join(path, "spend")
            sp = r.obj(obj["spend"], sp_path)
            r.only(
                sp,
                sp_path,
                {"when", "effects", "not_on_turn_gained", "if", "once_per_turn", "keep", "cost"}
                | {"per_phase"},
            )
            when = r.field(sp, "when", sp_path, list)
            for j, w in enumerate(when):
                if w not in schema.SPEND_WINDOWS:
                    known = ", ".join(schema.SPEND_WINDOWS)
                    raise r.fail(
                        _join(_join(sp_path, "when"), j), f"unknown window (known: {known})"
                    )
            fresh = r.field(sp, "not_on_turn_gained", sp_path, list, default=[])
            for j, w in enumerate(fresh):
                if w not in when:
                    raise r.fail(
                        _join(_join(sp_path, "not_on_turn_gained"), j),
                        f"'{w}' is not one of this token's spend windows",
                    )
            spend_if = None
            if "if" in sp:
                checker.condition(sp["if"], _join(sp_path, "if"))
                spend_if = sp["if"]
            effects = checker.effects(
                r.field(sp, "effects", sp_path, list), _join(sp_path, "effects")
            )
            spend = SpendDef(
                when=tuple(when),
                effects=freeze_effects(effects),
                attack_modifier=r.field(obj, "attack_modifier", path, bool, default=False),
                not_on_turn_gained=tuple(fresh),
                condition=spend_if,
                once_per_turn=r.field(sp, "once_per_turn", sp_path, bool, default=False),
                keep=r.field(sp, "keep", sp_path, bool, default=False),
                cost=_spend_cost(r, checker, sp, sp_path),
                per_phase=r.field(sp, "per_phase", sp_path, int, default=0),
            )
        triggers = _triggers(r, checker, obj, path)
        companion = kind == "companion"  # companions are never removed or moved by others
        reinflict = checker.effects(
            r.field(obj, "on_reinflict", path, list, default=[]), _join(path, "on_reinflict")
        )
        db.statuses[sid] = StatusDef(
            id=sid,
            name=r.text(obj, "name", path),
            kind=kind,
            stack_limit=limit,
            text=r.text(obj, "text", path),
            persistent=r.field(obj, "persistent", path, bool, default=False),
            spend=spend,
            triggers=triggers,
            incapacitates=r.field(obj, "incapacitates", path, bool, default=False),
            removable=r.field(obj, "removable", path, bool, default=not companion),
            transferable=r.field(obj, "transferable", path, bool, default=not companion),
            attack_modifier=r.field(obj, "attack_modifier", path, bool, default=False),
            no_defense=r.field(obj, "no_defense", path, bool, default=False),
            saves_from_defeat=_saves_from_defeat(r, obj, path),
            owner_stack_limit=r.field(obj, "owner_stack_limit", path, int, default=0),
            on_reinflict=freeze_effects(reinflict),
            rival=_rival(checker, obj, path),
            source=r.file,
        )


def _spend_cost(r: _Reader, checker: _EffectChecker, sp: dict, path: str) -> tuple:
    """`cost`: {status: count} paid (taken off the holder) each time the token is spent."""
    raw = r.obj(r.field(sp, "cost", path, dict, default={}), _join(path, "cost"))
    out = []
    for sid, count in raw.items():
        where = _join(_join(path, "cost"), sid)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise r.fail(where, "expected a token count of at least 1")
        checker.status_refs.append((where, sid))
        out.append((sid, count))
    return tuple(out)


def _rival(checker: _EffectChecker, obj: dict, path: str) -> str:
    """`rival`: the status a token of this kind becomes on a holder whose own hero has it."""
    rival = checker.r.field(obj, "rival", path, str, default="")
    if rival:
        checker.status_refs.append((_join(path, "rival"), rival))
    return rival


def _saves_from_defeat(r: _Reader, obj: dict, path: str) -> int:
    health = r.field(obj, "saves_from_defeat", path, int, default=0)
    if health < 0:
        raise r.fail(_join(path, "saves_from_defeat"), "expected the Health to set (1 or more)")
    return health


def _triggers(r: _Reader, checker: _EffectChecker, obj: dict, path: str) -> tuple[TriggerDef, ...]:
    out = []
    raw = r.field(obj, "triggers", path, list, default=[])
    for j, trig in enumerate(raw):
        where = _join(_join(path, "triggers"), j)
        t = r.obj(trig, where)
        r.only(t, where, {"on", "effects", "if"})
        on = r.field(t, "on", where, str)
        if on not in schema.TRIGGERS:
            raise r.fail(
                _join(where, "on"), f"unknown trigger (known: {', '.join(schema.TRIGGERS)})"
            )
        effects = checker.effects(r.field(t, "effects", where, list), _join(where, "effects"))
        cond = None
        if "if" in t:
            checker.condition(t["if"], _join(where, "if"))
            cond = t["if"]
        out.append(TriggerDef(on=on, effects=freeze_effects(effects), condition=cond))
    return tuple(out)


# ---------------------------------------------------------------- cards


def _load_cards(
    r: _Reader, raw: Any, db: ContentDB, checkers: list[_EffectChecker], loot: bool = False
) -> None:
    """A card file. `loot`: an Adventures Loot deck file (adventures/loot/*.json): it names its
    "rarity" and every card carries a "loot" block (family, level, equipment, replaces)."""
    if not isinstance(raw, dict):
        raise r.fail("", "expected an object with 'hero' (or null) and 'cards'")
    r.only(raw, "", {"hero", "cards", "rarity"} if loot else {"hero", "cards"})
    rarity = ""
    if loot:
        rarity = r.field(raw, "rarity", "", str)
        if rarity not in LOOT_RARITIES:
            raise r.fail("rarity", f"expected one of {', '.join(LOOT_RARITIES)}, got '{rarity}'")
    hero = raw.get("hero")
    if hero is not None and (not isinstance(hero, str) or not ID_RE.match(hero)):
        raise r.fail("hero", "expected a hero id or null")
    items = r.field(raw, "cards", "", list)
    for i, value in enumerate(items):
        path = f"cards[{i}]"
        obj = r.obj(value, path)
        r.only(
            obj,
            path,
            {
                "id",
                "name",
                "type",
                "cost",
                "text",
                "effects",
                "play_when",
                "upgrade",
                "attack_modifier",
                *(("loot",) if loot else ()),
            },
        )
        cid = r.ident(obj, "id", path)
        if cid in db.cards:
            raise r.fail(_join(path, "id"), f"card '{cid}' is defined twice")
        ctype = r.field(obj, "type", path, str)
        if ctype not in schema.CARD_TYPES:
            raise r.fail(_join(path, "type"), f"expected one of {', '.join(schema.CARD_TYPES)}")
        cost = r.field(obj, "cost", path, int)
        if not 0 <= cost <= 15:
            raise r.fail(_join(path, "cost"), "a cost is 0 to 15 CP")
        raw_when = r.field(obj, "play_when", path, list, default=[])
        when = []
        for j, w in enumerate(raw_when):
            where = _join(_join(path, "play_when"), j)
            arg = None
            if isinstance(w, dict) and len(w) == 1:
                ((w, arg),) = w.items()
                if w not in schema.PLAY_CONDITIONS_WITH_NUMBER:
                    raise r.fail(where, f"'{w}' takes no number")
                if isinstance(arg, bool) or not isinstance(arg, int):
                    raise r.fail(_join(where, w), "expected an integer")
            if not isinstance(w, str) or w not in schema.PLAY_CONDITIONS:
                known = ", ".join(schema.PLAY_CONDITIONS)
                raise r.fail(where, f"unknown condition (known: {known})")
            when.append((w, arg))
        checker = _EffectChecker(r, None)
        checkers.append(checker)
        slot = None
        level = 0
        if ctype == "upgrade":
            up_path = _join(path, "upgrade")
            up = r.obj(r.field(obj, "upgrade", path, dict), up_path)
            r.only(up, up_path, {"slot", "level"})
            slot = r.ident(up, "slot", up_path)
            level = r.field(up, "level", up_path, int)
            if level not in (2, 3):
                raise r.fail(_join(up_path, "level"), "upgrades are level 2 or 3")
            if hero is None:
                raise r.fail(up_path, "only hero card files can hold upgrades")
            effects: list = []
        else:
            if "upgrade" in obj:
                raise r.fail(_join(path, "upgrade"), "only upgrade cards name a slot")
            effects = checker.effects(r.field(obj, "effects", path, list), _join(path, "effects"))
            if not effects:
                raise r.fail(_join(path, "effects"), "an action card must do something")
        db.cards[cid] = CardDef(
            id=cid,
            name=r.text(obj, "name", path),
            type=ctype,
            cost=cost,
            text=r.text(obj, "text", path),
            effects=freeze_effects(effects),
            play_when=tuple(when),
            hero=hero,
            upgrade_slot=slot,
            upgrade_level=level,
            attack_modifier=r.field(obj, "attack_modifier", path, bool, default=False),
            source=r.file,
            loot=_loot_info(r, obj, path, rarity, ctype) if loot else None,
        )


def _loot_info(r: _Reader, obj: dict, path: str, rarity: str, ctype: str) -> LootInfo:
    where = _join(path, "loot")
    info = r.obj(r.field(obj, "loot", path, dict), where)
    r.only(info, where, {"family", "level", "equipment", "replaces"})
    level = r.field(info, "level", where, int, default=1)
    if not 1 <= level <= 4:
        raise r.fail(_join(where, "level"), "a Loot card's level is 1 to 4")
    equipment = r.field(info, "equipment", where, bool, default=False)
    if equipment and ctype != "main":
        raise r.fail(_join(where, "equipment"), "Equipment is played in a Main Phase (type main)")
    replaces = r.field(info, "replaces", where, str, default="") or None
    if replaces is not None and not ID_RE.match(replaces):
        raise r.fail(_join(where, "replaces"), f"'{replaces}' is not a card id")
    return LootInfo(
        rarity=rarity,
        family=r.ident(info, "family", where),
        level=level,
        equipment=equipment,
        replaces=replaces,
    )


# ---------------------------------------------------------------- heroes


def _load_hero(
    r: _Reader, raw: Any, db: ContentDB, checkers: list[_EffectChecker], enemy: bool = False
) -> HeroDef:
    """A hero file. `enemy`: an Adventures enemy board (no deck; ultimate and defense optional;
    the file's own fields were checked and completed by `_load_enemy`)."""
    obj = r.obj(raw, "")
    r.only(
        obj,
        "",
        {
            "id",
            "name",
            "complexity",
            "weapon",
            "bio",
            "quote",
            "symbols",
            "dice",
            "statuses",
            "setup",
            "slots",
            "deck",
            "health",
            "cp",
            "hand",
        },
    )
    hid = r.ident(obj, "id", "")
    complexity = r.field(obj, "complexity", "", int)
    if not 1 <= complexity <= 6:
        raise r.fail("complexity", "the complexity rating is 1 to 6")
    symbols_raw = r.obj(r.field(obj, "symbols", "", dict), "symbols")
    symbols: dict[str, str] = {}
    for sym, name in symbols_raw.items():
        if not ID_RE.match(sym):
            raise r.fail(_join("symbols", sym), "symbol ids are lower_snake_case")
        if not isinstance(name, str) or not name:
            raise r.fail(_join("symbols", sym), "expected the symbol's display name")
        symbols[sym] = name
    dice_raw = r.field(obj, "dice", "", list)
    if len(dice_raw) != 6:
        raise r.fail("dice", "a die has exactly six faces (values 1 to 6, in order)")
    dice = []
    for i, sym in enumerate(dice_raw):
        if sym not in symbols:
            raise r.fail(_join("dice", i), f"unknown symbol '{sym}'")
        dice.append(DieFace(value=i + 1, symbol=sym))
    checker = _EffectChecker(r, set(symbols))
    checkers.append(checker)
    statuses = r.field(obj, "statuses", "", list, default=[])
    for i, sid in enumerate(statuses):
        if not isinstance(sid, str):
            raise r.fail(_join("statuses", i), "expected a status id")
        checker.status_refs.append((_join("statuses", i), sid))
    slots = []
    seen_abilities: set[str] = set()
    for i, slot_raw in enumerate(r.field(obj, "slots", "", list)):
        slots.append(_slot(r, checker, slot_raw, f"slots[{i}]", set(symbols), seen_abilities))
    slot_ids = [s.id for s in slots]
    if len(set(slot_ids)) != len(slot_ids):
        raise r.fail("slots", "two slots share an id")
    kinds = [s.kind for s in slots]
    if "ultimate" not in kinds and not enemy:
        raise r.fail("slots", "a hero needs an ultimate ability")
    if "defensive" not in kinds and not enemy:
        raise r.fail("slots", "a hero needs a defensive ability")
    if enemy and not any(k in ("offensive", "ultimate") for k in kinds):
        raise r.fail("slots", "an enemy needs at least one offensive ability")
    setup = checker.effects(r.field(obj, "setup", "", list, default=[]), "setup")
    deck_raw = r.obj(r.field(obj, "deck", "", dict), "deck")
    deck = []
    for cid, count in deck_raw.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise r.fail(_join("deck", cid), "expected a copy count of at least 1")
        deck.append((cid, count))
    health = r.field(obj, "health", "", int, default=50)
    cp = r.field(obj, "cp", "", int, default=2)
    hand = r.field(obj, "hand", "", int, default=4)
    return HeroDef(
        id=hid,
        name=r.text(obj, "name", ""),
        complexity=complexity,
        weapon=r.text(obj, "weapon", ""),
        bio=r.text(obj, "bio", ""),
        quote=r.text(obj, "quote", ""),
        dice=tuple(dice),
        symbols=symbols,
        statuses=tuple(statuses),
        slots=tuple(slots),
        deck=tuple(deck),
        setup=freeze_effects(setup),
        health=health,
        cp=cp,
        hand=hand,
        source=r.file,
    )


def _slot(
    r: _Reader,
    checker: _EffectChecker,
    value: Any,
    path: str,
    symbols: set[str],
    seen: set[str],
) -> SlotDef:
    obj = r.obj(value, path)
    r.only(obj, path, {"id", "kind", "levels", "flipped"})
    sid = r.ident(obj, "id", path)
    kind = r.field(obj, "kind", path, str)
    if kind not in ("offensive", "ultimate", "defensive", "passive"):
        raise r.fail(_join(path, "kind"), "expected offensive, ultimate, defensive or passive")
    levels = _slot_levels(r, checker, obj, path, "levels", sid, kind, symbols, seen)
    flipped = None
    if "flipped" in obj:
        flipped = _slot_levels(r, checker, obj, path, "flipped", sid, kind, symbols, set())
        if set(flipped) != set(levels):
            raise r.fail(_join(path, "flipped"), "the flipped side needs the same levels")
    return SlotDef(id=sid, kind=kind, levels=levels, flipped=flipped)


def _slot_levels(
    r: _Reader,
    checker: _EffectChecker,
    obj: dict,
    path: str,
    field: str,
    sid: str,
    kind: str,
    symbols: set[str],
    seen: set[str],
) -> dict[int, tuple[AbilityDef, ...]]:
    levels_raw = r.obj(r.field(obj, field, path, dict), _join(path, field))
    levels: dict[int, tuple[AbilityDef, ...]] = {}
    for key, abilities in levels_raw.items():
        lpath = _join(_join(path, field), key)
        if key not in ("1", "2", "3"):
            raise r.fail(lpath, "levels are 1, 2 or 3")
        if not isinstance(abilities, list) or not abilities:
            raise r.fail(lpath, "expected a non-empty list of abilities")
        level = int(key)
        defs = []
        for j, ab in enumerate(abilities):
            defs.append(_ability(r, checker, ab, _join(lpath, j), sid, kind, level, symbols))
        for d in defs:
            key_id = f"{d.id}@{level}"
            if key_id in seen:
                raise r.fail(lpath, f"ability '{d.id}' appears twice at level {level}")
            seen.add(key_id)
        levels[level] = tuple(defs)
    if 1 not in levels:
        raise r.fail(_join(path, field), "level 1 is required")
    return levels


def _ability(
    r: _Reader,
    checker: _EffectChecker,
    value: Any,
    path: str,
    slot: str,
    kind: str,
    level: int,
    symbols: set[str],
) -> AbilityDef:
    obj = r.obj(value, path)
    allowed = {"id", "name", "text"}
    if kind in ("offensive", "ultimate"):
        allowed |= {"rows", "damage_type"}
    elif kind == "defensive":
        allowed |= {"dice", "effects"}
    else:
        allowed |= {"triggers", "flags"}
    r.only(obj, path, allowed)
    aid = r.ident(obj, "id", path)
    name = r.text(obj, "name", path)
    text = r.text(obj, "text", path)
    if kind in ("offensive", "ultimate"):
        rows = []
        for i, row_raw in enumerate(r.field(obj, "rows", path, list)):
            rpath = _join(_join(path, "rows"), i)
            row = r.obj(row_raw, rpath)
            r.only(row, rpath, {"requirement", "effects", "text"})
            req = _requirement(
                r, r.field(row, "requirement", rpath, dict), _join(rpath, "requirement"), symbols
            )
            effects = checker.effects(r.field(row, "effects", rpath, list), _join(rpath, "effects"))
            rows.append(
                AbilityRow(
                    requirement=req,
                    effects=freeze_effects(effects),
                    text=r.field(row, "text", rpath, str, default=""),
                )
            )
        if not rows:
            raise r.fail(_join(path, "rows"), "an offensive ability needs at least one row")
        default_type = "ultimate" if kind == "ultimate" else "normal"
        dtype = r.field(obj, "damage_type", path, str, default=default_type)
        if dtype not in schema.DAMAGE_TYPES:
            raise r.fail(_join(path, "damage_type"), "unknown damage type")
        return AbilityDef(
            id=aid,
            name=name,
            kind=kind,
            slot=slot,
            level=level,
            text=text,
            rows=tuple(rows),
            damage_type=dtype,
        )
    if kind == "defensive":
        dice = r.field(obj, "dice", path, int)
        if not 1 <= dice <= 5:
            raise r.fail(_join(path, "dice"), "a defense rolls 1 to 5 dice")
        effects = checker.effects(r.field(obj, "effects", path, list), _join(path, "effects"))
        return AbilityDef(
            id=aid,
            name=name,
            kind=kind,
            slot=slot,
            level=level,
            text=text,
            defense_dice=dice,
            effects=freeze_effects(effects),
        )
    flags = r.field(obj, "flags", path, list, default=[])
    for i, flag in enumerate(flags):
        if flag not in schema.KNOWN_FLAGS:
            raise r.fail(_join(_join(path, "flags"), i), f"unknown flag '{flag}'")
    return AbilityDef(
        id=aid,
        name=name,
        kind=kind,
        slot=slot,
        level=level,
        text=text,
        triggers=_triggers(r, checker, obj, path),
        flags=tuple(flags),
    )


# ---------------------------------------------------------------- the whole set


def _read_json(path: Path, root: Path) -> tuple[_Reader, Any]:
    rel = path.relative_to(root).as_posix()
    reader = _Reader(rel)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(rel, "", f"cannot be read ({exc})") from exc
    try:
        return reader, loads_json(text)
    except json.JSONDecodeError as exc:
        raise ContentError(rel, f"line {exc.lineno} column {exc.colno}", exc.msg) from exc
    except BoundsError as exc:
        raise ContentError(rel, exc.field, exc.message) from exc


def load_content(root: Path | None = None, extra: tuple[Path, ...] = ()) -> ContentDB:
    """Load every content file under `root` (default: the packaged data folder), plus any
    `extra` folders laid out the same way (tests use these for fixture heroes)."""
    roots = [(root or content_dir()).resolve(), *(Path(p).resolve() for p in extra)]
    db = ContentDB()
    checkers: list[_EffectChecker] = []
    for base in roots:
        for path in sorted((base / "statuses").glob("*.json")):
            reader, raw = _read_json(path, base)
            _load_statuses(reader, raw, db, checkers)
    card_files = []
    for base in roots:
        for path in sorted((base / "cards").glob("*.json")):
            reader, raw = _read_json(path, base)
            _load_cards(reader, raw, db, checkers)
            card_files.append((reader, raw))
    for base in roots:  # Adventures Loot decks (rules 80-85): cards like any other
        for path in sorted((base / "adventures" / "loot").glob("*.json")):
            reader, raw = _read_json(path, base)
            _load_cards(reader, raw, db, checkers, loot=True)
            card_files.append((reader, raw))
    hero_readers = []
    _load_adventure_enemies(roots, db, checkers)
    for base in roots:
        for path in sorted((base / "heroes").glob("*.json")):
            reader, raw = _read_json(path, base)
            hero = _load_hero(reader, raw, db, checkers)
            if hero.id in db.heroes:
                raise reader.fail("id", f"hero '{hero.id}' is defined twice")
            if path.stem != hero.id:
                raise reader.fail("id", f"the file name must match the id ('{hero.id}.json')")
            db.heroes[hero.id] = hero
            hero_readers.append((reader, hero))
    _cross_check(db, checkers, card_files, hero_readers)
    return db


def _cross_check(db: ContentDB, checkers, card_files, hero_readers) -> None:
    for checker in checkers:
        for path, sid in checker.status_refs:
            if sid not in db.statuses:
                raise checker.r.fail(path, f"unknown status effect '{sid}'")
    for reader, raw in card_files:
        hero = raw.get("hero")
        if hero is not None and hero not in db.heroes:
            raise reader.fail("hero", f"unknown hero '{hero}'")
    _check_loot_cards(db)
    for reader, hero in hero_readers:
        for cid, _count in hero.deck:
            card = db.cards.get(cid)
            if card is None:
                raise reader.fail(_join("deck", cid), f"unknown card '{cid}'")
            if card.hero not in (None, hero.id):
                raise reader.fail(_join("deck", cid), f"card '{cid}' belongs to {card.hero}")
            if card.type == "upgrade":
                try:
                    slot = hero.slot(card.upgrade_slot or "")
                except KeyError:
                    raise ContentError(
                        card.source,
                        f"{cid}.upgrade.slot",
                        f"{hero.id} has no slot '{card.upgrade_slot}'",
                    ) from None
                if card.upgrade_level not in slot.levels:
                    raise ContentError(
                        card.source,
                        f"{cid}.upgrade.level",
                        f"{hero.id}'s slot '{slot.id}' has no level {card.upgrade_level}",
                    )
        if hero.deck_size() != 33:
            raise reader.fail("deck", f"a hero deck holds 33 cards, this one {hero.deck_size()}")


def _check_loot_cards(db: ContentDB) -> None:
    """Loot cards: a Swap names a standard card, and one family never repeats a level."""
    seen: dict[tuple[str, int], str] = {}
    for cid, card in db.cards.items():
        if card.loot is None:
            continue
        if card.loot.replaces is not None:
            other = db.cards.get(card.loot.replaces)
            if other is None or other.loot is not None:
                raise ContentError(
                    card.source,
                    f"{cid}.loot.replaces",
                    f"'{card.loot.replaces}' is not a standard card",
                )
        key = (card.loot.family, card.loot.level)
        if key in seen:
            raise ContentError(
                card.source,
                f"{cid}.loot.level",
                f"'{seen[key]}' is already level {key[1]} of family '{key[0]}'",
            )
        seen[key] = cid


# ---------------------------------------------------------------- Adventures: enemies, boss decks


def _load_adventure_enemies(roots: list[Path], db: ContentDB, checkers) -> None:
    """`adventures/enemies/*.json` (Minions and Boss boards) and `adventures/bosses/*.json`
    (each Boss's Upgrade and Action decks). See docs/adventures_enemies.md."""
    from game.content import enemy_loader

    for base in roots:
        for path in sorted((base / "adventures" / "enemies").glob("*.json")):
            reader, raw = _read_json(path, base)
            enemy = enemy_loader.load_enemy(reader, raw, db, checkers)
            if enemy.id in db.enemies or enemy.id in db.heroes:
                raise reader.fail("id", f"'{enemy.id}' is defined twice")
            if path.stem != enemy.id:
                raise reader.fail("id", f"the file name must match the id ('{enemy.id}.json')")
            db.enemies[enemy.id] = enemy
    for base in roots:
        for path in sorted((base / "adventures" / "bosses").glob("*.json")):
            reader, raw = _read_json(path, base)
            deck = enemy_loader.load_boss_deck(reader, raw, db, checkers)
            if deck.boss in db.bosses:
                raise reader.fail("boss", f"'{deck.boss}' has two boss decks")
            db.bosses[deck.boss] = deck
    for enemy in db.enemies.values():
        if enemy.kind == "boss" and enemy.id not in db.bosses:
            raise ContentError(enemy.source, "enemy.kind", f"boss '{enemy.id}' has no boss deck")


_CACHE: dict[str, ContentDB] = {}


def default_content() -> ContentDB:
    """The packaged content, loaded once per process."""
    if "default" not in _CACHE:
        _CACHE["default"] = load_content()
    return _CACHE["default"]
