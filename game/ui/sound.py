"""Sound effects and a quiet ambient music loop, all synthesized here: no audio files, no numpy.

`synth(name, rate)` is a pure, deterministic function returning a sound as floats in [-1, 1]:
damped sines, steady harmonic tones, pitch glides and seeded noise. Plain Python costs ~40 ns
per float it creates on a slow machine, so every per-sample step is a whole-signal pass at C
speed through `map`/`operator`/`itertools`: a damped sine is the running product of one complex
number, a steady tone one exact ~1000-sample tile of whole cycles repeated, a glide a wavetable
read along a running phase sum, a filter one `accumulate`. Tonal sounds are made at a half or a
quarter of the output rate and interpolated up; their content sits far below the lower Nyquist
limit. All effects plus the music cost ~0.27 s on a slow 2-core machine
(`python tools/render_sounds.py OUT --time` measures).

`SoundBoard` turns the samples into `pygame.mixer.Sound(buffer=...)` in the mixer's real format
(rate, 8/16/32-bit, mono or stereo): every effect at construction (~0.15 s), the music when it
first starts (~0.12 s), each once per process. Without an audio device the board reports
`available == False` and every call is a silent no-op: the game never fails for lack of sound.
Unknown effect names always raise KeyError, device or not, so tests catch typos on a silent CI
machine too.

The music loop plays on its own reserved mixer channel (0), not `pygame.mixer.music`, which can
only stream files. Effects use the other channels.
"""

from __future__ import annotations

import cmath
import contextlib
import math
import os
import random
import sys
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import accumulate, repeat, starmap
from operator import add, attrgetter, mod, mul, sub

import pygame

TAU = 2.0 * math.pi
DEFAULT_RATE = 44100

Signal = list[float]

_imag = attrgetter("imag")

# ---------------------------------------------------------------- building blocks


def _n(seconds: float, rate: float) -> int:
    return max(2, round(seconds * rate))


def _scaled(sig: Iterable[float], k: float) -> Signal:
    return list(map(mul, sig, repeat(k)))


def _times(a: Iterable[float], b: Iterable[float]) -> Signal:
    return list(map(mul, a, b))


def _add(out: Signal, sig: Sequence[float], start: int = 0, gain: float = 1.0, wrap=False) -> None:
    """Mix `gain * sig` into `out` from sample `start`: cut at the end, or wrapped (for loops)."""
    n = len(out)
    if wrap:
        start %= n
        i = 0
        while i < len(sig):
            take = min(len(sig) - i, n - start)
            part = sig[i : i + take]
            if gain != 1.0:
                part = map(mul, part, repeat(gain))
            out[start : start + take] = map(add, out[start : start + take], part)
            i += take
            start = 0
        return
    if start < 0:
        sig, start = sig[-start:], 0
    take = min(len(sig), n - start)
    if take <= 0:
        return
    part = sig[:take] if take < len(sig) else sig
    if gain != 1.0:
        part = map(mul, part, repeat(gain))
    out[start : start + take] = map(add, out[start : start + take], part)


def _osc(freq: float, n: int, rate: float, amp=1.0, tau=None, phase=0.0) -> Iterator[float]:
    """amp·sin(2π·freq·t + phase)·exp(-t/tau) (steady when tau is None), lazily, n samples."""
    radius = math.exp(-1.0 / (tau * rate)) if tau else 1.0
    step = cmath.rect(radius, TAU * freq / rate)
    return map(_imag, accumulate(repeat(step, n - 1), mul, initial=cmath.rect(amp, phase)))


def _life(amp: float, tau: float | None, rate: float, floor: float = 2e-4) -> int | None:
    """Samples until amp·exp(-t/tau) falls below `floor` (None: never)."""
    if tau is None:
        return None
    return max(0, math.ceil(tau * rate * math.log(amp / floor))) if amp > floor else 0


def _partials(n: int, rate: float, parts: Iterable[tuple[float, float, float | None]]) -> Signal:
    """A sum of (freq, amp, tau) damped sines, each computed only while it is still audible;
    partials near the Nyquist limit are left out."""
    out: Signal | None = None
    for freq, amp, tau in parts:
        if not 0.0 < freq < rate * 0.45:
            continue
        life = _life(abs(amp), tau, rate)
        m = n if life is None else min(n, life)
        if m < 2:
            continue
        if out is None and m == n:
            out = list(_osc(freq, n, rate, amp, tau))
            continue
        if out is None:
            out = [0.0] * n
        out[:m] = map(add, out[:m], _osc(freq, m, rate, amp, tau))
    return out if out is not None else [0.0] * n


def _decay(n: int, rate: float, tau: float) -> Signal:
    """exp(-t/tau) over n samples."""
    return list(accumulate(repeat(math.exp(-1.0 / (tau * rate)), n - 1), mul, initial=1.0))


def _ramp(n: int) -> Signal:
    """0 → 1 (exclusive) linearly over n samples."""
    return list(accumulate(repeat(1.0 / n, n - 1), initial=0.0))


def _rise(n: int, power: float = 2.0) -> Signal:
    return list(map(pow, _ramp(n), repeat(power)))


def _noise(n: int, rng: random.Random) -> Signal:
    """White noise in [-1, 1)."""
    return list(map(add, map(mul, starmap(rng.random, repeat((), n)), repeat(2.0)), repeat(-1.0)))


def _band_noise(n: int, rng: random.Random) -> Signal:
    """Noise with its energy around a quarter of the sample rate: x[i] - x[i-2], one cheap pass
    (a hiss or a cymbal-like wash)."""
    white = _noise(n + 2, rng)
    return list(map(sub, white[2:], white[:-2]))


def _lowpass(sig: Iterable[float], rate: float, cutoff: float) -> Signal:
    a = 1.0 - math.exp(-TAU * cutoff / rate)
    return list(accumulate(sig, lambda y, x: y + a * (x - y)))


def _highpass(sig: Signal, rate: float, cutoff: float) -> Signal:
    return list(map(sub, sig, _lowpass(sig, rate, cutoff)))


def _soft_clip(sig: Iterable[float], drive: float) -> Signal:
    return list(map(math.tanh, map(mul, sig, repeat(drive))))


SINE = ((1, 1.0),)
BRASS = ((1, 1.0), (2, 0.5), (3, 0.3), (4, 0.18), (5, 0.1))
SAW = ((1, 1.0), (2, 0.5), (3, 0.33), (4, 0.25), (5, 0.2), (6, 0.16))
HOLLOW = ((1, 1.0), (3, 0.11), (5, 0.04))  # odd harmonics: a muted, flute-like tone
THUD = ((1, 1.0), (2, 0.35), (3, 0.1))

Harmonics = tuple[tuple[int, float], ...]  # (multiple of the fundamental, amplitude)


def _chord(notes: Iterable[tuple[int, float]], timbre: Harmonics) -> Harmonics:
    """A just-intonation chord as the harmonics of one root: (multiple of root, loudness) notes."""
    harmonics: dict[int, float] = {}
    for r, loud in notes:
        for k, amp in timbre:
            harmonics[r * k] = harmonics.get(r * k, 0.0) + amp * loud
    return tuple(sorted(harmonics.items()))


def _steady(harmonics: Harmonics, freq: float, n: int, rate: float) -> Signal:
    """A steady periodic tone: one exact tile of whole cycles (~1000 samples, so tuned within a
    cent) computed once and repeated."""
    cycles = max(1, round(1024 * freq / rate))
    length = max(2, round(cycles * rate / freq))
    f = cycles * rate / length
    tile = _partials(length, rate, [(k * f, amp, None) for k, amp in harmonics])
    return (tile * -(-n // length))[:n]


# Wavetables for gliding tones: one period, read at the nearest entry (SNR > 50 dB here).
_TABLE_SIZE = 4096


@cache
def _table(harmonics: Harmonics) -> tuple[float, ...]:
    """One period of Σ amp·sin(k·θ) over the harmonics, _TABLE_SIZE samples."""
    return tuple(_partials(_TABLE_SIZE, _TABLE_SIZE, [(k, amp, None) for k, amp in harmonics]))


def _glide_tone(harmonics: Harmonics, f0: float, f1: float, n: int, rate: float) -> Signal:
    """A tone gliding exponentially from f0 to f1 Hz over n samples."""
    table = _table(harmonics)
    ratio = (f1 / f0) ** (1.0 / max(1, n - 2))
    steps = accumulate(repeat(ratio, n - 2), mul, initial=_TABLE_SIZE * f0 / rate)
    phases = accumulate(steps, initial=0.5)  # +0.5: int() then rounds to the nearest entry
    return list(map(table.__getitem__, map(int, map(mod, phases, repeat(float(_TABLE_SIZE))))))


def _fade(sig: Signal, rate: float, fade_in: float, fade_out: float) -> None:
    """Smooth the very start and end in place, so a sound never starts or stops with a click."""
    n = len(sig)
    m = min(n, round(fade_in * rate))
    for i in range(m):
        sig[i] *= math.sin(0.5 * math.pi * i / m) ** 2
    m = min(n, round(fade_out * rate))
    for i in range(m):
        sig[n - 1 - i] *= i / m


def _finish(sig: Signal, rate: float, peak: float, fade_in=0.001, fade_out=0.005) -> Signal:
    """Fade the ends and scale so the loudest sample is exactly `peak` (always below 1)."""
    _fade(sig, rate, fade_in, fade_out)
    loudest = max(max(sig), -min(sig))
    return _scaled(sig, peak / loudest) if loudest > 0 else sig


def _upsample(x: Signal, factor: int, loop: bool = False) -> Signal:
    """Linear interpolation by a whole factor (a loop's last sample leads into its first)."""
    if factor == 1 or not x:
        return x
    out = [0.0] * (len(x) * factor)
    out[0::factor] = x
    half = _scaled(x, 0.5)
    half_next = half[1:] + (half[:1] if loop else [0.0])
    mid = list(map(add, half, half_next))
    if factor == 2:
        out[1::2] = mid
    elif factor == 4:
        quarter = _scaled(mid, 0.5)
        out[1::4] = list(map(add, half, quarter))
        out[2::4] = mid
        out[3::4] = list(map(add, quarter, half_next))
    else:
        following = x[1:] + (x[:1] if loop else [0.0])
        for j in range(1, factor):
            f = j / factor
            out[j::factor] = list(
                map(add, map(mul, x, repeat(1.0 - f)), map(mul, following, repeat(f)))
            )
    return out


# ---------------------------------------------------------------- the sounds


def _clack(rate: float, rng: random.Random, base: float, seconds: float = 0.09) -> Signal:
    """One die hitting wood: a few fast-dying inharmonic modes, a low knock and a tiny click."""
    n = _n(seconds, rate)
    modes = ((1.0, 1.0, 0.018), (1.47, 0.55, 0.011), (2.09, 0.32, 0.007), (3.13, 0.16, 0.004))
    parts = [(base * r * (1.0 + 0.06 * (rng.random() - 0.5)), a, tau) for r, a, tau in modes]
    parts.append((base * 0.21, 0.5, 0.012))
    out = _partials(n, rate, parts)
    m = min(n, _n(0.004, rate))
    click = _times(_highpass(_noise(m, rng), rate, 2500.0), _decay(m, rate, 0.0008))
    _add(out, click, 0, 0.6)
    return out


def _dice_hit(rate: float, variant: int) -> Signal:
    rng = random.Random(100 + variant)
    base = (1350.0, 1520.0, 1240.0, 1660.0)[variant % 4]
    return _finish(_clack(rate, rng, base), rate, 0.8, fade_in=0.0003)


def _dice_roll(rate: float, variant: int) -> Signal:
    rng = random.Random(7)
    n = _n(0.7, rate)
    out = [0.0] * n
    takes = [_clack(rate, rng, base, 0.075) for base in (1180.0, 1390.0, 1560.0, 1770.0)]
    t, loud = 0.0, 1.0
    while t < 0.55:
        _add(out, rng.choice(takes), round(t * rate), loud * rng.uniform(0.6, 1.0))
        if rng.random() < 0.3:  # two dice at once
            at = round((t + rng.uniform(0.004, 0.012)) * rate)
            _add(out, rng.choice(takes), at, loud * 0.55)
        t += rng.uniform(0.035, 0.085)
        loud *= 0.86
    m = _n(0.4, rate)
    rumble = _lowpass(_noise(m, rng), rate, 260.0)
    _add(out, _times(rumble, _decay(m, rate, 0.15)), 0, 1.6)
    return _finish(out, rate, 0.75, fade_in=0.0005, fade_out=0.02)


def _card(rate: float, variant: int) -> Signal:
    """Paper swish: band-passed noise that swells for 70 ms and dies away."""
    rng = random.Random(11)
    n = _n(0.26, rate)
    rise = _n(0.07, rate)
    a = _lowpass(_lowpass(_noise(n, rng), rate, 5000.0), rate, 5000.0)
    b = _lowpass(a, rate, 1500.0)
    c = _lowpass(b, rate, 350.0)
    out = list(map(sub, a, b))  # the bright rustle
    _add(out, list(map(sub, b, c)), 0, 0.45)  # a little body
    env = _rise(rise, 2.0) + _decay(n - rise, rate, 0.045)
    return _finish(_times(out, env), rate, 0.45, fade_out=0.02)


def _token(rate: float, variant: int) -> Signal:
    rng = random.Random(13)
    n = _n(0.32, rate)
    out = _partials(n, rate, [(1568.0, 0.55, 0.09), (2349.3, 0.3, 0.06), (4327.7, 0.12, 0.025)])
    _add(out, _clack(rate, rng, 2100.0, 0.05), 0, 0.5)
    return _finish(out, rate, 0.5, fade_in=0.0005, fade_out=0.02)


def _thud(rate: float, rng: random.Random, seconds: float = 0.45) -> Signal:
    """A heavy blow: a tone dropping in pitch, a dull noise burst and a short crack."""
    n = _n(seconds, rate)
    out = _times(_glide_tone(THUD, 140.0, 46.0, n, rate), _decay(n, rate, 0.11))
    m = min(n, _n(0.12, rate))
    burst = _lowpass(_lowpass(_noise(m, rng), rate, 900.0), rate, 900.0)
    _add(out, _times(burst, _decay(m, rate, 0.03)), 0, 3.0)
    k = min(n, _n(0.03, rate))
    _add(out, _times(_band_noise(k, rng), _decay(k, rate, 0.006)), 0, 0.2)
    return _soft_clip(out, 1.6)


def _hit(rate: float, variant: int) -> Signal:
    return _finish(_thud(rate, random.Random(17)), rate, 0.85, fade_in=0.0008, fade_out=0.03)


def _heal(rate: float, variant: int) -> Signal:
    """A rising arpeggio of soft chimes (C E G C) over a gentle upward glide."""
    n = _n(0.95, rate)
    out = [0.0] * n
    for i, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        start = round(i * 0.075 * rate)
        chime = _partials(n - start, rate, [(freq, 1.0, 0.28), (2 * freq, 0.2, 0.12)])
        _fade(chime, rate, 0.012, 0.0)
        _add(out, chime, start, 1.0 - 0.1 * i)
    m = _n(0.5, rate)
    swell = _glide_tone(SINE, 523.25, 1046.5, m, rate)
    env = _times(_rise(m, 1.0)[::-1], _rise(m, 0.5))
    _add(out, _times(swell, env), 0, 0.25)
    return _finish(out, rate, 0.5, fade_in=0.004, fade_out=0.05)


def _cp(rate: float, variant: int) -> Signal:
    """Coin ting: a short B6 ping then a ringing E7, with metallic inharmonic partials."""
    n = _n(0.55, rate)
    out = _partials(n, rate, [(1975.5, 0.5, 0.05), (4741.2, 0.12, 0.02)])
    start = round(0.07 * rate)
    ring = _partials(
        n - start, rate, [(2637.0, 0.7, 0.17), (7278.1, 0.12, 0.05), (1318.5, 0.08, 0.1)]
    )
    _add(out, ring, start)
    return _finish(out, rate, 0.42, fade_in=0.0006, fade_out=0.04)


def _button(rate: float, variant: int) -> Signal:
    n = _n(0.06, rate)
    out = _partials(n, rate, [(1100.0, 1.0, 0.006), (2400.0, 0.35, 0.003), (320.0, 0.3, 0.01)])
    return _finish(out, rate, 0.32, fade_in=0.001, fade_out=0.01)


def _ultimate(rate: float, variant: int) -> Signal:
    """A rising saw swell with a hiss, a beat of silence, then a blow with a bright A-major stab."""
    rng = random.Random(23)
    n, m = _n(2.3, rate), _n(1.15, rate)
    fifths = _chord(((2, 1.0), (3, 0.7)), SAW)  # A2 + E3, rising an octave
    out = _times(_glide_tone(fifths, 55.0, 110.0, m, rate), _rise(m, 2.5))
    h = _n(0.5, rate)
    hiss = _times(_band_noise(h, rng), _rise(h, 2.0))
    _add(out, hiss, m - h, 0.4)
    cut = _n(0.012, rate)  # end the swell cleanly just before the blow
    for i in range(m - cut, m):
        out[i] *= (m - i) / cut
    out.extend([0.0] * (n - m))
    strike = m + _n(0.04, rate)
    blow = n - strike
    _add(out, _thud(rate, rng, min(0.6, blow / rate)), strike, 2.0)
    a_major = _chord(((4, 1.0), (5, 1.0), (6, 1.0), (8, 1.0), (10, 1.0)), ((1, 1.0), (2, 0.35)))
    stab = _steady(a_major, 55.0, blow, rate)
    stab = _times(stab, _decay(blow, rate, 0.45))
    _fade(stab, rate, 0.003, 0.0)
    _add(out, stab, strike, 0.35)
    k = min(blow, _n(0.6, rate))
    _add(out, _times(_band_noise(k, rng), _decay(k, rate, 0.22)), strike, 0.3)
    loudest = max(max(out), -min(out))
    out = _soft_clip(out, 1.4 / loudest)
    return _finish(out, rate, 0.85, fade_in=0.002, fade_out=0.08)


def _whoosh(rate: float, variant: int) -> Signal:
    """Air parted by something thrown: band-passed noise swelling for 0.12 s, then gone."""
    rng = random.Random(29)
    n = _n(0.34, rate)
    rise = _n(0.12, rate)
    a = _lowpass(_lowpass(_noise(n, rng), rate, 2600.0), rate, 2600.0)
    out = list(map(sub, a, _lowpass(a, rate, 420.0)))
    env = _rise(rise, 2.5) + _decay(n - rise, rate, 0.06)
    m = _n(0.25, rate)
    hum = _times(_glide_tone(SINE, 180.0, 320.0, m, rate), _decay(m, rate, 0.08))
    out = _times(out, env)
    _add(out, _times(hum, _rise(m, 1.0)[::-1]), 0, 0.08)
    return _finish(out, rate, 0.5, fade_in=0.003, fade_out=0.03)


def _impact(rate: float, variant: int) -> Signal:
    """A big hit shaking the table: a deep falling boom under a rumble and a short crack."""
    rng = random.Random(31)
    n = _n(0.9, rate)
    out = _times(_glide_tone(THUD, 96.0, 30.0, n, rate), _decay(n, rate, 0.22))
    m = _n(0.7, rate)
    rumble = _lowpass(_lowpass(_noise(m, rng), rate, 220.0), rate, 220.0)
    _add(out, _times(rumble, _decay(m, rate, 0.2)), 0, 5.0)
    k = _n(0.04, rate)
    _add(out, _times(_band_noise(k, rng), _decay(k, rate, 0.008)), 0, 0.35)
    out = _soft_clip(out, 1.8)
    mean = sum(out) / len(out)  # the falling boom's first swing leaves a slight DC offset
    return _finish(list(map(sub, out, repeat(mean))), rate, 0.9, fade_in=0.002, fade_out=0.06)


def _brass(rate: float, harmonics: Harmonics, freq: float, hold: float, release: float):
    """A held note: a quick swell, held, then an exponential release."""
    n = _n(hold + 3 * release, rate)
    h = _n(hold, rate)
    env = [1.0] * h + _decay(n - h, rate, release)
    _fade(env, rate, 0.018, 0.0)
    return _times(_steady(harmonics, freq, n, rate), env)


def _victory(rate: float, variant: int) -> Signal:
    """A short major fanfare: G C E, then a held G over a C major chord."""
    n = _n(1.7, rate)
    out = [0.0] * n
    for at, freq in ((0.0, 392.0), (0.13, 523.25), (0.26, 659.25)):
        _add(out, _brass(rate, BRASS, freq, 0.1, 0.06), round(at * rate), 0.8)
    # a held G5 over C4 E4 G4, in just intonation: one wave, multiples of C2
    chord = _chord(((12, 1.0), (4, 0.4), (5, 0.4), (6, 0.4)), BRASS)
    _add(out, _brass(rate, chord, 65.41, 0.75, 0.15), round(0.4 * rate))
    return _finish(out, rate, 0.6, fade_in=0.002, fade_out=0.05)


def _defeat(rate: float, variant: int) -> Signal:
    """A falling minor figure: G, E flat, D, then a long low C that sags a little."""
    n = _n(2.2, rate)
    out = [0.0] * n
    for at, freq in ((0.0, 392.0), (0.3, 311.13), (0.6, 293.66)):
        m = _n(0.55, rate)
        env = _decay(m, rate, 0.13)
        _fade(env, rate, 0.02, 0.0)
        _add(out, _times(_steady(HOLLOW, freq, m, rate), env), round(at * rate))
    at = round(0.9 * rate)
    m = n - at
    env = _decay(m, rate, 0.5)
    _fade(env, rate, 0.02, 0.0)
    _add(out, _times(_glide_tone(HOLLOW, 261.63, 252.0, m, rate), env), at)
    drone = _times(_steady(SINE, 130.81, m, rate), _decay(m, rate, 0.6))
    _fade(drone, rate, 0.05, 0.0)
    _add(out, drone, at, 0.4)
    return _finish(out, rate, 0.55, fade_in=0.003, fade_out=0.1)


# The music loop: four calm chords cross-fading into each other, with a few soft bells.
MUSIC_CHORDS = (
    (110.0, 164.81, 196.0, 246.94, 261.63),  # A minor 9
    (87.31, 130.81, 164.81, 220.0, 261.63),  # F major 7
    (130.81, 196.0, 246.94, 329.63),  # C major 7
    (98.0, 146.83, 196.0, 246.94, 293.66),  # G major
)
CHORD_SECONDS = 3.0
MUSIC_BELLS = ((1.1, 659.25), (4.4, 880.0), (7.2, 783.99), (10.1, 587.33))


def music_seconds() -> float:
    return CHORD_SECONDS * len(MUSIC_CHORDS)


def _music(rate: float, variant: int) -> Signal:
    """A loop whose end runs seamlessly into its start.

    Each chord's notes are tuned to whole cycles of a one-second tile, so the tile repeats without
    a seam and is computed once. Chord c sounds alone at c·CHORD_SECONDS and cross-fades (cos²,
    sin², always summing to 1) into the next; the last fades back into the first.
    """
    tile = round(rate)
    cycle = rate / tile  # every frequency becomes a whole number of cycles per tile
    per_chord = round(CHORD_SECONDS)
    chord_len = tile * per_chord
    pads = []
    for chord in MUSIC_CHORDS:
        voices = []
        for i, freq in enumerate(chord):
            f = round(freq / cycle) * cycle
            amp = 0.55 if i == 0 else 0.3 if i < len(chord) - 1 else 0.22
            voices.append((f, amp, None))
            if i == len(chord) - 1:  # slow shimmer: one beat per second against a detuned twin
                voices.append((f + cycle, amp * 0.5, None))
        pads.append(_partials(tile, rate, voices) * per_chord)
    cos = list(_osc(1.0 / (4 * chord_len), chord_len, 1.0, phase=math.pi / 2))  # 1 → 0
    fade = _times(cos, cos)
    out: Signal = []
    for c, here in enumerate(pads):
        after = pads[(c + 1) % len(pads)]
        out += map(add, after, map(mul, map(sub, here, after), fade))
    for at, freq in MUSIC_BELLS:
        m = _n(1.9, rate)
        bell = _partials(m, rate, [(freq, 1.0, 0.6), (freq * 2.76, 0.18, 0.2)])
        _fade(bell, rate, 0.006, 0.4)
        _add(out, bell, round(at * rate), 0.16, wrap=True)
    return _scaled(out, 0.45 / max(max(out), -min(out)))


_RECIPES: dict[str, Callable[[float, int], Signal]] = {
    "dice_hit": _dice_hit,
    "dice_roll": _dice_roll,
    "card": _card,
    "token": _token,
    "hit": _hit,
    "heal": _heal,
    "cp": _cp,
    "button": _button,
    "ultimate": _ultimate,
    "whoosh": _whoosh,
    "impact": _impact,
    "victory": _victory,
    "defeat": _defeat,
}
NAMES: tuple[str, ...] = tuple(_RECIPES)
MUSIC = "music"
VARIANTS: dict[str, int] = {"dice_hit": 4}  # sounds with several takes, played in turn
# Sounds made below the output rate (a factor of 2 or 4) and interpolated up: all their
# content is well under the lower Nyquist limit.
_REDUCED: dict[str, int] = {
    "dice_roll": 2,
    "hit": 2,
    "heal": 4,
    "ultimate": 2,
    "impact": 2,
    "victory": 2,
    "defeat": 4,
    MUSIC: 4,
}
# A sound played again sooner than this is skipped (a dice clatter can report many hits at once).
MIN_GAP: dict[str, float] = {"dice_hit": 0.02, "button": 0.03}


def _check_name(name: str, music_ok: bool = True) -> None:
    if name in _RECIPES or (music_ok and name == MUSIC):
        return
    known = ", ".join((*NAMES, MUSIC) if music_ok else NAMES)
    raise KeyError(f"unknown sound {name!r}; known sounds: {known}")


def _plan(name: str, rate: int) -> tuple[int, float]:
    """(factor, rate to synthesize at) for a sound at output `rate`."""
    _check_name(name)
    if not 8000 <= rate <= 192000:
        raise ValueError(f"unsupported sample rate {rate}")
    factor = _REDUCED.get(name, 1)
    while factor > 1 and rate / factor < 11000:
        factor //= 2
    return factor, rate / factor


def synth(name: str, rate: int = DEFAULT_RATE, variant: int = 0) -> Signal:
    """The samples of sound `name` (an effect or "music") at `rate` Hz, floats in [-1, 1].

    Pure and deterministic: the same arguments always give the same samples. "music" is a loop.
    """
    factor, low = _plan(name, rate)
    if name == MUSIC:
        return _upsample(_music(low, 0), factor, loop=True)
    return _upsample(_RECIPES[name](low, variant % VARIANTS.get(name, 1)), factor)


# x + _MAGIC has a unit in the last place of 2**-15, so the low 16 bits of the double hold
# round(x·32768) in two's complement: float → int16 without a Python int per sample.
_MAGIC = 1.5 * 2.0**37
_LOW_WORD = 0 if sys.byteorder == "little" else 3
_TOP16 = 32767 / 32768


def _int16(samples: Iterable[float]) -> array:
    values = samples if isinstance(samples, list) else list(samples)
    if values and (max(values) > _TOP16 or min(values) < -1.0):
        values = [min(_TOP16, max(-1.0, v)) for v in values]
    return _low_words(array("d", map(add, values, repeat(_MAGIC))))


def _low_words(wide: array) -> array:
    """The low 16 bits of each double, as int16."""
    return array("h", memoryview(wide).cast("B").cast("h")[_LOW_WORD::4].tobytes())


def pcm_bytes(samples: Iterable[float], size: int = -16, channels: int = 1) -> bytes:
    """Raw interleaved PCM in a pygame mixer format, native byte order: `size` as reported by
    `pygame.mixer.get_init()` (-16 signed 16-bit, 16 unsigned, -8/8 for 8-bit, ±32 float32)."""
    if size == -16:
        data = _int16(samples)
    elif size == 16:
        data = array("H", (v + 32768 for v in _int16(samples)))
    elif size == -8:
        data = array("b", (v >> 8 for v in _int16(samples)))
    elif size == 8:
        data = array("B", ((v >> 8) + 128 for v in _int16(samples)))
    elif size in (32, -32):
        data = array("f", (min(1.0, max(-1.0, v)) for v in samples))
    else:
        raise ValueError(f"unsupported sample size {size}")
    return _interleave(data, channels)


def _interleave(mono: array, channels: int) -> bytes:
    """The same samples on every channel."""
    if channels <= 1:
        return mono.tobytes()
    data = array(mono.typecode, bytes(len(mono) * mono.itemsize * channels))
    for c in range(channels):
        data[c::channels] = mono
    return data.tobytes()


def _music_int16(rate: int) -> array:
    """The music as int16, interpolated up with the float → int16 offset already added (saves
    a pass over the long loop; differs from `_int16(synth("music", rate))` by at most 1)."""
    factor, low = _plan(MUSIC, rate)
    shifted = list(map(add, _music(low, 0), repeat(_MAGIC)))  # the loop peaks at 0.45
    return _low_words(array("d", _upsample(shifted, factor, loop=True)))


@lru_cache(maxsize=48)
def _cached_pcm(name: str, variant: int, rate: int, size: int, channels: int) -> bytes:
    if name == MUSIC and size == -16:
        return _interleave(_music_int16(rate), channels)
    return pcm_bytes(synth(name, rate, variant), size, channels)


def _clamp01(value: float) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 0.0
    if math.isnan(v):
        return 0.0
    return max(0.0, min(1.0, v))


# ---------------------------------------------------------------- the board

_MIXER_ERRORS = (pygame.error, OSError, ValueError, NotImplementedError)


def _mixer_buffer() -> int:
    """Samples per mixer buffer: 512 (about 12 ms) on a real sound device. With SDL's dummy
    audio driver (no device: headless runs, the tests) nothing is heard, and closing the mixer
    waits for the driver's thread to finish a buffer: the smallest one closes it in half the
    time."""
    return 32 if os.environ.get("SDL_AUDIODRIVER") == "dummy" else 512


class SoundBoard:
    """Plays the synthesized effects and the music loop; silent, never failing, without audio."""

    MUSIC_CHANNEL = 0
    CHANNELS = 16

    def __init__(
        self,
        enabled: bool = True,
        volume: float = 0.8,
        music_volume: float = 0.5,
        *,
        preload: bool = True,
    ):
        self._enabled = bool(enabled)
        self._volume = _clamp01(volume)
        self._music_volume = _clamp01(music_volume)
        self._sounds: dict[tuple[str, int], pygame.mixer.Sound] = {}
        self._format: tuple[int, int, int] | None = None
        self._next_variant: dict[str, int] = {}
        self._last_played: dict[str, float] = {}
        self._steal = 0
        self._music_wanted = False
        self._music_fading_until = 0.0  # a stopped loop may still be fading out until then
        self.clock: Callable[[], float] = time.monotonic  # for MIN_GAP; tests may replace it
        self.available = self._open_mixer()
        if preload and self.available and self._enabled:
            self.preload()

    # ------------------------------------------------------------ mixer

    def _open_mixer(self) -> bool:
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(
                    frequency=DEFAULT_RATE, size=-16, channels=2, buffer=_mixer_buffer()
                )
            fmt = pygame.mixer.get_init()
            if fmt is None:
                return False
            if pygame.mixer.get_num_channels() < self.CHANNELS:
                pygame.mixer.set_num_channels(self.CHANNELS)
            pygame.mixer.set_reserved(1)  # channel 0: music only
        except _MIXER_ERRORS:
            return False
        self._format = fmt
        return True

    def _live(self) -> bool:
        """The mixer still runs; if its format changed, the cached sounds are dropped."""
        if not self.available:
            return False
        try:
            fmt = pygame.mixer.get_init()
        except _MIXER_ERRORS:
            return False
        if fmt is None:
            return False
        if fmt != self._format:
            self._format = fmt
            self._sounds.clear()
        return True

    def _sound(self, name: str, variant: int = 0) -> pygame.mixer.Sound:
        key = (name, variant)
        sound = self._sounds.get(key)
        if sound is None:
            rate, size, channels = self._format
            sound = pygame.mixer.Sound(buffer=_cached_pcm(name, variant, rate, size, channels))
            self._sounds[key] = sound
        return sound

    def _effect_channel(self) -> pygame.mixer.Channel | None:
        count = pygame.mixer.get_num_channels()
        if count < 2:
            return None
        for i in range(1, count):  # channel 0 is the music's
            channel = pygame.mixer.Channel(i)
            if not channel.get_busy():
                return channel
        self._steal = self._steal % (count - 1) + 1  # all busy: cut one short, in turn
        return pygame.mixer.Channel(self._steal)

    # ------------------------------------------------------------ settings

    @property
    def names(self) -> tuple[str, ...]:
        """Every effect `play()` accepts (the music loop is `start_music()`)."""
        return NAMES

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def music_volume(self) -> float:
        return self._music_volume

    def set_volume(self, v: float) -> None:
        """Effects volume, clamped to [0, 1]; each play's own volume is multiplied by it."""
        self._volume = _clamp01(v)

    def set_music_volume(self, v: float) -> None:
        self._music_volume = _clamp01(v)
        if self._live():
            with contextlib.suppress(*_MIXER_ERRORS):
                pygame.mixer.Channel(self.MUSIC_CHANNEL).set_volume(self._music_volume)

    def set_enabled(self, flag: bool) -> None:
        """Disabling stops everything now; enabling again resumes the music if it was on."""
        flag = bool(flag)
        if flag == self._enabled:
            return
        self._enabled = flag
        if not flag:
            wanted = self._music_wanted
            self.stop_all()
            self._music_wanted = wanted
        elif self._music_wanted:
            self.start_music()

    # ------------------------------------------------------------ playing

    def preload(self, names: Iterable[str] | None = None) -> None:
        """Make the given effects now (default: all), so a first play costs nothing."""
        wanted = list(NAMES if names is None else names)
        for name in wanted:
            _check_name(name)
        if not self._live():
            return
        try:
            for name in wanted:
                for variant in range(VARIANTS.get(name, 1)):
                    self._sound(name, variant)
        except _MIXER_ERRORS:
            return  # a mixer we cannot feed: play() stays silent the same way

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play effect `name` at `volume` (0..1) times the board volume; KeyError if unknown."""
        _check_name(name, music_ok=False)
        level = _clamp01(volume) * self._volume
        if not self._enabled or level <= 0.0 or not self._live():
            return
        now = self.clock()
        gap = MIN_GAP.get(name)
        if gap is not None and now - self._last_played.get(name, -1e9) < gap:
            return
        variant = self._next_variant.get(name, 0)
        self._next_variant[name] = (variant + 1) % VARIANTS.get(name, 1)
        try:
            sound = self._sound(name, variant)
            channel = self._effect_channel()
            if channel is None:
                return
            channel.set_volume(level)  # set before play: Channel.play keeps it
            channel.play(sound)
        except _MIXER_ERRORS:
            return
        self._last_played[name] = now

    def stop_all(self) -> None:
        """Stop every effect and the music."""
        self._music_wanted = False
        if self._live():
            with contextlib.suppress(*_MIXER_ERRORS):
                pygame.mixer.stop()

    # ------------------------------------------------------------ music

    @property
    def music_playing(self) -> bool:
        if not self._live():
            return False
        try:
            return bool(pygame.mixer.Channel(self.MUSIC_CHANNEL).get_busy())
        except _MIXER_ERRORS:
            return False

    def start_music(self, fade_ms: int = 1500) -> None:
        """Loop the ambient music on its own channel (remembered while disabled or silent)."""
        self._music_wanted = True
        if not self._enabled or not self._live():
            return
        if self.music_playing and self.clock() >= self._music_fading_until:
            return  # already looping
        try:
            channel = pygame.mixer.Channel(self.MUSIC_CHANNEL)
            channel.set_volume(self._music_volume)
            channel.play(self._sound(MUSIC), loops=-1, fade_ms=max(0, int(fade_ms)))
        except _MIXER_ERRORS:
            return

    def stop_music(self, fade_ms: int = 400) -> None:
        self._music_wanted = False
        if not self._live():
            return
        try:
            channel = pygame.mixer.Channel(self.MUSIC_CHANNEL)
            if fade_ms > 0:
                self._music_fading_until = self.clock() + fade_ms / 1000
                channel.fadeout(int(fade_ms))
            else:
                channel.stop()
        except _MIXER_ERRORS:
            return
