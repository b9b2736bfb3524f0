"""A build phase played forward from its start with given decisions (SG-17, SG-18, SG-22)."""

from __future__ import annotations

import pytest

from subwaysim.console.decisions import DecisionError
from subwaysim.console.phase import hidden_cards, replay_phase
from subwaysim.events import Built
from subwaysim.state import GameState
from subwaysim.turn import begin_turn, populate_phase
from tests.subwaysim.helpers import scenario


def test_the_kept_builds_are_played_on_a_copy_and_the_next_build_is_pending() -> None:
    start = GameState.new(scenario(), seed=0)
    position = replay_phase(start, "IRT", 3, ["build track a1", "build track a2"])
    assert [(e.action, e.square, e.points_left) for e in position.events] == [
        ("track", "a1", 2),
        ("track", "a2", 1),
    ]
    assert position.used == ("build track a1", "build track a2")
    assert position.pending == (1, False)  # SG-17: one point left, no longer the first build
    assert position.state.network.track["IRT"] and not start.network.track["IRT"]  # a copy


def test_done_and_spent_points_leave_nothing_pending_and_banking_waits_for_done() -> None:
    start = GameState.new(scenario(rules={"bank_builds": 2}), seed=0)
    done = replay_phase(start, "IRT", 3, ["build track a1", "done"])
    assert done.pending is None and done.state.bank["IRT"] == 2  # SG-22
    assert [type(e) for e in done.events] == [Built]  # Banked is said at `done`, not here
    spent = replay_phase(start, "IRT", 1, ["build track a1"])
    assert spent.pending is None


def test_a_whole_phase_build_ends_the_phase_so_a_later_line_does_not_fit() -> None:
    start = GameState.new(scenario(board={"hazards": ["h8"]}), seed=0)
    with pytest.raises(DecisionError, match="the phase ends before 'build track a1'"):
        replay_phase(start, "IRT", 3, ["build track h8", "build track a1"])  # SG-17
    with pytest.raises(DecisionError, match="SG-17"):
        replay_phase(start, "IRT", 3, ["build track a1", "build track h8"])


def test_hidden_cards_change_when_an_extra_trip_draws() -> None:
    # SG-18: the station's extra trip finds the queues empty and draws (SG-5).
    start = GameState.new(scenario(), seed=0)
    begin_turn(start)
    populate_phase(start, None)
    before = hidden_cards(start)
    position = replay_phase(start, "IRT", 3, ["build track c4", "build station c4", "intensify no"])
    assert hidden_cards(position.state) != before
    track_only = replay_phase(start, "IRT", 3, ["build track c4"])
    assert hidden_cards(track_only.state) == before
