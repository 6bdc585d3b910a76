"""An online match: the offline board, drawn from what the server sent this seat.

`OnlineDuelScene` is the duel scene with a `RemoteTable` as its source (offline it is a
`LocalTable` built by the same `view.seat_update`): the same boards, tray, hand, log, odds and
tooltips are drawn by the same code (duel.py, duel_draw.py, table_view.py) from the per-seat
view, the server's filtered events are played back by the same presenter, and a click becomes
the same option number - sent to the server instead of applied here. There is no engine in
this window: why a card cannot be played, an upgrade's discounted cost and the spend windows
the auto-pass setting reads come in the view, worked out by the server's rules.

The other seats are "decided elsewhere" (`ElsewhereSeat`), as the computer seats are offline.
Undo is never offered online: taking an action back would need every affected player's
agreement and the server keeps no undo (docs/online.md).
"""

from __future__ import annotations

import pygame

from game.ai import LEVEL_NAMES
from game.online.link import OnlineLink
from game.online.table import RemoteTable, board_abilities
from game.ui import theme as T
from game.ui.scenes.duel import DuelScene
from game.ui.scenes.end import EndScene
from game.ui.widgets import draw_text, panel


class ElsewhereSeat:
    """A seat decided by another window or by the server's computer: nothing to do here."""

    def decide(self, _engine, _choice) -> None:
        return None


def connection_words(link: OnlineLink) -> tuple[str, tuple[int, int, int]]:
    """The indicator's words and colour."""
    if link.state == "connected":
        return "Online", T.POSITIVE
    if link.state == "connecting":
        return "Connecting...", T.HIGHLIGHT
    if link.state == "lost":
        return "Reconnecting...", T.NEGATIVE
    return "Disconnected", T.NEGATIVE


def notice_text(notice: dict) -> str:
    """A line for the log about who came or went (a player's connection, or a spectator)."""
    name = notice.get("name") or ""
    if notice.get("role") == "spectator":
        watching = f"({notice.get('spectators', 0)} watching)"
        if notice.get("event") == "joined":
            return f"{name or 'Someone'} is watching {watching}."
        return f"{name or 'Someone'} stopped watching {watching}."
    who = name or f"Player {int(notice.get('seat') or 0) + 1}"
    return f"{who} is here." if notice.get("event") == "joined" else f"{who} lost the connection."


def clock_rect(th, beside: pygame.Rect) -> pygame.Rect:
    """Where the turn timer's clock goes: just left of the connection indicator `beside`."""
    clock = pygame.Rect(0, beside.y, th.px(96), beside.h)
    clock.right = beside.x - th.px(6)
    return clock


def draw_turn_clock(surface: pygame.Surface, th, source, beside: pygame.Rect) -> None:
    """The turn timer's clock (minutes:seconds, red in the last 10 s) left of the connection
    indicator, while the table `source` has a timed decision open."""
    left = source.seconds_left()
    if left is None or source.pending is None:
        return
    clock = clock_rect(th, beside)
    late = left <= 10
    panel(surface, clock, th, fill=T.WOOD, rim=T.NEGATIVE if late else T.BRASS, radius=8)
    words = f"{int(left) // 60}:{int(left) % 60:02d}"
    font = th.fit_font(15, words, clock.w - th.px(10), height=clock.h, bold=True)
    y = clock.centery - font.get_linesize() // 2
    colour = T.NEGATIVE if late else T.TEXT
    draw_text(surface, words, font, colour, (clock.centerx, y), align="center")


def draw_connection(surface: pygame.Surface, th, link: OnlineLink, rect: pygame.Rect) -> None:
    """A dot and a word: Online / Connecting... / Reconnecting... / Disconnected."""
    words, colour = connection_words(link)
    panel(surface, rect, th, fill=T.WOOD, rim=colour, radius=8)
    radius = max(3, rect.h // 5)
    pygame.draw.circle(surface, colour, (rect.x + th.px(12), rect.centery), radius)
    font = th.fit_font(14, words, rect.w - th.px(28), height=rect.h, bold=True)
    y = rect.centery - font.get_linesize() // 2
    draw_text(surface, words, font, T.TEXT, (rect.x + th.px(22), y))


def drop_label(room: dict) -> str:
    """The host's pause-menu entry: what happens when a person drops (click for the next)."""
    if room.get("on_leave") == "computer":
        return f"Player drops: CPU after {int(room.get('grace') or 0)} s"
    return "Player drops: wait"


class OnlineDuelScene(DuelScene):
    def __init__(self, app, link: OnlineLink, content=None) -> None:
        from game.content.loader import default_content

        self.link = link
        table = RemoteTable(content or default_content(), link.seat or 0)
        for update in link.updates or [link.latest]:  # the log from the first update on
            table.take(update)
        link.updates.clear()
        seats = [{"kind": "human"} for _ in table.view.players]
        super().__init__(app, None, seats, source=table)
        self.viewer = link.seat or 0
        self.hotseat = False
        self.controllers = {s: ElsewhereSeat() for s in range(len(seats)) if s != self.viewer}
        self.ended = True  # the offline end screen offers a rematch here; ours does not
        self.shown_end = False
        self.sent_for = None  # the decision this window has answered (waiting for the server)
        self.drop_shown: dict = {}  # the room as the host's pause menu shows it
        self.last_refusal = ""  # the code of the server's latest refusal

    # ------------------------------------------------------------ the server's side

    def send(self, seq: int, number: int) -> None:
        if self.link.state != "connected":
            self.message = "Not connected: wait until the connection is back."
            return
        self.link.act(seq, number)
        self.sent_for = self.source.pending
        self.buttons, self.modal, self.confirm_end = [], [], None

    def _take_updates(self) -> None:
        for update in self.link.updates:
            events = self.source.take(update)
            self.presenter.feed(events)
            self.view = self.source.view
            self.decided_for = None
            self.sent_for = None  # the server has moved on: nothing of ours is outstanding
            self.buttons, self.modal, self.confirm_end = [], [], None
            self.odds_cache.clear()
        self.link.updates.clear()
        notices = getattr(self.link, "notices", [])
        for notice in notices:  # who came or went, in the log
            self.presenter.log.append(("notice", notice_text(notice)))
        notices.clear()

    def update(self, dt: float) -> None:
        self.link.poll()
        self._take_updates()
        if self.link.error:
            # the server refused something (an answer sent too fast, or too late): say so and
            # offer the open decision again, never wait for an update that will not come
            self.message = self.link.error
            self.last_refusal = self.link.error_code
            self.link.error = ""
            self.sent_for = None
            self.decided_for = None
        if self.source.pending is self.sent_for and self.sent_for is not None:
            self.decided_for = self.sent_for  # answered: no controls until the server replies
        super().update(dt)
        if (
            self.source.over
            and not self.shown_end
            and not self.presenter.busy
            and not self.motion.finale
            and self.app.scene is self
        ):
            self.shown_end = True
            self.app.push(OnlineEndScene(self.app, self))

    # ------------------------------------------------------------ the odds, solved here

    def odds(self, seat: int) -> dict[tuple[str, int], float] | None:
        key = self.odds_key(seat)
        if key is None:
            return None
        _seat, values, left = key
        if key not in self.odds_cache:
            from game.ai.odds import odds as compute_odds

            player = self.view.players[seat]
            hero = self.content.heroes[player.hero]
            abilities = board_abilities(self.content, player, ("offensive", "ultimate"))
            self.odds_cache[key] = compute_odds(hero, abilities, values, left)
        return self.odds_cache[key]

    def bar_label(self, seat: int) -> str:
        return self.seat_kind_label(seat)

    def seat_kind_label(self, seat: int) -> str:
        if seat == self.viewer and not getattr(
            self.link, "watching", False
        ):  # a spectator: no "You"
            return "You"
        info = self._room_seat(seat)
        if info is None:
            return f"Player {seat + 1}"
        if info["kind"] == "computer":
            return f"CPU {LEVEL_NAMES.get(info['level'], info['level'])}"
        if info.get("computer_standing_in"):
            return "Away (CPU plays)"
        return "Online" if info.get("connected") else "Away (disconnected)"

    def _room_seat(self, seat: int) -> dict | None:
        seats = (self.link.room or {}).get("seats", [])
        return seats[seat] if 0 <= seat < len(seats) else None

    def _save(self) -> None:
        pass  # the server keeps the match; the seat file lets Continue take us back

    def undo(self) -> None:
        pass  # never online (see the module's note)

    def _open_pause(self, room: dict | None = None) -> None:
        entries = [
            ("Resume", self._resume),
            ("Rules Reference", self._rules),
            ("Settings", self._settings),
        ]
        note = "The match stays on the server: Continue on the title takes you back to it."
        room = room or self.link.room or {}
        self.drop_shown = room  # the choice the menu shows (the next click goes on from it)
        if self.link.is_host:  # the host may change what happens when a person drops
            entries.append((drop_label(room), self._step_drop))
        self.open_pause_menu([*entries, ("Leave to title", self._quit)], note=note)

    def _step_drop(self) -> None:
        """The host's next choice for a person who drops (as in the lobby); the menu shows it."""
        from game.ui.scenes.lobby import next_leave

        on_leave, grace = next_leave(self.drop_shown)
        self.link.client.room_settings(on_leave=on_leave, grace=grace)
        asked = {**self.drop_shown, "on_leave": on_leave}
        if grace is not None:
            asked["grace"] = grace
        self._open_pause(asked)  # what was asked; the server tells everybody

    def _quit(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.link.close()
        self.app.reset(TitleScene(self.app))

    def exit(self) -> None:
        """Leaving the board (or closing the window) ends the link and a hosted server."""
        self.link.close()

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.paused:
            return  # the pause menu is on top (its veil covers the tray's indicator and clock)
        th = self.app.theme
        rect = self.connection_rect()
        draw_connection(surface, th, self.link, rect)
        draw_turn_clock(surface, th, self.source, rect)
        if self.link.state != "connected":
            words = "Connection lost - reconnecting..." if self.link.state == "lost" else ""
            words = words or f"Disconnected: {self.link.reason or 'the server is gone'}"
            banner = pygame.Rect(0, 0, th.px(520), th.px(40))
            banner.center = self.tray_rect.center
            panel(surface, banner, th, fill=T.PARCHMENT, rim=T.NEGATIVE, radius=8)
            font = th.fit_font(17, words, banner.w - th.px(20), height=banner.h, bold=True)
            y = banner.centery - font.get_linesize() // 2
            draw_text(surface, words, font, T.INK, (banner.centerx, y), align="center")

    def connection_rect(self) -> pygame.Rect:
        """Top right of the tray: clear of both boards, the log and the prompt."""
        th = self.app.theme
        w, h = th.px(186), th.px(26)
        return pygame.Rect(self.tray_rect.right - w - th.px(6), self.tray_rect.y + th.px(6), w, h)


class OnlineEndScene(EndScene):
    """The end screen without a rematch (another room is made on the Online screen)."""

    def enter(self) -> None:
        super().enter()
        self.stats = self.duel.source.end_stats()  # the whole match's, as the server counted

    def resize(self) -> None:
        super().resize()
        first = self.buttons[0]
        first.label, first.on_click = "Online", self.rematch
        first.tooltip = "Host or join another online game."

    def rematch(self) -> None:
        from game.ui.scenes.online_menu import OnlineScene
        from game.ui.scenes.title import TitleScene

        self.duel.link.close()
        self.app.reset(TitleScene(self.app))
        self.app.push(OnlineScene(self.app))

    def new_duel(self) -> None:
        self.duel.link.close()
        super().new_duel()

    def title(self) -> None:
        self.duel.link.close()
        super().title()
