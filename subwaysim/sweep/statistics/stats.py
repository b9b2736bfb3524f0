"""Per-setting statistics of a sweep's games (scipy.stats for intervals and tests).

Every metric is defined in `DEFINITIONS` (report.md prints the same text), and field by
field in `SettingStats`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy import stats

from subwaysim.sweep.plan.grid import Setting, setting_order
from subwaysim.sweep.run.results import GameRecord
from subwaysim.sweep.statistics.metrics import BY_NAME, MEASURES, margin, names

CONFIDENCE = 0.95
NAN = float("nan")

DEFINITIONS = """
- **games**: games played with the setting.
- **win rate of seat k**: games that seat k (k-th in turn order, SG-19) won alone, over
  all games; with a 95% Wilson score interval.
- **win rate of a player** (`player_<NAME>_win_rate`): games the player of that name won
  alone, over the games it played, with a 95% Wilson interval; with `--rotate-seats` or a
  sweep over agents this is the player's (agent's) result whatever its seat.
- **shared wins**: games whose highest score was reached by several players, who share the
  win (SG-20); the Subway Game's draws.
- **seat advantage p**: two-sided exact binomial test of the first seat's wins among the
  games with a single winner against the fair share 1 / seats (the first seat vs the rest).
- **game length**: turns played (all players' turns); mean and sample standard deviation.
- **margin**: the winner's score minus the best other score (0 for a shared win); mean and
  sample standard deviation.
- **points per player**: mean final score over all players and games; also per seat.
- **subway share**: trips that rode at least one system, over all trips (pooled over games).
- **shared-point share**: points scored from trips using two or more systems (SG-15), over
  all points scored (pooled over games).

Design metrics in the sense of Ludii's game evaluation (Browne's measures):

- **advantage** (Ludii AdvantageP1): share of games the first seat won alone.
- **balance** (Ludii Balance): 1 minus the largest difference between two seats' win
  rates; 1 is perfectly balanced.
- **drawishness** (Ludii Drawishness): share of games ending in a shared win.
- **decisiveness** (Ludii DecisivenessMoves): over games with a single winner, the mean
  fraction of the game's turns played before the winner took the lead for good
  (`leader_since / turns`); low means games are settled early, near 1 means on the last turn.
- **lead changes**: mean number of times the sole leader changed hands in a game (a tie
  interrupts a lead but is not a change); **lead-change rate** (Ludii LeadChange) is the
  mean of lead changes / turns. Ludii counts changes of the set of leaders; here ties are
  not counted as leaders, since most Subway Games open with everyone on 0 points.

Design metrics (one value per game in `games.csv`; `summary.csv` and the report show their
mean per setting):
"""


def metric_definitions() -> str:
    """DEFINITIONS plus one line per per-game metric of games.csv."""
    lines = [f"- **{m.name}**: {m.description}." for m in MEASURES]
    return DEFINITIONS.strip() + "\n\n" + "\n".join(lines)


def wilson_interval(
    successes: int, trials: int, confidence: float = CONFIDENCE
) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; (nan, nan) with no trials."""
    if trials == 0:
        return NAN, NAN
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be in 0..{trials}, got {successes}")
    z = float(stats.norm.ppf(0.5 + confidence / 2))
    p, n = successes / trials, trials
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # At 0 or all successes a bound is exactly 0 or 1; say so rather than round near it.
    low = 0.0 if successes == 0 else centre - half
    high = 1.0 if successes == trials else centre + half
    return low, high


def seat_advantage_p(first_wins: int, decided: int, seats: int) -> float:
    """Exact two-sided binomial p-value of `first_wins` of `decided` against 1 / seats."""
    if decided == 0:
        return NAN
    return float(stats.binomtest(first_wins, decided, 1 / seats).pvalue)


def balance(rates: Sequence[float]) -> float:
    """Ludii Balance: 1 - the largest gap between two seats' win rates."""
    return 1.0 - (max(rates) - min(rates)) if rates else NAN


@dataclass(frozen=True, slots=True)
class SettingStats:
    """Everything the summary table says about one setting (DEFINITIONS has the long form).

    Seats are indexed from 0 here (seat 1 of the report is index 0). `seat_wins[k]`: games
    seat k won alone; `seat_rates[k]` = seat_wins[k] / games with its Wilson
    `seat_intervals[k]`; `seat_scores[k]`: seat k's mean final score; `shared_wins`: games
    with several winners; `seat_advantage_p`: binomial test of seat 0's sole wins among
    games with one winner vs 1 / seats; `turns_*` and `margin_*`: mean and sample sd of turns
    played and of the winner's lead; `points_per_player`: mean score of any player;
    `subway_share`: subway trips / trips; `shared_point_share`: points from shared trips /
    all points; `advantage` = seat_rates[0]; `balance` = 1 - (max - min of seat_rates);
    `drawishness` = shared_wins / games; `decisiveness`: mean leader_since / turns over
    games with one winner; `lead_changes`: mean per game; `lead_change_rate`: mean of
    lead_changes / turns. NaN where a value is undefined (no trials, a single game).
    """

    setting: Setting
    games: int
    seats: int
    seat_wins: tuple[int, ...]
    seat_rates: tuple[float, ...]
    seat_intervals: tuple[tuple[float, float], ...]
    seat_scores: tuple[float, ...]
    shared_wins: int
    seat_advantage_p: float
    turns_mean: float
    turns_sd: float
    margin_mean: float
    margin_sd: float
    points_per_player: float
    subway_share: float
    shared_point_share: float
    advantage: float
    balance: float
    drawishness: float
    decisiveness: float
    lead_changes: float
    lead_change_rate: float
    players: tuple[PlayerStats, ...] = ()
    means: dict[str, float] = field(default_factory=dict)  # design metrics, per game


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player name's record in a setting: sole wins of the games it played."""

    name: str
    games: int
    wins: int
    rate: float
    interval: tuple[float, float]
    mean_score: float


# The per-game design metrics whose means summary.csv and report.md show.
DESIGN_METRICS = names(design=True)


def player_stats(games: Sequence[GameRecord]) -> tuple[PlayerStats, ...]:
    names = dict.fromkeys(p for g in games for p in g.seats)
    result = []
    for name in names:
        played = [g for g in games if name in g.seats]
        wins = sum(1 for g in played if g.sole_winner() == name)
        result.append(
            PlayerStats(
                name=name,
                games=len(played),
                wins=wins,
                rate=wins / len(played),
                interval=wilson_interval(wins, len(played)),
                mean_score=_mean(g.score_of()[name] for g in played),
            )
        )
    return tuple(result)


def metric_means(games: Sequence[GameRecord]) -> dict[str, float]:
    """The mean of every design metric over the games where it is defined (not NaN)."""
    means = {}
    for name in DESIGN_METRICS:
        values = [BY_NAME[name].of(g) for g in games]
        means[name] = _mean(v for v in values if not math.isnan(v))
    return means


def summarize(records: Iterable[GameRecord]) -> list[SettingStats]:
    """One SettingStats per setting, settings in grid order (numbers by size)."""
    groups: dict[Setting, list[GameRecord]] = {}
    for record in records:
        groups.setdefault(record.setting, []).append(record)
    return [setting_stats(s, groups[s]) for s in sorted(groups, key=setting_order)]


def setting_stats(setting: Setting, games: Sequence[GameRecord]) -> SettingStats:
    seats = max(len(g.seats) for g in games)
    n = len(games)
    sole = [g for g in games if len(g.winners) == 1]
    wins = tuple(sum(1 for g in sole if _seat_of(g, g.winners[0]) == k) for k in range(seats))
    rates = tuple(w / n for w in wins)
    margins = [margin(g.scores) for g in games]
    turns = [g.turns for g in games]
    return SettingStats(
        setting=setting,
        games=n,
        seats=seats,
        seat_wins=wins,
        seat_rates=rates,
        seat_intervals=tuple(wilson_interval(w, n) for w in wins),
        seat_scores=tuple(
            _mean(g.scores[k] for g in games if k < len(g.scores)) for k in range(seats)
        ),
        shared_wins=n - len(sole),
        seat_advantage_p=seat_advantage_p(wins[0], len(sole), seats),
        turns_mean=_mean(turns),
        turns_sd=_sd(turns),
        margin_mean=_mean(margins),
        margin_sd=_sd(margins),
        points_per_player=_mean(s for g in games for s in g.scores),
        subway_share=_ratio(sum(g.subway_trips for g in games), sum(g.trips for g in games)),
        shared_point_share=_ratio(
            sum(g.shared_points for g in games), sum(sum(g.scores) for g in games)
        ),
        advantage=rates[0],
        balance=balance(rates),
        drawishness=(n - len(sole)) / n,
        decisiveness=_mean(g.leader_since / g.turns for g in sole if g.turns),
        lead_changes=_mean(g.lead_changes for g in games),
        lead_change_rate=_mean(g.lead_changes / g.turns for g in games if g.turns),
        players=player_stats(games),
        means=metric_means(games),
    )


def _seat_of(game: GameRecord, player: str) -> int:
    return game.seats.index(player)


def _mean(values: Iterable[float]) -> float:
    data = list(values)
    return float(np.mean(data)) if data else NAN


def _sd(values: Sequence[float]) -> float:
    return float(np.std(values, ddof=1)) if len(values) > 1 else NAN


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else NAN
