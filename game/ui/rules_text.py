"""Everything the Rules Reference can show: glossary terms, status effects, cards, heroes and
their abilities - as (title, category, text) entries, all in our own words."""

from __future__ import annotations

import json
from dataclasses import dataclass

from game.content.bounded import BoundsError, loads_json
from game.content.defs import ContentDB
from game.content.loader import ContentError
from game.paths import content_dir
from game.rules.dice import describe_requirement


@dataclass(frozen=True, slots=True)
class Entry:
    title: str
    category: str
    text: str

    def matches(self, query: str) -> bool:
        words = query.lower().split()
        hay = f"{self.title} {self.category} {self.text}".lower()
        return all(word in hay for word in words)


def glossary() -> list[Entry]:
    """The rules glossary (content/glossary.json), parsed within bounds like every content
    file; a broken file is a ContentError naming the file and the entry."""
    try:
        raw = loads_json((content_dir() / "glossary.json").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ContentError("glossary.json", "", f"cannot be read ({exc})") from exc
    except BoundsError as exc:
        raise ContentError("glossary.json", exc.field, exc.message) from exc
    if not isinstance(raw, list):
        raise ContentError("glossary.json", "", "expected a list of {term, text} entries")
    out = []
    for i, item in enumerate(raw):
        if not (
            isinstance(item, dict) and all(isinstance(item.get(k), str) for k in ("term", "text"))
        ):
            raise ContentError(
                "glossary.json", f"[{i}]", "expected an object with text `term` and `text`"
            )
        out.append(Entry(item["term"], "Rules", item["text"]))
    return out


KIND = {"positive": "Positive", "negative": "Negative", "unique": "Unique"}
CARD_TYPE = {
    "main": "Main Phase Action (blue)",
    "roll": "Roll Phase Action (orange)",
    "instant": "Instant Action (red)",
    "upgrade": "Hero Upgrade",
}


def entries(content: ContentDB) -> list[Entry]:
    out = glossary()
    for status in sorted(content.statuses.values(), key=lambda s: s.name):
        if status.kind == "companion":  # Spirits, Bots: companions, not status effects
            bits = [f"Companion (not a status effect), at most {status.stack_limit}."]
        else:
            bits = [f"{KIND[status.kind]} status effect, stack limit {status.stack_limit}."]
        if status.persistent:
            bits.append("Persistent.")
        if status.attack_modifier:
            bits.append("Attack Modifier.")
        out.append(Entry(status.name, "Status effect", " ".join(bits) + " " + status.text))
    for card in sorted(content.cards.values(), key=lambda c: c.name):
        owner = content.heroes[card.hero].name if card.hero else "every hero"
        text = f"{CARD_TYPE[card.type]}, {card.cost} CP, in the deck of {owner}. {card.text}"
        out.append(Entry(card.name, "Card", text))
    for hero in sorted(content.heroes.values(), key=lambda h: h.name):
        dice = ", ".join(f"{i + 1} {hero.symbols[f.symbol]}" for i, f in enumerate(hero.dice))
        out.append(
            Entry(
                hero.name,
                "Hero",
                f"Complexity {hero.complexity}. Weapon: {hero.weapon}. {hero.bio} Dice: {dice}.",
            )
        )
        for slot in hero.slots:
            for level, abilities in sorted(slot.levels.items()):
                for ability in abilities:
                    if ability.rows:
                        req = " / ".join(
                            describe_requirement(r.requirement, hero) for r in ability.rows
                        )
                        text = f"{hero.name}, {slot.kind} ability (level {level}), needs {req}. "
                    elif ability.kind == "defensive":
                        text = (
                            f"{hero.name}, defensive ability (level {level}), rolls "
                            f"{ability.defense_dice} dice. "
                        )
                    else:
                        text = f"{hero.name}, passive ability (level {level}). "
                    out.append(Entry(ability.name, "Ability", text + ability.text))
    return out
