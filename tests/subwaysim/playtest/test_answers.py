"""The report's sentences from hand-made comparisons: detected, suggested and quiet
differences, the first seat's balance, and where two kinds of players disagree."""

from __future__ import annotations

from subwaysim.playtest import answers
from subwaysim.playtest.questions import FIRST_WIN, Part

from .helpers import PART, comparison, result

METRICS = ("points_per_player", "margin", FIRST_WIN)


def test_differences_in_words_shares_in_percentage_points() -> None:
    points = comparison("6", "points_per_player", 72.04, 65.5, 78.3)
    win = comparison("6", "player_IRT_win_rate", -0.075, -0.3, 0.15)
    # and each as a percentage of the draft's mean (10 in these hand-made rows)
    assert answers.difference_text(points, "points_per_player") == (
        "points per player +72 [65.5, 78.3] (+720% of the draft's)"
    )
    assert answers.difference_text(win, FIRST_WIN) == (
        "the first seat's win rate -7.5 pp [-30.0, 15.0] (-1% of the draft's)"
    )


def test_a_setting_line_sorts_detected_suggested_and_quiet() -> None:
    played = result([
        comparison("6", "points_per_player", 72, 65.5, 78.3),  # detected
        comparison("6", "margin", 13.7, 1.2, 45.9, p=0.2),  # excludes 0, not after Holm
        comparison("6", "player_IRT_win_rate", -0.075, -0.3, 0.15, p=1.0),  # no effect
    ])  # fmt: skip
    assert answers.setting_line(played, "6", METRICS) == (
        "**builds_per_turn = 6**: points per player +72 [65.5, 78.3] (+720% of the draft's) "
        "(detected); the winner's margin +13.7 [1.2, 45.9] (+137% of the draft's) (not "
        "significant after Holm); no detectable change in the first seat's win rate."
    )


def test_too_few_games_read_no_interval_and_a_few_search_games_are_descriptive() -> None:
    row = [comparison("6", "points_per_player", 72, 65.5, 78.3)]
    assert answers.setting_line(result(row, games=4), "6", METRICS) == (
        "**builds_per_turn = 6**: too few games to tell (4 games a setting)."
    )
    assert answers.setting_line(result(row, agent="mcts:30"), "6", METRICS) == (
        "**builds_per_turn = 6**: points per player +72 [65.5, 78.3] (+720% of the draft's) "
        "(descriptive)."
    )


def test_identical_games_say_the_setting_changed_nothing() -> None:
    played = result([comparison("1", m, 0, 0, 0, p=1.0) for m in ("margin", "turns")])
    assert answers.setting_line(played, "1", METRICS) == (
        "**builds_per_turn = 1**: plays exactly as the draft (every build, trip and score the "
        "same): tested for nothing."
    )


def test_the_answer_names_the_largest_detected_differences_and_groups_the_rest() -> None:
    played = result([
        comparison("1", "points_per_player", -8, -9, -7, baseline=10),  # -80% of baseline
        comparison("1", "margin", -1, -1.5, -0.5, baseline=10),  # -10%
        comparison("1", "player_IRT_win_rate", 0.5, 0.2, 0.8, baseline=0.5),  # +100%
        comparison("6", "points_per_player", 1, -1, 3),
    ])  # fmt: skip
    assert answers.part_answer(played, METRICS) == (
        "Against builds_per_turn = 3 (the draft's rule): builds_per_turn = 1: the first "
        "seat's win rate +50.0 pp [20.0, 80.0] (+100% of the draft's), points per player -8 "
        "[-9, -7] (-80% of the draft's); builds_per_turn = 6: no detectable effect on these "
        "measures."
    )


def test_balance_sentence_from_the_baselines_games() -> None:
    # IRT won 3 of 12 baseline games: 25%, Wilson [9%, 53%].
    played = result([comparison("1", "player_IRT_win_rate", -0.5, -0.8, -0.2)])
    assert answers.balance_sentence(played) == (
        "The first seat (IRT) wins 25% [9%–53%] of the baseline's games (a fair share is "
        "50%); it moves with builds_per_turn = 1 (the first seat's win rate -50.0 pp "
        "[-80.0, -20.0] (-5% of the draft's))."
    )


def test_players_disagree_on_opposite_detected_signs() -> None:
    greedy = result([
        comparison("6", "points_per_player", 5, 1, 9),
        comparison("6", "margin", 2, 1, 3),
    ])  # fmt: skip
    mcts = result([
        comparison("6", "points_per_player", 3, -1, 7),  # overlaps: agrees
        comparison("6", "margin", -2, -3, -1),  # opposite detected signs
    ], agent="mcts:30", games=60)  # fmt: skip
    assert answers.disagreements(greedy, mcts, METRICS) == [
        "builds_per_turn = 6: the winner's margin +2 [1, 3] (+20% of the draft's) with greedy "
        "players, the winner's margin -2 [-3, -1] (-20% of the draft's) with mcts players (30 "
        "playouts a build phase)",
    ]


def test_an_effect_one_player_detects_and_the_other_cannot_is_no_disagreement() -> None:
    greedy = result([comparison("6", "margin", 2, 1, 3)])
    mcts = result([comparison("6", "margin", 0.5, -2, 3, p=0.6)], agent="mcts:30")
    assert answers.disagreements(greedy, mcts, METRICS) == []


def test_tradeoffs_pick_the_closest_and_most_balanced_settings() -> None:
    played = result([], part=PART)
    line = answers.tradeoffs(played)
    # closeness: each game's margin over all its points (hand-made games 3-1: 2 / 4)
    assert line.startswith("Closest games (the winner's margin as a share of all points): ")
    assert "builds_per_turn = 3 (50%)" in line


def test_settings_without_detected_effects_are_named_together() -> None:
    part = Part("builds", "build points a turn", "rules.builds_per_turn", ("3", "1", "2", "6"))
    played = result([comparison("1", "margin", 0, 0, 0, p=1.0)], part=part)
    assert answers.part_answer(played, METRICS) == (
        "Against builds_per_turn = 3 (the draft's rule): builds_per_turn = 2 and 6: no "
        "detectable effect on these measures; builds_per_turn = 1: plays exactly as the draft "
        "(every build, trip and score the same): tested for nothing."
    )


def test_plot_labels_are_folded_never_cut() -> None:
    from subwaysim.playtest.figures import _wrap

    label = "first to 280 points (at most 60 turns each)"
    [folded] = _wrap([label], 28)
    assert folded.replace("\n", " ") == label and "…" not in folded
    assert max(len(line) for line in folded.splitlines()) <= 28
