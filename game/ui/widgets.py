"""Drawing helpers and small widgets: wrapped text, panels, buttons, tooltips."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui import keymap
from game.ui import theme as T
from game.ui.focus import FOCUS

_TEXT_CACHE: dict[tuple, pygame.Surface] = {}
# The layout check (game/ui/layoutcheck.py) sets this to its recorder while it draws a scene:
# every text surface, panel and button is then reported to it.
RECORDER = None


def layer() -> None:
    """A dialog or notice is drawn over the scene from here on (the layout check compares its
    texts with each other, not with what lies beneath)."""
    if RECORDER is not None:
        RECORDER.layer()
    FOCUS.layer()


def text_surface(font: pygame.font.Font, text: str, color) -> pygame.Surface:
    # keyed by the font itself, not id(font): a font dropped with its Theme (a new window size
    # or interface scale) could leave its id to a new font of another size, whose text would
    # then come out of the cache in the old size; holding the font keeps its id unique
    key = (font, text, tuple(color))
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) > 4000:
            _TEXT_CACHE.clear()
        surf = font.render(text, True, color)
        _TEXT_CACHE[key] = surf
    if RECORDER is not None:
        RECORDER.text(surf, text)
    return surf


def shorten(font: pygame.font.Font, text: str, width: int, *, in_tooltip: bool = False) -> str:
    """`text` (one line) cut to `width` with "..." when it is wider. Only for words that are
    deliberately secondary and shown whole in a tooltip (`in_tooltip=True`): the layout check
    counts any other shortened text as an overflow (docs/ui.md)."""
    if font.size(text)[0] <= width:
        return text
    cut = text
    while cut and font.size(cut + "...")[0] > width:
        cut = cut[:-1].rstrip()
    shortened(text, in_tooltip)
    return cut + "..."


def _end_cut(font, lines: list[str], width, full: str, in_tooltip: bool = False) -> None:
    """The last of the `lines` kept of `full` ends in "..." (the rest did not fit)."""
    last = lines[-1]
    while last and width and font.size(last + "...")[0] > width:
        last = last[:-1].rstrip()
    lines[-1] = last + "..."
    shortened(full, in_tooltip)


def shortened(full: str, in_tooltip: bool = False) -> None:
    """Tell the layout check that `full` was drawn cut short (with "..." or a clip)."""
    if RECORDER is not None:
        RECORDER.shortened(full, in_tooltip)


def fit_name(
    font_for, name: str, width: int, report: bool = True
) -> tuple[list[str], pygame.font.Font]:
    """A hero name in one or two lines that fit `width`.

    Tries the bold condensed face on one line, then split at a space over two lines, then the
    regular condensed face, and only then shortens the longest word with a full stop (which
    the layout check counts, unless `report=False`: a trial whose cut result is not drawn)."""
    for bold in (True, False):
        font = font_for(bold)
        if font.size(name)[0] <= width:
            return [name], font
        words = name.split(" ")
        if len(words) > 1:
            best = None
            for cut in range(1, len(words)):
                lines = [" ".join(words[:cut]), " ".join(words[cut:])]
                widest = max(font.size(line)[0] for line in lines)
                if widest <= width and (best is None or widest < best[0]):
                    best = (widest, lines)
            if best is not None:
                return best[1], font
    font = font_for(False)
    if " " not in name and len(name) >= 6:
        # one long word: break it with a hyphen, between two consonants where it can
        # ("Over-power", "Ram-page"), else after a vowel, keeping the halves even
        best = None
        vowels = "aeiouy"
        for cut in range(3, len(name) - 2):
            before, after = name[cut - 1].lower(), name[cut].lower()
            if before in vowels:
                rank = 1
            elif after not in vowels and _onset_cut(name, cut) and len(name) - cut >= 4:
                rank = 0  # not "Pyroman-cer": the second half keeps a syllable or two
            else:
                continue
            lines = [name[:cut] + "-", name[cut:]]
            widest = max(font.size(line)[0] for line in lines)
            if widest <= width and (best is None or (rank, widest) < best[0]):
                best = ((rank, widest), lines)
        if best is not None:
            return best[1], font
    lines = name.split(" ", 1) if " " in name else [name]
    out = []
    for line in lines:
        if report and font.size(line)[0] > width and len(line) > 3:
            shortened(name)
        while font.size(line)[0] > width and len(line) > 3:
            line = line[:-2] + "."
        out.append(line)
    return out, font


# consonant pairs and triples that can begin an English syllable ("Thorn-brush", "Over-power")
_ONSETS = frozenset(
    {
        "bl",
        "br",
        "ch",
        "cl",
        "cr",
        "dr",
        "dw",
        "fl",
        "fr",
        "gl",
        "gr",
        "kn",
        "ph",
        "pl",
        "pr",
        "sc",
        "sh",
        "sk",
        "sl",
        "sm",
        "sn",
        "sp",
        "st",
        "sw",
        "th",
        "tr",
        "tw",
        "wh",
        "wr",
        "sch",
        "scr",
        "shr",
        "spl",
        "spr",
        "str",
        "thr",
    }
)


def _onset_cut(name: str, cut: int) -> bool:
    """True when `cut` splits a run of consonants between two vowels where the second part
    begins with the longest run that can start a syllable."""
    vowels = "aeiouy"
    low = name.lower()
    start = cut
    while start > 0 and low[start - 1] not in vowels:
        start -= 1
    end = cut
    while end < len(low) and low[end] not in vowels:
        end += 1
    if start == 0 or end == len(low) or start == cut:
        return False
    cluster = low[start:end]
    for size in range(min(3, len(cluster)), 0, -1):
        tail = cluster[-size:]
        if size == 1 or tail in _ONSETS:
            return cut == end - size
    return False


def whole_lines(
    th: T.Theme,
    size: int,
    text: str,
    width: int,
    height: int,
    *,
    bold: bool = False,
    condensed: bool = False,
) -> tuple[list[str], pygame.font.Font] | None:
    """`text` wrapped to `width` in the largest font (from `size` at the text scale down to 13
    px, the condensed face before the smallest sizes) whose lines all fit `height`, or None
    when even 13 px does not."""
    top = max(13, round(size * th.text_scale))
    faces = [condensed] if condensed else [False, True]
    for real in range(top, 12, -1):
        for cond in faces:
            font = th.font_px(real, bold, cond)
            lines = wrap(font, text, width)
            if len(lines) * font.get_linesize() <= height and all(
                font.size(line)[0] <= width for line in lines
            ):
                return lines, font
    return None


def fit_lines(
    th: T.Theme,
    size: int,
    text: str,
    width: int,
    height: int,
    *,
    bold: bool = False,
    condensed: bool = False,
    in_tooltip: bool = False,
) -> tuple[list[str], pygame.font.Font]:
    """`text` wrapped to `width` in the largest font (from `size` at the text scale down to 13
    px, the condensed face before the smallest sizes) whose lines all fit `height`; if none
    does, the smallest, with the lines that fit and an ellipsis (which the layout check counts
    as an overflow unless `in_tooltip`)."""
    found = whole_lines(th, size, text, width, height, bold=bold, condensed=condensed)
    if found is not None:
        return found
    font = th.font_px(13, bold, True)  # the smallest, condensed
    lines = wrap(font, text, width)
    fit = max(1, height // font.get_linesize())
    if len(lines) > fit:
        lines = lines[:fit]
        _end_cut(font, lines, width, text, in_tooltip)
    return lines, font


def draw_fitted(
    surface: pygame.Surface,
    th: T.Theme,
    size: int,
    text: str,
    color,
    pos: tuple[int, int],
    width: int,
    height: int,
    *,
    bold: bool = False,
    condensed: bool = False,
    in_tooltip: bool = False,
) -> int:
    """`text` wrapped into a `width` x `height` box at `pos` in the largest size that holds it
    whole (`fit_lines`: from `size` at the text scale down to 13 px); returns the height used.
    Only where even 13 px cannot hold it is it shortened, which the layout check counts unless
    `in_tooltip`."""
    lines, font = fit_lines(
        th, size, text, width, height, bold=bold, condensed=condensed, in_tooltip=in_tooltip
    )
    x, y = pos
    for line in lines:
        surface.blit(text_surface(font, line, color), (x, y))
        y += font.get_linesize()
    return y - pos[1]


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def draw_text(
    surface: pygame.Surface,
    text: str,
    font: pygame.font.Font,
    color,
    pos: tuple[int, int],
    *,
    align: str = "left",
    width: int | None = None,
    shadow: bool = False,
    line_gap: int = 2,
    max_height: int | None = None,
    in_tooltip: bool = False,
) -> int:
    """Draw text (wrapped to `width` if given); returns the height used.

    With `max_height`, only the lines that fit are drawn and the last one ends in an ellipsis
    (`in_tooltip=True`: the full text is in a tooltip and deliberately secondary; the layout
    check counts any other cut text as an overflow)."""
    lines = wrap(font, text, width) if width else text.split("\n")
    if max_height is not None:
        step = font.get_linesize() + line_gap
        fit = max(1, (max_height + line_gap) // step)
        if len(lines) > fit:
            lines = lines[:fit]
            _end_cut(font, lines, width, text, in_tooltip)
    x, y = pos
    height = 0
    for line in lines:
        surf = text_surface(font, line, color)
        if align == "center":
            dx = -surf.get_width() // 2
        elif align == "right":
            dx = -surf.get_width()
        else:
            dx = 0
        if shadow:
            surface.blit(text_surface(font, line, (0, 0, 0)), (x + dx + 1, y + height + 2))
        surface.blit(surf, (x + dx, y + height))
        height += surf.get_height() + line_gap
    return height


def heading(
    surface: pygame.Surface,
    th,
    text: str,
    pos: tuple[int, int],
    *,
    size: int = 40,
    align: str = "center",
) -> int:
    """A screen's title: brass serif letters with a shadow (Settings, Continue, the Shop ...);
    returns the height used."""
    return draw_text(
        surface, text, th.font(size, serif=True), T.BRASS, pos, align=align, shadow=True
    )


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    th: T.Theme,
    *,
    fill=T.WOOD,
    rim=T.BRASS,
    radius: int = 10,
    rim_width: int = 2,
    alpha: int = 255,
) -> None:
    r = th.px(radius)
    if RECORDER is not None:
        RECORDER.box(surface, rect)
    if alpha < 255:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*fill, alpha), layer.get_rect(), border_radius=r)
        surface.blit(layer, rect.topleft)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=r)
    if rim_width:
        pygame.draw.rect(surface, rim, rect, max(1, th.px(rim_width)), border_radius=r)


def glow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    th: T.Theme,
    color=T.HIGHLIGHT,
    strength: int = 4,
    radius: int = 10,
) -> None:
    r = th.px(radius)
    for i in range(strength, 0, -1):
        grow = th.px(i * 1.5)
        layer = pygame.Surface((rect.w + grow * 2, rect.h + grow * 2), pygame.SRCALPHA)
        alpha = int(110 / i)
        pygame.draw.rect(layer, (*color, alpha), layer.get_rect(), th.px(2), border_radius=r + grow)
        surface.blit(layer, (rect.x - grow, rect.y - grow))


_VIGNETTE: dict[tuple[int, int], pygame.Surface] = {}


def felt_background(surface: pygame.Surface) -> None:
    """The table: felt green darkening smoothly towards the edges (cached per window size)."""
    size = surface.get_size()
    bg = _VIGNETTE.get(size)
    if bg is None:
        small = pygame.Surface((64, 36))
        for y in range(36):
            for x in range(64):
                dx = (x - 31.5) / 32
                dy = (y - 17.5) / 18
                shade = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.35)
                f = 1.0 - 0.42 * shade**1.8
                small.set_at((x, y), tuple(int(c * f) for c in T.FELT))
        bg = pygame.transform.smoothscale(small, size)
        _VIGNETTE.clear()
        _VIGNETTE[size] = bg
    surface.blit(bg, (0, 0))


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], None] | None = None
    enabled: bool = True
    primary: bool = False
    tooltip: str = ""
    hotkey: str = ""
    hovered: bool = False
    data: dict = field(default_factory=dict)
    text_px: int = 0  # a row's shared text size (real pixels; see `button_row`), 0: fit alone

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect.collidepoint(event.pos)
            and self.enabled
            and self.on_click is not None
        ):
            self.on_click()
            return True
        return False

    def caption(self) -> str:
        """The words the button shows: its label and, when it has one, its key in brackets."""
        return self.label + (f"  [{keymap.hint(self.hotkey)}]" if self.hotkey else "")

    def natural_width(self, th: T.Theme, hint: bool = True) -> int:
        """The width in which the caption (or, with hint=False, the label alone: `draw` drops
        the key first) fits at the text scale (17 px bold condensed, the size `draw` starts
        from), with a margin either side."""
        words = self.caption() if hint else self.label
        return th.font(17, bold=True, condensed=True).size(words)[0] + th.px(26)

    def draw(self, surface: pygame.Surface, th: T.Theme) -> None:
        rect = self.rect
        if not self.enabled:
            fill, rim, color = T.WOOD, T.BRASS_DARK, T.TEXT_DIM
        elif self.primary:
            fill = (176, 132, 54) if not self.hovered else (206, 160, 74)
            rim, color = T.HIGHLIGHT, T.INK
        else:
            fill = T.WOOD_LIGHT if not self.hovered else (86, 74, 62)
            rim, color = T.BRASS, T.TEXT
        if RECORDER is not None:
            RECORDER.widget(surface, rect, self.label)
        if self.enabled and self.on_click is not None:
            FOCUS.add(rect, self.label)
        if self.primary and self.enabled:
            glow(surface, rect, th, strength=3, radius=8)
        panel(surface, rect, th, fill=fill, rim=rim, radius=8)
        label = self.caption()
        room = rect.w - th.px(10)
        font = th.fit_font(17, label, room, height=rect.h, bold=True, condensed=True)
        if self.text_px:
            shared = th.font_px(self.text_px, bold=True, condensed=True)
            if shared.size(label)[0] <= room:
                font = shared
        if font.size(label)[0] > room and self.hotkey:
            label = self.label  # the key hint goes before the words are cut
            font = th.fit_font(17, label, room, height=rect.h, bold=True, condensed=True)
        if font.size(label)[0] > room:
            font = th.fit_font(14, label, room, height=rect.h, bold=True, condensed=True)
        surf = text_surface(font, label, color)
        surface.blit(surf, surf.get_rect(center=rect.center))


class Tooltip:
    """Shows the text of whatever the pointer rests on, after a short delay."""

    DELAY = 0.25

    def __init__(self) -> None:
        self.text = ""
        self.pos = (0, 0)
        self.timer = 0.0
        self._next = ""

    def offer(self, text: str, pos: tuple[int, int]) -> None:
        """Called every frame by whatever is under the pointer."""
        if text:
            self._next = text
            self.pos = pos

    def update(self, dt: float) -> None:
        if self._next and self._next == self.text:
            self.timer += dt
        else:
            self.text = self._next
            self.timer = 0.0
        self._next = ""

    def draw(self, surface: pygame.Surface, th: T.Theme) -> None:
        if not self.text or self.timer < self.DELAY:
            return
        font = th.font(15)
        width = th.px(340)
        lines = wrap(font, self.text, width)
        line_h = font.get_linesize()
        w = min(width, max(font.size(line)[0] for line in lines)) + th.px(20)
        h = line_h * len(lines) + th.px(16)
        x = min(self.pos[0] + th.px(16), surface.get_width() - w - 4)
        y = self.pos[1] + th.px(20)
        if y + h > surface.get_height() - 4:
            y = self.pos[1] - h - th.px(8)
        rect = pygame.Rect(x, max(4, y), w, h)
        shadow = rect.move(th.px(3), th.px(4))
        layer = pygame.Surface(shadow.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (0, 0, 0, 110), layer.get_rect(), border_radius=th.px(8))
        surface.blit(layer, shadow.topleft)
        panel(surface, rect, th, fill=T.PARCHMENT, rim=T.BRASS_DARK, radius=8)
        y = rect.y + th.px(8)
        for line in lines:
            surface.blit(text_surface(font, line, T.INK), (rect.x + th.px(10), y))
            y += line_h


def button_row(
    buttons: list[Button],
    strip: pygame.Rect,
    th: T.Theme,
    gap: int,
    align: str = "center",
    pad: int | None = None,
) -> None:
    """Place `buttons` side by side in `strip`, each as wide as its words, all words at one
    size: the largest (from the text scale down to 13 px) at which the row fits the strip; the
    spare room is shared out (game/ui/layout.py `fit_widths`). A row of equal buttons drew a
    long label ("King of the Hill", "CPU Normal" at 1.50x) smaller than its neighbours.
    `pad` is each button's margin around its words (default 26 at the layout scale)."""
    from game.ui.layout import fit_widths, row_sized

    if not buttons:
        return
    pad = th.px(26) if pad is None else max(th.px(12), pad)
    room = strip.w - gap * (len(buttons) - 1)
    top = max(13, round(17 * th.text_scale))
    size = 13
    for real in range(top, 12, -1):
        font = th.font_px(real, bold=True, condensed=True)
        if sum(font.size(b.caption())[0] + pad for b in buttons) <= room:
            size = real
            break
    font = th.font_px(size, bold=True, condensed=True)
    naturals = [font.size(b.caption())[0] + pad for b in buttons]
    widths = fit_widths(naturals, strip.w, gap, keep=pad)
    for button, rect in zip(buttons, row_sized(strip, widths, strip.h, gap, align), strict=True):
        button.rect, button.text_px = rect, size
