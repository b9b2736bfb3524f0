"""failed.csv: the games that raised, with their seeds and errors; gone when none remain."""

from __future__ import annotations

from pathlib import Path

import pytest

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.failures import FailedGame, read_failures, write_failures

KEYS = ("rules.builds_per_turn",)
FAILED = FailedGame(Setting(((KEYS[0], "2"),)), 3, 99, "ValueError: no route\nat all")


def test_failures_round_trip_and_the_file_goes_when_none_remain(tmp_path: Path) -> None:
    path = tmp_path / "failed.csv"
    write_failures(path, KEYS, [FAILED])
    assert path.read_text().splitlines() == [
        "rules.builds_per_turn,game,seed,error",
        "2,3,99,ValueError: no route at all",  # one line per game
    ]
    assert read_failures(path, KEYS) == [
        FailedGame(FAILED.setting, 3, 99, "ValueError: no route at all")
    ]
    assert FAILED.describe().startswith("game 3 of [rules.builds_per_turn=2] (seed 99): ")
    write_failures(path, KEYS, [])
    assert not path.exists() and read_failures(path, KEYS) == []


def test_a_foreign_failed_csv_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "failed.csv"
    path.write_text("x,game,seed,error\n")
    with pytest.raises(SweepError, match="expected the columns"):
        read_failures(path, KEYS)
    path.write_text("rules.builds_per_turn,game,seed,error\n2,three,1,e\n")
    with pytest.raises(SweepError, match="line 2 is damaged"):
        read_failures(path, KEYS)
