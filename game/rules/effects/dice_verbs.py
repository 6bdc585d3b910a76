"""Altering dice that are on the table (cards like So Wild!, Samesies!, Helping Hand!)."""

from __future__ import annotations

from itertools import combinations

from game.rules import ops
from game.rules.effects import DONE, WAIT, ask, register


def _die_label(eng, group, index: int) -> str:
    value = group.values[index]
    symbol = eng.content.heroes[group.hero].symbols[eng.content.heroes[group.hero].symbol_of(value)]
    return f"{eng.name(group.owner)}'s die {index + 1} (shows {value}, {symbol})"


def _groups(eng, frame, whose: str):
    me = frame.ctx.me
    out = []
    # "opponent" looks at every opponent die on the table: a token that rolls its own die first
    # (Mesmerize) resolves with only that die in its context.
    gids = list(eng.dice.groups) if whose == "opponent" else frame.ctx.dice
    for gid in gids:
        group = eng.dice.groups.get(gid)
        if group is None or group.locked:
            continue
        if whose == "own" and group.owner != me:
            continue
        if whose == "team" and eng.team(group.owner) != eng.team(me):
            continue  # "you or a chosen teammate": picking a die picks its owner
        if whose == "opponent" and not eng.is_opponent(me, group.owner):
            continue
        out.append(group)
    return out


def _changeable(groups, mode: str) -> list:
    """(group, index) of every die this mode could change: Six-It! skips a die already on 6,
    Samesies! needs a roll with two different numbers in it."""
    dice = [(g, i) for g in groups for i in range(len(g.values))]
    if mode == "set_six":
        return [(g, i) for g, i in dice if g.values[i] != 6]
    if mode == "copy_own":
        return [(g, i) for g, i in dice if len(set(g.values)) > 1]
    return dice


def alter_dice_can_act(eng, frame, fx) -> bool:
    return bool(_changeable(_groups(eng, frame, fx["whose"]), fx["mode"]))


def alter_dice(eng, frame, fx):
    mode = fx["mode"]
    count = fx.get("count", 1)
    me = frame.ctx.me
    how = frame.ctx.source
    groups = _groups(eng, frame, fx["whose"])
    if not groups:
        eng.emit("note", f"{how}: there are no dice it can change.")
        return DONE
    if mode == "reroll":
        choices = []
        for group in groups:
            for size in range(1, min(count, len(group.values)) + 1):
                for subset in combinations(range(len(group.values)), size):
                    label = ", ".join(str(i + 1) for i in subset)
                    noun = "die" if size == 1 else "dice"
                    choices.append(
                        (
                            f"{group.id}:{','.join(map(str, subset))}",
                            f"Re-roll {eng.name(group.owner)}'s {noun} {label}",
                        )
                    )
        picked = ask(eng, frame, "reroll", me, f"{how}: re-roll which dice?", choices)
        if picked is None:
            return WAIT
        gid, indices = picked.split(":")
        group = eng.dice.groups[int(gid)]
        ops.roll_group(eng, group, [int(i) for i in indices.split(",")], why=how)
        return DONE
    done = frame.scratch.setdefault("done", 0)
    while done < count:
        dice = _changeable(groups, mode)
        if not dice:
            break
        choices = [(f"{g.id}:{i}", _die_label(eng, g, i)) for g, i in dice]
        picked = ask(eng, frame, f"die{done}", me, f"{how}: change which die?", choices)
        if picked is None:
            return WAIT
        gid, index_text = picked.split(":")
        group = eng.dice.groups[int(gid)]
        index = int(index_text)
        current = group.values[index]
        if mode == "set_six":
            value = 6
        elif mode == "set_any":
            values = [(v, f"Make it a {v}") for v in range(1, 7) if v != current]
            value = ask(eng, frame, f"value{done}", me, f"{how}: change it to?", values)
        elif mode == "adjust_one":
            values = [(v, f"Make it a {v}") for v in (current - 1, current + 1) if 1 <= v <= 6]
            value = ask(eng, frame, f"value{done}", me, f"{how}: one up or one down?", values)
        else:  # copy_own: match another of the same roll's dice
            values = sorted({v for j, v in enumerate(group.values) if j != index and v != current})
            value = ask(
                eng,
                frame,
                f"value{done}",
                me,
                f"{how}: copy which die's value?",
                [(v, f"Make it a {v}") for v in values],
            )
        if value is None:
            return WAIT
        ops.set_die(eng, group, index, value, me, how)
        done += 1
        frame.scratch["done"] = done
    return DONE


register(
    verbs={
        "alter_dice": alter_dice,
    },
    can_act={
        "alter_dice": alter_dice_can_act,
    },
)
