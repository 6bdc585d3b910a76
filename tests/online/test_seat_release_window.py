"""The lobby's Give seat back, two windows against a real hosted server (SDL dummy)."""

from __future__ import annotations

from game.online.link import seat_path
from game.ui.scenes.title import TitleScene
from tests.online import test_window as base
from tests.online.test_window import frames, host, join, seat_shows

_loopback = base._loopback  # the fixtures of the window tests (loopback only; the windows)
windows = base.windows


def test_a_guest_gives_the_seat_back_and_continue_no_longer_offers_it(windows):
    a, b = windows(), windows()
    lobby_a = host(a)
    lobby_b = join(b, lobby_a)
    code = lobby_b.link.code
    frames([a, b], lambda: seat_shows(lobby_a, 1, name="Bo", taken=True))
    assert seat_path(code).exists()  # the guest's seat was remembered for Continue
    # the host keeps theirs: no such button in the host's lobby; the guest has one
    assert lobby_a.give_button is None and lobby_a.give_button not in lobby_a.buttons
    assert lobby_b.give_button in lobby_b.buttons
    lobby_b.give_button.on_click()
    frames([a, b], lambda: isinstance(b.scene, TitleScene))
    assert not seat_path(code).exists()  # off the Continue list
    # the host's lobby shows the seat open at once
    frames([a, b], lambda: seat_shows(lobby_a, 1, name="", taken=False))
    # a newcomer takes the open seat
    c = windows()
    lobby_c = join(c, lobby_a, name="Cy")
    assert lobby_c.link.seat == 1
    frames([a, c], lambda: seat_shows(lobby_a, 1, name="Cy", taken=True))
