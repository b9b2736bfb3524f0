"""`subway learn`: self-play, the fit, the model file; reproducible, resumable, and refusing
to overwrite what it did not write."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.agents.value import DEFAULT_MODEL, default_model, load_value_model
from subwaysim.cli import app
from subwaysim.learning.fit import OLD_LEAF, fit_value_model
from subwaysim.learning.selfplay import SelfPlayError, SelfPlayGame

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = [str(ROOT / "scenarios" / "transfers.yaml"), str(ROOT / "scenarios" / "river.yaml")]
runner = CliRunner()


def learn(folder: Path, monkeypatch: pytest.MonkeyPatch, *extra: str):  # type: ignore[no-untyped-def]
    monkeypatch.chdir(folder)
    return runner.invoke(app, ["learn", *SCENARIOS, "--games", "5", "--out", "m.json", *extra])


@pytest.fixture(scope="module")
def first(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("learn")
    with pytest.MonkeyPatch.context() as patch:
        result = learn(folder, patch, "--jobs", "1")
    assert result.exit_code == 0, result.output
    return folder


def test_learn_writes_a_model_that_beats_the_old_leaf_on_held_out_games(first: Path) -> None:
    model = load_value_model(first / "m.json")
    assert model.provenance["games_per_scenario"] == 5
    assert [s["name"] for s in model.provenance["scenarios"]] == ["transfers", "river"]
    assert model.provenance["r2_held_out"] > model.provenance["r2_old_leaf"]
    lines = (first / "m.selfplay.jsonl").read_text().splitlines()
    assert len(lines) == 1 + 10  # the header, then a line a game


def test_the_same_command_rebuilds_the_same_file_bit_for_bit_whatever_the_jobs(
    first: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = learn(tmp_path, monkeypatch, "--jobs", "2")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "m.json").read_bytes() == (first / "m.json").read_bytes()


def test_a_stopped_run_resumes_and_ends_with_the_same_model(
    first: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = (first / "m.selfplay.jsonl").read_text().splitlines(keepends=True)
    torn = lines[4][: len(lines[4]) // 2]  # killed while writing the fourth game
    (tmp_path / "m.selfplay.jsonl").write_text("".join(lines[:4]) + torn)
    result = learn(tmp_path, monkeypatch, "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "m.json").read_bytes() == (first / "m.json").read_bytes()
    assert (tmp_path / "m.selfplay.jsonl").read_text().count("\n") == 11


def test_data_of_another_command_is_refused_and_kept(
    first: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = (first / "m.selfplay.jsonl").read_bytes()
    (tmp_path / "m.selfplay.jsonl").write_bytes(data)
    result = learn(tmp_path, monkeypatch, "--seed", "1")
    assert result.exit_code == 2
    assert "m.selfplay.jsonl: made by another command (seed differ)" in " ".join(
        result.output.split()
    )
    assert (tmp_path / "m.selfplay.jsonl").read_bytes() == data
    assert not (tmp_path / "m.json").exists()


def test_an_output_that_is_an_input_or_a_foreign_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    scenario = tmp_path / "mine.yaml"
    scenario.write_text((ROOT / "scenarios" / "transfers.yaml").read_text())
    result = runner.invoke(app, ["learn", str(scenario), "--out", str(scenario)])
    assert result.exit_code == 2 and "is an input of this command" in result.output
    notes = tmp_path / "notes.json"
    notes.write_text('{"mine": 1}\n')
    result = runner.invoke(app, ["learn", str(scenario), "--out", str(notes)])
    assert result.exit_code == 2 and "not a value model" in " ".join(result.output.split())
    assert notes.read_text() == '{"mine": 1}\n'
    result = runner.invoke(app, ["learn", str(scenario), "--out", "m.json", "--games", "2"])
    assert result.exit_code == 2  # too few games to hold one out


def test_the_fit_recovers_known_weights_and_holds_out_every_fifth_game() -> None:
    # final lead = 2 x score + 0.5 x outlook - 1 x score_late, exactly
    rows = []
    for game in range(10):
        made = []
        for k in range(6):
            score, outlook, played = game - k, 3.0 * k - game, k / 6
            x = (score, outlook, score * played, outlook * played)
            made.append((*x, 2 * score + 0.5 * outlook - score * played))
        rows.append(SelfPlayGame("toy", game, game, tuple(made)))
    fit = fit_value_model(rows, ["toy"], {"command": "test"})
    assert fit.model.weights == pytest.approx((2.0, 0.5, -1.0, 0.0), abs=1e-9)
    assert fit.r2_held_out == pytest.approx(1.0)
    assert fit.r2_old_leaf < 1.0 and OLD_LEAF.tolist() == [1, 1, 0, 0]
    assert fit.model.provenance["rows"] == 60


def test_the_shipped_model_is_rebuilt_by_the_command_in_its_provenance(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = default_model()
    words = shlex.split(shipped.provenance["command"])
    assert words[:2] == ["subway", "learn"]
    out = words.index("--out")
    assert ROOT / words[out + 1] == DEFAULT_MODEL
    words[out + 1] = str(tmp_path / "rebuilt.json")
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, [*words[1:], "--jobs", "2"])
    assert result.exit_code == 0, result.output
    rebuilt = load_value_model(tmp_path / "rebuilt.json")
    assert rebuilt.weights == shipped.weights  # bit for bit
    assert rebuilt.provenance["data_digest"] == shipped.provenance["data_digest"]


def test_too_few_rows_to_hold_games_out_is_a_clear_error() -> None:
    games = [SelfPlayGame("toy", g, g, ((1.0, 2.0, 0.5, 1.0, 3.0),) * 3) for g in range(4)]
    with pytest.raises(SelfPlayError, match="too few self-play rows"):
        fit_value_model(games, ["toy"], {})  # games 0-3: none of them is held out
