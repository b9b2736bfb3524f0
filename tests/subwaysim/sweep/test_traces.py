"""traces.jsonl: one JSON line per game, read back whole; a torn last line is dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.run.traces import GameTrace, format_traces, matching, read_traces

TRACE = GameTrace(
    setting=("2", "[2, 2]"),
    game=4,
    width=6,
    height=6,
    rounds=((0, 2), (3, 2)),
    distances={3: 2, 0: 1},
    track={"c4": 2},
    origins={"a1": 1},
    destinations={"f6": 3},
)


def test_a_trace_round_trips_through_one_json_line() -> None:
    line = TRACE.to_json()
    assert "\n" not in line
    assert line.startswith('{"setting":["2","[2, 2]"],"game":4,"width":6,"height":6,')
    assert '"distances":{"0":1,"3":2}' in line  # sorted, so equal games write equal lines
    assert '"track":[' + "0," * 20 + "2," + "0," * 14 + "0]" in line  # c4: the 21st square
    assert GameTrace.from_json(line) == TRACE
    short = line.replace('"origins":[1,', '"origins":[')
    with pytest.raises(ValueError, match="35 square counts for a 6 x 6 board"):
        GameTrace.from_json(short)


def test_a_torn_last_line_is_dropped_and_damage_refused(tmp_path: Path) -> None:
    path = tmp_path / "traces.jsonl"
    assert read_traces(path).traces == ()  # no file yet
    text = format_traces([TRACE])
    path.write_text(text + '{"setting":["2"')
    read = read_traces(path)
    assert (read.traces, read.clean_bytes) == ((TRACE,), len(text))
    path.write_text(text + '{"setting": []}\n')
    with pytest.raises(SweepError, match=r"traces.jsonl: line 2 is damaged: KeyError\('width'\)"):
        read_traces(path)


def test_matching_keeps_one_trace_per_finished_game() -> None:
    other = GameTrace(("3", "x"), 4, 6, 6, (), {}, {}, {}, {})
    assert matching([TRACE, other, TRACE], {TRACE.key}) == [TRACE]
