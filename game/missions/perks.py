"""Perk sheets: one per player profile, carried from mission to mission (rules 108-119).

A sheet records filled circles per perk (row, column), the missions perfected (the 3-PP bonus
is paid once per mission), the New Game+ circles per difficulty, how many times the player
restarted (the "+" after the name) and the unspent Perk Points, each with the highest column it
may fill: the (Total) Difficulty of the mission that earned it (rule 111). Points are meant to
be spent right after their mission; one left over keeps its own column, never a later
mission's (docs/missions.md, rule 111). Sheets are saved as JSON in the user data folder with the
atomic writer; a damaged file is set aside (never deleted) and reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from game.missions.content import MissionsDB, PerkDef
from game.paths import user_data_dir
from game.persistence.files import FileKind, load, write_json
from game.persistence.schema import PerkSheetFile

VERSION = 1
PROFILE_RE = re.compile(r"^[A-Za-z0-9_\- ]{1,32}$")
KIND = FileKind(label="the Perk sheet", model=PerkSheetFile, version=VERSION)


class PerkError(Exception):
    """A Perk Point cannot be spent that way; the message says why."""


@dataclass(slots=True)
class PerkSheet:
    name: str
    plus: int = 0  # how many times the player started over with a "+"
    circles: dict[str, int] = field(default_factory=dict)  # "row:column" -> filled circles
    perfected: list[str] = field(default_factory=list)  # mission ids with the perfect bonus paid
    new_game_plus: list[int] = field(default_factory=list)  # difficulty columns filled
    # one entry per unspent Perk Point: the highest column it may fill (its mission's
    # (Total) Difficulty, at most 5), kept sorted
    points: list[int] = field(default_factory=list)

    @property
    def unspent(self) -> int:
        return len(self.points)

    def columns_open(self) -> int:
        """The highest column any unspent point may fill (0 without points)."""
        return max(self.points, default=0)

    @property
    def display_name(self) -> str:
        return self.name + "+" * self.plus

    def filled(self, perk: PerkDef) -> int:
        return self.circles.get(f"{perk.row}:{perk.column}", 0)

    def unlocked(self, perk: PerkDef) -> bool:
        return self.filled(perk) >= perk.circles

    def mythic_access(self) -> bool:
        """All five New Game+ circles, or a restarted sheet (rules 114-115)."""
        return len(set(self.new_game_plus)) >= 5 or self.plus > 0

    def to_json(self) -> dict:
        return {
            "version": VERSION,
            "name": self.name,
            "plus": self.plus,
            "circles": dict(sorted(self.circles.items())),
            "perfected": sorted(self.perfected),
            "new_game_plus": sorted(set(self.new_game_plus)),
            "unspent": self.unspent,  # the count, as sheets before per-point columns had it
            "points": sorted(self.points),
        }

    @staticmethod
    def from_json(data: object) -> PerkSheet:
        """A sheet from plain data (a scenario file's `perk_sheet`), checked by the same schema
        as a sheet on disk; ValueError names the field."""
        from game.persistence.files import SaveError, validate

        try:
            return PerkSheet.from_model(validate(KIND, data))
        except SaveError as exc:
            raise ValueError(str(exc).removeprefix("has a wrong field: ")) from exc

    @staticmethod
    def from_model(model: PerkSheetFile) -> PerkSheet:
        if model.points is None:
            # a sheet saved before points had columns: which mission earned them is unknown,
            # so they fill column 1, the only column every mission allows (rule 111)
            points = [1] * model.unspent
        else:
            points = list(model.points)
        return PerkSheet(
            model.name,
            model.plus,
            dict(model.circles),
            list(model.perfected),
            list(model.new_game_plus),
            sorted(points),
        )


def perk_points(result: dict, sheet: PerkSheet, easier: tuple[str, ...] = ()) -> int:
    """PP for one mission (rules 109-110, 119): 0 / 1 / 2 by sides completed, 3 for both
    sides plus the Side 1 perfect reward - the perfect bonus only the first time."""
    sides = result["sides_completed"]
    if sides >= 2 and result["result"] == "won":
        points = 3 if result.get("perfect") and result["mission"] not in sheet.perfected else 2
    else:
        points = min(sides, 1)
    if "double_pp" in easier:
        points *= 2
    return points


def record_mission(sheet: PerkSheet, result: dict, easier: tuple[str, ...] = ()) -> int:
    """Award the PP, each able to fill columns up to this mission's (Total) Difficulty (rules
    111, 118); tick the perfect box and the New Game+ circle."""
    points = perk_points(result, sheet, easier)
    won = result["result"] == "won" and result["sides_completed"] >= 2
    if won and result.get("perfect") and result["mission"] not in sheet.perfected:
        sheet.perfected.append(result["mission"])
        level = min(5, result["difficulty"])
        if level not in sheet.new_game_plus:
            sheet.new_game_plus.append(level)  # free, not a PP spend (rule 114)
    column = max(1, min(5, result.get("total_difficulty", result["difficulty"])))
    sheet.points = sorted(sheet.points + [column] * points)
    return points


def why_not(
    sheet: PerkSheet, db: MissionsDB, row: str, column: int, total_difficulty: int | None = None
) -> str | None:
    """Why one Perk Point cannot fill this circle now (None: it can). Rule 111: a point fills
    a column no higher than the (Total) Difficulty of the mission that earned it - not the
    latest mission's; `total_difficulty`, when given, caps the column as well. The Momentum
    row only in order (rule 112)."""
    try:
        _check(sheet, db, row, column, total_difficulty)
    except PerkError as exc:
        return str(exc)
    return None


def spend(
    sheet: PerkSheet, db: MissionsDB, row: str, column: int, total_difficulty: int | None = None
) -> None:
    """Fill one circle with the unspent point of the lowest column that reaches it (so the
    points of harder missions stay free for higher columns); PerkError says why not."""
    _check(sheet, db, row, column, total_difficulty)
    sheet.points.remove(min(c for c in sheet.points if c >= column))
    key = f"{row}:{column}"
    sheet.circles[key] = sheet.circles.get(key, 0) + 1


def _check(
    sheet: PerkSheet, db: MissionsDB, row: str, column: int, total_difficulty: int | None
) -> None:
    if sheet.unspent <= 0:
        raise PerkError("no Perk Points left to spend")
    perk = next((p for p in db.perks if p.row == row and p.column == column), None)
    if perk is None:
        perk = next((p for p in db.feats if p.column == column and row == "feats"), None)
    if perk is None:
        raise PerkError(f"there is no perk in row '{row}', column {column}")
    if total_difficulty is not None and column > min(5, total_difficulty):
        raise PerkError(f"column {column} is above this mission's difficulty ({total_difficulty})")
    if column > sheet.columns_open():
        raise PerkError(
            f"column {column} is above this mission's difficulty ({sheet.columns_open()}): "
            "a Perk Point fills no higher column than the mission that earned it"
        )
    if sheet.unlocked(perk):
        raise PerkError(f"{row} {column} is already unlocked")
    if db.perk_rows.get(row) and column > 1:
        before = next(p for p in db.perks if p.row == row and p.column == column - 1)
        if not sheet.unlocked(before):
            raise PerkError(f"{row} {column} needs {row} {column - 1} first")


def restart(sheet: PerkSheet) -> PerkSheet:
    """Throw the sheet away and start a new one with one more "+" (rule 115)."""
    return PerkSheet(sheet.name, plus=sheet.plus + 1)


def bonuses(sheet: PerkSheet, db: MissionsDB) -> dict:
    """What the unlocked perks give at mission setup (MissionSetup.perks)."""
    out: dict = {"momentum_level": 1, "health": 0, "momentum": 0, "cp": 0, "draw": 0}
    out["hero_statuses"], out["enemy_statuses"], out["feats"] = [], [], []
    for perk in db.perks:
        if not sheet.unlocked(perk):
            continue
        fx = perk.effect
        verb = fx["do"]
        if verb == "momentum_level":
            out["momentum_level"] = max(out["momentum_level"], fx["level"])
        elif verb == "start_health":
            out["health"] += fx["amount"]
        elif verb == "start_momentum":
            out["momentum"] += fx["amount"]
        elif verb == "start_cp":
            out["cp"] += fx["amount"]
        elif verb == "start_draw":
            out["draw"] += fx["count"]
        elif verb == "start_cp_draw":
            out["cp"] += fx["amount"]
            out["draw"] += fx["count"]
        elif verb == "hero_status":
            out["hero_statuses"].append([fx["status"], fx["count"], fx.get("amount", 2)])
        elif verb == "enemy_status":
            out["enemy_statuses"].append([fx["status"], fx["count"]])
        elif verb == "sell_and_draw":
            out["sell_and_draw"] = True
        elif verb == "free_ally":
            out["free_ally"] = True
    for feat in db.feats:
        if sheet.unlocked(feat):
            out["feats"].append(feat.effect["feat"])
    return out


# ---------------------------------------------------------------- files


def sheet_path(profile: str, folder: Path | None = None) -> Path:
    if not PROFILE_RE.match(profile):
        raise ValueError("a profile name uses letters, digits, spaces, '-' or '_' (1-32)")
    return (folder or user_data_dir() / "perk_sheets") / f"{profile}.json"


def save_sheet(sheet: PerkSheet, profile: str, folder: Path | None = None) -> Path:
    path = sheet_path(profile, folder)
    write_json(path, sheet.to_json())
    return path


def load_sheet(profile: str, folder: Path | None = None) -> tuple[PerkSheet, list[str]]:
    """The profile's sheet (a fresh one if there is none or it cannot be used) and messages.
    A damaged sheet is copied aside and its last good .bak used; a newer-version sheet is left
    untouched and never saved over (saving it raises an OSError the menu reports)."""
    loaded = load(sheet_path(profile, folder), KIND)
    if loaded.value is None:
        return PerkSheet(profile), loaded.messages
    return PerkSheet.from_model(loaded.value), loaded.messages
