"""The lobby of an online room: who sits where, their heroes, who is ready and connected.

Every person picks their own hero and says Ready; the host also turns open seats into computer
seats (hero and level) or opens them again. The server starts the match when every person's
seat is taken and every person is ready; the board then opens (`OnlineDuelScene`; for a co-op
Adventures campaign the crawl, `OnlineAdventureScene`, `board_for`). What this
screen shows is always the server's latest `room` message: a change is a request, shown once
the server has made it.
"""

from __future__ import annotations

import pygame

from game.adventures.boss_modes import BOSS_TEAM, BOSS_VS_BOSS, BOSS_VS_MANY, HERO_TEAM
from game.ai import LEVEL_NAMES
from game.modes.variants import team_of
from game.online.link import OnlineLink
from game.online.rooms import boss_seats
from game.persistence.saved_games import mode_names
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import column, cut_bottom, cut_right, inset, row, row_sized, split_row
from game.ui.scenes.online_duel import draw_connection
from game.ui.table_view import team_colour
from game.ui.widgets import Button, draw_fitted, draw_text, felt_background, panel

SEAT_KINDS = ("human", "computer:easy", "computer:normal", "computer:hard")
# what the host may choose for a seat whose person drops: wait, or the computer after a grace
LEAVE_CHOICES = (("wait", None), ("computer", 30), ("computer", 60), ("computer", 120))
DROP_LABEL = "If a player drops:"
# the host's switch for people watching without a seat (right of the drop choice)
SPECTATOR_WORDS = {True: "Spectators: allowed", False: "Spectators: not allowed"}


def seat_team(mode: str, seat: int, count: int) -> int:
    """The team of a seat in a room of `count` seats (Boss modes: the heroes against the Boss,
    or each Boss on its own)."""
    if mode in ("mission", "adventure"):  # co-op: every Hero on one team
        return HERO_TEAM
    if mode == BOSS_VS_BOSS:
        return seat
    if mode == BOSS_VS_MANY:
        return BOSS_TEAM if seat in boss_seats(mode, count) else HERO_TEAM
    return team_of(mode, seat)


def leave_words(room: dict) -> str:
    """What the room does when a person drops, as everybody in the lobby reads it."""
    if room.get("on_leave") == "computer":
        return f"the computer plays for them after {int(room.get('grace') or 0)} s"
    return "the match waits for them"


def next_leave(room: dict) -> tuple[str, int | None]:
    """The host's next choice after the room's current one (a grace not offered here, such as
    the server's `--grace`, goes to the next longer one)."""
    if room.get("on_leave") != "computer":
        now = LEAVE_CHOICES.index(("wait", None))
    else:
        grace = room.get("grace") or 0
        now = max(
            (i for i, (_kind, g) in enumerate(LEAVE_CHOICES) if g is not None and g <= grace),
            default=0,
        )
    return LEAVE_CHOICES[(now + 1) % len(LEAVE_CHOICES)]


def spectators_allowed(room: dict) -> bool:
    """Whether the room lets people watch without a seat (the server's default: yes)."""
    return bool(room.get("spectators_allowed", True))


def seat_kind(seat: dict) -> str:
    return "human" if seat["kind"] == "human" else f"computer:{seat['level'] or 'normal'}"


def kind_words(kind: str) -> str:
    if kind == "human":
        return "A person"
    return f"CPU {LEVEL_NAMES.get(kind.split(':')[1], kind)}"


def mission_words(room: dict) -> str:
    """A co-op Mission room's name in the lobby's title ("" for any other room)."""
    if room.get("mode") != "mission":
        return ""
    from game.missions.content import default_missions

    mission = default_missions().missions.get(room.get("mission") or "")
    return f"Co-op Mission: {mission.name if mission else room.get('mission')}"


def difficulty_words(room: dict) -> str:
    """A co-op room's difficulty in the offline menus' words ("Harder +2", "Hard"; "" for any
    other room): the lobby's room line shows it."""
    from game.ui.scenes.online_menu import adventure_difficulties, mission_difficulty_words

    if room.get("mode") == "mission":
        return mission_difficulty_words(room.get("difficulty_up") or 0, room.get("easier") or ())
    if room.get("mode") == "adventure":
        diff = room.get("adventure_difficulty") or "normal"
        card = adventure_difficulties().get(diff)
        return card.name if card else diff
    return ""


def board_scene(app, link: OnlineLink, content) -> Scene:
    """The board a started room opens: the Missions board for a co-op Mission, the crawl for a
    co-op Adventures campaign, else the duel's."""
    if (link.room or {}).get("mode") == "mission":
        from game.ui.scenes.online_mission import OnlineMissionScene

        return OnlineMissionScene(app, link, content=content)
    if (link.room or {}).get("mode") == "adventure":
        from game.ui.scenes.online_adventure import OnlineAdventureScene

        return OnlineAdventureScene(app, link, content)
    from game.ui.scenes.online_duel import OnlineDuelScene

    return OnlineDuelScene(app, link, content)


class LobbyScene(Scene):
    def __init__(self, app, link: OnlineLink) -> None:
        super().__init__(app)
        self.link = link
        from game.adventures import boss_modes
        from game.content.loader import default_content

        content = default_content()
        self.content = content
        self.heroes = sorted(
            (
                h
                for h in content.heroes.values()
                if h.id not in content.enemies and h.id not in boss_modes.BOSSES
            ),
            key=lambda h: h.name,
        )
        self.bosses = [content.heroes[b] for b in boss_modes.BOSSES]
        self.rows: list[dict] = []
        self.buttons: list[Button] = []
        self.message = ""
        self.laid_for = None

    def enter(self) -> None:
        self.handed_over = False
        self.resize()

    def exit(self) -> None:
        if not self.handed_over:  # Leave, or the window closing: the link (and server) go
            self.link.close()

    # ------------------------------------------------------------ layout

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        room = self.link.room or {}
        seats = room.get("seats", [])
        self.laid_for = self._signature()
        self.buttons = []
        self.rows = []
        # under the share panel: what happens when a person drops and, at the right, whether
        # people may watch (the host's to change; words for the others)
        strip = pygame.Rect(th.px(20), th.px(166), w - th.px(40), th.px(36))
        face = th.font(17, bold=True, condensed=True)
        want = max(face.size(words)[0] for words in SPECTATOR_WORDS.values()) + th.px(30)
        self.spectator_rect, self.drop_rect = cut_right(strip, min(want, strip.w // 3), th.px(10))
        top = th.px(210)
        row_h = min(th.px(56), (h - top - th.px(150)) // max(1, len(seats)))
        width = min(w - th.px(40), th.px(1100))
        me = self.link.seat
        host = self.link.is_host
        # a row per seat, centred, up to 1100 wide
        table = pygame.Rect((w - width) // 2, top, width, max(0, h - top))
        rects = column(table, len(seats), (width, row_h - th.px(6)), th.px(6), "top")
        for index, (seat, rect) in enumerate(zip(seats, rects, strict=True)):
            self.rows.append({"rect": rect, "seat": seat})
            cells = self.row_cells(rect)
            mine = index == me
            open_seat = seat["kind"] == "computer" or not seat["taken"]
            if mine or (host and open_seat and index != me):
                what = "Boss" if self.is_boss_seat(index) else "hero"
                for step, label in ((-1, "<"), (1, ">")):
                    self.buttons.append(
                        Button(
                            cells["less" if step < 0 else "more"],
                            label,
                            lambda i=index, s=step: self.step_hero(i, s),
                            tooltip=f"Change this seat's {what}.",
                        )
                    )
            if host and open_seat and index != me:
                self.buttons.append(
                    Button(
                        cells["kind"],
                        kind_words(seat_kind(seat)),
                        lambda i=index: self.step_kind(i),
                        tooltip="Who plays this seat: a person who joins, or the computer "
                        "(click to change).",
                    )
                )
        self.drop_button = None
        if host and not room.get("started"):
            label = self.drop_label_rect()
            words = leave_words(room)
            want = th.font(17, bold=True, condensed=True).size(words)[0] + th.px(30)
            right = self.drop_rect.right - label.right - th.px(10)
            self.drop_button = Button(
                pygame.Rect(label.right + th.px(10), self.drop_rect.y, min(want, right), label.h),
                words,
                self.step_leave,
                tooltip="What happens when a person's connection drops: the match waits for "
                "them, or the computer (Normal) plays their seat once they have been gone that "
                "many seconds, until they come back. Only the host changes it; everybody sees it.",
            )
            self.buttons.append(self.drop_button)
        self.spectator_button = None
        if host and not room.get("started"):
            self.spectator_button = Button(
                self.spectator_rect,
                SPECTATOR_WORDS[spectators_allowed(room)],
                self.toggle_spectators,
                tooltip="Whether people may watch this room without a seat (boards, dice and "
                "log; no hands). Switching it off shows out anyone watching now. Only the host "
                "changes it; everybody sees it.",
            )
            self.buttons.append(self.spectator_button)
        bw, bh = th.px(220), th.px(48)
        line = cut_bottom(cut_bottom(self.app.screen.get_rect(), th.px(30))[1], bh)[0]
        # a guest may give the seat back before the match (the host keeps theirs)
        give = me is not None and not self.link.is_host and not room.get("started")
        rects = row(line, 3 if give else 2, (bw, bh), th.px(20))
        ready_rect, leave_rect = rects[0], rects[-1]
        ready = bool(me is not None and seats and seats[me].get("ready"))
        self.ready_button = Button(
            ready_rect,
            "Not ready" if ready else "Ready",
            self.toggle_ready,
            primary=not ready,
            hotkey="Enter",
            tooltip="The match starts when every person is ready.",
        )
        self.leave_button = Button(
            leave_rect,
            "Leave",
            self.leave,
            hotkey="Esc",
            tooltip="Back to the title (your seat stays yours: Continue takes you back).",
        )
        self.buttons += [self.ready_button, self.leave_button]
        self.give_button = None
        if give:
            self.give_button = Button(
                rects[1],
                "Give seat back",
                self.give_back,
                tooltip="Back to the title and the seat is open for someone else "
                "(not kept for Continue).",
            )
            self.buttons.append(self.give_button)

    def drop_label_rect(self) -> pygame.Rect:
        """Where "If a player drops:" is written (the host's choice or its words follow)."""
        th = self.app.theme
        font = th.font(16, bold=True)
        width = min(font.size(DROP_LABEL)[0], self.drop_rect.w // 3)
        return pygame.Rect(self.drop_rect.x, self.drop_rect.y, width, self.drop_rect.h)

    def row_cells(self, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """A seat row's parts: who sits there (the left 42%), the hero between its "<" and ">",
        then who plays it (a person or the computer) and, at the right end, the ready state."""
        th = self.app.theme
        name, hero, kind = split_row(rect, [0.42, 0.28, 0.30])
        name = pygame.Rect(rect.x + th.px(32), rect.y, name.w - th.px(40), rect.h)
        inner = inset(hero, 0, th.px(6))
        less, words, more = row_sized(
            pygame.Rect(inner.x, inner.y, rect.right - inner.x, inner.h),
            [th.px(36), th.px(198), th.px(36)],
            inner.h,
            th.px(8),
            "left",
        )
        kind = pygame.Rect(kind.x, inner.y, th.px(150), inner.h)
        return {"name": name, "less": less, "hero": words, "more": more, "kind": kind}

    def _signature(self):
        room = self.link.room or {}
        return (
            tuple(
                (s["kind"], s["level"], s["taken"], s.get("ready"), s["hero"])
                for s in room.get("seats", [])
            ),
            self.link.seat,
            self.link.is_host,
            room.get("on_leave"),
            room.get("grace"),
            spectators_allowed(room),
            self.app.screen.get_size(),
        )

    # ------------------------------------------------------------ requests

    def is_boss_seat(self, seat: int) -> bool:
        room = self.link.room or {}
        return seat in boss_seats(room.get("mode", ""), len(room.get("seats", [])))

    def step_hero(self, seat: int, step: int) -> None:
        info = self.link.room["seats"][seat]
        ids = [h.id for h in (self.bosses if self.is_boss_seat(seat) else self.heroes)]
        index = ids.index(info["hero"]) if info["hero"] in ids else 0
        self.set_hero(seat, ids[(index + step) % len(ids)])

    def set_hero(self, seat: int, hero: str) -> None:
        """Ask for this hero in this seat (one's own, or as host an open or computer seat)."""
        info = self.link.room["seats"][seat]
        if seat == self.link.seat:
            self.link.client.pick(hero)
        else:
            kind = seat_kind(info)
            level = kind.split(":")[1] if ":" in kind else "normal"
            self.link.client.set_seat(seat, info["kind"], hero, level)

    def step_kind(self, seat: int) -> None:
        info = self.link.room["seats"][seat]
        kind = SEAT_KINDS[(SEAT_KINDS.index(seat_kind(info)) + 1) % len(SEAT_KINDS)]
        if kind == "human":
            self.link.client.set_seat(seat, "human", info["hero"])
        else:
            self.link.client.set_seat(seat, "computer", info["hero"], kind.split(":")[1])

    def step_leave(self) -> None:
        """The host's next choice for a person who drops (the server tells everybody)."""
        room = self.link.room
        if room is None or not self.link.is_host:
            return
        on_leave, grace = next_leave(room)
        self.link.client.room_settings(on_leave=on_leave, grace=grace)

    def toggle_spectators(self) -> None:
        """The host allows watchers or not (the server tells everybody; the button follows)."""
        room = self.link.room
        if room is None or not self.link.is_host:
            return
        self.link.client.room_settings(spectators=not spectators_allowed(room))

    def toggle_ready(self) -> None:
        room = self.link.room
        if room is None or self.link.seat is None:
            return
        self.link.client.ready(not room["seats"][self.link.seat].get("ready"))

    def give_back(self) -> None:
        """Give the seat back; the title opens once the server says it is done."""
        self.link.release()

    def leave(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    # ------------------------------------------------------------ the loop

    def update(self, dt: float) -> None:
        self.link.poll()
        hosted = self.link.hosted
        if hosted is not None and hosted.poll() == "stopped":
            self.message = hosted.problem
        if self.link.error:
            self.message = self.link.error
            self.link.error = ""
        if self.link.released:
            self.leave()
            return
        if self.link.latest is not None and self.app.scene is self:
            self.handed_over = True  # the board owns the link now
            self.app.replace(board_scene(self.app, self.link, self.content))
            return
        if self._signature() != self.laid_for:
            self.resize()
        mouse = pygame.mouse.get_pos()
        for button in self.buttons:
            if button.rect.collidepoint(mouse) and button.tooltip:
                self.app.tooltip.offer(button.tooltip, mouse)

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.toggle_ready()

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        w, h = surface.get_size()
        link = self.link
        room = link.room or {}
        mode = {**mode_names(), "adventure": "co-op Adventures"}.get(
            room.get("mode", ""), room.get("mode", "")
        )
        mode = mission_words(room) or mode
        title = f"Online {mode} - room {link.code}"
        draw_text(
            surface,
            title,
            th.fit_font(34, title, w - th.px(360), height=th.px(44), serif=True),
            T.BRASS,
            (w // 2, th.px(16)),
            align="center",
            shadow=True,
        )
        draw_connection(
            surface, th, link, pygame.Rect(w - th.px(170), th.px(16), th.px(150), th.px(28))
        )
        share = pygame.Rect(th.px(20), th.px(60), w - th.px(40), th.px(100))
        panel(surface, share, th, fill=T.PARCHMENT, rim=T.BRASS, radius=8)
        if link.hosted is not None:
            lines = [
                f"Room code: {link.code}",
                "Address: " + ",  ".join(link.hosted.addresses()),
            ]
            hint = (
                "Friends on your network type the first address; over the internet, your "
                "router's public address with this port forwarded to this computer."
            )
        else:
            lines = [f"Room code: {link.code}", f"Server: {link.url}"]
            hint = "The match starts when every person is ready."
        if room.get("timer"):
            lines[0] += f"     Turn timer: {room['timer']} s a decision"
        if difficulty_words(room):
            lines[0] += f"     Difficulty: {difficulty_words(room)}"
        x, y = share.x + th.px(14), share.y + th.px(6)
        bottom = share.bottom - th.px(6)
        for line in lines:
            font = th.fit_font(17, line, share.w - th.px(28), height=th.px(30), bold=True)
            if y + font.get_linesize() > bottom:
                break
            y += draw_text(surface, line, font, T.INK, (x, y))
        if y + th.font_px(13).get_linesize() <= bottom:
            draw_fitted(surface, th, 14, hint, T.INK_SOFT, (x, y), share.w - th.px(28), bottom - y)
        self._draw_drop(surface, room)
        for seat_row in self.rows:
            self._draw_row(surface, seat_row["rect"], seat_row["seat"])
        for button in self.buttons:
            button.draw(surface, th)
        words = self.message or self._waiting_for()
        if words:
            draw_text(
                surface,
                words,
                th.font(16, bold=True),
                T.NEGATIVE if self.message else T.TEXT,
                (w // 2, h - th.px(112)),
                align="center",
                width=w - th.px(80),
                max_height=th.px(40),
            )

    def _draw_drop(self, surface: pygame.Surface, room: dict) -> None:
        """Write "If a player drops:" and the host's choice, and whether spectators are allowed
        (buttons for the host, words for the others)."""
        if not room:
            return
        th = self.app.theme
        label = self.drop_label_rect()
        font = th.fit_font(16, DROP_LABEL, label.w, height=label.h, bold=True)
        y = label.centery - font.get_linesize() // 2
        draw_text(surface, DROP_LABEL, font, T.TEXT, (label.x, y))
        if self.drop_button is None:
            words = leave_words(room) + "."
            room_w = self.drop_rect.right - label.right - th.px(10)
            font = th.fit_font(16, words, room_w, height=label.h, bold=True)
            y = label.centery - font.get_linesize() // 2
            draw_text(surface, words, font, T.BRASS, (label.right + th.px(10), y))
        if self.spectator_button is None:
            words = SPECTATOR_WORDS[spectators_allowed(room)] + "."
            spot = self.spectator_rect
            font = th.fit_font(16, words, spot.w, height=spot.h, bold=True)
            y = spot.centery - font.get_linesize() // 2
            draw_text(surface, words, font, T.BRASS, (spot.right, y), align="right")

    def _waiting_for(self) -> str:
        room = self.link.room
        if room is None:
            return "Waiting for the server..."
        seats = room["seats"]
        open_seats = sum(1 for s in seats if not s["taken"])
        if open_seats:
            return f"Waiting for {open_seats} more player{'s' if open_seats > 1 else ''} to join."
        waiting = [s["name"] or f"Seat {s['seat'] + 1}" for s in seats if not s.get("ready")]
        if waiting:
            return "Waiting for " + ", ".join(waiting) + " to be ready."
        return "Starting..."

    def hero_name(self, hero: str) -> str:
        try:  # a Boss's board is found by [] (not by `in` or .get: game/content/defs.py)
            return self.content.heroes[hero].name
        except KeyError:
            return hero

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, seat: dict) -> None:
        th = self.app.theme
        mine = seat["seat"] == self.link.seat
        panel(
            surface,
            rect,
            th,
            fill=T.WOOD_LIGHT if mine else T.WOOD,
            rim=T.HIGHLIGHT if mine else T.BRASS_DARK,
            radius=8,
        )
        font = th.font(17, bold=True)
        y = rect.centery - font.get_linesize() // 2
        room = self.link.room or {}
        count = len(room.get("seats", []))
        colour = team_colour(seat_team(room.get("mode", "duel"), seat["seat"], count))
        pygame.draw.circle(surface, colour, (rect.x + th.px(16), rect.centery), th.px(6))
        if seat["kind"] == "computer":
            who = f"Computer ({LEVEL_NAMES.get(seat['level'], seat['level'])})"
        elif seat["taken"]:
            who = (seat["name"] or f"Player {seat['seat'] + 1}") + (" (you)" if mine else "")
        else:
            who = "Open - waiting for a player"
        cells = self.row_cells(rect)
        draw_text(
            surface,
            who,
            th.fit_font(17, who, cells["name"].w, height=rect.h, bold=True),
            T.TEXT,
            (cells["name"].x, y),
        )
        hero_name = self.hero_name(seat["hero"])
        if self.is_boss_seat(seat["seat"]) and room.get("mode") == BOSS_VS_MANY:
            hero_name = f"Boss: {hero_name}"
        words = cells["hero"]
        draw_text(
            surface,
            hero_name,
            th.fit_font(17, hero_name, words.w - th.px(2), height=rect.h, bold=True),
            T.BRASS,
            (words.x, y),
        )
        if seat["kind"] == "computer":
            state, tint = "Ready", T.POSITIVE
        elif not seat["taken"]:
            state, tint = "", T.TEXT_DIM
        elif not seat["connected"]:
            state, tint = "Away", T.NEGATIVE
        elif seat.get("ready"):
            state, tint = "Ready", T.POSITIVE
        else:
            state, tint = "Not ready", T.HIGHLIGHT
        if state:
            draw_text(surface, state, font, tint, (rect.right - th.px(14), y), align="right")
