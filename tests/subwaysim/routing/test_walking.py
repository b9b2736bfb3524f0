"""SG-9 walking: hand-worked steps, and the compiled all-pairs kernel against its reference."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.routing import WALK, Route, Router, RoutingRules, TripOptions, Walk
from subwaysim.routing.kernels import _walk_all, walk_distances, walk_distances_reference
from tests.subwaysim.routing.boards import grid, network


@pytest.mark.parametrize(
    ("cost_on", "squares", "distance"),
    [
        ("leave", (0, 1, 2), 2),  # entering the hazard (square 2) costs 1
        ("leave", (2, 3, 4), 3),  # leaving it costs 2
        ("leave", (0, 1, 2, 3, 4), 5),
        ("enter", (0, 1, 2), 3),
        ("enter", (2, 3, 4), 2),
        ("enter", (4, 3, 2, 1, 0), 5),
    ],
)
def test_sg9_hazard_step_costs_on_leaving_or_entering(
    cost_on: str, squares: tuple[int, ...], distance: int
) -> None:
    net = network(grid(1, 5, hazards=[2]), {"A": []})
    router = Router(net, RoutingRules(hazard_cost_on=cost_on))  # type: ignore[arg-type]
    trip = (squares[0], squares[-1])
    assert router.options(*trip) == TripOptions(*trip, distance, (frozenset({WALK}),))
    assert router.route(*trip, {WALK}) == Route(*trip, distance, (), (Walk(squares),))


@pytest.mark.parametrize(("hazard_cost", "distance"), [(2, 3), (3, 4), (5, 4)])
def test_sg9_walk_goes_around_a_costly_hazard(hazard_cost: int, distance: int) -> None:
    # 3 x 3 board, hazard in the middle (square 4): 3 -> 4 -> 5 costs 1 + hazard cost,
    # the way around (3 -> 6 -> 7 -> 8 -> 5) costs 4.
    net = network(grid(3, 3, hazards=[4]), {"A": []})
    router = Router(net, RoutingRules(hazard_walk_cost=hazard_cost))
    assert router.options(3, 5).distance == distance
    (walk,) = router.route(3, 5, {WALK}).legs
    if hazard_cost == 2:
        assert walk == Walk((3, 4, 5))
    if hazard_cost == 5:  # round by the bottom rank: board order tries south first
        assert walk == Walk((3, 0, 1, 2, 5))


def test_without_hazards_walking_is_manhattan() -> None:
    distances = walk_distances(4, 3, np.zeros(12, dtype=bool), 3, True)
    assert distances[0, 11] == 5  # a1 -> d3: three files and two ranks
    assert distances[5, 5] == 0


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 6),
    st.integers(1, 6),
    st.data(),
    st.integers(1, 5),
    st.booleans(),
)
def test_walk_kernel_agrees_with_its_reference(
    width: int, height: int, data: st.DataObject, cost: int, on_leave: bool
) -> None:
    size = width * height
    hazard = np.array(data.draw(st.lists(st.booleans(), min_size=size, max_size=size)))
    expected = walk_distances_reference(width, height, hazard, cost, on_leave)
    assert np.array_equal(_walk_all(width, height, hazard, cost, on_leave), expected)
    assert np.array_equal(walk_distances(width, height, hazard, cost, on_leave), expected)
