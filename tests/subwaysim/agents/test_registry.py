"""The agent registry: an agent registered in one place is accepted by scenario
validation, listed by `subway run --help` and `subway match subway --help`, and plays in
`subway match subway --jobs 2`, whose worker processes are spawned and find it by its
import path. One wording for an unknown agent, with a did-you-mean."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from subwaysim.agents import registry
from subwaysim.agents.registry import check_spec, make_agent, parse_spec, unknown
from subwaysim.scenario import ScenarioError, load_scenario

ROOT = Path(__file__).resolve().parents[3]
TOY = "tests.subwaysim.toy_agent"
TINY = "end: {turns: 2}\nplayers:\n  - {name: IRT, agent: idle}\n  - {name: BRT, agent: random}\n"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy agent's module named in SUBWAY_AGENTS; the registry restored afterwards."""
    monkeypatch.setattr(registry, "_KINDS", dict(registry._KINDS))
    monkeypatch.setattr(registry, "_LOADED", set(registry._LOADED) - {TOY})
    monkeypatch.setenv(registry.ENV, TOY)


def subway(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, registry.ENV: TOY, "COLUMNS": "200"}
    command = [sys.executable, "-c", "from subwaysim.cli import main; main()", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_the_built_in_kinds_and_the_console_human() -> None:
    names = [k.name for k in registry.kinds()]
    assert names[:4] == ["uniform", "random", "greedy", "mcts"] and "human" in names
    assert "human" not in [k.name for k in registry.kinds(people=False)]
    assert registry.default_budget("mcts") == 16


def test_specs_become_agents_of_their_kind() -> None:
    rng = random.Random(1)
    assert make_agent("greedy", "IRT", rng).kind == "greedy"
    search = make_agent("mcts:400", "IRT", rng)
    assert (search.iterations, search.seconds) == (400, None)  # type: ignore[attr-defined]
    timed = make_agent("mcts:0.5s", "IRT", rng)
    assert (timed.iterations, timed.seconds) == (None, 0.5)  # type: ignore[attr-defined]
    assert make_agent("human", "IRT", rng).kind == "human"  # loaded from the console


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("gredy", "unknown agent 'gredy': the agents are uniform, random, "
         "greedy[:STYLE][{KEY=V;..}], mcts[:N|:Xs], @FILE or human; did you mean 'greedy'?"),
        ("wizard", "unknown agent 'wizard': the agents are uniform"),
        ("mtcs:40", "did you mean 'mcts'?"),
        ("mcts:0", "'mcts:0': an mcts budget is 1 to 1,000,000 iterations"),
        ("mcts:601s", "an mcts time budget is above 0 and at most 600s"),
        ("mcts:fast", "'mcts:fast': a budget is mcts:N iterations or mcts:Xs seconds"),
        ("greedy:x", "'greedy:x': unknown style 'x' (local, express, lines, hubs, deny, hoard"),
        ("random:x", "'random:x': random takes no options"),
    ],
)  # fmt: skip
def test_a_bad_spec_is_refused_in_one_wording(spec: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        check_spec(spec)
    assert message in str(refused.value)


def test_an_ai_only_series_refuses_the_person() -> None:
    with pytest.raises(ValueError, match="'human' is not a computer player"):
        parse_spec("human", people=False)
    assert "human" not in unknown("hmn", people=False)


def test_a_toy_agent_registered_once_is_accepted_by_scenario_validation(
    toy: None, tmp_path: Path
) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY)
    assert load_scenario(path).players[0].agent == "idle"
    assert load_scenario(path, ["players.1.agent=idle:3"]).players[1].agent == "idle:3"
    with pytest.raises(ScenarioError, match="'idle:x': idle:N takes a whole number"):
        load_scenario(path, ["players.1.agent=idle:x"])
    assert make_agent("idle", "IRT", random.Random(1)).kind == "idle"
    assert "idle[:N]" in registry.names_help()


def test_the_toy_agent_is_listed_by_the_help_of_run_and_match() -> None:
    for args in (["run", "--help"], ["match", "subway", "--help"]):
        shown = subway(*args)
        assert shown.returncode == 0, shown.stderr
        assert "idle[:N]: never builds (a toy)" in " ".join(shown.stdout.split())


def test_the_toy_agent_plays_a_match_in_spawned_workers(tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY)
    args = ["match", "subway", str(path), "--agents", "idle,random", "--games", "2"]
    played = subway(*args, "--jobs", "2")
    assert played.returncode == 0, played.stdout + played.stderr
    assert "idle" in played.stdout and "failed" not in played.stdout
    # the same games as one process plays them
    assert subway(*args, "--jobs", "1").stdout == played.stdout
