"""`bench.screen_mcts`, the research tool that screens search shapes (issue 28): its oracle
diagnosis sees the real future where the player sees a guess; its lines and resumption."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml

from bench import screen_mcts
from subwaysim.agents import registry
from subwaysim.agents.mcts import MCTSAgent, SearchConfig
from subwaysim.agents.plans import Breadth
from tests.subwaysim.agents.test_mcts import decision_point
from tests.subwaysim.helpers import scenario


def test_the_oracle_plays_the_real_future_and_the_player_a_guess() -> None:
    state = decision_point()
    real = [list(d.draw_pile) for d in state.decks]
    oracle = screen_mcts.OracleSearch("IRT", random.Random(0))
    player = MCTSAgent("IRT", random.Random(0))
    seen = oracle.future(state, 7)
    guessed = player.future(state, 7)
    assert [list(d.draw_pile) for d in seen.decks] == real
    assert seen.chance is state.chance  # every later draw the game's own
    assert [list(d.draw_pile) for d in guessed.decks] != real  # SG-5 order hidden
    assert [sorted(d.draw_pile) for d in guessed.decks] == [sorted(p) for p in real]


def test_search_config_from_json() -> None:
    config = screen_mcts.search_config('{"width": 8, "rival_breadth": [1, 2, 0, 1]}')
    assert config == SearchConfig(width=8, rival_breadth=Breadth(1, 2, 0, 1))
    assert screen_mcts.search_config("") == SearchConfig()
    with pytest.raises(SystemExit, match="no SearchConfig field widht"):
        screen_mcts.search_config('{"widht": 8}')


def test_a_line_holds_the_margin_over_the_best_rival_and_the_win_share() -> None:
    line = screen_mcts.row(3, 11, 1, [40, 52, 52], 0.5)
    assert (line["lead"], line["win"]) == (0, 0.5)  # a win shared by two (SG-20)
    assert screen_mcts.row(0, 11, 0, [30, 52, 41], 0.5)["lead"] == -22
    assert screen_mcts.row(0, 11, 2, [30, 52, 60], 0.5)["win"] == 1.0


def test_a_screen_writes_a_line_a_game_and_a_rerun_plays_only_what_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(registry, "_KINDS", dict(registry._KINDS))  # (the kind stays here)
    short = scenario(end={"turns": 3})
    path = tmp_path / "short.yaml"
    path.write_text(yaml.safe_dump(short.model_dump(mode="json")))
    out = tmp_path / "screen.jsonl"
    argv = [str(out), "--scenario", str(path), "--budget", "2"]
    screen_mcts.main([*argv, "--games", "1"])
    screen_mcts.main([*argv, "--games", "2"])
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["game"], r["seat"]) for r in rows] == [(0, 0), (1, 1)]  # seats rotated
    assert rows[0]["seed"] == rows[1]["seed"]  # two games a seed
    assert "2 games, won" in capsys.readouterr().out
    again = tmp_path / "again.jsonl"
    screen_mcts.main([str(again), "--scenario", str(path), "--budget", "2", "--games", "2"])
    assert [json.loads(line)["digest"] for line in again.read_text().splitlines()] == [
        r["digest"] for r in rows
    ]  # one seed, one game


def test_a_line_torn_by_a_stop_is_dropped_so_its_game_is_played_again(tmp_path: Path) -> None:
    out = tmp_path / "screen.jsonl"
    whole = json.dumps(screen_mcts.row(0, 11, 0, [30, 20], 1.0))
    out.write_text(whole + "\n" + whole[:17])
    assert [r["game"] for r in screen_mcts.finished(out)] == [0]
    assert out.read_text() == whole + "\n"  # (the next game's line starts on its own line)
    assert screen_mcts.finished(tmp_path / "none.jsonl") == []
