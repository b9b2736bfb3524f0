"""The OpenSpiel yardstick (abstracts/yardstick.py): our MCTS against OpenSpiel's MCTSBot,
seats alternating, every game seeded, results the game's returns."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from abstracts.yardstick import Outcome, duels, main, play_duel, play_series, rollout_seed, summary


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


def test_the_same_seed_gives_the_same_series_whatever_the_jobs() -> None:
    """OpenSpiel's bot and its compiled rollouts are seeded from each game's seeds."""
    series = duels("rapid-transit", {"size": 4}, 3, 40, seed=7)
    one = [(o.index, o.ours, o.plies, o.reason) for o in play_series(series, jobs=1)]
    two = [(o.index, o.ours, o.plies, o.reason) for o in play_series(series, jobs=2)]
    assert one == two and [index for index, *_ in one] == [0, 1, 2]


def test_the_bot_searches_with_compiled_rollouts_unless_told_python() -> None:
    compiled = duels("thruway", {"size": 3}, 1, 10, seed=2)[0]
    python = duels("thruway", {"size": 3}, 1, 10, seed=2, python_rollouts=True)[0]
    unsolved = duels("thruway", {"size": 3}, 1, 10, seed=2, solve=False)[0]
    assert not compiled.python_rollouts and python.python_rollouts
    assert compiled.solve and python.solve and not unsolved.solve
    assert compiled.seeds == python.seeds == unsolved.seeds
    for duel in (compiled, python, unsolved):
        outcome = play_duel(duel)
        assert outcome.ours in (-1.0, 0.0, 1.0) and outcome.plies > 0
    assert rollout_seed(5) == rollout_seed(5) != rollout_seed(6)


def test_the_command_line_runs_a_tiny_series(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["thruway", "--size", "3", "--games", "2", "--simulations", "8", "--seed", "3"]
    assert main([*argv, "--python-rollouts"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("game  0: ours first ") and "\ngame  1: ours second " in out
    assert "against OpenSpiel MCTSBot" in out and "a game)" in out


def test_the_profile_prints_a_move_cost_for_each_board(capsys: pytest.CaptureFixture[str]) -> None:
    from abstracts import yardstick_profile

    assert yardstick_profile.main(["--simulations", "4", "--moves", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        label for label, *_ in yardstick_profile.BOARDS
    ]
    assert all(
        "compiled rollouts" in line and "s a move (CPU, 4 simulations" in line for line in lines
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["thruway", "--size", "2"], "size: Input should be greater than or equal to 3"),
        (["transit-chess", "--map", "nowhere"], "unknown map 'nowhere'"),
    ],
)
def test_a_bad_board_is_one_message_and_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--games", "1"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
