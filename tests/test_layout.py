"""The house's plan, checked: no import cycle in subwaysim/, abstracts/ or tabletop/ (module
by module, function-level imports included; imports under `if TYPE_CHECKING:` and modules
the agent registry loads by name do not count); the rules core never reaches rich, typer or
the console seat; subwaysim imports abstracts only where `subway` launches an abstract
game; abstracts never imports subwaysim; at most 16 modules at subwaysim's top level."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("subwaysim", "abstracts", "tabletop")
RULES_CORE = (
    "board", "cards", "population", "network", "trips", "builds", "state", "turn", "engine",
    "events", "scenario", "overrides",
)  # fmt: skip
FORBIDDEN = ("rich", "typer", "subwaysim.console")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported(name: str) -> set[str]:
    """What module `name` imports (resolved to modules where they are ours)."""
    path = modules()[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and _type_checking(node)
               for child in node.body for n in ast.walk(child)}  # fmt: skip
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in modules() else base)
    return found


@cache
def graph() -> nx.DiGraph:
    g = nx.DiGraph()
    for name in modules():
        g.add_node(name)
        for target in imported(name):
            g.add_edge(name, target)
    return g


def reaches(name: str) -> set[str]:
    return nx.descendants(graph(), name)


def test_the_graph_sees_function_level_imports_and_skips_type_checking_ones() -> None:
    engine = imported("subwaysim.engine")
    assert "subwaysim.agents" in engine and "simpy" in engine
    assert "subwaysim.state" not in imported("subwaysim.agents.base")  # TYPE_CHECKING only
    assert "subwaysim.sweep.run.backends" in imported("subwaysim.commands.match_subway")  # in a def


def test_no_import_cycle_module_by_module() -> None:
    ours = graph().subgraph(modules())
    cycles = [c for c in nx.strongly_connected_components(ours) if len(c) > 1]
    assert cycles == []
    assert not list(nx.selfloop_edges(ours))


def test_the_rules_core_never_reaches_rich_typer_or_the_console() -> None:
    for short in RULES_CORE:
        name = f"subwaysim.{short}"
        bad = {m for m in reaches(name) for f in FORBIDDEN if m == f or m.startswith(f + ".")}
        assert not bad, f"{name} reaches {sorted(bad)}"


def test_subwaysim_imports_abstracts_only_to_launch_an_abstract_game() -> None:
    users = {
        name
        for name in modules()
        if name.startswith("subwaysim")
        and any(t == "abstracts" or t.startswith("abstracts.") for t in imported(name))
    }
    assert users <= {"subwaysim.cli"}
    for name in modules():
        if name.startswith(("abstracts", "tabletop")):
            assert not any(t.startswith("subwaysim") for t in imported(name)), name
        if name.startswith("tabletop"):
            assert not any(t.startswith("abstracts") for t in imported(name)), name


def test_subwaysim_has_at_most_16_top_level_modules() -> None:
    top = sorted(p.name for p in (ROOT / "subwaysim").glob("*.py"))
    assert len(top) <= 16, top


def test_a_game_played_from_the_engine_loads_neither_rich_typer_nor_the_seat() -> None:
    code = (
        "import sys\n"
        "from subwaysim import load_scenario, play_game\n"
        "play_game(load_scenario('scenarios/classic.yaml', ['end.turns=2']), seed=1)\n"
        "seat = [m for m in sys.modules if m.startswith('subwaysim.console.')]\n"
        "print(sorted({'rich', 'typer'} & set(sys.modules)), seat)\n"
    )
    env = {**os.environ, "SUBWAY_AGENTS": ""}
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[] []"
