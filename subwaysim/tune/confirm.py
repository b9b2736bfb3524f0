"""The confirmation: the search's best setting (or the Pareto front's few best) played
against the scenario's own setting on `--confirm` fresh games with common seeds (game k of
each setting is dealt the same cards), compared like the sweep's compare.csv: the paired
mean difference with a 95% bootstrap interval, Wilcoxon or McNemar p, Holm-adjusted over
every row of the confirmation. Each target measure also gets its confirmed mean with a 95%
Student t interval. The winner is chosen on these confirmed means, not on the search's.

The confirmation's games are kept in DIR/confirm.csv (games.csv's format, one more column,
`role`), so a rerun after a kill plays only the games still missing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy import stats

from subwaysim.scenario import Scenario
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.backends import Backend
from subwaysim.sweep.run.play import Outcome, Played
from subwaysim.sweep.run.results import GameRecord, GamesWriter, Layout, format_rows, read_games
from subwaysim.sweep.statistics.compare import (
    Difference,
    Metric,
    SettingDifferences,
    compare_setting,
    holm_adjusted,
    metrics,
)
from subwaysim.sweep.statistics.inference import CONFIDENCE
from subwaysim.sweep.statistics.metrics import DERIVED
from subwaysim.tune.measures import Measure, per_game_values, summary_values
from subwaysim.tune.plan import CONFIRM_FROM, TunePlan
from subwaysim.tune.targets import Target
from tabletop.files import atomic_write_text

CONFIRM_FILE = "confirm.csv"
ROLE = "role"
BASELINE = "baseline"
NAN = float("nan")
WIN_MEASURES = ("advantage", "drawishness")


@dataclass(frozen=True, slots=True)
class TargetRow:
    """One target under one confirmed setting: mean [t interval], the baseline's mean, the
    paired difference from the baseline (None for a summary measure)."""

    target: Target
    mean: float
    low: float
    high: float
    baseline_mean: float
    difference: Difference | None

    @property
    def objective(self) -> float:
        return self.target.objective(self.mean)

    @property
    def baseline_objective(self) -> float:
        return self.target.objective(self.baseline_mean)

    def within(self) -> bool | None:
        """For a VALUE target: does the 95% interval hold the value? (None otherwise)"""
        if self.target.goal != "value" or math.isnan(self.low):
            return None
        return self.low <= self.target.value <= self.high

    def significant(self) -> bool:
        d = self.difference
        return d is not None and d.verdict() in ("higher", "lower")


@dataclass(frozen=True, slots=True)
class Candidate:
    trial: int
    setting: Setting
    games: tuple[GameRecord, ...]
    differences: SettingDifferences
    rows: tuple[TargetRow, ...]


@dataclass(frozen=True, slots=True)
class Confirmation:
    baseline: Setting
    baseline_note: str
    baseline_games: tuple[GameRecord, ...]
    candidates: tuple[Candidate, ...]
    winner: Candidate | None
    keep_baseline: str  # why the scenario's own setting stays, or ""
    failed: int


def t_interval(values: np.ndarray) -> tuple[float, float, float]:
    """Mean and its 95% Student t interval (NaN interval under 2 values)."""
    if not len(values):
        return NAN, NAN, NAN
    mean = float(np.mean(values))
    if len(values) < 2:
        return mean, NAN, NAN
    se = float(np.std(values, ddof=1) / math.sqrt(len(values)))
    if se == 0:
        return mean, mean, mean
    low, high = stats.t.interval(CONFIDENCE, len(values) - 1, loc=mean, scale=se)
    return mean, float(low), float(high)


def compared_metrics(
    plan: TunePlan, records: Sequence[GameRecord]
) -> dict[str, tuple[Metric, bool]]:
    """compare.csv's metrics, the derived ones and every per-game target measure."""
    table = dict(metrics(records))
    for name, (fn, _) in DERIVED.items():
        table.setdefault(name, (fn, False))
    for target in plan.targets:
        m = plan.measures[target.measure]
        if m.per_game is not None:
            table.setdefault(m.name, (m.per_game, _is_win(m.name)))
    return table


def _is_win(name: str) -> bool:
    return (name.endswith("_win_rate") and name != "first_seat_win_rate") or name in WIN_MEASURES


def measure_of(
    measure: Measure, records: Sequence[GameRecord], setting: Setting
) -> tuple[float, float, float]:
    if measure.per_game is not None:
        return t_interval(per_game_values(measure, records))
    return summary_values(records, setting).get(measure.name, NAN), NAN, NAN


def judge(
    plan: TunePlan,
    baseline: Setting,
    base_games: Sequence[GameRecord],
    chosen: Sequence[tuple[int, Setting, Sequence[GameRecord]]],
) -> tuple[list[Candidate], Candidate | None, str]:
    """The statistics of every confirmed setting, the winner, and why to keep the
    scenario's own setting instead (or "")."""
    everything = [*base_games, *(g for _, _, games in chosen for g in games)]
    table = compared_metrics(plan, everything)
    compared = holm_adjusted(
        [compare_setting(games, base_games, s, baseline, table, True) for _, s, games in chosen]
    )
    candidates = []
    for (trial, setting, games), diffs in zip(chosen, compared, strict=True):
        by_metric = {d.metric: d for d in diffs.rows}
        rows = []
        for target in plan.targets:
            m = plan.measures[target.measure]
            mean, low, high = measure_of(m, games, setting)
            base_mean = measure_of(m, base_games, baseline)[0]
            rows.append(TargetRow(target, mean, low, high, base_mean, by_metric.get(m.name)))
        candidates.append(Candidate(trial, setting, tuple(games), diffs, tuple(rows)))
    if not candidates:
        return [], None, "no setting was confirmed"
    winner = min(candidates, key=lambda c: (_rank(plan, candidates, c), c.trial))
    return candidates, winner, keep_reason(winner, baseline)


def _rank(plan: TunePlan, candidates: Sequence[Candidate], c: Candidate) -> float:
    """How far the confirmed means fall short of the targets, in standard errors of the
    confirmation (`study.shortfall`)."""
    from subwaysim.tune.study import shortfall

    everyone = [[_mean_se(r) for r in x.rows] for x in candidates]
    return shortfall(plan, [_mean_se(r) for r in c.rows], everyone)


def _mean_se(row: TargetRow) -> tuple[float, float]:
    """The mean and its standard error, back from the t interval's half width."""
    n = row.difference.games if row.difference is not None else 0
    if math.isnan(row.low) or n < 2:
        return row.mean, NAN
    half = (row.high - row.low) / 2
    return row.mean, half / float(stats.t.ppf(0.5 + CONFIDENCE / 2, n - 1))


def keep_reason(winner: Candidate, baseline: Setting) -> str:
    """Why the scenario's own setting should stay, or "" if the winner is better."""
    if winner.differences.inert and winner.setting == baseline:
        return (
            "the best setting the confirmation found is the scenario's own "
            f"({baseline.label()}): it meets the targets as well as anything the search tried"
        )
    if winner.differences.inert:
        return (
            "the tuned setting plays the very same games as the scenario's own setting "
            f"({winner.differences.games} of {winner.differences.games} identical): the "
            "varied keys change nothing here"
        )
    if not any(r.significant() for r in winner.rows):
        return (
            "no target measure differs detectably from the scenario's own setting (every "
            "paired 95% interval holds 0, or p adj. >= 0.05): what the search found is noise"
        )
    better = [_better(r) for r in winner.rows]
    if not any(better):
        return "the scenario's own setting is as near every target as the tuned one, or nearer"
    return ""


def _better(row: TargetRow) -> bool:
    """The tuned setting is nearer this target than the baseline, detectably."""
    if not row.significant():
        return False
    if row.target.direction == "maximize":
        return row.objective > row.baseline_objective
    return row.objective < row.baseline_objective


# --- playing the confirmation's games -------------------------------------------------


def confirm_layout(plan: TunePlan, players: Sequence[str]) -> Layout:
    return Layout((ROLE, *(p.key for p in plan.params)), tuple(players))


def play_confirmation(
    plan: TunePlan,
    folder: Path,
    settings: Sequence[tuple[str, Setting, Scenario]],
    backend: Backend,
    on_game: Callable[[Outcome], None] | None = None,
) -> tuple[dict[str, list[GameRecord]], int]:
    """The `--confirm` games of each (role, setting, scenario), resuming confirm.csv."""
    players = list(dict.fromkeys(p for _, _, s in settings for p in s.player_names))
    layout = confirm_layout(plan, players)
    path = folder / CONFIRM_FILE
    wanted = {(role, *s.values) for role, s, _ in settings}
    kept: list[GameRecord] = []
    if path.exists():
        try:
            table = read_games(path)
        except SweepError:
            table = None  # damaged beyond a torn line: play the confirmation again
        if table is not None and table.layout == layout:
            kept = [r for r in table.records if r.setting.values in wanted]
    atomic_write_text(path, format_rows(layout, kept))
    done = {r.key for r in kept}
    games = range(CONFIRM_FROM, CONFIRM_FROM + plan.confirm)
    tasks = []
    for role, setting, scenario in settings:
        tagged = Setting(((ROLE, role), *setting.pairs))
        tasks += [
            t for t in plan.tasks(tagged, scenario, games) if (tagged.values, t.game) not in done
        ]
    writer = GamesWriter(path, layout, path.stat().st_size)
    failed = 0
    try:
        for outcome in backend(tasks):
            if isinstance(outcome, Played):
                writer.add(outcome.record)
                kept.append(outcome.record)
            else:
                failed += 1
            if on_game is not None:
                on_game(outcome)
    finally:
        writer.close()
    by_role: dict[str, list[GameRecord]] = {role: [] for role, _, _ in settings}
    for r in kept:
        role = r.setting.values[0]
        if role in by_role:
            by_role[role].append(_untagged(r))
    for games in by_role.values():
        games.sort(key=lambda r: r.game)
    return by_role, failed


def _untagged(record: GameRecord) -> GameRecord:
    from dataclasses import replace

    return replace(record, setting=Setting(record.setting.pairs[1:]))
