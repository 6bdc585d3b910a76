"""The one way the game reads and writes the player's files.

Writing (`write_json`): a temporary file in the same folder, flushed and fsynced, then renamed
over NAME; the previous copy is kept as NAME.bak - but only when that copy is itself usable, so
a damaged or newer-version file never pushes the last good .bak out (it has been copied aside
first), and a file we cannot even read is never overwritten (the write is refused).

Reading (`load`): every kind of file goes through the same steps -
1. bounded parse: at most `MAX_BYTES`, nesting at most `MAX_DEPTH`, integers of at most
   `MAX_INT_DIGITS` digits, no NaN / Infinity / 1e999 (`parse_constant`, `parse_float`);
   RecursionError, ValueError and OverflowError are caught here, never later;
2. the version: a file from a newer game is refused with both versions named and left as it is;
3. the kind's strict pydantic model (`game.persistence.schema`): errors name the file and field;
4. the kind's own check (a save replays its actions and must reach its digest).
A file that fails 1, 3 or 4 is COPIED aside as NAME.damaged-<time>[-n] (a unique name; the
original is never deleted or emptied) and the .bak is tried next. A file that cannot be read at
all (permissions) is left alone and reported. A save that no longer replays but was written by
an older rules version is kept as it is and explained. The messages say which file, what was
wrong and where the copy is.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

MAX_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 40
MAX_INT_DIGITS = 24

M = TypeVar("M", bound=BaseModel)


class SaveError(Exception):
    """A file could not be used; the message says which, why and where any copy went."""


class Damaged(SaveError):
    """The file's bytes, shape or replay are wrong: copy it aside, try the .bak."""


class NewerVersion(SaveError):
    """Written by a newer game: refused, left untouched, the .bak is not used either."""


class OlderRules(SaveError):
    """Written by an older rules version and no longer replays: kept as it is, explained."""


class Unreadable(SaveError):
    """The operating system would not let us read it (permissions...): left as it is."""


class WriteRefused(SaveError, OSError):
    """A write that was not made (saving is off, or the file there cannot be read and so
    must not be replaced). An OSError, so every "Could not save" handler catches it."""


# ---------------------------------------------------------------- bounded JSON


class _Refused:
    """Stands in for a number the parser refuses, so the error can name its field."""

    __slots__ = ("what",)

    def __init__(self, what: str) -> None:
        self.what = what


def _finite_float(text: str) -> float | _Refused:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        return _Refused(f"{text[:20]}, a number too large for the game")
    return value


def _bounded_int(text: str) -> int | _Refused:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        return _Refused(f"a {len(text)}-digit number, too large for the game")
    return int(text)


def _walk(data: Any) -> None:
    """Depth at most MAX_DEPTH and no refused number, or Damaged naming the field."""
    stack: list[tuple[Any, tuple]] = [(data, ())]
    while stack:
        item, where = stack.pop()
        if len(where) >= MAX_DEPTH:
            raise Damaged(f"is nested more than {MAX_DEPTH} levels deep")
        if isinstance(item, _Refused):
            field = ".".join(str(part) for part in where) or "(the whole file)"
            raise Damaged(f"has a wrong field: {field} holds {item.what}")
        if isinstance(item, dict):
            stack.extend((v, (*where, k)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, (*where, i)) for i, v in enumerate(item))


def parse_json(raw: bytes) -> Any:
    """JSON from bytes within the limits above; Damaged with the reason otherwise."""
    if len(raw) > MAX_BYTES:
        raise Damaged(f"is too large ({len(raw):,} bytes; the limit is {MAX_BYTES:,})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Damaged(f"is not UTF-8 text (byte {exc.start})") from exc
    bare = _STRING.sub("", text)  # the text outside strings
    if _too_deep(bare):
        raise Damaged(f"is nested more than {MAX_DEPTH} levels deep")
    # the hooks run only where needed: a Python call per number would make big saves slow
    long_numbers = _LONG_DIGITS.search(bare) is not None
    refused: list[_Refused] = []

    def constant(name: str) -> _Refused:
        refused.append(_Refused(f"{name}, not a number the game can use"))
        return refused[-1]

    def number(text: str) -> float | _Refused:
        value = _finite_float(text)
        if isinstance(value, _Refused):
            refused.append(value)
        return value

    try:
        data = json.loads(
            text,
            parse_constant=constant,
            parse_float=number,
            parse_int=_bounded_int if long_numbers else None,
        )
    except json.JSONDecodeError as exc:
        raise Damaged(f"is not valid JSON (line {exc.lineno}, column {exc.colno})") from exc
    except (ValueError, OverflowError, RecursionError) as exc:
        raise Damaged(f"holds a value this game refuses ({exc or type(exc).__name__})") from exc
    if refused or long_numbers:
        _walk(data)
    return data


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


_LONG_DIGITS = re.compile(rf"[0-9]{{{MAX_INT_DIGITS + 1}}}")


def _too_deep(bare: str) -> bool:
    """Nesting deeper than MAX_DEPTH, found before the recursive parser sees a 100,000-deep
    file (`bare` is the text with its strings removed)."""
    steps = (1 if b in "[{" else -1 for b in _BRACKET.findall(bare))
    return any(depth > MAX_DEPTH for depth in itertools.accumulate(steps))


def read_bounded(path: Path) -> Any:
    """The file's JSON; Unreadable (OS refused) or Damaged (bytes or shape)."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise Unreadable(f"cannot be read ({exc.strerror or type(exc).__name__})") from exc
    return parse_json(raw)


# ---------------------------------------------------------------- kinds and validation


@dataclass(frozen=True)
class FileKind(Generic[M]):
    """One kind of player file: its model, the newest version this game writes, and how the
    player calls it ("the saved duel")."""

    label: str
    model: type[M]
    version: int


def field_error(exc: ValidationError) -> str:
    first = exc.errors(include_url=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "(the whole file)"
    extra = f" ({exc.error_count()} problems)" if exc.error_count() > 1 else ""
    return f"{where}: {first['msg']}{extra}"


def validate(kind: FileKind[M], data: Any) -> M:
    """The model for `data`, or NewerVersion / Damaged naming the field."""
    if isinstance(data, dict):
        # (a crash report's `version` is the game's; its file format is `file_version`)
        version = data.get("file_version", data.get("version"))
        if isinstance(version, int) and not isinstance(version, bool) and version > kind.version:
            raise NewerVersion(
                f"was written by a newer version of the game (file version {version}; "
                f"this game reads up to {kind.version})"
            )
    try:
        value = kind.model.model_validate(data)
    except ValidationError as exc:
        raise Damaged(f"has a wrong field: {field_error(exc)}") from exc
    except (ValueError, TypeError, RecursionError) as exc:  # pragma: no cover - belt and braces
        raise Damaged(f"could not be checked ({type(exc).__name__}: {exc})") from exc
    from game.persistence.schema import RULES_VERSION

    rules = getattr(value, "rules_version", None)
    if rules is not None and rules > RULES_VERSION:
        raise NewerVersion(
            f"was made by a newer version of the game (rules version {rules}; this game has "
            f"{RULES_VERSION})"
        )
    return value


def replay_check(value: Any, digest: str | None, replay: Callable[[], str]) -> None:
    """A save's consistency check: `replay()` re-runs its actions and returns the digest they
    reach, which must be the saved one. Raises Damaged, or OlderRules when the save was made
    by an older rules version (then rule fixes, not damage, may be why it differs)."""
    if digest is None:
        raise Damaged("has no digest, so its actions cannot be checked")
    try:
        got = replay()
    except SaveError:
        raise
    except Exception as exc:
        why = f"could not be replayed ({type(exc).__name__}: {exc})"
    else:
        if got == digest:
            return
        why = "does not reach its saved digest when its actions are replayed"
    from game.persistence.schema import RULES_VERSION

    # (no file model: a record made in this run, so by these rules)
    rules = getattr(value, "rules_version", None) if value is not None else RULES_VERSION
    if rules is None or rules < RULES_VERSION:
        raise OlderRules(
            f"was made by an older version of the game (rules version {rules or 0}; this game "
            f"has {RULES_VERSION}) and {why}"
        )
    raise Damaged(why)


def replay_reaching(build: Callable[[], Any], digest: str | None, digest_of=None):
    """(engine, the digest it reaches): `build()` replays a save's actions into an engine and
    `digest_of(engine)` (default `engine.digest()`) is compared with the saved `digest`.

    When they differ, the actions are replayed once more the way the rules before version 4
    kept a match's state (every resolved damage pool, `engine.keeping_resolved_pools`); if
    that reaches `digest`, that engine is the answer, and the match goes on kept that way, so
    a save made before that change, or from such a match since, still replays. Otherwise
    the first engine and its digest are returned."""
    from game.rules.engine import keeping_resolved_pools

    measure = digest_of or (lambda engine: engine.digest())
    engine = build()
    got = measure(engine)
    if digest is None or got == digest:
        return engine, got
    try:
        with keeping_resolved_pools():
            older = build()
    except Exception:  # it did replay today's way: that outcome is the one to report
        return engine, got
    if measure(older) == digest:
        engine.close()
        return older, digest
    older.close()
    return engine, got


def checked_replay(value: Any, digest: str | None, build: Callable[[], Any], digest_of=None):
    """`build()` replays a save into an engine; the engine is returned when it reaches the
    saved digest (`digest_of(engine)`, default `engine.digest()`; see `replay_reaching`),
    else closed and the `replay_check` error raised."""
    box: dict[str, Any] = {}

    def run() -> str:
        box["engine"], got = replay_reaching(build, digest, digest_of)
        return got

    try:
        replay_check(value, digest, run)
    except SaveError:
        if "engine" in box:
            box["engine"].close()
        raise
    return box["engine"]


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def shown(path: Path) -> str:
    """The path as the player is told it: relative to the data folder when inside it."""
    from game.paths import data_root

    try:
        return str(Path(path).relative_to(data_root()))
    except ValueError:
        return str(path)


def copy_aside(path: Path) -> Path:
    """Copy a file we cannot use to NAME.damaged-<time>[-n]; an identical earlier copy is
    reused (a damaged file is not copied again at every start). Raises OSError."""
    raw = Path(path).read_bytes()
    for earlier in sorted(path.parent.glob(f"{path.name}.damaged-*")):
        with contextlib.suppress(OSError):
            if earlier.stat().st_size == len(raw) and earlier.read_bytes() == raw:
                return earlier
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 0
    while True:
        target = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{n}" if n else ""))
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            n += 1
            continue
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(raw)
        except BaseException:  # (a full disk) never leave an empty or partial "copy"
            with contextlib.suppress(OSError):
                os.unlink(target)
            raise
        return target


@dataclass
class Loaded(Generic[M]):
    value: M | None = None
    messages: list[str] = field(default_factory=list)
    source: Path | None = None  # the file that was used (NAME or NAME.bak)
    refused: SaveError | None = None  # why nothing was loaded, when something was there


def describe(kind: FileKind, path: Path, exc: SaveError) -> str:
    """One message for the player: which file, what was wrong, where the copy is."""
    return f"{kind.label[:1].upper()}{kind.label[1:]} ({shown(path)}) {exc}"


def refuse(kind: FileKind, path: Path, exc: SaveError) -> str:
    """Apply the policy to a file we will not use and return the message: a damaged file is
    copied aside (if it can be), anything else is left exactly as it is."""
    if isinstance(exc, Damaged):
        _DAMAGED.add(str(Path(path).resolve()))
        try:
            copy = copy_aside(path)
            return describe(kind, path, exc) + f"; a copy is kept as {copy.name}."
        except OSError as err:
            return describe(kind, path, exc) + (
                f"; it is left as it is (no copy could be made: {err.strerror or err})."
            )
    return describe(kind, path, exc) + "; it is left as it is."


def load(
    path: Path,
    kind: FileKind[M],
    check: Callable[[M, Path], None] | None = None,
    *,
    use_backup: bool = True,
    copy_damaged: bool = True,
) -> Loaded[M]:
    """The file (or its last good .bak) through the steps in the module docstring."""
    from game.persistence import writer

    writer.flush()  # never read a save an autosave is still writing
    path = Path(path)
    out: Loaded[M] = Loaded()
    candidates = [path, backup_of(path)] if use_backup else [path]
    for candidate in candidates:
        if not candidate.exists():
            continue
        try:
            value = validate(kind, read_bounded(candidate))
            if check is not None:
                check(value, candidate)
        except SaveError as exc:
            out.refused = exc
            if isinstance(exc, Damaged) and copy_damaged:
                out.messages.append(refuse(kind, candidate, exc))
            else:
                out.messages.append(describe(kind, candidate, exc) + "; it is left as it is.")
            if isinstance(exc, NewerVersion):
                _PROTECTED.add(str(candidate.resolve()))  # never written over this run
                return out  # its .bak is older still: never silently go back in time
            if isinstance(exc, OlderRules):
                _DAMAGED.add(str(candidate.resolve()))  # copied aside before any overwrite
                return out
            continue
        if candidate != path:
            out.messages.append(
                f"{kind.label[:1].upper()}{kind.label[1:]}: the last good copy "
                f"({shown(candidate)}) was loaded."
            )
        out.value, out.source, out.refused = value, candidate, None
        return out
    return out


# ---------------------------------------------------------------- writing

# files refused this run because their contents were wrong (a replay that differs cannot be
# seen by a plain parse): the next write must not rotate them into .bak
_DAMAGED: set[str] = set()
# files refused as written by a newer game: left untouched, so writes to them are refused
_PROTECTED: set[str] = set()
_SAVING = {"enabled": True, "why": ""}


def saving_enabled() -> bool:
    return _SAVING["enabled"]


def disable_saving(why: str) -> None:
    _SAVING.update(enabled=False, why=why)


def enable_saving() -> None:
    _SAVING.update(enabled=True, why="")


def _usable_json(path: Path) -> bool:
    """Is the current file a good copy to keep as .bak? (Unreadable raises.)"""
    if str(path.resolve()) in _DAMAGED:
        return False
    try:
        data = read_bounded(path)
    except Damaged:
        return False
    if isinstance(data, dict):
        from game.persistence.schema import RULES_VERSION

        version = data.get("rules_version")
        if isinstance(version, int) and version > RULES_VERSION:
            return False
    return True


def write_json(path: Path, data: Any) -> None:
    """Write atomically; OSError (WriteRefused when saving is off or the current file cannot
    be read) when it cannot be done - nothing on disk is lost either way."""
    if not _SAVING["enabled"]:
        raise WriteRefused(f"saving is switched off: {_SAVING['why']}")
    path = Path(path)
    if str(path.resolve()) in _PROTECTED:
        raise WriteRefused(
            f"{shown(path)} was written by a newer version of the game and is not overwritten"
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=True, allow_nan=False)
    keep = False
    if path.exists() and path.stat().st_size > 0:  # (an empty file has nothing to keep)
        try:
            keep = _usable_json(path)
        except Unreadable as exc:
            raise WriteRefused(
                f"{shown(path)} is there but {exc}, so it was not overwritten"
            ) from exc
        if not keep:  # never lose it: make sure a copy exists before it is replaced
            copy_aside(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if keep:
            _keep_as_backup(path)
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _DAMAGED.discard(str(path.resolve()))


def _keep_as_backup(path: Path) -> None:
    """NAME.bak becomes the current NAME, with NAME never missing at any moment (a hard link
    renamed over .bak); where links are not supported, a rename (NAME is then briefly absent
    and a reader falls back to the .bak)."""
    link = path.with_name(f".{path.name}.{os.getpid()}.link.tmp")
    try:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(link)
        os.link(path, link)
        os.replace(link, backup_of(path))
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(link)
        os.replace(path, backup_of(path))


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_save(path: Path) -> bool:
    """The player's own choice (a finished duel, Delete on a slot): the file and its .bak go.
    False (never an exception) when the folder will not let them go."""
    done = True
    for candidate in (path, backup_of(path)):
        try:
            candidate.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            done = False
    return done


def clean_temp_files(root: Path) -> int:
    """Remove `.NAME.*.tmp` files a killed writer left behind; returns how many."""
    removed = 0
    with contextlib.suppress(OSError):
        for tmp in root.rglob(".*.tmp"):
            with contextlib.suppress(OSError):
                tmp.unlink()
                removed += 1
    return removed


def start_up() -> list[str]:
    """At launch: switch saving off (with the reason) when the data folder cannot be written,
    and remove temp files a killed writer left. Returns messages for the title screen."""
    from game.paths import check_data_folder, data_root

    enable_saving()
    problem = check_data_folder()
    if problem:
        disable_saving(problem)
        return [f"Saving is switched off: {problem}."]
    clean_temp_files(data_root())
    return []


def write_new_json(folder: Path, stem: str, data: Any) -> Path:
    """Write `data` as a NEW file `stem[-n].json` in `folder` (crash reports, replays): never
    over another file, even one written in the same microsecond. OSError when it cannot."""
    path = unique_path(folder, stem, ".json")
    try:
        write_json(path, data)
    except BaseException:
        with contextlib.suppress(OSError):
            if path.stat().st_size == 0:
                path.unlink()  # only the empty name we reserved
        raise
    return path


def unique_path(folder: Path, stem: str, suffix: str) -> Path:
    """A new file's path in `folder` that no other file has (the name is reserved by creating
    it empty; `write_json` then replaces it)."""
    if not _SAVING["enabled"]:
        raise WriteRefused(f"saving is switched off: {_SAVING['why']}")
    folder.mkdir(parents=True, exist_ok=True)
    n = 0
    while True:
        path = folder / (stem + (f"-{n}" if n else "") + suffix)
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
            return path
        except FileExistsError:
            n += 1
