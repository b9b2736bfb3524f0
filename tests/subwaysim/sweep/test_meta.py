"""sweep.json is validated: a damaged one is refused naming the field, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.meta import META, read_meta
from tests.subwaysim.sweep.helpers import run_sweep


@pytest.fixture
def folder(tiny: Path, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    run_sweep(tiny, out, games=1)
    return out


def damage(folder: Path, **changes: object) -> None:
    data = json.loads((folder / META).read_text())
    data.update(changes)
    (folder / META).write_text(json.dumps(data))


def test_the_recorded_sweep_reads_back(folder: Path) -> None:
    meta = read_meta(folder)
    assert meta is not None
    assert (meta.version, meta.games, meta.seed, meta.independent) == (2, 1, 5, False)
    assert meta.baseline == {"rules.builds_per_turn": "1", "rules.intensify_below": "3"}
    assert read_meta(folder.parent) is None  # no sweep.json: not a sweep folder


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"games": "many"}, "sweep.json: games: Input should be a valid integer"),
        ({"seed": -1}, "sweep.json: seed: Input should be greater than or equal to 0"),
        ({"grid": [{"key": "a"}]}, "sweep.json: grid.0.values: Field required"),
        ({"colour": "red"}, "sweep.json: colour: Extra inputs are not permitted"),
        ({"version": 1}, "sweep.json: version: 1 is not this sweep format (2)"),
    ],
)
def test_a_damaged_sweep_json_is_refused_naming_the_field(
    folder: Path, changes: dict[str, object], message: str
) -> None:
    damage(folder, **changes)
    with pytest.raises(SweepError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_meta(folder)


def test_the_cli_refuses_a_damaged_sweep_json_without_a_traceback(folder: Path, tiny: Path) -> None:
    (folder / META).write_text('{"version": 2,')
    for args in (
        ["report", str(folder)],
        ["sweep", str(tiny), "--games", "1", "--out", str(folder)],
    ):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 2, result.output
        assert "sweep.json: not JSON (line 1, column 15" in result.output
        assert "Traceback" not in result.output
