"""The rules engine stays headless and its vocabulary matches its implementation."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from game.content import schema
from game.rules.effects import CAN_ACT, VERBS, register

RULES = Path(__file__).resolve().parents[2] / "game" / "rules"


HEADLESS = [
    *RULES.rglob("*.py"),
    *(RULES.parent / "missions").rglob("*.py"),
    *(RULES.parent / "adventures").rglob("*.py"),
    RULES.parent / "tiled.py",
]


def test_rules_missions_and_adventures_never_import_pygame_or_pymunk():
    offenders = []
    for path in HEADLESS:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in ("pygame", "pymunk"):
                    offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_importing_and_running_the_engine_loads_no_pygame():
    code = (
        "import sys\n"
        "from game.modes.duel import duel_setup, play_out\n"
        "from game.rules.engine import Engine\n"
        "from game.cli import _controllers\n"
        "e = Engine.new_match(duel_setup(['gunslinger', 'barbarian'], 3))\n"
        "play_out(e, _controllers('simple', 3, 2))\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pymunk')]\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_schema_verb_is_implemented_and_nothing_else():
    assert set(VERBS) == set(schema.VERBS)


def test_every_verb_body_is_a_plain_function_registered_by_its_module():
    """Verb modules name their functions in one `register(...)` table: no decorators, so that
    the mutation tool (which skips decorated functions) mutates the verb bodies too."""
    for fn in [*VERBS.values(), *CAN_ACT.values()]:
        tree = ast.parse(Path(fn.__code__.co_filename).read_text())
        (node,) = [n for n in tree.body if getattr(n, "name", None) == fn.__name__]
        assert isinstance(node, ast.FunctionDef) and not node.decorator_list, fn.__qualname__


def test_a_verb_name_registered_twice_is_refused_and_nothing_changes():
    verbs, can_act = dict(VERBS), dict(CAN_ACT)
    try:
        register(verbs={"brand_new_verb": len, "heal": len}, can_act={"fresh": len})
    except ValueError as err:
        assert "'heal' registered twice" in str(err)
    else:
        raise AssertionError("a second 'heal' was accepted")
    assert verbs == VERBS and can_act == CAN_ACT


def test_the_content_format_document_lists_every_verb():
    text = (RULES.parents[1] / "docs" / "content.md").read_text(encoding="utf-8")
    missing = [verb for verb in schema.VERBS if f"`{verb}`" not in text]
    assert missing == []
