"""The recommendation rule by hand: which setting a question recommends, with which
confidence, when it keeps the draft's rule, and when it cannot tell yet."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from subwaysim.playtest.advice import largest_effect
from subwaysim.playtest.options import AgentRun
from subwaysim.playtest.questions import QUESTIONS
from subwaysim.playtest.recommend import choose, descriptive, flags, seat_flag, too_few
from subwaysim.playtest.results import PartResult
from subwaysim.playtest.runs import Run
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.statistics.stats import setting_stats
from tests.subwaysim.sweep.helpers import record

from .helpers import PART, comparison, result

CLOSER = comparison("6", "closeness", -0.05, -0.08, -0.02, baseline=0.25)  # closer games
QUIET = comparison("1", "closeness", 0.0, -0.03, 0.03, p=1.0, baseline=0.25)


def test_detected_for_both_kinds_is_strong_and_names_the_setting() -> None:
    greedy = result([CLOSER, QUIET], "greedy", games=12)
    strong = result([CLOSER, QUIET], "mcts:30", games=60)  # 60 >= 50: not descriptive
    choice = choose([[greedy, strong]])
    assert (choice.kind, choice.confidence) == ("change", "strong")
    assert choice.text == "builds_per_turn = 6"
    assert choice.overrides == ("rules.builds_per_turn=6",)
    # the reason: the criterion, the difference in points of % and as % of the draft's
    assert choice.reason == (
        "With every kind of player: closer games (margin as a share of points) "
        "(-5.0 pp, -20% of the draft's)."
    )


def test_a_search_player_with_few_games_is_descriptive_so_one_kind_is_moderate() -> None:
    greedy = result([CLOSER], "greedy", games=12)
    few = result([CLOSER], "mcts:30", games=12)
    assert descriptive(few) and not descriptive(greedy)
    choice = choose([[greedy, few]])
    assert (choice.kind, choice.confidence) == ("change", "moderate")


def test_a_detected_worsening_for_any_kind_rules_the_setting_out() -> None:
    worse_for_strong = comparison("6", "closeness", 0.04, 0.01, 0.07, baseline=0.25)
    greedy = result([CLOSER], "greedy", games=12)
    strong = result([worse_for_strong], "mcts:30", games=60)
    choice = choose([[greedy, strong]])
    assert choice.kind == "keep" and choice.text == "keep the draft's rule"


def test_point_estimates_only_cannot_tell_and_say_how_many_games_would() -> None:
    hinted = comparison("6", "closeness", -0.02, -0.05, 0.01, p=0.3, baseline=0.25)
    choice = choose([[result([hinted], "greedy", games=12)]])
    # half width 0.03 over a difference of 0.02: 12 x 1.5^2 = 27 games, 15 more
    assert choice.kind == "wait" and choice.confidence == "weak"
    assert choice.text == "can't tell yet: 15 more games a setting would"


def test_too_few_games_to_tell_reads_no_interval() -> None:
    few = result([CLOSER], "greedy", games=4)
    assert too_few(few)
    choice = choose([[few]])
    assert choice.kind == "wait" and choice.reason == "Too few games to tell."


def test_settings_that_play_as_the_draft_keep_it() -> None:
    same = [comparison(v, "closeness", 0.0, 0.0, 0.0, p=1.0) for v in ("1", "6")]
    choice = choose([[result(same, "greedy", games=12)]])
    assert (
        choice.kind == "keep" and choice.reason == "Every alternative plays exactly as the draft."
    )


def _lopsided(games: int) -> PartResult:
    """The first seat (IRT) wins every game of every setting."""
    run = Run(QUESTIONS[0], PART, AgentRun("greedy", games), Path("out"))
    stats = {}
    for value in PART.values:
        setting = Setting(((PART.key, value),))
        games_ = [record(setting, k, winners=("IRT",), scores=(5, 1)) for k in range(games)]
        stats[value] = setting_stats(setting, games_)
    return PartResult(run, (), stats, {}, 0, "IRT")


def test_a_first_seat_interval_excluding_half_is_flagged() -> None:
    lopsided = _lopsided(12)  # 12 of 12: Wilson [76%, 100%]
    rate, low, _ = seat_flag(lopsided, "3") or (0, 0, 0)
    assert rate == 1.0 and low > 0.5
    assert flags([[lopsided]])[0].startswith("builds_per_turn = 3 (greedy): first seat 100% [")
    assert len(flags([[lopsided]])) == 3  # every setting
    fair = result([], "greedy", games=12)  # IRT wins 3 of 12: 25% [9%-53%]
    assert seat_flag(fair, "3") is None


def test_question_10_names_the_switch_that_makes_games_closest_never_one_that_widens() -> None:
    """A larger margin share (+) is a worse game; Q10 suggests only a detected narrowing."""
    wider = comparison("6", "closeness", 0.30, 0.20, 0.40, baseline=0.25)  # much less close
    closer = comparison("1", "closeness", -0.05, -0.08, -0.02, baseline=0.25)
    games = result([wider, closer], "greedy", games=12)
    p = SimpleNamespace(results={(1, "builds"): [games]})
    assert largest_effect(p) == (  # type: ignore[arg-type]
        "Q1 builds_per_turn = 1",
        "-5.0 pp, -20% of the draft's",
    )
    only_wider = result([wider], "greedy", games=12)
    assert largest_effect(SimpleNamespace(results={(1, "builds"): [only_wider]})) is None  # type: ignore[arg-type]
