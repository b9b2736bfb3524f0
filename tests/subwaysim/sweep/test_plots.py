"""The per-setting plots: win rates, scores and margins, game length; saved as PNGs."""

from __future__ import annotations

from pathlib import Path

from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.report.plots import (
    GAME_LENGTH,
    SCORES,
    WIN_RATES,
    axis_labels,
    outcome_figures,
    save_figures,
)
from subwaysim.sweep.statistics.stats import summarize
from tests.subwaysim.sweep.helpers import GAMES, record

OTHER = Setting((("rules.builds_per_turn", "10"),))
RECORDS = [*GAMES, record(OTHER, 0, scores=(1, 2), winners=("BRT",))]


def test_settings_are_labelled_by_the_keys_that_vary() -> None:
    assert axis_labels(summarize(RECORDS)) == ("rules.builds_per_turn", ["2", "10"])


def test_the_figures_are_saved_as_png_files_the_same_every_time(tmp_path: Path) -> None:
    table = summarize(RECORDS)
    names = save_figures(tmp_path, outcome_figures(table, RECORDS))
    assert names == [WIN_RATES, SCORES, GAME_LENGTH]
    first = (tmp_path / WIN_RATES).read_bytes()
    assert first.startswith(b"\x89PNG")
    save_figures(tmp_path, outcome_figures(table, RECORDS))
    assert (tmp_path / WIN_RATES).read_bytes() == first  # no time stamp in the file
