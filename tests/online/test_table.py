"""The client's table (`game/online/table.py`) is the offline `match_view` minus what the
seat may not see, and a click's `Action` maps back to the option number the server wants."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.ai import make_ai
from game.content.loader import default_content
from game.online import view as seat_view
from game.online.link import server_url
from game.online.local_table import LocalTable
from game.online.rooms import match_setup
from game.online.table import HIDDEN_CARD, RemoteTable, board_abilities
from game.rules import ops
from game.rules.engine import Engine
from game.rules.options import Situation, card_cost, playable_reason
from game.rules.view import match_view
from game.ui.prompt_policy import engine_spend_windows


def rules_answers(engine, seat: int, view) -> tuple[dict, dict, dict]:
    """What the engine itself says for `seat` now: the cost of each card in a hand it sees,
    why each card in its hand cannot be played (when it decides), the spend windows open for
    each token an option spends."""
    costs, reasons, windows = {}, {}, {}
    spend_windows = engine_spend_windows(engine)
    with engine.world.active():
        for p in view.players:
            if seat in p.hand_visible_to:
                for card, _cid in p.hand:
                    costs[card] = card_cost(engine, engine.player(p.seat), card)
        choice = engine.pending
        if choice is not None and choice.player == seat:
            moment = seat_view.MOMENTS.get(choice.kind, choice.window or "")
            sit = Situation(moment, list(choice.context.get("dice") or []))
            for card, _cid in view.players[seat].hand:
                reason = playable_reason(engine, engine.player(seat), card, sit)
                if reason:
                    reasons[card] = reason
    choice = engine.pending
    if choice is not None and choice.player == seat:
        for option in choice.options:
            if option.action.kind == "spend":
                status = option.action.get("status")
                windows[status] = spend_windows(choice, status)
    return costs, reasons, windows


@pytest.mark.parametrize(
    ("mode", "heroes"),
    [
        ("duel", ["cursed_pirate", "huntress"]),
        ("2v2", ["treant", "artificer", "cursed_pirate", "huntress"]),
        ("boss_vs_many", ["barbarian", "huntress", "mad_king"]),
    ],
)
def test_the_remote_table_is_the_offline_view_without_hidden_hands(mode, heroes):
    """Online (a `RemoteTable` fed the JSON the server sends) and offline (a `LocalTable` on
    the engine, which the offline board draws from) show each seat the same table: the
    engine's own view with the other team's hands face down, the same options, the same
    answers the rules give (card costs, why a card cannot be played, open spend windows)."""
    engine = Engine.new_match(match_setup(mode, heroes, 21))
    seats = len(heroes)
    tables = [RemoteTable(default_content(), seat) for seat in range(seats)]
    locals_ = [LocalTable(engine, seat) for seat in range(seats)]
    ais = [make_ai("random", 40 + i) for i in range(seats)]
    events = list(engine.log)
    hinted = {"costs": 0, "reasons": 0, "windows": 0}
    try:
        for _ in range(250):
            full = match_view(engine)
            seq = len(engine.actions)
            for seat, table in enumerate(tables):
                message = json.loads(json.dumps(seat_view.seat_update(engine, seat, events, seq)))
                table.take(message)
                local = locals_[seat]
                shown = local.sync(events)
                assert [(e.kind, e.data, e.text) for e in shown] == [
                    (e.kind, e.data, e.text) for e in table.log[len(table.log) - len(shown) :]
                ]
                assert local.view == table.view and local.cards == table.cards
                assert local.pending == table.pending
                costs, reasons, windows = rules_answers(engine, seat, full)
                for source in (table, local):
                    assert (source.costs, source.reasons, source.windows) == (
                        costs,
                        reasons,
                        windows,
                    )
                    assert all(source.cost(c) == v for c, v in costs.items())
                    assert all(source.why_not(c) == v for c, v in reasons.items())
                hinted["costs"] += bool(costs)
                hinted["reasons"] += bool(reasons)
                hinted["windows"] += bool(windows)
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
                    number = (seq, choice.options.index(choice.find(pick)))
                    assert table.answer(pick) == number and local.answer(pick) == number
                elif choice is not None:
                    assert (
                        table.pending.options == []
                        and table.answer(choice.options[0].action) is None
                        and local.answer(choice.options[0].action) is None
                    )
            if engine.over:
                break
            choice = engine.pending
            events = engine.apply(ais[choice.player].decide(engine, choice))
    finally:
        engine.close()
    assert len(tables[0].log) > 0
    # the hints were there to compare (the level III discount has its own story test:
    # tests/ui/test_seat_source.py)
    assert hinted["costs"] and hinted["reasons"] and hinted["windows"]


def test_an_address_as_a_player_types_it():
    assert server_url("192.168.1.5") == "ws://192.168.1.5:7777"
    assert server_url(" 192.168.1.5:8000/ ") == "ws://192.168.1.5:8000"
    assert server_url("wss://game.example:443") == "wss://game.example:443"
    assert server_url("[::1]:9000") == "ws://[::1]:9000"
    for bad in ("", "host:99999", "host:port", "a b"):
        with pytest.raises(ValueError):
            server_url(bad)
