"""Saved campaigns: several slots in the user data folder, written atomically.

A slot file holds the campaign (plain JSON, `Campaign.to_json`) and, when a session is under
way, that session as its engine setup (`MatchSetup` JSON, seed included) plus every hero action
so far and the digest of the position they lead to. Loading replays the actions (enemy
decisions are made inside the engine, so they are not stored) and checks the digest. The game
autosaves at every turn and at every scenario boundary (`game.adventures.sim`, the window).

A slot that cannot be read or does not replay to its digest is set aside (renamed
`slot-N.json.corrupt-...`, never deleted) and reported; nothing here raises on a bad file.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.adventures.campaign import Campaign, CampaignError
from game.paths import user_data_dir
from game.persistence.files import SaveError, read_json, set_aside, write_json
from game.rules.actions import Action

SAVE_VERSION = 1
KIND = "adventure_campaign"
SLOTS = 6


@dataclass(slots=True)
class SessionRecord:
    """A scenario in progress: its engine setup, the hero actions so far and the digest of the
    position they lead to; after the scenario, its conclusion's actions."""

    setup: dict[str, Any]  # MatchSetup.to_json()
    actions: list[Action] = field(default_factory=list)
    digest: str = ""
    # the conclusion's decisions (Shop / Boss Loot) once the scenario is over
    post_actions: list[Action] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "setup": self.setup,
            "actions": [a.to_json() for a in self.actions],
            "digest": self.digest,
            "post_actions": [a.to_json() for a in self.post_actions],
        }

    @staticmethod
    def from_json(data: Any) -> SessionRecord:
        if not isinstance(data, dict):
            raise SaveError("session: expected an object")
        try:
            return SessionRecord(
                setup=dict(data["setup"]),
                actions=[Action.from_json(a) for a in data.get("actions", [])],
                digest=str(data.get("digest", "")),
                post_actions=[Action.from_json(a) for a in data.get("post_actions", [])],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"session: a field is missing or damaged ({exc})") from exc

    @staticmethod
    def of(engine) -> SessionRecord:
        return SessionRecord(
            setup=engine.setup.to_json(), actions=list(engine.actions), digest=engine.digest()
        )


@dataclass(slots=True)
class SavedCampaign:
    slot: int
    campaign: Campaign
    session: SessionRecord | None = None
    saved_at: str = ""


@dataclass(slots=True)
class SlotInfo:
    """What a campaign menu shows for one slot."""

    slot: int
    empty: bool = True
    team_name: str = ""
    difficulty: str = ""
    heroes: list[str] = field(default_factory=list)
    scenario: int = 0
    score: int = 0
    completed: bool = False
    mid_scenario: bool = False
    saved_at: str = ""
    problem: str = ""  # set when the slot was damaged and set aside


def saves_dir() -> Path:
    return user_data_dir() / "saves" / "adventures"


def slot_path(slot: int) -> Path:
    if not 1 <= slot <= SLOTS:
        raise ValueError(f"campaign slots are numbered 1-{SLOTS}, not {slot}")
    return saves_dir() / f"slot-{slot}.json"


def save_campaign(slot: int, campaign: Campaign, session: SessionRecord | None = None) -> Path:
    """Write the slot atomically (the previous copy is kept as .bak)."""
    path = slot_path(slot)
    data = {
        "version": SAVE_VERSION,
        "kind": KIND,
        "slot": slot,
        "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "campaign": campaign.to_json(),
        "session": session.to_json() if session is not None else None,
    }
    write_json(path, data)
    return path


def parse(data: Any, slot: int) -> SavedCampaign:
    """A saved campaign from its JSON; SaveError names what is wrong."""
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise SaveError("it is not an Adventures campaign file")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError("it has no version number")
    if version > SAVE_VERSION:
        raise SaveError(
            f"it was written by a newer version of the game (save version {version}, "
            f"this game reads up to {SAVE_VERSION})"
        )
    try:
        campaign = Campaign.from_json(data.get("campaign"))
    except CampaignError as exc:
        raise SaveError(str(exc)) from exc
    session = data.get("session")
    record = SessionRecord.from_json(session) if session is not None else None
    return SavedCampaign(
        slot=slot, campaign=campaign, session=record, saved_at=str(data.get("saved_at", ""))
    )


def _set_aside(path: Path, why: str, messages: list[str]) -> None:
    if path.exists():
        moved = set_aside(path)
        messages.append(f"Campaign slot {path.stem} was set aside as {moved.name}: {why}")
    else:
        messages.append(f"Campaign slot {path.stem} could not be used: {why}")


def load_campaign(slot: int, *, verify: bool = True) -> tuple[SavedCampaign | None, list[str]]:
    """The slot's campaign (None if empty or unusable) and messages about anything set aside.

    With `verify`, a session in progress is replayed and must reach its saved digest; if it does
    not, the slot is set aside like an unreadable one."""
    path = slot_path(slot)
    data, messages = read_json(path)
    if data is None:
        return None, messages
    try:
        saved = parse(data, slot)
        if verify and saved.session is not None:
            engine = resume_session(saved.session)
            engine.close()
    except SaveError as exc:
        _set_aside(path, str(exc), messages)
        return None, messages
    return saved, messages


def resume_session(record: SessionRecord):
    """Replay a saved session to where it was; SaveError if it fails or differs."""
    from game.adventures.scenario import replay_scenario
    from game.rules.engine import MatchSetup

    try:
        setup = MatchSetup.from_json(record.setup)
        engine = replay_scenario(setup, record.actions)
    except Exception as exc:
        raise SaveError(f"replaying the session failed ({type(exc).__name__}: {exc})") from exc
    if record.digest and engine.digest() != record.digest:
        engine.close()
        raise SaveError("replaying the session did not give the saved position")
    return engine


def list_slots() -> tuple[list[SlotInfo], list[str]]:
    """Every slot's summary for the campaign menu; damaged slots are set aside and reported.
    (Sessions are not replayed here: that happens when a slot is continued.)"""
    infos: list[SlotInfo] = []
    messages: list[str] = []
    for slot in range(1, SLOTS + 1):
        info = SlotInfo(slot=slot)
        path = slot_path(slot)
        if path.exists() or path.with_name(path.name + ".bak").exists():
            saved, notes = load_campaign(slot, verify=False)
            messages.extend(notes)
            if saved is None:
                info.problem = "; ".join(notes) or "unreadable"
            else:
                c = saved.campaign
                info = SlotInfo(
                    slot=slot,
                    empty=False,
                    team_name=c.team_name,
                    difficulty=c.difficulty,
                    heroes=c.hero_ids,
                    scenario=c.scenario,
                    score=c.score,
                    completed=c.completed,
                    mid_scenario=saved.session is not None,
                    saved_at=saved.saved_at,
                )
        infos.append(info)
    return infos, messages


def free_slot() -> int | None:
    infos, _ = list_slots()
    for info in infos:
        if info.empty:
            return info.slot
    return None


def delete_campaign(slot: int) -> None:
    path = slot_path(slot)
    for candidate in (path, path.with_name(path.name + ".bak")):
        if candidate.exists():
            candidate.unlink()
