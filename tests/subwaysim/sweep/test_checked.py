"""Issue 27, point 6: `subway report` and resume check games.csv against sweep.json."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app

ROOT = Path(__file__).resolve().parents[3]
CLASSIC = ROOT / "scenarios" / "classic.yaml"
SWEEP = ["--set", "end.turns=1,2", "--games", "2", "--jobs", "1"]


@pytest.fixture(scope="module")
def swept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sweep") / "out"
    result = CliRunner().invoke(app, ["sweep", str(CLASSIC), *SWEEP, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def edited(swept: Path, tmp_path: Path, edit: object) -> Path:
    folder = tmp_path / "edited"
    shutil.copytree(swept, folder)
    games = folder / "games.csv"
    lines = games.read_text().splitlines(keepends=True)
    games.write_text("".join(edit(lines)))  # type: ignore[operator]
    return folder


def refusals(folder: Path) -> list[str]:
    """The message of `report` and of resuming the sweep (both must refuse, exit 2)."""
    said = []
    for args in (["report", str(folder)], ["sweep", str(CLASSIC), *SWEEP, "--out", str(folder)]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
        said.append(result.output)
    return said


def test_a_duplicated_row_is_refused_with_both_lines(swept: Path, tmp_path: Path) -> None:
    folder = edited(swept, tmp_path, lambda lines: [*lines, lines[2]])
    for said in refusals(folder):
        assert "line 6" in said and "listed twice" in said


def test_a_row_of_a_setting_never_swept_is_refused(swept: Path, tmp_path: Path) -> None:
    folder = edited(swept, tmp_path, lambda lines: [*lines, lines[1].replace("1,", "7,", 1)])
    said = refusals(folder)
    assert "line 6" in said[0] and "end.turns='7' is not a value this sweep plays" in said[0]


def test_a_winner_who_is_not_a_player_is_a_message_not_a_traceback(
    swept: Path, tmp_path: Path
) -> None:
    def winner(lines: list[str]) -> list[str]:
        head = lines[0].split(",")
        row = lines[1].split(",")
        row[head.index("winners")] = "Nobody"
        return [lines[0], ",".join(row), *lines[2:]]

    for said in refusals(edited(swept, tmp_path, winner)):
        assert "line 2" in said and "'Nobody' is not a player" in said


def test_seats_that_are_not_players_are_named_plainly(swept: Path, tmp_path: Path) -> None:
    def seats(lines: list[str]) -> list[str]:
        head = lines[0].split(",")
        row = lines[1].split(",")
        row[head.index("seats")] = '"=HYPERLINK(""http://x"")"'
        return [lines[0], ",".join(row), *lines[2:]]

    said = refusals(edited(swept, tmp_path, seats))[0]
    assert "line 2" in said and "is not a player (the players are IRT, BRT)" in said
    assert "score_=" not in said
