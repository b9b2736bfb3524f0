"""The settings as people read them: the terminal table and report.md's tables."""

from __future__ import annotations

import io

from rich.console import Console

from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.report.summary_table import (
    markdown_table,
    metrics_markdown,
    players_markdown,
    summary_table,
)
from subwaysim.sweep.statistics.stats import summarize
from tests.subwaysim.sweep.helpers import GAMES, SETTING, record

OTHER = Setting((("rules.builds_per_turn", "10"),))
TABLE = summarize([*GAMES, record(OTHER, 0, scores=(1, 2), winners=("BRT",), reshuffles=7)])


def render(renderable: object, width: int) -> str:
    console = Console(file=io.StringIO(), width=width)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_the_markdown_table_of_seats() -> None:
    assert [s.setting for s in TABLE] == [SETTING, OTHER]  # 2 before 10
    md = markdown_table(TABLE).splitlines()
    assert md[0].startswith("| rules.builds_per_turn | games | seat 1 wins [95% CI] |")
    assert md[2].startswith("| 2 | 4 | 50% [15–85] | 25% [5–70] | 1 | 1.000 | 10.0 ± 1.6 |")


def test_the_terminal_table_fits_its_console() -> None:
    assert "50% 15–85" in render(summary_table(TABLE, title="t"), 160)
    narrow = render(summary_table(TABLE), 70)
    assert "50% 15–85" in narrow and "left out to fit: lead changes" in narrow
    assert all(len(line) <= 70 for line in narrow.splitlines())
    shown = summary_table(TABLE[:1])
    shown.caption = "… and 1 more settings"
    assert "… and 1 more settings" in render(shown, 160)


def test_players_and_design_metrics_tables() -> None:
    players = players_markdown(TABLE).splitlines()
    assert players[0] == (
        "| rules.builds_per_turn | IRT wins [95% CI] | BRT wins [95% CI] | IRT mean score "
        "| BRT mean score |"
    )
    assert players[2] == "| 2 | 50% [15–85] of 4 | 25% [5–70] of 4 | 6.0 | 4.5 |"
    metrics = metrics_markdown(TABLE).splitlines()
    assert metrics[0] == "| mean per game (rules.builds_per_turn =) | 2 | 10 |"
    assert "| `reshuffles` | 0 | 7 |" in metrics
    assert "| `coverage` | – | – |" in metrics  # undefined in these records
