"""The shape of the `abstracts` package: one file map and one naming scheme for every game,
no import cycles inside a game package, and no import of `subwaysim` anywhere.

Imports are read from the source with `ast`, all of them: module level, inside functions
and under `if TYPE_CHECKING:` (a cycle for the type checker is still a cycle to a reader).
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

import abstracts

ROOT = Path(abstracts.__file__).parent
FILE_MAP = ("game", "state", "moves", "text", "refusals", "playout", "greedy", "render")
GAMES = {
    "rapid_transit": "RapidTransit",
    "thruway": "Thruway",
    "transit_chess": "TransitChess",
}


def imported_modules(path: Path) -> set[str]:
    """Every module a source file imports, by dotted name (`from a.b import c` gives
    `a.b` and `a.b.c`, since `c` may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def import_graph(package: Path, dotted: str) -> nx.DiGraph:
    """Modules of one package (`__init__` for the package itself) and who imports whom."""
    graph = nx.DiGraph()
    names = {path.stem for path in package.glob("*.py")}
    graph.add_nodes_from(names)
    for path in package.glob("*.py"):
        for module in imported_modules(path):
            if module == dotted:
                target = "__init__"
            elif module.startswith(dotted + "."):
                target = module[len(dotted) + 1 :].split(".")[0]
            else:
                continue
            if target in names and target != path.stem:
                graph.add_edge(path.stem, target)
    return graph


def cycles(package: Path, dotted: str) -> list[list[str]]:
    return sorted(sorted(cycle) for cycle in nx.simple_cycles(import_graph(package, dotted)))


@pytest.mark.parametrize("package", sorted(GAMES))
def test_every_game_package_has_the_same_file_map(package: str) -> None:
    present = {path.stem for path in (ROOT / package).glob("*.py")}
    assert set(FILE_MAP) <= present, sorted(set(FILE_MAP) - present)


@pytest.mark.parametrize(("package", "prefix"), sorted(GAMES.items()))
def test_each_concept_has_the_same_name_in_every_game(package: str, prefix: str) -> None:
    for module, suffix in (("game", "Game"), ("state", "State"), ("moves", "Move")):
        tree = ast.parse((ROOT / package / f"{module}.py").read_text(encoding="utf-8"))
        classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
        assert f"{prefix}{suffix}" in classes, (module, sorted(classes))


@pytest.mark.parametrize("package", sorted(GAMES))
def test_no_import_cycles_inside_a_game_package(package: str) -> None:
    assert cycles(ROOT / package, f"abstracts.{package}") == []


def test_the_cycle_check_finds_a_cycle(tmp_path: Path) -> None:
    package = tmp_path / "toy"
    package.mkdir()
    (package / "__init__.py").write_text("from toy.game import Game\nfrom toy.moves import parse\n")
    (package / "game.py").write_text("from toy.state import State\n")
    (package / "state.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from toy.game import Game\n"
    )
    (package / "moves.py").write_text("def parse():\n    import toy\n")
    assert cycles(package, "toy") == [["__init__", "moves"], ["game", "state"]]


def test_abstracts_never_imports_subwaysim() -> None:
    for path in ROOT.rglob("*.py"):
        bad = sorted(m for m in imported_modules(path) if m.split(".")[0] == "subwaysim")
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
