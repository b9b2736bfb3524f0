"""The command line of `subway playtest`: who plays, how many games, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from subwaysim.agents.mcts import ITERATIONS
from subwaysim.playtest.options import (
    AgentRun,
    PlaytestError,
    parse_agents,
    parse_options,
    player_specs,
    search_games,
)


def test_quick_players_play_every_game_search_players_50_in_100() -> None:
    greedy, mcts = parse_agents("greedy,mcts", 100)
    assert greedy == AgentRun("greedy", 100) and not greedy.search
    # A bare mcts searches its own default budget (the strong player), 50 games a setting
    # at the default 100: enough for its figures to be tested, not descriptive.
    assert mcts == AgentRun(f"mcts:{ITERATIONS}", 50) and mcts.search
    assert parse_agents("mcts:400", 100) == (AgentRun("mcts:400", 50),)


def test_search_games_at_least_two_never_more_than_asked() -> None:
    # 50 in 100, rounded up: 3 games give 2 (1.5), 5 give 3 (2.5); at least two.
    assert [search_games(n) for n in (1, 2, 3, 5, 17, 100, 200)] == [1, 2, 2, 3, 9, 50, 100]


def test_folder_names_and_words() -> None:
    assert AgentRun("mcts:0.5s", 2).slug == "mcts-0_5s"
    assert AgentRun("mcts:0.5s", 2).words == "mcts players (0.5 s a build phase)"
    assert AgentRun("mcts:30", 2).words == "mcts players (30 playouts a build phase)"
    assert AgentRun("random", 2).words == "random players"


def test_every_seat_gets_the_same_kind_of_player() -> None:
    assert player_specs(AgentRun("random", 4), 3) == [
        "players.0.agent=random", "players.1.agent=random", "players.2.agent=random"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("agents", "problem"),
    [
        ("", "give agents separated by commas"),
        ("greedy,", "give agents separated by commas"),
        ("human", "'human' is not a computer player"),
        ("clever", "unknown agent 'clever': the agents are uniform, random, greedy"),
        ("mcts:0", "'mcts:0': an mcts budget is 1 to"),
        ("greedy,greedy", "'greedy' is given more than once"),
        ("mcts,mcts:16", "'mcts:16' is given more than once"),
    ],
)
def test_bad_agents_are_refused_naming_the_agent(agents: str, problem: str) -> None:
    with pytest.raises(PlaytestError, match=problem):
        parse_agents(agents, 10)


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"out": " "}, "--out ' ': give the folder"),
        ({"games": 0}, "--games must be at least 1, got 0"),
        ({"jobs": 0}, "--jobs must be at least 1, got 0"),
        ({"precision": 0.0}, r"--precision is a win-rate interval width in \(0, 1\], got 0.0"),
        ({"precision": 1.5}, "got 1.5"),
        ({"jobs": 2, "scheduler": "tcp://h:8786"}, "give --jobs or --scheduler, not both"),
        ({"scheduler": " "}, "--scheduler '': give the Dask scheduler's address"),
        ({"confirm": -1}, "--confirm must be at least 0, got -1"),
        ({"reuse": {"tune": Path("/no/such/tune")}}, "--tune /no/such/tune: no such folder"),
    ],
)
def test_bad_options_are_refused_naming_the_option(options: dict, problem: str) -> None:  # type: ignore[type-arg]
    arguments = {"out": "out", **options}
    with pytest.raises(PlaytestError, match=problem):
        parse_options(Path("s.yaml"), **arguments)
