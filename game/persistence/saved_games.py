"""Every unfinished game the player can resume, for the title's Continue list.

Each game keeps its own save (the files are described in docs/reliability.md):
- one per match format: `saves/<mode>.json` (`duel_save.match_path`) - Duel, 2 vs 2, King of
  the Hill, 3 vs 3, 2 vs 2 vs 2, Boss vs Many, Boss vs Boss;
- the current mission: `missions/mission_save.json`;
- every Adventures campaign slot: `saves/adventures/slot-N.json`.

Every file is read through the kind's own loader (`game.persistence.files.load` and its
policy: a damaged file is copied aside, a newer one refused and left alone), and a file that
cannot be used is listed with the reason that policy gives, never hidden. Match saves are
replayed here, as the title always did; a mission's replay and a campaign's session replay
happen when it is continued (their loaders' own rule).
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.persistence.files import backup_of


@dataclass
class SavedGame:
    """One line of the Continue list."""

    kind: str  # "match", "mission", "adventure" or "online"
    title: str  # the format: "Duel", "2 vs 2", "Mission: ...", "Adventures - slot 2"
    heroes: list[str] = field(default_factory=list)  # hero names, in seat order
    sides: list[list[str]] = field(default_factory=list)  # a match's heroes by side
    detail: str = ""  # "turn 7", "round 3", "Scenario 3/8 - Boss Battle, score 40"
    saved: float = 0.0  # when it was saved (the file's modification time)
    path: Path | None = None
    problem: str = ""  # why it cannot be resumed (the file policy's message); "" when it can
    mode: str = ""  # a match's format
    slot: int = 0  # an Adventures slot
    value: object = None  # what its loader returned (a SavedDuel for a match)

    @property
    def usable(self) -> bool:
        return not self.problem

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved)) if self.saved else ""

    def summary(self) -> str:
        """One sentence: what it is, who plays, how far, when saved."""
        return ", ".join([self.title, *self.facts()])

    def facts(self) -> list[str]:
        """Who plays, how far, when saved."""
        parts = []
        if self.sides:
            parts.append(" vs ".join(" & ".join(side) for side in self.sides))
        elif self.heroes:
            parts.append(hero_list(self.heroes))
        if self.detail:
            parts.append(self.detail)
        if self.when:
            parts.append(f"saved {self.when}")
        return parts


def hero_list(names: list[str]) -> str:
    return " & ".join(names)


def mode_names() -> dict[str, str]:
    from game.adventures import boss_modes
    from game.modes import variants

    return {**variants.MODE_NAMES, **boss_modes.MODE_NAMES}


def _mtime(path: Path) -> float:
    for candidate in (path, backup_of(path)):
        with contextlib.suppress(OSError):
            return candidate.stat().st_mtime
    return 0.0


def _there(path: Path) -> bool:
    return path.exists() or backup_of(path).exists()


def _hero_names(ids: list[str]) -> list[str]:
    from game.content.loader import default_content

    heroes = default_content().heroes
    names = []
    for hero in ids:
        try:  # (a Boss is found by its id although `in` lists heroes only)
            names.append(heroes[hero].name)
        except KeyError:
            names.append(hero)
    return names


def match_entry(mode: str, path: Path | None = None) -> tuple[SavedGame | None, list[str]]:
    """The unfinished game saved for one match format (None when there is none)."""
    from game.persistence.duel_save import load_match, match_path

    path = path or match_path(mode)
    if not _there(path):
        return None, []
    loaded = load_match(path)
    names = mode_names()
    entry = SavedGame(
        kind="match",
        title=names.get(mode, mode),
        saved=_mtime(path),
        path=path,
        mode=mode,
    )
    saved = loaded.value
    if saved is None:
        entry.problem = " ".join(loaded.messages) or "It could not be read."
        return entry, loaded.messages
    entry.mode = saved.setup.mode
    entry.title = names.get(saved.setup.mode, saved.setup.mode)
    entry.heroes = _hero_names([seat.hero for seat in saved.setup.seats])
    sides: dict[object, list[str]] = {}
    for index, (seat, name) in enumerate(zip(saved.setup.seats, entry.heroes, strict=True)):
        sides.setdefault(("team", seat.team) if seat.team is not None else index, []).append(name)
    entry.sides = list(sides.values())
    entry.detail = f"turn {saved.turn}" if saved.turn else ""
    entry.value = saved
    return entry, loaded.messages


def mission_entry() -> tuple[SavedGame | None, list[str]]:
    """The current mission's save (its fields only: the replay runs on Continue)."""
    from game.missions.save import KIND, default_path
    from game.persistence.files import load

    path = default_path()
    if not _there(path):
        return None, []
    loaded = load(path, KIND)
    entry = SavedGame(kind="mission", title="Mission", saved=_mtime(path), path=path)
    model = loaded.value
    if model is None:
        entry.problem = " ".join(loaded.messages) or "It could not be read."
        return entry, loaded.messages
    from game.missions.content import default_missions

    missions = default_missions().missions
    mission = missions.get(model.setup.mission)
    entry.title = f"Mission: {mission.name if mission else model.setup.mission}"
    entry.heroes = _hero_names(list(model.setup.heroes))
    entry.detail = f"round {model.round}" if model.round else ""
    return entry, loaded.messages


def adventure_entries() -> tuple[list[SavedGame], list[str]]:
    """Every Adventures slot that holds a campaign (or a file that could not be used)."""
    from game.adventures.save import list_slots, slot_path

    infos, messages = list_slots()
    out = []
    for info in infos:
        if info.empty and not info.problem:
            continue
        path = slot_path(info.slot)
        entry = SavedGame(
            kind="adventure",
            title=f"Adventures - slot {info.slot}",
            saved=_mtime(path),
            path=path,
            slot=info.slot,
            problem=info.problem,
        )
        if not info.problem:
            entry.title += f" ({info.team_name})" if info.team_name else ""
            entry.heroes = _hero_names(info.heroes)
            kind = "Portal Crawl" if info.scenario % 2 == 1 else "Boss Battle"
            entry.detail = (
                f"campaign complete, score {info.score}"
                if info.completed
                else f"Scenario {info.scenario}/8 ({kind}), score {info.score}"
            )
        out.append(entry)
    return out, messages


def online_entries() -> tuple[list[SavedGame], list[str]]:
    """Every online seat this player still holds (a room code and its seat token): the match
    itself lives on the server, which may or may not be running."""
    from game.online.link import list_seat_files

    out, messages = [], []
    names = {**mode_names(), "mission": "Co-op Mission"}  # an online co-op Mission room too
    for path, seat, notes in list_seat_files():
        messages += notes
        entry = SavedGame(kind="online", title="Online", saved=_mtime(path), path=path)
        if seat is None:
            entry.problem = " ".join(notes) or "It could not be read."
        else:
            entry.title = f"Online {names.get(seat.mode, seat.mode)} - room {seat.room}".replace(
                "  ", " "
            )
            heroes = _hero_names(list(seat.heroes))
            entry.heroes = [
                f"{name} ({hero})" if name else hero
                for name, hero in zip(seat.names or [""] * len(heroes), heroes, strict=False)
            ]
            entry.mode = seat.mode
            entry.detail = "hosted here" if seat.hosted else f"on {seat.url}"
            entry.value = seat
        out.append(entry)
    return out, messages


def list_saved_games() -> tuple[list[SavedGame], list[str]]:
    """Every resumable game (and every save that could not be used, with its reason), the
    newest first, plus the loaders' messages. A game saved in `saves/duel.json` by a build
    before one save per format is moved to its format's file first."""
    from game.persistence import writer
    from game.persistence.duel_save import migrate_legacy

    writer.flush()  # the autosaves queued so far are on disk before the list is read
    migrate_legacy()
    entries: list[SavedGame] = []
    messages: list[str] = []
    modes = list(mode_names())
    for mode in modes:
        entry, notes = match_entry(mode)
        messages += notes
        if entry is not None:
            entries.append(entry)
    entry, notes = mission_entry()
    messages += notes
    if entry is not None:
        entries.append(entry)
    adventures, notes = adventure_entries()
    entries += adventures
    messages += notes
    online, notes = online_entries()
    entries += online
    messages += notes
    entries.sort(key=lambda e: -e.saved)
    return entries, messages
