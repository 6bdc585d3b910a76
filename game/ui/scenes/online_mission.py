"""An online co-op Mission: the offline Missions board, drawn from what the server sent this seat.

`OnlineMissionScene` is the Missions scene with a `MissionTable` (game/online/mission_table.py)
fed by the link's updates as its source (offline it is a `LocalMissionTable` built by the same
`mission_view.mission_update`): the same map, panels, hand, dice tray and narration are drawn
by the same code from the per-seat view, the server's filtered events are told by the same
narration, and a click becomes the same option number - sent to the server instead of applied
here. There is no engine in this window: the other Heroes' seats (people in other windows, or
the server's computer Heroes) are decided elsewhere. The server keeps the Mission (no save
here; the seat file lets Continue take the player back). At the end the result screen shows
what the view carries (won or lost, sides cleared, rounds, each Hero).
"""

from __future__ import annotations

import pygame

from game.ai.worker import AIWorker
from game.online.link import OnlineLink
from game.online.mission_table import MissionTable
from game.online.view import SPECTATOR
from game.rules.actions import Action
from game.ui.scenes.mission import MissionScene
from game.ui.scenes.mission_result import MissionResultScene
from game.ui.scenes.online_duel import (
    ElsewhereSeat,
    draw_connection,
    draw_turn_clock,
    notice_text,
)
from game.ui.widgets import Button


def mission_table(link: OnlineLink, db=None, content=None) -> MissionTable:
    """A `MissionTable` for the link's seat, fed every update the link holds."""
    from game.content.loader import default_content
    from game.missions.content import default_missions

    seat = SPECTATOR if link.seat is None else link.seat  # a spectator's link has no seat
    table = MissionTable(db or default_missions(), content or default_content(), seat)
    for update in link.updates or [link.latest]:
        table.take(update)
    link.updates.clear()
    return table


class OnlineMissionScene(MissionScene):
    def __init__(self, app, link: OnlineLink, db=None, content=None) -> None:
        self.link = link
        table = mission_table(link, db, content)
        seats = [{"kind": "human"} for _ in table.heroes]
        # the scene's setup reads `db`, `content`, `setup.seed` and `info.clock`: the table has them
        super().__init__(app, table, seats)
        self.engine = None  # never an engine in this window
        self._source = table
        self.viewer = table.seat
        self.worker = AIWorker({}, inline=True)  # no computer seat here: no worker process
        self.controllers = {s: ElsewhereSeat() for s in range(len(seats)) if s != self.viewer}
        self.sent_for = None  # the decision this window answered (waiting for the server)
        self.last_refusal = ""
        self.link_state = link.state

    # ------------------------------------------------------------ the server's side

    def hero(self, seat: int):
        return self.source.heroes[seat]

    def seat_label(self, seat: int) -> str:
        if seat == self.viewer:
            return "You"
        seats = (self.link.room or {}).get("seats", [])
        info = seats[seat] if 0 <= seat < len(seats) else None
        if info is None:
            return f"P{seat + 1}"
        if info["kind"] == "computer" or info.get("computer_standing_in"):
            return "CPU"
        name = info.get("name") or f"P{seat + 1}"
        return name if info.get("connected") else f"{name} (away)"

    def decider(self, seat: int) -> str:
        label = self.seat_label(seat)
        return "computer" if label == "CPU" else label

    def act(self, action: Action) -> None:
        """Answer the open decision with this option, by number, to the server."""
        answer = self.source.remote and self.source.remote.option_number(action)
        remote = self.source.remote
        if remote is None or not remote.mine or answer is None:
            self.say("That is not possible right now.")
            self.decided_for = None
            return
        if self.link.state != "connected":
            self.say("Not connected: wait until the connection is back.")
            self.decided_for = None
            return
        if action.kind in ("reroll", "momentum_reroll"):
            self.rerolled = (
                list(action.get("dice")) if action.kind == "reroll" else [action.get("die")]
            )
        if action.kind == "reroll":
            self.kept = [i not in action.get("dice") for i in range(5)]
        self.momentum_mode = False
        self.link.act(remote.seq, answer)
        self.sent_for = self.source.pending
        self.app.play("token" if action.kind != "reroll" else "button")
        self.buttons, self.modal = [], []

    def _take_updates(self) -> None:
        for update in self.link.updates:
            self.source.take(update)
            self.sent_for = None  # the server moved on: nothing of ours is outstanding
            self.decided_for = None
            self.buttons, self.modal = [], []
        self.link.updates.clear()
        notices = getattr(self.link, "notices", [])
        for notice in notices:
            self.log.append(notice_text(notice))
        notices.clear()

    def _say_connection(self) -> None:
        if self.link.state == "lost":
            self.say("Connection lost - reconnecting...")
        elif self.link.state == "failed":
            self.say(f"Disconnected: {self.link.reason or 'the server is gone'}")
        elif self.link.state == "connected" and self.message.startswith(("Conn", "Disc")):
            self.say("Connected again.")

    def _prepare(self, choice) -> None:
        super()._prepare(choice)  # (a new question clears the last hint)
        if self.link.state != "connected":
            self._say_connection()

    def _save(self, later: bool = False) -> None:
        pass  # the server keeps the Mission

    def _autosave(self, choice) -> None:
        pass

    def finish_instantly(self) -> None:
        pass  # the other seats are played elsewhere

    # ------------------------------------------------------------ the loop

    def update(self, dt: float) -> None:
        self.link.poll()
        self._take_updates()
        if self.link.state != self.link_state:  # the prompt's hint says what happened
            self.link_state = self.link.state
            self._say_connection()
        if self.link.error:  # a refused answer: say so and offer the decision again
            self.say(self.link.error)
            self.last_refusal = self.link.error_code
            self.link.error = ""
            self.sent_for = None
            self.decided_for = None
        self._animate(dt)
        if self.paused or self.app.scene is not self:
            return
        self._collect_events()
        if self.narrating():
            self._narrate(dt)
            return
        if self.source.over:
            if not self.ended:
                self.ended = True
                self.app.push(OnlineMissionResultScene(self.app, self))
            return
        choice = self.source.pending
        if choice is None or (self.sent_for is not None and choice is self.sent_for):
            return
        if self.decided_for is not choice:
            self._prepare(choice)
        if choice.player in self.controllers:
            return
        self._hover()

    # ------------------------------------------------------------ pause and leaving

    def _open_pause(self) -> None:
        self.open_pause_menu(
            [
                ("Resume", self._resume),
                ("Rules Reference", self._rules),
                ("Settings", self._settings),
                ("Leave to title", self._quit),
            ],
            note="The Mission stays on the server: Continue on the title takes you back to it.",
        )

    def _quit(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.link.close()
        self.app.reset(TitleScene(self.app))

    def exit(self) -> None:
        """Leaving the board (or closing the window) ends the link and a hosted server."""
        self.link.close()

    # ------------------------------------------------------------ drawing

    def connection_rect(self) -> pygame.Rect:
        """The top right corner of the Enemy Dice tray (the dice land in its middle)."""
        th = self.app.theme
        w, h = th.px(170), th.px(22)
        tray = self.enemy_rect
        return pygame.Rect(tray.right - w - th.px(4), tray.y + th.px(4), w, h)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.paused:
            return
        th = self.app.theme
        rect = self.connection_rect()
        draw_connection(surface, th, self.link, rect)
        draw_turn_clock(surface, th, self.source, rect)  # (a room with a turn timer)


class OnlineMissionResultScene(MissionResultScene):
    """The end of an online Mission, from the view: won or lost, the sides cleared, the
    rounds and each Hero. Perk Points are not recorded online (the profiles stay offline)."""

    no_awards = "Perk Points are recorded in Missions played offline only."

    def __init__(self, app, scene: OnlineMissionScene) -> None:
        from game.ui.app import Scene

        Scene.__init__(self, app)
        table = scene.source
        self.engine = table  # the drawing reads `mission` and `heroes`: the table has them
        self.link = scene.link
        room = self.link.room or {}
        up = int(room.get("difficulty_up") or 0)
        info = table.info
        self.result = {
            "mission": info.mission,
            "result": info.result,
            "sides_completed": info.sides_completed,
            "perfect": info.perfect,
            "rounds": info.round,
            "difficulty": table.mission.difficulty,
            "total_difficulty": table.mission.difficulty + up,
        }
        self.awards: list[tuple[str, int]] = []
        self.profiles: list[str] = []

    def resize(self) -> None:
        super().resize()
        first = self.buttons[0]
        first.label, first.on_click = "Online", self.online
        self.buttons = [b for b in self.buttons if isinstance(b, Button)]

    def online(self) -> None:
        from game.ui.scenes.online_menu import OnlineScene
        from game.ui.scenes.title import TitleScene

        self.link.close()
        self.app.reset(TitleScene(self.app))
        self.app.push(OnlineScene(self.app))

    def title(self) -> None:
        self.link.close()
        super().title()
