"""`python -m bench prompts`: response-window prompts a human seat would see per attack, for each
"Response prompts" setting (game/ui/prompt_policy.py), in seeded computer-vs-computer duels.

Seat 0 stands for the human: wherever the setting would show it a window, its computer player
answers as usual (so a shown window can still be used); wherever the setting passes for it, it
passes. Attacks are counted once per announced attacking ability.
"""

from __future__ import annotations

from game.ai import make_ai
from game.content.loader import default_content
from game.modes import variants
from game.modes.duel import duel_setup
from game.rules.engine import Engine
from game.rules.view import match_view
from game.ui.prompt_policy import POLICIES, engine_spend_windows, should_ask

PAIRS = [
    ("gunslinger", "barbarian"),
    ("cursed_pirate", "moon_elf"),
    ("huntress", "paladin"),
    ("pyromancer", "monk"),
]


def run_policy(policy: str, games: int, seed: int, mode: str = "duel", humans=(0,)) -> dict:
    """Prompts seat 0 sees per attack; with several `humans` (hot-seat), also how often the
    screen changes hands (a shown decision for another human than the last one)."""
    content = default_content()
    prompts = attacks = handoffs = 0
    for index in range(games):
        heroes = list(PAIRS[index % len(PAIRS)])
        if mode == "duel":
            setup = duel_setup(heroes, seed + index, turn_limit=0)
        else:
            pool = [*heroes, "barbarian", "paladin", "monk", "moon_elf"]
            setup = variants.setup_for(mode, pool[: variants.SEATS[mode]], seed + index)
        engine = Engine.new_match(setup, content, keep_log=False)
        seats = len(match_view(engine).players)
        ais = [make_ai("normal", seed * 31 + s) for s in range(seats)]

        def card_id(card, engine=engine):
            with engine.world.active():
                return engine.card_id(card)

        seen = set()
        steps = 0
        last_shown = None
        while not engine.over and steps < 20_000:
            steps += 1
            choice = engine.pending
            view = match_view(engine)
            combat = view.combat
            if combat.attack and combat.announced:
                seen.add((view.turn, combat.attacker, combat.announced))
            if choice.player in humans:
                windows = engine_spend_windows(engine)
                if should_ask(policy, choice, view, content, card_id, windows):
                    if choice.kind == "respond" and choice.player == 0:
                        prompts += 1
                    if last_shown is not None and last_shown != choice.player:
                        handoffs += 1
                    last_shown = choice.player
                else:
                    engine.apply(next(o.action for o in choice.options if o.action.kind == "pass"))
                    continue
            engine.apply(ais[choice.player].decide(engine, choice))
        attacks += len(seen)
        engine.close()
    out = {
        "prompts": prompts,
        "attacks": attacks,
        "prompts_per_attack": round(prompts / max(1, attacks), 2),
    }
    if len(humans) > 1:
        out["handoffs"] = handoffs
        out["handoffs_per_attack"] = round(handoffs / max(1, attacks), 2)
    return out


def bench_prompts(games: int, seed: int, mode: str = "duel") -> dict:
    out = {"games": games, "seed": seed, "mode": mode}
    for policy in POLICIES:
        out[policy] = run_policy(policy, games, seed, mode)
    if mode == "duel":  # hot-seat: both seats human, one screen
        for policy in ("never", "when_it_matters"):
            out[f"hotseat_{policy}"] = run_policy(policy, games, seed, mode, humans=(0, 1))
    return out
