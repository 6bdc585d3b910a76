"""Argument types and checks shared by the command-line entry points (game/cli.py,
bench/__main__.py): every bad argument ends as an argparse error (usage line, message, exit 2),
never a traceback or a run that quietly does nothing (`--games -1`)."""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path

SEED_MAX = 2**63 - 1


def int_range(lo: int, hi: int | None = None):
    """An argparse type: an integer in lo..hi (hi None: no upper bound)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got '{text}'") from None
        if value < lo or (hi is not None and value > hi):
            wanted = f"{lo} to {hi}" if hi is not None else f"at least {lo}"
            raise argparse.ArgumentTypeError(f"expected {wanted}, got {value}")
        return value

    parse.__name__ = "number"  # argparse names the type in its own messages
    return parse


count = int_range(1)  # how many games, jobs ...
every = int_range(0)  # "every Nth" (0: never)
seed = int_range(0, SEED_MAX)


def seconds(text: str) -> float:
    """A positive, finite number of seconds (at most a day)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got '{text}'") from None
    if not math.isfinite(value) or not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(f"expected more than 0 and at most 86400, got {text}")
    return value


def seconds_or_zero(text: str) -> float:
    """Like `seconds`, but 0 is allowed (it means "never")."""
    if text.strip() in ("0", "0.0"):
        return 0.0
    return seconds(text)


def out_folder(text: str) -> str:
    """A folder to write into: an existing folder, or a new one whose nearest existing parent
    is a writable folder (not a file)."""
    path = Path(text)
    if path.exists():
        if not path.is_dir():
            raise argparse.ArgumentTypeError(f"'{text}' exists and is not a folder")
        if not os.access(path, os.W_OK | os.X_OK):
            raise argparse.ArgumentTypeError(f"'{text}' is not writable")
        return text
    parent = path.absolute().parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"cannot create '{text}': '{parent}' is not writable")
    return text


def out_file(text: str) -> str:
    """A file to write ('-': none): not a folder, in an existing writable folder."""
    if text == "-":
        return text
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"'{text}' is a folder, not a file")
    parent = path.absolute().parent
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"cannot write '{text}': no writable folder '{parent}'")
    return text


def id_list(text: str) -> list[str]:
    """A comma-separated list of ids ("a,b"), blanks dropped."""
    return [item.strip() for item in text.split(",") if item.strip()]


def check_known(
    parser: argparse.ArgumentParser, flag: str, values: list[str], known, what: str
) -> None:
    """parser.error (exit 2) naming the first of `values` not among `known`."""
    for value in values:
        if value not in known:
            parser.error(f"{flag}: unknown {what} '{value}' (known: {', '.join(sorted(known))})")


def check_single_values(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """parser.error for an option that should hold one value but holds a list: argparse turns
    `--games=--` into [] without calling the option's type."""
    for action in parser._actions:
        value = getattr(args, action.dest, None)
        if action.nargs is None and action.option_strings and isinstance(value, list):
            parser.error(f"argument {'/'.join(action.option_strings)}: expected one value")


def window_size(value: str) -> tuple[int, int]:
    """argparse type for a window size "WxH" (the smallest supported window, 1024x576, up to
    7680x4320)."""
    from game.persistence.settings import MIN_WINDOW

    try:
        width, height = (int(part) for part in value.lower().split("x"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{value!r} is not a size like 1920x1080") from exc
    low_w, low_h = MIN_WINDOW
    if not (low_w <= width <= 7680 and low_h <= height <= 4320):
        raise argparse.ArgumentTypeError(f"{value}: from {low_w}x{low_h} up to 7680x4320")
    return width, height
