"""Watching an online room without a seat (a spectator).

Watch on the Online screen takes the same address and room code as Join. `WatchScene` waits
for the server (connecting, the room's seats while it fills up, or the server's refusal with
its reason); once the match runs, `watch_board` opens the board. A co-op Mission or Adventures
room gets the spectator's Missions board or crawl (online_watch_coop.py); the duel and Boss
formats get `WatchBoardScene`, drawn with the online board's code (`OnlineDuelScene`: the same
boards, tray, log and tooltips) from what the server sends a spectator: a seat outside every
team, so every hand is only its size and there is no decision to answer. The board has no hand
and no controls but Leave; a click that would act is answered here ("You are watching") and
nothing is sent.
"""

from __future__ import annotations

import pygame

from game.modes.variants import MODE_NAMES
from game.online.link import MODES, OnlineLink
from game.rules.actions import Action
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import anchored
from game.ui.scenes.online_duel import ElsewhereSeat, OnlineDuelScene, draw_connection
from game.ui.widgets import Button, draw_text, felt_background, panel

WATCHING = "You are watching: a spectator sees what the whole table sees and cannot act."
# the room kinds that are not duel formats (the co-op ones have their own boards)
OTHER_ROOMS = {
    "boss_vs_many": "Boss vs Many",
    "boss_vs_boss": "Boss vs Boss",
    "mission": "co-op Mission",
    "adventure": "co-op Adventures",
}


def room_name(mode: str) -> str:
    return MODE_NAMES.get(mode) or OTHER_ROOMS.get(mode, mode)


def start_watching(app, url: str, code: str, name: str = "", make_link=OnlineLink) -> None:
    """Open a link that watches room `code` at `url`, and the screen that waits for it."""
    link = make_link(url, name=name)
    link.watch_room(code)
    app.push(WatchScene(app, link, code))


def watch_board(app, link: OnlineLink) -> Scene:
    """The spectator's board for the room: the Missions board for a co-op Mission, the crawl for
    a co-op Adventures campaign, else the duel's."""
    mode = (link.room or {}).get("mode")
    if mode in ("mission", "adventure"):
        from game.ui.scenes.online_watch_coop import WatchAdventureScene, WatchMissionScene

        return WatchMissionScene(app, link) if mode == "mission" else WatchAdventureScene(app, link)
    return WatchBoardScene(app, link)


class WatchScene(Scene):
    """Waiting to watch: reaching the server, then the room filling up, or the refusal."""

    def __init__(self, app, link: OnlineLink, code: str) -> None:
        super().__init__(app)
        self.link = link
        self.code = code
        self.handed_over = False

    def enter(self) -> None:
        self.resize()

    def exit(self) -> None:
        if not self.handed_over:
            self.link.close()

    def resize(self) -> None:
        th = self.app.theme
        screen = self.app.screen.get_rect()
        self.box = anchored((min(th.px(720), screen.w - th.px(40)), th.px(360)), screen, "center")
        self.leave_button = Button(
            anchored((th.px(160), th.px(44)), self.box, "bottom", th.px(16)),
            "Leave",
            self.leave,
            hotkey="Esc",
            tooltip="Stop watching and go back to the Online screen.",
        )

    def leave(self) -> None:
        self.app.pop()  # exit() closes the link

    @property
    def drawable(self) -> bool:
        """Has the window a board for this room (the duel and Boss formats, the co-op Mission
        and the co-op Adventures)?"""
        return (self.link.room or {}).get("mode", "duel") in (*MODES, "mission", "adventure")

    def update(self, dt: float) -> None:
        self.link.poll()
        if self.link.latest is not None and self.drawable:  # the board takes the link
            self.handed_over = True
            self.app.replace(watch_board(self.app, self.link))

    def status(self) -> str:
        link = self.link
        if link.error:
            return f"The server refused: {link.error}"
        if link.state == "failed":
            return f"Could not reach {link.url}: {link.reason}"
        if not link.code:
            if link.state == "lost":
                return f"Still trying to reach {link.url} ({link.reason})"
            return f"Reaching {link.url}..."
        if not self.drawable:
            mode = room_name(link.room["mode"])
            return f"The window cannot show a {mode} room."
        return "Waiting for the match to start."

    def handle(self, event: pygame.event.Event) -> None:
        if self.leave_button.handle(event):
            self.app.play("button")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        box = self.box
        panel(surface, box, th, fill=T.WOOD, rim=T.BRASS, radius=10)
        room = self.link.room or {}
        mode = room_name(room.get("mode", ""))
        title = f"Watching room {self.code}" + (f" - {mode}" if mode else "")
        x, width = box.x + th.px(20), box.w - th.px(40)
        spot = pygame.Rect(box.right - th.px(196), box.y + th.px(14), th.px(186), th.px(26))
        head = th.fit_font(24, title, spot.x - x - th.px(10), height=th.px(30), bold=True)
        draw_text(surface, title, head, T.BRASS, (x, box.y + th.px(14)))
        y = box.y + th.px(56)
        font = th.font(16)
        draw_text(surface, self.status(), th.font(16, bold=True), T.TEXT, (x, y), width=width)
        y += th.px(34)
        heroes = self._content().heroes
        for seat in room.get("seats", []):
            hero = heroes[seat["hero"]].name if seat["hero"] in heroes else seat["hero"]
            if seat["kind"] == "computer":
                who, state = "Computer", "plays on the server"
            elif not seat["taken"]:
                who, state = "Open", "waiting for a player"
            else:
                who, state = (
                    seat["name"] or "A player",
                    "connected" if seat["connected"] else "away",
                )
            line = f"Seat {seat['seat'] + 1}: {who} ({hero}) - {state}"
            draw_text(surface, line, font, T.TEXT_DIM, (x, y), width=width)
            y += font.get_linesize()
        if room:
            line = f"{room.get('spectators', 0)} watching"
            draw_text(surface, line, font, T.TEXT_DIM, (x, y + th.px(6)), width=width)
        self.leave_button.draw(surface, th)
        draw_connection(surface, th, self.link, spot)

    @staticmethod
    def _content():
        from game.content.loader import default_content

        return default_content()


def open_watch_pause(scene, what: str, stop) -> None:
    """A spectator's pause menu: no saving and no undo, and `stop` leaves (`what`: "match",
    "Mission", "campaign" - what goes on without the watcher)."""
    scene.open_pause_menu(
        [
            ("Resume", scene._resume),
            ("Rules Reference", scene._rules),
            ("Settings", scene._settings),
            ("Stop watching", stop),
        ],
        note=f"You are watching: the {what} goes on without you when you leave.",
    )


class WatchingBoard:
    """The online duel board's spectator's rules (a mixin before an `OnlineDuelScene`): no
    hand, no decisions, Leave only."""

    def resize(self) -> None:
        super().resize()
        th = self.app.theme
        self.leave_button = Button(
            anchored((th.px(150), th.px(40)), self.hand_area, "bottomright", th.px(10)),
            "Leave",
            self._quit,
            tooltip="Stop watching (the match goes on without you).",
        )

    def act(self, action: Action | None) -> None:
        if action is not None:
            self.message = WATCHING  # nothing is sent: the server would refuse it

    def _why_not(self, card: int) -> str:
        return WATCHING

    def _open_pause(self) -> None:
        open_watch_pause(self, "match", self._quit)

    def handle(self, event: pygame.event.Event) -> None:
        if not self.paused and self.leave_button.handle(event):
            self.app.play("button")
            return
        super().handle(event)

    def _draw_hand(self, surface, view, seat: int, deciding) -> None:
        """No hand of its own: who holds how many cards, and Leave."""
        th = self.app.theme
        self.hand_rects, self.hand_fan = [], None
        area = self.hand_area
        held = ", ".join(f"{p.name or p.hero}: {len(p.hand)}" for p in view.players)
        watchers = (self.link.room or {}).get("spectators", 0)
        lines = (
            f"Watching room {self.link.code} ({watchers} watching).",
            f"Cards in hand - {held}.",
        )
        y = area.y + th.px(24)
        for text in lines:
            font = th.fit_font(16, text, area.w - th.px(20), height=th.px(20))
            draw_text(surface, text, font, T.TEXT_DIM, (area.x + th.px(10), y))
            y += th.px(26)
        self.leave_button.draw(surface, th)

    def _draw_table_info(self, surface, view, me: int) -> None:
        self._draw_info(surface, view)  # no teammates' hands: a spectator is on no team


class WatchBoardScene(WatchingBoard, OnlineDuelScene):
    """The online board for a spectator: no hand, no decisions, Leave only."""

    def __init__(self, app, link: OnlineLink, content=None) -> None:
        super().__init__(app, link, content)
        # every seat is decided elsewhere; the board is drawn from the first seat's side
        self.controllers = {s: ElsewhereSeat() for s in range(len(self.view.players))}
