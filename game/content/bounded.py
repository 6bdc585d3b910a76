"""Parsing text files the game ships or a content author writes (content JSON, scenario TOML)
with bounds: no NaN or Infinity, no number beyond `MAX_NUMBER`, no nesting deeper than
`MAX_DEPTH`. Python's own parsers accept `NaN`, `Infinity` and `1e999` (TOML: `inf`, `nan`),
turn a 5,000-digit integer into a ValueError and a few thousand nested brackets into a
RecursionError; here each of those becomes a `BoundsError` naming the field, so a loader can
report "file: field: problem" and exit 2 instead of a traceback later.
"""

from __future__ import annotations

import json
import math
import tomllib
from typing import Any

MAX_DEPTH = 40  # the deepest shipped file nests about 12 levels
MAX_NUMBER = 10**12  # seeds are the largest numbers a file holds
_MAX_DIGITS = 40  # longer integer literals are refused before int() sees them


class BoundsError(ValueError):
    """`field` is the dotted path to the value ("" when the file as a whole is at fault)."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)


class _Bad:
    """A literal refused during parsing, kept in place so the walk can say where it was."""

    def __init__(self, text: str) -> None:
        self.text = text


def _int(text: str) -> Any:
    return _Bad(text) if len(text.lstrip("-")) > _MAX_DIGITS else int(text)


def loads_json(text: str) -> Any:
    """`json.loads` within the bounds; raises BoundsError or json.JSONDecodeError."""
    try:
        data = json.loads(text, parse_constant=_Bad, parse_int=_int)
    except RecursionError:
        raise BoundsError("", f"nested more than {MAX_DEPTH} levels deep") from None
    check_tree(data)
    return data


def loads_toml(text: str) -> Any:
    """`tomllib.loads` within the bounds; raises BoundsError or tomllib.TOMLDecodeError."""
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise BoundsError("", f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:  # an integer literal too long for int() (TOMLDecodeError is one)
        if isinstance(exc, tomllib.TOMLDecodeError):
            raise
        raise BoundsError("", f"a number is too large ({exc})") from None
    check_tree(data)
    return data


def _join(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def check_tree(data: Any) -> None:
    """Raise BoundsError at the first value out of bounds (walked without recursion)."""
    todo: list[tuple[Any, str, int]] = [(data, "", 0)]
    while todo:
        value, path, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise BoundsError(path, f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            todo.extend(reversed([(v, _join(path, k), depth + 1) for k, v in value.items()]))
        elif isinstance(value, list):
            todo.extend(reversed([(v, _join(path, i), depth + 1) for i, v in enumerate(value)]))
        elif isinstance(value, _Bad):
            raise BoundsError(path, f"{value.text[:20]} is not an allowed number")
        elif isinstance(value, float) and not math.isfinite(value):
            raise BoundsError(path, f"{value} is not an allowed number (finite numbers only)")
        elif (
            isinstance(value, int | float)
            and not isinstance(value, bool)
            and abs(value) > MAX_NUMBER
        ):
            raise BoundsError(path, f"number out of range (at most {MAX_NUMBER:.0e} in size)")
