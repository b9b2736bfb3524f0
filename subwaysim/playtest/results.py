"""A played sweep as the report reads it: its games, each setting's statistics, and its
paired comparisons with the baseline from the sweep's own `compare.csv`."""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass, field
from pathlib import Path

from subwaysim.playtest.questions import FIRST_WIN, Part
from subwaysim.playtest.runs import Run
from subwaysim.sweep.plan.grid import parse_axes, settings
from subwaysim.sweep.report.report_files import COMPARE
from subwaysim.sweep.run.failures import FAILED, read_failures
from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.results import GameRecord, read_games
from subwaysim.sweep.statistics.stats import SettingStats, summarize
from tabletop.cells import read_cell

NAN = float("nan")
SIGNIFICANCE = 0.05


@dataclass(frozen=True, slots=True)
class Comparison:
    """One compare.csv row: a metric under `value` minus under the baseline."""

    value: str
    metric: str
    baseline_mean: float
    mean: float
    difference: float
    low: float
    high: float
    p_adjusted: float
    identical: bool  # every paired game was the same game (compare.py's "identical")

    @property
    def known(self) -> bool:
        return not (math.isnan(self.low) or math.isnan(self.high))

    @property
    def excludes_zero(self) -> bool:
        return self.known and not self.low <= 0 <= self.high

    @property
    def significant(self) -> bool:
        """Detected: its 95% interval excludes 0 and Holm's adjusted p is below 0.05 (as
        compare.py calls a difference higher or lower)."""
        return self.excludes_zero and self.p_adjusted < SIGNIFICANCE


@dataclass(frozen=True, slots=True)
class PartResult:
    """What one sweep played: games, per-setting statistics and comparisons."""

    run: Run
    records: tuple[GameRecord, ...]
    stats: dict[str, SettingStats]  # by the swept value
    comparisons: dict[tuple[str, str], Comparison] = field(default_factory=dict)
    failures: int = 0
    first_seat: str = ""

    @property
    def part(self) -> Part:
        return self.run.part

    @property
    def values(self) -> list[str]:
        """The swept values that have games, the baseline first."""
        return [v for v in self.part.values if v in self.stats]

    def metric_name(self, metric: str) -> str:
        """compare.csv's name of a headline metric (the first seat's player by name)."""
        return f"player_{self.first_seat}_win_rate" if metric == FIRST_WIN else metric

    def compared(self, value: str, metric: str) -> Comparison | None:
        return self.comparisons.get((value, self.metric_name(metric)))

    def inert(self, value: str) -> bool:
        rows = [c for (v, _), c in self.comparisons.items() if v == value]
        return bool(rows) and all(c.identical for c in rows)

    def games(self, value: str) -> list[GameRecord]:
        index = self.key_index
        return [r for r in self.records if r.setting.values[index] == value]

    @property
    def key_index(self) -> int:
        return 0  # the swept key is the sweep's first axis (Part.specs)


def load(run: Run) -> PartResult | None:
    """The sweep's results, or None if it has no games yet."""
    games = run.folder / GAMES
    if not games.exists():
        return None
    table = read_games(games)
    if not table.records:
        return None
    stats = {s.setting.values[0]: s for s in summarize(table.records)}
    failures = len(read_failures(run.folder / FAILED, table.layout.keys))
    first = table.records[0].seats[0]
    comparisons = read_compare(run.folder / COMPARE, labels(table.layout.keys, run))
    return PartResult(run, table.records, stats, comparisons, failures, first)


def labels(keys: tuple[str, ...], run: Run) -> dict[str, str]:
    """compare.csv's setting label -> the swept value, for every setting of the grid."""
    specs = [*run.part.specs(), *_player_axes(keys, run)]
    return {s.label(): s.values[0] for s in settings(parse_axes(specs))}


def _player_axes(keys: tuple[str, ...], run: Run) -> list[str]:
    return [f"{k}={run.agent.spec}" for k in keys if k.startswith("players.")]


def read_compare(path: Path, values: dict[str, str]) -> dict[tuple[str, str], Comparison]:
    if not path.exists():
        return {}
    rows: dict[tuple[str, str], Comparison] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            value = values.get(read_cell(row["setting"]))
            if value is None:
                continue  # a value no longer in the part's grid (an older playtest's)
            numbers = {k: _real(row[k]) for k in ("baseline_mean", "mean", "difference")}
            low, high, p = _real(row["low"]), _real(row["high"]), _real(row["p"])
            identical = numbers["difference"] == 0 and low == 0 and high == 0 and p == 1
            rows[(value, row["metric"])] = Comparison(
                value, row["metric"], **numbers, low=low, high=high,
                p_adjusted=_real(row["p_adjusted"]), identical=identical,
            )  # fmt: skip
    return rows


def _real(text: str) -> float:
    try:
        return float(text) if text else NAN
    except ValueError:
        return NAN
