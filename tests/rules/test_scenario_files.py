"""Every scenario file under tests/scenarios passes (the same run as `python -m game scenario
tests/scenarios`), and the worked-example fixtures load as ordinary content."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.loader import load_content
from game.scenario import collect, load, run_file

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
FILES, _problems = collect([str(SCENARIOS)])


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(SCENARIOS).as_posix() for p in FILES])
def test_scenario_file_passes(path: Path) -> None:
    scenario = load(path)
    assert scenario.data.get("rules"), "every scenario names the core rules it covers"
    run_file(path).close()


def test_fixture_content_loads_and_is_prefixed() -> None:
    base = load_content()
    both = load_content(extra=(SCENARIOS / "fixtures",))
    added = [
        *(set(both.heroes) - set(base.heroes)),
        *(set(both.cards) - set(base.cards)),
        *(set(both.statuses) - set(base.statuses)),
    ]
    assert added, "the fixtures add heroes, cards and statuses"
    assert all(ident.startswith("fx_") for ident in added), sorted(added)


def test_enough_scenarios_and_every_worked_example() -> None:
    assert len(FILES) >= 32
    names = {p.name.split("_")[0] for p in (SCENARIOS / "worked_examples").glob("q*.toml")}
    assert {"q01", "q02", "q03", "q04", "q05", "q09", "q10", "q11", "q12"} <= names
