"""What the keyboard and gamepad focus reaches besides buttons (game/ui/focus.py): the dice,
ability tiles, hand cards, tokens, seats to target, map spaces and crawl tiles of the game
scenes. Each function lists (rect, label, point) for the scene's current decision; the focus
activates a target by a click at its point, so it does what a click does."""

from __future__ import annotations

import pygame


def _dice(tray, prefix: str) -> list[tuple]:
    half = int(tray.die_size / 2)
    out = []
    for i, die in enumerate(tray.dice):
        rect = pygame.Rect(int(die.x) - half, int(die.y) - half, half * 2, half * 2)
        out.append((rect, f"{prefix} die {i + 1}", (int(die.x), int(die.y))))
    return out


def _hand(hand_rects) -> list[tuple]:
    """Fanned cards overlap: each is clicked in the strip of it left uncovered."""
    out = []
    for i, (rect, card) in enumerate(hand_rects):
        right = rect.right
        if i + 1 < len(hand_rects):
            right = max(rect.x + 4, min(right, hand_rects[i + 1][0].x))
        point = ((rect.x + right) // 2, rect.y + rect.h // 3)
        out.append((rect, f"card {card}", point))
    return out


def duel_targets(scene) -> list[tuple]:
    choice = scene.source.pending
    if (
        choice is None
        or not scene.human(choice.player)
        or scene.paused
        or scene.pass_to is not None
        or scene.presenter.busy
    ):
        return []
    out: list[tuple] = []
    if choice.kind in ("offensive_roll", "defensive_roll"):
        out += _dice(scene.tray, "your")
    kinds = {o.action.kind for o in choice.options}
    if "activate" in kinds:
        out += [
            (
                s.rect,
                f"ability {s.key}" + (f" row {s.row}" if s.kind == "row" else ""),
                s.rect.center,
            )
            for s in scene.spots
            if s.kind in ("row", "ability") and s.seat == choice.player
        ]
    if "spend" in kinds:
        out += [
            (s.rect, f"token {s.key}", s.rect.center)
            for s in scene.spots
            if s.kind == "token" and s.seat == choice.player
        ]
    if scene.table is not None:
        targets = scene.table.target_options()
        for seat in targets:
            rect = scene.my_bar if seat == scene.viewer else scene.table.compact.get(seat)
            if rect is not None:
                out.append((rect, f"seat {seat}", rect.center))
    out += _hand(scene.hand_rects)
    return out


def mission_targets(scene) -> list[tuple]:
    choice = scene.source.pending
    if choice is None or choice.player in scene.controllers or scene.paused or scene.narrating():
        return []
    out: list[tuple] = []
    if scene.hero_overlay() is not None:
        if choice.kind == "offensive_roll":
            out += _dice(scene.tray, "your")
        if choice.kind in ("offensive_roll", "announce"):
            out += [(s.rect, f"ability {s.key}", s.rect.center) for s in scene.row_spots]
        out += _hand(scene.hand_rects)
        return out
    if scene.layout is not None and scene.map_rect.w > 0:
        layout = scene.map_layout()
        for h in scene.source.hexes:
            if scene.hex_action(h) is None:
                continue
            x, y = (int(v) for v in layout.center(h))
            size = max(8, int(layout.size * 1.6))
            rect = pygame.Rect(x - size // 2, y - size // 2, size, size)
            out.append((rect, f"space {h[0]},{h[1]}", (x, y)))
    return out


def adventure_targets(scene) -> list[tuple]:
    choice = scene.source.pending
    if choice is None or scene.source.conclusion is not None or scene.paused:
        return []
    if choice.player in scene.controllers:
        return []
    return [
        (rect, f"tile {slot}", rect.center)
        for slot, rect in scene.tile_rects.items()
        if scene.move_action(slot) is not None
    ]


def rect_targets(scene, *names: str) -> list[tuple]:
    """Targets from a menu's lists of (rect, what, ...) pairs, named by attribute."""
    out = []
    for name in names:
        for rect, *what in getattr(scene, name, None) or ():
            out.append((rect, f"{name} {what[0] if what else ''}".strip(), rect.center))
    return out
