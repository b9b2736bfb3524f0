"""games.csv: one line per game with the contract's columns, round trips, torn lines."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.results import METRICS, Layout, format_rows, read_games
from tests.subwaysim.sweep.helpers import record

CONTRACT_METRICS = [
    "reshuffles", "build_points_used", "track_built", "stations_built", "express_stations",
    "removals", "intensifies", "whole_phase_builds", "extra_trip_points", "hazard_crossings",
    "coverage", "trip_length_mean",
]  # fmt: skip


def test_the_header_holds_every_metric_the_contract_names() -> None:
    header = Layout(("end.turns",), ("IRT", "BRT")).header
    assert header[:7] == ["end.turns", "game", "seed", "seats", "score_IRT", "score_BRT", "winners"]
    assert set(CONTRACT_METRICS) <= set(header)
    assert header[-2:] == ["end", "digest"]
    assert all(name in METRICS for name in header[7:-2])  # each one defined for the report


def test_games_csv_lines_round_trip_and_quote_bracketed_values(tmp_path: Path) -> None:
    layout = Layout(("board.sections", "end.turns"), ("IRT", "BRT"))
    s = Setting((("board.sections", "[2, 2]"), ("end.turns", "5")))
    games = [
        record(s, 0, reshuffles=4, build_points_used=0.75, coverage=0.125, digest="ab12"),
        record(s, 1, seats=("BRT", "IRT"), scores=(4, 4), winners=("BRT", "IRT")),
    ]
    path = tmp_path / "games.csv"
    text = format_rows(layout, games)
    first = text.splitlines()[1]
    assert first.startswith('"[2, 2]",5,0,7,IRT BRT,3,1,IRT,10,12,6,1,2,1,4,4,')
    assert first.endswith(",0.75,0.125,,turns,ab12")  # no trips: an empty trip_length_mean
    assert text.splitlines()[2].startswith('"[2, 2]",5,1,7,BRT IRT,4,4,BRT IRT,')
    path.write_text(text)
    table = read_games(path)
    assert table.layout == layout
    assert table.records[0] == games[0]
    assert math.isnan(table.records[1].coverage)
    assert table.records[1].score_of() == {"BRT": 4, "IRT": 4}


def test_a_swept_key_named_like_a_column_keeps_its_own_value(tmp_path: Path) -> None:
    # Sweeping the whole `end` mapping (SG-20) or `seed` gives two columns of one name.
    layout = Layout(("end", "seed"), ("IRT", "BRT"))
    s = Setting((("end", "{turns: null, score: 40}"), ("seed", "3")))
    game = record(s, 0, seed=99, end="score")
    path = tmp_path / "games.csv"
    path.write_text(format_rows(layout, [game]))
    assert read_games(path).records == (game,)


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
    path.write_text(lines[0] + lines[1].replace(",,turns", ",x,turns"))
    with pytest.raises(SweepError, match="line 2 is damaged: trip_length_mean is 'x'"):
        read_games(path)


def test_an_older_games_csv_is_refused_naming_the_missing_columns(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    path.write_text("end.turns,game,seed,seats,score_IRT,winners,turns,end\n")
    with pytest.raises(SweepError, match=r"no trips, subway_trips, .* column.*another version"):
        read_games(path)
