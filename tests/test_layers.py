"""The package layers of game/ (DEVELOPERS.md): lower layers never import upper ones, only the
entry point imports the window, and no import circle spans two packages.

Every import counts, at module level or inside a function: a deferred import still ties the
two modules together."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
UPPER = {"ai", "modes", "missions", "adventures", "ui", "online"}
ENTRY_POINTS = {"game.cli", "game.__main__"}


def _module(path: Path) -> str:
    name = ".".join(path.relative_to(GAME.parent).with_suffix("").parts)
    return name.removesuffix(".__init__")


def _imports() -> dict[str, set[str]]:
    """Each game module and the game modules it imports (a `from x import y` of a submodule
    counts as importing the submodule)."""
    modules = {_module(p): p for p in GAME.rglob("*.py")}
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target.startswith("game.") and target != name:
                    graph[name].add(target)
        graph.setdefault(name, set())
    return graph


def _package(module: str) -> str:
    return module.split(".")[1] if "." in module else module


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(component)
    return found


GRAPH = _imports()


def test_rules_and_content_import_no_upper_layer():
    wrong = [
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        if _package(m) in ("rules", "content")
        for t in targets
        if _package(t) in UPPER
    ]
    assert wrong == []


def test_content_does_not_import_the_rules():
    """Content files are read and checked without the engine (the rules import content)."""
    wrong = [
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        if _package(m) == "content"
        for t in targets
        if _package(t) == "rules"
    ]
    assert wrong == []


def test_only_the_entry_point_imports_the_window():
    wrong = [
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        if _package(m) != "ui" and m not in ENTRY_POINTS
        for t in targets
        if _package(t) == "ui"
    ]
    assert wrong == []


def test_no_import_circle_spans_two_packages():
    spanning = [sorted(c) for c in _cycles(GRAPH) if len({_package(m) for m in c}) > 1]
    assert spanning == []


def test_the_circle_finder_finds_a_circle_across_packages():
    graph = {"game.a.x": {"game.b.y"}, "game.b.y": {"game.a.x"}, "game.c": set()}
    assert _cycles(graph) == [{"game.a.x", "game.b.y"}]
