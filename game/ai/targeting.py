"""Choosing a target in team and free-for-all games, shared by every computer level.

A `choose_target` question is asked of the attacker (King of the Hill, or a targeting roll of
"you choose") or, after "the opponents choose", of the attacked team. The attacker's side wants
the target worth most to hit; the attacked side hands over the teammate worth least to hit.
Levels that can value an Attack pass `worth(attacker_seat, target_seat) -> points`; the others
use rules of thumb (finish a weak opponent, else take the King of the Hill Leader's card, else
the lowest Health, fewest helpful tokens).
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules import variants
from game.rules.actions import Action, PendingChoice
from game.rules.view import MatchView, PlayerView

FINISH_AT = 8  # Health at which an opponent counts as one good Attack from falling
LEADER_CARD = 2.0  # points for King of the Hill's bonus card


def helpful_tokens(engine, p: PlayerView) -> int:
    statuses = engine.content.statuses
    return sum(n for s, n in p.statuses.items() if s in statuses and statuses[s].kind == "positive")


def thumb_worth(engine, view: MatchView, attacker: int, target: int) -> float:
    """Rule-of-thumb worth of attacking `target`: low Health and few helpful tokens are good,
    a weak opponent is worth finishing, a Leader earns a card."""
    p = view.players[target]
    worth = -0.1 * p.health - 0.5 * helpful_tokens(engine, p)
    if p.health <= FINISH_AT:
        worth += 5.0
    if view.mode == "koth" and target in view.leaders and target != attacker:
        worth += LEADER_CARD
    return worth


def pick_target(
    engine,
    view: MatchView,
    choice: PendingChoice,
    worth: Callable[[int, int], float] | None = None,
) -> Action:
    attacker = view.combat.attacker
    chooser = choice.player
    if attacker is None:
        attacker = chooser
    if worth is None:

        def worth(a: int, t: int) -> float:
            return thumb_worth(engine, view, a, t)

    attacking = view.players[chooser].team == view.players[attacker].team
    sign = 1.0 if attacking else -1.0
    return max(
        choice.options,
        key=lambda o: (sign * worth(attacker, o.action.get("option")), -o.action.get("option")),
    ).action


def clockwise_opponents(view: MatchView, attacker: int) -> list[int]:
    team = view.players[attacker].team
    seats = [p.seat for p in view.players if p.team != team and not p.defeated]
    return variants.clockwise_from(attacker, seats, len(view.players))


def targeting_die_worth(
    view: MatchView, attacker: int, value: int, worth: Callable[[int, int], float]
) -> float:
    """What a targeting die showing `value` is worth to the attacker's side: the fixed target's
    worth, the best of a choice the attacker makes, the worst of one the opponents make."""
    ordered = clockwise_opponents(view, attacker)
    if not ordered:
        return 0.0
    result = variants.table_result(view.mode, value, len(ordered))
    picks = variants.candidates(result, ordered)
    values = [worth(attacker, t) for t in picks]
    if result == "opponents_choose":
        return min(values)
    return max(values)
