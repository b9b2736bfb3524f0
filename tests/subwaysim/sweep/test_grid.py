"""Sweep grids: `--set KEY=V1,V2,...` axes, ranges, their product and its order."""

from __future__ import annotations

import pytest

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.grid import (
    Axis,
    Setting,
    parse_axes,
    parse_axis,
    setting_order,
    settings,
    short_labels,
    varying_keys,
)


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


def test_varying_keys_and_short_labels_name_what_changes() -> None:
    grid = settings(parse_axes(["a.x=1,2", "b=p"]))
    assert varying_keys(grid) == [0]
    assert short_labels(grid) == ("a.x", ["1", "2"])
    one = [Setting((("a.x", "1"), ("b", "p")))]
    assert short_labels(one) == ("setting", ["a.x=1, b=p"])


def test_a_grid_too_large_to_validate_is_refused_at_once() -> None:
    with pytest.raises(SweepError, match=r"the grid has 100,000,000 settings \(10000 x 10000\)"):
        parse_axes(["rules.builds_per_turn=1..10000", "end.turns=1..10000"])
    many = ",".join(["1..9000"] * 30)  # each range allowed; together 270,000 values
    with pytest.raises(SweepError, match="270,000 values; a sweep has at most 10,000"):
        parse_axes([f"rules.builds_per_turn={many}"])
