"""Where two kinds of players disagree: their per-game differences from the baseline told
apart by a Mann-Whitney test (Holm over the part), or opposite detected signs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from subwaysim.playtest import agreement
from subwaysim.playtest.options import AgentRun
from subwaysim.playtest.questions import QUESTIONS
from subwaysim.playtest.results import PartResult
from subwaysim.playtest.runs import Run
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.statistics.stats import setting_stats
from tests.subwaysim.sweep.helpers import record

from .helpers import PART, comparison

VALUE = "6"  # PART sweeps builds_per_turn 3 (baseline), 1, 6


def played(agent: str, differences: Sequence[int], interval: tuple[float, float]) -> PartResult:
    """Game k of builds_per_turn = 6 scores differences[k] more points per player than
    game k of the baseline (10 each): scores (10 + 2d, 10) have a mean of 10 + d."""
    records = []
    for k, d in enumerate(differences):
        base = Setting(((PART.key, PART.baseline),))
        records.append(record(base, k, scores=(10, 10), winners=("IRT", "BRT")))
        records.append(record(Setting(((PART.key, VALUE),)), k, scores=(10 + 2 * d, 10)))
    mean = sum(differences) / len(differences)
    compared = comparison(VALUE, "points_per_player", mean, *interval, p=0.5)
    run = Run(QUESTIONS[0], PART, AgentRun(agent, len(differences)), Path("q1"))
    stats = {
        v: setting_stats(
            Setting(((PART.key, v),)), [r for r in records if r.setting.values == (v,)]
        )
        for v in (PART.baseline, VALUE)
    }
    comparisons = {(VALUE, "points_per_player"): compared}
    return PartResult(run, tuple(records), stats, comparisons, 0, "IRT")


def test_paired_differences_game_by_game() -> None:
    greedy = played("greedy", [3, 1, 4], (1.0, 4.0))
    assert agreement.paired_differences(greedy, VALUE, "points_per_player").tolist() == [3, 1, 4]


def test_differences_told_apart_make_a_disagreement() -> None:
    # Every greedy difference (11..18) is above every mcts one (-1..-4): Mann-Whitney's
    # exact two-sided p = 2 / C(12, 4) = 2 / 495; one test, so Holm leaves it.
    greedy = played("greedy", [11, 12, 13, 14, 15, 16, 17, 18], (12.0, 17.0))
    mcts = played("mcts:30", [-1, -2, -3, -4], (-3.5, -1.5))
    (split,) = agreement.splits(greedy, mcts, ["points_per_player"])
    assert (split.value, split.metric) == (VALUE, "points_per_player")
    assert split.p_adjusted == pytest.approx(2 / 495)


def test_a_few_games_with_a_narrow_interval_are_no_disagreement() -> None:
    # The bootstrap intervals do not overlap ([1.2, 4.4] and [5, 5]), but two mcts games
    # of +5 sit among greedy's differences: the test cannot tell them apart.
    greedy = played("greedy", [1, 2, 3, 4, 5, 6, 0, 2], (1.2, 4.4))
    mcts = played("mcts:30", [5, 5], (5.0, 5.0))
    assert agreement.splits(greedy, mcts, ["points_per_player"]) == []


def test_the_permutation_test_is_exact_on_tied_data() -> None:
    """Heavily tied per-game differences (lead changes: mostly 0): every split of the
    pooled 8 values into 4 and 4 is counted (70 splits), so the p-value is exact."""
    from itertools import combinations

    import numpy as np

    from subwaysim.playtest.agreement import permutation_p

    x = np.array([1.0, 1.0, 1.0, 0.0])
    y = np.array([0.0, 0.0, 0.0, 0.0])
    pooled = np.concatenate([x, y])
    observed = abs(x.mean() - y.mean())
    extreme = 0
    for chosen in combinations(range(8), 4):
        a = pooled[list(chosen)]
        b = np.delete(pooled, list(chosen))
        extreme += abs(a.mean() - b.mean()) >= observed - 1e-12
    assert permutation_p(x, y) == pytest.approx(extreme / 70)
    assert permutation_p(y, y) == 1.0
