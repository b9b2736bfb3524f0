"""Every setting against the baseline, metric by metric: the rows of compare.csv and of
report.md's "Differences" (the intervals and tests are in `inference.py`).

With common random numbers (the default) game k of a setting and game k of the baseline
were dealt the same cards, so the comparison is paired, over the games both finished: the
difference is the mean of the per-game differences, its 95% interval a paired bootstrap
(BCa, `scipy.stats.bootstrap(paired=True)`), its p-value a Wilcoxon signed-rank test for
scores, counts and shares, or McNemar's exact test (an exact binomial test of the games
won under one setting but not the other) for wins. With `--independent` the games are not
paired: an unpaired bootstrap of the difference in means, Mann-Whitney U, Fisher's exact
test. When every paired game is the same game, event for event (equal digests), or plays
the same (equal play digests, where the folder has them: `plays_file`), the setting changed
nothing: difference 0, interval [0, 0], p = 1, and it is tested for nothing.

p-values are Holm-adjusted over the report's *tests*: the rows of settings that changed
something, less the measures that no game changes (nothing to test, e.g. always 60 turns)
and the measures whose per-game differences repeat an earlier measure's for that setting
up to a factor (one number counted twice: complementary win rates, rounds and turns):
such a row takes its twin's adjusted p.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from subwaysim.sweep.plan.grid import Setting, setting_order
from subwaysim.sweep.run.results import GameRecord
from subwaysim.sweep.statistics.inference import (
    CONFIDENCE,
    fisher_p,
    holm,
    mann_whitney_p,
    mcnemar_p,
    paired_interval,
    unpaired_interval,
    wilcoxon_p,
)
from subwaysim.sweep.statistics.metrics import BY_NAME, MEASURES
from subwaysim.sweep.statistics.stats import margin

NAN = float("nan")
IDENTICAL = "identical games: this setting changed nothing"
NO_EFFECT = "no detectable effect"
COLUMNS = (
    "setting", "baseline", "metric", "baseline_mean", "mean", "difference", "low", "high",
    "p", "p_adjusted",
)  # fmt: skip

Metric = Callable[[GameRecord], float]


@dataclass(frozen=True, slots=True)
class Difference:
    """One compare.csv row: `metric` under `setting` minus under `baseline`."""

    setting: Setting
    baseline: Setting
    metric: str
    baseline_mean: float
    mean: float
    difference: float
    low: float
    high: float
    p: float
    p_adjusted: float
    test: str
    games: int  # pairs compared (paired), or the smaller sample (independent)

    def verdict(self) -> str:
        """What the row says, in the report's words."""
        if self.test == "identical":
            return "identical games"
        if math.isnan(self.mean) or math.isnan(self.baseline_mean):
            return "undefined in these games"
        if math.isnan(self.low) or math.isnan(self.high):
            return "too few games"
        if self.low <= 0 <= self.high:
            return NO_EFFECT
        direction = "higher" if self.difference > 0 else "lower"
        if self.p_adjusted < 1 - CONFIDENCE:
            return direction
        return f"{direction}? (not significant after Holm)"


@dataclass(frozen=True, slots=True)
class SettingDifferences:
    """One setting against the baseline: the games compared and one row per metric."""

    setting: Setting
    baseline: Setting
    paired: bool
    games: int  # paired games (or, unpaired, the setting's games)
    identical: int  # paired games that were the same game, event for event
    rows: tuple[Difference, ...]

    @property
    def inert(self) -> bool:
        return self.paired and self.games > 0 and self.identical == self.games


def metrics(records: Sequence[GameRecord]) -> dict[str, tuple[Metric, bool]]:
    """Every compared metric: name -> (per-game value, whether it is a win indicator)."""
    players = dict.fromkeys(p for r in records for p in r.seats)
    seats = max((len(r.seats) for r in records), default=0)
    table: dict[str, tuple[Metric, bool]] = {
        "points_per_player": (BY_NAME["points_per_player"].of, False)
    }
    for p in players:
        table[f"score_{p}"] = (_score(p), False)
    for p in players:
        table[f"player_{p}_win_rate"] = (_player_win(p), True)
    if len({r.seats for r in records}) > 1:  # seats rotated: a seat is not a player
        for k in range(seats):
            table[f"seat{k + 1}_win_rate"] = (_seat_win(k), True)
    table["margin"] = (lambda r: float(margin(r.scores)), False)
    for measure in MEASURES:
        if measure.compared:
            table[measure.name] = (measure.of, False)
    return table


def _score(player: str) -> Metric:
    return lambda r: float(r.score_of()[player]) if player in r.seats else NAN


def _player_win(player: str) -> Metric:
    return lambda r: float(r.sole_winner() == player) if player in r.seats else NAN


def _seat_win(seat: int) -> Metric:
    def won(r: GameRecord) -> float:
        winner = r.sole_winner()
        return float(winner is not None and r.seats.index(winner) == seat)

    return won


PlayKey = tuple[tuple[str, ...], int]


def compare_all(
    records: Sequence[GameRecord],
    baseline: Setting,
    paired: bool = True,
    plays: Mapping[PlayKey, str] | None = None,
) -> list[SettingDifferences]:
    """Every other setting against `baseline`, settings in grid order, Holm-adjusted.
    `plays`: play digests by (setting values, game), where the games have them."""
    groups: dict[Setting, list[GameRecord]] = {}
    for record in records:
        groups.setdefault(record.setting, []).append(record)
    if baseline not in groups:
        return []
    table = metrics(records)
    compared = [
        compare_setting(groups[s], groups[baseline], s, baseline, table, paired, plays)
        for s in sorted(groups, key=setting_order)
        if s != baseline
    ]
    return holm_adjusted(compared, _differences(groups, baseline, table) if paired else None)


def _differences(
    groups: Mapping[Setting, Sequence[GameRecord]],
    baseline: Setting,
    table: dict[str, tuple[Metric, bool]],
) -> dict[tuple[Setting, str], np.ndarray]:
    """Each setting's paired per-game differences from the baseline, metric by metric."""
    base = {r.game: r for r in groups[baseline]}
    found = {}
    for setting, games in groups.items():
        pairs = [(r, base[r.game]) for r in games if r.game in base]
        for name, (metric, _) in table.items():
            d = [metric(a) - metric(b) for a, b in pairs]
            found[setting, name] = np.array([v for v in d if not math.isnan(v)])
    return found


def compare_setting(
    games: Sequence[GameRecord],
    base_games: Sequence[GameRecord],
    setting: Setting,
    baseline: Setting,
    table: dict[str, tuple[Metric, bool]],
    paired: bool,
    plays: Mapping[PlayKey, str] | None = None,
) -> SettingDifferences:
    if paired:
        base_by_game = {r.game: r for r in base_games}
        pairs = [(r, base_by_game[r.game]) for r in games if r.game in base_by_game]
        identical = sum(1 for a, b in pairs if _same_game(a, b, plays or {}))
        inert = bool(pairs) and identical == len(pairs)
        rows = tuple(
            _paired_row(setting, baseline, name, metric, win, pairs, inert)
            for name, (metric, win) in table.items()
        )
        return SettingDifferences(setting, baseline, True, len(pairs), identical, rows)
    rows = tuple(
        _unpaired_row(setting, baseline, name, metric, win, games, base_games)
        for name, (metric, win) in table.items()
    )
    return SettingDifferences(setting, baseline, False, len(games), 0, rows)


def _paired_row(
    setting: Setting,
    baseline: Setting,
    name: str,
    metric: Metric,
    win: bool,
    pairs: Sequence[tuple[GameRecord, GameRecord]],
    inert: bool,
) -> Difference:
    values = [(metric(a), metric(b)) for a, b in pairs]
    values = [(x, y) for x, y in values if not (math.isnan(x) or math.isnan(y))]
    x = np.array([v[0] for v in values])
    y = np.array([v[1] for v in values])
    row = _row(setting, baseline, name, x, y, _mean(x - y), "mcnemar" if win else "wilcoxon")
    if inert and len(values):
        return replace(row, difference=0.0, low=0.0, high=0.0, p=1.0, test="identical")
    if len(values) < 2:
        return row
    rng = _rng(setting, baseline, name)
    low, high = paired_interval(x, y, rng)
    p = mcnemar_p(x, y) if win else wilcoxon_p(x - y)
    return replace(row, low=low, high=high, p=p)


def _same_game(a: GameRecord, b: GameRecord, plays: Mapping[PlayKey, str]) -> bool:
    """The same game, event for event, or the same play (builds, trips, scores)."""
    if a.digest and a.digest == b.digest:
        return True
    x, y = plays.get(a.key), plays.get(b.key)
    return x is not None and x == y


def _unpaired_row(
    setting: Setting,
    baseline: Setting,
    name: str,
    metric: Metric,
    win: bool,
    games: Sequence[GameRecord],
    base_games: Sequence[GameRecord],
) -> Difference:
    x = np.array([v for v in map(metric, games) if not math.isnan(v)])
    y = np.array([v for v in map(metric, base_games) if not math.isnan(v)])
    test = "fisher" if win else "mann-whitney"
    row = _row(setting, baseline, name, x, y, _mean(x) - _mean(y), test, min(len(x), len(y)))
    if min(len(x), len(y)) < 2:
        return row
    rng = _rng(setting, baseline, name)
    low, high = unpaired_interval(x, y, rng)
    p = fisher_p(x, y) if win else mann_whitney_p(x, y)
    return replace(row, low=low, high=high, p=p)


def _row(
    setting: Setting,
    baseline: Setting,
    name: str,
    x: np.ndarray,
    y: np.ndarray,
    difference: float,
    test: str,
    games: int | None = None,
) -> Difference:
    """The row's means and difference; interval and p-values still to come."""
    return Difference(
        setting=setting,
        baseline=baseline,
        metric=name,
        baseline_mean=_mean(y),
        mean=_mean(x),
        difference=difference,
        low=NAN,
        high=NAN,
        p=NAN,
        p_adjusted=NAN,
        test=test,
        games=len(x) if games is None else games,
    )


def holm_adjusted(
    compared: Sequence[SettingDifferences],
    values: Mapping[tuple[Setting, str], np.ndarray] | None = None,
) -> list[SettingDifferences]:
    """The same comparisons with `p_adjusted` filled in, over the family of tests (see the
    module): inert settings, constant measures and repeated measures left out. `values`:
    each row's per-game differences (paired) by (setting, metric), for finding repeats;
    without them, only inert settings and rows whose p is NaN are left out."""
    family: list[tuple[int, int]] = []  # (comparison, row) of each test
    twin: dict[tuple[int, int], tuple[int, int]] = {}
    for i, c in enumerate(compared):
        if c.inert:
            continue
        seen: list[tuple[np.ndarray, tuple[int, int]]] = []
        for j, row in enumerate(c.rows):
            if math.isnan(row.p):
                continue
            d = None if values is None else values.get((c.setting, row.metric))
            if d is not None and len(d) and not np.any(d):
                continue  # no game differs on it (a constant, e.g. always 60 turns)
            if d is not None and len(d):
                repeat = next((k for e, k in seen if _repeats(d, e)), None)
                if repeat is not None:
                    twin[(i, j)] = repeat
                    continue
                seen.append((d, (i, j)))
            family.append((i, j))
    adjusted = dict(zip(family, holm([compared[i].rows[j].p for i, j in family]), strict=True))
    for k, first in twin.items():
        adjusted[k] = adjusted[first]
    out = []
    for i, c in enumerate(compared):
        rows = tuple(
            replace(row, p_adjusted=adjusted.get((i, j), row.p)) for j, row in enumerate(c.rows)
        )
        out.append(replace(c, rows=rows))
    return out


def _repeats(d: np.ndarray, e: np.ndarray) -> bool:
    """The same per-game differences up to a constant factor: one number counted twice
    (a mirror image, such as complementary win rates, or a rescaling, such as rounds and
    turns)."""
    if len(d) != len(e) or not np.any(e):
        return False
    k = d[np.flatnonzero(e)[0]] / e[np.flatnonzero(e)[0]]
    return k != 0 and bool(np.allclose(d, k * e, rtol=1e-12, atol=1e-12))


def _mean(values: np.ndarray) -> float:
    return float(np.mean(values)) if len(values) else NAN


def _rng(setting: Setting, baseline: Setting, metric: str) -> np.random.Generator:
    """A generator of its own per row, so a report rebuilt from games.csv is the same."""
    text = f"{setting.identity()}|{baseline.identity()}|{metric}".encode()
    return np.random.default_rng(int.from_bytes(hashlib.sha256(text).digest()[:8], "little"))
