"""The whole playtest, played once for the session on a tiny scenario (a 6 x 6 board, 3
turns each) with few games: random players everywhere, mcts at one playout where skill
may matter, a small tune of the ending, ladder and matrix and a small confirmation."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app

from .helpers import TINY

runner = CliRunner()
AGENTS = "random,mcts:1"  # quick, and a search player on the parts where skill may matter
GAMES = 12  # enough for intervals (10) and a few detected differences; mcts plays 6
OPTIONS = ("--games", GAMES, "--agents", AGENTS, "--jobs", 1, "--confirm", 12,
           "--tune-budget", 12, "--pair-games", 2)  # fmt: skip


def invoke(*args: object):  # type: ignore[no-untyped-def]
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="session")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """(scenario, folder, output) of the tiny playtest."""
    root = tmp_path_factory.mktemp("playtest")
    scenario = root / "tiny.yaml"
    scenario.write_text(TINY.replace("end: {turns: 6}", "end: {turns: 3}"))
    out = root / "out"
    result = invoke("playtest", scenario, "--out", out, *OPTIONS)
    assert result.exit_code == 0, result.output
    return scenario, out, result.output
