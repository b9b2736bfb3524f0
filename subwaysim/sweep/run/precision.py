"""`--precision W`: play games in batches until every win-rate interval is at most W wide.

Every setting plays the same number of games (so common random numbers keep every game
paired). After each batch, the widest 95% Wilson interval of any seat's or any player's
win rate decides: at most W, or `--games` reached, and the sweep stops; else the next
batch aims at the games the widest interval would need at its observed rate, at least
`BATCH` more and at most twice as many as so far. The schedule depends only on the games'
results, so a rerun of a killed sweep walks the same batches (the finished ones cost
nothing) and ends where an uninterrupted run would.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from subwaysim.sweep.run.results import GameRecord
from subwaysim.sweep.statistics.stats import wilson_interval

BATCH = 10  # games per setting in the first batch, and the least a batch adds


def first_target(games: int) -> int:
    return min(games, BATCH)


def win_counts(records: Sequence[GameRecord]) -> list[tuple[int, int]]:
    """(sole wins, games) of every seat and every player in one setting's games."""
    n = len(records)
    seats = max((len(r.seats) for r in records), default=0)
    players = dict.fromkeys(p for r in records for p in r.seats)
    counts = []
    for k in range(seats):
        counts.append((sum(1 for r in records if _seat_won(r, k)), n))
    for player in players:
        played = [r for r in records if player in r.seats]
        counts.append((sum(1 for r in played if r.sole_winner() == player), len(played)))
    return counts


def _seat_won(record: GameRecord, seat: int) -> bool:
    winner = record.sole_winner()
    return winner is not None and record.seats.index(winner) == seat


def width(wins: int, games: int) -> float:
    low, high = wilson_interval(wins, games)
    return high - low if games else math.inf


def widest(groups: Iterable[Sequence[GameRecord]]) -> float:
    """The widest win-rate interval over all settings (inf when a setting has no games)."""
    widths = [width(w, n) for records in groups for w, n in win_counts(records) or [(0, 0)]]
    return max(widths, default=math.inf)


def games_needed(wins: int, games: int, precision: float, most: int) -> int:
    """The fewest games (up to `most`) whose interval at the observed rate is <= precision."""
    rate = wins / games if games else 0.5
    if width(round(rate * most), most) > precision:
        return most
    low, high = games, most  # width shrinks as games grow: bisect
    while low < high:
        middle = (low + high) // 2
        if width(round(rate * middle), middle) <= precision:
            high = middle
        else:
            low = middle + 1
    return low


def next_target(
    groups: Sequence[Sequence[GameRecord]], target: int, precision: float, most: int
) -> int:
    """The games per setting the next batch aims at."""
    needed = max(
        (games_needed(w, n, precision, most) for records in groups for w, n in win_counts(records)),
        default=most,
    )
    return min(most, max(target + BATCH, min(needed, 2 * target)))
