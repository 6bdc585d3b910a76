"""An online Adventures campaign: a `CampaignRunner` on the server, its save in the room folder.

The room keeps the campaign the way the game's own campaign slots do (`game.adventures.save`):
the campaign as it was when the session was set up, plus the session's setup (seed included),
hero actions and conclusion actions, in `CODE.campaign.json`, saved when the runner saves (each
crawl or battle turn and each scenario boundary) with `room_seq`, the number of the room's
actions it holds. The data is taken on the server's loop and written atomically by the writer
thread (`game.persistence.writer`), only after the room's `CODE.actions.jsonl` holds those
actions. A restarted server continues the campaign with the campaign save's own restore
(`CampaignRunner._restore`, as Continue on the title) and applies the room's later actions.

`CampaignGame` shows the server the few things it asks of an engine: `pending`, `apply` (which
returns the events the action caused), `over`, `log` and `seq`.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from game.adventures.campaign import new_campaign
from game.adventures.runner import CampaignRunner
from game.adventures.save import SavedCampaign, SessionRecord, load_campaign, slot_data
from game.persistence import writer
from game.persistence.files import write_json

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
    # the first session's file is written here, at once (the room's decision 0)
    runner = CampaignRunner(
        campaign, slot=ROOM_SLOT, content=content, adv=adv, keep_log=True, save_path=path
    )
    return CampaignGame(runner, 0, path)


def resume_campaign(path: Path, actions: list) -> CampaignGame:
    """The room's campaign from its file (the campaign save's restore), then the room's actions
    the file does not hold yet (`room_seq` says how many it holds)."""
    saved, messages = load_campaign(ROOM_SLOT, verify=False, path=path)
    if saved is None:
        raise CampaignRoomError("; ".join(messages) or f"{path.name} cannot be continued")
    done = saved.model.room_seq or 0
    if done > len(actions):
        raise CampaignRoomError(f"{path.name} holds {done} actions, the room only {len(actions)}")
    try:
        runner = CampaignRunner._restore(saved, ROOM_SLOT, keep_log=True, save_path=path)
    except Exception as exc:
        raise CampaignRoomError(f"{path.name} cannot be continued ({exc})") from exc
    game = CampaignGame(runner, done, path)
    for action in actions[done:]:
        game.apply(action)
    return game


class CampaignGame:
    def __init__(self, runner: CampaignRunner, seq: int = 0, path: Path | None = None) -> None:
        self.runner = runner
        self.seq = seq  # actions applied in this room (every session)
        self.path = path
        self._unsent: dict | None = None
        runner.autosave = path is not None  # at the runner's moments: each turn and boundary
        runner.saver = self._keep

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

    def _keep(self, campaign, record) -> None:
        """The runner saves: the data is taken now (it reads the engine: this thread only)."""
        data = slot_data(ROOM_SLOT, campaign, record)
        data["room_seq"] = self.seq
        self._unsent = data

    def _send(self) -> None:
        """Hand the kept save to the writer thread (off the server's loop). Only once the
        room's actions file holds every action it counts, so the file is never ahead of it."""
        data, self._unsent = self._unsent, None
        if data is not None and self.path is not None:
            path = self.path
            writer.submit(lambda: write_json(path, data), f"Could not save {path.name}")
        for problem in writer.errors():  # the match goes on; the operator is told
            log.error("%s", problem)

    def apply(self, action) -> list:
        """Apply one action (illegal ones raise and change nothing); the events it caused,
        those of a scenario that closed on the way included."""
        self._send()  # the previous action is in the room's actions file by now
        runner = self.runner
        engine = runner.engine
        before = len(engine.log) if engine is not None else 0
        self.seq += 1  # a save made during this action counts it
        try:
            runner.apply(action)
        except BaseException:
            self.seq -= 1
            raise
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
        """(The server closes rooms after their last action reached the actions file.)"""
        self._send()
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
    runner = CampaignRunner._restore(saved, ROOM_SLOT, autosave=False)
    runner.slot = None  # a copy: it never writes a file
    return runner
