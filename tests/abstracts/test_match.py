"""AI-vs-AI series: seats, seeds, statistics and the `subway match` command."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from scipy.stats import binomtest

from abstracts.agents import AgentSpec, parse_agent_spec
from abstracts.cli import match_main
from abstracts.core import Game, Move, State, get_game
from abstracts.match import (
    GameRecord,
    MatchError,
    game_seeds,
    make_tasks,
    play_game,
    run_match,
    summarize,
    wilson_interval,
)


class Scripted:
    """An agent that plays fixed move texts in order (for hand-worked seat examples)."""

    name = "scripted"

    def __init__(self, *moves: str) -> None:
        self.moves = list(moves)

    def choose(self, state: State) -> Move:
        return state.parse_move(self.moves.pop(0))

    def reset(self) -> None:
        """Nothing to forget."""


@pytest.mark.parametrize(("wins", "n"), [(0, 10), (3, 10), (38, 40), (40, 40), (1, 1), (17, 61)])
def test_wilson_interval_matches_scipy(wins: int, n: int) -> None:
    expected = binomtest(wins, n).proportion_ci(confidence_level=0.95, method="wilson")
    interval = wilson_interval(wins, n)
    assert interval.low == pytest.approx(expected.low, abs=1e-12)
    assert interval.high == pytest.approx(expected.high, abs=1e-12)


def test_seeds_are_fixed_per_game_and_independent_of_the_count() -> None:
    assert game_seeds(5, 3) == game_seeds(5, 3)
    assert game_seeds(5, 3) == game_seeds(5, 10)[:3]  # SeedSequence children by index
    assert game_seeds(5, 3) != game_seeds(6, 3)
    assert len({pair for pair in game_seeds(5, 40)}) == 40


def test_seats_alternate_and_wins_go_to_the_right_agent() -> None:
    # TTT-2: x (the first seat) wins the top row; the agent in that seat gets the win.
    game = get_game("toy-tictactoe")
    line, losing = ("a3", "b3", "c3"), ("a1", "b1")
    record = play_game(game, (Scripted(*line), Scripted(*losing)), first=0)
    assert (record.first_agent, record.winner_agent, record.winner_side) == (0, 0, "x")
    record = play_game(game, (Scripted(*losing), Scripted(*line)), first=1)
    assert (record.first_agent, record.winner_agent, record.winner_side) == (1, 1, "x")
    assert record.first_seat_won is True and record.plies == 5


def test_the_first_seat_follows_whoever_moves_first() -> None:
    # TTT-1: with first=o the opening seat plays o.
    game = get_game("toy-tictactoe", first="o")
    record = play_game(game, (Scripted("a3", "b3", "c3"), Scripted("a1", "b1")), first=0)
    assert (record.winner_agent, record.winner_side) == (0, "o")


def test_the_pie_rule_trades_the_agents_sides() -> None:
    # HEX-4 on 3 x 3: agent 1 (Blue) takes the pie after b2 and so owns the Red stones; the
    # other agent now plays Blue. Red (agent 1) completes b1-b2-b3 and agent 1 wins.
    game = get_game("toy-hex", size=3, pie=True)
    opener = Scripted("b2", "a1", "c1")  # Red's b2, then Blue's stones after the pie
    taker = Scripted("pie", "b1", "b3")  # the pie, then Red's stones
    record = play_game(game, (opener, taker), first=0)
    assert record.winner_side == "red"
    assert record.winner_agent == 1
    assert record.first_seat_won is False


def test_a_draw_has_no_winner() -> None:
    game = get_game("toy-tictactoe")
    # TTT-2: the board fills as O X O / O X X / X O X, which holds no line.
    x, o = Scripted("b2", "a1", "c2", "b3", "c1"), Scripted("c3", "a2", "a3", "b1")
    record = play_game(game, (x, o), first=0)
    assert record.winner_agent is None and record.winner_side is None
    assert record.first_seat_won is None and record.plies == 9


def test_summary_counts_wins_draws_length_and_seat_advantage() -> None:
    records = [
        GameRecord(0, 0, 0, "x", 5, ""),
        GameRecord(1, 1, 1, "x", 7, ""),
        GameRecord(2, 0, None, None, 9, ""),
        GameRecord(3, 1, 0, "o", 6, ""),
    ]
    specs = (AgentSpec("greedy"), AgentSpec("random"))
    summary = summarize("toy-tictactoe", specs, records)
    a, b = summary.agents
    assert (a.spec, a.wins, a.rate) == ("greedy", 2, 0.5)
    assert (b.spec, b.wins, b.rate) == ("random", 1, 0.25)
    assert summary.draws == 1
    assert summary.mean_plies == pytest.approx(27 / 4)
    assert (summary.first_seat_wins, summary.second_seat_wins) == (2, 1)
    assert summary.seat_p_value == pytest.approx(binomtest(2, 3, 0.5).pvalue)


def test_results_do_not_depend_on_the_number_of_jobs() -> None:
    game = get_game("toy-hex", size=3)
    specs = (parse_agent_spec("mcts:30"), parse_agent_spec("random"))
    tasks = make_tasks(game, specs, games=6, think=1.0, seed=4)
    seen: list[int] = []
    serial = run_match(tasks, jobs=1, on_result=lambda r: seen.append(r.index))
    parallel = run_match(tasks, jobs=2)
    assert serial == parallel
    assert [r.first_agent for r in serial] == [0, 1, 0, 1, 0, 1]
    assert sorted(seen) == list(range(6))


def test_a_match_refuses_humans_and_empty_series(hex4: Game) -> None:
    human = parse_agent_spec("human", allow_human=True)
    with pytest.raises(MatchError, match="computer agents only"):
        make_tasks(hex4, (human, AgentSpec("random")), 2, 1.0, 0)
    with pytest.raises(MatchError, match="at least one game"):
        make_tasks(hex4, (AgentSpec("random"), AgentSpec("random")), 0, 1.0, 0)


def test_greedy_beats_random_at_tictactoe() -> None:
    game = get_game("toy-tictactoe")
    specs = (AgentSpec("greedy"), AgentSpec("random"))
    summary = summarize(game.name, specs, run_match(make_tasks(game, specs, 40, 1.0, 0)))
    assert summary.agents[0].wins >= 30
    assert summary.agents[1].wins <= 3


def render(width: int = 120) -> Console:
    return Console(file=io.StringIO(), width=width, color_system=None)


def test_match_command_prints_the_result_table(capsys: pytest.CaptureFixture[str]) -> None:
    console = render()
    argv = ["--agents", "greedy,random", "--games", "10", "--seed", "3"]
    assert match_main("toy-tictactoe", argv, console=console) == 0
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "toy-tictactoe: 10 games, seats alternating" in text
    assert "95% interval (Wilson)" in text
    assert "greedy" in text and "random" in text and "draws" in text
    assert "Mean game length:" in text
    assert "Seat advantage: the first seat won" in text
    assert "binomial test p =" in text
    assert capsys.readouterr().err == ""


def test_match_command_is_deterministic_for_a_seed() -> None:
    outputs = []
    for _ in range(2):
        console = render()
        argv = ["--agents", "mcts:20,random", "--games", "4", "--seed", "9", "--size", "3"]
        assert match_main("toy-hex", argv, console=console) == 0
        text = console.file.getvalue()  # type: ignore[attr-defined]
        outputs.append(text[text.index("toy-hex: 4 games") :])
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        ([], "Missing option '--agents'"),
        (["--agents", "mcts"], "--agents takes two agents"),
        (["--agents", "mcts,human"], "--agents: unknown agent 'human'"),
        (["--agents", "mcts,random", "--games", "0"], "Invalid value for '--games'"),
        (["--agents", "mcts,random", "--think", "-1"], "--think must be a positive"),
        (["--agents", "mcts,random", "--think", "inf"], "--think must be a positive, finite"),
        (["--agents", "mcts,random", "--size", "1"], "--size: Input should be greater"),
        (["--agents", "mcts,random", "--colour", "red"], "No such option"),
    ],
)
def test_match_command_bad_input(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert match_main("toy-hex", argv, console=render()) == 2
    err = capsys.readouterr().err
    assert err.startswith("Error: ") and words in err
    assert err.count("\n") == 1


def test_match_command_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert match_main("go", ["--agents", "mcts,random"], console=render()) == 2
    assert "Error: unknown game 'go'" in capsys.readouterr().err


def test_match_help_lists_the_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert match_main("toy-tictactoe", ["--help"], console=render()) == 0
    out = capsys.readouterr().out
    for option in ("--agents", "--games", "--jobs", "--think", "--seed", "--first", "--game-seed"):
        assert option in out


def test_a_game_past_its_ply_limit_stops_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("toy-tictactoe")
    monkeypatch.setattr(type(game), "ply_limit", lambda self: 3)
    agents = (Scripted("a1", "a2", "a3"), Scripted("b1", "b2"))
    with pytest.raises(MatchError, match="toy-tictactoe: game 0 passed 3 plies without ending"):
        play_game(game, agents, first=0)


def test_ply_limit_comes_from_the_max_plies_option() -> None:
    assert get_game("toy-tictactoe").ply_limit() is None  # no such option: no limit
    assert all(
        get_game(name).ply_limit() == getattr(get_game(name).options, "max_plies", None)
        for name in ("toy-hex", "toy-tictactoe")
    )


def test_ctrl_c_prints_the_table_of_the_games_played_so_far(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import abstracts.cli

    real = abstracts.cli.run_match

    def interrupted(tasks, jobs, advance):  # type: ignore[no-untyped-def]
        for record in real(tasks[:3], 1):
            advance(record)
        raise KeyboardInterrupt

    monkeypatch.setattr(abstracts.cli, "run_match", interrupted)
    console = render()
    argv = ["--agents", "greedy,random", "--games", "10", "--seed", "3"]
    assert match_main("toy-tictactoe", argv, console=console) == 130
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Interrupted after 3 of 10 games." in text
    assert "toy-tictactoe: 3 games, seats alternating" in text
