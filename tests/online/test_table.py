"""The client's table (`game/online/table.py`) is the offline `match_view` minus what the
seat may not see, and a click's `Action` maps back to the option number the server wants."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.ai import make_ai
from game.content.loader import default_content
from game.modes.variants import SEATS, setup_for
from game.online import view as seat_view
from game.online.link import server_url
from game.online.table import HIDDEN_CARD, RemoteTable, board_abilities
from game.rules import ops
from game.rules.engine import Engine
from game.rules.view import match_view


@pytest.mark.parametrize(
    ("mode", "heroes"),
    [
        ("duel", ["cursed_pirate", "huntress"]),
        ("2v2", ["treant", "artificer", "cursed_pirate", "huntress"]),
    ],
)
def test_the_remote_table_is_the_offline_view_without_hidden_hands(mode, heroes):
    engine = Engine.new_match(setup_for(mode, heroes, seed=21))
    tables = [RemoteTable(default_content(), seat) for seat in range(SEATS[mode])]
    ais = [make_ai("random", 40 + i) for i in range(SEATS[mode])]
    events = list(engine.log)
    try:
        for _ in range(250):
            full = match_view(engine)
            seq = len(engine.actions)
            for seat, table in enumerate(tables):
                message = json.loads(json.dumps(seat_view.seat_update(engine, seat, events, seq)))
                table.take(message)
                expected = replace(
                    full,
                    players=[
                        p
                        if seat in p.hand_visible_to
                        else replace(p, hand=[HIDDEN_CARD] * len(p.hand))
                        for p in full.players
                    ],
                )
                assert table.view == expected
                with engine.world.active():  # the odds read the board's abilities from the view
                    for p in table.view.players:
                        kinds = ("offensive", "ultimate", "defensive")
                        theirs = ops.abilities(engine, engine.player(p.seat), kinds)
                        assert board_abilities(table.content, p, kinds) == theirs
                choice = engine.pending
                if choice is not None and choice.player == seat:
                    assert table.pending.options == choice.options
                    pick = ais[seat].decide(engine, choice)
                    assert table.answer(pick) == (seq, choice.options.index(choice.find(pick)))
                elif choice is not None:
                    assert (
                        table.pending.options == []
                        and table.answer(choice.options[0].action) is None
                    )
            if engine.over:
                break
            choice = engine.pending
            events = engine.apply(ais[choice.player].decide(engine, choice))
    finally:
        engine.close()
    assert len(tables[0].log) > 0


def test_an_address_as_a_player_types_it():
    assert server_url("192.168.1.5") == "ws://192.168.1.5:7777"
    assert server_url(" 192.168.1.5:8000/ ") == "ws://192.168.1.5:8000"
    assert server_url("wss://game.example:443") == "wss://game.example:443"
    assert server_url("[::1]:9000") == "ws://[::1]:9000"
    for bad in ("", "host:99999", "host:port", "a b"):
        with pytest.raises(ValueError):
            server_url(bad)
