"""When a response window is shown to a human, or passed for them (the "Response prompts" setting).

No pygame here: the prompt benchmark (bench/prompts.py) counts prompts with the same rules the
window uses.

* `never`: every window with a legal option is shown (the old behaviour, "Always ask me").
* `when_it_matters` (the default): shown only when the player holds an option that can change
  what this window is about - no judgement of whether playing it would be wise:
  - a token they could spend now or a free re-roll (the engine offers these only where useful);
  - in a window about dice (an ability announced, dice rolled, a card played): a card that
    changes dice or roll attempts;
  - in the windows before the defense roll and before damage: a card that changes damage,
    statuses, Health or dice, when the attack involves them (attacker, defender or a teammate);
  - after damage: a card that heals or steals Health, when the attack involved them.
  Cards that only draw or gain CP can wait for the player's own turn: holding "Double Up!" does
  not stop every attack any more.
* `when_not_targeted`: shown on the player's own turn or when damage is heading their way.
* `always`: every window is passed ("Never ask").
"""

from __future__ import annotations

POLICIES = ("never", "when_it_matters", "when_not_targeted", "always")
DICE_VERBS = {"alter_dice", "extra_roll_attempts", "roll", "if"}
ATTACK_VERBS = DICE_VERBS | {
    "add_damage",
    "prevent_damage",
    "make_undefendable",
    "gain_status",
    "inflict_status",
    "remove_status",
    "heal",
    "heal_companion",
    "steal_health",
}
WINDOW_VERBS = {
    "before_defense": ATTACK_VERBS,
    "before_damage": ATTACK_VERBS,
    "after_damage": {"heal", "heal_companion", "steal_health", "if"},
}
ATTACK_WINDOWS = tuple(WINDOW_VERBS)


def involved(view, seat: int) -> bool:
    """True when the current attack concerns `seat` (or its team)."""
    combat = view.combat
    mates = {seat}
    for members in view.teams.values():
        if seat in members:
            mates.update(members)
    if any(combat.incoming.get(s, 0) for s in mates):
        return True
    return combat.attacker in mates or combat.defender in mates or view.active in mates


def card_verbs(content, cid: str) -> set[str]:
    cdef = content.cards.get(cid)
    return {fx.verb for fx in cdef.effects} if cdef is not None else set()


def option_matters(option, choice, view, content, card_id) -> bool:
    action = option.action
    if action.kind in ("spend", "reroll"):
        return True
    if action.kind != "play":
        return action.kind != "pass"
    verbs = card_verbs(content, card_id(action.get("card")))
    if choice.window in WINDOW_VERBS:
        return bool(verbs & WINDOW_VERBS[choice.window]) and involved(view, choice.player)
    return bool(verbs & DICE_VERBS)


def should_ask(policy: str, choice, view, content, card_id) -> bool:
    """Show this response window (kind "respond") to the human in `choice.player`'s seat?"""
    if choice.kind != "respond":
        return True
    if policy == "always":
        return False
    if policy == "when_not_targeted":
        seat = choice.player
        return view.combat.incoming.get(seat, 0) > 0 or view.active == seat
    if policy == "when_it_matters":
        return any(option_matters(o, choice, view, content, card_id) for o in choice.options)
    return True
