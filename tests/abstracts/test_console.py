"""The play console and `subway play`, driven by scripted input into a recording Console."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from abstracts.cli import play_main
from abstracts.core import Game, get_game
from tabletop.saves import SavedGame, write_save
from tests.abstracts.conftest import Script, output
from tests.abstracts.toy_game import ToyTicTacToe

MakeConsole = Callable[[], Console]


def play(
    make_console: MakeConsole, game: str, argv: list[str], *lines: str
) -> tuple[int, str, Script]:
    console = make_console()
    script = Script(lines, console)
    code = play_main(game, argv, console=console, ask=script)
    return code, output(console), script


HUMANS = ["--x", "human", "--o", "human", "--seed", "1"]


def test_humans_play_to_a_win_and_the_reason_is_shown(make_console: MakeConsole) -> None:
    code, text, script = play(make_console, "toy-tictactoe", HUMANS, "a1", "a2", "b1", "b2", "c1")
    assert code == 0
    assert "Game over: x wins with three in a row (TTT-2)." in text
    assert script.prompts == [
        "x> ",
        "o> ",
        "x> ",
        "o> ",
        "x> ",
        "game over (undo, history, save FILE, load FILE, quit)> ",
    ]
    assert "1 X X X" in text  # the board after the last move


def test_bad_moves_get_one_line_and_a_new_prompt(make_console: MakeConsole) -> None:
    code, text, script = play(
        make_console, "toy-tictactoe", HUMANS, "a1", "a1", "q9", "zz", "", "quit"
    )
    assert code == 0
    assert "Illegal move: TTT-2: 'a1' is not empty  (type moves or help)" in text
    assert "Illegal move: TTT-1: 'q9' is off the 3 x 3 board" in text
    assert "Illegal move: TTT-1: cannot read 'zz' as a cell like b2" in text
    assert script.prompts == ["x> ", "o> ", "o> ", "o> ", "o> ", "o> "]
    assert text.rstrip().endswith("Game left unfinished.")


def test_help_lists_commands_rules_and_views(make_console: MakeConsole) -> None:
    _, text, _ = play(make_console, "toy-hex", ["--blue", "human"], "help")
    for word in ("moves [QUERY]", "hint", "undo", "save FILE", "load FILE", "show [VIEW]"):
        assert word in text
    assert "resign" in text and "quit" in text
    assert "toy-hex: type a cell like b2 (HEX-2)" in text
    assert "Views: distances (stones each side still needs)" in text


def test_moves_lists_legal_moves_and_filters_them(make_console: MakeConsole) -> None:
    argv = [*HUMANS, "--x", "human"]
    _, text, _ = play(make_console, "toy-tictactoe", argv, "b2", "moves", "moves c", "moves z")
    assert "8 legal moves:" in text
    assert "3 matching 'c' moves:" in text
    assert "1 c1  2 c2  3 c3" in text
    assert "No legal move matches 'z'." in text


def test_show_toggles_a_view(make_console: MakeConsole) -> None:
    lines = ("show", "show distances", "show distances", "show nope")
    _, text, _ = play(make_console, "toy-hex", ["--blue", "human", "--size", "3"], *lines)
    assert "distances [off]: stones each side still needs" in text
    assert text.count("red needs 3, blue needs 3") == 1  # drawn once, while the view was on
    assert "distances on." in text and "distances off." in text
    assert "Unknown view 'nope'; choose from distances." in text


def test_hint_suggests_a_legal_move(make_console: MakeConsole) -> None:
    # x to move can win at c3 (TTT-2); the hint finds it.
    lines = ("a3", "a1", "b3", "b1", "hint")
    _, text, _ = play(make_console, "toy-tictactoe", [*HUMANS, "--think", "0.2"], *lines)
    assert "Hint: c3" in text


def test_undo_takes_back_the_computers_reply_too(make_console: MakeConsole) -> None:
    argv = ["--o", "mcts:20", "--seed", "2"]
    code, text, script = play(make_console, "toy-tictactoe", argv, "undo", "b2", "undo", "quit")
    assert code == 0
    assert "Nothing to undo." in text
    assert "o (mcts:20) plays" in text
    assert "Undone: back to ply 0." in text
    assert script.prompts == ["x> ", "x> ", "x> ", "x> "]


def test_resign_ends_the_game(make_console: MakeConsole) -> None:
    _, text, _ = play(make_console, "toy-tictactoe", HUMANS, "a1", "resign", "b2")
    assert "Game over: o resigns; x wins." in text
    assert "b2" not in text.split("resigns")[1]


def test_end_of_input_leaves_the_game(make_console: MakeConsole) -> None:
    code, text, _ = play(make_console, "toy-tictactoe", HUMANS, "a1")
    assert code == 0
    assert "Game left unfinished." in text


def test_computers_play_each_other_to_the_end(make_console: MakeConsole) -> None:
    argv = ["--red", "mcts:30", "--blue", "greedy", "--size", "3", "--seed", "4"]
    code, text, script = play(make_console, "toy-hex", argv)
    assert code == 0
    assert script.prompts == []
    assert "red (mcts:30) plays" in text and "blue (greedy) plays" in text
    assert "Game over:" in text and "wins by connecting" in text


def test_the_pie_trades_seats(make_console: MakeConsole) -> None:
    # HEX-4: the human (Blue) takes the pie; the computer then plays Blue, the human Red.
    argv = ["--red", "mcts:30", "--blue", "human", "--size", "3", "--pie", "--seed", "5"]
    _, text, script = play(make_console, "toy-hex", argv, "pie", "quit")
    assert "The players trade sides (pie rule)." in text
    assert "blue (mcts:30) plays" in text
    assert script.prompts == ["blue> ", "red> "]


def test_after_the_end_undo_resumes_play(make_console: MakeConsole) -> None:
    lines = ("a1", "a2", "b1", "b2", "c1", "undo", "c2", "quit")
    _, text, script = play(make_console, "toy-tictactoe", HUMANS, *lines)
    assert "Undone: back to ply 4." in text
    assert script.prompts[-3:] == [
        "game over (undo, history, save FILE, load FILE, quit)> ",
        "x> ",
        "o> ",
    ]


def test_save_then_load_resumes_the_position(make_console: MakeConsole, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    play(make_console, "toy-tictactoe", HUMANS, "a1", "b2", f"save {path}", "quit")
    saved = json.loads(path.read_text())
    assert saved["moves"] == ["a1", "b2"]
    assert saved["game"] == "toy-tictactoe"
    code, text, script = play(
        make_console, "toy-tictactoe", [*HUMANS, "--load", str(path)], "a2", "quit"
    )
    assert code == 0
    assert script.prompts == ["x> ", "o> "]
    assert "2 X O ." in text  # a2 joined the loaded a1 / b2


def test_load_command_switches_to_the_saved_game(make_console: MakeConsole, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_save(path, SavedGame("toy-tictactoe", {"first": "o"}, ("c3",)))
    _, text, script = play(make_console, "toy-tictactoe", HUMANS, f"load {path}", "quit")
    assert f"Loaded 1 move from {path}." in text
    assert script.prompts == ["x> ", "x> "]  # o opened at c3, so x is to move


def test_bad_saves_are_refused_in_the_console(make_console: MakeConsole, tmp_path: Path) -> None:
    other = tmp_path / "hex.json"
    write_save(other, SavedGame("toy-hex", {"size": 3}, ("a1",)))
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "transit-games/saved-game", "vers')
    lines = (f"load {other}", f"load {broken}", "save", f"save {tmp_path}/no/such/dir.json", "a1")
    code, text, script = play(make_console, "toy-tictactoe", HUMANS, *lines)
    assert code == 0
    assert "this is a saved toy-hex game, not toy-tictactoe" in text
    assert "broken or truncated JSON" in text
    assert "Usage: save FILE" in text
    assert "cannot write the saved game" in text
    assert script.prompts[-1] == "o> "


def test_interactive_setup_runs_before_play(
    make_console: MakeConsole, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []

    def setup(self: Game, ask: Callable[[str], str], show: Callable[[Any], None]) -> Game:
        show("Choose who opens.")
        first = ask("first player? ")
        calls.append(first)
        return get_game("toy-tictactoe", first=first)

    monkeypatch.setattr(ToyTicTacToe, "interactive_setup", setup)
    _, text, script = play(make_console, "toy-tictactoe", HUMANS, "o", "quit")
    assert calls == ["o"]
    assert "Choose who opens." in text
    assert script.prompts == ["first player? ", "o> "]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.text(max_size=12), max_size=6))
def test_no_input_crashes_the_console(make_console: MakeConsole, lines: list[str]) -> None:
    lines = [line for line in lines if line.strip().lower().split(" ")[0] not in ("save", "load")]
    code, _, _ = play(make_console, "toy-hex", ["--blue", "human", "--size", "3"], *lines)
    assert code == 0


# ---------------------------------------------------------------------- the command line


def help_rows(out: str) -> list[str]:
    """The help page's rows without the box, one space between words."""
    return [" ".join(line.strip("│ ").split()) for line in out.splitlines()]


def test_play_help_lists_sides_and_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert play_main("toy-tictactoe", ["-h"]) == 0
    rows = help_rows(capsys.readouterr().out)
    assert "Usage: subway play toy-tictactoe [OPTIONS]" in rows
    for option in ("--x PLAYER", "--o PLAYER", "--think SECONDS", "--seed N", "--load FILE"):
        assert any(row.startswith(option) for row in rows), option
    assert any(row.startswith("--first x|o|random who moves first") for row in rows)
    assert any(row.startswith("--game-seed N") for row in rows)
    text = " ".join(rows)
    assert "mcts[:0.5s|:500][:guided]" in text  # help text is not rich markup
    assert "[default: human]" in text and "[default: mcts]" in text


def test_bool_options_are_flags_without_a_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert play_main("toy-hex", ["--help"]) == 0
    rows = help_rows(capsys.readouterr().out)
    assert any(row.startswith("--pie --no-pie Blue may take over") for row in rows)
    assert not any("<bool>" in row for row in rows)


def test_seed_also_seeds_the_games_own_seed_option(
    make_console: MakeConsole, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    argv = [*HUMANS[:4], "--first", "random", "--seed", "77"]
    play(make_console, "toy-tictactoe", argv, f"save {path}", "quit")
    assert json.loads(path.read_text())["options"] == {"first": "random", "seed": 77}
    replace = (f"save {path}", "yes", "quit")  # the file exists: asked before replacing it
    play(make_console, "toy-tictactoe", [*argv, "--game-seed", "5"], *replace)
    assert json.loads(path.read_text())["options"] == {"first": "random", "seed": 5}


@pytest.mark.parametrize(
    ("game", "argv", "words"),
    [
        ("go", [], "unknown game 'go'"),
        ("toy-hex", ["--red", "alphazero"], "--red: unknown agent 'alphazero'"),
        ("toy-hex", ["--size", "x"], "Invalid value for '--size'"),
        ("toy-hex", ["--size", "12"], "--size: Input should be less than or equal to 9"),
        ("toy-hex", ["--colour", "red"], "No such option: --colour"),
        ("toy-hex", ["--think", "0"], "--think must be a positive, finite number"),
        (
            "toy-hex",
            ["--think", "inf"],
            "--think must be a positive, finite number of seconds, got inf",
        ),
        ("toy-hex", ["--think", "nan"], "--think must be a positive, finite number"),
        ("toy-hex", ["--think", "-0.5"], "got -0.5"),
        ("toy-tictactoe", ["--first", "z"], "Invalid value for '--first'"),
        ("toy-hex", ["--load", "/no/such/file.json"], "cannot read the saved game"),
    ],
)
def test_bad_command_lines_exit_2_with_one_error_line(
    game: str, argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert play_main(game, argv, ask=lambda _: "quit") == 2
    err = capsys.readouterr().err
    assert err.startswith("Error: ")
    assert words in err
    assert err.count("\n") == 1


def test_load_refuses_other_games_and_extra_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.json"
    write_save(path, SavedGame("toy-hex", {"size": 3}, ("a1",)))
    assert play_main("toy-tictactoe", ["--load", str(path)], ask=lambda _: "quit") == 2
    assert "this is a saved toy-hex game, not toy-tictactoe" in capsys.readouterr().err
    assert play_main("toy-hex", ["--load", str(path), "--size", "4"], ask=lambda _: "quit") == 2
    assert "--load takes the game options from the saved game" in capsys.readouterr().err


# ---------------------------------------------------------------------- one console behaviour


def test_a_move_may_be_typed_as_its_number_in_the_moves_list(make_console: MakeConsole) -> None:
    _, text, _ = play(make_console, "toy-tictactoe", HUMANS, "moves c", "2", "8", "12", "history")
    assert "1 c1  2 c2  3 c3" in text
    assert "ply 1: x c2" in text  # 2 of the filtered list
    assert "ply 2: o c3" in text  # 8 of every legal move (no list shown for this position)
    assert "No move 12: the list has 1 to 7 (type moves)." in text


def test_ply_numbers_agree_after_moves_undo_and_history(make_console: MakeConsole) -> None:
    _, text, _ = play(make_console, "toy-tictactoe", HUMANS, "a1", "b2", "undo", "history")
    assert "o to move (human) · ply 1" in text and "x to move (human) · ply 2" in text
    assert "Undone: back to ply 1." in text
    assert "ply 1: x a1" in text and "ply 2" not in text.split("Undone")[1]


def test_save_over_an_existing_file_asks_first(make_console: MakeConsole, tmp_path: Path) -> None:
    path = tmp_path / "keep.json"
    path.write_text("precious")
    _, text, script = play(make_console, "toy-tictactoe", HUMANS, "a1", f"save {path}", "no")
    assert f"{path} exists: replace it? (yes/no) " in script.prompts
    assert "Not saved." in text and path.read_text() == "precious"
    _, text, _ = play(make_console, "toy-tictactoe", HUMANS, "a1", f"save {path}", "yes")
    assert "Saved 1 move to" in text and json.loads(path.read_text())["moves"] == ["a1"]


def test_a_failed_load_keeps_the_game_going(make_console: MakeConsole, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe\x00junk")
    _, text, script = play(make_console, "toy-tictactoe", HUMANS, "a1", f"load {bad}", "b2")
    assert "Error: " in text and "UTF-16 text" in text
    assert script.prompts == ["x> ", "o> ", "o> ", "x> "]  # o still to move, then plays b2


def test_tab_completion_offers_commands_and_legal_moves(make_console: MakeConsole) -> None:
    from tabletop.line_input import completions

    class Reader:
        def __init__(self) -> None:
            self.words: Callable[[], list[str]] = list

        def complete_with(self, words: Callable[[], list[str]]) -> None:
            self.words = words

        def __call__(self, prompt: str) -> str:
            offered.append(completions(self.words(), "b"))
            offered.append(completions(self.words(), "sa"))
            raise EOFError

    offered: list[list[str]] = []
    play_main("toy-tictactoe", HUMANS, console=make_console(), ask=Reader())
    assert offered == [["b1", "b2", "b3"], ["save "]]


def test_the_result_is_said_once(
    make_console: MakeConsole, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A board whose status line states the result is not followed by the result again."""
    plain = ToyTicTacToe.render

    def with_status(self: ToyTicTacToe, state: Any, last: Any = None, **view: Any) -> Any:
        status = f"\n{state.end_reason()}" if state.is_over else ""
        return f"{_text(plain(self, state, last, **view))}{status}"

    lines = ("a1", "a2", "b1", "b2", "c1", "quit")
    _, text, _ = play(make_console, "toy-tictactoe", HUMANS, *lines)
    assert text.count("x wins with three in a row (TTT-2).") == 1  # "Game over: ..." alone
    monkeypatch.setattr(ToyTicTacToe, "render", with_status)
    _, text, _ = play(make_console, "toy-tictactoe", HUMANS, *lines)
    assert text.count("x wins with three in a row (TTT-2).") == 1  # on the status line alone
    assert "Game over.\n" in text


def _text(renderable: Any) -> str:
    console = Console(file=__import__("io").StringIO(), width=80, color_system=None)
    console.print(renderable)
    return console.file.getvalue().rstrip()  # type: ignore[attr-defined]
