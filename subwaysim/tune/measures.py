"""What a target can name: the sweep's measures, per game where they are per game.

Per-game measures (their value for a set of games is the mean over the games where they
are defined): every `games.csv` number (`turns`, `lead_changes`, `build_points_used`, ...,
`subwaysim.sweep.run.results.METRICS`), the derived ones (`subwaysim.sweep.derived`: `rounds`,
`first_seat_win_rate`, `points_per_player`, `closeness`), and the win indicators of
`summary.csv` (`seat<k>_win_rate`, `player_<NAME>_win_rate`, `advantage`, `drawishness`)
and `margin`. Every other `summary.csv` column (`balance`, `seat_advantage_p`, `turns_sd`,
`subway_share`, ...) is a measure of the whole set of games, taken from its summary row.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.results import COUNTS, METRICS, SHARES, GameRecord
from subwaysim.sweep.statistics.metrics import DERIVED
from subwaysim.sweep.statistics.stats import margin

NAN = float("nan")
PerGame = Callable[[GameRecord], float]


@dataclass(frozen=True, slots=True)
class Measure:
    """A measure by name: `per_game` (mean over games) or, if None, a summary.csv column."""

    name: str
    text: str
    per_game: PerGame | None = None


def _field(name: str) -> PerGame:
    def value(r: GameRecord) -> float:
        v = float(getattr(r, name))
        return v if math.isfinite(v) else NAN

    return value


def _seat_win(k: int) -> PerGame:
    return lambda r: float(len(r.winners) == 1 and r.seats.index(r.winners[0]) == k)


def _player_win(name: str) -> PerGame:
    return lambda r: float(r.sole_winner() == name) if name in r.seats else NAN


def measure_table(players: Sequence[str], seats: int) -> dict[str, Measure]:
    """Every measure of games with these player names and this many seats."""
    from subwaysim.sweep.report.report_files import summary_header  # matplotlib-free, but heavy

    table: dict[str, Measure] = {}
    for name, (fn, text) in DERIVED.items():
        table[name] = Measure(name, text, fn)
    for name in (*COUNTS, *SHARES):
        table[name] = Measure(name, METRICS.get(name, name), _field(name))
    for k in range(seats):
        table[f"seat{k + 1}_win_rate"] = Measure(
            f"seat{k + 1}_win_rate", f"games seat {k + 1} won alone", _seat_win(k)
        )
    for p in players:
        table[f"player_{p}_win_rate"] = Measure(
            f"player_{p}_win_rate", f"games {p} won alone, of those it played", _player_win(p)
        )
    table["advantage"] = Measure("advantage", "games the first seat won alone", _seat_win(0))
    table["drawishness"] = Measure(
        "drawishness", "games with a shared win (SG-20)", lambda r: float(len(r.winners) > 1)
    )
    table["margin"] = Measure(
        "margin", "the winner's score minus the best other", lambda r: float(margin(r.scores))
    )
    for name in summary_header((), seats, players):
        table.setdefault(name, Measure(name, f"summary.csv's {name} of the trial's games"))
    return table


@dataclass(frozen=True, slots=True)
class Estimate:
    """A measure over some games: value, its standard error (NaN for summary measures or
    fewer than 2 games) and the games it is defined in."""

    value: float
    se: float
    games: int


def per_game_values(measure: Measure, records: Sequence[GameRecord]) -> np.ndarray:
    assert measure.per_game is not None
    values = np.array([measure.per_game(r) for r in records], dtype=float)
    return values[~np.isnan(values)]


def estimate(measure: Measure, records: Sequence[GameRecord], setting: Setting) -> Estimate:
    """The measure over `records` (the games of one setting)."""
    if not records:
        return Estimate(NAN, NAN, 0)
    if measure.per_game is not None:
        values = per_game_values(measure, records)
        if not len(values):
            return Estimate(NAN, NAN, 0)
        se = float(np.std(values, ddof=1) / math.sqrt(len(values))) if len(values) > 1 else NAN
        return Estimate(float(np.mean(values)), se, len(values))
    row = summary_values(records, setting)
    return Estimate(row.get(measure.name, NAN), NAN, len(records))


def summary_values(records: Sequence[GameRecord], setting: Setting) -> dict[str, float]:
    """The summary.csv row of these games, as numbers by column name."""
    from subwaysim.sweep.report.report_files import summary_header, summary_row
    from subwaysim.sweep.statistics.stats import setting_stats

    stats = setting_stats(setting, records)
    players = [p.name for p in stats.players]
    header = summary_header(setting.keys, stats.seats, players)
    row = summary_row(stats, stats.seats, players)
    out = {}
    for name, cell in list(zip(header, row, strict=True))[len(setting.keys) :]:
        try:
            out[name] = float(cell) if cell else NAN
        except ValueError:
            out[name] = NAN
    return out
