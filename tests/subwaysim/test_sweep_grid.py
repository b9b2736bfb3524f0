"""Sweep grids (`--set KEY=V1,V2,...`, ranges), per-game seeds, and games.csv lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.grid import Axis, Setting, parse_axes, parse_axis, setting_order, settings
from subwaysim.sweep.results import GameRecord, Layout, format_rows, read_games
from subwaysim.sweep.seeds import game_seed


def test_values_split_on_top_level_commas_and_ranges_expand() -> None:
    assert parse_axis("rules.builds_per_turn=1..4") == Axis(
        "rules.builds_per_turn", ("1", "2", "3", "4")
    )
    assert parse_axis("board.sections=[2, 2],[3, 3], [1,4]").values == ("[2, 2]", "[3, 3]", "[1,4]")
    assert parse_axis("cards.decks=three,'two'").values == ("three", "'two'")
    assert parse_axis("end.turns=5,10..12").values == ("5", "10", "11", "12")
    assert parse_axis("rules.trip_mode=queue_pairs").values == ("queue_pairs",)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rules.builds_per_turn", "expected KEY=VALUE"),
        ("=1,2", "expected KEY=VALUE"),
        ("end.turns=1,,2", "empty value"),
        ("end.turns=6..1", "range '6..1' is empty"),
        ("end.turns=1,2,1", "value '1' is given more than once"),
        ("board.sections=[2, 2", "unbalanced"),
        ("seed=1,2", "use --seed"),
    ],
)
def test_bad_axes_are_refused_with_the_key(spec: str, message: str) -> None:
    with pytest.raises(SweepError, match=message):
        parse_axis(spec)


def test_a_key_given_twice_is_refused() -> None:
    with pytest.raises(SweepError, match=r"end\.turns: the key is given more than once"):
        parse_axes(["end.turns=1", "end.turns=2"])


def test_settings_are_the_cartesian_product_first_axis_slowest() -> None:
    axes = parse_axes(["a.x=1,2", "b=p,q,r"])
    grid = settings(axes)
    assert [s.values for s in grid] == [
        ("1", "p"), ("1", "q"), ("1", "r"), ("2", "p"), ("2", "q"), ("2", "r")
    ]  # fmt: skip
    assert grid[4].overrides() == ["a.x=2", "b=q"]
    assert settings(()) == [Setting(())]


def test_settings_sort_numbers_by_size() -> None:
    grid = [Setting((("k", v),)) for v in ("10", "2", "b", "-1", "a")]
    assert [s.values[0] for s in sorted(grid, key=setting_order)] == ["-1", "2", "10", "a", "b"]


def test_seeds_depend_on_sweep_seed_setting_and_game_only() -> None:
    one = Setting((("rules.builds_per_turn", "2"), ("end.turns", "5")))
    same = Setting((("end.turns", "5"), ("rules.builds_per_turn", "2")))
    other = Setting((("rules.builds_per_turn", "3"), ("end.turns", "5")))
    assert game_seed(1, one, 0) == game_seed(1, same, 0)  # axis order does not matter
    seeds = {game_seed(s, g, n) for s in (1, 2) for g in (one, other) for n in range(50)}
    assert len(seeds) == 200
    assert all(0 <= s < 2**63 for s in seeds)


def test_seed_derivation_is_pinned() -> None:
    # Pinned: changing the derivation would make old sweep folders unresumable.
    assert game_seed(1, Setting((("rules.builds_per_turn", "2"),)), 0) == 9058846083822013348
    assert game_seed(0, Setting(()), 0) == 6661184791649532980


def record(setting: Setting, game: int, **fields: object) -> GameRecord:
    base: dict[str, object] = {
        "seed": 7,
        "seats": ("IRT", "BRT"),
        "scores": (3, 1),
        "winners": ("IRT",),
        "turns": 10,
        "trips": 12,
        "subway_trips": 6,
        "shared_trips": 1,
        "shared_points": 2,
        "lead_changes": 1,
        "leader_since": 4,
        "end": "turns",
    }
    base.update(fields)
    return GameRecord(setting=setting, game=game, **base)  # type: ignore[arg-type]


def test_games_csv_lines_round_trip_and_quote_bracketed_values(tmp_path: Path) -> None:
    layout = Layout(("board.sections", "end.turns"), ("IRT", "BRT"))
    s = Setting((("board.sections", "[2, 2]"), ("end.turns", "5")))
    games = [
        record(s, 0),
        record(s, 1, seats=("BRT", "IRT"), scores=(4, 4), winners=("BRT", "IRT")),
    ]
    path = tmp_path / "games.csv"
    text = format_rows(layout, games)
    assert text.splitlines()[1] == '"[2, 2]",5,0,7,IRT BRT,3,1,IRT,10,12,6,1,2,1,4,turns'
    assert text.splitlines()[2].startswith('"[2, 2]",5,1,7,BRT IRT,4,4,BRT IRT,')
    path.write_text(text)
    table = read_games(path)
    assert table.layout == layout
    assert table.records == tuple(games)
    assert table.records[1].score_of() == {"BRT": 4, "IRT": 4}


def test_a_torn_last_line_is_dropped_and_other_damage_refused(tmp_path: Path) -> None:
    layout = Layout(("end.turns",), ("IRT", "BRT"))
    s = Setting((("end.turns", "5"),))
    text = format_rows(layout, [record(s, 0), record(s, 1)])
    path = tmp_path / "games.csv"
    path.write_text(text + "5,2,7,IRT BR")  # killed while appending game 2
    table = read_games(path)
    assert [r.game for r in table.records] == [0, 1]
    assert (table.clean_bytes, table.torn_bytes) == (len(text), len("5,2,7,IRT BR"))
    lines = text.splitlines(keepends=True)
    path.write_text(lines[0] + "5,0,7,IRT BRT,3\n" + lines[2])
    with pytest.raises(SweepError, match="line 2 is damaged: has 5 fields"):
        read_games(path)
