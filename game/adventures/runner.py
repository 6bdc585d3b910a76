"""A campaign in play: sessions one after another, with their conclusions, saves and resumes.

    runner = CampaignRunner(campaign, slot=1)      # autosaves into campaign slot 1
    while not runner.finished:
        choice = runner.pending                    # a PendingChoice for a hero
        runner.apply(controller.decide(runner.target, choice))

`runner.target` is what the choice belongs to: the scenario's `Engine` while a Portal Crawl or
Boss Battle runs, then the conclusion's decision driver (Rosella's Shop after a Portal Crawl,
rules 60/86-89; Boss Loot after a Boss Battle, rules 90-91). When the conclusion closes, the
session is scored (rules 94-95, `game.adventures.scoring`), written on the campaign's sheet and
the next session is set up (rule 96) - until the Mad King falls (rule 4) or the difficulty's
loss limit is reached.

Saves (rule: autosave at every turn and scenario boundary): the slot holds the campaign as it
was when the session was set up, plus the session's setup, hero actions and digest, plus the
conclusion's actions. `CampaignRunner.resume(slot)` replays them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.adventures.campaign import Campaign, record_outcome
from game.adventures.save import SessionRecord, load_campaign, save_campaign
from game.adventures.scenario import (
    ScenarioResult,
    replay_scenario,
    scenario_result,
    session_setup,
    start_scenario,
)
from game.persistence.files import Damaged, SaveError, checked_replay
from game.rules.actions import Action, PendingChoice
from game.rules.engine import MatchSetup
from game.rules.rng import seed_state

MAX_SESSIONS = 40  # a harness guard: a campaign that keeps losing stops here (not completed)


@dataclass(slots=True)
class SessionSummary:
    number: int
    kind: str
    card: str
    result: str
    session_score: int
    turns: int = 0
    why: str = ""


@dataclass(slots=True)
class _Session:
    setup: MatchSetup
    campaign_before: dict[str, Any]  # the campaign as saved for this session
    post_actions: list[Action] = field(default_factory=list)


class CampaignRunner:
    def __init__(
        self,
        campaign: Campaign,
        *,
        slot: int | None = None,
        autosave: bool = True,
        content=None,
        adv=None,
        keep_log: bool = False,
        save_path=None,
    ) -> None:
        from game.adventures.content import default_adventures
        from game.content.loader import default_content

        self.campaign = campaign
        self.slot = slot
        self.autosave = autosave and slot is not None
        self.content = content or default_content()
        self.adv = adv or default_adventures()
        self.keep_log = keep_log
        self.save_path = save_path  # None: the user's slot file; else this file (online rooms)
        self.saver = None  # if set, saver(campaign, record) writes instead (online rooms)
        self.engine = None
        self.driver = None  # Shop or BossLoot
        self.result: ScenarioResult | None = None
        self.summaries: list[SessionSummary] = []
        self._session: _Session | None = None
        self._turns_seen = -1
        self.stopped = ""  # why the campaign stopped without completing
        self.save_problem = ""  # why the last autosave failed (shown by the window), or ""
        if not campaign.completed:
            self._new_session()

    # ------------------------------------------------------------ state

    @property
    def finished(self) -> bool:
        return self.campaign.completed or bool(self.stopped)

    @property
    def target(self):
        return self.driver if self.driver is not None else self.engine

    @property
    def pending(self) -> PendingChoice | None:
        if self.finished:
            return None
        if self.driver is not None:
            return self.driver.pending()
        return self.engine.pending if self.engine is not None else None

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None

    # ------------------------------------------------------------ sessions

    def _new_session(self) -> None:
        losses = sum(1 for row in self.campaign.rows if row.result == "lost")
        diff = self.adv.difficulties.get(self.campaign.difficulty)
        if diff is not None and diff.max_losses and losses >= diff.max_losses:
            self._stop(f"the difficulty allows {diff.max_losses} lost sessions")
            return
        if self.campaign.sessions >= MAX_SESSIONS:
            self._stop(f"{MAX_SESSIONS} sessions played (harness limit)")
            return
        self.close()
        setup = session_setup(self.campaign, self.content, self.adv)
        self._session = _Session(setup=setup, campaign_before=self.campaign.to_json())
        self.engine = start_scenario(setup, self.content, keep_log=self.keep_log)
        self.driver = None
        self.result = None
        self._after_engine()
        self.save()

    def _stop(self, why: str) -> None:
        """The campaign ends without the Mad King's defeat; the slot keeps the sheet."""
        self.stopped = why
        self.close()
        self._session = None
        self.driver = None
        self.save()

    def apply(self, action: Action) -> None:
        if self.finished:
            raise ValueError("the campaign is over")
        if self.driver is not None:
            self.driver.apply(action)
            self._session.post_actions.append(action)
            self._after_driver()
            self.save()
            return
        self.engine.apply(action)
        if self._after_engine() or self._turn_passed():
            self.save()

    def _turn_passed(self) -> bool:
        """Autosave once per crawl/boss turn (rule: at every turn)."""
        import esper

        from game.adventures.components import Scenario

        with self.engine.world.active():
            turns = esper.component_for_entity(self.engine.MATCH, Scenario).turns
        if turns != self._turns_seen:
            self._turns_seen = turns
            return True
        return False

    def _after_engine(self) -> bool:
        """If the scenario just ended, open its conclusion. True when something changed."""
        if self.engine is None or not self.engine.over or self.driver is not None:
            return False
        self.result = scenario_result(self.engine)
        self.driver = self._conclusion(self.result)
        self._after_driver()
        return True

    def _conclusion(self, result: ScenarioResult):
        from game.adventures import conclusion

        return conclusion.open_conclusion(self, result)

    def _after_driver(self) -> None:
        if self.driver is None or self.driver.pending() is not None:
            return
        from game.adventures import conclusion

        outcome, row = conclusion.close_conclusion(self, self.result, self.driver)
        self.driver = None
        diff = self.adv.difficulties.get(self.campaign.difficulty)
        record_outcome(self.campaign, outcome, row, diff.loss_salves if diff else 3)
        self.summaries.append(
            SessionSummary(
                number=outcome.number,
                kind=outcome.kind,
                card=outcome.card,
                result=row.result,
                session_score=row.session_score,
                turns=self.result.turns,
                why=self.result.why,
            )
        )
        if not self.campaign.completed:
            self._new_session()
        else:
            self.close()
            self._session = None
            self.save()

    # ------------------------------------------------------------ saving

    def record(self) -> SessionRecord | None:
        if self._session is None or self.engine is None:
            return None
        rec = SessionRecord.of(self.engine)
        rec.post_actions = list(self._session.post_actions)
        return rec

    def save(self) -> None:
        """Autosave the slot. A full or read-only disk never stops the campaign: the reason
        is kept in `save_problem` ("Could not save ...") for the window to show."""
        if not self.autosave:
            return
        write = self.saver or (lambda c, r: save_campaign(self.slot, c, r, self.save_path))
        try:
            if self._session is None or self.engine is None:
                write(self.campaign, None)
                return
            write(Campaign.from_json(self._session.campaign_before), self.record())
        except OSError as exc:
            self.save_problem = f"Could not save the campaign: {exc}"

    @classmethod
    def resume(cls, slot: int, **kw) -> tuple[CampaignRunner | None, list[str]]:
        """Continue a saved campaign: replay its session (and conclusion) to where it was.
        An unusable slot is set aside and reported (None is returned). `save_path=`: the slot
        file is kept there, not in the user's saves (an online room's campaign)."""
        path = kw.get("save_path")
        saved, messages = load_campaign(slot, verify=False, path=path)
        if saved is None:
            return None, messages
        try:
            runner = cls._restore(saved, slot, **kw)
        except Exception as exc:  # a save that cannot be resumed must never crash the game
            from game.adventures.save import refuse_slot

            if not isinstance(exc, SaveError):
                exc = Damaged(f"could not be resumed ({type(exc).__name__}: {exc})")
            messages.append(refuse_slot(slot, exc, path))
            return None, messages
        return runner, messages

    @classmethod
    def _restore(cls, saved, slot: int, **kw) -> CampaignRunner:
        runner = cls.__new__(cls)
        from game.adventures.content import default_adventures
        from game.content.loader import default_content

        runner.campaign = saved.campaign
        runner.slot = slot
        runner.autosave = kw.get("autosave", True)
        runner.content = kw.get("content") or default_content()
        runner.adv = kw.get("adv") or default_adventures()
        runner.keep_log = kw.get("keep_log", False)
        runner.save_path = kw.get("save_path")
        runner.saver = None
        runner.engine = None
        runner.driver = None
        runner.result = None
        runner.summaries = []
        runner._turns_seen = -1
        runner.stopped = ""
        runner.save_problem = ""
        rec = saved.session
        if rec is None:
            runner._session = None
            if not runner.campaign.completed:
                runner._new_session()
            return runner
        setup = MatchSetup.from_json(rec.setup)
        # the window keeps the log: a resumed session shows its history, not a blank page
        engine = checked_replay(
            saved.model,
            rec.digest or None,
            lambda: replay_scenario(setup, rec.actions, runner.content, keep_log=runner.keep_log),
        )
        engine.keep_log = runner.keep_log
        runner.engine = engine
        runner._session = _Session(setup=setup, campaign_before=saved.campaign.to_json())
        runner._after_engine_quiet()
        for action in rec.post_actions:
            if runner.driver is None:
                raise SaveError("the save has conclusion actions but the scenario is not over")
            runner.driver.apply(action)
            runner._session.post_actions.append(action)
        runner._after_driver()
        return runner

    def _after_engine_quiet(self) -> None:
        if self.engine.over and self.driver is None:
            self.result = scenario_result(self.engine)
            self.driver = self._conclusion(self.result)

    # ------------------------------------------------------------ helpers for conclusions

    def conclusion_rng(self):
        """The conclusion's own random state, fixed by the session's seed."""
        return seed_state((self._session.setup.seed * 7_919 + 17) & 0x7FFFFFFFFFFF)
