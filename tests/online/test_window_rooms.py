"""The Online screen's Boss rooms and the lobby's leave setting, against a real `game serve`
process on loopback (two windows, SDL dummy).

A Boss vs Many room is hosted from the Online screen with its heroes' count, a second window
joins and sits in the Boss's seat, the Bosses and heroes are changed in the lobby (a hero in a
Boss's seat is refused by the server), and the two windows play the match to its end through
the online board. The host's choice of what happens when a person drops is changed in the
lobby and from the board's pause menu, reaches the other window, and a guest cannot change it;
so does the host's switch for spectators (switched off, a window watching is shown out).
"""

from __future__ import annotations

import random

import esper

from game.online.table import HIDDEN_CARD
from game.ui.scenes.lobby import LEAVE_CHOICES, SPECTATOR_WORDS, LobbyScene, leave_words
from game.ui.scenes.online_duel import OnlineDuelScene, OnlineEndScene
from game.ui.scenes.online_menu import OnlineScene
from game.ui.scenes.online_watch import WatchScene
from tests.online import test_window as base
from tests.online.test_window import answer_randomly, frames, join, seat_shows

_loopback = base._loopback  # the fixtures of the window tests (loopback only; the windows)
windows = base.windows


def host_room(app, mode: str, heroes: int = 2, name: str = "Ann") -> LobbyScene:
    """Host from the Online screen as a player does: the format's button, then (Boss vs Many)
    the heroes' count button."""
    menu = OnlineScene(app, serve_extra=("--rate", "300"))
    app.push(menu)
    menu.name.text, menu.port.text = name, "0"
    button = next(
        b
        for b in menu.mode_buttons
        if b.label == {"boss_vs_many": "Boss vs Many", "boss_vs_boss": "Boss vs Boss"}[mode]
    )
    button.on_click()
    while menu.boss_heroes != heroes:
        assert menu.count_button in menu.buttons  # offered while Boss vs Many is picked
        menu.count_button.on_click()
    menu.host()
    frames([app], lambda: isinstance(app.scene, LobbyScene), timeout=60)
    return app.scene


def test_the_online_screen_offers_the_boss_formats_and_the_heroes_count(windows):
    app = windows()
    menu = OnlineScene(app)
    app.push(menu)
    labels = [b.label for b in menu.mode_buttons]
    assert "Boss vs Many" in labels and "Boss vs Boss" in labels
    assert menu.count_button not in menu.buttons  # a duel has no heroes' count
    menu._set_mode("boss_vs_many")
    assert menu.count_button in menu.buttons and menu.count_button.label == "2 heroes"
    menu.count_button.on_click()
    menu.count_button.on_click()
    assert menu.count_button.label == "4 heroes"
    menu.count_button.on_click()
    assert menu.count_button.label == "2 heroes"  # 2-4, round again
    from game.ui.scenes.online_menu import lobby_seats

    seats = lobby_seats("boss_vs_many", 3)
    assert len(seats) == 4 and seats[-1]["hero"] == "mad_king"
    assert [s["hero"] for s in lobby_seats("boss_vs_boss")] == ["fallen_barbarian", "mad_king"]
    menu._set_mode("duel")
    assert menu.count_button not in menu.buttons


def test_a_boss_vs_many_room_from_the_lobby_to_the_end_with_a_window_as_the_boss(windows):
    worlds = set(esper.list_worlds())
    a, b = windows(), windows()
    lobby_a = host_room(a, "boss_vs_many", heroes=2)
    room = lobby_a.link.room
    assert room["mode"] == "boss_vs_many" and len(room["seats"]) == 3
    assert room["seats"][2]["hero"] == "mad_king"
    # the host's hero teammate is the computer; the friend then lands in the Boss's seat
    lobby_a.step_kind(1)
    frames([a], lambda: seat_shows(lobby_a, 1, kind="computer", level="easy"))
    lobby_a.set_hero(1, "huntress")
    frames([a], lambda: seat_shows(lobby_a, 1, hero="huntress"))
    lobby_b = join(b, lobby_a)
    assert lobby_b.link.seat == 2 and lobby_b.is_boss_seat(2) and not lobby_b.is_boss_seat(0)
    # the Boss's "<" ">" go through the Bosses; a hero there is refused and changes nothing
    lobby_b.step_hero(2, -1)
    frames([a, b], lambda: seat_shows(lobby_a, 2, hero="fallen_monk"))
    lobby_b.link.client.pick("barbarian")
    frames([a, b], lambda: bool(lobby_b.message))
    assert "Boss" in lobby_b.message and seat_shows(lobby_b, 2, hero="fallen_monk")
    lobby_a.link.client.pick("mad_king")  # and a Boss in a hero's seat
    frames([a, b], lambda: bool(lobby_a.message))
    assert seat_shows(lobby_a, 0, hero="gunslinger")
    lobby_a.set_hero(0, "cursed_pirate")
    frames([a, b], lambda: seat_shows(lobby_b, 0, hero="cursed_pirate"))
    # the Boss's row says so, in the Boss team's colour
    assert lobby_b.hero_name("fallen_monk") == "Fallen Monk"
    lobby_a.draw(a.screen)
    lobby_b.draw(b.screen)
    lobby_a.toggle_ready()
    lobby_b.toggle_ready()
    both = lambda: isinstance(a.scene, OnlineDuelScene) and isinstance(b.scene, OnlineDuelScene)  # noqa: E731
    frames([a, b], both)
    duel_a, duel_b = a.scene, b.scene
    assert [p.hero for p in duel_b.view.players] == ["cursed_pirate", "huntress", "fallen_monk"]
    assert duel_b.bar_label(2) == "You" and duel_b.bar_label(1) == "CPU Easy"
    assert duel_a.bar_label(2) == "Online"
    # the Boss's Action hand is the Boss window's only
    assert all(card == HIDDEN_CARD for card in duel_a.view.players[2].hand)
    assert duel_b.view.players[2].hand and all(
        c != HIDDEN_CARD for c in duel_b.view.players[2].hand
    )
    boss_answers = []
    played = set()  # seats that played or sold a card, from the events the Boss's window got
    take = duel_b.source.take

    def taking(update):  # (the board's log keeps the last 400 events only)
        events = take(update)
        cards = ("card_played", "card_sold")
        played.update(e.data.get("player") for e in events if e.kind in cards)
        return events

    duel_b.source.take = taking

    def act(scene) -> None:
        remote = scene.source.remote if scene is duel_b else None
        if remote is not None and remote.mine and scene.sent_for is not scene.source.pending:
            boss_answers.append(scene.source.pending.kind)
        inner(scene)

    inner = answer_randomly(random.Random(11))
    frames(
        [a, b],
        lambda: isinstance(a.scene, OnlineEndScene) and isinstance(b.scene, OnlineEndScene),
        timeout=600,
        act=act,
    )
    assert duel_a.view.over and duel_b.view.over
    assert duel_a.view.winner_team == duel_b.view.winner_team
    assert a.scene.headline() == b.scene.headline()
    # the Boss window rolled, chose in its Main Phase and used its Action cards like a hero
    assert {"offensive_roll", "main_phase"} <= set(boss_answers)
    assert 2 in played
    assert set(esper.list_worlds()) == worlds  # no engine in the windows' process


def test_the_host_chooses_what_happens_when_a_player_drops_and_everybody_sees_it(windows):
    a, b = windows(), windows()
    lobby_a = host_room(a, "boss_vs_boss")
    lobby_b = join(b, lobby_a)
    frames([a, b], lambda: seat_shows(lobby_a, 1, connected=True))
    # a server started by the window without --grace waits for a person who drops
    assert lobby_a.link.room["on_leave"] == "wait"
    assert lobby_a.drop_button is not None and lobby_b.drop_button is None
    assert lobby_a.drop_button.label == leave_words(lobby_b.link.room) == "the match waits for them"
    lobby_a.drop_button.on_click()
    frames([a, b], lambda: lobby_b.link.room.get("on_leave") == "computer")
    assert lobby_b.link.room["grace"] == LEAVE_CHOICES[1][1] == 30
    frames([a, b], lambda: lobby_a.drop_button.label.endswith("after 30 s"))
    lobby_b.draw(b.screen)  # the guest reads it (no button)
    assert leave_words(lobby_b.link.room) == "the computer plays for them after 30 s"

    def both_show(**want) -> bool:  # the host clicks on what its own lobby shows
        rooms = (lobby_a.link.room, lobby_b.link.room)
        return all(room.get(k) == v for room in rooms for k, v in want.items())

    for want in (60, 120):
        lobby_a.step_leave()
        frames([a, b], lambda w=want: both_show(grace=w))
    lobby_a.step_leave()  # round again: wait
    frames([a, b], lambda: both_show(on_leave="wait"))
    # a guest cannot change it: the lobby offers nothing, and the server refuses the message
    lobby_b.step_leave()
    lobby_b.link.client.room_settings(on_leave="computer", grace=0)
    frames([a, b], lambda: bool(lobby_b.message))
    assert "host" in lobby_b.message
    assert lobby_a.link.room["on_leave"] == "wait"
    # the choice holds into the match (the room file keeps it)
    lobby_a.drop_button.on_click()
    frames([a, b], lambda: lobby_b.link.room.get("on_leave") == "computer")
    lobby_a.toggle_ready()
    lobby_b.toggle_ready()
    frames([a, b], lambda: isinstance(a.scene, OnlineDuelScene))
    frames([a, b], lambda: isinstance(b.scene, OnlineDuelScene))
    duel_a, duel_b = a.scene, b.scene
    assert duel_a.link.room["on_leave"] == "computer" and duel_a.link.room["grace"] == 30
    # during the match the host changes it from the pause menu (Esc); a guest's has no entry
    duel_a._open_pause()
    duel_b._open_pause()
    labels = [button.label for button in duel_b.pause_buttons]
    assert not any(label.startswith("Player drops") for label in labels)
    entry = next(x for x in duel_a.pause_buttons if x.label.startswith("Player drops"))
    assert entry.label == "Player drops: CPU after 30 s"
    entry.on_click()
    assert [x.label for x in duel_a.pause_buttons if x.label.startswith("Player")] == [
        "Player drops: CPU after 60 s"
    ]
    frames([a, b], lambda: duel_b.link.room.get("grace") == 60)
    next(x for x in duel_a.pause_buttons if x.label.startswith("Player")).on_click()
    next(x for x in duel_a.pause_buttons if x.label.startswith("Player")).on_click()  # twice
    frames([a, b], lambda: duel_b.link.room.get("on_leave") == "wait")
    assert "Player drops: wait" in [x.label for x in duel_a.pause_buttons]


def watch(app, lobby: LobbyScene, name="Sam") -> WatchScene:
    """Watch the lobby's room from the Online screen as a player does."""
    menu = OnlineScene(app)
    app.push(menu)
    menu.name.text = name
    menu.address.text = f"127.0.0.1:{lobby.link.hosted.port}"
    menu.code.text = lobby.link.code
    menu.watch()
    assert isinstance(app.scene, WatchScene)
    return app.scene


def test_the_host_switches_spectators_off_and_on_and_everybody_sees_it(windows):
    a, b, c = windows(), windows(), windows()
    lobby_a = base.host(a)
    lobby_b = join(b, lobby_a)
    frames([a, b], lambda: seat_shows(lobby_a, 1, connected=True))
    watching = watch(c, lobby_a)
    frames([a, b, c], lambda: (lobby_a.link.room or {}).get("spectators") == 1)
    # allowed by default; the host has the switch, the guest reads the words
    assert lobby_a.spectator_button is not None and lobby_b.spectator_button is None
    assert lobby_a.spectator_button.label == SPECTATOR_WORDS[True] == "Spectators: allowed"
    lobby_a.spectator_button.on_click()
    frames([a, b, c], lambda: lobby_b.link.room.get("spectators_allowed") is False)
    frames([a, b, c], lambda: lobby_a.spectator_button.label == "Spectators: not allowed")
    # the window watching is shown out and says why; the count drops to nobody
    frames([a, b, c], lambda: "spectators" in watching.status())
    assert watching.status().startswith("The server refused")
    frames([a, b, c], lambda: lobby_a.link.room.get("spectators") == 0)
    lobby_b.draw(b.screen)  # the guest reads it (no button)
    # a guest cannot switch it back: the lobby offers nothing, and the server refuses it
    lobby_b.toggle_spectators()
    lobby_b.link.client.room_settings(spectators=True)
    frames([a, b], lambda: bool(lobby_b.message))
    assert "host" in lobby_b.message
    assert lobby_a.link.room["spectators_allowed"] is False
    # nobody new may watch now
    c.reset(OnlineScene(c))
    refused = watch(c, lobby_a, "Kim")
    frames([a, b, c], lambda: "spectators" in refused.status())
    # switched on again, a window watches
    lobby_a.spectator_button.on_click()
    # (each window lays its lobby out again when its own copy of the room changes)
    frames(
        [a, b],
        lambda: (
            lobby_b.link.room.get("spectators_allowed") is True
            and lobby_a.spectator_button.label == "Spectators: allowed"
        ),
    )
    c.reset(OnlineScene(c))
    again = watch(c, lobby_a, "Lee")
    frames([a, b, c], lambda: (lobby_a.link.room or {}).get("spectators") == 1)
    assert again.status() == "Waiting for the match to start."


def test_the_board_waits_calmly_while_another_seat_chooses_a_target(windows):
    """Boss vs Many: while the Boss's player is the active seat, another seat may be choosing the
    target; this window is told only who decides (no options). The table strip drew from the
    first option and failed (found by the whole-match test above, one run in five)."""
    from game.online.table import choice_from
    from game.ui import online_preview

    app = windows()
    duel = OnlineDuelScene(app, online_preview.duel_link("boss_vs_many"))
    app.push(duel)
    me = duel.viewer
    assert duel.view.active == me and duel.table is not None
    duel.source.remote = choice_from({"player": 1, "kind": "choose_target", "seq": 9})
    assert duel.table.focus(duel.view, me) != me  # an opponent's board, shown full size
    duel.draw(app.screen)
    assert duel._prompt_text(duel.source.pending).endswith("is choosing the target...")
