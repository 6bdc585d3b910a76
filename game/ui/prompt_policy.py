"""When a response window is shown to a human, or passed for them (the "Response prompts" setting).

No pygame here: the prompt benchmark (bench/prompts.py) counts prompts with the same rules the
window uses.

* `never`: every window with a legal option is shown (the old behaviour, "Always ask me").
* `when_it_matters` (the default): shown only when the player holds an option that can change
  what this window is about - no judgement of whether playing it would be wise:
  - a free re-roll, or a token they could spend now for this moment's sake (a token whose only
    open use is "at any time", such as healing Nyra with Nyra's Bond, waits for their turn);
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


def option_matters(option, choice, view, content, card_id, spend_windows=None) -> bool:
    action = option.action
    if action.kind == "reroll":
        return True
    if action.kind == "spend":
        if spend_windows is None:
            return True
        return any(w != "any_time" for w in spend_windows(choice, action.get("status")))
    if action.kind != "play":
        return action.kind != "pass"
    verbs = card_verbs(content, card_id(action.get("card")))
    if choice.window in WINDOW_VERBS:
        return bool(verbs & WINDOW_VERBS[choice.window]) and involved(view, choice.player)
    return bool(verbs & DICE_VERBS)


def should_ask(policy: str, choice, view, content, card_id, spend_windows=None) -> bool:
    """Show this response window (kind "respond") to the human in `choice.player`'s seat?

    `spend_windows(choice, status)` names the token's spend windows open now (a seat view's
    `spend_windows`, game/online/table.py, or engine_spend_windows below); without it every
    spendable token counts."""
    if choice.kind != "respond":
        return True
    if policy == "always":
        return False
    if policy == "when_not_targeted":
        seat = choice.player
        return view.combat.incoming.get(seat, 0) > 0 or view.active == seat
    if policy == "when_it_matters":
        return any(
            option_matters(o, choice, view, content, card_id, spend_windows) for o in choice.options
        )
    return True


def engine_spend_windows(engine):
    """`spend_windows` for a duel engine: the rules' own list of open spend windows."""
    from game.rules.options import Situation, open_spend_windows

    def windows(choice, status):
        with engine.world.active():
            player = engine.player(choice.player)
            sit = Situation(choice.window, list(choice.context.get("dice") or []))
            return open_spend_windows(engine, player, status, sit)

    return windows


WAITING_VERBS = {"draw", "gain_cp"}  # cards that lose nothing by waiting for a battle
HEALING_VERBS = {"heal", "heal_companion"}


def ask_outside_battle(policy: str, choice, content, card_id, hurt: bool) -> bool:
    """Adventures, a crawl turn's start ("play an Instant or spend a status, or go on"): show it?
    Under "when it matters" only when a status could be spent, a card does more than draw or gain
    CP, or a healing card would heal a hero who is `hurt`; "never ask" always goes on."""
    if policy == "always":
        return False
    if policy != "when_it_matters":
        return True
    for option in choice.options:
        action = option.action
        if action.kind == "spend":
            return True
        if action.kind != "play":
            continue
        verbs = card_verbs(content, card_id(action.get("card")))
        if verbs - WAITING_VERBS - HEALING_VERBS or (hurt and verbs & HEALING_VERBS):
            return True
    return False


def ask_salves(policy: str, choice, below_start: bool) -> bool:
    """Adventures, a turn's Salve question: show it? A Salve may heal up to 10 above the
    starting Health (rule 99), so it is offered every turn until then; under "when it matters"
    the question waits until the hero is below their starting Health (or a fallen teammate
    could be revived). "Always ask" always shows it; "never ask" keeps the Salves."""
    if policy == "never":
        return True
    revive = any(
        o.action.kind == "salve" and o.action.get("target") != choice.player for o in choice.options
    )
    if policy == "always":
        return False
    return revive or below_start
