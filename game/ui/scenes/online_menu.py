"""Online, from the title: host a game on this machine or join a friend's.

Host starts `game serve` as a child process (game/online/link.py `HostedServer`), makes a lobby
room on it and opens the lobby, which shows the addresses and the room code to share. Join
takes the address and the room code a friend gave and sits in the first free seat a person
plays. Nothing here waits on the network: the scene looks at the link once a frame.
"""

from __future__ import annotations

import pygame

from game.adventures.boss_modes import BOSS_VS_BOSS, BOSS_VS_MANY
from game.online.link import DEFAULT_PORT, MODES, HostedServer, OnlineLink, server_url
from game.online.rooms import CODE_ALPHABET
from game.persistence.saved_games import mode_names
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import anchored, cut_bottom, cut_right, grid, inset, row, row_sized
from game.ui.text_field import TextField
from game.ui.widgets import Button, button_row, draw_text, felt_background, fit_lines, panel

HOST_TEXT = ("Host a game", "Runs the server on this computer.")
JOIN_TEXT = ("Join a game", "Your host's address and room code.")

TIMERS = (0, 30, 60, 120)  # seconds a person has for each decision (0: no limit)
FIRST_HEROES = ("gunslinger", "barbarian", "ninja", "monk", "paladin", "pyromancer")
FIRST_BOSSES = {BOSS_VS_MANY: ("mad_king",), BOSS_VS_BOSS: ("fallen_barbarian", "mad_king")}
BOSS_HEROES = (2, 3, 4)  # Boss vs Many: how many heroes face the Boss
MISSION = "mission"  # a co-op Missions room (game/ui/scenes/online_mission.py)
ADVENTURE = "adventure"  # a co-op Adventures campaign
ADVENTURE_TIP = "Host a co-op Adventures campaign, one hero a seat."
HOST_MODES = (*MODES, MISSION, ADVENTURE)  # the rooms this screen opens
BOARD_MODES = (*MODES, MISSION, ADVENTURE)  # the rooms this window has a board for
MISSION_HEROES = (2, 3, 4)  # a co-op Mission: how many Heroes
MISSION_HARDER = 4  # the offline Missions menu's highest "Harder" step


def mission_difficulties() -> list[tuple[int, tuple[str, ...]]]:
    """The co-op Mission difficulties the Host panel cycles, as (difficulty_up, easier): the
    Mission as printed, each "Harder" step the offline Missions menu offers, each of its
    "Easier" options alone and all of them together (harder and easier never mix, as offline)."""
    from game.ui.scenes.missions_menu import EASIER_WORDS

    options = tuple(EASIER_WORDS)
    return [
        (0, ()),
        *((up, ()) for up in range(1, MISSION_HARDER + 1)),
        *((0, (option,)) for option in options),
        (0, options),
    ]


def mission_difficulty_words(difficulty_up: int, easier: tuple[str, ...] | list[str]) -> str:
    """A co-op Mission's difficulty in the offline Missions menu's words ("Normal", "Harder +2",
    "Easier: +10 Health, Double PP")."""
    from game.ui.scenes.missions_menu import EASIER_WORDS

    if difficulty_up:
        return f"Harder +{difficulty_up}"
    if easier:
        return "Easier: " + ", ".join(EASIER_WORDS.get(o, (o,))[0] for o in easier)
    return "Normal"


def adventure_difficulties() -> dict:
    """The campaign difficulties (id: card with .name and .text), easy .. heroic, as the offline
    Adventures menu offers them."""
    from game.adventures.content import default_adventures

    return default_adventures().difficulties


def coop_seats(heroes: int) -> list[dict]:
    """A new co-op Mission or Adventures room's seats: `heroes` heroes, all open for people
    (heroes to change in the lobby)."""
    return [{"kind": "human", "hero": hero} for hero in FIRST_HEROES[:heroes]]


def mission_choices() -> list[tuple[str, str]]:
    """(id, name) of every co-op Mission the server plays."""
    from game.missions.content import default_missions

    return [(m.id, m.name) for m in default_missions().missions.values()]


def lobby_seats(mode: str, heroes: int = 2) -> list[dict]:
    """The seats a new room starts with: all open for people, heroes (and Bosses) to change in
    the lobby. Boss vs Many: `heroes` heroes, the Boss in the last seat; Boss vs Boss: two
    Bosses."""
    from game.modes.variants import SEATS

    if mode in FIRST_BOSSES:
        count = 0 if mode == BOSS_VS_BOSS else heroes
        picks = [*FIRST_HEROES[:count], *FIRST_BOSSES[mode]]
    else:
        picks = [FIRST_HEROES[i % len(FIRST_HEROES)] for i in range(SEATS[mode])]
    return [{"kind": "human", "hero": hero} for hero in picks]


class OnlineScene(Scene):
    def __init__(self, app, *, serve_extra: tuple[str, ...] = ()) -> None:
        super().__init__(app)
        self.mode = "duel"
        self.timer = 0
        self.boss_heroes = BOSS_HEROES[0]  # Boss vs Many only
        self.missions = mission_choices()
        self.mission = self.missions[0][0]  # co-op Mission only: which one
        self.mission_difficulty: tuple[int, tuple[str, ...]] = (0, ())  # (difficulty_up, easier)
        self.adventure_difficulty = "normal"  # co-op Adventures only
        self.status = ""
        self.hosted: HostedServer | None = None
        self.link: OnlineLink | None = None
        self.pending = ""  # "host" or "join" while waiting
        self.waited = 0.0
        self.serve_extra = serve_extra  # extra `game serve` options
        self.make_link = OnlineLink  # tests give a client of another version

    def enter(self) -> None:
        pygame.key.start_text_input()
        self.name = TextField(pygame.Rect(0, 0, 10, 10), "Your name", "Player", limit=24)
        self.port = TextField(
            pygame.Rect(0, 0, 10, 10), "Port", str(DEFAULT_PORT), limit=5, allowed="0123456789"
        )
        self.address = TextField(
            pygame.Rect(0, 0, 10, 10),
            "Host's address",
            "",
            limit=120,
            tooltip="What the host's Online lobby shows, e.g. 192.168.1.5:7777",
        )
        self.code = TextField(
            pygame.Rect(0, 0, 10, 10),
            "Room code",
            "",
            limit=10,
            allowed=CODE_ALPHABET,
            upper=True,
        )
        self.fields = [self.name, self.port, self.address, self.code]
        self.resize()

    def exit(self) -> None:
        pygame.key.stop_text_input()
        self._cancel()  # a server started for a room never opened stops with the screen

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        screen = pygame.Rect(0, 0, w, h)
        col = min(th.px(520), (w - th.px(60)) // 2)
        top = th.px(100)
        # the player's name centred under the title, the two panels below it
        self.name.rect = anchored(
            (th.px(320), th.px(38)), pygame.Rect(0, top + th.px(24), w, th.px(38)), "top"
        )
        # Host on the left, Join on the right; each row of format buttons past two makes the
        # panels one row taller
        per_row = 4
        rows = -(-len(HOST_MODES) // per_row)
        extra = max(0, rows - 2) * th.px(42)
        more = th.px(48)  # the co-op difficulty's row under the fields
        band = pygame.Rect(0, top + th.px(90), w, th.px(330) + extra + more)
        self.host_box, self.join_box = row(band, 2, (col, band.h), th.px(20))
        pad = th.px(18)
        host, join = inset(self.host_box, pad), inset(self.join_box, pad)
        names = {**mode_names(), MISSION: "Co-op Mission", ADVENTURE: "Adventures"}
        modes = pygame.Rect(
            host.x, self.host_box.y + th.px(84), host.w, rows * th.px(36) + (rows - 1) * th.px(6)
        )
        self.mode_buttons = [
            Button(
                rect,
                names.get(mode, mode),
                lambda m=mode: self._set_mode(m),
                tooltip=ADVENTURE_TIP
                if mode == ADVENTURE
                else f"Host a {names.get(mode, mode)} room.",
            )
            for mode, rect in zip(HOST_MODES, grid(modes, per_row, rows, th.px(6)), strict=False)
        ]
        # each line's buttons as wide as their words, one text size for both lines ("King of
        # the Hill" as large as "Duel" at 1.50x)
        lines = [self.mode_buttons[i : i + per_row] for i in range(0, len(HOST_MODES), per_row)]
        for line in lines:
            strip = pygame.Rect(modes.x, line[0].rect.y, modes.w, line[0].rect.h)
            button_row(line, strip, th, th.px(6))
        shared = min(b.text_px for b in self.mode_buttons)
        for line in lines:
            for b in line:
                b.text_px = shared
        fields = pygame.Rect(host.x, self.host_box.y + th.px(196) + extra, host.w, th.px(38))
        port, timer, count = row_sized(
            fields, [th.px(110), th.px(190), th.px(160)], th.px(38), th.px(12), "left"
        )
        self.port.rect = port
        # the Join fields below the panel's heading and line, each with room for its label
        gap, label = th.px(10), TextField.label_height(th)
        below = self._header(self.join_box, *JOIN_TEXT)[3] + gap + label
        self.address.rect = pygame.Rect(
            join.x, max(self.join_box.y + th.px(84), below), join.w, th.px(38)
        )
        self.timer_button = Button(
            timer,
            "",
            self._next_timer,
            tooltip="Seconds each player has for a decision; when they run out the computer "
            "(Normal) decides for them.",
        )
        self.count_button = Button(
            count,
            "",
            self._next_count,
            tooltip="Boss vs Many: how many heroes face the Boss (the Boss sits in the last "
            "seat; anyone may be a person or the computer).",
        )
        self.mission_button = Button(
            timer,
            "",
            self._next_mission,
            tooltip="The co-op Mission to play (every Hero on one team against the Mission).",
        )
        # a co-op room's difficulty on its own row under Port / Mission / heroes
        # (a co-op Mission's turn timer at its right, the Mission's button having its place)
        second = pygame.Rect(host.x, fields.bottom + th.px(10), host.w, th.px(38))
        self.difficulty_button = Button(
            pygame.Rect(second.x, second.y, second.w - th.px(202), second.h),
            "",
            self._next_difficulty,
        )
        self.timer_spots = {False: timer, True: cut_right(second, th.px(190))[0]}
        code_y = max(self.join_box.y + th.px(196), self.address.rect.bottom + gap + label)
        self.code.rect = pygame.Rect(join.x, code_y, th.px(240), th.px(38))
        bh = th.px(46)
        self.host_button = Button(
            cut_bottom(host, bh)[0],
            "Host a game",
            self.host,
            primary=True,
            tooltip="Start a server on this machine and open a room for your friends.",
        )
        join_strip = cut_bottom(join, bh)[0]
        watch_w = th.px(150)
        self.join_button = Button(
            join_strip.inflate(-(watch_w + th.px(12)), 0).move(-(watch_w + th.px(12)) // 2, 0),
            "Join",
            self.join,
            primary=True,
            tooltip="Sit down in a friend's room.",
        )
        self.watch_button = Button(
            pygame.Rect(join_strip.right - watch_w, join_strip.y, watch_w, bh),
            "Watch",
            self.watch,
            tooltip="Watch the room's match without a seat: boards, dice and log, no hands.",
        )
        self.back_button = Button(
            anchored((th.px(140), th.px(40)), screen, "bottomleft", th.px(20)),
            "Back",
            self.back,
            hotkey="Esc",
        )
        self.status_rect = pygame.Rect(
            th.px(180), self.host_box.bottom + th.px(16), w - th.px(360), th.px(64)
        )
        self.buttons = [
            *self.mode_buttons,
            self.timer_button,
            self.host_button,
            self.join_button,
            self.watch_button,
            self.back_button,
        ]
        self._set_timer(self.timer)
        self._set_mode(self.mode)

    def _next_timer(self) -> None:
        self._set_timer(TIMERS[(TIMERS.index(self.timer) + 1) % len(TIMERS)])

    def _set_timer(self, seconds: int) -> None:
        self.timer = seconds
        self.timer_button.label = f"Turn timer: {seconds} s" if seconds else "Turn timer: off"

    def _next_count(self) -> None:
        counts = MISSION_HEROES if self.mode == MISSION else BOSS_HEROES
        index = counts.index(self.boss_heroes) if self.boss_heroes in counts else -1
        self._set_count(counts[(index + 1) % len(counts)])

    def _next_difficulty(self) -> None:
        if self.mode == ADVENTURE:
            ids = list(adventure_difficulties())
            index = ids.index(self.adventure_difficulty) if self.adventure_difficulty in ids else -1
            self.adventure_difficulty = ids[(index + 1) % len(ids)]
        else:
            choices = mission_difficulties()
            index = choices.index(self.mission_difficulty)
            self.mission_difficulty = choices[(index + 1) % len(choices)]
        self._show_difficulty()

    def _show_difficulty(self) -> None:
        """The difficulty button's words and tooltip for the mode picked."""
        button = self.difficulty_button
        if self.mode == ADVENTURE:
            card = adventure_difficulties()[self.adventure_difficulty]
            button.label = f"Difficulty: {card.name}"
            button.tooltip = f"The campaign's difficulty (click for the next). {card.text}"
        else:
            up, easier = self.mission_difficulty
            words = mission_difficulty_words(up, easier)
            if len(easier) > 1:  # every Easier option: too long a line for the button
                words = f"Easier: all {len(easier)}"
            button.label = words if easier else f"Difficulty: {words}"
            button.tooltip = (
                "The Mission's difficulty (click for the next), as the offline Missions menu "
                "offers it. Harder: more black Enemy Dice, Oppression on every Hero, tougher "
                "enemies, +1 clock segment; Perk Points count the Total Difficulty. Easier: "
                "Double PP, +10 Health or +5 Momentum for every Hero."
            )

    def _next_mission(self) -> None:
        ids = [m for m, _name in self.missions]
        self.mission = ids[(ids.index(self.mission) + 1) % len(ids)]
        self.mission_button.label = dict(self.missions)[self.mission]

    def _set_count(self, heroes: int) -> None:
        self.boss_heroes = heroes
        self.count_button.label = f"{heroes} heroes"
        if self.mode == ADVENTURE:
            self.count_button.tooltip = "Adventures: how many heroes go on the campaign."

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        for button, each in zip(self.mode_buttons, HOST_MODES, strict=True):
            button.primary = each == mode
        self._set_count(self.boss_heroes)
        self._mission_controls(False)
        # the heroes' count is a button only while Boss vs Many or a Mission is picked
        self.buttons = [
            b
            for b in self.buttons
            if b is not self.count_button and b is not self.difficulty_button
        ]
        if mode in (BOSS_VS_MANY, MISSION, ADVENTURE):
            self.buttons.insert(self.buttons.index(self.timer_button) + 1, self.count_button)
        if mode in (MISSION, ADVENTURE):  # a co-op room's difficulty
            self.buttons.insert(self.buttons.index(self.count_button) + 1, self.difficulty_button)
            self._show_difficulty()
        self._mission_controls(mode == MISSION)

    def _mission_controls(self, shown: bool) -> None:
        """A co-op Mission: the Mission's button in the turn timer's place, the timer on the
        difficulty's row."""
        self.mission_button.label = dict(self.missions)[self.mission]
        self.timer_button.rect = self.timer_spots[shown]
        self.buttons = [b for b in self.buttons if b is not self.mission_button]
        if shown:
            self.buttons.insert(self.buttons.index(self.timer_button), self.mission_button)
        self.count_button.tooltip = (
            "How many Heroes play the Mission (each seat a person or the computer)."
            if shown
            else "Boss vs Many: how many heroes face the Boss (the Boss sits in the last "
            "seat; anyone may be a person or the computer)."
        )

    # ------------------------------------------------------------ acting

    def host(self) -> None:
        if self.pending:
            return
        try:
            port = int(self.port.text or DEFAULT_PORT)
            if not 0 <= port < 65536:
                raise ValueError
        except ValueError:
            self.status = "The port is a number from 1 to 65535."
            return
        self.hosted = HostedServer(port, extra=self.serve_extra)
        self._busy("host")
        self.status = f"Starting the server on port {port}..."

    def _address_and_code(self) -> tuple[str, str] | None:
        """The server's address and the room code as typed (None: the status says what is
        wrong)."""
        try:
            url = server_url(self.address.text)
        except ValueError as exc:
            self.status = f"{exc}."
            return None
        code = self.code.text.strip().upper()
        if len(code) < 4:
            self.status = "Type the room code the host gave you."
            return None
        return url, code

    def watch(self) -> None:
        """Watch the room without a seat (game/ui/scenes/online_watch.py)."""
        from game.ui.scenes.online_watch import start_watching

        target = None if self.pending else self._address_and_code()
        if target is not None:
            self.status = ""
            start_watching(self.app, *target, self.name.text.strip(), self.make_link)

    def join(self) -> None:
        if self.pending:
            return
        target = self._address_and_code()
        if target is None:
            return
        url, code = target
        self.link = self.make_link(url, name=self.name.text.strip())
        self.link.join_room(code)
        self._busy("join")
        self.status = f"Reaching {url}..."

    def _busy(self, what: str) -> None:
        self.pending, self.waited = what, 0.0
        for button in self.buttons:
            button.enabled = not what or button is self.back_button

    def back(self) -> None:
        self._cancel()
        self.app.pop()

    def _cancel(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None
        elif self.hosted is not None:
            self.hosted.stop()
        self.hosted = None
        self._busy("")

    # ------------------------------------------------------------ the loop

    def update(self, dt: float) -> None:
        if not self.pending:
            return
        self.waited += dt
        if self.pending == "host" and self.link is None:
            state = self.hosted.poll()
            if state == "stopped":
                self.status = f"{self.hosted.problem} (is the port in use? try another)"
                self.hosted = None
                self._busy("")
            elif state == "ready":
                self.link = self.make_link(
                    self.hosted.local_url, name=self.name.text.strip(), hosted=self.hosted
                )
                if self.mode == MISSION:
                    seats = coop_seats(self.boss_heroes)
                    up, easier = self.mission_difficulty
                    self.link.host_mission(
                        self.mission, seats, difficulty_up=up, easier=easier, timer=self.timer
                    )
                elif self.mode == ADVENTURE:
                    seats = coop_seats(self.boss_heroes)
                    self.link.host_adventure_room(
                        seats, difficulty=self.adventure_difficulty, timer=self.timer
                    )
                else:
                    seats = lobby_seats(self.mode, self.boss_heroes)
                    self.link.host_room(self.mode, seats, self.timer)
                self.status = "Opening a room..."
            return
        link = self.link
        link.poll()
        if link.code and link.seat is not None and link.room is not None:
            if link.room.get("mode") not in BOARD_MODES:  # a newer server's kind of room
                link.forget()
                self.status = (
                    f"Room {link.code} is a kind of room this window cannot show "
                    f"({link.room['mode']}): a newer version of the game may."
                )
                self._cancel()
                return
            from game.ui.scenes.lobby import LobbyScene

            self.link, self.hosted = None, None
            self._busy("")
            self.app.replace(LobbyScene(self.app, link))
            return
        if link.error:
            self.status = f"The server refused: {link.error}"
            self._cancel()
        elif link.state == "failed":
            self.status = f"Could not reach {link.url}: {link.reason}"
            self._cancel()
        elif link.state == "lost" and self.waited > 8:
            self.status = f"Still trying to reach {link.url} ({link.reason})"

    def handle(self, event: pygame.event.Event) -> None:
        for field in self.fields:
            if field.handle(event):
                if event.type == pygame.MOUSEBUTTONUP:
                    for other in self.fields:
                        other.focused = other is field
                return
        for button in self.buttons:
            if button.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key == pygame.K_TAB:
                index = next((i for i, f in enumerate(self.fields) if f.focused), -1)
                for f in self.fields:
                    f.focused = False
                self.fields[(index + 1) % len(self.fields)].focused = True
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.address.focused or self.code.focused:
                    self.join()
                else:
                    self.host()

    # ------------------------------------------------------------ drawing

    def _header(self, box: pygame.Rect, title: str, text: str):
        """A panel's heading font, its line (wrapped, in the size that fits), that line's font
        and the y where the header ends: resize places the fields below it, draw draws it."""
        th = self.app.theme
        width = box.w - th.px(36)
        head = th.fit_font(22, title, width, height=th.px(28), bold=True)
        top = box.y + th.px(8) + head.get_linesize()
        lines, font = fit_lines(th, 14, text, width, box.y + th.px(62) - top)
        return head, lines, font, top + len(lines) * font.get_linesize()

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        w, _h = surface.get_size()
        draw_text(
            surface,
            "Play online",
            th.fit_font(40, "Play online", w, height=th.px(50), serif=True),
            T.BRASS,
            (w // 2, th.px(24)),
            align="center",
            shadow=True,
        )
        self.name.draw(surface, th)
        for box, (title, text) in ((self.host_box, HOST_TEXT), (self.join_box, JOIN_TEXT)):
            panel(surface, box, th, fill=T.WOOD, rim=T.BRASS, radius=10)
            head, lines, font, _bottom = self._header(box, title, text)
            x = box.x + th.px(18)
            draw_text(surface, title, head, T.BRASS, (x, box.y + th.px(8)))
            y = box.y + th.px(8) + head.get_linesize()
            for line in lines:
                draw_text(surface, line, font, T.TEXT_DIM, (x, y))
                y += font.get_linesize()
        for field in (self.port, self.address, self.code):
            field.draw(surface, th)
        for button in self.buttons:
            button.draw(surface, th)
        if self.status:
            draw_text(
                surface,
                self.status,
                th.font(16, bold=True),
                T.TEXT,
                (self.status_rect.centerx, self.status_rect.y),
                align="center",
                width=self.status_rect.w,
                max_height=self.status_rect.h,
            )
