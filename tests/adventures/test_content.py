"""Adventures content (tiles, scenario cards, difficulties, loot tables, price tags, Loot cards)
loads with everything issue 8 asks for; a broken file names the file and the field."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.adventures.content import (
    RARITIES,
    TILE_VERBS,
    boss_numbers,
    crawl_numbers,
    default_adventures,
    load_adventures,
    option_affordable,
    scaled_enemy_health,
)
from game.adventures.maps import crawl_map
from game.content.loader import ContentError, default_content, load_content
from game.paths import content_dir

DATA = content_dir() / "adventures"


@pytest.fixture(scope="module")
def adv():
    return default_adventures()


def test_environment_tiles_cover_every_level_with_the_start_and_the_portal(adv):
    for level in (1, 2, 3, 4):
        tiles = adv.tiles_of_level(level)
        assert len(tiles) >= 8, level
        assert any(t.minion == level for t in tiles)  # Minions of the tile's own level
        assert any(t.minion == 0 for t in tiles)  # and some quiet tiles
        assert any(t.choices for t in tiles) and any(t.mandatory for t in tiles)
    assert adv.start_tile.id == "crimson_sands" and adv.start_tile.minion == 0
    assert adv.portal_tile.id == "boss_portal" and adv.portal_tile.minion == 4  # rule 18
    used = {e["do"] for t in adv.tiles.values() for e in t.mandatory}
    used |= {e["do"] for t in adv.tiles.values() for o in t.choices for e in o.effects}
    assert {
        "heal",
        "lose_health",
        "gain_cp",
        "draw",
        "gain_bonus_damage",
        "salve",
        "loot_chest",
    } <= used
    assert used <= set(TILE_VERBS)


def test_tile_effects_default_to_the_explorer_and_can_name_the_team(adv):
    spring = adv.tiles["healing_spring"]
    assert spring.mandatory == ({"do": "heal", "who": "team", "amount": 3},)
    camp = adv.tiles["abandoned_camp"]
    assert camp.mandatory[0]["who"] == "self"


def test_a_choice_that_costs_is_offered_only_when_it_can_be_paid(adv):
    cart = adv.tiles["peddlers_cart"]
    buy, haggle = cart.choices
    assert not option_affordable(buy, cp=0, gold=4)
    assert option_affordable(buy, cp=0, gold=5)
    assert option_affordable(haggle, cp=0, gold=0)
    forge = adv.tiles["molten_forge"]
    assert not option_affordable(forge.choices[0], cp=1, gold=99)


def test_each_portal_crawl_has_four_cards_with_their_own_map(adv):
    for number in (1, 3, 5, 7):
        ids = adv.cards_for(number)
        assert len(ids) == 4  # rule 13
        maps = {adv.crawl_cards[i].map for i in ids}
        assert len(maps) == 4
        for card_id in ids:
            card = adv.crawl_cards[card_id]
            assert crawl_map(card.map).name == card_id
            assert sorted(card.setup) == [1, 2, 3, 4]
            assert set(card.kings_hand) == set(adv.difficulties)
            assert card.shop and set(card.shop) <= set(RARITIES)


def test_the_worked_example_portal_crawl_card_for_two_heroes(adv):
    normal = adv.difficulties["normal"]
    numbers = crawl_numbers(adv.crawl_cards["s1_a"], 2, normal)
    assert (numbers.health, numbers.gold) == (18, 10)  # rule 16's example
    assert numbers.salve_heal > 0 and numbers.revive_health > 0


def test_the_worked_example_boss_card_for_two_heroes(adv):
    normal = adv.difficulties["normal"]
    card = adv.boss_cards["s2_boss"]
    assert card.boss == "fallen_barbarian"
    numbers = boss_numbers(card, 2, normal)
    assert numbers.team_health == 50
    assert (numbers.boss_health, numbers.upgrade_cp, numbers.starting_cp) == (70, 8, 2)
    assert numbers.kings_hand.start_for(2) == 2  # rule 17: the Fallen Barbarian starts with 2
    assert numbers.boss_loot >= 1


def test_the_four_boss_battles_face_the_four_bosses_in_order(adv):
    bosses = [adv.boss_cards[adv.cards_for(n)[0]].boss for n in (2, 4, 6, 8)]
    assert bosses == ["fallen_barbarian", "fallen_gunslinger", "fallen_monk", "mad_king"]
    enemies = default_content().enemies
    for boss in bosses:
        assert boss in enemies and enemies[boss].kind == "boss"


def test_difficulty_cards_are_ordered_and_change_the_numbers(adv):
    assert list(adv.difficulties)[:3] == ["easy", "normal", "hard"]
    assert len(adv.difficulties) >= 4
    scores = [d.scenario_score for d in adv.difficulties.values()]
    assert scores == sorted(scores) and len(set(scores)) == len(scores)
    card = adv.crawl_cards["s3_b"]
    easy = crawl_numbers(card, 3, adv.difficulties["easy"])
    hard = crawl_numbers(card, 3, adv.difficulties["hard"])
    assert easy.health > hard.health and easy.gold > hard.gold
    assert easy.kings_hand.success != hard.kings_hand.success
    heroic = adv.difficulties["heroic"]
    assert heroic.max_losses > 0 and heroic.loss_salves < 3
    assert (
        scaled_enemy_health(10, heroic) == 13
        and scaled_enemy_health(7, adv.difficulties["normal"]) == 7
    )
    boss = boss_numbers(adv.boss_cards["s8_boss"], 4, heroic)
    assert boss.boss_health > adv.boss_cards["s8_boss"].boss_setup[4].health


def test_kings_hand_rows_are_ranges_that_fit_the_engine(adv):
    for card in [*adv.crawl_cards.values(), *adv.boss_cards.values()]:
        for row in card.kings_hand.values():
            assert list(row.success) == list(range(row.low, row.high + 1))
            assert all(0 <= n <= 5 for n in row.start)


def test_loot_tables_cover_the_loot_die(adv):
    for rarity in RARITIES:
        rows = adv.chest_table[rarity]
        assert rows[0].low == 1 and rows[-1].high == 20
        kinds = {row.reward.kind for row in rows}
        assert {"bonus_damage", "cp", "cards", "health", "gold", "unidentified"} == kinds
    assert [r.rarity for r in adv.boss_loot_table] == list(RARITIES)


def test_loot_decks_and_price_tags(adv):
    cards = default_content().cards
    for rarity in RARITIES:
        ids = adv.loot_cards[rarity]
        assert len(ids) >= 15
        for cid in ids:
            assert cards[cid].loot.rarity == rarity and cards[cid].hero is None
    assert sum(len(v) for v in adv.loot_cards.values()) >= 60
    equipment = [c for c in cards.values() if c.loot and c.loot.equipment]
    swaps = [c for c in cards.values() if c.loot and c.loot.replaces]
    assert len(equipment) >= 8 and len(swaps) >= 15
    # rule 83's example: So Wild! III from the Rare deck replaces the standard So Wild!
    assert (
        cards["so_wild_3"].loot.replaces == "so_wild" and cards["so_wild_3"].loot.rarity == "rare"
    )
    prices = adv.prices
    assert (prices.identify, prices.sell) == (10, 5)
    assert [prices.buy[r] for r in RARITIES] == sorted(prices.buy.values())


# ---------------------------------------------------------------- broken files


def _copy(tmp_path) -> Path:
    target = tmp_path / "adventures"
    shutil.copytree(DATA, target, ignore=shutil.ignore_patterns("enemies", "bosses", "loot"))
    return target


def _edit(folder: Path, name: str, change) -> None:
    path = folder / name
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "name,change,where",
    [
        (
            "tiles.json",
            lambda d: d["tiles"][4]["mandatory"][0].update(amount="two"),
            "tiles[4].mandatory[0].amount",
        ),
        (
            "tiles.json",
            lambda d: d["tiles"][3]["mandatory"][0].update(do="explode"),
            "tiles[3].mandatory[0].do",
        ),
        (
            "tiles.json",
            lambda d: d["tiles"][8]["choices"][0]["effects"][1].update(rarity="mythic"),
            "tiles[8].choices[0].effects[1].rarity",
        ),
        (
            "tiles.json",
            lambda d: d["tiles"][16]["mandatory"][0].update(status="sleepy"),
            "tiles[16].mandatory[0].status",
        ),
        ("tiles.json", lambda d: d["tiles"].pop(2), "tiles"),
        ("tiles.json", lambda d: d["tiles"][2].update(minion=5), "tiles[2].minion"),
        ("scenarios.json", lambda d: d["cards"][0]["setup"].pop("3"), "cards[0].setup"),
        ("scenarios.json", lambda d: d["cards"][1].update(map="nowhere.tmx"), "cards[1].map"),
        (
            "scenarios.json",
            lambda d: d["cards"][2]["kings_hand"]["normal"].update(success=[2, 6]),
            "cards[2].kings_hand.normal.success",
        ),
        (
            "scenarios.json",
            lambda d: d["cards"][3]["kings_hand"].pop("hard"),
            "cards[3].kings_hand.hard",
        ),
        (
            "scenarios.json",
            lambda d: d["cards"][16]["boss_setup"]["2"].update(upgrade_cp=-1),
            "cards[16].boss_setup.2.upgrade_cp",
        ),
        ("scenarios.json", lambda d: d["cards"][17].update(boss="fallen_pirate"), "cards[17].boss"),
        (
            "scenarios.json",
            lambda d: d["cards"][0]["shop"].update(mythic=1),
            "cards[0].shop.mythic",
        ),
        ("scenarios.json", lambda d: d["cards"].pop(0), "cards"),
        (
            "difficulties.json",
            lambda d: d["difficulties"][1].update(scenario_score="ten"),
            "difficulties[1].scenario_score",
        ),
        ("difficulties.json", lambda d: d["difficulties"].pop(0), "difficulties"),
        (
            "loot_table.json",
            lambda d: d["chests"]["rare"][2].update(roll=[8, 9]),
            "chests.rare[2].roll",
        ),
        (
            "loot_table.json",
            lambda d: d["chests"]["epic"][0].update(reward="pony"),
            "chests.epic[0].reward",
        ),
        ("loot_table.json", lambda d: d["boss_loot"].pop(), "boss_loot"),
        ("shop.json", lambda d: d["buy"].pop("epic"), "buy.epic"),
    ],
)
def test_a_broken_content_file_names_the_file_and_the_field(tmp_path, name, change, where):
    folder = _copy(tmp_path)
    _edit(folder, name, change)
    with pytest.raises(ContentError) as info:
        load_adventures(folder, default_content())
    assert info.value.file == f"adventures/{name}" and info.value.field == where


def test_unreadable_json_names_the_line(tmp_path):
    folder = _copy(tmp_path)
    (folder / "shop.json").write_text('{"buy": {\n  "common": 10,,\n}}')
    with pytest.raises(ContentError) as info:
        load_adventures(folder, default_content())
    assert info.value.file == "adventures/shop.json" and info.value.field.startswith("line 2")


def _content_copy(tmp_path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(content_dir(), target)
    return target


@pytest.mark.parametrize(
    "change,where",
    [
        (lambda d: d["cards"][0]["loot"].update(level=9), "cards[0].loot.level"),
        (lambda d: d["cards"][1]["loot"].pop("family"), "cards[1].loot.family"),
        (lambda d: d["cards"][12]["loot"].update(equipment="yes"), "cards[12].loot.equipment"),
        (lambda d: d["cards"][2].pop("loot"), "cards[2].loot"),
        (lambda d: d.update(rarity="mythic"), "rarity"),
        (lambda d: d["cards"][3]["effects"][0].update(do="explode"), "cards[3].effects[0].do"),
    ],
)
def test_a_broken_loot_card_names_the_file_and_the_field(tmp_path, change, where):
    data = _content_copy(tmp_path)
    _edit(data / "adventures" / "loot", "rare.json", change)
    with pytest.raises(ContentError) as info:
        load_content(data)
    assert info.value.file == "adventures/loot/rare.json" and info.value.field == where


def test_a_swap_must_name_a_standard_card_and_levels_do_not_repeat(tmp_path):
    data = _content_copy(tmp_path)
    _edit(
        data / "adventures" / "loot",
        "rare.json",
        lambda d: d["cards"][0]["loot"].update(replaces="so_mild"),
    )
    with pytest.raises(ContentError) as info:
        load_content(data)
    assert info.value.field == "so_wild_3.loot.replaces"
    data2 = _content_copy(tmp_path / "two")
    _edit(
        data2 / "adventures" / "loot", "rare.json", lambda d: d["cards"][0]["loot"].update(level=2)
    )
    with pytest.raises(ContentError) as info:
        load_content(data2)
    assert "already level 2" in info.value.message


def test_too_few_loot_cards_is_refused(tmp_path):
    data = _content_copy(tmp_path)
    _edit(data / "adventures" / "loot", "legendary.json", lambda d: d["cards"].pop())
    content = load_content(data)
    with pytest.raises(ContentError) as info:
        load_adventures(data / "adventures", content)
    assert (
        info.value.file == "adventures/loot/legendary.json" and "at least 15" in info.value.message
    )


def test_every_minion_level_a_tile_asks_for_has_minions(adv):
    enemies = default_content().enemies
    for tile in [*adv.tiles.values(), adv.portal_tile]:
        if tile.minion:
            assert any(e.kind == "minion" and e.level == tile.minion for e in enemies.values()), (
                tile.id
            )
