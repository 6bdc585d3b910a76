"""Player settings, kept in the user data folder as settings.json (schema: SettingsFile)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from game.paths import user_data_dir
from game.persistence.files import FileKind, load, write_json
from game.persistence.schema import SettingsFile

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
PALETTES = ("standard", "okabe_ito")
AUTO_PASS = ("never", "when_it_matters", "when_not_targeted", "always")
MIN_WINDOW = (1024, 576)  # the smallest window the scenes are laid out for (layout check)
VERSION = 1
KIND = FileKind(label="the settings file", model=SettingsFile, version=VERSION)


@dataclass(slots=True)
class Settings:
    window_width: int = 1280
    window_height: int = 720
    fullscreen: bool = False
    ui_scale: float = 1.0
    animation_speed: str = "normal"  # slow | normal | fast | instant
    reduced_motion: bool = False  # motions become fades in place: no travel, no shaking
    sound_volume: float = 0.7
    music_volume: float = 0.5
    auto_pass: str = "when_it_matters"  # see game/ui/prompt_policy.py
    confirm_end_phase: bool = True  # ask before ending a Main Phase with a card still playable
    palette: str = "standard"  # standard | okabe_ito (colour-blind-safe, game/ui/theme.py)
    keys: dict[str, list[str]] = field(default_factory=dict)  # remapped keys (game/ui/keymap.py)

    def clean(self) -> Settings:
        """Clamp every value into its allowed range (a hand-edited file can say anything)."""
        self.window_width = max(MIN_WINDOW[0], min(7680, int(self.window_width)))
        self.window_height = max(MIN_WINDOW[1], min(4320, int(self.window_height)))
        self.fullscreen = bool(self.fullscreen)
        self.confirm_end_phase = bool(self.confirm_end_phase)
        self.ui_scale = max(0.75, min(2.0, float(self.ui_scale)))
        if self.animation_speed not in SPEEDS:
            self.animation_speed = "normal"
        self.reduced_motion = bool(self.reduced_motion)
        self.sound_volume = max(0.0, min(1.0, float(self.sound_volume)))
        self.music_volume = max(0.0, min(1.0, float(self.music_volume)))
        if self.auto_pass not in AUTO_PASS:
            self.auto_pass = "when_it_matters"
        if self.palette not in PALETTES:
            self.palette = "standard"
        self.keys = {str(k): [str(v) for v in vs] for k, vs in dict(self.keys).items()}
        return self

    @property
    def speed_factor(self) -> float:
        return SPEEDS[self.animation_speed]


def settings_path() -> Path:
    return user_data_dir() / "settings.json"


def load_settings() -> tuple[Settings, list[str]]:
    """The saved settings (defaults when there are none or they cannot be used; the messages
    say why and where the copy of a damaged file is)."""
    loaded = load(settings_path(), KIND)
    if loaded.value is None:
        if loaded.messages:
            loaded.messages.append("Default settings are used.")
        return Settings(), loaded.messages
    values = loaded.value.model_dump(exclude={"version"})
    return Settings(**values), loaded.messages


def save_settings(settings: Settings) -> None:
    write_json(settings_path(), {"version": VERSION, **asdict(settings.clean())})
