"""`subway play subway`: a person's seat behaves like the abstract games' consoles (help,
quit / Ctrl-D / Ctrl-C, save, load, undo) and a saved game resumes exactly."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.console.human_play import play_at_table
from subwaysim.console.saved_game import SubwaySave, parse_save, read_save, write_save
from subwaysim.scenario import load_scenario
from tabletop.saves import SaveError
from tests.subwaysim.test_human import Script

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = ROOT / "scenarios" / "classic.yaml"
runner = CliRunner()


def new_game(turns: int = 2) -> SubwaySave:
    s = load_scenario(CLASSIC, [f"end.turns={turns}", "players.0.agent=human"])
    return SubwaySave(s, 4, ("IRT",), {})


def at_table(save: SubwaySave, lines: list[str], log: Path | None = None) -> tuple[int, str]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    code = play_at_table(save, console, Script(lines, console), log)  # type: ignore[arg-type]
    return code, out.getvalue()


def play(*args: object, typed: str = "") -> tuple[int, str]:
    result = runner.invoke(app, ["play", "subway", *map(str, args)], input=typed)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_a_piped_game_to_the_end() -> None:
    code, text = play(
        CLASSIC, "--seat", "IRT=human", "--set", "end.turns=1", typed="track a1\n\ntrack a2\ndone\n"
    )
    assert code == 0 and "IRT builds track a1" in text and "IRT builds track a2" in text
    assert "Type a build, or done to end the phase" in text  # the empty line asked again
    assert "ended by turns: every player has had 1 turn." in " ".join(text.split())


@pytest.mark.parametrize("leave", ["quit", "eof", "interrupt"])
def test_quit_ctrl_d_and_ctrl_c_leave_the_game_unfinished(leave: str, tmp_path: Path) -> None:
    log = tmp_path / "partial.jsonl"
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    script = Script(["track a1", "quit"] if leave == "quit" else ["track a1"], console)

    def ask(prompt: str) -> str:
        if not script.lines and leave == "interrupt":
            raise KeyboardInterrupt
        return script(prompt)

    code = play_at_table(new_game(), console, ask, log)  # type: ignore[arg-type]
    assert code == (130 if leave == "interrupt" else 0)  # Ctrl-C exits 130 (issue 27)
    left = "Game left unfinished" + (" (Interrupted (Ctrl-C))." if leave == "interrupt" else ".")
    assert out.getvalue().rstrip().endswith(f"{left}\nThe log of the turns played is in {log}.")
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["event"] == "GameStarted" and events[-1]["event"] != "GameEnded"


def test_a_saved_game_resumes_exactly_where_it_was_saved(tmp_path: Path) -> None:
    saved, first, second = tmp_path / "g.json", tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    lines = ["track a1", "track a2", "station a1", "yes", "no", "done"]
    lines += ["track b1", f"save {saved}", "quit"]
    code, text = at_table(new_game(3), lines, first)
    said = f"Saved to {saved}: turn 3, 7 decisions so far (1 in this build phase)."
    assert code == 0 and said in " ".join(text.split())
    code, text = at_table(read_save(saved), ["undo", "quit"], second)
    # The board after the load is the loaded moment: track b1 already on it (issue 32, point 5).
    loaded = text.split("IRT builds (2 points left) >")[0]
    assert "IRT builds track b1 (cost 1, 2 left)" in loaded
    assert "Undone: track b1" in text  # the open phase's builds came back, still undoable
    assert first.read_bytes() == second.read_bytes()  # the same game, event for event


def test_load_at_a_prompt_switches_games_and_a_bad_load_keeps_this_one(tmp_path: Path) -> None:
    saved, bad = tmp_path / "g.json", tmp_path / "bad.json"
    bad.write_text('{"format": "transit-games/saved-game", "version": 1}')
    at_table(new_game(3), ["track c3", f"save {saved}", "quit"])
    _, text = at_table(new_game(3), [f"load {bad}", "track a1", f"load {saved}", "undo", "quit"])
    text = " ".join(text.split())
    assert "(this is a 'transit-games/saved-game' file)" in text  # an abstract game's save
    assert "IRT builds track a1" in text and f"Loaded {saved}." in text
    assert "Undone: track c3" in text


def test_save_asks_before_replacing_a_file_and_a_failed_save_keeps_playing(
    tmp_path: Path,
) -> None:
    keep = tmp_path / "keep.json"
    keep.write_text("precious")
    lines = [f"save {keep}", "no", f"save {tmp_path / 'no' / 'such' / 'g.json'}", "quit"]
    _, text = at_table(new_game(), lines)
    assert "Not saved." in text and keep.read_text() == "precious"
    assert "cannot write the saved game (No such file or directory)" in " ".join(text.split())
    assert text.count("IRT builds (3 points left) > ") == 3


def test_a_save_that_does_not_replay_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    at_table(new_game(3), ["track a1", "done", f"save {path}", "quit"])
    data = json.loads(path.read_text())
    data["decisions"]["IRT"][0] = "build station a1"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"g\.json: does not replay: IRT's decision 1 'build stat"):
        read_save(path)
    data["phase"] = {"BRT": ["build track a1"]}
    data["decisions"]["IRT"][0] = "build track a1"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="phase: BRT's build phase is not the one open"):
        read_save(path)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"format": "x"}, "not a saved Subway Game"),
        ({"version": 99}, "saved by a newer version"),
        ({"seed": "1"}, "field 'seed' must be a whole number"),
        ({"seed": 10**30}, "field 'seed' must be a whole number"),
        ({"humans": ["PATH"]}, "field 'humans' must list players"),
        ({"decisions": {"IRT": [1]}}, "decisions.IRT must be a list of decision lines"),
        ({"decisions": {"IRT": ["x" * 201]}}, "decisions.IRT must be a list"),
        ({"decisions": {"PATH": []}}, "decisions: 'PATH' is not a player"),
        ({"scenario": {"rules": {"builds_per_turn": True}}}, "scenario: rules.builds_per_turn"),
        ({"scenario": "scenarios/classic.yaml"}, "field 'scenario' must be an object"),
        ({"extra": 1}, "unknown field 'extra'"),
        ({"scenario": {"board": {"map": "/etc/passwd"}}}, "scenario: board.map: unknown key"),
        ({"phase": {"IRT": "build track a1"}}, "phase.IRT must be a list of decision lines"),
    ],
)
def test_every_bad_field_is_a_save_error(change: dict[str, object], words: str) -> None:
    data = json.loads(new_game().to_json())
    data.update(change)
    with pytest.raises(SaveError, match=r"^g\.json: ") as caught:
        parse_save(json.dumps(data), "g.json")
    assert words in str(caught.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "broken or truncated JSON at line 1, column 1"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "transit-games/subway-game", "seed": ' + "9" * 5000 + "}", "4,300 digits"),
        ("[1, 2]", "not a saved Subway Game"),
    ],
)
def test_broken_json_is_a_save_error_in_plain_words(text: str, words: str) -> None:
    with pytest.raises(SaveError, match=r"^g\.json: ") as caught:
        parse_save(text, "g.json")
    assert words in str(caught.value) and "sys." not in str(caught.value)


def test_the_scenario_travels_in_the_save_not_its_path(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    write_save(path, new_game())
    assert str(CLASSIC) not in path.read_text()
    assert read_save(path).scenario == new_game().scenario


# ------------------------------------------------------------------ the command line


def test_a_bad_seat_names_the_option_typed() -> None:
    code, text = play(CLASSIC, "--seat", "IRT=robot")
    assert (
        code == 2
        and "Error: --seat 'IRT=robot': unknown agent 'robot': the agents are uniform, random"
        in text
    )
    assert "players.0.agent" not in text and "Value error" not in text
    code, text = play(CLASSIC, "--seat", "PATH=human")
    assert code == 2 and "PLAYER one of IRT, BRT" in text


def test_the_log_path_is_checked_before_the_first_turn(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    for log, words in [(tmp_path, "is a folder"), (tmp_path / "file" / "g.jsonl", "not a folder")]:
        code, text = play(CLASSIC, "--seat", "IRT=human", "--log", log, typed="track a1\n")
        assert code == 2 and words in text and "Turn 1" not in text
        code, text = runner.invoke(app, ["run", str(CLASSIC), "--log", str(log)]).exit_code, ""
        assert code == 2


def test_load_takes_everything_from_the_save(tmp_path: Path) -> None:
    code, text = play(CLASSIC, "--load", tmp_path / "g.json")
    assert code == 2 and "--load takes the scenario, seed and seats from the saved game" in text
    code, text = play("--load", tmp_path / "none.json")
    assert code == 2 and "cannot read the saved game (No such file or directory)" in text
    code, text = play()
    assert code == 2 and "give a SCENARIO to play, or --load FILE" in text
    assert play("-h")[0] == 0


def test_a_game_saved_at_an_intensify_question_asks_it_again(tmp_path: Path) -> None:
    # SG-16: with seed 0 IRT's trip in turn 5 ends at d9, short enough to intensify.
    s = load_scenario(CLASSIC, ["end.turns=6", "players.0.agent=human"])
    game = SubwaySave(s, 0, ("IRT",), {})
    saved, whole, resumed = tmp_path / "g.json", tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    start = ["track c4", "track c5", "station c4", "yes", "no", "done", "done"]
    rest = ["row", "track d4", "quit"]
    at_table(game, start + rest, whole)
    _, text = at_table(game, [*start, f"save {saved}", "quit"])
    turn_5 = text.rsplit("Turn 5 · round 3 · IRT", 1)[1]
    assert turn_5.index("This trip earned it:") < turn_5.index("IRT, intensify d9? ")
    _, text = at_table(read_save(saved), rest, resumed)
    assert text.index("IRT, intensify d9? (section/row/column/no) > row") < text.index("track d4")
    assert whole.read_bytes() == resumed.read_bytes()
