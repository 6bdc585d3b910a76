"""What a crawl hands out: the Loot die (rule 78), a tile's effects, Gold, chests and the
unidentified Loot cards they give (split from game/adventures/crawl.py)."""

from __future__ import annotations

from game.adventures.crawl_state import adventurer, living_heroes, sc_over, scenario
from game.rules import ops
from game.rules.effects import adventure_verbs
from game.rules.rng import below

# Rule 78: only effects naming the Loot die may change it. Ours are two Loot cards (Lucky Coin,
# Second Look) that give a token; the next Loot die their holder rolls uses it up.
SECOND_LOOK = "second_look"  # roll the Loot die again and keep the higher result
LUCKY_COIN = "lucky_coin"  # add LUCKY_COIN_BONUS to the Loot die (20 at most)
LUCKY_COIN_BONUS = 3


def roll_loot_die(eng, player: int, why: str) -> int:
    """The Loot die (rule 78): a d20 that nothing alters except the Loot-die tokens above
    (cards that alter "any die" work on Chaos and hero dice only: the Loot die is never one of
    the table's dice groups)."""
    from game.adventures.loot import roll_loot_die as d20

    value = d20(eng.rng)
    eng.emit(
        "loot_die",
        f"{eng.name(player)} rolls the Loot die ({why}): {value}.",
        player=eng.seat(player),
        value=value,
        why=why,
    )
    if ops.status_count(eng, player, SECOND_LOOK) > 0:
        ops.remove_status(eng, player, SECOND_LOOK, 1, quiet=True)
        again = d20(eng.rng)
        kept = max(value, again)
        eng.emit(
            "loot_die_changed",
            f"{eng.name(player)} uses Second Look: the Loot die again shows {again}; "
            f"{kept} is kept.",
            player=eng.seat(player),
            status=SECOND_LOOK,
            before=value,
            again=again,
            value=kept,
        )
        value = kept
    if ops.status_count(eng, player, LUCKY_COIN) > 0 and value < 20:
        ops.remove_status(eng, player, LUCKY_COIN, 1, quiet=True)
        raised = min(20, value + LUCKY_COIN_BONUS)
        eng.emit(
            "loot_die_changed",
            f"{eng.name(player)} flips a Lucky Coin: the Loot die goes from {value} to {raised}.",
            player=eng.seat(player),
            status=LUCKY_COIN,
            before=value,
            value=raised,
        )
        value = raised
    return value


# ---------------------------------------------------------------- frames


TILE_VERBS = (
    "heal",
    "lose_health",
    "gain_cp",
    "lose_cp",
    "pay_cp",
    "draw",
    "discard",
    "gain_status",
    "gain_bonus_damage",
    "salve",
    "loot_chest",
    "gold",
    "pay_gold",
    "lose_gold",
    "gamble",
)


def run_tile_effect(eng, player: int, fx: dict, why: str) -> None:
    """One tile effect verb (ADV-CONTENT's list); `who: "team"` applies it to every standing
    hero, otherwise to the explorer only (rule 32c)."""
    verb = fx["do"]
    if verb not in TILE_VERBS:
        raise ValueError(f"unknown tile effect '{verb}'")
    if fx.get("who") == "team" and verb not in ("gold", "pay_gold", "lose_gold"):
        for mate in living_heroes(eng):
            run_tile_effect(eng, mate, {k: v for k, v in fx.items() if k != "who"}, why)
        return
    amount = int(fx.get("amount", fx.get("count", 1)))
    if verb == "heal":
        ops.heal_now(eng, player, amount, why)
    elif verb == "lose_health":
        ops.change_health(eng, player, -amount, why)
        ops.settle_defeats(eng)
    elif verb == "gain_cp":
        ops.gain_cp(eng, player, amount, why)
    elif verb in ("lose_cp", "pay_cp"):
        ops.lose_cp(eng, player, min(amount, eng.cp(player)), why)
    elif verb == "draw":
        ops.draw(eng, player, amount, why)
    elif verb == "discard":
        hand = eng.piles(player).hand
        for _ in range(min(amount, len(hand))):  # our design: discarded at random
            ops.discard_from_hand(eng, player, hand[below(eng.rng, len(hand))], why)
    elif verb == "gain_status":
        ops.give_status(eng, player, str(fx["status"]), amount, None)
    elif verb == "gain_bonus_damage":
        give_bonus_damage(eng, player, int(fx["value"]), why)
    elif verb == "salve":
        grant(eng, player, {"kind": "salve", "amount": amount}, why)
    elif verb == "loot_chest":
        grant_chest(eng, player, str(fx.get("rarity", "common")), why)
    elif verb == "gold":
        change_gold(eng, amount, why)
    elif verb in ("pay_gold", "lose_gold"):
        change_gold(eng, -amount, why)
    elif verb == "gamble":
        value = roll_loot_die(eng, player, why)
        branch = fx.get("effects", []) if value >= int(fx["at_least"]) else fx.get("else", [])
        for inner in branch:
            if not eng.alive(player) or sc_over(eng):
                return
            run_tile_effect(eng, player, inner, why)


def change_gold(eng, delta: int, why: str) -> None:
    sc = scenario(eng)
    sc.gold = max(0, sc.gold + delta)
    eng.emit(
        "gold_changed",
        f"The team Gold dial {'rises' if delta >= 0 else 'drops'} by {abs(delta)} ({why}): "
        f"{sc.gold}.",
        delta=delta,
        gold=sc.gold,
    )


def grant(eng, player: int, gain: dict, why: str) -> None:
    """One reward or tile gain for `player` (kinds of game.content.defs.REWARD_KINDS)."""
    kind, amount = gain["kind"], int(gain.get("amount", 1))
    if kind == "cp":
        ops.gain_cp(eng, player, amount, why)
    elif kind == "gold":
        change_gold(eng, amount, why)
    elif kind == "salve":
        adventurer(player).salves += amount
        eng.emit(
            "salve_found", f"{eng.name(player)} gains {amount} Salve(s).", player=eng.seat(player)
        )
    elif kind == "health":
        if amount >= 0:
            ops.heal_now(eng, player, amount, why)
        else:
            ops.change_health(eng, player, amount, why)
            ops.settle_defeats(eng)
    elif kind == "cards":
        ops.draw(eng, player, amount, why)
    elif kind == "bonus_damage":
        give_bonus_damage(eng, player, amount, why)
    elif kind == "loot_chest":
        grant_chest(eng, player, gain.get("rarity") or "common", why)
    elif kind == "unidentified":
        for _ in range(amount):
            draw_unidentified(eng, player, gain.get("rarity") or "common")
    elif kind == "nothing":
        eng.emit("note", f"{eng.name(player)} finds nothing ({why}).", player=eng.seat(player))
    else:
        raise ValueError(f"unknown reward kind '{kind}'")


def give_bonus_damage(eng, player: int, value: int, why: str) -> None:
    """Rule 100 and the Loot Table's "take 1 corresponding token": one Bonus Damage token
    showing +value (at the stack limit its owner swaps or throws away, asked in a frame)."""
    eng.push(adventure_verbs.bonus_frame(eng, player, value, why))


def grant_chest(eng, player: int, rarity: str, why: str) -> None:
    """Rule 79: roll the Loot die, read the chest's row of the Loot Table, take the result
    (an Unidentified Loot card is tucked under the board at once, rule 80)."""
    from game.adventures import loot
    from game.adventures.content import default_adventures

    value = roll_loot_die(eng, player, f"{rarity} Loot Chest")
    sc = scenario(eng)
    adv = adventurer(player)
    result = loot.open_chest(
        default_adventures(), rarity, eng.rng, sc.loot_decks, adv.unidentified, roll=value
    )
    reward = result.reward
    if reward.kind == "unidentified":
        _announce_unidentified(eng, player, result.unidentified)
        return
    gain = {"kind": reward.kind, "amount": reward.amount, "rarity": reward.rarity}
    grant(eng, player, gain, f"{why}, Loot die {value}")


def draw_unidentified(eng, player: int, rarity: str) -> None:
    """Rule 80: the top card of that rarity's Loot deck, unseen, tucked under the hero's board
    (rule 85: an empty deck draws from the next higher rarity)."""
    from game.adventures import loot

    entry = loot.tuck_unidentified(
        adventurer(player).unidentified, scenario(eng).loot_decks, rarity
    )
    _announce_unidentified(eng, player, entry)


def _announce_unidentified(eng, player: int, entry: str | None) -> None:
    if entry is None:
        eng.emit("note", "Every Loot deck from that rarity up is empty: nothing is found.")
        return
    rarity = entry.split(":", 1)[0]
    eng.emit(
        "loot_unidentified",
        f"{eng.name(player)} tucks an unidentified {rarity} Loot card under their board.",
        player=eng.seat(player),
        rarity=rarity,
    )
