"""The playtest folder: whose it is, what it records, one run at a time."""

from __future__ import annotations

from pathlib import Path

import pytest

from subwaysim.playtest import folder
from subwaysim.playtest.options import PlaytestError
from subwaysim.playtest.questions import Derived


def test_a_new_or_empty_folder_is_claimed(tmp_path: Path) -> None:
    folder.claim(tmp_path / "new")
    folder.claim(tmp_path)


def test_a_folder_with_other_files_is_refused_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(PlaytestError, match=r"holds other files \(notes.txt\) and no playtest"):
        folder.claim(tmp_path)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("")
    with pytest.raises(PlaytestError, match="exists and is not a folder"):
        folder.claim(tmp_path / "f")


def test_the_record_is_kept_and_a_different_scenario_refused(tmp_path: Path) -> None:
    meta = folder.open_meta(tmp_path, "a.yaml", {"seed": 1, "board": (2, 2)})
    assert folder.open_meta(tmp_path, "copy.yaml", {"seed": 1, "board": [2, 2]}) == meta
    with pytest.raises(PlaytestError, match=r"holds a playtest of a\.yaml; b\.yaml is a different"):
        folder.open_meta(tmp_path, "b.yaml", {"seed": 2, "board": [2, 2]})
    folder.claim(tmp_path)  # a playtest folder: resumable


def test_derived_values_are_remembered(tmp_path: Path) -> None:
    meta = folder.open_meta(tmp_path, "a.yaml", {"seed": 1})
    folder.remember(tmp_path, meta, Derived(score=150, rounds=30))
    again = folder.open_meta(tmp_path, "a.yaml", {"seed": 1})
    assert again.derived_values() == Derived(score=150, rounds=30)


def test_a_damaged_record_is_refused_naming_the_field(tmp_path: Path) -> None:
    (tmp_path / folder.META).write_text('{"version": 1, "scenario": 3, "data": {}}')
    with pytest.raises(PlaytestError, match=r"playtest.json: scenario: Input should be a valid"):
        folder.read_meta(tmp_path)
    (tmp_path / folder.META).write_text("{")
    with pytest.raises(PlaytestError, match="cannot be read"):
        folder.read_meta(tmp_path)


def test_one_run_at_a_time(tmp_path: Path) -> None:
    held = folder.lock(tmp_path)
    try:
        with pytest.raises(PlaytestError, match="another playtest is running"):
            folder.lock(tmp_path)
    finally:
        held.release()
    folder.lock(tmp_path).release()
