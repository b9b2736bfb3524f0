"""Scenario files a careless or hostile user could give (`subway validate FILE`): each is
refused in one line naming the file and the problem, exit 2, no traceback, bounded time."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim import scenario as scenario_module
from subwaysim.cli import app
from subwaysim.scenario import ScenarioError, load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = ROOT / "scenarios" / "classic.yaml"
runner = CliRunner()


def refused(path: Path, *args: str) -> str:
    """The one error line `subway validate` prints for `path`."""
    result = runner.invoke(app, ["validate", str(path), *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {path}: "), result.output
    return lines[0].removeprefix(f"Error: {path}: ")


def written(tmp_path: Path, data: bytes | str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"name: Caf\xe9\n", "cannot read file: not UTF-8 text (byte 0xe9 on line 1)"),
        ("name: x\n".encode("utf-16"), "cannot read file: UTF-16 text; save it as UTF-8"),
        (bytes(range(256)), "cannot read file: binary data, not text (a NUL byte on line 1)"),
    ],
    ids=["latin-1", "utf-16", "binary"],
)
def test_text_that_is_not_utf8(tmp_path: Path, data: bytes, problem: str) -> None:
    assert refused(written(tmp_path, data)).startswith(problem)


@pytest.mark.parametrize("text", ["", "\n\n", "# just a comment\n", "---\n"])
def test_an_empty_file_is_an_empty_scenario(tmp_path: Path, text: str) -> None:
    assert refused(written(tmp_path, text)).startswith("empty scenario")


def test_a_folder_and_dev_zero(tmp_path: Path) -> None:
    assert refused(tmp_path) == "cannot read file: is a folder, not a file"
    assert refused(Path("/dev/zero")).startswith("cannot read file: not a regular file")


def test_a_huge_file_is_refused_before_parsing(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as out:
        out.truncate(10**10)
    assert "bytes or more; the limit is 500,000 bytes" in refused(huge)


def test_a_file_is_read_and_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    parse = scenario_module.safe_yaml.load
    monkeypatch.setattr(
        scenario_module.safe_yaml, "load", lambda text, *a: calls.append(text) or parse(text, *a)
    )
    load_scenario(CLASSIC, ["rules.builds_per_turn=2"])
    assert len(calls) == 2  # the file, and the override's value `2`
    assert calls[0] == CLASSIC.read_text(encoding="utf-8") and calls[1] == "2"


def test_deep_nesting_is_refused_with_its_line(tmp_path: Path) -> None:
    problem = refused(written(tmp_path, "name: x\nboard: " + "[" * 100_000))
    assert problem == "line 2, column 39: collections nested deeper than 32 levels"


def test_alias_bombs_and_self_containing_aliases(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 12)]
    assert "(an alias bomb?)" in refused(written(tmp_path, "\n".join(lines)))
    assert "contains it" in refused(written(tmp_path, "board: &b {hazards: *b}"))


def test_a_key_written_twice_is_refused_naming_both_lines(tmp_path: Path) -> None:
    text = "name: twice\nrules:\n  builds_per_turn: 2\nend: {turns: 3}\nrules: {}\n"
    assert refused(written(tmp_path, text)) == ("line 5: key 'rules' appears twice (lines 2 and 5)")
    nested = "rules:\n  builds_per_turn: 2\n  builds_per_turn: 4\n"
    assert "key 'builds_per_turn' appears twice (lines 2 and 3)" in refused(
        written(tmp_path, nested)
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("rules: {builds_per_turn: true}", "rules.builds_per_turn (line 1): Input should be a"),
        ("rules: {transfer_cost: 1.5}", "rules.transfer_cost (line 1): Input should be a valid"),
        ("end: {turns: yes}", "end.turns (line 1): Input should be a valid integer"),
        ("board: {sections: [true, 2]}", "board.sections.0 (line 1): Input should be a valid"),
        ("board: {hazard_density: true}", "board.hazard_density (line 1): Input should be a"),
        ("rules: {walking_is_a_mode: 1}", "rules.walking_is_a_mode (line 1): Input should be"),
        ("rules: {costs: {track: true}}", "a cost is a whole number from 1 to 1000"),
        ("seed: " + "9" * 30, "seed (line 1): Input should be less than or equal to"),
        ("rules: {single_system_points: 100000}", "Input should be less than or equal to 1000"),
        ("players: [{name: A, agent: 'mcts:99999999'}, {name: B}]", "1 to 1,000,000"),
        ("players: [{name: A, agent: 'mcts:100000s'}, {name: B}]", "at most 600s"),
    ],
)
def test_a_value_of_the_wrong_kind_is_refused_not_converted(
    tmp_path: Path, text: str, problem: str
) -> None:
    assert problem in refused(written(tmp_path, text))


def test_a_file_that_is_not_a_mapping(tmp_path: Path) -> None:
    assert refused(written(tmp_path, "- a\n- b\n")) == (
        "line 1: the file must hold a mapping of scenario keys"
    )
    assert "must hold a mapping" in refused(written(tmp_path, "just words"))


def test_values_yaml_cannot_make(tmp_path: Path) -> None:
    assert "cannot read '2024-02-30'" in refused(written(tmp_path, "seed: 2024-02-30"))
    assert "too many digits" in refused(written(tmp_path, "seed: " + "7" * 5000))
    assert "invalid YAML" in refused(written(tmp_path, "seed: !!python/name:os.system"))


def test_an_unreadable_file(tmp_path: Path) -> None:
    locked = written(tmp_path, "name: x\n")
    locked.chmod(0)
    if os.access(locked, os.R_OK):  # root reads anything
        pytest.skip("running as root: every file is readable")
    assert refused(locked) == "cannot read file: Permission denied"


def test_parse_scenario_refuses_an_empty_text_too() -> None:
    with pytest.raises(ScenarioError, match="empty scenario"):
        parse_scenario("", "s.yaml")
    assert parse_scenario("{}", "s.yaml").name == "s"  # an explicit empty mapping: defaults
