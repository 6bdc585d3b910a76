"""Whole campaigns headless: sessions in order, conclusions, autosaves, kill and resume."""

from __future__ import annotations

import json

from game.adventures.ai import AdventureAI
from game.adventures.campaign import new_campaign
from game.adventures.content import default_adventures
from game.adventures.runner import CampaignRunner
from game.adventures.save import load_campaign, slot_path
from game.adventures.sim import play_campaign
from game.cli import run as cli


def _campaign(heroes=("barbarian", "monk"), difficulty="normal", seed=5):
    adv = default_adventures()
    loot = {r: list(ids) for r, ids in adv.loot_cards.items()}
    team = [(h, f"P{i}", "simple") for i, h in enumerate(heroes)]
    return new_campaign(difficulty, "Tests", team, seed, loot_decks=loot)


def _play(runner, until, limit=20_000):
    ctl = [AdventureAI("simple", 40 + i) for i in range(len(runner.campaign.heroes))]
    for _ in range(limit):
        if runner.finished or until(runner):
            return
        choice = runner.pending
        runner.apply(ctl[choice.player].decide(runner.target, choice))
    raise AssertionError("never got there")


def test_a_few_seeded_campaigns_play_headless_with_no_errors():
    for heroes, difficulty, seed in (
        (["pyromancer"], "easy", 1),
        (["ninja", "paladin"], "hard", 2),
    ):
        out = play_campaign(heroes, difficulty, seed, "simple")
        assert out["errors"] == 0, out["failures"]
        assert out["scenarios"] and out["scenarios"][0]["number"] == 1
        assert {"number", "kind", "result", "session_score"} <= set(out["scenarios"][0])
        numbers = [s["number"] for s in out["scenarios"]]
        assert numbers == sorted(numbers)  # a loss replays, a win advances (rule 3)
        assert out["campaign_score"] == sum(s["session_score"] for s in out["scenarios"])
        if out["completed"]:
            assert out["scenarios"][-1]["number"] == 8 and out["scenarios"][-1]["result"] == "won"
        kinds = {s["number"]: s["kind"] for s in out["scenarios"]}
        assert all(kinds[n] == ("crawl" if n % 2 else "boss") for n in kinds)


def test_the_same_seed_plays_the_same_campaign():
    a = play_campaign(["barbarian"], "normal", 9, "simple")
    b = play_campaign(["barbarian"], "normal", 9, "simple")
    assert a["digest"] == b["digest"] and a["scenarios"] == b["scenarios"]


def test_the_sim_command_prints_the_campaign_json(capsys):
    code = cli(
        [
            "sim",
            "--mode",
            "adventure",
            "--heroes",
            "moon_elf",
            "--difficulty",
            "easy",
            "--seed",
            "4",
            "--json",
        ]
    )
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0 and out["errors"] == 0
    assert set(out) >= {"scenarios", "campaign_score", "completed", "errors"}
    code = cli(["sim", "--mode", "adventure", "--heroes", "nobody", "--json"])
    assert code == 2


def test_autosave_mid_crawl_then_kill_and_resume_replays_to_the_same_position():
    runner = CampaignRunner(_campaign(), slot=1)

    def mid_crawl(r):
        return r.engine is not None and not r.engine.over and r._turns_seen >= 6

    _play(runner, mid_crawl)
    digest = runner.engine.digest()
    saved, messages = load_campaign(1)
    assert messages == [] and saved.session is not None
    assert saved.session.digest == digest  # saved at this very turn
    runner.close()  # the program is killed here
    again, messages = CampaignRunner.resume(1)
    assert messages == [] and again is not None
    assert again.engine.digest() == digest
    assert again.campaign.to_json() == runner.campaign.to_json()
    _play(again, lambda r: r.campaign.scenario >= 2)  # and it plays on
    assert again.campaign.rows and again.campaign.rows[0].scenario == 1
    again.close()


def test_a_kill_in_rosellas_shop_resumes_in_the_shop_with_its_decisions_replayed():
    runner = CampaignRunner(_campaign(seed=6), slot=2)
    _play(runner, lambda r: r.driver is not None and len(r._session.post_actions) >= 1)
    choice = runner.pending
    assert choice.kind == "adventure_shop"
    runner.close()
    again, messages = CampaignRunner.resume(2)
    assert messages == []
    resumed = again.pending
    assert (resumed.player, resumed.prompt, [o.label for o in resumed.options]) == (
        choice.player,
        choice.prompt,
        [o.label for o in choice.options],
    )
    again.close()


def test_a_slot_whose_replay_fails_is_copied_aside_and_reported():
    runner = CampaignRunner(_campaign(seed=7), slot=3)
    _play(runner, lambda r: r._turns_seen >= 3)
    runner.close()
    path = slot_path(3)
    data = json.loads(path.read_text())
    data["session"]["actions"].append({"player": 0, "kind": "teleport"})
    path.write_text(json.dumps(data))
    again, messages = CampaignRunner.resume(3)
    assert again is None
    assert any("could not be replayed" in m and "a copy is kept as" in m for m in messages)
    assert list(path.parent.glob("slot-3.json.damaged-*"))
    assert path.exists()  # copied, never moved or deleted


def test_rules_81_84_loot_grown_decks_carry_over_and_never_pass_50_cards():
    campaign = _campaign(heroes=("barbarian",), seed=8)
    hero = campaign.heroes[0]
    common = campaign.loot_decks["common"]
    extra = [c for c in common if c not in hero.deck][:17]  # 33 + 17 = a full deck of 50
    for card in extra:
        common.remove(card)
    hero.deck.extend(extra)
    start = list(hero.deck)
    runner = CampaignRunner(campaign)
    _play(runner, lambda r: r.campaign.sessions >= 1)
    deck = runner.campaign.heroes[0].deck
    assert len(deck) <= 50  # rule 84
    assert runner.engine.setup.seats[0].deck == tuple(deck)  # the next session plays this deck
    cards = runner.content.cards
    replaced = {cards[d].loot.replaces for d in deck if cards[d].loot is not None}
    left = set(start) - set(deck)
    assert left <= set(extra) | replaced  # loot cards, or cards a Swap replaced (rule 83)
    runner.close()


def test_rule_3_a_difficulty_with_a_loss_limit_ends_the_campaign_there():
    from game.adventures.scoring import loss_row

    limit = default_adventures().difficulties["heroic"].max_losses
    assert limit > 0
    campaign = _campaign(heroes=("barbarian",), difficulty="heroic", seed=12)
    campaign.rows = [loss_row(1, "crawl", "s1_a") for _ in range(limit)]
    runner = CampaignRunner(campaign, slot=5)
    assert runner.finished and not runner.campaign.completed
    assert "lost sessions" in runner.stopped and runner.pending is None
    saved, _ = load_campaign(5)
    assert saved.session is None and len(saved.campaign.rows) == limit


def test_rule_3_loss_limits_easy_and_normal_replay_until_won_hard_and_heroic_end_at_the_second():
    from game.adventures.scoring import loss_row

    for difficulty, ends in (("easy", False), ("normal", False), ("hard", True), ("heroic", True)):
        for losses in (1, 2):
            campaign = _campaign(heroes=("barbarian",), difficulty=difficulty, seed=12)
            campaign.rows = [loss_row(1, "crawl", "s1_a") for _ in range(losses)]
            runner = CampaignRunner(campaign)
            # one lost scenario is always replayed; the second ends a Hard or Heroic campaign
            assert runner.finished == (ends and losses == 2), (difficulty, losses)
            if not runner.finished:
                assert runner.pending is not None and runner.campaign.scenario == 1
            runner.close()


def test_rules_60_93_102_a_crawl_leads_to_the_shop_and_a_boss_battle_to_boss_loot():
    from game.adventures.loot import BossLoot
    from game.adventures.shop import Shop

    runner = CampaignRunner(_campaign(seed=13))
    seen = []

    def watch(r):
        stage = (
            r.engine.setup.mode if r.driver is None else type(r.driver).__name__,
            r.campaign.scenario,
        )
        if not seen or seen[-1] != stage:
            seen.append(stage)
        return r.campaign.sessions >= 2

    _play(runner, watch)
    assert seen[0] == ("adventure_crawl", 1)
    assert seen[1] == (Shop.__name__, 1)  # never straight from the Boss Portal into a Boss Battle
    after = seen[2]
    assert after[0] in ("adventure_boss", "adventure_crawl")
    if after == ("adventure_boss", 2):
        assert seen[3] == (BossLoot.__name__, 2)  # boss loot, win or lose
    runner.close()
