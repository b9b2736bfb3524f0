"""A seat's decisions as lines (SG-14, SG-16, SG-17, SG-22): recorded as they are made, and
replayed to give the same game whatever the agents would decide now."""

from __future__ import annotations

import random

import pytest

from subwaysim.agents.greedy import GreedyAgent
from subwaysim.agents.random_agent import RandomAgent
from subwaysim.builds import Build
from subwaysim.commands.one_game import JsonlLog
from subwaysim.console.decisions import (
    DecisionError,
    Recorded,
    build_line,
    read_build,
    read_intensify,
    read_route,
    route_line,
)
from subwaysim.engine import Game
from subwaysim.routing import TripOptions
from subwaysim.state import GameState
from tests.subwaysim.helpers import Scripted, scenario

SCENARIO = scenario(end={"turns": 4}, rules={"borrow_builds": 1})


def played(agents: dict[str, Recorded]) -> list[str]:
    journal = JsonlLog()
    Game(SCENARIO, 7, [journal], agents).run()
    return journal.lines


def test_replayed_decisions_give_the_same_game_whoever_sits_down() -> None:
    first = {
        "IRT": Recorded(GreedyAgent("IRT", random.Random(1))),
        "BRT": Recorded(RandomAgent("BRT", random.Random(2))),
    }
    log = played(first)
    records = {p: seat.record for p, seat in first.items()}
    assert all(any(r.startswith("build ") for r in lines) for lines in records.values())
    # Other agents, other seeds: the script decides until it runs out, so the game is the same.
    again = {p: Recorded(RandomAgent(p, random.Random(99)), records[p]) for p in first}
    assert played(again) == log
    assert {p: seat.record for p, seat in again.items()} == records


def test_a_line_that_does_not_fit_names_the_seat_the_number_and_the_line() -> None:
    seats = {
        "IRT": Recorded(Scripted("IRT"), ["build track a1", "build station b2"]),
        "BRT": Recorded(Scripted("BRT")),
    }
    with pytest.raises(DecisionError, match="IRT's decision 2 'build station b2': SG-17"):
        played(seats)


def test_the_script_runs_out_then_the_agent_decides_and_on_live_is_told() -> None:
    told: list[bool] = []
    seat = Recorded(Scripted("IRT", [None]), ["build track a1"], on_live=lambda: told.append(True))
    state = GameState.new(SCENARIO, seed=0)
    assert seat.choose_build(state, 3, True) == Build("track", state.board.square("a1"))
    assert told == []
    assert seat.choose_build(state, 2, False) is None and told == [True]
    assert seat.record == ["build track a1", "done"]


def test_each_kind_of_line_reads_back_as_it_was_written() -> None:
    state = GameState.new(SCENARIO, seed=0)
    track = Build("track", state.board.square("c4"))
    assert read_build(build_line(track, state), state, "IRT", 3, True) == track
    assert read_build("done", state, "IRT", 3, True) is None
    assert read_build("build borrow", state, "IRT", 0, False) == Build("borrow")  # SG-22
    options = TripOptions(0, 5, 3, (frozenset({"IRT"}), frozenset({"IRT", "BRT"})))
    both = frozenset({"IRT", "BRT"})
    assert route_line(both, state) == "route IRT+BRT"
    assert read_route("route IRT+BRT", state, options) == both
    assert read_intensify("intensify row", state) == "row"
    assert read_intensify("intensify no", state) is None


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("route BRT", "the trip offers IRT or IRT+BRT (SG-14), not 'route BRT'"),
        ("intensify cell", "expected intensify section|row|column|no (SG-16)"),
        ("track c4", "the rules ask IRT for a build here, not 'track c4'"),
        ("build track q99", "'q99'"),
        ("build station c4", "SG-17"),
    ],
)
def test_lines_that_do_not_fit_are_decision_errors(line: str, words: str) -> None:
    state = GameState.new(SCENARIO, seed=0)
    options = TripOptions(0, 5, 3, (frozenset({"IRT"}), frozenset({"IRT", "BRT"})))
    with pytest.raises(DecisionError) as caught:
        if line.startswith("route"):
            read_route(line, state, options)
        elif line.startswith("intensify"):
            read_intensify(line, state)
        else:
            read_build(line, state, "IRT", 3, True)
    assert words in str(caught.value)
