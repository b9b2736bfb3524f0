"""The confirmation's statistics on a hand-made table of games, checked against scipy."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from subwaysim.sweep.plan.grid import Setting
from subwaysim.tune.confirm import judge, t_interval
from subwaysim.tune.plan import TuneOptions, plan_tune
from tests.subwaysim.tune.helpers import SMALL, record

BASE = Setting((("end.turns", "6"),))
TUNED = Setting((("end.turns", "5"),))
# Game k under each setting (common seeds): turns and scores (IRT first seat, BRT second).
BASE_GAMES = [(12, [9, 4]), (12, [3, 8]), (12, [6, 6]), (12, [10, 2]), (12, [7, 5]), (12, [5, 1])]
TUNED_GAMES = [(10, [5, 6]), (10, [2, 9]), (10, [4, 4]), (10, [8, 3]), (10, [3, 7]), (10, [4, 2])]


@pytest.fixture
def plan(tmp_path: Path):  # type: ignore[no-untyped-def]
    path = tmp_path / "small.yaml"
    path.write_text(SMALL)
    options = TuneOptions(
        str(path), ("end.turns=3..10",), ("rounds=5", "first_seat_win_rate=0.5", "margin=min")
    )
    return plan_tune(options)


def _games(setting: Setting, table: list[tuple[int, list[int]]]) -> list:
    return [record(k, scores, turns, setting=setting) for k, (turns, scores) in enumerate(table)]


def test_t_interval_is_scipy_s() -> None:
    values = np.array([1.0, 0.5, 0.0, 1.0, 1.0, 0.0, 0.5, 1.0])
    mean, low, high = t_interval(values)
    expected = stats.ttest_1samp(values, 0.5).confidence_interval(0.95)
    assert mean == pytest.approx(0.625)
    assert (low, high) == pytest.approx((expected.low, expected.high))
    assert t_interval(np.array([4.0, 4.0])) == (4.0, 4.0, 4.0)  # no spread: no width


def test_targets_and_paired_differences_against_scipy(plan) -> None:  # type: ignore[no-untyped-def]
    base, tuned = _games(BASE, BASE_GAMES), _games(TUNED, TUNED_GAMES)
    candidates, winner, keep = judge(plan, BASE, base, [(4, TUNED, tuned)])
    assert winner is candidates[0]
    rounds, first, margin = winner.rows
    # rounds: every tuned game lasts 10 turns = 5 rounds, every baseline game 6 rounds.
    assert (rounds.mean, rounds.low, rounds.high, rounds.baseline_mean) == (5, 5, 5, 6)
    assert rounds.within() is True and rounds.objective == 0
    # first seat's share, ties split: tuned 0, 0, .5, 1, 0, 1 -> 2.5 / 6.
    shares = np.array([0, 0, 0.5, 1, 0, 1])
    ci = stats.ttest_1samp(shares, 0).confidence_interval(0.95)
    assert first.mean == pytest.approx(2.5 / 6)
    assert (first.low, first.high) == pytest.approx((ci.low, ci.high))
    assert first.within() is True
    # margin (winner minus best other), paired with the baseline game by game.
    tuned_margin = np.array([1, 7, 0, 5, 4, 2])
    base_margin = np.array([5, 5, 0, 8, 2, 4])
    d = margin.difference
    assert d is not None
    assert d.difference == pytest.approx(np.mean(tuned_margin - base_margin))
    nonzero = (tuned_margin - base_margin)[tuned_margin != base_margin]
    assert d.p == pytest.approx(stats.wilcoxon(nonzero).pvalue)  # Wilcoxon, zeros dropped
    rows = winner.differences.rows  # Holm over every row: p_adjusted = min(1, max over ranks)
    ps = sorted((r.p, r.metric) for r in rows if not np.isnan(r.p))
    m, running, holm = len(ps), 0.0, {}
    for rank, (p, metric) in enumerate(ps):
        running = max(running, min(1.0, (m - rank) * p))
        holm[metric] = running
    assert {r.metric: r.p_adjusted for r in rows if r.metric in holm} == pytest.approx(holm)
    assert rounds.difference is not None and rounds.difference.difference == -1
    # Six pairs all one round shorter: Wilcoxon's exact p = 2 / 2**6, too weak after Holm
    # over every metric of the confirmation, so the setting is not recommended on them.
    assert d.p_adjusted >= rounds.difference.p_adjusted
    assert rounds.difference.p == pytest.approx(2 / 64)
    assert "no target measure differs detectably" in keep


def test_thirty_pairs_of_the_same_shift_are_recommended(plan) -> None:  # type: ignore[no-untyped-def]
    base = _games(BASE, BASE_GAMES * 5)
    tuned = _games(TUNED, TUNED_GAMES * 5)
    _, winner, keep = judge(plan, BASE, base, [(4, TUNED, tuned)])
    assert winner is not None and winner.rows[0].significant()
    assert keep == ""  # rounds detectably nearer its target than the baseline's


def test_a_setting_identical_to_the_baseline_is_not_recommended(plan) -> None:  # type: ignore[no-untyped-def]
    base = _games(BASE, BASE_GAMES)
    same = [record(r.game, r.scores, r.turns, setting=TUNED, digest=r.digest) for r in base]
    _, winner, keep = judge(plan, BASE, base, [(1, TUNED, same)])
    assert winner is not None and winner.differences.inert
    assert "very same games" in keep


def test_noise_is_not_recommended(plan) -> None:  # type: ignore[no-untyped-def]
    base = _games(BASE, BASE_GAMES)
    noisy = [record(r.game, r.scores[::-1], r.turns, setting=TUNED) for r in base]
    _, _, keep = judge(plan, BASE, base, [(1, TUNED, noisy)])
    assert "no target measure differs detectably" in keep


def test_the_winner_is_chosen_on_the_confirmation(plan) -> None:  # type: ignore[no-untyped-def]
    base = _games(BASE, BASE_GAMES)
    near = _games(TUNED, TUNED_GAMES)
    far_setting = Setting((("end.turns", "9"),))
    far = _games(far_setting, [(18, s) for _, s in TUNED_GAMES])
    _, winner, _ = judge(plan, BASE, base, [(7, far_setting, far), (2, TUNED, near)])
    assert winner is not None and winner.trial == 2


def test_the_scenario_s_own_setting_winning_is_said_so(plan) -> None:  # type: ignore[no-untyped-def]
    base = _games(BASE, BASE_GAMES)
    _, winner, keep = judge(plan, BASE, base, [(0, BASE, list(base))])
    assert winner is not None and "is the scenario's own (end.turns=6)" in keep
