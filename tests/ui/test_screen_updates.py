"""Dirty rectangles (game/ui/screen_updates.py): what goes to the display covers every changed
pixel, nothing is sent when nothing changed, and the whole window goes out when it must."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.screen_updates import ScreenUpdates


class FakeDisplay:
    """Records what `present` sends and keeps a copy of what the screen would show."""

    def __init__(self, monkeypatch, surface: pygame.Surface) -> None:
        self.surface = surface
        self.shown = pygame.Surface(surface.get_size(), depth=32)
        self.shown.fill((255, 0, 255))  # garbage until the first frame
        self.calls: list = []
        monkeypatch.setattr(pygame.display, "flip", self.flip)
        monkeypatch.setattr(pygame.display, "update", self.update)

    def flip(self) -> None:
        self.calls.append("flip")
        self.shown.blit(self.surface, (0, 0))

    def update(self, rects) -> None:
        rects = [pygame.Rect(r) for r in rects]
        self.calls.append(rects)
        for r in rects:
            self.shown.blit(self.surface, r, r)

    def stale_pixels(self) -> int:
        """Pixels where the screen differs from the frame drawn."""
        same = pygame.mask.from_threshold(
            self.surface, (0, 0, 0, 0), (1, 1, 1, 255), othersurface=self.shown
        )
        return same.get_size()[0] * same.get_size()[1] - same.count()


def scene(surface: pygame.Surface, seed: int) -> None:
    rng = random.Random(seed)
    surface.fill((30, 60, 40))
    for _ in range(60):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        w, h = surface.get_size()
        pygame.draw.rect(surface, colour, (rng.randrange(w), rng.randrange(h), 40, 25))


def changed_mask(before: pygame.Surface, after: pygame.Surface) -> pygame.mask.Mask:
    same = pygame.mask.from_threshold(after, (0, 0, 0, 0), (1, 1, 1, 255), othersurface=before)
    same.invert()
    return same


def covers(rects, mask: pygame.mask.Mask) -> bool:
    cover = pygame.mask.Mask(mask.get_size())
    for r in rects:
        cover.draw(pygame.mask.Mask(r.size, fill=True), r.topleft)
    left = mask.copy()
    left.erase(cover, (0, 0))
    return left.count() == 0


def test_a_small_change_sends_only_the_tiles_around_it(monkeypatch):
    # 333 x 203: the last tile column and the last band are partial
    surface = pygame.Surface((333, 203), depth=32)
    display = FakeDisplay(monkeypatch, surface)
    updates = ScreenUpdates()
    scene(surface, 1)
    assert updates.present(surface) is None  # the first frame goes out whole
    assert display.calls == ["flip"]
    before = surface.copy()
    pygame.draw.rect(surface, (250, 250, 0), (60, 14, 9, 5))  # across a tile and a band edge
    surface.set_at((332, 202), (1, 2, 3))  # the very last pixel
    surface.set_at((0, 100), (9, 9, 9))  # the first column
    surface.set_at((191, 150), (9, 9, 9))  # the last column of a tile
    rects = updates.present(surface)
    assert rects and display.calls[-1] == rects
    assert covers(rects, changed_mask(before, surface))
    area = sum(r.w * r.h for r in rects)
    # the rectangle spans two tiles and two bands; the pixels one (partial) tile each
    assert area == 4 * 64 * 16 + 2 * 64 * 16 + 13 * 11
    assert display.stale_pixels() == 0


def test_nothing_changed_sends_nothing(monkeypatch):
    surface = pygame.Surface((320, 200), depth=32)
    display = FakeDisplay(monkeypatch, surface)
    updates = ScreenUpdates()
    scene(surface, 2)
    updates.present(surface)
    scene(surface, 2)  # drawn again, the same pixels
    assert updates.present(surface) == []
    assert display.calls == ["flip"]  # nothing after the first frame
    assert updates.sent_none == 1


@pytest.mark.parametrize("seed", range(4))
def test_many_frames_never_leave_a_stale_pixel(monkeypatch, seed):
    rng = random.Random(seed)
    surface = pygame.Surface((257, 131), depth=32)
    display = FakeDisplay(monkeypatch, surface)
    updates = ScreenUpdates()
    scene(surface, seed)
    updates.present(surface)
    sent_in_parts = 0
    for _ in range(60):
        before = surface.copy()
        for _ in range(rng.randrange(0, 4)):  # a few small things move or blink
            x, y = rng.randrange(257), rng.randrange(131)
            colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
            if rng.random() < 0.5:
                surface.set_at((x, y), colour)
            else:
                pygame.draw.rect(surface, colour, (x, y, rng.randrange(1, 30), rng.randrange(1, 9)))
        rects = updates.present(surface)
        if rects is not None:
            assert covers(rects, changed_mask(before, surface))
            sent_in_parts += bool(rects)
        assert display.stale_pixels() == 0
    assert sent_in_parts > 20


def test_the_whole_window_goes_out_when_it_must(monkeypatch):
    surface = pygame.Surface((320, 200), depth=32)
    display = FakeDisplay(monkeypatch, surface)
    updates = ScreenUpdates()
    scene(surface, 3)
    updates.present(surface)
    scene(surface, 4)  # a different picture: most of the window changed
    assert updates.present(surface) is None
    updates.invalidate()  # a new scene: whole, even though nothing changed
    assert updates.present(surface) is None
    bigger = pygame.Surface((400, 200), depth=32)
    display.surface = bigger
    display.shown = pygame.Surface((400, 200), depth=32)
    scene(bigger, 4)
    assert updates.present(bigger) is None  # a resize
    assert display.calls == ["flip"] * 4
    assert display.stale_pixels() == 0


def test_the_app_sends_changed_parts_and_a_whole_frame_on_a_new_scene(monkeypatch):
    from game.persistence.settings import Settings
    from game.ui.app import STEP, App, Scene

    class Blinker(Scene):
        def __init__(self, app) -> None:
            super().__init__(app)
            self.frames = 0

        def update(self, dt: float) -> None:
            self.frames += 1

        def draw(self, surface) -> None:
            surface.fill((20, 40, 30))
            colour = (255, 255, 255) if self.frames % 2 else (200, 0, 0)
            pygame.draw.rect(surface, colour, (100, 100, 20, 20))

    monkeypatch.delenv("DICE_THRONE_FULL_FLIP", raising=False)  # tests/conftest.py sets it
    app = App(Settings(sound_volume=0.0, music_volume=0.0), size=(640, 360))
    try:
        display = FakeDisplay(monkeypatch, app.screen)
        app.push(Blinker(app))
        app.frame(STEP)
        app.frame(STEP)
        app.frame(STEP)
        assert not app.screen.get_locked()  # the comparison let go of the pixels
        assert display.calls[0] == "flip"
        assert all(isinstance(c, list) for c in display.calls[1:])
        assert all(r.colliderect((100, 100, 20, 20)) for c in display.calls[1:] for r in c)
        assert display.stale_pixels() == 0
        app.push(Blinker(app))  # an overlay or a new scene: the next frame whole
        app.frame(STEP)
        assert display.calls[-1] == "flip"
        app.frame(STEP)
        assert display.calls[-1] != "flip"
        pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))  # uncovered again
        app.frame(STEP)
        assert display.calls[-1] == "flip"
        app.pop()  # back to the scene below: whole
        app.frame(STEP)
        assert display.calls[-1] == "flip"
        assert display.stale_pixels() == 0
    finally:
        app.close()
