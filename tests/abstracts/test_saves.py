"""Saved games: versioned JSON, atomic writes, clear refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts.core import Game, get_game
from abstracts.saved_games import load_game
from tabletop.saves import (
    FORMAT,
    VERSION,
    SavedGame,
    SaveError,
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
    with pytest.raises(SaveError, match="UTF-16 text; save it as UTF-8"):
        read_save(binary)
    latin = tmp_path / "l.json"
    latin.write_bytes(b'{"game": "caf\xe9"}')
    with pytest.raises(SaveError, match=r"not UTF-8 text \(byte 0xe9 on line 1\)"):
        read_save(latin)


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


# ------------------------------------------------------------------ hostile save files


def saved(**fields: object) -> str:
    data = {"format": FORMAT, "version": VERSION, "game": "thruway", "options": {}, "moves": []}
    return json.dumps({**data, **fields})


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (saved(options={"size": 10**4000}), "bad options: size: Input should be less than"),
        (saved(options={"size": "seven"}), "bad options: size: Input should be a valid integer"),
        (saved(options={"size": [7]}), "bad options: size"),
        (saved(options={"size": 7, "colour": "red"}), "bad options: colour: Extra inputs"),
        (saved(moves=[7]), "field 'moves' must be a list of move texts"),
        (saved(moves="a1-b1"), "field 'moves' must be a list of move texts"),
        (saved(version=10**5000 if False else 2**80), "saved by a newer version"),
        (saved(version=True), "field 'version' must be a positive integer"),
        (saved(game=["thruway"]), "field 'game' must be a game name"),
        (saved(options={"size": 7}, moves=["x" * 10_000]), "move 1 'xxxxxxxx"),
    ],
)
def test_wrong_types_and_huge_values_are_save_errors(text: str, words: str) -> None:
    with pytest.raises(SaveError, match=r"^h\.json: ") as caught:
        load_from_text(text)
    assert words in str(caught.value) and len(str(caught.value)) < 400


def load_from_text(text: str) -> None:
    from abstracts.saved_games import replay

    replay(parse_save(text, "h.json"), "h.json")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"format": ' + "9" * 5000 + "}", "not a saved game: a number of 4,300 digits or more"),
        ("[" * 100_000 + "]" * 100_000, "not a saved game: nested too deeply"),
        ('{"a": ' * 40 + "1" + "}" * 40, "nested deeper than 32 levels"),
        (saved(options={"size": float("nan")}), "NaN is not a JSON number"),
        (saved(options={"size": float("inf")}), "Infinity is not a JSON number"),
    ],
)
def test_numbers_and_nesting_json_cannot_hold_are_refused(text: str, words: str) -> None:
    with pytest.raises(SaveError, match=r"^h\.json: ") as caught:
        parse_save(text, "h.json")
    assert words in str(caught.value)


def test_a_save_file_that_is_a_folder_a_device_or_huge(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=r"cannot read the saved game \(is a folder, not a file\)"):
        read_save(tmp_path)
    with pytest.raises(SaveError, match=r"/dev/zero: cannot read the saved game \(not a regular"):
        read_save("/dev/zero")
    huge = tmp_path / "huge.json"
    with huge.open("wb") as out:
        out.truncate(10**11)
    with pytest.raises(SaveError, match="bytes or more; the limit is 2,000,000 bytes"):
        read_save(huge)


def test_a_bad_map_inside_a_save_is_a_save_error() -> None:
    bad_map = {"name": "X", "stops": [{"id": "A", "name": "A"}], "routes": {"R": ["A", "Q"]}}
    text = saved(game="transit-chess", options={"map": bad_map, "seed": 1})
    with pytest.raises(SaveError, match=r"^h\.json: bad options: map option: route 'R' names"):
        load_from_text(text)
    nested = saved(game="transit-chess", options={"map": {"name": {"x": [[[1]]]}}, "seed": 1})
    with pytest.raises(SaveError, match=r"^h\.json: bad options"):
        load_from_text(nested)


def test_a_save_never_makes_the_program_read_a_path_it_names(tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("name: Secret\nstops: [{id: A, name: A}, {id: B, name: B}]\n"
                      "routes: {R: [A, B]}\n")  # fmt: skip
    text = saved(game="transit-chess", options={"map": str(secret), "seed": 1})
    with pytest.raises(SaveError, match=r"is not a bundled map .* never a file's name"):
        load_from_text(text)
    assert get_game("transit-chess", map=str(secret), seed=1).system is not None  # CLI may


def test_a_map_file_travels_in_the_save_as_its_contents(tmp_path: Path) -> None:
    source = tmp_path / "mine.yaml"
    source.write_text("name: Mine\nstops: [{id: A, name: A}, {id: B, name: B}, {id: C, name: C}]\n"
                      "routes: {R: [A, B, C]}\n")  # fmt: skip
    game = get_game("transit-chess", map=str(source), seed=4)
    path = tmp_path / "g.json"
    write_save(path, save_of(game, str(game.initial_state().legal_moves()[0])))
    source.unlink()  # the save does not need the file any more
    options = json.loads(path.read_text())["options"]
    assert options["map"]["name"] == "Mine" and str(source) not in path.read_text()
    replayed = load_game(path, "transit-chess")
    assert replayed.game.system == game.system and len(replayed.moves) == 1
    bundled = get_game("transit-chess", map="Boston T", seed=4)
    assert bundled.saved_options()["map"] == "boston"  # a bundled map: its key
