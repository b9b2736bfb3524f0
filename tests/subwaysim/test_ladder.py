"""`subway match subway`: pairs, seats rotated on shared seeds, the win matrix and Elo."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.commands.ladder import Ladder, Seating, ladder_tasks, pairings
from subwaysim.sweep.run.results import GameRecord
from tests.subwaysim.helpers import scenario

TINY = {
    "board": {"sections": [1, 1], "section_size": [4, 4]},
    "end": {"turns": 3},
}


def record(first: str, second: str, game: int, winners: tuple[str, ...]) -> GameRecord:
    return GameRecord(
        setting=Seating(first, second).setting(), game=game, seed=game, seats=("IRT", "BRT"),
        scores=(1, 0), winners=winners, turns=6, trips=0, subway_trips=0, shared_trips=0,
        shared_points=0, lead_changes=0, leader_since=0, end="turns",
    )  # fmt: skip


def test_every_pair_plays_with_seats_rotated_and_two_games_a_seed() -> None:
    tasks = ladder_tasks(scenario(**TINY), ["mcts", "greedy", "random"], 4, seed=3)
    assert pairings(["mcts", "greedy", "random"]) == [
        ("mcts", "greedy"), ("mcts", "random"), ("greedy", "random")
    ]  # fmt: skip
    assert len(tasks) == 12
    first = tasks[:4]
    assert [(t.scenario.players[0].agent, t.scenario.players[1].agent) for t in first] == [
        ("mcts", "greedy"), ("greedy", "mcts"), ("mcts", "greedy"), ("greedy", "mcts")
    ]  # fmt: skip
    seeds = [t.seed for t in first]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]
    assert [t.seed for t in tasks[4:8]] == seeds  # every pair sees the same deals


def test_results_count_from_both_sides_and_a_shared_win_is_a_draw() -> None:
    ladder = Ladder.of(
        ["a", "b"],
        [
            record("a", "b", 0, ("IRT",)),  # a, in seat 1, wins
            record("b", "a", 1, ("BRT",)),  # a, in seat 2, wins
            record("a", "b", 2, ("IRT", "BRT")),  # shared win (SG-20)
        ],
    )
    a, b = ladder.heads["a", "b"], ladder.heads["b", "a"]
    assert (a.games, a.wins, a.losses, a.draws) == (3, 2, 0, 1)
    assert (b.wins, b.losses, b.draws) == (0, 2, 1)
    assert a.rate == pytest.approx(2.5 / 3)


def test_elo_is_even_for_even_results_and_finite_for_an_unbeaten_agent() -> None:
    even = Ladder.of(["a", "b"], [record("a", "b", 0, ("IRT",)), record("a", "b", 1, ("BRT",))])
    assert even.elo() == pytest.approx({"a": 1500, "b": 1500}, abs=1e-3)
    games = [record("a", "b", g, ("IRT",)) for g in range(10)]
    games += [record("b", "c", g, ("IRT",)) for g in range(10)]
    ratings = Ladder.of(["a", "b", "c"], games).elo()
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) / 3 == pytest.approx(1500)
    assert ratings["a"] - ratings["c"] < 2000  # one prior draw a pair keeps it finite


def test_the_command_prints_the_matrix(tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text("board: {sections: [1, 1], section_size: [4, 4]}\nend: {turns: 2}\n")
    args = [
        "match",
        "subway",
        str(path),
        "--agents",
        "random,uniform",
        "--games",
        "2",
        "--jobs",
        "1",
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Elo" in result.output and "uniform" in result.output and "–" in result.output


@pytest.mark.parametrize(
    ("agents", "words"),
    [
        ("random", "two or more different"),
        ("random,random", "two or more"),
        ("random,clever", "'clever'"),
    ],
)
def test_bad_agents_exit_2(tmp_path: Path, agents: str, words: str) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text("end: {turns: 2}\n")
    result = CliRunner().invoke(app, ["match", "subway", str(path), "--agents", agents])
    assert result.exit_code == 2
    assert words in result.output


def test_ctrl_c_prints_the_table_of_the_games_so_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from subwaysim.sweep.run import backends

    serial = backends.choose_backend

    def one_then_ctrl_c(jobs: int | None, address: str | None, *work: object) -> object:
        def run(tasks: list[object]) -> object:
            yield next(iter(serial(1, None, *work)(tasks)))  # type: ignore[arg-type]
            raise KeyboardInterrupt

        return run

    monkeypatch.setattr(backends, "choose_backend", one_then_ctrl_c)
    path = tmp_path / "tiny.yaml"
    path.write_text("board: {sections: [1, 1], section_size: [4, 4]}\nend: {turns: 2}\n")
    args = ["match", "subway", str(path), "--agents", "random,uniform", "--games", "2"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 130
    assert "Interrupted after 1 of 2 games: the table so far." in result.output
    assert "Elo" in result.output and "Traceback" not in result.output
