"""The mission board's controls (a mixin of MissionScene): the buttons each kind of decision
gets (beside the tray on a Hero's turn, a paged list over the map otherwise) and the dice
tray's keep / roll / alter handling. Every control sends an option of the current choice."""

from __future__ import annotations

import math

import pygame

from game.rules.actions import Action
from game.ui.widgets import Button, shorten

HERO_TURN_KINDS = {"main_phase", "offensive_roll", "announce", "discard"}


class MissionControls:
    """Buttons per decision kind and the dice tray's controls (mixed into MissionScene)."""

    def _add(
        self, label, action=None, *, primary=False, tooltip="", enabled=True, fn=None, core=False
    ):
        self.buttons.append(
            Button(
                pygame.Rect(0, 0, 10, 10),
                label,
                fn or (lambda a=action: self.act(a)),
                enabled=enabled,
                primary=primary,
                tooltip=tooltip,
                data={"action": action, "core": core} if action is not None else {"core": core},
            )
        )

    def _place_buttons(self) -> None:
        """Buttons right-aligned in the prompt bar; when they do not fit, a list over the map."""
        th = self.app.theme
        font = th.font(17, bold=True, condensed=True)
        bar = self.prompt_rect
        widths = [max(th.px(96), font.size(b.label)[0] + th.px(28)) for b in self.buttons]
        prompt_w = th.font(15, bold=True).size(self.prompt_text())[0]
        room = bar.w - min(prompt_w, bar.w * 0.4) - th.px(30)
        if sum(widths) + th.px(8) * len(widths) <= room and len(self.buttons) <= 5:
            x = bar.right - th.px(6)
            for b, bw in zip(reversed(self.buttons), reversed(widths), strict=True):
                x -= bw
                b.rect = pygame.Rect(x, bar.y + th.px(5), bw, bar.h - th.px(10))
                x -= th.px(8)
            return
        choice = self.source.pending
        self.modal_side = choice is not None and choice.kind in HERO_TURN_KINDS
        if self.modal_side:
            # a Hero's turn: the main buttons stay in the bar, the rest beside the dice tray
            keep = [b for b in self.buttons if b.primary or b.data.get("core")]
            rest = [b for b in self.buttons if b not in keep]
            cols, bw, bh = 1, self.side_rect.w - th.px(16), th.px(32)
            max_rows = max(2, (self.side_rect.h - th.px(48)) // (bh + th.px(5)))
        else:
            # the list: one or two columns of wide buttons over the map, the primary in the bar
            keep = [b for b in self.buttons if b.primary][:1]
            rest = [b for b in self.buttons if b not in keep]
            cols = 2 if len(rest) > 6 else 1
            bw = th.px(360) if cols == 2 else th.px(440)
            bh = th.px(34)
            max_rows = max(2, (self.map_rect.h - th.px(90)) // (bh + th.px(6)))
        rows = math.ceil(len(rest) / cols)
        if rows > max_rows:  # pages, with a button to turn them
            per_page = max_rows * cols - 1
            pages = math.ceil(len(rest) / per_page)
            self.modal_page %= pages
            page = self.modal_page
            rest = rest[page * per_page : (page + 1) * per_page]
            rest.append(
                Button(
                    pygame.Rect(0, 0, 10, 10),
                    f"More options (page {page + 1} of {pages})",
                    self._next_page,
                    data={"page": page},
                )
            )
            rows = max_rows
        total_w = cols * bw + (cols - 1) * th.px(10)
        x0 = self.map_rect.centerx - total_w // 2
        step = th.px(6)
        # anchored to the bottom of the map: the ticker and most of the map stay visible
        y0 = self.map_rect.bottom - th.px(14) - rows * (bh + step) + step
        if self.modal_side:
            x0, y0, step = self.side_rect.x + th.px(8), self.side_rect.y + th.px(26), th.px(5)
        small = th.font_px(13, bold=True, condensed=True)  # the smallest a button draws
        for i, b in enumerate(rest):
            c, r = divmod(i, rows)
            b.rect = pygame.Rect(x0 + c * (bw + th.px(10)), y0 + r * (bh + step), bw, bh)
            fit_label(b, small, bw - th.px(12))
        self.modal = rest
        self.modal_title = (choice.prompt if choice else "") or "Choose"
        if self.modal_side:
            self.modal_title = "Also possible now"
        self.buttons = keep
        x = bar.right - th.px(6)
        for b in reversed(keep):
            w = max(th.px(110), font.size(b.label)[0] + th.px(24))
            x -= w
            b.rect = pygame.Rect(x, bar.y + th.px(5), w, bar.h - th.px(10))
            x -= th.px(8)

    MAP_KINDS = ("target", "choose_enemy", "move")

    def _next_page(self) -> None:
        self.modal_page += 1
        self.decided_for = None  # rebuilt on the next update with the next page

    def _ask_generic(self, choice) -> None:
        """A button per option; options that name an enemy are answered on the map instead
        (a list of same-named Henchmen would not say which one is which)."""
        for option in choice.options:
            if option.action.kind not in self.MAP_KINDS:
                self._add(option.label, option.action)
        self._place_buttons()

    def _ask_move(self, choice) -> None:
        hero = self.source.heroes[choice.player]
        for action in self.options("move"):
            if (action.get("q"), action.get("r")) == hero.pos:
                self._add("Stay here", action, tooltip="End the Movement Phase where you are.")
        self._place_buttons()

    def _ask_give_momentum(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_choose(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_main_phase(self, choice) -> None:
        done = self.find("done")
        by_hand = ("done", "upgrade", "play", "sell")  # cards: click, right-click to sell
        extras = [a for a in choice.options if a.action.kind not in by_hand]
        for option in extras:
            self._add(option.label, option.action, tooltip=self._momentum_tip(option.action))
        if done is not None:
            self._add("End Main Phase", done, primary=True)
        self._place_buttons()

    def _momentum_tip(self, action: Action) -> str:
        if action.kind == "recruit":
            ally = self.db.allies[action.get("ally")]
            return f"{ally.name} ({ally.cost} Momentum): {ally.text}"
        if action.kind == "exhaust":
            ally = self.db.allies[action.get("ally")]
            return f"Exhaust {ally.name}: send it away for its exhaust power."
        return ""

    def _ask_offensive_roll(self, choice) -> None:
        left = choice.context.get("attempts_left", 0)
        can_roll = bool(self.options("reroll"))
        self._add(
            f"Roll ({left} left)" if can_roll else "No roll left",
            fn=self.roll,
            primary=can_roll,
            enabled=can_roll,
            tooltip="Throw again every die that is not kept (click dice to keep them).",
        )
        stop = self.find("stop")
        if stop is not None:
            self._add("Keep these dice", stop, primary=not can_roll, core=True)
        for option in choice.options:
            if option.action.kind not in ("reroll", "stop", "momentum_reroll"):
                self._add(option.label, option.action)  # Roll Phase cards, tokens
        if self.options("momentum_reroll"):
            cost = self.source.turn.momentum_cost(
                self.source.heroes[choice.player], "reroll_own_die"
            )
            self._add(
                f"Re-roll 1 die ({cost} Momentum)",
                fn=self.toggle_momentum_mode,
                tooltip="Then click the die to throw again (Momentum card action).",
            )
        self._place_buttons()

    def _ask_announce(self, choice) -> None:
        for option in choice.options:
            if option.action.kind == "activate_ally":
                self._add(option.label, option.action)
        none = self.find("no_ability")
        if none is not None:
            self._add("Activate nothing", none, core=True)
        self._place_buttons()

    def _ask_choose_target(self, choice) -> None:
        for option in choice.options:
            if option.action.kind != "target":
                self._add(option.label, option.action)
        self._place_buttons()

    def _ask_defense_choice(self, choice) -> None:
        for option in choice.options:
            self._add(option.label, option.action, primary=option.action.kind != "no_defense")
        self._place_buttons()

    def _ask_spend_tokens(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_status_or_momentum(self, choice) -> None:
        self._ask_generic(choice)

    # the heroes' own kits (grow a Spirit or Bot, Reload's re-roll, Nyra's share of a blow)
    # and a teammate's chance to protect the Hero being hit: plain lists of choices
    def _ask_grow(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_free_reroll(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_companion_split(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_protect_teammate(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_enemy_dice(self, choice) -> None:
        done = self.find("done")
        ways = sorted({a.get("way") for a in self.options("reroll_enemy")})
        for way in ways:
            self._add(
                f"Re-roll a die ({way})",
                fn=lambda w=way: self._enemy_mode(w),
                tooltip="Then click an Enemy Die in the tray on the right.",
            )
        if done is not None:
            self._add("Leave the Enemy Dice", done, primary=True)
        self.enemy_way = ways[0] if ways else None
        self._place_buttons()

    def _enemy_mode(self, way: str) -> None:
        self.enemy_way = way
        self.say("Click the Enemy Die to re-roll.")

    def _ask_discard(self, choice) -> None:
        self.say("Click a card in your hand to sell it.")

    def _ask_attack_modifiers(self, choice) -> None:
        done = self.find("done")
        for option in choice.options:
            if option.action.kind != "done":
                self._add(option.label, option.action)
        if done is not None:
            self._add("Resolve the damage", done, primary=True)
        self._place_buttons()

    def _ask_alter_dice(self, choice) -> None:
        """Dice changed by a card or token: the dice as buttons (click to select), then
        'Re-roll selected' or the new value for the selected die."""
        dice = list(choice.context.get("dice", ()))
        reroll = bool(self.options("alter_reroll"))
        for i, value in enumerate(dice):
            self._add(
                f"Die {i + 1}: {value}",
                fn=lambda i=i: self._alter_pick(i),
                primary=i in self.alter_sel,
                tooltip="Select this die.",
            )
        if reroll:
            wanted = tuple(sorted(self.alter_sel))
            action = self.find("alter_reroll", dice=wanted) if wanted else None
            label = "Re-roll selected" if action is not None else "Select dice to re-roll"
            self._add(label, action, primary=action is not None, enabled=action is not None)
        elif len(self.alter_sel) == 1:
            die = self.alter_sel[0]
            for action in self.options("set_die"):
                if action.get("die") == die:
                    self._add(f"Make it {action.get('value')}", action)
        self._place_buttons()

    def _alter_pick(self, index: int) -> None:
        if self.options("alter_reroll"):
            if index in self.alter_sel:
                self.alter_sel.remove(index)
            else:
                self.alter_sel.append(index)
        else:
            self.alter_sel = [] if self.alter_sel == [index] else [index]
        self.decided_for = None

    # ------------------------------------------------------------ dice

    def roll(self) -> None:
        choice = self.source.pending
        if choice is None or choice.kind != "offensive_roll":
            return
        wanted = tuple(i for i, k in enumerate(self.kept) if not k)
        if not wanted:
            self.say("Every die is kept: release one, or choose 'Keep these dice'.")
            return
        action = self.find("reroll", dice=wanted)
        if action is None:
            self.say("No roll attempt is left.")
            return
        self.act(action)

    def toggle_momentum_mode(self) -> None:
        self.momentum_mode = not self.momentum_mode
        if self.momentum_mode:
            self.say("Click the die to re-roll with Momentum.")

    def toggle_keep(self, index: int) -> None:
        if self.tray.rolling or index >= len(self.kept):
            return
        if self.momentum_mode:
            action = self.find("momentum_reroll", die=index)
            if action is not None:
                self.act(action)
            return
        self.kept[index] = not self.kept[index]
        self.tray.set_kept(self.kept)
        self.app.play("token")


def fit_label(button: Button, font, width: int) -> None:
    """Shorten a label that does not fit its button even in `font` (the smallest its button
    draws: 13 px); the whole text moves to the tooltip."""
    full = button.label
    if font.size(full)[0] <= width:
        return
    label = full.replace(" Momentum)", " Mom.)")
    label = shorten(font, label, width, in_tooltip=True)
    button.label = label
    button.tooltip = full + (f" - {button.tooltip}" if button.tooltip else "")
