"""What every real-window test needs: a private Xvfb display, the game started on it as a
player would start it (`python -m game`) with a fresh user folder, and a `Window` that xdotool
drives. `real_window(...)` is a context manager that cleans all of it up and prints the game's
traceback, if any, when the test fails.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("DICE_THRONE_ARTIFACTS", ROOT / "build" / "test-artifacts"))

needs_x = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")),
    reason="Xvfb and xdotool are needed for the real-window test (apt-get install xvfb xdotool)",
)


_RESERVED: dict[int, int] = {}  # display number -> open lock file held by this process


def free_display() -> int:
    """A display number that no X server uses and no other test process (e.g. another
    pytest-xdist worker) has picked: each number is reserved with an exclusive lock on
    /tmp/dicethrone-test-display-N.lock, held until this process ends (the system drops it
    even after a crash), so two workers can never start Xvfb on the same display."""
    import fcntl

    for number in range(91, 140):
        if Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
            continue
        if number not in _RESERVED:
            fd = os.open(f"/tmp/dicethrone-test-display-{number}.lock", os.O_CREAT | os.O_RDWR)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # another worker holds it
                os.close(fd)
                continue
            _RESERVED[number] = fd
        return number
    raise RuntimeError("no free X display number")


class Window:
    """The game's window on the test's display; screenshots go to `ARTIFACTS / shots`."""

    def __init__(self, display: str, env: dict, log: Path, shots: str = "e2e") -> None:
        self.display = display
        self.env = env
        self.log = log
        self.shots = ARTIFACTS / shots
        self.wid = ""

    def xdo(self, *args: str, timeout: float = 10) -> str:
        out = subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=timeout
        )
        return out.stdout.strip()

    def click(self, point) -> None:
        self.xdo("mousemove", "--window", self.wid, str(point[0]), str(point[1]))
        time.sleep(0.1)
        self.xdo("click", "--window", self.wid, "1")

    def key(self, name: str) -> None:
        self.xdo("key", "--window", self.wid, name)

    def events(self) -> list[dict]:
        """The engine events the game wrote to DICE_THRONE_EVENT_LOG so far."""
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text().splitlines() if line.strip()]

    def wait_for(self, test, seconds: float = 30.0, what: str = "", poke=None) -> dict:
        end = time.time() + seconds
        while time.time() < end:
            for event in self.events():
                if test(event):
                    return event
            if poke is not None:
                poke()
            time.sleep(0.25)
        kinds = [e["kind"] for e in self.events()][-15:]
        raise AssertionError(f"timed out waiting for {what}; last events: {kinds}")

    def shot(self, name: str) -> None:
        if shutil.which("import"):
            self.shots.mkdir(parents=True, exist_ok=True)
            subprocess.run(
                ["import", "-window", self.wid, str(self.shots / f"{name}.png")],
                env=self.env,
                capture_output=True,
                timeout=10,
            )


@contextlib.contextmanager
def real_window(
    tmp_path: Path, seed: int, shots: str = "e2e", settings: dict | None = None, **extra_env: str
):
    """Start Xvfb and the game (seeded, fast animations, no sound, every prompt shown unless
    `settings` says otherwise, its own user folder under `tmp_path / "home"` - kept between
    runs of one test -, engine events logged); yield `(window, home, game)`; stop both."""
    number = free_display()
    xvfb = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    game = None
    try:
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.1)
        home = tmp_path / "home"  # a second run in the same test finds the first one's saves
        if not home.exists():
            home.mkdir()
            (home / "settings.json").write_text(
                json.dumps(
                    {
                        "version": 1,
                        "animation_speed": "fast",
                        "sound_volume": 0.0,
                        "auto_pass": "never",
                        "confirm_end_phase": False,
                        **(settings or {}),
                    }
                )
            )
        log = tmp_path / "events.jsonl"
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.pop("DICE_THRONE_FULL_FLIP", None)  # the dirty rectangles, as a player's game
        env.update(
            DISPLAY=f":{number}",
            SDL_AUDIODRIVER="dummy",
            SDL_VIDEO_WINDOW_POS="0,0",
            SDL_VIDEO_X11_WMCLASS="DiceThrone",
            DICE_THRONE_HOME=str(home),
            DICE_THRONE_SEED=str(seed),
            DICE_THRONE_EVENT_LOG=str(log),
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        env.update(extra_env)
        game = subprocess.Popen(
            [sys.executable, "-m", "game"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        window = Window(f":{number}", env, log, shots)
        window.wid = window.xdo("search", "--sync", "--class", "DiceThrone", timeout=20)
        window.wid = window.wid.splitlines()[0] if window.wid else ""
        assert window.wid, "the game window did not appear"
        time.sleep(1.0)
        yield window, home, game
        assert game.poll() is None, "the game exited early"
    finally:
        if game is not None:
            game.terminate()
            try:
                output = game.communicate(timeout=10)[0].decode(errors="replace")
            except subprocess.TimeoutExpired:
                game.kill()
                output = ""
            if "Traceback" in output:
                print(output)
        xvfb.terminate()
        xvfb.wait(timeout=10)
