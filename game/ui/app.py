"""The window: pygame setup, a stack of scenes, and a fixed-timestep loop.

Scenes have enter / exit / handle / update(dt) / draw(surface); `draw` never changes state.
The loop updates in fixed 1/60 s steps and draws once per frame; only the parts of the frame
that changed go to the display (game/ui/screen_updates.py).
"""

from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path

STEP = 1 / 60
log = logging.getLogger(__name__)
PROCESS_START = time.perf_counter()


def _prepare_environment() -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # xdotool finds SDL windows by class (tests and demos drive the real window).
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "DiceThrone")
    # The window's own framebuffer (X11 shared memory, GDI, Cocoa) instead of SDL's default of a
    # renderer texture: with that, every `display.update` of even one small rectangle uploads
    # and draws the whole window (8 ms at 1920x1080 under Xvfb, measured), which undoes the
    # dirty rectangles (game/ui/screen_updates.py); natively a small update costs 0.07 ms.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    if "SDL_VIDEO_WINDOW_POS" not in os.environ and not os.environ.get("SDL_VIDEO_CENTERED"):
        os.environ["SDL_VIDEO_CENTERED"] = "1"


_prepare_environment()

import pygame  # noqa: E402

from game.persistence.settings import (  # noqa: E402
    MIN_WINDOW,
    Settings,
    load_settings,
    save_settings,
)
from game.ui import keymap  # noqa: E402
from game.ui import theme as T  # noqa: E402
from game.ui.focus import FOCUS  # noqa: E402
from game.ui.gamepad import Gamepad  # noqa: E402
from game.ui.screen_updates import ScreenUpdates  # noqa: E402
from game.ui.widgets import Tooltip  # noqa: E402

SIZES = [  # the window sizes Settings offers
    (1024, 576),
    (1280, 720),
    (1600, 900),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
]
TITLE_BAR = 64  # room kept for the window's title bar and a task bar
EXPOSED = {pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED}


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen the window is on (None when the driver cannot say)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes and sizes[0][0] > 0 else None


def offered_sizes(desktop: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """The window sizes that fit on the screen with its title bar (the smallest always)."""
    desktop = desktop or desktop_size()
    if desktop is None:
        return list(SIZES)
    fit = [s for s in SIZES if s[0] <= desktop[0] and s[1] + TITLE_BAR <= desktop[1]]
    return fit or SIZES[:1]


UI_SCALES = (0.75, 1.0, 1.25, 1.5, 1.75, 2.0)  # the interface scales the layout check verifies
TEXT_OVER_BOX = 1.5  # the most text may outgrow the layout (1.50x at 1280x720, checked)


def offered_scales(size: tuple[int, int]) -> list[float]:
    """The interface scales that fit a window of `size` (game/ui/theme.py, `Theme`): below
    1.00x the table shrinks, which is offered while its pixels stay at least as large as in
    the smallest supported window at 1.00x (MIN_WINDOW, 0.8 at 1024x576); above it controls
    grow with the text until the table would drop under 1280x720 base units, then only the text
    grows, which is offered while it is at most 1.5 times the layout (python -m game uicheck)."""
    smallest = T.Theme(1.0)
    smallest.resize(*MIN_WINDOW)
    out = []
    for s in UI_SCALES:
        th = T.Theme(s)
        th.resize(*size)
        if th.scale >= smallest.scale - 1e-9 and th.text_scale <= TEXT_OVER_BOX * th.scale + 1e-9:
            out.append(s)
    return out


def usable_scale(scale: float, size: tuple[int, int]) -> float:
    """The largest offered scale not above `scale` (the smallest offered when none is; 1.00x in
    a window below the smallest supported size, where none is offered)."""
    offered = offered_scales(size)
    fits = [s for s in offered if s <= scale + 1e-9]
    return max(fits) if fits else min(offered, default=1.0)


def fitting_size(size: tuple[int, int], desktop: tuple[int, int] | None = None):
    """`size`, or the largest offered size when `size` would not fit on the screen."""
    desktop = desktop or desktop_size()
    if desktop is None or (size[0] <= desktop[0] and size[1] <= desktop[1]):
        return size  # it fits the screen (a screen exactly this size runs it without a frame)
    return max(offered_sizes(desktop))


def first_run_settings(settings: Settings, desktop: tuple[int, int] | None = None) -> Settings:
    """Defaults that suit this screen, for a first start (no settings file yet).

    pygame reports the desktop's size in pixels, not its physical DPI, so the size stands in
    for it. From 1440 rows up the window is the largest offered size covering at most three
    quarters of the desktop (the table grows with the window and gains room); below that the
    default 1280x720 stays (or the largest size that fits). From 1800 rows (high-DPI laptops)
    the interface scale starts at 1.50x and from 2160 rows (4K panels) at 2.00x, where that
    scale fits the window: there even the largest window leaves 1.00x text small (the text of
    1.50x in a 1920x1080 window is as large as 1.25x was before the table reflowed, that of
    2.00x in a 2560x1440 window as large as 1.50x was)."""
    desktop = desktop or desktop_size()
    if desktop is None:
        return settings
    size = fitting_size((settings.window_width, settings.window_height), desktop)
    if desktop[1] >= 1440:
        roomy = [
            s
            for s in offered_sizes(desktop)
            if s[0] <= desktop[0] * 0.75 and s[1] <= desktop[1] * 0.75
        ]
        size = max(roomy) if roomy else size
    settings.window_width, settings.window_height = size
    wanted = 2.0 if desktop[1] >= 2160 else 1.5 if desktop[1] >= 1800 else 1.0
    settings.ui_scale = usable_scale(wanted, size)
    return settings


class Scene:
    opaque = True  # an overlay (False) lets the scene below show through

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def resize(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class App:
    def __init__(
        self,
        settings: Settings | None = None,
        *,
        size: tuple[int, int] | None = None,
        messages: list[str] | None = None,
    ) -> None:
        self.settings = settings or Settings()
        self.messages: list[str] = list(messages or [])
        pygame.display.init()
        pygame.font.init()
        keymap.use(self.settings.keys)
        T.set_palette(self.settings.palette)
        FOCUS.hide()
        FOCUS.owner = FOCUS.current = None
        self.gamepad = Gamepad(self)
        pygame.key.set_repeat(350, 40)
        if size is None:
            width, height = fitting_size((self.settings.window_width, self.settings.window_height))
        else:
            width, height = size
        flags = pygame.RESIZABLE
        if self.settings.fullscreen and size is None:
            flags = pygame.FULLSCREEN
            width = height = 0
        self.screen = pygame.display.set_mode((width, height), flags)
        pygame.display.set_caption("Dice Throne - digital edition")
        self.theme = T.Theme(usable_scale(self.settings.ui_scale, self.screen.get_size()))
        self.theme.resize(*self.screen.get_size())
        self.tooltip = Tooltip()
        self.sound = _sound_board(self.settings)
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame_times: list[float] = []
        # the changed parts of each frame go to the display; DICE_THRONE_FULL_FLIP=1 sends
        # every frame whole (the old way, for comparing in bench render)
        self.updates = None if os.environ.get("DICE_THRONE_FULL_FLIP") == "1" else ScreenUpdates()
        self.screenshot_hook = None  # demo mode: called after each frame
        self.crashes = 0
        self.music_started = False
        # bench startup: leave after the first frame is on screen
        self.exit_after_first_frame = bool(os.environ.get("DICE_THRONE_EXIT_AFTER_FIRST_FRAME"))

    # ------------------------------------------------------------ scenes

    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.invalidate()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        self.invalidate()
        scene = self.scenes.pop()
        scene.exit()
        return scene

    def replace(self, scene: Scene) -> None:
        self.pop()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        while self.scenes:
            self.pop()
        self.push(scene)

    # ------------------------------------------------------------ settings

    def apply_settings(self, settings: Settings) -> None:
        old = self.settings
        self.settings = settings.clean()
        keymap.use(self.settings.keys)
        T.set_palette(self.settings.palette)
        if old.palette != self.settings.palette:
            from game.ui import art, cards

            art.clear_cache()  # tokens, dials and cards drawn in the old colours
            cards._CACHE.clear()
        try:
            save_settings(self.settings)
        except OSError as exc:  # a full or read-only disk: the settings still apply now
            self.messages.append(f"Could not save the settings: {exc}")
        if (old.fullscreen != self.settings.fullscreen) or (
            not self.settings.fullscreen
            and (old.window_width, old.window_height)
            != (self.settings.window_width, self.settings.window_height)
        ):
            if self.settings.fullscreen:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                size = fitting_size((self.settings.window_width, self.settings.window_height))
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.theme = T.Theme(usable_scale(self.settings.ui_scale, self.screen.get_size()))
        self.theme.resize(*self.screen.get_size())
        self.invalidate()
        self._apply_sound()
        for scene in self.scenes:
            scene.resize()

    def _apply_sound(self) -> None:
        """Volumes from the settings; the music loop runs only while its volume is above 0."""
        if self.sound is None:
            return
        self.sound.set_volume(self.settings.sound_volume)
        self.sound.set_music_volume(self.settings.music_volume)
        if self.settings.music_volume > 0 and not self.sound.music_playing:
            self.sound.start_music()
        elif self.settings.music_volume <= 0 and self.sound.music_playing:
            self.sound.stop_music()

    def play(self, name: str, volume: float = 1.0) -> None:
        if self.sound is not None:
            self.sound.play(name, volume)

    # ------------------------------------------------------------ the loop

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            width = max(MIN_WINDOW[0], event.w)
            height = max(MIN_WINDOW[1], event.h)
            self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
            self.theme = T.Theme(usable_scale(self.settings.ui_scale, (width, height)))
            self.theme.resize(width, height)
            for scene in self.scenes:
                scene.resize()
            self.invalidate()
            return
        if event.type in EXPOSED:  # the window system may have lost what it showed
            self.invalidate()
        if self.gamepad.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            FOCUS.hide()  # the pointer is back: the focus ring makes way
        if keymap.pressed(event, "screenshot"):
            try:
                self.screenshot(self.default_shot_path())
            except (OSError, pygame.error) as exc:  # a read-only or full disk: say so
                self.messages.append(f"Could not save the screenshot: {exc}")
            return
        if event.type == pygame.KEYDOWN and not self.typing() and self.focus_key(event):
            return
        if self.scene is not None:
            self.scene.handle(event)

    def typing(self) -> bool:
        """Whether the top scene is taking text (its keys are letters, not actions)."""
        scene = self.scene
        return getattr(scene, "typing", None) is not None or bool(
            getattr(scene, "editing_name", False)
        )

    def focus_key(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab / arrows move the focus ring, Confirm clicks what it marks."""
        if keymap.pressed(event, "next_focus"):
            FOCUS.step(1)
        elif keymap.pressed(event, "prev_focus"):
            FOCUS.step(-1)
        elif (
            FOCUS.active() is not None
            and not getattr(self.scene, "uses_arrows", False)
            and keymap.pressed(event, "up", "down", "left", "right")
        ):
            for action, dx, dy in (
                ("up", 0, -1),
                ("down", 0, 1),
                ("left", -1, 0),
                ("right", 1, 0),
            ):
                if keymap.pressed(event, action):
                    FOCUS.move(dx, dy)
        elif FOCUS.active() is not None and keymap.pressed(event, "confirm"):
            self.activate_focus()
        else:
            return False
        return True

    def activate_focus(self) -> bool:
        """A click on the focused target (False when nothing is focused)."""
        events = FOCUS.clicks()
        for click in events:
            if self.scene is not None:
                self.scene.handle(click)
        return bool(events)

    def update(self, dt: float) -> None:
        if self.scene is not None:
            self.scene.update(dt)
        self.tooltip.update(dt)

    def draw(self) -> None:
        surface = self.screen
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        for scene in self.scenes[start:]:
            if scene is self.scene:
                FOCUS.begin(scene)  # the top scene's buttons and targets are what focus reaches
            scene.draw(surface)
        if self.scene is not None:
            extra = getattr(self.scene, "focus_targets", None)
            for rect, label, *point in extra() if extra is not None else ():
                FOCUS.add(rect, label, point[0] if point else None, layer=0)
        FOCUS.end(surface.get_rect())
        FOCUS.draw(surface, self.theme)
        self.tooltip.draw(surface, self.theme)

    def invalidate(self) -> None:
        """Send the next frame to the display whole (a new scene or overlay, a resize)."""
        if self.updates is not None:
            self.updates.invalidate()

    def present(self) -> None:
        """Put the drawn frame on screen: only what changed since the last one."""
        if self.updates is None:
            pygame.display.flip()
        else:
            self.updates.present(self.screen)

    def frame(self, dt: float) -> None:
        """One pass of the loop (tests call this directly with synthetic events)."""
        for event in pygame.event.get():
            self.handle_event(event)
        self.update(dt)
        self.draw()
        self.present()

    def scene_came_up(self) -> None:
        """A new scene is on top: it may draw off screen what its play will need (its
        optional `warm_up()`, e.g. each Hero's board in a Mission), so the first sight of it
        is not drawn in a frame of play; then the heap is settled (`settle_heap`)."""
        warm = getattr(self.scene, "warm_up", None)
        if warm is not None:
            try:
                warm()
            except Exception:  # only an optimisation: the frames draw it anyway
                log.exception("warming up %s", type(self.scene).__name__)
        self.settle_heap()

    def settle_heap(self) -> None:
        """Collect garbage now and freeze what is left (content, fonts, art, the match), so the
        collector's full passes during play scan only newer objects: run() calls this when a
        new scene comes up (one pass at a scene change instead of full passes landing in play
        frames; the bench does the same). The previous freeze is undone first, so objects
        that died since are collected; close() undoes it."""
        import gc

        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def run(self, fps: int = 60) -> int:
        accumulator = 0.0
        last = time.perf_counter()
        status = 0
        settled = None  # the scene the heap was last settled for
        while self.running and self.scenes:
            if self.scene is not settled:
                settled = self.scene
                self.scene_came_up()
            now = time.perf_counter()
            elapsed = min(0.25, now - last)
            last = now
            accumulator += elapsed
            try:
                for event in pygame.event.get():
                    self.handle_event(event)
                steps = 0
                while accumulator >= STEP and steps < 5:
                    self.update(STEP)
                    accumulator -= STEP
                    steps += 1
                if steps == 5:
                    accumulator = 0.0
                started = time.perf_counter()
                self.draw()
                self.present()
            except Exception as exc:
                if not self.crashed(exc):
                    status = 1
                    break
                continue
            self.frame_times.append(time.perf_counter() - started)
            if len(self.frame_times) > 600:
                del self.frame_times[:300]
            if self.screenshot_hook is not None:
                self.screenshot_hook(self)
            if not self.music_started:
                self.music_started = True  # after the first frame: the title shows at once
                self._apply_sound()
            if self.exit_after_first_frame:
                print(f"first frame after {time.perf_counter() - PROCESS_START:.3f} s", flush=True)
                self.running = False
            if fps:
                self.clock.tick(fps)
        self.close()
        return status

    def crashed(self, exc: Exception) -> bool:
        """Write a crash report and show it; False when the game cannot go on."""
        from game.persistence.crash import write_crash_report

        log.exception("unexpected error in %s", type(self.scene).__name__)
        duel = next((s for s in reversed(self.scenes) if hasattr(s, "engine")), None)
        lines = [text for _kind, text in getattr(getattr(duel, "presenter", None), "log", [])]
        path = write_crash_report(
            exc,
            where=type(self.scene).__name__ if self.scene else "",
            engine=getattr(duel, "engine", None),
            seats=getattr(duel, "seats", None),
            log_lines=lines,
        )
        self.crashes += 1
        if self.crashes > 3:  # the crash screen itself keeps failing: stop
            print(f"The game stopped after repeated errors. Report: {path}", file=sys.stderr)
            return False
        from game.ui.scenes.crash import CrashScene

        try:
            self.reset(CrashScene(self, exc, path))
        except Exception:
            log.exception("could not show the crash screen")
            return False
        return True

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        import gc

        from game.persistence import writer

        while self.scenes:
            self.pop()
        writer.flush()  # every autosave on disk before the window goes
        gc.unfreeze()
        reset_caches()
        pygame.quit()

    def screenshot(self, path: Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
        return path

    def default_shot_path(self) -> Path:
        from game.paths import user_data_dir

        stamp = time.strftime("%Y%m%d-%H%M%S")
        return user_data_dir() / "screenshots" / f"shot-{stamp}.png"


def reset_caches() -> None:
    """Forget every cached font and image: they die with pygame.quit()."""
    from game.ui import art, cards, dice_tray, widgets

    art.clear_cache()
    cards._CACHE.clear()
    dice_tray._FONTS.clear()
    widgets._TEXT_CACHE.clear()


def _sound_board(settings: Settings):
    """The sound board, or None: the game always runs, silently if sound cannot start."""
    from game.ui.sound import SoundBoard

    try:
        return SoundBoard(
            enabled=True, volume=settings.sound_volume, music_volume=settings.music_volume
        )
    except Exception:
        log.exception("sound could not start; playing silently")
        return None


def run_app(argv: list[str] | None = None) -> int:
    from game.persistence.files import start_up
    from game.persistence.settings import settings_path

    messages = start_up()  # a data folder that cannot be written: saving off, told on the title
    first_run = not settings_path().exists()
    settings, more = load_settings()
    if first_run:
        pygame.display.init()  # the desktop's size is known once the video system is up
        settings = first_run_settings(settings)
    app = App(settings, messages=messages + more)
    from game.ui.scenes.title import TitleScene

    app.push(TitleScene(app))
    return app.run()
