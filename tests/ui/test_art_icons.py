"""Every piece of content the window draws has its own drawn icon, not the initials fallback.

Heroes and enemies get a medallion silhouette (assets/icons/heroes or assets/icons/enemies),
every status effect a token icon (assets/icons/tokens). New content added without art fails here.
"""

from __future__ import annotations

import pygame
import pytest

from game.content.loader import default_content
from game.missions.content import default_missions
from game.paths import assets_dir
from game.ui import art
from game.ui import theme as T

CONTENT = default_content()
MISSIONS = default_missions()

ENEMY_IDS = sorted(CONTENT.enemies) + sorted(MISSIONS.henchmen) + sorted(MISSIONS.bosses)
STATUS_IDS = sorted(set(CONTENT.statuses) | set(MISSIONS.statuses))


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    art.clear_cache()
    yield
    art.clear_cache()


def _rasterises(kind: str, name: str) -> None:
    """The file exists, uses the recolourable placeholder and draws visible pixels."""
    path = assets_dir() / "icons" / kind / f"{name}.svg"
    assert path.is_file(), f"no icon {path}"
    assert art.PLACEHOLDER in path.read_text(encoding="utf-8"), f"{path} never uses #FEDCBA"
    image = art._svg(kind, name, 40, T.PARCHMENT)
    assert image is not None and image.get_size() == (40, 40)
    visible = sum(image.get_at((x, y)).a > 128 for x in range(40) for y in range(40))
    assert visible > 80, f"{path} draws almost nothing at 40 px ({visible} pixels)"


@pytest.mark.parametrize("enemy_id", ENEMY_IDS)
def test_every_enemy_and_boss_has_a_silhouette(enemy_id):
    kind = "heroes" if art.has_icon("heroes", enemy_id) else "enemies"
    _rasterises(kind, enemy_id)


@pytest.mark.parametrize("hero_id", sorted(CONTENT.heroes))
def test_every_hero_has_a_silhouette(hero_id):
    _rasterises("heroes", hero_id)


@pytest.mark.parametrize("status_id", STATUS_IDS)
def test_every_status_has_a_token_icon(status_id):
    _rasterises("tokens", status_id)


def test_enemy_emblem_shows_the_silhouette_and_unknown_ids_still_draw():
    # an enemy's medallion carries its drawn silhouette: it differs from the initials fallback
    drawn = art.hero_emblem("goblin_cutpurse", 64)
    icon = art._svg("enemies", "goblin_cutpurse", int(64 * 0.62), T.PARCHMENT)
    fallback = art._initials("goblin_cutpurse", int(64 * 0.62), T.PARCHMENT)
    centre = drawn.subsurface(pygame.Rect(12, 12, 40, 40))
    assert pygame.image.tobytes(icon, "RGBA") != pygame.image.tobytes(fallback, "RGBA")
    assert centre.get_at((20, 20)) != pygame.Color(0, 0, 0, 0)
    # enemies get their own medallion colour, not a hashed one
    assert art.hero_colour("mad_king") == art.ENEMY_EMBLEM["mad_king"]
    # content without art still draws (initials), it never crashes the screen
    assert art.enemy_icon("no_such_enemy", "No Such Enemy", 32).get_size() == (32, 32)
    assert art.hero_emblem("no_such_enemy", 32).get_size() == (32, 32)
