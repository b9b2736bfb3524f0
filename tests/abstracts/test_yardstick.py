"""The OpenSpiel yardstick (abstracts/yardstick.py): our MCTS against OpenSpiel's MCTSBot,
seats alternating, every game seeded, results the game's returns."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from abstracts.yardstick import Outcome, duels, play_duel, summary


def test_seats_alternate_and_each_game_is_seeded_and_reproducible() -> None:
    series = duels("thruway", {"size": 3}, 2, 5, seed=4)
    assert [d.index for d in series] == [0, 1]
    assert series == duels("thruway", {"size": 3}, 2, 5, seed=4)
    first, second = (play_duel(d) for d in series)
    assert first.ours_first and not second.ours_first
    again = play_duel(series[0])  # iteration budgets and seeded bots: the same game
    assert (again.ours, again.plies, again.reason) == (first.ours, first.plies, first.reason)
    for outcome in (first, second):
        assert outcome.ours in (-1.0, 0.0, 1.0)
        assert outcome.plies > 0 and outcome.reason


def test_the_summary_counts_from_our_side_with_the_wilson_interval() -> None:
    outcomes = [
        Outcome(0, True, 1.0, 20, "won", 1.0, 2.0),
        Outcome(1, False, -1.0, 30, "lost", 1.0, 2.0),
        Outcome(2, True, 0.0, 40, "drawn", 1.0, 2.0),
    ]
    text = summary(outcomes)
    assert text.startswith("ours 1-1-1 against OpenSpiel MCTSBot: 33.3% (6.1%-79.2%")
    assert "won 1 of 2 seated first" in text and "median 30 (20-40)" in text
