"""--precision: batches until every win-rate interval is narrow enough, worked by hand."""

from __future__ import annotations

import math

import pytest

from subwaysim.sweep.run.precision import (
    BATCH,
    first_target,
    games_needed,
    next_target,
    widest,
    width,
    win_counts,
)
from tests.subwaysim.sweep.helpers import GAMES, record

Z2 = 1.959963984540054**2


def test_counts_take_every_seat_and_every_player() -> None:
    rotated = [*GAMES, record(GAMES[0].setting, 4, seats=("BRT", "IRT"), winners=("BRT",))]
    # seats: seat 1 won games 0, 3 and 4 (BRT sat first); seat 2 won game 1. Game 2 is shared.
    # players: IRT won 0 and 3, BRT won 1 and 4.
    assert win_counts(rotated) == [(3, 5), (1, 5), (2, 5), (2, 5)]


def test_wilson_width_at_one_half_is_z_over_root_n_plus_z2() -> None:
    # At a rate of 1/2 the Wilson interval is z / sqrt(n + z^2) wide.
    assert width(5, 10) == pytest.approx(math.sqrt(Z2) / math.sqrt(10 + Z2))
    assert width(0, 0) == math.inf


def test_games_needed_by_hand() -> None:
    # z / sqrt(n + z^2) <= 0.2 needs n >= z^2 / 0.04 - z^2 = 92.2; 92 games (46 wins) give
    # 0.2002, 93 games (46 wins, a hair under 1/2) 0.1992.
    assert games_needed(5, 10, 0.2, 1000) == 93
    assert games_needed(5, 10, 0.2, 50) == 50  # out of reach: the most allowed
    assert games_needed(0, 10, 0.2, 1000) < 93  # a rate near 0 narrows sooner


def test_batches_grow_by_at_least_a_batch_and_at_most_double() -> None:
    assert first_target(40) == BATCH and first_target(4) == 4
    groups = [GAMES]  # 4 games: rates 1/2, 1/4 ...
    assert next_target(groups, 10, 0.2, 1000) == 20  # needs ~93: at most double
    assert next_target(groups, 40, 0.2, 1000) == 80
    assert next_target(groups, 40, 0.2, 45) == 45  # never past --games
    assert next_target(groups, 90, 0.2, 1000) == 100  # at least a batch more


def test_the_widest_interval_over_settings() -> None:
    assert widest([GAMES]) == pytest.approx(width(2, 4))  # seat 1 / IRT: 2 of 4
    assert widest([GAMES, []]) == math.inf  # a setting without games is not yet known
