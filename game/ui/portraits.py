"""Illustrated portraits of every hero, enemy and boss, drawn for this project.

One style for all (see docs/art.md): a head-and-shoulders bust on a 100x100 canvas, light from the
upper left, every shape filled with a top-light/bottom-dark gradient of its colour and inked with a
thin dark outline, in front of a radial backdrop in the character's colour with a faint motif;
a signature prop in the lower right. The portrait is written as SVG text from a short recipe
(`PortraitSpec`) and rasterised by pygame-ce's SVG loader at the exact size asked for, then
masked to a round frame with a brass rim. Results are cached per (id, size): a portrait is drawn
once per size, never per frame.

A new hero or enemy gets an entry in assets/art/portraits.json: pick a head, headgear, costume
colours, a prop and a backdrop motif (`CHOICES` lists the parts). Ids without an entry get a
recipe derived from the id (still a portrait, never initials), so new content never crashes.
"""

from __future__ import annotations

import io
import json
import zlib
from dataclasses import MISSING, dataclass, fields
from functools import lru_cache

import pygame

from game.paths import assets_dir
from game.ui import portrait_draw as D
from game.ui import portrait_gear as G

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class PortraitSpec:
    skin: str  # hex colour of face and hands
    costume: str  # main clothing colour
    accent: str  # trim, armour, hat band
    hair: str  # hair / hat colour
    head: str = "human"  # human, elf, beast, bat, drake, bull, skull, wraith, robot, tree, imp
    gear: str = "none"  # headgear or hair style
    prop: str = "none"  # signature prop (lower right)
    backdrop: str = "rays"  # faint motif behind the bust
    eyes: str = "#2B2118"  # eye colour (a bright one glows)
    body: str = "tunic"  # tunic, armour, cape, robe, coat
    beard: str = "none"  # none, beard, moustache, stubble


SPECS_FILE = "art/portraits.json"
# The parts the drawing code knows, per recipe field (game/ui/portrait_draw.py, portrait_gear.py).
CHOICES: dict[str, tuple[str, ...]] = {
    "head": (
        "human",
        "elf",
        "orc",
        "goblin",
        "beast",
        "rat",
        "troll",
        "bull",
        "ghoul",
        "gargoyle",
        "imp",
        "bat",
        "drake",
        "skull",
        "wraith",
        "robot",
        "golem",
        "drone",
        "tree",
    ),
    "gear": (
        "none",
        "bandana",
        "beret",
        "bicorne",
        "bun",
        "cap",
        "captain_hat",
        "conductor_cap",
        "cowboy",
        "crown",
        "flame_hair",
        "frill",
        "goggles",
        "great_helm",
        "halo",
        "headscarf",
        "hood",
        "horned_helm",
        "kabuto",
        "knit_cap",
        "leaf_crown",
        "leather_cap",
        "long_hair",
        "mohawk",
        "monocle",
        "ninja_mask",
        "ponytail",
        "shaved",
        "slick",
        "thorns",
        "top_hat",
        "topknot",
        "tricorn",
        "visor_helm",
        "wild_hair",
        "witch_hat",
    ),
    "prop": (
        "none",
        "axe",
        "baton",
        "baton_white",
        "beads",
        "bomb",
        "bow",
        "branch",
        "candle",
        "claws",
        "clock",
        "club",
        "coins",
        "cutlass",
        "dagger",
        "feather",
        "fireball",
        "flag",
        "goblet",
        "hammer",
        "hook",
        "katana",
        "lantern",
        "ledger",
        "mace",
        "orb",
        "purse",
        "revolver",
        "rifle",
        "scepter",
        "scythe",
        "shield",
        "shuriken",
        "spear",
        "staff",
        "sword",
        "tome",
        "trident",
        "wrench",
    ),
    "backdrop": (
        "rays",
        "bamboo",
        "bars",
        "bats",
        "bricks",
        "cave",
        "crates",
        "crosshair",
        "flames",
        "forest",
        "frames",
        "gears",
        "graves",
        "grid",
        "lotus",
        "map",
        "mist",
        "moon",
        "peaks",
        "rails",
        "runes",
        "smoke",
        "stalls",
        "sun",
        "throne",
        "waves",
        "wings",
    ),
    "body": (
        "tunic",
        "armour",
        "bare",
        "bark",
        "cape",
        "coat",
        "fur",
        "machine",
        "rags",
        "ribs",
        "robe",
        "scales",
        "stone",
        "wings",
    ),
    "beard": ("none", "beard", "moustache", "stubble"),
}


class PortraitError(ValueError):
    """assets/art/portraits.json is broken: the message names the file, the id and the field."""


@lru_cache(maxsize=1)
def specs() -> dict[str, PortraitSpec]:
    """Every recipe in assets/art/portraits.json, checked field by field."""
    path = assets_dir() / SPECS_FILE
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PortraitError(f"{path}: cannot read portrait recipes: {exc}") from exc
    if not isinstance(raw, dict):
        raise PortraitError(f"{path}: expected an object of id -> recipe")
    names = {f.name for f in fields(PortraitSpec)}
    required = {f.name for f in fields(PortraitSpec) if f.default is MISSING}
    out: dict[str, PortraitSpec] = {}
    for cid, entry in raw.items():
        if not isinstance(entry, dict):
            raise PortraitError(f"{path}: {cid}: expected an object")
        for key, value in entry.items():
            if key not in names:
                raise PortraitError(f"{path}: {cid}.{key}: unknown field")
            if not isinstance(value, str):
                raise PortraitError(f"{path}: {cid}.{key}: expected a string")
        missing = sorted(required - set(entry))
        if missing:
            raise PortraitError(f"{path}: {cid}.{missing[0]}: missing")
        for key in ("skin", "costume", "accent", "hair", "eyes"):
            if key in entry:
                try:
                    pygame.Color(entry[key])
                except ValueError as exc:
                    raise PortraitError(f"{path}: {cid}.{key}: not a colour") from exc
        for key, allowed in CHOICES.items():
            if key in entry and entry[key] not in allowed:
                raise PortraitError(
                    f"{path}: {cid}.{key}: {entry[key]!r} is not one of {', '.join(allowed)}"
                )
        out[cid] = PortraitSpec(**entry)
    return out


_HEADS = ("human", "elf", "orc", "goblin")
_GEARS = ("cowboy", "hood", "topknot", "bandana", "cap", "wild_hair", "crown", "knit_cap")
_PROPS = ("sword", "staff", "axe", "dagger", "orb", "spear", "tome", "mace")
_BACKS = ("rays", "smoke", "runes", "peaks", "mist", "bricks")


def spec_for(content_id: str, colour: RGB) -> PortraitSpec:
    """The recipe for `content_id`: its own entry, or one derived from the id."""
    spec = specs().get(content_id)
    if spec is not None:
        return spec
    h = zlib.crc32(content_id.encode())
    skins = (D.S1, D.S2, D.S3, D.S4, D.S5, D.GREEN, D.GREY)
    return PortraitSpec(
        skins[h % len(skins)],
        D.hexc(colour),
        "#C9A66B",
        D.hexc(D.mix(colour, (20, 16, 12), 0.5)),
        head=_HEADS[(h >> 3) % len(_HEADS)],
        gear=_GEARS[(h >> 6) % len(_GEARS)],
        prop=_PROPS[(h >> 9) % len(_PROPS)],
        backdrop=_BACKS[(h >> 12) % len(_BACKS)],
        body=("tunic", "coat", "robe", "armour")[(h >> 15) % 4],
    )


# ------------------------------------------------------------------ assembly


def portrait_svg(content_id: str, colour: RGB) -> str:
    """The SVG text of `content_id`'s portrait (backdrop in `colour`)."""
    sp = spec_for(content_id, colour)
    svg = D.Svg()
    D.backdrop(svg, colour, sp.backdrop)
    D.body(svg, sp)
    D.head(svg, sp)
    G.gear(svg, sp)
    G.prop(svg, sp)
    return svg.text()


@lru_cache(maxsize=32)
def _round_mask(size: int) -> pygame.Surface:
    k = 4
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    pygame.draw.circle(big, (255, 255, 255, 255), (size * k / 2, size * k / 2), size * k / 2 - k)
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=32)
def _rim(size: int, brass: RGB, brass_dark: RGB) -> pygame.Surface:
    k = 3
    big = size * k
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    width = max(k * 2, int(big * 0.055))
    pygame.draw.circle(surf, brass_dark, (c, c), c - 1, width)
    pygame.draw.circle(surf, brass, (c, c), c - 1 - width * 0.25, int(width * 0.55))
    pygame.draw.circle(surf, (255, 240, 200), (c, c), c - width * 0.45, max(1, k // 2))
    return pygame.transform.smoothscale(surf, (size, size))


@lru_cache(maxsize=512)
def portrait(
    content_id: str, size: int, colour: RGB, brass: RGB, brass_dark: RGB
) -> pygame.Surface:
    """`content_id`'s portrait, `size` pixels square, in a round brass-rimmed frame. Cached."""
    size = max(12, size)
    data = portrait_svg(content_id, colour).encode("utf-8")
    image = pygame.image.load_sized_svg(io.BytesIO(data), (size, size))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.blit(image, (0, 0))
    surf.blit(_round_mask(size), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(_rim(size, brass, brass_dark), (0, 0))
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def clear_cache() -> None:
    for fn in (portrait, _round_mask, _rim, specs):
        fn.cache_clear()
