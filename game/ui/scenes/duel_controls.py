"""The duel's decision controls: the prompt strip's buttons for each kind of question (End Phase
and its second ask, Roll / Re-roll, Pass, Until my turn, Use Result), a question's options as a
column of buttons, and the dice a human keeps. `DuelScene` mixes this in."""

from __future__ import annotations

import copy

import pygame

from game.ui.layout import inset, row_sized
from game.ui.widgets import Button


class DuelControls:
    """Mixin for DuelScene (needs its source, view, app, tray, buttons and modal)."""

    # ------------------------------------------------------------ decision controls

    def _build_controls(self, choice) -> None:
        self.decided_for = choice
        self.buttons = []
        self.modal = []
        self._make_controls(choice)
        self._place_prompt_buttons()

    def _place_prompt_buttons(self) -> None:
        """The prompt's buttons right-aligned in its strip, first added rightmost, each as wide
        as its words and key at the text scale (never narrower than 150 at the layout scale);
        together at most 70% of the strip, the prompt's words keep the rest. When the keys do
        not fit the words alone are measured (the button then drops its key hint)."""
        th = self.app.theme
        strip = inset(self.prompt_rect, th.px(6), 0)
        share = int(strip.w * 0.7)
        room = pygame.Rect(strip.right - share, strip.y, share, strip.h)
        ordered = list(reversed(self.buttons))
        gap = th.px(8)
        for hint in (True, False):
            widths = [max(th.px(150), b.natural_width(th, hint)) for b in ordered]
            if sum(widths) + gap * (len(widths) - 1) <= room.w:
                break
        for button, rect in zip(
            ordered, row_sized(room, widths, th.px(36), gap, align="right"), strict=True
        ):
            button.rect = rect

    def _make_controls(self, choice) -> None:
        th = self.app.theme
        kind = choice.kind
        rect = self.prompt_rect

        def add(label, action, primary=False, hotkey="", tooltip="", enabled=True):
            button = Button(
                pygame.Rect(rect.x, rect.y, 0, 0),  # placed by _place_prompt_buttons
                label,
                (lambda a=action: self.act(a)) if action else None,
                enabled=enabled and action is not None,
                primary=primary,
                hotkey=hotkey,
                tooltip=tooltip,
            )
            self.buttons.append(button)
            return button

        if kind == "main_phase":
            if self.confirm_end is choice:
                self._build_end_confirm(choice, add)
                return
            end = add(
                "End Phase",
                self.find("end_phase"),
                primary=True,
                hotkey="Space",
                tooltip="Finish this Main Phase and move on.",
            )
            if end.enabled:
                end.on_click = lambda c=choice: self.end_main_phase(c)
            if self.undo_stack:
                undo = Button(
                    pygame.Rect(rect.x, rect.y, 0, 0),
                    "Undo",
                    self.undo,
                    hotkey="Ctrl+Z",
                    tooltip=f"Take back: {self.undo_stack[-1][2]}",
                )
                self.buttons.append(undo)
        elif kind in ("offensive_roll", "defensive_roll"):
            rolls = [o.action for o in choice.options if o.action.kind == "roll"]
            first = (
                rolls
                and len(rolls) == 1
                and choice.context.get("attempts_left", 0)
                == choice.context.get("attempts_total", 0)
            )
            if kind == "offensive_roll":
                add(
                    "No Ability",
                    self.find("no_ability"),
                    tooltip="End the roll without using an ability.",
                )
            else:
                add(
                    "Use Result",
                    self.find("accept"),
                    primary=not rolls,
                    tooltip="Keep this defense roll.",
                )
            if rolls:
                label = "Roll" if first else "Re-roll"
                add(
                    label,
                    None,
                    primary=True,
                    hotkey="R",
                    tooltip="Throw the dice you are not keeping (click dice or press 1-5 to keep).",
                )
                self.buttons[-1].on_click = self.roll
                self.buttons[-1].enabled = True
                self.buttons[-1].data["roll"] = True
        elif kind == "respond":
            add(
                "Pass",
                self.find("pass"),
                primary=True,
                hotkey="Space",
                tooltip="Let play continue without acting.",
            )
            if self.view.active != choice.player:
                until = add(
                    "Until my turn",
                    self.find("pass"),
                    tooltip="Pass now and every response window after it, until your own "
                    "turn begins.",
                )
                if until.enabled:
                    until.on_click = lambda seat=choice.player: self.pass_until_my_turn(seat)
            free = self.find("reroll")
            if free is not None:
                add("Free re-roll", free, tooltip="Re-roll that die once, for free.")
        elif kind == "discard":
            pass
        else:
            # A question: the options as a column of buttons in the middle of the board.
            count = len(choice.options)
            font = th.font(17, bold=True, condensed=True)
            widest = max((font.size(f"{o.label}  [9]")[0] for o in choice.options), default=0)
            mw = min(self.tray_rect.w - th.px(40), max(th.px(420), widest + th.px(30)))
            mh = th.px(44)
            top = self.tray_rect.centery - (count * (mh + th.px(8))) // 2 + th.px(20)
            x = self.tray_rect.centerx - mw // 2
            if self.table is not None and self.table.targeting is not None:
                # the targeting table stays readable on the left; the buttons go right of it
                left = self.tray_rect.x + self.table.panel_width() + th.px(20)
                mw = min(mw, self.tray_rect.right - left - th.px(10))
                x = left + (self.tray_rect.right - left - mw) // 2
            for index, option in enumerate(choice.options):
                rect_b = pygame.Rect(x, top + index * (mh + th.px(8)), mw, mh)
                self.modal.append(
                    Button(
                        rect_b,
                        option.label,
                        lambda a=option.action: self.act(a),
                        tooltip=option.detail,
                        hotkey=str(index + 1) if index < 9 else "",
                    )
                )

    def pass_until_my_turn(self, seat: int) -> None:
        """Pass this window, and every response window of `seat` until its own turn starts."""
        self.pass_until_turn.add(seat)
        self.presenter.log.append(("note", f"{self.seat_name(seat)} passes until their turn."))
        passing = self.find("pass")
        if passing is not None:
            self.act(passing)

    def playable_now(self, choice) -> list[str]:
        """What the player could still do in this Main Phase besides selling: the names."""
        names = []
        for option in choice.options:
            if option.action.kind in ("end_phase", "sell", "pass"):
                continue
            card = option.action.get("card")
            names.append(self.card_name(card) if card is not None else option.label)
        return list(dict.fromkeys(names))

    def card_name(self, card: int) -> str:
        cid = self.card_id(card)
        cdef = self.content.cards.get(cid)
        return cdef.name if cdef is not None else cid

    def end_main_phase(self, choice) -> None:
        """End Phase, but with a card still playable (or a token to spend) ask once more."""
        end = self.find("end_phase")
        if end is None:
            return
        if self.app.settings.confirm_end_phase and self.playable_now(choice):
            self.confirm_end = choice
            self.confirm_age = 0.0
            self.decided_for = None  # rebuild the controls as the question
            return
        self.act(end)

    def _build_end_confirm(self, choice, add) -> None:
        end = self.find("end_phase")

        def never_ask() -> None:
            settings = copy.copy(self.app.settings)
            settings.confirm_end_phase = False
            self.app.apply_settings(settings)
            self.act(end)

        def keep() -> None:
            self.confirm_end = None
            self.decided_for = None

        add("End Phase", end, primary=True, hotkey="Space", tooltip="End it anyway.")
        add("Keep playing", None, hotkey="Esc", tooltip="Back to the Main Phase.")
        self.buttons[-1].on_click, self.buttons[-1].enabled = keep, True
        add("End, never ask", None, tooltip="End it and stop asking (Settings can undo this).")
        self.buttons[-1].on_click, self.buttons[-1].enabled = never_ask, True

    def roll(self) -> None:
        choice = self.source.pending
        if choice is None:
            return
        rolls = [o.action for o in choice.options if o.action.kind == "roll"]
        if not rolls:
            return
        if len(rolls) == 1:
            self.act(rolls[0])
            return
        wanted = tuple(i for i, keep in enumerate(self.kept_for(len(self.tray_dice))) if not keep)
        for action in rolls:
            if tuple(action.get("dice")) == wanted:
                self.act(action)
                return
        self.message = "Keep at least one die fewer than all of them to re-roll."

    def toggle_keep(self, index: int) -> None:
        choice = self.source.pending
        if choice is None or choice.kind not in ("offensive_roll", "defensive_roll"):
            return
        if not any(o.action.kind == "roll" for o in choice.options):
            return
        if choice.context.get("attempts_left", 0) == choice.context.get("attempts_total", 0):
            return
        kept = self.kept_for(len(self.tray_dice))
        if 0 <= index < len(kept):
            kept[index] = not kept[index]
            self.tray.set_kept(kept)
            self.app.play("token", 0.5)
