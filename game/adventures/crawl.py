"""The Portal Crawl driver in the duel engine (rules 12-36, 40-47, 55-60).

A Portal Crawl is one `Engine` match of mode "adventure_crawl": the heroes are seats of team 0
(each on their own Health dial), every Minion drawn on exploring becomes an enemy seat (team 1,
`game.adventures.enemies`), and the map's slots are `Tile` entities in the same world. The
crawl's turn structure is a frame stack like the duel's: `CrawlFrame` (setup, the Loot-die roll
for the Start Player, then the turns) pushes one `CrawlTurnFrame` per hero turn:

* not engaged (rule 25): Salves -> Move -> Explore (items, CP, Gold, the tile's choices, its
  Minion: draw, set up, engage);
* engaged (rule 26): Salves -> First Strike (the Minion Step first) -> Hero Step (a complete
  duel `TurnFrame` against the engaged Minion) -> Minion Step (ADV-BATTLE's frame).

Hero decisions are ordinary `PendingChoice`s with kinds `adventure_salves`, `adventure_move`
and `adventure_choice` (the window and `game.adventures.ai` answer them); a question with a
single option is taken without asking. Minion decisions are made inside the engine by the
printed enemy AI and never recorded, so the setup (`MatchSetup.adventure`) plus the hero
actions replays a crawl exactly.

Designed where the rulebook text is lost (docs/adventures.md):
* movement (rules 28-29): you move through explored tiles only, never through a tile where a
  Minion is fighting (you may stop there to join), never onto an explored empty tile, and the
  Boss Portal is closed until 3 shards lie on it; with nowhere to go you stay;
* Salves (rule 55): spent only in your own Salves step: heal yourself by the card's amount, or
  revive a fallen teammate to `revive_health` (half their starting Health, rounded up);
* a fallen hero (rule 47/58) stays on their tile (still engaged, rule 34) and misses turns until
  revived; the crawl is lost at once when a hero is down and no standing teammate holds a Salve;
* a tile's Loot Chest is rolled for by the hero who explores it; a Minion's chests by everyone
  (rule 46); the turn a Minion is revealed ends the explorer's turn: the battle starts on their
  next turn (rule 26); joining a battle goes straight to it (rule 28).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import esper

from game.adventures.components import Adventurer, Scenario, Tile
from game.adventures.crawl_rewards import (  # noqa: F401 - re-exported for the AI, window and tests
    LUCKY_COIN,
    LUCKY_COIN_BONUS,
    SECOND_LOOK,
    TILE_VERBS,
    change_gold,
    draw_unidentified,
    give_bonus_damage,
    grant,
    grant_chest,
    roll_loot_die,
    run_tile_effect,
)
from game.adventures.crawl_state import (
    adventurer,
    heroes,
    living_heroes,
    sc_over,
    scenario,
    scenario_data,
    tiles,
)
from game.rules import codec, ops
from game.rules.actions import Action, Option, act
from game.rules.components import Enemy, KingsHandRules, Standing
from game.rules.engine import MODE_STARTS, _Processor, register_processor
from game.rules.phases import push_hero_setups
from game.rules.rng import shuffle

MODE = "adventure_crawl"
CRAWL_TURN_LIMIT = 600  # a harness safety valve (sims): the crawl is lost after this many turns


@dataclass(slots=True)
class CrawlFrame:
    stage: str = "setup"
    index: int = 0


@dataclass(slots=True)
class CrawlTurnFrame:
    player: int
    stage: str = "start"
    engaged: bool = False
    scratch: dict[str, Any] = field(default_factory=dict)


codec.register(CrawlFrame, CrawlTurnFrame)


# ---------------------------------------------------------------- setup (rules 12-24)


def start_frames(eng) -> list:
    """MODE_STARTS hook: a crawl starts with its own frame instead of the duel's first roll."""
    return [CrawlFrame()]


def _setup(eng) -> None:
    data = scenario_data(eng.setup)
    info = eng.info
    hero_players = heroes(eng)
    sc = Scenario(
        kind="crawl",
        number=int(data["number"]),
        card=str(data["card"]),
        difficulty=str(data.get("difficulty", "")),
        gold=int(data.get("gold", 0)),  # rule 22
        salve_heal=int(data.get("salve_heal", 5)),
        revive_health=int(data.get("revive_health", 0)),
        starting_salves=int(data.get("salves", 0)),
        shards_needed=int(data.get("shards", 3)),
    )
    esper.add_component(eng.MATCH, sc)
    rng = eng.rng
    # Rule 12: each Minion level shuffled separately; the Loot decks keep the campaign's order.
    for level, ids in sorted(data.get("minions", {}).items()):
        deck = list(ids)
        shuffle(rng, deck)
        sc.minion_decks[str(level)] = deck
    sc.loot_decks = {k: list(v) for k, v in data.get("loot_decks", {}).items()}
    # Rule 19: environment tiles of each level drawn at random onto the map's face-down slots.
    pools: dict[str, list[str]] = {}
    for level, defs in sorted(data.get("tiles", {}).items()):
        ids = [t["id"] for t in defs]
        shuffle(rng, ids)
        pools[str(level)] = ids
    sands = ""
    for slot in data["map"]["slots"]:
        kind = slot["kind"]
        tile_id = ""
        if kind == "env":
            pool = pools.get(str(slot["level"]), [])
            if not pool:
                raise ValueError(f"scenario {sc.card}: not enough level {slot['level']} tiles")
            tile_id = pool.pop(0)
        esper.create_entity(
            Tile(
                slot=str(slot["slot"]),
                kind=kind,
                level=int(slot.get("level", 4 if kind == "portal" else 0)),
                tile=tile_id,
                explored=kind == "sands",  # rule 19: the Crimson Sands lies face up
                neighbours=[str(n) for n in slot.get("neighbours", [])],
                items=[str(i) for i in slot.get("items", [])],  # rule 20
                x=float(slot.get("x", 0)),
                y=float(slot.get("y", 0)),
            )
        )
        if kind == "sands":
            sands = str(slot["slot"])
    if not sands:
        raise ValueError(f"scenario {sc.card}: the map has no Crimson Sands")
    for player in hero_players:
        esper.add_component(player, Adventurer(tile=sands))  # rule 21
    info.phase = "crawl"
    eng.emit(
        "crawl_started",
        f"Portal Crawl {sc.number} begins on the Crimson Sands; the team Gold dial "
        f"shows {sc.gold}.",
        number=sc.number,
        card=sc.card,
        gold=sc.gold,
    )


def start_player_roll(eng, players: list[int]) -> int:
    """Rule 23: everyone rolls their Loot die; the highest goes first (ties roll again)."""
    rolling = list(players)
    while len(rolling) > 1:
        results = {p: roll_loot_die(eng, p, "for the first turn") for p in rolling}
        best = max(results.values())
        rolling = [p for p in rolling if results[p] == best]
        if len(rolling) > 1:
            eng.emit("note", "A tie for the highest Loot die: the tied heroes roll again.")
    return rolling[0]


def deal_salves(eng, order: list[int], count: int) -> None:
    """Rule 15: the team shares out its Starting Salves; we deal them round the table from the
    Start Player (the window lets nobody trade them afterwards: Salves are Unique, rule 57)."""
    for i in range(count):
        adventurer(order[i % len(order)]).salves += 1


def step_crawl(eng, frame: CrawlFrame) -> None:
    info = eng.info
    if frame.stage == "setup":
        _setup(eng)
        frame.stage = "start_roll"
        return
    sc = scenario(eng)
    if frame.stage == "start_roll":
        players = heroes(eng)
        start = start_player_roll(eng, players)
        i = players.index(start)
        sc.order = players[i:] + players[:i]
        info.turn_order = list(sc.order)
        deal_salves(eng, sc.order, sc.starting_salves)
        eng.emit(
            "match_started",
            f"{eng.name(start)} rolled highest and takes the first turn.",
            start=eng.seat(start),
            order=[eng.seat(p) for p in sc.order],
        )
        push_hero_setups(eng, sc.order)  # rule 14: each hero is set up as normal
        frame.stage = "turns"
        return
    if sc.result:
        _finish(eng)
        return
    if sc.turns >= CRAWL_TURN_LIMIT:
        end_scenario(eng, "lost", f"the crawl ran past {CRAWL_TURN_LIMIT} turns (harness limit)")
        return
    order = sc.order
    for _ in range(len(order)):
        index = frame.index % len(order)
        frame.index = index + 1
        player = order[index]
        if index == 0:
            info.round += 1
        if eng.alive(player):
            eng.push(CrawlTurnFrame(player=player))
            return
    end_scenario(eng, "lost", "every hero has fallen")


def end_scenario(eng, result: str, why: str) -> None:
    sc = scenario(eng)
    if sc.result:
        return
    sc.result = result
    sc.why = why
    _finish(eng)


def _finish(eng) -> None:
    sc = scenario(eng)
    info = eng.info
    if info.over:
        return
    info.over = True
    info.phase = "over"
    eng.program.pending = None  # the engine clears its frames once the step returns
    won = sc.result == "won"
    info.winner_team = 0 if won else 1
    eng.emit(
        "game_over",
        ("The team wins the scenario" if won else "The team loses the scenario")
        + (f": {sc.why}." if sc.why else "."),
        winner_team=info.winner_team,
        winners=[eng.seat(p) for p in heroes(eng)] if won else [],
        draw=False,
        result=sc.result,
    )


# ---------------------------------------------------------------- a hero's crawl turn


def step_turn(eng, frame: CrawlTurnFrame) -> None:
    handler = TURN_STAGES[frame.stage]
    handler(eng, frame)


def _t_start(eng, frame: CrawlTurnFrame) -> None:
    sc = scenario(eng)
    sc.turns += 1
    player = frame.player
    eng.info.active = player
    adv = adventurer(player)
    frame.engaged = _engaged_minion(eng, player) is not None
    eng.emit(
        "crawl_turn",
        f"{eng.name(player)}'s turn: "
        + ("a Minion Battle." if frame.engaged else "move and explore."),
        player=eng.seat(player),
        engaged=frame.engaged,
        tile=adv.tile,
    )
    frame.stage = "salves"


def _engaged_minion(eng, player: int) -> int | None:
    minion = adventurer(player).engaged
    if minion is None:
        return None
    if not eng.alive(minion):
        return None
    return minion


# ---- Salves (rules 55, 57)


def salve_options(eng, player: int) -> list[Option]:
    seat = eng.seat(player)
    adv = adventurer(player)
    sc = scenario(eng)
    if adv.salves <= 0:
        return []
    options = []
    dial = eng.dial(player)
    # Rule 99: healing may take a hero up to 10 above their starting Health, so a Salve is
    # offered whenever it can heal at all.
    if dial.health < dial.cap:
        options.append(
            Option(
                act(seat, "salve", target=seat),
                f"Spend a Salve: heal {min(sc.salve_heal, dial.cap - dial.health)} "
                f"({adv.salves} left)",
            )
        )
    for mate in heroes(eng):
        if mate != player and adventurer(mate).fallen:
            options.append(
                Option(
                    act(seat, "salve", target=eng.seat(mate)),
                    f"Spend a Salve: revive {eng.name(mate)} at {revive_health(eng, mate)} Health",
                )
            )
    if options:
        options.insert(0, Option(act(seat, "done"), "Spend no (more) Salves"))
    return options


def revive_health(eng, player: int) -> int:
    sc = scenario(eng)
    return sc.revive_health or (eng.dial(player).start + 1) // 2


def _t_salves(eng, frame: CrawlTurnFrame) -> None:
    options = salve_options(eng, frame.player)
    if not options:
        frame.stage = "branch"
        return
    eng.ask(
        frame.player,
        "adventure_salves",
        "Salves: heal yourself or revive a fallen teammate, or go on.",
        options,
    )


def _a_salves(eng, frame: CrawlTurnFrame, action: Action) -> None:
    if action.kind == "done":
        frame.stage = "branch"
        return
    spend_salve(eng, frame.player, eng.player(action.get("target")))


def spend_salve(eng, player: int, target: int) -> None:
    sc = scenario(eng)
    adv = adventurer(player)
    adv.salves -= 1
    sc.salves_used += 1
    if target == player:
        ops.heal_now(eng, player, sc.salve_heal, "a Salve")
        return
    mate = adventurer(target)
    mate.fallen = False
    esper.component_for_entity(target, Standing).defeated = False
    dial = eng.dial(target)
    dial.health = revive_health(eng, target)
    eng.emit(
        "revived",
        f"{eng.name(player)} spends a Salve: {eng.name(target)} is back on their feet with "
        f"{dial.health} Health.",
        player=eng.seat(player),
        target=eng.seat(target),
        health=dial.health,
    )


def _t_branch(eng, frame: CrawlTurnFrame) -> None:
    frame.stage = "first_strike" if frame.engaged else "instants"


# ---- Instant cards and spendable statuses outside battles (rules 33, 78)

# Effects that mean something with no battle going on: they touch only the hero who uses them
# and need no dice, attack or damage on the way. Anything else waits for a battle.
OUTSIDE_BATTLE_VERBS = frozenset({"gain_cp", "draw", "heal", "gain_status", "remove_status"})
OUTSIDE_BATTLE = "outside_battle"  # the Situation's moment (no dice, not a Main Phase)


def works_outside_battle(effects) -> bool:
    """Rule 33 (designed): every effect is one of OUTSIDE_BATTLE_VERBS aimed at yourself."""
    if not effects:
        return False
    for fx in effects:
        if fx.verb not in OUTSIDE_BATTLE_VERBS:
            return False
        if fx.verb in ("heal", "remove_status") and fx.get("target", "self") != "self":
            return False
    return True


def instant_options(eng, player: int) -> list[Option]:
    """Rule 33: outside a battle a hero may play Instant Action cards and spend statuses, never
    Main Phase or Roll Phase cards. We offer the ones whose effects make sense off the battle
    board (`works_outside_battle`): CP, cards, Health, your own tokens - and the Loot-die cards
    of rule 78. Cards that alter dice ("any dice") find no dice here and are not offered."""
    from game.rules.options import Situation, playable_reason, spend_reason

    seat = eng.seat(player)
    sit = Situation(OUTSIDE_BATTLE)
    out: list[Option] = []
    seen: set[str] = set()
    for card in eng.piles(player).hand:
        cdef = ops.card_def(eng, card)
        if cdef.type != "instant" or cdef.id in seen or not works_outside_battle(cdef.effects):
            continue
        if playable_reason(eng, player, card, sit) is not None:
            continue
        seen.add(cdef.id)
        out.append(
            Option(act(seat, "play", card=card), f"Play {cdef.name} ({cdef.cost} CP)", cdef.text)
        )
    for stack in ops.held_statuses(eng, player):
        sdef = ops.status_def(eng, stack.status)
        if sdef.spend is None or not works_outside_battle(sdef.spend.effects):
            continue
        if spend_reason(eng, player, stack.status, sit) is not None:
            continue
        out.append(Option(act(seat, "spend", status=stack.status), f"Spend {sdef.name}", sdef.text))
    if out:
        out.insert(0, Option(act(seat, "done"), "Go on with the turn"))
    return out


def _t_instants(eng, frame: CrawlTurnFrame) -> None:
    options = instant_options(eng, frame.player) if eng.alive(frame.player) else []
    if not options:
        frame.stage = "move"
        return
    eng.ask(
        frame.player,
        "adventure_instant",
        "Outside a battle: play an Instant card or spend a status, or go on.",
        options,
    )


def _a_instants(eng, frame: CrawlTurnFrame, action: Action) -> None:
    """A card or token used here resolves like a played card in a duel (the CardFrame /
    spend_status of the rules engine); the stage then asks again until the hero goes on."""
    from game.rules.frames import CardFrame
    from game.rules.resolution import spend_status

    if action.kind == "done":
        frame.stage = "move"
        return
    if action.kind == "play":
        eng.push(CardFrame(player=frame.player, card=action.get("card")))
    else:
        spend_status(eng, frame.player, action.get("status"), [])


# ---- Move (rule 28)


def destinations(eng, player: int) -> list[tuple[str, str]]:
    """(slot, "explore" | "join") a hero may move to (rule 28, our restrictions for 29)."""
    sc = scenario(eng)
    board = tiles(eng)
    here = adventurer(player).tile
    seen = {here}
    frontier = [here]
    out: dict[str, str] = {}
    while frontier:
        slot = frontier.pop(0)
        _ent, tile = board[slot]
        for nb in tile.neighbours:
            if nb in seen or nb not in board:
                continue
            seen.add(nb)
            _e, other = board[nb]
            if not other.explored:
                if other.kind == "portal" and sc.shards < sc.shards_needed:
                    continue  # rule 24: the Boss Portal is closed until the 3 shards lie on it
                out[nb] = "explore"
                continue
            if other.minion is not None and eng.alive(other.minion):
                out[nb] = "join"  # a teammate's battle: stop here and join it
                continue
            frontier.append(nb)  # an explored empty tile: pass through
    return sorted(out.items(), key=lambda kv: kv[0])


def _t_move(eng, frame: CrawlTurnFrame) -> None:
    player = frame.player
    seat = eng.seat(player)
    board = tiles(eng)
    options = []
    for slot, how in destinations(eng, player):
        _e, tile = board[slot]
        if how == "join":
            minion = tile.minion
            options.append(
                Option(
                    act(seat, "move", slot=slot),
                    f"Move to {place_name(eng, tile)} and join the battle against "
                    f"{eng.name(minion)}",
                )
            )
        else:
            options.append(
                Option(
                    act(seat, "move", slot=slot), f"Move to {place_name(eng, tile)} and explore it"
                )
            )
    if not options:
        eng.emit("note", f"{eng.name(player)} has nowhere to move and stays.", player=seat)
        frame.stage = "end"
        return
    if len(options) == 1:
        _a_move(eng, frame, options[0].action)
        return
    eng.ask(player, "adventure_move", "Move: choose where to go.", options)


def _a_move(eng, frame: CrawlTurnFrame, action: Action) -> None:
    player = frame.player
    slot = action.get("slot")
    _ent, tile = tiles(eng)[slot]
    adventurer(player).tile = slot
    if tile.explored:  # a teammate's battle (rule 28): join it and fight at once
        engage(eng, player, tile.minion)
        eng.emit(
            "hero_moved",
            f"{eng.name(player)} moves to {place_name(eng, tile)} and joins the battle against "
            f"{eng.name(tile.minion)}.",
            player=eng.seat(player),
            slot=slot,
            join=True,
        )
        frame.engaged = True
        frame.stage = "first_strike"
        return
    eng.emit(
        "hero_moved",
        f"{eng.name(player)} moves to {place_name(eng, tile)}.",
        player=eng.seat(player),
        slot=slot,
        join=False,
    )
    frame.stage = "explore"


def engage(eng, player: int, minion: int) -> None:
    """Rules 34-35: the hero fights this Minion (one at a time) until it falls. Hero and Minion
    share a battle (the tile), so "all opponents" effects stay on that tile."""
    from game.adventures.enemies import set_battle, set_foe

    adventurer(player).engaged = minion
    set_foe(eng, player, minion)
    set_battle(eng, player, battle_of(minion))


def battle_of(minion: int) -> int | None:
    """The battle id of a Minion: the entity of the tile it stands on."""
    for ent, tile in esper.get_component(Tile):
        if tile.minion == minion:
            return ent
    return None


def disengage(eng, player: int) -> None:
    from game.adventures.enemies import set_battle, set_foe

    adventurer(player).engaged = None
    set_foe(eng, player, None)
    set_battle(eng, player, None)


# ---- Explore (rules 31-32)


def _t_explore(eng, frame: CrawlTurnFrame) -> None:
    player = frame.player
    sc = scenario(eng)
    slot = adventurer(player).tile
    _ent, tile = tiles(eng)[slot]
    # Rule 31: first the items lying on it.
    for item in list(tile.items):
        tile.items.remove(item)
        if item == "shard":
            sc.shards += 1
            eng.emit(
                "shard_delivered",
                f"{eng.name(player)} finds a Portal Shard and sets it on the Boss Portal "
                f"({sc.shards} of {sc.shards_needed}).",
                player=eng.seat(player),
                shards=sc.shards,
            )
            if sc.shards == sc.shards_needed:
                eng.emit(
                    "portal_open", "All the Portal Shards are in place: the Boss Portal opens."
                )
        elif item == "salve":
            adventurer(player).salves += 1
            eng.emit(
                "salve_found",
                f"{eng.name(player)} picks up a Salve.",
                player=eng.seat(player),
            )
        elif item.startswith("chest"):
            rarity = item.split(":", 1)[1] if ":" in item else "common"
            grant_chest(eng, player, rarity, "a Loot Chest on the tile")
    # Rule 32: flip the tile and resolve it in order.
    tile.explored = True
    tdef = tile_def(eng, tile)
    eng.emit(
        "tile_explored",
        f"{eng.name(player)} turns the tile over: {tdef.get('name', tile.kind)}.",
        player=eng.seat(player),
        slot=slot,
        tile=tile.tile,
        tile_kind=tile.kind,
    )
    if tdef.get("cp"):
        ops.gain_cp(eng, player, int(tdef["cp"]), tdef.get("name", "the tile"))  # (a)
    if tdef.get("gold"):
        change_gold(eng, int(tdef["gold"]), tdef.get("name", "the tile"))  # (b)
    frame.stage = "choices"  # (c), then (d)


ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


def place_name(eng, tile: Tile) -> str:
    """How the log and the buttons name a tile: its name once it is face up, else its level
    (players see tiles, not the map's slot ids)."""
    if tile.explored or tile.kind != "env":
        return tile_def(eng, tile).get("name", tile.kind)
    return f"a face-down level {ROMAN.get(tile.level, tile.level)} tile"


def tile_def(eng, tile: Tile) -> dict[str, Any]:
    if tile.kind == "portal":
        return {"name": "the Boss Portal", "minion": 4, "portal": True}
    if tile.kind == "sands":
        return {"name": "the Crimson Sands"}
    data = scenario_data(eng.setup)
    for tdef in data.get("tiles", {}).get(str(tile.level), []):
        if tdef["id"] == tile.tile:
            return tdef
    raise ValueError(f"unknown environment tile '{tile.tile}'")


def _t_choices(eng, frame: CrawlTurnFrame) -> None:
    """Rule 32(c): the tile's mandatory actions in order, then the explorer picks one of its
    choices (only options whose costs can be paid are offered)."""
    player = frame.player
    _e, tile = tiles(eng)[adventurer(player).tile]
    tdef = tile_def(eng, tile)
    frame.stage = "minion"
    for fx in tdef.get("mandatory", []):
        if not eng.alive(player) or sc_over(eng):
            return
        run_tile_effect(eng, player, fx, tdef.get("name", "the tile"))
    choices = tdef.get("choices", [])
    if not choices or not eng.alive(player) or sc_over(eng):
        return
    seat = eng.seat(player)
    options = [
        Option(act(seat, "choose", option=i), opt["label"])
        for i, opt in enumerate(choices)
        if option_affordable(eng, player, opt)
    ]
    if not options:
        eng.emit("note", f"{eng.name(player)} can afford none of the choices.", player=seat)
        return
    frame.stage = "choices_wait"
    if len(options) == 1:
        _a_choices(eng, frame, options[0].action)
        return
    eng.ask(
        player,
        "adventure_choice",
        f"{tdef.get('name', 'The tile')}: choose one.",
        options,
        tile=tile.tile,
    )


def _t_choices_wait(eng, frame: CrawlTurnFrame) -> None:  # pragma: no cover - never stepped
    raise RuntimeError("a tile choice is open but was not asked")


def option_affordable(eng, player: int, option: dict) -> bool:
    """An option whose `pay_cp` / `pay_gold` cannot be paid is not offered."""
    cp = sum(int(fx.get("amount", 0)) for fx in option["effects"] if fx["do"] == "pay_cp")
    gold = sum(int(fx.get("amount", 0)) for fx in option["effects"] if fx["do"] == "pay_gold")
    return eng.cp(player) >= cp and scenario(eng).gold >= gold


def _a_choices(eng, frame: CrawlTurnFrame, action: Action) -> None:
    player = frame.player
    frame.stage = "minion"
    _e, tile = tiles(eng)[adventurer(player).tile]
    tdef = tile_def(eng, tile)
    opt = tdef["choices"][action.get("option")]
    eng.emit(
        "tile_choice",
        f"{eng.name(player)} chooses: {opt['label']}.",
        player=eng.seat(player),
        label=opt["label"],
    )
    for fx in opt["effects"]:
        if not eng.alive(player) or sc_over(eng):
            return
        run_tile_effect(eng, player, fx, tdef.get("name", "the tile"))


def _t_minion(eng, frame: CrawlTurnFrame) -> None:
    player = frame.player
    sc = scenario(eng)
    _e, tile = tiles(eng)[adventurer(player).tile]
    level = tile_def(eng, tile).get("minion")
    frame.stage = "end"
    if not level or not eng.alive(player):
        return
    minion = reveal_minion(eng, tile, int(level))
    if tile.kind == "portal":
        sc.portal_minion = minion
    engage(eng, player, minion)  # rule 32(d): engage it; the battle is your next turn


def reveal_minion(eng, tile: Tile, level: int) -> int:
    """Draw the top Minion of that level (a No Solo card in a solo game goes to the bottom,
    rule 11), set it up as an enemy seat (rule 37) and stand it on the tile."""
    from game.adventures import enemies

    sc = scenario(eng)
    deck = sc.minion_decks.get(str(level), [])
    if not deck:
        raise ValueError(f"the level {level} Minion deck is empty")
    solo = len(heroes(eng)) == 1
    for _ in range(len(deck)):
        enemy = eng.content.enemies[deck[0]]
        if solo and enemy.no_solo:
            deck.append(deck.pop(0))
            continue
        break
    enemy_id = deck.pop(0)
    from game.adventures.scenario import scaled

    data = scenario_data(eng.setup)
    health = scaled(eng.content.enemies[enemy_id].health, int(data.get("enemy_health_percent", 0)))
    kh = data.get("kings_hand") or {}
    minion = enemies.add_enemy(
        eng,
        enemy_id,
        kings_hand=kings_hand_rules(eng),
        # rule 37 / the card's King's Hand row: a Minion showing the symbol starts with tokens
        kings_hand_tokens=int(kh.get("tokens", 1))
        if eng.content.enemies[enemy_id].kings_hand
        else 0,
        health=health,
    )
    tile.minion = minion
    enemies.set_battle(eng, minion, battle_of(minion))
    eng.emit(
        "minion_revealed",
        f"A level {ROMAN.get(level, level)} Minion appears on {place_name(eng, tile)}: "
        f"{eng.name(minion)}.",
        slot=tile.slot,
        minion=eng.seat(minion),
        enemy=enemy_id,
        level=level,
    )
    return minion


# ---- the Minion Battle (rules 26-27, 40-47)


def kings_hand_rules(eng) -> KingsHandRules:
    """The Scenario card's King's Hand values (rule 50) for an enemy set up now."""
    kh = scenario_data(eng.setup).get("kings_hand") or {}
    return KingsHandRules(
        max_per_turn=int(kh.get("max_per_turn", 1)),
        low=int(kh.get("low", 4)),
        high=int(kh.get("high", 6)),
    )


def _t_first_strike(eng, frame: CrawlTurnFrame) -> None:
    minion = _engaged_minion(eng, frame.player)
    frame.stage = "hero_step"
    if minion is None:
        return
    enemy = eng.content.enemies[esper.component_for_entity(minion, Enemy).enemy]
    if enemy.first_strike:  # rule 40: its Minion Step comes before your Hero Step
        eng.emit(
            "first_strike",
            f"{eng.name(minion)} has First Strike: it acts before {eng.name(frame.player)}.",
            minion=eng.seat(minion),
            player=eng.seat(frame.player),
        )
        frame.scratch["struck_first"] = True
        _push_minion_step(eng, minion, frame.player)


def _push_minion_step(eng, minion: int, hero: int) -> None:
    from game.adventures.enemies import MinionStepFrame

    eng.push(MinionStepFrame(minion=minion, target=hero))


def _t_hero_step(eng, frame: CrawlTurnFrame) -> None:
    from game.adventures.enemies import HeroStepFrame

    frame.stage = "after_hero"
    minion = adventurer(frame.player).engaged
    if minion is None or not eng.alive(frame.player) or sc_over(eng):
        return
    # Rule 40: even if the Minion fell in its own First Strike the hero takes the full step
    # (abilities with side benefits still work; its Attacks have no target).
    eng.push(HeroStepFrame(hero=frame.player, foe=minion))


def _t_after_hero(eng, frame: CrawlTurnFrame) -> None:
    eng.info.active = frame.player
    settle_minions(eng, frame.player)
    check_win(eng)
    frame.stage = "after_minion"
    if sc_over(eng) or frame.scratch.get("struck_first"):
        return
    minion = _engaged_minion(eng, frame.player)
    if minion is not None and eng.alive(frame.player):
        _push_minion_step(eng, minion, frame.player)  # rule 42


def _t_after_minion(eng, frame: CrawlTurnFrame) -> None:
    eng.info.active = frame.player
    settle_minions(eng, frame.player)
    frame.stage = "end"


def _t_end(eng, frame: CrawlTurnFrame) -> None:
    depth = len(eng.program.frames)
    settle_minions(eng, frame.player)
    check_win(eng)
    if len(eng.program.frames) > depth:
        return  # a reward asks its own question first (Bonus Damage at its limit); back after
    eng.pop()


def settle_minions(eng, active: int) -> None:
    """Rule 46 for every Minion that has fallen since the last look: the active hero takes its
    non-chest rewards, every hero rolls for each of its Loot Chests, the card goes to the bottom
    of its deck, and everyone engaged with it is free (rule 34)."""
    sc = scenario(eng)
    for _ent, tile in sorted(esper.get_component(Tile), key=lambda et: et[0]):
        minion = tile.minion
        if minion is None or eng.alive(minion) or minion in sc.rewarded:
            continue
        sc.rewarded.append(minion)
        tile.minion = None
        enemy_id = esper.component_for_entity(minion, Enemy).enemy
        enemy = eng.content.enemies[enemy_id]
        eng.emit(
            "minion_defeated",
            f"{eng.name(minion)} is defeated on {place_name(eng, tile)}.",
            minion=eng.seat(minion),
            slot=tile.slot,
            enemy=enemy_id,
        )
        for player in heroes(eng):
            if adventurer(player).engaged == minion:
                disengage(eng, player)
        taker = active if eng.alive(active) else next(iter(living_heroes(eng)), None)
        for reward in enemy.rewards:
            if reward.kind == "loot_chest":
                for player in sc.order:
                    if eng.alive(player):
                        grant_chest(eng, player, reward.rarity or "common", f"{enemy.name}'s chest")
            elif taker is not None:
                grant(
                    eng,
                    taker,
                    {"kind": reward.kind, "amount": reward.amount, "rarity": reward.rarity},
                    f"defeating {enemy.name}",
                )
        sc.minion_decks.setdefault(str(enemy.level), []).append(enemy_id)
        if minion == sc.portal_minion:
            sc.portal_defeated = True


def check_win(eng) -> None:
    """Rule 59: the Boss Portal's Level IV Minion is defeated and no hero is engaged."""
    sc = scenario(eng)
    if sc.result or not sc.portal_defeated:
        return
    if any(_engaged_minion(eng, p) is not None for p in heroes(eng)):
        return
    end_scenario(eng, "won", "the Boss Portal's guardian is defeated and nobody is engaged")


def crawl_end_rule(eng, newly: list[int]) -> None:
    """ops.END_RULES hook: a Minion falling ends nothing (rewards come at the end of the step);
    a hero falling is down until revived; rule 58: the crawl is lost when a hero is down and no
    standing teammate holds a Salve to revive them."""
    for player in newly:
        if esper.has_component(player, Adventurer):
            adventurer(player).fallen = True
            eng.emit(
                "hero_fallen",
                f"{eng.name(player)} has fallen and needs a teammate's Salve.",
                player=eng.seat(player),
            )
    check_loss(eng)


def check_loss(eng) -> None:
    if not esper.has_component(eng.MATCH, Scenario):
        return
    down = [p for p in heroes(eng) if adventurer(p).fallen]
    if not down:
        return
    helpers = [p for p in living_heroes(eng) if adventurer(p).salves > 0]
    if not helpers:
        names = " and ".join(eng.name(p) for p in down)
        end_scenario(eng, "lost", f"{names} fell and no teammate can revive them")


TURN_STAGES = {
    "start": _t_start,
    "salves": _t_salves,
    "branch": _t_branch,
    "instants": _t_instants,
    "move": _t_move,
    "explore": _t_explore,
    "choices": _t_choices,
    "choices_wait": _t_choices_wait,
    "minion": _t_minion,
    "first_strike": _t_first_strike,
    "hero_step": _t_hero_step,
    "after_hero": _t_after_hero,
    "after_minion": _t_after_minion,
    "end": _t_end,
}


def answer_turn(eng, frame: CrawlTurnFrame, action: Action) -> None:
    if frame.stage == "salves":
        _a_salves(eng, frame, action)
        check_loss(eng)
    elif frame.stage == "instants":
        _a_instants(eng, frame, action)
    elif frame.stage == "move":
        _a_move(eng, frame, action)
    elif frame.stage == "choices_wait":
        _a_choices(eng, frame, action)
    else:  # pragma: no cover - an engine bug
        raise RuntimeError(f"no question is open at stage {frame.stage}")


class CrawlProcessor(_Processor):
    steps = {CrawlFrame: step_crawl, CrawlTurnFrame: step_turn}


register_processor(CrawlProcessor(), {CrawlTurnFrame: answer_turn})
MODE_STARTS[MODE] = start_frames
ops.END_RULES[MODE] = crawl_end_rule
