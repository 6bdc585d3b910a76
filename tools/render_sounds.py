"""Write every synthesized sound to a .wav file: python tools/render_sounds.py OUT_DIR

Options: --rate HZ (default 44100); --time also prints how long each sound takes to make.
Files are 16-bit mono: NAME.wav, plus NAME_2.wav ... for sounds with several takes, and
music.wav (a loop: play it on repeat). Keep them out of the repository.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import wave
from array import array
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ui.sound import MUSIC, NAMES, VARIANTS, pcm_bytes, synth


def render(out_dir: Path, rate: int = 44100) -> list[tuple[Path, float, float]]:
    """Write the files; returns (path, seconds of sound, milliseconds to synthesize) each."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name in (*NAMES, MUSIC):
        for variant in range(VARIANTS.get(name, 1)):
            start = time.perf_counter()
            samples = synth(name, rate, variant)
            millis = (time.perf_counter() - start) * 1000
            frames = array("h", pcm_bytes(samples, -16, 1))
            if sys.byteorder == "big":  # WAV data is little-endian
                frames.byteswap()
            path = out_dir / (f"{name}.wav" if variant == 0 else f"{name}_{variant + 1}.wav")
            with wave.open(str(path), "wb") as wav:
                wav.setnchannels(1)
                wav.setsampwidth(2)
                wav.setframerate(rate)
                wav.writeframes(frames.tobytes())
            written.append((path, len(samples) / rate, millis))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--rate", type=int, default=44100)
    parser.add_argument("--time", action="store_true", help="print synthesis time per sound")
    args = parser.parse_args(argv)
    written = render(args.out_dir, args.rate)
    for path, seconds, millis in written:
        timing = f"  {millis:6.1f} ms" if args.time else ""
        print(f"{path}  {seconds:6.2f} s{timing}")
    if args.time:
        effects = sum(ms for path, _, ms in written if path.stem != MUSIC)
        music = sum(ms for path, _, ms in written if path.stem == MUSIC)
        print(f"synthesis: effects {effects:.0f} ms, music {music:.0f} ms (cold, mono floats)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
