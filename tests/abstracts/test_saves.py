"""Saved games: versioned JSON, atomic writes, clear refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts.core import Game, get_game
from abstracts.saves import (
    FORMAT,
    VERSION,
    SavedGame,
    SaveError,
    load_game,
    parse_save,
    read_save,
    write_save,
)


def save_of(game: Game, *moves: str) -> SavedGame:
    state, played = game.initial_state(), []
    for text in moves:
        move = state.parse_move(text)
        played.append(move)
        state = state.play(move)
    return SavedGame.of(game, played)


def test_a_save_holds_game_options_and_move_texts(tmp_path: Path) -> None:
    game = get_game("toy-hex", size=3, pie=True)
    path = tmp_path / "g.json"
    write_save(path, save_of(game, "b2", "pie", "a1"))
    data = json.loads(path.read_text())
    assert data == {
        "format": FORMAT,
        "version": VERSION,
        "game": "toy-hex",
        "options": {"size": 3, "pie": True},
        "moves": ["b2", "pie", "a1"],
    }


def test_loading_replays_the_moves(tmp_path: Path) -> None:
    game = get_game("toy-hex", size=3, pie=True)
    path = tmp_path / "g.json"
    write_save(path, save_of(game, "b2", "pie", "a1"))
    replay = load_game(path, "toy-hex")
    assert replay.game.options == game.options
    assert [str(m) for m in replay.moves] == ["b2", "pie", "a1"]
    assert len(replay.states) == 4
    assert replay.states[-1].to_text() == "...\n.R.\nB.."
    assert replay.states[-1].to_move == "red"


def test_writes_are_atomic_and_replace_the_old_file(tmp_path: Path, hex4: Game) -> None:
    path = tmp_path / "g.json"
    path.write_text("old contents")
    write_save(path, save_of(hex4, "a1"))
    assert read_save(path).moves == ("a1",)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]  # no temp file left


def test_a_failed_write_leaves_the_old_file_alone(tmp_path: Path, hex4: Game) -> None:
    with pytest.raises(SaveError, match="cannot write"):
        write_save(tmp_path / "missing-folder" / "g.json", save_of(hex4, "a1"))
    target = tmp_path / "taken"
    target.mkdir()  # os.replace cannot put a file over a directory
    with pytest.raises(SaveError, match="cannot write"):
        write_save(target, save_of(hex4, "a1"))
    assert target.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


def valid(**changes: object) -> str:
    data: dict[str, object] = {
        "format": FORMAT,
        "version": 1,
        "game": "toy-hex",
        "options": {"size": 3},
        "moves": ["a1"],
    }
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (valid()[:40], "broken or truncated JSON at line 1, column"),
        ("", "broken or truncated JSON"),
        ("[1, 2]", "not a saved game"),
        (json.dumps({"game": "toy-hex"}), "not a saved game"),
        (valid(version=2), "saved by a newer version"),
        (valid(version="1"), "field 'version' must be a positive integer"),
        (valid(version=0), "field 'version' must be a positive integer"),
        (valid(game=5), "field 'game' must be a game name"),
        (valid(options=[3]), "field 'options' must be an object"),
        (valid(moves="a1 b2"), "field 'moves' must be a list of move texts"),
        (valid(moves=["a1", 3]), "field 'moves' must be a list of move texts"),
        (valid(players=["ann"]), "unknown field 'players'"),
    ],
)
def test_bad_files_are_refused_with_a_clear_reason(text: str, words: str) -> None:
    with pytest.raises(SaveError, match=words) as caught:
        parse_save(text, "g.json")
    assert str(caught.value).startswith("g.json: ")
    assert "\n" not in str(caught.value)


def test_a_save_of_another_game_is_refused() -> None:
    with pytest.raises(SaveError, match="this is a saved toy-hex game, not toy-tictactoe"):
        parse_save(valid(), "g.json", "toy-tictactoe")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (valid(game="go"), "unknown game 'go'"),
        (valid(options={"size": 1}), "bad options: size: Input should be greater than"),
        (valid(options={"colour": "red"}), "bad options: colour: Extra inputs"),
        (valid(moves=["a1", "a1"]), r"move 2 'a1' does not replay: HEX-2: 'a1' is not empty"),
        (valid(moves=["a1", "zz"]), "move 2 'zz' does not replay: HEX-1"),
    ],
)
def test_saves_that_do_not_replay_are_refused(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "g.json"
    path.write_text(text)
    with pytest.raises(SaveError, match=words):
        load_game(path)


def test_unreadable_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="cannot read the saved game"):
        read_save(tmp_path / "nowhere.json")
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError, match="not UTF-8"):
        read_save(binary)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_any_garbage_gives_a_save_error_and_nothing_else(text: str) -> None:
    with pytest.raises(SaveError):
        parse_save(text, "g.json")


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=len(valid()) - 1))
def test_every_truncation_of_a_save_is_refused(cut: int) -> None:
    with pytest.raises(SaveError):
        parse_save(valid()[:cut], "g.json")
