"""Reading a sweep's compare.csv back: rows to the swept value, detection as compare.py."""

from __future__ import annotations

from pathlib import Path

from subwaysim.playtest.options import AgentRun
from subwaysim.playtest.questions import QUESTIONS, Part
from subwaysim.playtest.results import labels, read_compare
from subwaysim.playtest.runs import Run

PART = Part(
    "ending", "how the game ends", "end", ("{turns: 30}", "{turns: null, score: 50}"),
    context=("rules.populated_build=surcharge",),
)  # fmt: skip
RUN = Run(QUESTIONS[4], PART, AgentRun("greedy", 4), Path("out"))
KEYS = ("end", "rules.populated_build", "players.0.agent", "players.1.agent")
LABEL = (
    "end={turns: null, score: 50}, rules.populated_build=surcharge, "
    "players.0.agent=greedy, players.1.agent=greedy"
)


def test_labels_map_back_to_the_swept_value_even_with_commas_inside() -> None:
    assert labels(KEYS, RUN)[LABEL] == "{turns: null, score: 50}"


def test_compare_rows_detected_suggested_identical(tmp_path: Path) -> None:
    csv = tmp_path / "compare.csv"
    base = LABEL.replace("{turns: null, score: 50}", "{turns: 30}")
    csv.write_text(
        "setting,baseline,metric,baseline_mean,mean,difference,low,high,p,p_adjusted\n"
        f'"{LABEL}","{base}",margin,10,14,4,1,7,0.001,0.01\n'
        f'"{LABEL}","{base}",turns,60,50,-10,-12,-8,0.001,0.2\n'
        f'"{LABEL}","{base}",trips,5,5,0,0,0,1,1\n'
        f'"{LABEL}","{base}",coverage,,,,,,,\n'
        f'"other=1","{base}",margin,1,1,0,0,0,1,1\n'
    )
    rows = read_compare(csv, labels(KEYS, RUN))
    value = "{turns: null, score: 50}"
    assert set(rows) == {(value, m) for m in ("margin", "turns", "trips", "coverage")}
    assert rows[(value, "margin")].significant
    turns = rows[(value, "turns")]
    assert turns.excludes_zero and not turns.significant  # Holm leaves p = 0.2
    assert rows[(value, "trips")].identical and not rows[(value, "trips")].significant
    assert not rows[(value, "coverage")].known


def test_no_compare_file_no_rows(tmp_path: Path) -> None:
    assert read_compare(tmp_path / "compare.csv", {}) == {}
