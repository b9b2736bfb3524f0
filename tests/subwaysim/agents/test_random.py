"""The random player: uniform among sensible builds (never a removal), so its games score;
the old uniform player is kept as `uniform`."""

from __future__ import annotations

import random
from collections import Counter

from subwaysim.agents.random_agent import RandomAgent, Sensible, sensible_builds
from subwaysim.agents.uniform import UniformAgent
from subwaysim.builds import Build
from subwaysim.engine import Game
from subwaysim.state import GameState
from tests.subwaysim.helpers import scenario

START = {"track": {"IRT": ["c3", "c4"], "BRT": ["e5"]}, "stations": {"IRT": {"c3": "local"}}}


def test_sensible_builds_grow_the_network_and_never_remove() -> None:
    state = GameState.new(scenario(start=START), seed=0)
    sq, name = state.board.square, state.board.name
    found = sensible_builds(state, "IRT", 3, True)
    kinds = Counter(b.action for b in found)
    assert set(kinds) == {"track", "station", "intensify"}  # borrowing is off here
    tracks = sorted(name(b.square) for b in found if b.action == "track")
    assert tracks == ["b3", "b4", "c2", "c5", "d3", "d4"]  # next to c3 and c4
    assert {(name(b.square), b.detail) for b in found if b.action == "station"} == {
        ("c4", "local"), ("c4", "express")
    }  # fmt: skip
    assert {name(b.square) for b in found if b.action == "intensify"} == {"c3"}
    assert Build("remove_track", sq("c4")) not in found


def test_every_numbered_choice_is_a_sensible_build() -> None:
    state = GameState.new(scenario(start=START, rules={"borrow_builds": 1}), seed=0)
    options = Sensible.of(state, "IRT")
    every = [options[i] for i in range(len(options))]
    assert len(set(every)) == len(every) == len(options)
    assert every[-1] == Build("borrow")


def test_random_draws_each_allowed_sensible_build_equally_often() -> None:
    state = GameState.new(scenario(start=START), seed=0)
    agent = RandomAgent("IRT", random.Random(4))
    allowed = sensible_builds(state, "IRT", 3, True)
    counts = Counter(agent.choose_build(state, 3, True) for _ in range(3000))
    assert set(counts) == set(allowed)
    expected = 3000 / len(allowed)
    assert all(abs(n - expected) < 5 * expected**0.5 for n in counts.values())


def test_random_games_score_and_uniform_ones_mostly_do_not() -> None:
    players = [{"name": "IRT", "agent": "random"}, {"name": "BRT", "agent": "random"}]
    s = scenario(players=players, end={"turns": 20})
    scored = sum(sum(Game(s, seed).run().scores.values()) > 0 for seed in range(6))
    assert scored >= 5
    uniform = UniformAgent("IRT", random.Random(0))
    assert uniform.kind == "uniform"


def test_targets_grown_from_the_last_networks_are_the_squares_around_the_track() -> None:
    state = GameState.new(scenario(start=START), seed=0)
    sq, name = state.board.square, state.board.name
    before = Sensible.of(state, "IRT")
    state.network = state.network.with_track("IRT", sq("c5")).with_track("IRT", sq("d5"))
    grown = Sensible.of(state, "IRT", before)
    # Around c3, c4, c5 and d5, without the track itself.
    assert grown.targets == sorted(grown.targets)  # by square, as the draws number them
    names = sorted(name(s) for s in grown.targets)
    assert names == ["b3", "b4", "b5", "c2", "c6", "d3", "d4", "d6", "e5"]
    assert grown == Sensible.of(state, "IRT")  # the same as worked out from nothing
    # Track that shrank since: worked out from nothing, not from the last targets.
    state.network = state.network.without_track("IRT", sq("c5"))
    assert Sensible.of(state, "IRT", grown) == Sensible.of(state, "IRT")
    assert sq("c5") in Sensible.of(state, "IRT", grown).targets
