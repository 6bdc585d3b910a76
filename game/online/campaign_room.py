"""An online Adventures campaign: a `CampaignRunner` on the server, its save in the room folder.

The room keeps the campaign the way the game's own campaign slots do (`game.adventures.save`):
the campaign as it was when the session was set up, plus the session's setup (seed included),
hero actions and conclusion actions. The runner writes that file (`CODE.campaign.json`,
atomically) after every action, and a restarted server continues it with
`CampaignRunner.resume`, the same replay a Continue from the title uses. The room's
`CODE.actions.jsonl` still gets every action (it numbers the decisions).

`CampaignGame` shows the server the few things it asks of an engine: `pending`, `apply` (which
returns the events the action caused), `over`, `log` and `seq`.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from game.adventures.campaign import new_campaign
from game.adventures.runner import CampaignRunner
from game.adventures.save import SavedCampaign, SessionRecord

log = logging.getLogger(__name__)

ADVENTURE = "adventure"
ROOM_SLOT = 1  # a room holds one campaign: slot 1 of its own file


class CampaignRoomError(Exception):
    """A room's campaign file that cannot be continued; the text says why."""


def start_campaign(heroes: list[str], names: list[str], difficulty: str, seed: int, path: Path):
    from game.adventures.content import default_adventures
    from game.content.loader import default_content

    content, adv = default_content(), default_adventures()
    loot = {rarity: list(ids) for rarity, ids in adv.loot_cards.items()}
    team = [(hero, name, "human") for hero, name in zip(heroes, names, strict=True)]
    campaign = new_campaign(difficulty, "", team, seed, content, loot)
    runner = CampaignRunner(
        campaign, slot=ROOM_SLOT, content=content, adv=adv, keep_log=True, save_path=path
    )
    return CampaignGame(runner)


def resume_campaign(path: Path, seq: int) -> CampaignGame:
    runner, messages = CampaignRunner.resume(ROOM_SLOT, keep_log=True, save_path=path)
    if runner is None:
        raise CampaignRoomError("; ".join(messages) or f"{path.name} cannot be continued")
    return CampaignGame(runner, seq)


class CampaignGame:
    def __init__(self, runner: CampaignRunner, seq: int = 0) -> None:
        self.runner = runner
        self.seq = seq  # actions applied in this room (every session)

    @property
    def pending(self):
        return self.runner.pending

    @property
    def over(self) -> bool:
        return self.runner.finished

    @property
    def log(self) -> list:
        engine = self.runner.engine
        return engine.log if engine is not None else []

    @property
    def target(self):
        return self.runner.target

    def apply(self, action) -> list:
        """Apply one action (illegal ones raise and change nothing); the events it caused,
        those of a scenario that closed on the way included."""
        runner = self.runner
        engine = runner.engine
        before = len(engine.log) if engine is not None else 0
        runner.apply(action)
        self.seq += 1
        runner.save()  # the room's file is always up to date (the runner alone saves per turn)
        if runner.save_problem:  # the match goes on; the operator is told
            log.error("%s", runner.save_problem)
            runner.save_problem = ""
        events = list(engine.log[before:]) if engine is not None else []
        if runner.engine is not engine and runner.engine is not None:
            events += runner.engine.log
        return events

    def save_data(self) -> dict[str, Any]:
        """What a computer seat's worker needs to rebuild the campaign (the slot file's data)."""
        record = self.runner.record()
        session = self.runner._session
        return {
            "campaign": session.campaign_before if session else self.runner.campaign.to_json(),
            "session": record.to_json() if record is not None else None,
        }

    def close(self) -> None:
        self.runner.close()


def runner_from_data(data: dict[str, Any]) -> CampaignRunner:
    """The campaign `CampaignGame.save_data` describes, continued by the campaign save's own
    restore (`CampaignRunner._restore`: the session replayed, then its conclusion actions)."""
    from game.adventures.campaign import Campaign
    from game.persistence.schema import SessionJson

    session = data["session"]
    saved = SavedCampaign(
        slot=ROOM_SLOT,
        campaign=Campaign.from_json(data["campaign"]),
        session=None
        if session is None
        else SessionRecord.from_model(SessionJson.model_validate(session)),
    )
    return CampaignRunner._restore(saved, ROOM_SLOT, autosave=False)
