"""Adventures online: the per-seat view over whole computer-played crawl sessions and their Shop,
the checker catching what only the crawl hides, and two real clients playing a campaign room
through `python -m game serve` (a crawl turn, the Shop, a server restart)."""

from __future__ import annotations

import json
import queue
import random
import time
import zlib

import esper
import pytest

from game.adventures.ai import AdventureAI
from game.adventures.campaign import new_campaign
from game.adventures.content import default_adventures
from game.adventures.runner import CampaignRunner
from game.content.loader import default_content
from game.online.adventure_view import adventure_update, crawl_state
from game.online.audit import AdventureAuditor
from game.online.client import Client
from game.online.view import SPECTATOR
from game.rules.view import match_view
from tests.online.support import ServerProcess, is_type, room_actions, wait_for


def _runner(team, seed: int) -> CampaignRunner:
    content, adv = default_content(), default_adventures()
    loot = {rarity: list(ids) for rarity, ids in adv.loot_cards.items()}
    heroes = [(hero, f"P{i}", "human") for i, hero in enumerate(team)]
    campaign = new_campaign("normal", "T", heroes, seed, content, loot)
    return CampaignRunner(campaign, autosave=False, keep_log=True)


def _audit_sessions(team, seed: int, sessions: int):
    """Play `sessions` whole sessions (crawl and conclusion) with computer heroes; audit every
    message every seat would receive. Returns what was seen."""
    runner = _runner(team, seed)
    seats = [*range(len(team)), SPECTATOR]  # every hero's seat, and a spectator's
    auditors = [AdventureAuditor(_runner(team, seed), seat) for seat in seats]
    ais = [AdventureAI("normal", seat) for seat in range(len(team))]
    seen = {"messages": 0, "shop": 0, "kinds": set(), "deciders": {}, "conclusions": set()}
    engine, read, seq = runner.engine, 0, 0
    try:
        while not runner.finished and runner.campaign.sessions < sessions:
            if runner.engine is not engine:
                engine, read = runner.engine, 0
            events, read = engine.log[read:], len(engine.log)
            view = match_view(engine)
            for seat, auditor in zip(seats, auditors, strict=True):
                message = json.loads(json.dumps(adventure_update(runner, seat, events, seq, view)))
                problems = auditor.check(message)
                assert not problems, f"seat {seat} at {seq}: {problems[:3]}"
                seen["messages"] += 1
                seen["kinds"].update(e["kind"] for e in message["events"])
                choice = message["choice"]
                assert ("options" in choice) == (choice["player"] == seat)  # its own only
                state = message["state"]
                if state["conclusion"] is not None:
                    seen["conclusions"].add(state["conclusion"]["kind"])
                if choice["kind"] == "adventure_shop":  # each hero shops with their own Gold
                    assert choice["player"] == state["conclusion"]["current"]
                    seen["shop"] += choice["mine"]
                if choice["kind"] == "adventure_move":  # the hero whose turn it is moves
                    turn = [e for e in engine.log if e.kind == "crawl_turn"][-1]
                    assert choice["player"] == turn.data["player"]
                seen["deciders"].setdefault(choice["kind"], set()).add(choice["player"])
            choice = runner.pending
            action = ais[choice.player].decide(runner.target, choice)
            runner.apply(action)
            seq += 1
            for auditor in auditors:
                auditor.advance(action)
    finally:
        for auditor in auditors:
            auditor.close()
        runner.close()
    return seen


@pytest.mark.parametrize(
    ("team", "seed", "sessions"),
    [
        (("huntress", "cursed_pirate"), 12345678, 1),
        (("treant", "artificer", "barbarian"), 87654321, 2),
    ],
)
def test_no_seat_of_an_online_campaign_receives_hidden_information(team, seed, sessions):
    seen = _audit_sessions(team, seed, sessions)
    assert seen["shop"] > 0 and seen["messages"] > 300
    assert {"tile_explored", "minion_revealed", "loot_unidentified"} <= seen["kinds"]
    assert "unlisted" not in seen["kinds"]
    # every hero moved on their own turns and shopped on their own
    assert seen["deciders"]["adventure_move"] == set(range(len(team)))
    assert seen["deciders"]["adventure_shop"] == set(range(len(team)))
    if sessions == 2:  # the crawl, its Shop, then a Boss Battle and its Boss Loot
        assert seen["conclusions"] == {"shop", "boss_loot"}
        assert "boss_battle_started" in seen["kinds"]
        assert seen["deciders"]["adventure_boss_loot"] == set(range(len(team)))


def _crawl_with_loot(team=("huntress", "treant"), seed=42424242):
    """A crawl played until a hero holds an Unidentified Loot card and a Minion deck and a
    face-down tile remain."""
    runner = _runner(team, seed)
    ais = [AdventureAI("normal", seat) for seat in range(len(team))]
    from game.adventures.crawl import adventurer, heroes

    while runner.driver is None:
        with runner.engine.world.active():
            held = [adventurer(p).unidentified for p in heroes(runner.engine)]
        if any(held):
            return runner
        choice = runner.pending
        runner.apply(ais[choice.player].decide(runner.target, choice))
    raise AssertionError("no Unidentified Loot during the crawl")


def test_the_adventure_auditor_catches_what_the_crawl_hides():
    runner = _crawl_with_loot()
    auditor = AdventureAuditor(runner, 0)
    engine = runner.engine
    from game.adventures.components import Scenario, Tile
    from game.adventures.crawl import adventurer, heroes, tile_def

    clean = json.loads(json.dumps(adventure_update(runner, 0, engine.log, 0)))
    assert not auditor.check(clean)
    with engine.world.active():
        sc = esper.component_for_entity(engine.MATCH, Scenario)
        deck = next(d for d in sc.minion_decks.values() if len(d) >= 3)
        loot = next(d for d in runner.campaign.loot_decks.values() if len(d) >= 3)
        hidden = [t for _, t in esper.get_component(Tile) if not t.explored and t.tile]
        entry = next(e for p in heroes(engine) for e in adventurer(p).unidentified)
        seed, state = runner.campaign.seed, runner.campaign.rng
    assert auditor.check({"order": list(deck)})  # a Minion deck's order
    assert auditor.check({"order": list(loot)})  # a Loot deck's order
    assert auditor.check({"minion_decks": {}})  # a key naming a deck
    assert auditor.check({"tile": hidden[0].tile})  # a face-down tile's environment
    assert auditor.check({"loot": entry.split(":", 1)[1]})  # an Unidentified card
    assert auditor.check({"n": seed}) and auditor.check({"n": state})  # campaign seed, state
    # the whole crawl state with the face-down tiles turned over fails the audit
    with engine.world.active():
        for tile in hidden:
            tile.explored = True
        shown = crawl_state(engine)
        for tile in hidden:
            tile.explored = False
    assert any("face-down tile" in p for p in auditor.check({"state": {"scenario": shown}}))
    # the view names a face-up tile's environment card ("env"): a face-down one's name fails,
    # even with the tile's id left out
    with engine.world.active():
        name = tile_def(engine, hidden[0])["name"]
    assert auditor.check({"env": {"name": name}})
    for tile in shown["tiles"]:
        tile["tile"] = ""
    assert any("face-down tile" in p for p in auditor.check({"state": {"scenario": shown}}))
    # a face-up tile's environment, the Minion fighting there and the Gold are sent
    assert all(t["env"] for t in clean["state"]["scenario"]["tiles"] if t["explored"])
    hidden_tiles = [t for t in clean["state"]["scenario"]["tiles"] if t["kind"] == "env"]
    assert all(t["env"] == {} for t in hidden_tiles if not t["explored"])
    runner.close()


def test_a_loot_card_named_like_an_ability_is_flagged_only_as_a_card():
    """The Loot card Tower Shield shares its id with the Dark Knight's ability and a status: the
    ability or the status in a message says nothing about a hero's Unidentified card, the card
    named as a card does (a whole Adventures room through a Boss Battle hit the first case)."""
    from game.adventures.crawl import adventurer, heroes
    from game.online.audit import board_names

    runner = _crawl_with_loot()
    auditor = AdventureAuditor(runner, 0)
    try:
        names = board_names(runner.content)
        assert "tower_shield" in names and "tower_shield" in runner.content.cards
        engine = runner.engine
        with engine.world.active():
            held = adventurer(heroes(engine)[0]).unidentified
            held.append("epic:tower_shield")  # as if the hero had found it in a chest
            assert (
                auditor.check({"events": [{"kind": "defense_chosen", "ability": "tower_shield"}]})
                == []
            )
            assert auditor.check({"statuses": {"tower_shield": 1}}) == []
            assert auditor.check({"events": [{"kind": "card_drawn", "card_id": "tower_shield"}]})
            assert auditor.check({"offer": {"card": "tower_shield"}})
            assert auditor.check({"loot": "epic:tower_shield"})
            held[:] = ["rare:keen_edge_test"]  # an id naming nothing else: caught anywhere
            assert auditor.check({"loot": "keen_edge_test"})
            held.clear()
    finally:
        runner.close()


def test_unidentified_loot_reaches_the_table_as_its_rarity_only():
    runner = _crawl_with_loot(seed=777)
    try:
        message = json.loads(json.dumps(adventure_update(runner, 1, runner.engine.log, 0)))
        heroes = message["state"]["scenario"]["heroes"]
        rarities = [r for h in heroes for r in h["unidentified_rarities"]]
        assert rarities and set(rarities) <= {"common", "rare", "epic", "legendary"}
        events = [e for e in message["events"] if e["kind"] == "loot_unidentified"]
        assert events and all(set(e) == {"kind", "player", "rarity", "text"} for e in events)
        tiles = message["state"]["scenario"]["tiles"]
        assert all(t["tile"] == "" for t in tiles if not t["explored"])
        assert any(t["tile"] for t in tiles if t["explored"] and t["kind"] == "env")
    finally:
        runner.close()


# ------------------------------------------------------------------ through a real server


@pytest.fixture
def server(tmp_path):
    proc = ServerProcess(tmp_path / "rooms", extra=["--rate", "300"]).start()
    yield proc
    proc.stop()


def _room_start(rooms_dir, code: str) -> dict:
    """The room's campaign at its start, from the room's own campaign file (read before the
    first session ends)."""
    saved = json.loads((rooms_dir / f"{code}.campaign.json").read_text())
    assert saved["session"]["actions"] == [] and saved["session"]["post_actions"] == []
    return {"campaign": saved["campaign"], "session": saved["session"]}


def _room_runner(start: dict) -> CampaignRunner:
    from game.online.campaign_room import runner_from_data

    return runner_from_data(start)


def _audit_updates(start: dict, actions: list, seat: int, received: list[dict]) -> None:
    """Every message a seat received passes the campaign audit, the copy of the campaign
    brought up to each message's point from the room's actions file."""
    auditor = AdventureAuditor(_room_runner(start), seat)
    done = 0
    try:
        for message in received:
            while done < message.get("seq", 0):
                auditor.advance(actions[done])
                done += 1
            assert not auditor.check(message), seat
    finally:
        auditor.close()


def _play(clients_: list[Client], until, seed: int, timeout: float = 90.0, resumed=False):
    """Each client answers its own open decision (in the newest update it holds) at random,
    until `until(update)` holds for one; returns every update each client received. After a
    restart (`resumed`) a client may hold an update from before it and the same one again
    from its resume, and answer both: the second is refused as `stale` (nothing changes)."""
    rng = random.Random(seed)
    updates: list[list[dict]] = [[] for _ in clients_]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        idle = True
        reached = False
        for i, client in enumerate(clients_):
            newest = None
            while True:
                try:
                    message = client.inbox.get_nowait()
                except queue.Empty:
                    break
                if message.get("type") == "error":
                    assert resumed and message["code"] == "stale", message
                if message.get("type") == "update":
                    updates[i].append(message)
                    newest = message
                    reached = reached or until(message)
            if newest is None:
                continue
            idle = False
            choice = newest["choice"]
            if choice and choice["mine"]:
                client.act(newest["seq"], rng.choice(choice["options"])["id"])
        if reached:
            return updates
        if idle:
            time.sleep(0.002)
    last = [u[-1] for u in updates if u]
    where = [(m["seq"], m["choice"], (m["state"].get("scenario") or {}).get("turns")) for m in last]
    raise TimeoutError(f"the campaign did not get there: {str(where)[:1500]}")


def test_two_people_play_a_campaign_room_through_a_crawl_turn_and_the_shop(server, clients):
    seats = [{"kind": "human", "hero": "huntress"}, {"kind": "human", "hero": "cursed_pirate"}]
    a = clients(server.url)
    a.create("adventure", seats, seat=0, name="Ann")
    assert wait_for(a, is_type("error"))["code"] == "difficulty"  # no difficulty named
    message = {"type": "create", "version": a.version, "seats": seats, "seat": 0, "name": "Ann"}
    a.send(dict(message, mode="duel", adventure_difficulty="normal"))
    assert "adventure" in wait_for(a, is_type("error"))["reason"]
    five = [
        {"kind": "human", "hero": h} for h in ("monk", "ninja", "treant", "huntress", "barbarian")
    ]
    a.send(dict(message, mode="adventure", adventure_difficulty="normal", seats=five))
    assert wait_for(a, is_type("error"))["code"] == "seats"  # 2-4 heroes
    a.send(dict(message, mode="adventure", adventure_difficulty="normal"))
    code = wait_for(a, is_type("seated"))["room"]
    sam = clients(server.url)  # a spectator, watching from before the start
    sam.watch(code, name="Sam")
    wait_for(sam, is_type("watching"))
    b = clients(server.url)
    b.join(code, 1, name="Bo")
    wait_for(b, is_type("seated"))
    assert wait_for(b, is_type("room"))["adventure_difficulty"] == "normal"
    start = _room_start(server.rooms_dir, code)

    # both play until the second crawl turn has begun (a whole first turn is behind them)
    def second_turn(message):
        scenario = message["state"].get("scenario")
        return scenario is not None and scenario["turns"] >= 2

    updates = _play([a, b], second_turn, seed=3)

    # ... then on through the Shop until the next session is set up
    def next_session(message):
        return message["state"]["campaign"]["sessions"] >= 1

    more = _play([a, b], next_session, seed=4)
    updates = [u + m for u, m in zip(updates, more, strict=True)]
    actions = room_actions(server.rooms_dir, code)
    shop = [x for x in actions if x.kind.startswith("shop_")]
    assert {x.player for x in shop} == {0, 1}  # both people shopped, each for their hero
    first_shop = actions.index(shop[0])
    assert first_shop > 0  # decisions of the crawl came first (a move asked only with a choice)
    last = updates[0][-1]["seq"]
    wait_for(sam, lambda m: m.get("type") == "update" and m["seq"] >= last)
    watched = [m for m in sam.seen if m.get("type") != "connection"]
    assert sum(m.get("type") == "update" for m in watched) > 20
    for seat, received in [*enumerate(updates), (SPECTATOR, watched)]:
        _audit_updates(start, actions, seat, received)
        if seat == SPECTATOR:  # no hand, no options: a seat outside the heroes' team
            for m in (m for m in watched if m.get("type") == "update"):
                match = m["state"].get("match") or {"players": []}
                assert all("hand" not in p for p in match["players"])
                assert not m["choice"]["mine"] and "options" not in m["choice"]
            continue
        # a crawl decision goes to the hero whose turn it is (each player moves their own hero)
        turn = None
        for m in received:
            turns = [e["player"] for e in m["events"] if e["kind"] == "crawl_turn"]
            turn = turns[-1] if turns else turn
            if (m["choice"] or {}).get("kind") in ("adventure_move", "adventure_salves"):
                assert m["choice"]["player"] == turn
        shop_turns = [m for m in received if (m["choice"] or {}).get("kind") == "adventure_shop"]
        assert shop_turns
        for m in shop_turns:  # the hero shopping decides; the other sees only who it is
            assert m["choice"]["mine"] == (m["choice"]["player"] == seat)
            assert m["choice"]["player"] == m["state"]["conclusion"]["current"]


def _open_campaign(server, clients, seats):
    """A Normal campaign room made by one client in seat 0 and joined by another in seat 1:
    (the two clients, the room code, the room's start record)."""
    a = clients(server.url)
    a.send(
        {
            "type": "create",
            "version": a.version,
            "mode": "adventure",
            "adventure_difficulty": "normal",
            "seats": seats,
            "seat": 0,
        }
    )
    code = wait_for(a, is_type("seated"))["room"]
    b = clients(server.url)
    b.join(code, 1)
    wait_for(b, is_type("seated"))
    return a, b, code, _room_start(server.rooms_dir, code)


def test_a_campaign_room_resumes_after_a_server_restart(server, clients):
    seats = [{"kind": "human", "hero": "treant"}, {"kind": "human", "hero": "artificer"}]
    a, b, code, start = _open_campaign(server, clients, seats)

    def third_turn(message):
        scenario = message["state"].get("scenario")
        return scenario is not None and scenario["turns"] >= 3

    _play([a, b], third_turn, seed=5)
    time.sleep(0.5)  # let the last answers land
    server.stop()
    actions = room_actions(server.rooms_dir, code)
    server.start()
    assert "1 rooms resumed" in server.first_line
    wait_for(a, is_type("seated"), 60)
    back = wait_for(a, is_type("update"), 60)
    assert back["seq"] == len(actions)
    local = _room_runner(start)
    try:
        for action in actions:
            local.apply(action)
        assert back["state"] == json.loads(json.dumps(adventure_update(local, 0, [], 0)["state"]))
    finally:
        local.close()
    # and the campaign goes on from there (seat 0 answers the decision it was sent back)
    a.inbox.put(back)
    _play([a, b], lambda m: m["seq"] >= len(actions) + 5, seed=6, resumed=True)


def test_a_computer_hero_is_decided_from_the_campaign_save_data():
    """A computer seat's worker rebuilds the campaign from the room's save data (the campaign
    save's restore), follows it action by action, and picks what the Adventures computer picks."""
    from game.online import workers
    from game.online.campaign_room import CampaignGame

    game = CampaignGame(_runner(("huntress", "treant"), 5151))
    twin = _runner(("huntress", "treant"), 5151)
    try:
        held = None
        for _ in range(60):
            choice = game.pending
            index = workers.decide_adventure("R1", game.save_data(), choice.player, "normal", 9)
            # the worker keeps its copy and applies only the actions it has not seen
            held = held or workers._adventure_cache["adventure:R1"][0]
            assert workers._adventure_cache["adventure:R1"][0] is held
            expected = AdventureAI("normal", 9).decide(twin.target, twin.pending)
            assert choice.options[index].action == expected
            game.apply(choice.options[index].action)
            twin.apply(expected)
    finally:
        workers.forget_adventure("R1")
        game.close()
        twin.close()


def test_a_campaign_room_file_lagging_behind_its_actions_resumes_at_the_last_one(tmp_path):
    """The room's campaign file is saved at the runner's moments (each turn, each boundary) by
    the writer thread; a restart restores it and applies the room's actions it does not hold."""
    from game.online.adventure_view import adventure_state
    from game.online.campaign_room import resume_campaign, start_campaign
    from game.persistence import writer

    path = tmp_path / "R.campaign.json"
    game = start_campaign(["huntress", "treant"], ["A", "B"], "normal", 31337, path)
    ais = [AdventureAI("normal", seat) for seat in range(2)]
    actions = []
    try:
        while len(actions) < 80 or json.loads(path.read_text())["room_seq"] == len(actions):
            choice = game.pending
            actions.append(ais[choice.player].decide(game.target, choice))
            game.apply(actions[-1])
            writer.flush()
        held = json.loads(path.read_text())["room_seq"]
        assert 0 < held < len(actions)  # the file lags; the room's actions file does not
        back = resume_campaign(path, actions)
        try:
            assert back.seq == len(actions)
            assert adventure_state(back.runner, 0) == adventure_state(game.runner, 0)
        finally:
            back.runner.close()
        with pytest.raises(Exception, match="holds"):  # a file ahead of the actions is refused
            resume_campaign(path, actions[: held - 1])
    finally:
        game.runner.close()


def test_a_computer_hero_plays_beside_two_people_in_a_campaign_room(server, clients):
    seats = [
        {"kind": "human", "hero": "huntress"},
        {"kind": "human", "hero": "treant"},
        {"kind": "computer", "hero": "barbarian", "level": "easy"},
    ]
    a, b, code, start = _open_campaign(server, clients, seats)

    def computer_acted(message):
        return sum(x.player == 2 for x in room_actions(server.rooms_dir, code)) >= 10

    updates = _play([a, b], computer_acted, seed=8)
    actions = room_actions(server.rooms_dir, code)
    # the computer's answers are the Adventures computer's (Easy) at each of its decisions
    twin = _room_runner(start)
    try:
        for seq, action in enumerate(actions):
            if action.player == 2:
                seed = zlib.crc32(f"{code}:2:{seq}".encode())
                ai = AdventureAI("easy", seed)
                assert action == ai.decide(twin.target, twin.pending)
            twin.apply(action)
    finally:
        twin.close()
    for seat, received in enumerate(updates):
        _audit_updates(start, actions, seat, received)


def test_a_campaign_spectator_sees_no_hand_and_a_heros_view_fails_its_audit():
    runner = _crawl_with_loot()
    auditor = AdventureAuditor(runner, SPECTATOR)
    engine = runner.engine
    watched = json.loads(json.dumps(adventure_update(runner, SPECTATOR, engine.log, 0)))
    assert not auditor.check(watched)
    players = watched["state"]["match"]["players"]
    assert all("hand" not in p for p in players) and sum(p["hand_size"] for p in players) > 0
    # a deliberate leak: hero 0's own update (the heroes' hands, its options) sent to a spectator
    leaked = auditor.check(json.loads(json.dumps(adventure_update(runner, 0, engine.log, 0))))
    assert any("hand" in p for p in leaked)
    runner.close()


def _play_thoughtfully(
    clients_: list[Client], rooms_dir, code: str, start: dict, until, timeout: float = 300.0
):
    """Like `_play`, but each person answers as the Adventures computer (Normal) would: the test
    keeps a copy of the room's campaign, brought up to each decision from the room's actions
    file, and picks the option carrying the computer's action (random answers lose the first
    crawl and never reach a Boss Battle). The windows' process holds no engine; this copy is
    the test's, standing in for a player's judgement. Returns every update each client got."""
    twin = _room_runner(start)
    ais = {seat: AdventureAI("normal", seat) for seat in range(len(clients_))}
    updates: list[list[dict]] = [[] for _ in clients_]
    actions: list = []
    applied = 0  # actions the copy has played
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            idle, reached = True, False
            for i, client in enumerate(clients_):
                newest = None
                while True:
                    try:
                        message = client.inbox.get_nowait()
                    except queue.Empty:
                        break
                    assert message.get("type") != "error", message
                    if message.get("type") == "update":
                        updates[i].append(message)
                        newest = message
                        reached = reached or until(message)
                if newest is None or not (newest["choice"] or {}).get("mine"):
                    continue
                idle = False
                seq = newest["seq"]
                if len(actions) < seq:
                    actions = room_actions(rooms_dir, code)
                while applied < seq:
                    twin.apply(actions[applied])
                    applied += 1
                choice = twin.pending
                assert choice.player == i == newest["choice"]["player"]
                wanted = json.loads(json.dumps(ais[i].decide(twin.target, choice).to_json()))
                options = newest["choice"]["options"]
                picks = [o for o in options if o["action"] == wanted]
                assert picks, f"the computer's {wanted} is not among {options}"
                pick = picks[0]
                client.act(seq, pick["id"])
            if reached:
                return updates
            if idle:
                time.sleep(0.002)
    finally:
        twin.close()
    last = [(u[-1]["seq"], u[-1]["choice"]) for u in updates if u]
    raise TimeoutError(f"the campaign did not get there: {str(last)[:1500]}")


def test_two_people_play_a_campaign_room_through_a_boss_battle_and_its_loot(server, clients):
    seats = [{"kind": "human", "hero": "huntress"}, {"kind": "human", "hero": "treant"}]
    a, b, code, start = _open_campaign(server, clients, seats)

    def after_boss_loot(message):  # the Boss Battle's session is scored: the next one is set up
        rows = message["state"]["campaign"]["rows"]
        return any(row["kind"] == "boss" for row in rows)

    updates = _play_thoughtfully([a, b], server.rooms_dir, code, start, after_boss_loot)
    actions = room_actions(server.rooms_dir, code)
    for seat, received in enumerate(updates):
        kinds = {e["kind"] for m in received for e in m["events"]}
        assert "boss_battle_started" in kinds and "unlisted" not in kinds
        battle = [m for m in received if (m["state"].get("scenario") or {}).get("kind") == "boss"]
        assert battle, "no update during the Boss Battle"
        # the Boss is an enemy seat: its hand reaches nobody, the heroes' hands both heroes
        players = battle[-1]["state"]["match"]["players"]
        assert all("hand" in p for p in players[:2])
        assert not any("hand" in p for p in players[2:])
        # Boss Loot (rules 90-91, win or lose): each hero rolls and keeps or discards their own
        # draw - the decision goes to the seat of the hero who drew (a roll whose Loot deck has
        # nothing for the hero asks nothing)
        loot = [m for m in received if (m["choice"] or {}).get("kind") == "adventure_boss_loot"]
        assert loot, "no Boss Loot decision reached this seat"
        for m in loot:
            conclusion = m["state"]["conclusion"]
            assert conclusion["kind"] == "boss_loot"
            drawing = conclusion["loot_draws"][-1]
            assert drawing["card"] and drawing["kept"] is None
            assert m["choice"]["player"] == drawing["seat"]
            assert m["choice"]["mine"] == (m["choice"]["player"] == seat)
        # every update passes the audit
        _audit_updates(start, actions, seat, received)
    # the sheet's last row is the Boss Battle's (in the newest update either client holds)
    rows = max((m["state"]["campaign"]["rows"] for u in updates for m in u), key=len)
    assert rows[-1]["kind"] == "boss"
    # every decision of the Boss Battle went to a hero's seat (the Boss and its Minions are
    # played inside the engine by their printed AI)
    assert {x.player for x in actions} == {0, 1}
