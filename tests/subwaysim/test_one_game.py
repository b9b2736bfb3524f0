"""`subway run`'s outputs: checked before the first turn, and kept when a game is interrupted."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.commands.one_game import Interrupted, JsonlLog, RunError, check_outputs, play_logged
from subwaysim.engine import Game
from subwaysim.events import Event, TurnEnded
from tests.subwaysim.helpers import scenario

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = ROOT / "scenarios" / "classic.yaml"


def test_a_folder_or_a_file_in_the_way_is_refused_before_the_first_turn(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    cases = [
        (tmp_path, "is a folder"),
        (tmp_path / "file" / "g.jsonl", "file is not a folder"),
        (Path("/dev/null"), "not a regular file"),
    ]
    for log, words in cases:
        result = CliRunner().invoke(app, ["run", str(CLASSIC), "--log", str(log)])
        assert result.exit_code == 2 and words in result.output
        assert "Turn 1" not in result.output and "Traceback" not in result.output


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_folder_without_write_permission_is_refused(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(RunError, match="no permission to write in"):
            check_outputs(tmp_path / "g.jsonl")
    finally:
        tmp_path.chmod(0o700)


def test_missing_folders_are_fine_they_are_made_when_writing(tmp_path: Path) -> None:
    check_outputs(tmp_path / "new" / "folder" / "g.jsonl", None)


def test_an_interrupted_game_keeps_a_valid_log_of_the_turns_played(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    journal = JsonlLog()

    def interrupt(event: Event) -> None:
        if isinstance(event, TurnEnded) and event.turn == 3:
            raise KeyboardInterrupt  # Ctrl-C while the third turn ends

    game = Game(scenario(end={"turns": 10}), 1, [journal, interrupt])
    with pytest.raises(Interrupted, match=r"\(\d+ events\) is in .*g\.jsonl"):
        play_logged(game, journal, log, "test")
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["event"] == "GameStarted"
    assert [e["turn"] for e in events if e["event"] == "TurnEnded"] == [1, 2, 3]
