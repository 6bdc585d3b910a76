"""Saved campaigns: several slots in the user data folder, written atomically.

A slot file holds the campaign (plain JSON, `Campaign.to_json`) and, when a session is under
way, that session as its engine setup (`MatchSetup` JSON, seed included) plus every hero action
so far and the digest of the position they lead to. Loading replays the actions (enemy
decisions are made inside the engine, so they are not stored) and checks the digest. The game
autosaves at every turn and at every scenario boundary (`game.adventures.sim`, the window).

Read through `game.persistence.files` (schema `CampaignSlotFile`): a slot that cannot be used
(bad bytes, a wrong field, an unknown hero or difficulty, a replay that misses its digest) is
copied aside as `slot-N.json.damaged-...` and reported, its last good .bak is used when there is
one, and nothing here raises on a bad file - one damaged slot never hides the others.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.adventures.campaign import Campaign, CampaignError
from game.paths import user_data_dir
from game.persistence.files import (
    Damaged,
    FileKind,
    SaveError,
    checked_replay,
    load,
    refuse,
    remove_save,
    write_json,
)
from game.persistence.schema import CampaignSlotFile, SessionJson, saved_by
from game.rules.actions import Action

SAVE_VERSION = 1
KIND = "adventure_campaign"
SLOTS = 6
FILE = FileKind(label="the campaign slot", model=CampaignSlotFile, version=SAVE_VERSION)


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
    def from_model(model: SessionJson) -> SessionRecord:
        try:
            return SessionRecord(
                setup=model.setup.model_dump(),
                actions=[Action.from_json(a) for a in model.actions],
                digest=model.digest or "",
                post_actions=[Action.from_json(a) for a in model.post_actions],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise Damaged(f"has a session field that cannot be used ({exc})") from exc

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
    model: Any = None  # the validated file (which game wrote it: `rules_version`)


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


def save_campaign(
    slot: int, campaign: Campaign, session: SessionRecord | None = None, path: Path | None = None
) -> Path:
    """Write the slot atomically (the previous copy is kept as .bak). `path` puts the slot file
    somewhere else than the user's saves (an online room keeps its campaign in its folder)."""
    path = path or slot_path(slot)
    write_json(path, slot_data(slot, campaign, session))
    return path


def slot_data(slot: int, campaign: Campaign, session: SessionRecord | None = None) -> dict:
    """What a slot file holds (built from the campaign now; written by `save_campaign`)."""
    return {
        "version": SAVE_VERSION,
        "kind": KIND,
        **saved_by(),
        "slot": slot,
        "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "campaign": campaign.to_json(),
        "session": session.to_json() if session is not None else None,
    }


def from_model(model: CampaignSlotFile, slot: int) -> SavedCampaign:
    """The campaign a validated slot file holds; Damaged names what cannot be used (an
    unknown hero or difficulty is refused here, not at the next scenario)."""
    from game.adventures.campaign import validate
    from game.adventures.content import default_adventures
    from game.content.loader import default_content

    try:
        campaign = Campaign.from_json(model.campaign.model_dump())
        validate(campaign, default_content())
    except CampaignError as exc:
        raise Damaged(f"has a wrong field: {exc}") from exc
    difficulties = default_adventures().difficulties
    if campaign.difficulty not in difficulties:
        raise Damaged(
            f"has a wrong field: campaign.difficulty: unknown difficulty "
            f"'{campaign.difficulty}' (one of {', '.join(difficulties)})"
        )
    record = SessionRecord.from_model(model.session) if model.session is not None else None
    if record is not None:
        _known_card(record)
    return SavedCampaign(
        slot=slot, campaign=campaign, session=record, saved_at=model.saved_at, model=model
    )


def _known_card(record: SessionRecord) -> None:
    """The session's scenario card must be one this game has (the window shows it and the
    scenario's conclusion reads it): refused here, not by a crash at the next boundary."""
    from game.adventures.content import default_adventures
    from game.persistence.files import parse_json

    try:  # (the same bounded parse as the file itself: the text may be hostile too)
        inner = parse_json((record.setup.get("adventure") or "{}").encode("utf-8"))
    except Damaged as exc:
        raise Damaged(f"has a wrong field: session.setup.adventure {exc}") from exc
    card = inner.get("card") if isinstance(inner, dict) else None
    adv = default_adventures()
    if card not in adv.crawl_cards and card not in adv.boss_cards:
        raise Damaged(f"has a wrong field: session.setup.adventure: unknown scenario card {card!r}")


def _checker(slot: int, verify: bool):
    def check(model: CampaignSlotFile, path: Path) -> None:
        if model.slot != slot:
            raise Damaged(f"has a wrong field: slot: it says {model.slot}, the file is slot {slot}")
        saved = from_model(model, slot)
        if saved.session is None:
            return
        if verify:
            resume_session(saved.session, model).close()
        elif model.session.digest is None:
            raise Damaged("has no digest, so its actions cannot be checked")

    return check


def load_campaign(
    slot: int, *, verify: bool = True, path: Path | None = None
) -> tuple[SavedCampaign | None, list[str]]:
    """The slot's campaign (None if empty or unusable) and messages about anything wrong.

    With `verify`, a session in progress is replayed and must reach its saved digest. `path`:
    a slot file kept elsewhere (see `save_campaign`)."""
    loaded = load(path or slot_path(slot), FILE, _checker(slot, verify))
    if loaded.value is None:
        return None, loaded.messages
    return from_model(loaded.value, slot), loaded.messages


def refuse_slot(slot: int, exc: SaveError, path: Path | None = None) -> str:
    """The file policy for a slot found unusable later (when it is continued)."""
    return refuse(FILE, path or slot_path(slot), exc)


def replay_session(record: SessionRecord):
    """The session a record describes, replayed (errors propagate)."""
    from game.adventures.scenario import replay_scenario
    from game.rules.engine import MatchSetup

    return replay_scenario(MatchSetup.from_json(record.setup), record.actions)


def resume_session(record: SessionRecord, model: Any = None):
    """Replay a saved session to where it was; SaveError if it fails or differs."""
    return checked_replay(model, record.digest or None, lambda: replay_session(record))


def list_slots() -> tuple[list[SlotInfo], list[str]]:
    """Every slot's summary for the campaign menu; damaged slots are set aside and reported.
    (Sessions are not replayed here: that happens when a slot is continued.)"""
    infos: list[SlotInfo] = []
    messages: list[str] = []
    for slot in range(1, SLOTS + 1):
        info = SlotInfo(slot=slot)
        path = slot_path(slot)
        if path.exists() or path.with_name(path.name + ".bak").exists():
            try:
                saved, notes = load_campaign(slot, verify=False)
            except Exception as exc:  # never let one slot break the menu or hide the others
                saved, notes = None, [f"Campaign slot {slot} could not be read ({exc})."]
            messages.extend(notes)
            if saved is None:
                info.problem = " ".join(notes) or "unreadable"
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
    """The player deleted the slot: its file and .bak go (damaged copies stay)."""
    remove_save(slot_path(slot))
