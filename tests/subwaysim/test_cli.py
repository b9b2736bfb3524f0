"""The `subway` command: run, route, validate and bad input (exit 2, no traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.yaml")), ids=lambda p: p.name)
def test_every_bundled_scenario_validates(path: Path) -> None:
    result = invoke("validate", path)
    assert result.exit_code == 0, result.output
    assert "ok" in result.output


def test_validate_reports_every_problem_with_file_key_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "rules:\n  builds_per_turn: many\n  colour: red\n"
        "players:\n  - {name: IRT, agent: greedy}\n  - {name: BRT, agent: clever}\n"
    )
    result = invoke("validate", bad)
    assert result.exit_code == 2
    out = result.output
    assert f"{bad}: rules.builds_per_turn (line 2)" in out
    assert f"{bad}: rules.colour (line 3): unknown key" in out
    assert f"{bad}: players.1.agent (line 6)" in out
    assert "Traceback" not in out


def test_cross_field_errors_name_the_key(tmp_path: Path) -> None:
    bad = tmp_path / "cross.yaml"
    bad.write_text(
        "start:\n  track:\n    IRT: [c3, z40]\n    PATH: [a1]\n  stations:\n    IRT: {d4: local}\n"
    )
    result = invoke("validate", bad)
    assert result.exit_code == 2
    assert "start.track.IRT.1 (line 3): 'z40' is off the board" in result.output
    assert "start.track.PATH (line 4): unknown player" in result.output
    assert "start.stations.IRT.d4 (line 6): a station must be on IRT's own track" in result.output


def test_broken_yaml_and_missing_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("board: {sections: [2, 2\n")
    result = invoke("run", bad)
    assert result.exit_code == 2 and "line 2" in result.output and "invalid YAML" in result.output
    result = invoke("run", tmp_path / "nope.yaml")
    assert result.exit_code == 2 and "cannot read file" in result.output


def test_set_overrides_any_key_and_bad_overrides_are_refused() -> None:
    classic = ROOT / "scenarios" / "classic.yaml"
    result = invoke("validate", classic, "--set", "rules.builds_per_turn=0")
    assert result.exit_code == 0
    result = invoke("validate", classic, "--set", "rules.trip_mode=teleport")
    assert result.exit_code == 2 and "rules.trip_mode (--set)" in result.output
    result = invoke("validate", classic, "--set", "builds")
    assert result.exit_code == 2 and "expected KEY=VALUE" in result.output


def test_error_messages_keep_square_brackets(tmp_path: Path) -> None:
    """Errors are plain text: `[dev]` in a file name or a typed value is not rich markup."""
    result = invoke("validate", tmp_path / "[dev].yaml")
    assert result.exit_code == 2 and "[dev].yaml: cannot read file" in result.output
    result = invoke("route", ROOT / "scenarios" / "classic.yaml", "a1", "[b2]")
    assert result.exit_code == 2 and "'[b2]' is not a square" in result.output


def test_an_override_inside_a_key_is_named_with_its_line() -> None:
    classic = ROOT / "scenarios" / "classic.yaml"
    result = invoke("validate", classic, "--set", "players.0.name=BRT")
    assert result.exit_code == 2
    assert "players (line 29, --set players.0.name): names must be unique" in result.output
    result = invoke("validate", classic, "--set", "rules.end.bogus=1")  # no rules.end in the file
    assert result.exit_code == 2 and "rules.end (--set): unknown key" in result.output


def test_run_quiet_prints_the_summary_and_writes_a_reproducible_log(tmp_path: Path) -> None:
    classic = ROOT / "scenarios" / "classic.yaml"
    logs = []
    for name in ("a.jsonl", "b.jsonl"):
        log = tmp_path / name
        result = invoke(
            "run", classic, "--quiet", "--seed", "5", "--set", "end.turns=5", "--log", log
        )
        assert result.exit_code == 0, result.output
        assert "5 turns each" not in result.output and "ended by turns" in result.output
        logs.append(log.read_bytes())
    assert logs[0] == logs[1]
    events = [json.loads(line) for line in logs[0].decode().splitlines()]
    assert events[0]["event"] == "GameStarted" and events[-1]["event"] == "GameEnded"


def test_run_prints_turn_panels_with_board_decks_and_scores() -> None:
    classic = ROOT / "scenarios" / "classic.yaml"
    result = invoke("run", classic, "--set", "end.turns=3", "--seed", "2")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Turn 1 · round 1 · IRT" in out and "Turn 6 · round 3 · BRT" in out
    assert "Decks" in out and "Scores:" in out and "flips" in out
    assert " a  b  c  d  e  f  g  h  i  j  k  l" in out


def test_route_json_matches_the_contract_on_the_starting_network() -> None:
    transfers = ROOT / "scenarios" / "transfers.yaml"
    result = invoke("route", transfers, "c2", "c7", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # walk c2 -> c3 (1), ride IRT c3 local .. c6 express: local ride c3, c6 (2 stops),
    # walk c6 -> c7 (1): 4, scored by IRT alone.
    assert data["from"] == "c2" and data["to"] == "c7"
    assert data["distance"] == 4
    assert data["systems"] == ["IRT"]
    assert data["points"] == {"IRT": 2, "BRT": 0}
    assert [leg["mode"] for leg in data["legs"]] == ["walk", "ride", "walk"]
    assert data["legs"][1]["system"] == "IRT" and data["legs"][1]["stops"] == ["c3", "c6"]


def test_route_with_a_bad_square_exits_2() -> None:
    result = invoke("route", ROOT / "scenarios" / "classic.yaml", "a1", "q99")
    assert result.exit_code == 2 and "'q99'" in result.output


def test_play_subway_with_a_human_seat_reads_typed_builds() -> None:
    classic = ROOT / "scenarios" / "classic.yaml"
    typed = "station a1\ntrack a1\ntrack a2\nstation a1 express\nyes\nno\nno\nno\n" + "done\n" * 5
    result = runner.invoke(
        app,
        ["play", "subway", str(classic), "--seat", "IRT=human", "--set", "end.turns=1"],
        input=typed,
    )
    assert result.exit_code == 0, result.output
    assert "a station needs IRT's own track on a1" in result.output
    assert "IRT builds station a1 express" in result.output


def test_play_subway_with_an_unknown_seat_exits_2() -> None:
    classic = ROOT / "scenarios" / "classic.yaml"
    result = invoke("play", "subway", classic, "--seat", "PATH=human")
    assert result.exit_code == 2 and "PLAYER=AGENT" in result.output
