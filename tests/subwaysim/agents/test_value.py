"""The learned value of a position: its features, and the one way a model file is read."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from subwaysim.agents import make_agent
from subwaysim.agents.value import (
    DEFAULT_MODEL,
    FEATURES,
    ValueModel,
    ValueModelError,
    default_model,
    features,
    lead,
    load_value_model,
    model_text,
    position_features,
    save_value_model,
    share_played,
)
from subwaysim.state import GameState
from subwaysim.turn import play_turn
from tests.subwaysim.helpers import scenario

SCENARIO = scenario(
    end={"turns": 12},
    players=[{"name": "IRT", "agent": "greedy"}, {"name": "BRT", "agent": "greedy"}],
)


def played(turns: int = 8, seed: int = 4) -> GameState:
    state = GameState.new(SCENARIO, seed)
    agents = {p: make_agent("greedy", p, random.Random(p)) for p in state.players}
    for _ in range(turns):
        play_turn(state, agents)
    return state


def test_features_by_hand() -> None:
    # score lead 10, outlook lead 20, a quarter of the game played
    assert features(10, 20, 0.25).tolist() == [10, 20, 2.5, 5]
    assert share_played(30, 30) == 0.5 and share_played(0, 12) == 0
    assert lead(np.array([5.0, 8.0, 3.0]), 0) == -3 and lead(np.array([5.0, 8.0, 3.0]), 1) == 3
    model = ValueModel((2.0, 0.5, -1.0, 0.25))
    assert model.value(features(10, 20, 0.25)) == 2 * 10 + 0.5 * 20 - 2.5 + 0.25 * 5


def test_position_features_read_the_scores_and_what_is_public() -> None:
    state = played()
    row = position_features(state, "IRT", 10, 7)
    left = 24 - state.turn  # 12 turns each; no other end condition (SG-20)
    assert row[0] == state.scores["IRT"] - state.scores["BRT"]
    assert row[2] == pytest.approx(row[0] * state.turn / (state.turn + left))
    assert row[3] == pytest.approx(row[1] * state.turn / (state.turn + left))
    # the same seed, the same trips; the hidden order of the piles is never read
    for deck in state.decks:
        random.Random(deck.name).shuffle(deck.draw_pile)
    assert position_features(state, "IRT", 10, 7).tolist() == row.tolist()


def test_a_model_file_round_trips(tmp_path: Path) -> None:
    model = ValueModel((1.5, 0.25, -0.5, 0.125), {"command": "subway learn x.yaml"})
    path = tmp_path / "m.json"
    save_value_model(model, path)
    assert load_value_model(path) == model
    assert path.read_text() == model_text(model)


def _sealed(tmp_path: Path, **changes: object) -> Path:
    """A model file whose content is changed and sealed again (a foreign but whole file)."""
    data = json.loads(model_text(ValueModel((1.0, 0.3, 0.0, 0.0))))
    data.pop("digest")
    data.update(changes)
    from subwaysim.agents.value import _digest

    data["digest"] = _digest(data)
    path = tmp_path / "sealed.json"
    path.write_text(json.dumps(data))
    return path


def test_a_foreign_or_damaged_file_is_refused_with_its_name_and_problem(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    save_value_model(ValueModel((1.0, 0.3, 0.0, 0.0)), good)
    damaged = tmp_path / "damaged.json"
    damaged.write_text(good.read_text().replace("0.3", "0.4"))
    cut = tmp_path / "cut.json"
    cut.write_text(good.read_text()[:100])
    scenario_file = tmp_path / "classic.yaml"
    scenario_file.write_text("board: {}\n")
    cases = {
        tmp_path / "missing.json": "no such file",
        damaged: "damaged: its content does not match its digest",
        cut: "not a value model: not JSON",
        scenario_file: "not a value model: not JSON",
        _sealed(tmp_path, format="something else"): "not a value model",
        _sealed(tmp_path, version=2): "a value model of version 2",
        _sealed(tmp_path, features=["a", "b", "c", "d"]): "its features are",
        _sealed(tmp_path, weights=[1.0, 2.0]): "'weights' must be a list of 4 numbers",
        _sealed(tmp_path, weights=[1.0, "x", 0.0, 0.0]): "'weights' must be finite numbers",
        _sealed(tmp_path, provenance=[]): "'provenance' must be a mapping",
    }
    for path, problem in cases.items():
        with pytest.raises(ValueModelError) as caught:
            load_value_model(path)
        assert str(caught.value).startswith(f"{path}: "), path
        assert problem in str(caught.value), (path, str(caught.value))


def test_the_mcts_players_model_is_shipped_with_its_provenance() -> None:
    model = default_model()
    assert model == load_value_model(DEFAULT_MODEL)
    assert model.features == FEATURES
    command = model.provenance["command"]
    assert command.startswith("subway learn ") and "--seed" in command
    assert model.provenance["r2_held_out"] > model.provenance["r2_old_leaf"]
