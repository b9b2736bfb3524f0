"""compare.csv, report.md's Differences section and the terminal's table of differences."""

from __future__ import annotations

import csv
import io

import pytest
from rich.console import Console

from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.report.differences import compare_csv, differences_markdown, found_table
from subwaysim.sweep.statistics.compare import compare_all
from tests.subwaysim.sweep.helpers import record

BASE = Setting((("rules.builds_per_turn", "3"),))
LOW = Setting((("rules.builds_per_turn", "1"),))
SAME = Setting((("rules.builds_per_turn", "4"),))


def sweep(n: int = 14) -> list:  # type: ignore[type-arg]
    """n games per setting: 1 scores 5 less than the baseline every game; 4 changes nothing."""
    games = []
    for k in range(n):
        base = (10 + k % 3, 8 - k % 2)
        games.append(record(BASE, k, scores=base, digest=f"d{k}"))
        games.append(record(SAME, k, scores=base, digest=f"d{k}"))
        games.append(record(LOW, k, scores=(base[0] - 5, base[1] - 5), digest=f"e{k}"))
    return games


def test_compare_csv_has_the_contract_s_columns() -> None:
    rows = list(csv.reader(io.StringIO(compare_csv(compare_all(sweep(), BASE)))))
    assert rows[0] == [
        "setting", "baseline", "metric", "baseline_mean", "mean", "difference", "low", "high",
        "p", "p_adjusted",
    ]  # fmt: skip
    by_key = {(r[0], r[2]): r for r in rows[1:]}
    low = by_key[("rules.builds_per_turn=1", "points_per_player")]
    assert low[1] == "rules.builds_per_turn=3"
    assert (float(low[5]), float(low[6]), float(low[7])) == (-5.0, -5.0, -5.0)
    assert float(low[8]) == pytest.approx(2 / 2**14, rel=1e-5)  # 14 of 14 negative
    same = by_key[("rules.builds_per_turn=4", "score_IRT")]
    assert same[5:10] == ["0", "0", "0", "1", "1"]


def test_the_differences_section_says_what_changed_and_what_did_not() -> None:
    md = differences_markdown(compare_all(sweep(), BASE))
    assert "### rules.builds_per_turn=1 vs rules.builds_per_turn=3" in md
    assert "14 paired games, 0 of them identical" in md
    # points per player and both scores drop by 5 in every game: one number, one test
    assert "| `points_per_player` | 9.21 | 4.21 | -5 [-5, -5] | <0.001 | <0.001 | lower |" in md
    assert "| `margin` | 3.43 | 3.43 | 0 [0, 0] | 1.000 | 1.000 | no detectable effect |" in md
    assert "| `coverage` | – | – | – [–, –] | – | – | undefined in these games |" in md
    assert (
        "### rules.builds_per_turn=4 vs rules.builds_per_turn=3\n\n"
        "14 paired games, 14 of them identical (equal event logs).\n\n"
        "**identical games: this setting changed nothing** (every difference 0)."
    ) in md
    assert differences_markdown([]).startswith("Only one setting was played")


def test_the_terminal_lists_only_the_differences_found() -> None:
    console = Console(file=io.StringIO(), width=100)
    console.print(found_table(compare_all(sweep(), BASE)))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Differences from 3" in out and "points_per_player" in out
    assert "4 " not in out.split("\n", 3)[-1]  # the inert setting has no rows
    assert found_table(compare_all([r for r in sweep() if r.setting != LOW], BASE)) is None
