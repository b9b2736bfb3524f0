"""SG-17: build actions, their costs, whole-phase builds; SG-11 one station a square."""

from __future__ import annotations

import pytest

from subwaysim import builds
from subwaysim.builds import Build, BuildError, parse_build
from subwaysim.state import GameState
from tests.subwaysim.helpers import scenario


def state_with(**sections) -> GameState:  # type: ignore[no-untyped-def]
    return GameState.new(scenario(**sections), seed=0)


def sq(state: GameState, name: str) -> int:
    return state.board.square(name)


def check(state: GameState, build: Build, player="IRT", left=3, first=True):  # type: ignore[no-untyped-def]
    return builds.check(build, state, player, left, first)


START = {
    "track": {"IRT": ["c3", "c4"], "BRT": ["e5"]},
    "stations": {"IRT": {"c3": "local"}, "BRT": {"e5": "express"}},
}


def test_sg17_costs_of_each_action() -> None:
    s = state_with(board={"hazards": ["h8"]}, start=START)
    assert builds.cost(Build("track", sq(s, "d4")), s, "IRT") == 1
    assert builds.cost(Build("track", sq(s, "h8")), s, "IRT") == "phase"  # hazard
    assert builds.cost(Build("track", sq(s, "e5")), s, "IRT") == "phase"  # BRT's track
    assert builds.cost(Build("station", sq(s, "c4"), "express"), s, "IRT") == 1
    assert builds.cost(Build("remove_station", sq(s, "c3")), s, "IRT") == 1
    assert builds.cost(Build("remove_track", sq(s, "c4")), s, "IRT") == 1
    assert builds.cost(Build("intensify", sq(s, "a1"), "row"), s, "IRT") == 1


def test_sg17_costs_are_scenario_options() -> None:
    s = state_with(rules={"costs": {"express_station": 3, "hard_track": 2}}, start=START)
    assert builds.cost(Build("station", sq(s, "c4"), "express"), s, "IRT") == 3
    assert builds.cost(Build("station", sq(s, "c4"), "local"), s, "IRT") == 1
    assert builds.cost(Build("track", sq(s, "e5")), s, "IRT") == 2


def test_sg17_whole_phase_build_only_as_the_first_build() -> None:
    s = state_with(board={"hazards": ["h8"]}, start=START)
    assert check(s, Build("track", sq(s, "h8")), first=True) is None
    assert "first build" in check(s, Build("track", sq(s, "h8")), first=False)


def test_sg17_cannot_spend_more_than_is_left() -> None:
    s = state_with(rules={"costs": {"express_station": 3}}, start=START)
    assert "costs 3" in check(s, Build("station", sq(s, "c4"), "express"), left=2)


def test_sg17_station_needs_own_track_and_no_station_sg11() -> None:
    s = state_with(start=START)
    assert "own track" in check(s, Build("station", sq(s, "d4"), "local"))
    assert "own track" in check(s, Build("station", sq(s, "e5"), "local"))  # BRT's track
    assert "SG-11" in check(s, Build("station", sq(s, "c3"), "local"))
    assert check(s, Build("station", sq(s, "c4"), "express")) is None


def test_sg17_remove_only_own_station_and_track_without_station() -> None:
    s = state_with(start=START)
    assert check(s, Build("remove_station", sq(s, "c3"))) is None
    assert "no station built by IRT" in check(s, Build("remove_station", sq(s, "e5")))
    assert "remove the station" in check(s, Build("remove_track", sq(s, "c3")))
    assert check(s, Build("remove_track", sq(s, "c4"))) is None
    assert "no track" in check(s, Build("remove_track", sq(s, "d4")))


def test_sg17_intensify_needs_a_copy_in_supply() -> None:
    s = state_with(cards={"max_population": 1})
    a1 = sq(s, "a1")
    assert check(s, Build("intensify", a1, "row")) is None
    s.decks[1].supply[5] = 0  # a1 is row card 5 of section 2
    assert "supply pile is empty" in check(s, Build("intensify", a1, "row"))


def test_sg17_track_on_a_square_already_holding_own_track_is_refused() -> None:
    s = state_with(start=START)
    assert "already has track" in check(s, Build("track", sq(s, "c3")))


def test_apply_changes_the_network_and_leaves_the_old_one() -> None:
    s = state_with(start=START)
    before = s.network
    after = builds.apply(Build("station", sq(s, "c4"), "express"), before, "IRT")
    assert sq(s, "c4") not in before.stations
    assert after.stations[sq(s, "c4")].kind == "express"
    assert after.stations[sq(s, "c4")].builder == "IRT"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("track c4", Build("track", 38)),
        ("station e5 express", Build("station", 52, "express")),
        ("station e5", Build("station", 52, "local")),
        ("remove track c4", Build("remove_track", 38)),
        ("remove station c4", Build("remove_station", 38)),
        ("intensify e5 row", Build("intensify", 52, "row")),
    ],
)
def test_build_text_round_trips(text: str, expected: Build) -> None:
    board = scenario().make_board()
    names = ("section", "row", "column")
    assert parse_build(text, board, names) == expected
    assert parse_build(expected.text(board), board, names) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("track z9", "off the board"),
        ("station e5 fast", "local or express"),
        ("intensify e5 cell", "names a deck"),
        ("build a subway", "cannot read"),
    ],
)
def test_bad_build_text_says_why(text: str, message: str) -> None:
    with pytest.raises(BuildError, match=message):
        parse_build(text, scenario().make_board(), ("section", "row", "column"))
