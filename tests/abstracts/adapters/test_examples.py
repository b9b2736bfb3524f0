"""abstracts/examples/: the researchers' examples run as the README shows them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from abstracts.examples import openspiel_mcts


def test_openspiel_mcts_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "abstracts.examples.openspiel_mcts", "--game",
         "python_rapid_transit(size=4)", "--simulations", "50"],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert lines[0].startswith("python_rapid_transit(") and "258 actions" in lines[0]
    assert "  1. red      player 0 (mcts): " in done.stdout
    assert lines[-1].endswith(("Returns: [1.0, -1.0]", "Returns: [-1.0, 1.0]", "[0.0, 0.0]"))


@pytest.mark.parametrize("seat", [0, 1])
def test_mcts_takes_either_seat(seat: int, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "python_thruway(size=4,tiles=5,pie=false)", "--mcts-player", str(seat)]
    assert openspiel_mcts.main([*argv, "--simulations", "100", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert f"player {seat} (mcts)" in out and f"player {1 - seat} (random)" in out
