"""Every setting against the baseline, metric by metric, checked by hand on small tables."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.statistics.compare import (
    IDENTICAL,
    NO_EFFECT,
    Difference,
    compare_all,
    metrics,
)
from tests.subwaysim.sweep.helpers import record

BASE = Setting((("rules.builds_per_turn", "3"),))
ONE = Setting((("rules.builds_per_turn", "1"),))
SAME = Setting((("rules.builds_per_turn", "4"),))
RNG = np.random.default_rng(0)


def games(setting: Setting, scores: list[tuple[int, int]], digest: str = "") -> list:  # type: ignore[type-arg]
    return [
        record(setting, k, scores=s, winners=("IRT",) if s[0] > s[1] else ("BRT",),
               digest=f"{digest}{k}" if digest else f"{setting.values[0]}-{k}")
        for k, s in enumerate(scores)
    ]  # fmt: skip


BASE_GAMES = games(BASE, [(10, 4), (6, 9), (8, 2), (5, 7)], digest="g")
LOW_GAMES = games(ONE, [(3, 2), (2, 5), (4, 1), (1, 2)])  # every game scores less
SAME_GAMES = games(SAME, [(10, 4), (6, 9), (8, 2), (5, 7)], digest="g")  # the same games


def by_metric(rows: tuple[Difference, ...]) -> dict[str, Difference]:
    return {r.metric: r for r in rows}


def test_an_inert_setting_shows_identical_games_and_zero_differences() -> None:
    [same] = compare_all([*BASE_GAMES, *SAME_GAMES], BASE)
    assert same.inert and (same.games, same.identical) == (4, 4)
    defined = [r for r in same.rows if not math.isnan(r.mean)]  # the records have no shares
    assert len(defined) == len(same.rows) - 3
    for row in defined:
        assert (row.difference, row.low, row.high, row.p) == (0.0, 0.0, 0.0, 1.0), row.metric
        assert row.verdict() == "identical games"
    assert IDENTICAL == "identical games: this setting changed nothing"


def test_paired_differences_by_hand() -> None:
    low, same = compare_all([*SAME_GAMES, *LOW_GAMES, *BASE_GAMES], BASE)
    assert (low.setting, same.setting) == (ONE, SAME)  # grid order, baseline left out
    rows = by_metric(low.rows)
    ppp = rows["points_per_player"]  # per game: 2.5 - 7, 3.5 - 7.5, 2.5 - 5, 1.5 - 6
    assert (ppp.baseline_mean, ppp.mean) == (6.375, 2.5)
    assert ppp.difference == pytest.approx(-3.875)
    assert ppp.high < 0 and ppp.p == pytest.approx(2 / 16)  # four negative: 2 / 2**4
    wins = rows["player_IRT_win_rate"]  # IRT wins games 0 and 2 under both: no discordance
    assert (wins.difference, wins.p, wins.test) == (0.0, 1.0, "mcnemar")
    assert wins.verdict() == NO_EFFECT
    # Holm over the report's tests: the same rows' adjusted p never below the raw p
    everything = [r for c in (low, same) for r in c.rows]
    assert all(r.p_adjusted >= r.p for r in everything if not math.isnan(r.p))
    # The family: `same` plays the baseline's games (tested for nothing), and of `low`'s
    # measures only the five on which some game differs: points per player, both scores,
    # the margin and closeness (p 2/16, 2/16, 2/16, 4/16, ...). Holm: 5 x 2/16 for the
    # smallest, and the margin's never below it.
    tested = ("points_per_player", "score_IRT", "score_BRT", "margin", "closeness")
    assert all(np.any([rows[m].difference]) for m in tested)
    assert ppp.p_adjusted == pytest.approx(5 * 2 / 16)
    assert rows["margin"].p_adjusted == pytest.approx(5 * 2 / 16)
    assert rows["turns"].p_adjusted == 1.0  # constant: left out, its own p


def test_a_repeated_measure_takes_its_twins_adjusted_p() -> None:
    """With two players and no draw, one player's win is the other's loss: the second win
    rate mirrors the first and is not a second test (SG-20 draws aside)."""
    flipped = [(2, 9), (9, 6), (1, 8), (9, 5)]  # IRT now loses 0, 2 and wins 1, 3
    [low] = compare_all([*BASE_GAMES, *games(ONE, flipped)], BASE)
    rows = by_metric(low.rows)
    irt, brt = rows["player_IRT_win_rate"], rows["player_BRT_win_rate"]
    assert irt.p == brt.p and irt.p_adjusted == brt.p_adjusted
    family = [
        r for r in low.rows if not math.isnan(r.p) and r.p < 1 and r.metric != "player_BRT_win_rate"
    ]
    smallest = min(r.p for r in family)
    assert min(r.p_adjusted for r in low.rows) == pytest.approx(min(1.0, len(family) * smallest))


def test_games_that_play_alike_are_identical_whatever_their_event_digests() -> None:
    """A log can word the same game differently (a cost of 3 at 3 build points is the
    whole phase, SG-17): with play digests that agree, the setting changed nothing."""
    worded = games(SAME, [(10, 4), (6, 9), (8, 2), (5, 7)], digest="w")  # other event digests
    plays = {r.key: f"play{r.game:012d}" for r in BASE_GAMES}
    plays |= {r.key: f"play{r.game:012d}" for r in worded}
    [apart] = compare_all([*BASE_GAMES, *worded], BASE)
    [alike] = compare_all([*BASE_GAMES, *worded], BASE, plays=plays)
    assert not apart.inert and alike.inert and alike.identical == 4
    assert all(r.test == "identical" for r in alike.rows if not math.isnan(r.mean))


def test_only_games_both_settings_finished_are_paired() -> None:
    [low] = compare_all([*BASE_GAMES[:3], *LOW_GAMES[1:]], BASE)
    assert low.games == 2  # games 1 and 2
    assert by_metric(low.rows)["points_per_player"].baseline_mean == pytest.approx((7.5 + 5) / 2)


def test_independent_games_are_compared_unpaired() -> None:
    [low] = compare_all([*BASE_GAMES, *LOW_GAMES], BASE, paired=False)
    assert not low.paired and not low.inert
    rows = by_metric(low.rows)
    assert rows["points_per_player"].test == "mann-whitney"
    assert rows["player_IRT_win_rate"].test == "fisher"
    assert rows["points_per_player"].difference == pytest.approx(2.5 - 6.375)


def test_seat_rows_appear_only_when_seats_rotate() -> None:
    names = list(metrics(BASE_GAMES))
    assert names[:5] == [
        "points_per_player", "score_IRT", "score_BRT", "player_IRT_win_rate", "player_BRT_win_rate"
    ]  # fmt: skip
    assert "seat1_win_rate" not in names and "reshuffles" in names and "coverage" in names
    rotated = [*BASE_GAMES, record(BASE, 9, seats=("BRT", "IRT"))]
    assert "seat2_win_rate" in metrics(rotated)


def test_verdicts() -> None:
    row = Difference(ONE, BASE, "m", 1, 2, 1, 0.5, 1.5, 0.001, 0.01, "wilcoxon", 10)
    assert row.verdict() == "higher"
    assert replace(row, p_adjusted=0.2).verdict() == "higher? (not significant after Holm)"
    assert replace(row, difference=-1, low=-1.5, high=-0.5).verdict() == "lower"
    assert Difference(ONE, BASE, "m", 1, 1, 0, -1, 1, 1, 1, "wilcoxon", 10).verdict() == NO_EFFECT
    nan = math.nan
    assert Difference(ONE, BASE, "m", 1, 1, 0, nan, nan, nan, nan, "x", 1).verdict() == (
        "too few games"
    )
