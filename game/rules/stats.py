"""The numbers of a finished (or running) match, read from its event log.

Definitions (docs/ui.md, "The end screen"):
- Damage dealt: every point of damage a seat's abilities, cards and tokens landed on another
  hero or on a companion in their place. A status token hurting its holder (Poison, Burn,
  Bleed, Barbed Vine) counts for whoever placed it; damage sent back counts for the hero
  who sent it back. When damage from several dealers lands together and part of it is
  prevented, halved or reduced, what lands is shared in proportion to what each sent.
- Damage taken: what landed on the seat's own hero (its Health dial), split into from other
  heroes, self-inflicted and from no player; damage a companion took in the hero's place is
  "Companions took", never part of Damage taken.
So for every seat X: the others' Damage dealt to X == X's "from other heroes" + "Companions took".
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class SeatStats:
    dealt: dict[str, int] = field(default_factory=dict)  # what dealt it -> damage landed
    dealt_to: dict[int, int] = field(default_factory=dict)  # target seat -> damage landed
    taken: int = 0
    from_others: int = 0
    self_inflicted: int = 0
    from_no_one: int = 0
    companions_took: int = 0
    healed: int = 0
    cards: int = 0
    tokens: int = 0
    cp: int = 0

    @property
    def dealt_total(self) -> int:
        return sum(self.dealt.values())

    def numbers(self) -> dict[str, int]:
        return {
            "Damage taken": self.taken,
            "from other heroes": self.from_others,
            "self-inflicted": self.self_inflicted,
            "from no player": self.from_no_one,
            "Companions took": self.companions_took,
            "Health healed": self.healed,
            "Cards played": self.cards,
            "Tokens spent": self.tokens,
            "CP gained": self.cp,
        }


def match_stats(log) -> dict[int, SeatStats]:
    """Per seat, from a match's events (every seat that played appears)."""
    out: dict[int, SeatStats] = {}

    def seat(n: int) -> SeatStats:
        return out.setdefault(n, SeatStats())

    for event in log:
        data = event.data
        kind = event.kind
        if kind == "damage_resolved":
            target = data["target"]
            mine = seat(target)
            mine.taken += data["amount"]
            for onto_hero, parts in (
                (True, data.get("by", [])),
                (False, [p[1:] for p in data.get("absorbed", [])]),
            ):
                for who, what, amount in parts:
                    if not onto_hero:
                        mine.companions_took += amount
                    elif who is None:
                        mine.from_no_one += amount
                    elif who == target:
                        mine.self_inflicted += amount
                    else:
                        mine.from_others += amount
                    if who is not None and who != target:
                        dealer = seat(who)
                        dealer.dealt[what] = dealer.dealt.get(what, 0) + amount
                        dealer.dealt_to[target] = dealer.dealt_to.get(target, 0) + amount
        elif kind == "healed":
            seat(data["player"]).healed += data.get("amount", 0)
        elif kind == "card_played":
            seat(data["player"]).cards += 1
        elif kind == "status_spent":
            seat(data["player"]).tokens += 1
        elif kind == "cp_changed" and data.get("delta", 0) > 0:
            seat(data["player"]).cp += data["delta"]
    return out
