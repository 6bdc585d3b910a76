"""Synthesized sounds: clean sample data, every mixer format, and a board that never fails."""

from __future__ import annotations

import ast
import importlib.util
import itertools
import math
import re
import sys
import time
import wave
from array import array
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from game.ui import sound  # noqa: E402
from game.ui.sound import MUSIC, NAMES, VARIANTS, SoundBoard, pcm_bytes, synth  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RATE = 44100

EXPECTED_NAMES = {
    "dice_hit",
    "dice_roll",
    "card",
    "token",
    "hit",
    "heal",
    "cp",
    "button",
    "ultimate",
    "whoosh",
    "impact",
    "victory",
    "defeat",
}
# Longest acceptable length of each effect, in seconds (short UI sounds must stay short).
MAX_SECONDS = {
    "dice_hit": 0.2,
    "button": 0.1,
    "card": 0.5,
    "token": 0.5,
    "cp": 1.0,
    "hit": 0.8,
    "heal": 1.5,
    "dice_roll": 1.2,
    "ultimate": 3.0,
    "whoosh": 0.5,
    "impact": 1.2,
    "victory": 3.0,
    "defeat": 3.0,
}


@pytest.fixture(scope="module")
def samples() -> dict[str, list[float]]:
    """Every sound (and take) at 44.1 kHz, made once for the module."""
    made = {}
    for name in (*NAMES, MUSIC):
        for variant in range(VARIANTS.get(name, 1)):
            made[name if variant == 0 else f"{name}#{variant}"] = synth(name, RATE, variant)
    return made


@pytest.fixture
def mixer(monkeypatch):
    """A fresh mixer on SDL's dummy audio driver (works without a sound card), shut down after."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def busy_effect_channels() -> list[pygame.mixer.Channel]:
    return [
        pygame.mixer.Channel(i)
        for i in range(1, pygame.mixer.get_num_channels())
        if pygame.mixer.Channel(i).get_busy()
    ]


# ---------------------------------------------------------------- the sample data


def test_the_sound_names_are_the_ones_the_game_uses():
    assert set(NAMES) == EXPECTED_NAMES
    assert MUSIC not in NAMES
    used = set()
    for path in (ROOT / "game" / "ui").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\.(?:_?play|cue)\(\s*"([a-z_]+)"', text))
    assert used, "expected the UI to play some sounds"
    assert used <= set(NAMES), f"the UI plays unknown sounds: {sorted(used - set(NAMES))}"


@pytest.mark.parametrize("name", [*NAMES, MUSIC])
def test_every_sound_is_finite_in_range_audible_and_not_clipping(samples, name):
    data = samples[name]
    assert len(data) > 0
    assert all(math.isfinite(v) for v in data)
    peak = max(abs(v) for v in data)
    assert peak <= 0.9, "modest levels, headroom left for overlapping sounds"
    assert peak >= 0.1, "not silent"
    assert abs(sum(data) / len(data)) < 0.01, "no DC offset"


@pytest.mark.parametrize("name", NAMES)
def test_effects_have_a_sensible_length_and_start_and_end_without_a_click(samples, name):
    data = samples[name]
    seconds = len(data) / RATE
    assert 0.02 < seconds < MAX_SECONDS[name]
    assert abs(data[0]) < 0.02
    tail = data[-round(0.002 * RATE) :]
    assert max(abs(v) for v in tail) < 0.02, "fades out to silence"
    assert abs(data[-1]) < 0.002


def seam_jump(loop: list[float]) -> float:
    """The jump from a loop's last sample back to its first, relative to the biggest step
    between neighbouring samples on either side of that point."""
    around = loop[-200:] + loop[:200]
    steps = [abs(b - a) for a, b in itertools.pairwise(around)]
    return steps[199] / max(steps[:199] + steps[200:])


def test_the_music_is_a_long_quiet_seamless_loop(samples):
    data = samples[MUSIC]
    assert 8.0 <= len(data) / RATE <= 30.0
    assert len(data) == round(sound.music_seconds() * RATE)
    assert seam_jump(data) <= 1.5
    assert max(abs(v) for v in data) <= 0.5, "background music stays quiet"


def test_a_discontinuity_would_be_caught_by_the_seam_check(samples):
    """The seam check above can fail: cut the loop short and it does."""
    assert seam_jump(samples[MUSIC][: -RATE // 7]) > 1.5


def test_synthesis_is_deterministic_and_takes_differ(samples):
    assert synth("card", RATE) == samples["card"]
    assert synth("dice_hit", RATE, 2) == samples["dice_hit#2"]
    takes = [samples["dice_hit"], *(samples[f"dice_hit#{v}"] for v in range(1, 4))]
    assert len({tuple(t) for t in takes}) == 4
    assert synth("dice_hit", RATE, 4) == samples["dice_hit"], "takes wrap around"


@pytest.mark.parametrize("name", ["button", "heal", "ultimate", MUSIC])
@pytest.mark.parametrize("rate", [22050, 48000])
def test_length_follows_the_sample_rate(samples, name, rate):
    other = synth(name, rate)
    assert len(other) / rate == pytest.approx(len(samples[name]) / RATE, abs=0.002)
    assert max(abs(v) for v in other) <= 0.9


def test_unknown_names_and_rates_are_refused():
    with pytest.raises(KeyError, match=r"unknown sound 'nope'.*dice_hit"):
        synth("nope")
    with pytest.raises(ValueError):
        synth("hit", 100)


def test_synthesis_is_fast_enough():
    """All effects plus the music loop: ~0.3 s on a slow 2-core machine. Generous bound here,
    it only catches a per-sample Python loop creeping in."""
    start = time.perf_counter()
    for name in (*NAMES, MUSIC):
        synth(name, RATE)
    assert time.perf_counter() - start < 1.5


def test_the_module_uses_no_numpy():
    tree = ast.parse(Path(sound.__file__).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert "numpy" not in imported
    assert "pygame" in imported


# ---------------------------------------------------------------- PCM conversion


def test_pcm_16_bit_signed_mono_and_stereo():
    values = [0.0, 0.5, -0.5, -1.0, 1.0, 1e-5, 2.0, -3.0]
    expected = [0, 16384, -16384, -32768, 32767, 0, 32767, -32768]
    assert list(array("h", pcm_bytes(values, -16, 1))) == expected
    stereo = list(array("h", pcm_bytes(values, -16, 2)))
    assert stereo[0::2] == expected
    assert stereo[1::2] == expected


def test_pcm_16_bit_matches_rounding_for_real_sound_data(samples):
    data = samples["heal"]
    got = array("h", pcm_bytes(data, -16, 1))
    assert list(got) == [max(-32768, min(32767, round(v * 32768))) for v in data]


@pytest.mark.parametrize(
    ("size", "typecode", "expected"),
    [
        (16, "H", [32768, 49152, 16384, 0, 65535]),
        (-8, "b", [0, 64, -64, -128, 127]),
        (8, "B", [128, 192, 64, 0, 255]),
    ],
)
def test_pcm_other_integer_formats(size, typecode, expected):
    values = [0.0, 0.5, -0.5, -1.0, 1.0]
    assert list(array(typecode, pcm_bytes(values, size, 1))) == expected
    four = list(array(typecode, pcm_bytes(values, size, 4)))
    assert all(four[c::4] == expected for c in range(4))


@pytest.mark.parametrize("size", [32, -32])
def test_pcm_float(size):
    values = [0.0, 0.25, -0.75, 1.0]
    assert list(array("f", pcm_bytes(values, size, 1))) == values


def test_pcm_refuses_unknown_sizes():
    with pytest.raises(ValueError):
        pcm_bytes([0.0], 24, 1)


def test_the_fast_music_conversion_matches_the_plain_one():
    fast = sound._music_int16(22050)
    plain = array("h", pcm_bytes(synth(MUSIC, 22050), -16, 1))
    assert len(fast) == len(plain)
    assert max(abs(a - b) for a, b in zip(fast, plain, strict=True)) <= 1


# ---------------------------------------------------------------- the board


def test_board_plays_on_the_dummy_driver_with_scaled_volume(mixer):
    board = SoundBoard(volume=0.8)
    assert board.available
    assert board.names == NAMES
    board.play("cp", 0.5)
    playing = busy_effect_channels()
    assert len(playing) == 1
    assert playing[0].get_volume() == pytest.approx(0.4, abs=1 / 64)
    board.play("token", 7.0)  # clamped to 1, times the board volume
    volumes = sorted(ch.get_volume() for ch in busy_effect_channels())
    assert volumes == pytest.approx([0.4, 0.8], abs=1 / 64)
    assert not pygame.mixer.Channel(SoundBoard.MUSIC_CHANNEL).get_busy()


def test_every_effect_plays(mixer):
    board = SoundBoard()
    for name in NAMES:
        board.play(name)
    assert len(busy_effect_channels()) == len(NAMES)


def test_unknown_name_raises_key_error_with_a_clear_message(mixer):
    board = SoundBoard()
    with pytest.raises(KeyError, match=r"unknown sound 'dice_hti'.*dice_hit"):
        board.play("dice_hti")
    with pytest.raises(KeyError):
        board.play(MUSIC)  # the loop is start_music(), not an effect


@pytest.mark.parametrize(
    "fmt", [(22050, -16, 1), (44100, -16, 2), (48000, -16, 2), (22050, 8, 2), (44100, 32, 2)]
)
def test_sounds_match_the_mixer_format(mixer, fmt):
    rate, size, channels = fmt
    pygame.mixer.init(frequency=rate, size=size, channels=channels, buffer=512)
    board = SoundBoard(preload=False)
    assert board.available
    actual_rate, actual_size, actual_channels = pygame.mixer.get_init()
    width = abs(actual_size) // 8
    for name in ("heal", "dice_hit"):
        raw = board._sound(name).get_raw()
        frames = len(synth(name, actual_rate))
        assert len(raw) == frames * width * actual_channels
    if actual_size == -16:
        expected = pcm_bytes(synth("heal", actual_rate), -16, actual_channels)
        assert board._sound("heal").get_raw() == expected
    board.play("heal")
    assert busy_effect_channels()


def test_volumes_are_clamped(mixer):
    board = SoundBoard(volume=1.7, music_volume=-2.0, preload=False)
    assert (board.volume, board.music_volume) == (1.0, 0.0)
    board.set_volume(-0.5)
    assert board.volume == 0.0
    board.set_volume(float("nan"))
    assert board.volume == 0.0
    board.set_volume(0.25)
    assert board.volume == 0.25
    board.set_music_volume(3)
    assert board.music_volume == 1.0
    board.set_volume(0.0)
    board.play("hit")
    assert busy_effect_channels() == [], "volume 0 plays nothing"


def test_a_disabled_board_plays_nothing_and_resumes_music_when_enabled(mixer):
    board = SoundBoard(enabled=False)
    assert board.available and not board.enabled
    for name in NAMES:
        board.play(name)
    board.start_music()
    assert busy_effect_channels() == []
    assert not board.music_playing
    board.set_enabled(True)
    assert board.music_playing, "music asked for while disabled starts when enabled"
    board.play("card")
    assert busy_effect_channels()
    board.set_enabled(False)
    assert busy_effect_channels() == []
    assert not board.music_playing


def test_music_loops_on_its_own_channel(mixer):
    board = SoundBoard(music_volume=0.3, preload=False)
    board.start_music(fade_ms=0)
    channel = pygame.mixer.Channel(SoundBoard.MUSIC_CHANNEL)
    assert board.music_playing and channel.get_busy()
    assert channel.get_volume() == pytest.approx(0.3, abs=1 / 64)
    board.set_music_volume(0.6)
    assert channel.get_volume() == pytest.approx(0.6, abs=1 / 64)
    for _ in range(3 * pygame.mixer.get_num_channels()):  # more effects than channels
        board.play("token")
    assert channel.get_sound() is board._sound(MUSIC), "effects never take the music channel"
    board.stop_music(fade_ms=0)
    assert not board.music_playing


def test_music_restarted_while_fading_out_keeps_playing(mixer):
    board = SoundBoard(preload=False)
    board.start_music(fade_ms=0)
    board.stop_music(fade_ms=100)
    time.sleep(0.4)
    assert not board.music_playing, "a fade-out ends the loop"
    board.start_music(fade_ms=0)
    board.stop_music(fade_ms=100)
    board.start_music(fade_ms=0)  # changed our mind during the fade
    time.sleep(0.4)
    assert board.music_playing


def test_rapid_dice_hits_are_thinned_and_takes_alternate(mixer):
    board = SoundBoard()
    now = [100.0]
    board.clock = lambda: now[0]
    board.play("dice_hit", 0.9)
    board.play("dice_hit", 0.9)  # same instant: skipped
    assert len(busy_effect_channels()) == 1
    now[0] += 0.05
    board.play("dice_hit", 0.3)
    sounds = {ch.get_sound() for ch in busy_effect_channels()}
    assert len(sounds) == 2, "the second hit uses the next take"


def test_no_audio_device_means_a_silent_board_that_never_fails(mixer, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device")

    def no_sounds(*args, **kwargs):
        raise AssertionError("a silent board must not build sounds")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "Sound", no_sounds)
    board = SoundBoard()
    assert board.available is False
    assert board.names == NAMES
    for name in NAMES:
        board.play(name, 1.0)
    board.start_music()
    assert not board.music_playing
    board.set_volume(0.3)
    board.set_music_volume(0.3)
    board.set_enabled(False)
    board.set_enabled(True)
    board.stop_music()
    board.stop_all()
    board.preload()
    with pytest.raises(KeyError):
        board.play("nope")
    assert pygame.mixer.get_init() is None


def test_the_mixer_going_away_later_is_not_an_error(mixer):
    board = SoundBoard(preload=False)
    pygame.mixer.quit()
    board.play("hit")
    board.start_music()
    assert not board.music_playing


def test_a_mixer_format_we_cannot_feed_leaves_the_board_silent(mixer, monkeypatch):
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, 24, 2))  # 24-bit: no such PCM
    board = SoundBoard()  # preloads: must not raise
    board.play("hit")
    board.start_music()
    assert busy_effect_channels() == []
    assert not pygame.mixer.Channel(SoundBoard.MUSIC_CHANNEL).get_busy()


def test_a_mixer_error_while_playing_is_swallowed(mixer, monkeypatch):
    board = SoundBoard(preload=False)

    def broken(*args, **kwargs):
        raise pygame.error("out of memory")

    monkeypatch.setattr(board, "_sound", broken)
    board.play("hit")
    board.start_music()
    assert busy_effect_channels() == []


# ---------------------------------------------------------------- the listening tool


def test_render_sounds_tool_writes_wav_files(tmp_path):
    path = ROOT / "tools" / "render_sounds.py"
    spec = importlib.util.spec_from_file_location("render_sounds", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main([str(tmp_path), "--rate", "22050"]) == 0
    files = sorted(p.name for p in tmp_path.glob("*.wav"))
    assert "music.wav" in files and "dice_hit_4.wav" in files
    assert len(files) == sum(VARIANTS.get(n, 1) for n in (*NAMES, MUSIC))
    with wave.open(str(tmp_path / "cp.wav")) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        assert wav.getnframes() == len(synth("cp", 22050))
        frames = array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":
        frames.byteswap()
    assert max(map(abs, frames)) > 1000


def test_upsampling_interpolates_and_a_loop_wraps_to_its_start():
    assert sound._upsample([0.0, 1.0, 0.0, -1.0], 2) == [0.0, 0.5, 1.0, 0.5, 0.0, -0.5, -1.0, -0.5]
    looped = sound._upsample([0.0, 1.0, 0.0, -1.0], 4, loop=True)
    assert looped[-4:] == [-1.0, -0.75, -0.5, -0.25]
    assert sound._upsample([1.0, 1.0], 3) == pytest.approx([1.0, 1.0, 1.0, 1.0, 2 / 3, 1 / 3])
