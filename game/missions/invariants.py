"""Things that must hold after every decision of every mission (the fuzzer and tests check
them), and a digest of the whole mission state for replay checks."""

from __future__ import annotations

import dataclasses
import hashlib
import json

from game.missions.engine import MAX_CP
from game.missions.state import SPENDING_KINDS


def check_mission_invariants(engine) -> list[str]:
    """Every broken invariant, as a sentence (an empty list means all is well)."""
    problems: list[str] = []
    info = engine.info
    db = engine.db
    if not 0 <= info.clock <= 7:
        problems.append(f"the Crisis Clock points at segment {info.clock}")
    for color, value in info.enemy_dice:
        if color not in ("red", "black") or not 1 <= value <= 6:
            problems.append(f"an Enemy Die shows {color} {value}")
    ends: dict = {}
    for hero in engine.heroes:
        name = hero.name
        if not 0 <= hero.health <= engine.max_health(hero):
            problems.append(f"{name} has {hero.health} Health (max {engine.max_health(hero)})")
        if hero.defeated != (hero.health == 0):
            problems.append(f"{name}: defeated is {hero.defeated} at {hero.health} Health")
        if not 0 <= hero.momentum <= db.max_momentum:
            problems.append(f"{name} has {hero.momentum} Momentum")
        if not 0 <= hero.cp <= MAX_CP:
            problems.append(f"{name} has {hero.cp} CP")
        cards = len(hero.hand) + len(hero.deck) + len(hero.discard)
        owned = sum(n for _cid, n in engine.hero_def(hero).deck)
        if cards != owned:
            problems.append(f"{name} has {cards} cards in hand, deck and discard, not {owned}")
        if len(hero.allies) > hero.ally_limit:
            problems.append(f"{name} has {len(hero.allies)} Allies (limit {hero.ally_limit})")
        if len(hero.bonus) != hero.tokens.get("bonus_damage", 0):
            problems.append(f"{name}: Bonus Damage values {hero.bonus} vs tokens")
        for sid, count in hero.tokens.items():
            if count <= 0:
                problems.append(f"{name} holds {count} {sid}")
            limit = db.statuses[sid].stack_limit if sid in db.statuses else None
            if sid == "oppression":
                limit = 4
            if limit is not None and count > limit:
                problems.append(f"{name} holds {count} {sid} (limit {limit})")
        if hero.pos is not None and not hero.exited and not hero.defeated:
            space = engine.hexes.get(hero.pos)
            if space is None:
                problems.append(f"{name} stands off the map at {hero.pos}")
            elif space.dark and not space.defeat_tile and not space.clear_open:
                problems.append(f"{name} stands on a dark space {hero.pos}")
            if engine.enemy_at(hero.pos) is not None:
                problems.append(f"{name} shares {hero.pos} with an enemy")
            if hero.pos in ends and info.phase != "movement":
                problems.append(f"{name} and {ends[hero.pos]} both end on {hero.pos}")
            ends[hero.pos] = name
        for companion, (health, start) in hero.companions.items():
            if health > start:
                problems.append(f"{name}'s {companion} has {health} Health (start {start})")
    if not 0 <= info.plot <= 22:
        problems.append(f"the team holds {info.plot} Plot tokens (the box has 22)")
    plot = engine.side().plot if engine.mission else None
    if info.plot_done and (plot is None or info.plot < plot["needed"]):
        problems.append("the Plot is complete without its Plot tokens")
    mysteries = [s.mystery for s in engine.hexes.values() if s.mystery >= 0]
    if len(mysteries) != len(set(mysteries)) or any(m >= len(db.mystery_tiles) for m in mysteries):
        problems.append(f"Mystery tiles on the map: {sorted(mysteries)}")
    for enemy in engine.enemies:
        if enemy.defeated:
            continue
        if not 0 < enemy.health <= enemy.start_health + 10:
            problems.append(f"{enemy.name} has {enemy.health} Health")
        for h in enemy.spaces:
            if h not in engine.hexes:
                problems.append(f"{enemy.name} stands off the map at {h}")
        if enemy.tokens.get("shield", 0) < 0 or len(enemy.bonus) != enemy.tokens.get(
            "bonus_damage", 0
        ):
            problems.append(f"{enemy.name} has broken tokens {enemy.tokens}")
    allies = len(info.ally_deck) + len(info.ally_hq) + sum(len(h.allies) for h in engine.heroes)
    if allies != len(db.allies):
        problems.append(f"{allies} Ally cards in play, not {len(db.allies)}")
    if len(info.ally_hq) > 3:
        problems.append(f"the Ally HQ holds {len(info.ally_hq)}")
    tiles = (
        len(info.boost_pile)
        + len(info.boost_discard)
        + sum(len(s.tiles) for s in engine.hexes.values())
        + sum(len(h.facedown) for h in engine.heroes)
    )
    if tiles != len(db.boost_tiles):
        problems.append(f"{tiles} Boost Tiles in play, not {len(db.boost_tiles)}")
    choice = engine.pending
    if choice is not None:
        kinds = {o.action.kind for o in choice.options}
        if kinds & SPENDING_KINDS and kinds <= SPENDING_KINDS:
            problems.append(
                f"'{choice.prompt}' offers only spending options ({sorted(kinds)}): "
                "no way to decline"
            )
    return problems


def mission_digest(engine) -> str:
    """A hash of the whole mission state: equal digests mean identical missions."""

    def plain(obj):
        if dataclasses.is_dataclass(obj):
            return {f.name: plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
        if isinstance(obj, dict):
            return {str(k): plain(v) for k, v in sorted(obj.items(), key=lambda kv: str(kv[0]))}
        if isinstance(obj, list | tuple):
            return [plain(v) for v in obj]
        return obj

    state = {
        "info": plain(engine.info),
        "rng": engine.rng.state,
        "heroes": [plain(h) for h in engine.heroes],
        "enemies": [plain(e) for e in engine.enemies],
        "hexes": [plain(s) for _h, s in sorted(engine.hexes.items())],
        "log": [(ev.kind, ev.text) for ev in engine.log],
        "pending": None
        if engine.pending is None
        else [
            engine.pending.player,
            engine.pending.kind,
            [o.label for o in engine.pending.options],
        ],
    }
    return hashlib.sha256(json.dumps(state, sort_keys=True, default=str).encode()).hexdigest()
