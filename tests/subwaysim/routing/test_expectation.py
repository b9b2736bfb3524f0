"""Expected points over many trips: the kernel against its reference, and against the exact
rules (SG-13..SG-15) where the estimate is exact (two players, walking not a mode)."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subwaysim.network import Network
from subwaysim.routing import Router, RoutingRules, systems_of
from subwaysim.routing.expectation import expected_points, expected_points_reference
from tests.subwaysim.routing.boards import grid, network
from tests.subwaysim.routing.test_modes import genuine_choice
from tests.subwaysim.routing.test_reference import trips

Case = tuple[Network, RoutingRules, list[tuple[int, int]]]


def all_pairs(router: Router) -> tuple[np.ndarray, np.ndarray]:
    size = router.network.board.size
    squares = np.arange(size)
    return squares, np.full(size, 1.0 / size)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(), st.integers(-1, 2))
def test_expectation_kernel_agrees_with_its_reference(case: Case, chooser: int) -> None:
    net, rules, _ = case
    router = Router(net, rules)
    chooser = min(chooser, len(net.players) - 1)
    squares, weights = all_pairs(router)
    args = (router, squares, weights, squares, weights, chooser, 2, 1)
    assert np.allclose(expected_points(*args), expected_points_reference(*args))


def exact_points(router: Router, chooser: int) -> np.ndarray:
    """The rules' own points, trip by trip, the chooser taking its own single-system set."""
    players = router.network.players
    size = router.network.board.size
    out = np.zeros(len(players))
    for o in range(size):
        for d in range(size):
            options = router.options(o, d).choices
            systems = [systems_of(c) for c in options]
            if chooser >= 0 and frozenset({players[chooser]}) in systems:
                systems = [frozenset({players[chooser]})]
            for chosen in systems:
                for player in chosen:
                    points = 2 if len(chosen) == 1 else 1
                    out[players.index(player)] += points / len(systems) / size**2
    return out


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(), st.integers(-1, 1))
def test_with_two_players_and_walking_not_a_mode_the_estimate_is_exact(
    case: Case, chooser: int
) -> None:
    net, rules, _ = case
    players = net.players[:2]
    if len(players) < 2:
        return
    net = Network(net.board, players, {p: net.track[p] for p in players}, net.stations)
    rules = RoutingRules(
        rules.hazard_walk_cost, rules.hazard_cost_on, rules.transfer_cost, rules.express, False
    )
    router = Router(net, rules)
    squares, weights = all_pairs(router)
    estimate = expected_points(router, squares, weights, squares, weights, chooser, 2, 1)
    assert np.allclose(estimate, exact_points(router, chooser))


def test_a_choice_goes_to_the_chooser_or_is_split() -> None:
    router = genuine_choice()  # 9 -> 17: Blue or Red, walk 1 + ride 2 + walk 1 either way
    one = np.array([9]), np.array([1.0]), np.array([17]), np.array([1.0])
    assert expected_points(router, *one, -1, 2, 1).tolist() == [1.0, 1.0]
    assert expected_points(router, *one, 1, 2, 1).tolist() == [0.0, 2.0]


def test_with_three_systems_a_trip_riding_two_scores_each_of_them() -> None:
    # SG-13..SG-15 by hand on 2 x 9 squares: A runs a1-e1, B e1-i1 (the e1 station serves
    # both, SG-11), C a2-e2. From a1 to i1 the walk is 8; A to e1 then B to i1 is 2 + 2 = 4,
    # no system alone makes it: A and B are both needed and score the shared point, C none.
    # Only this trip needs the groups without one system (searched only for such trips).
    board = grid(2, 9)
    stations = {0: "local", 4: "local", 8: "local", 9: "local", 13: "local"}
    net = network(board, {"A": range(0, 5), "B": range(4, 9), "C": range(9, 14)}, stations)
    router = Router(net, RoutingRules())
    assert router.options(0, 8).distance == 4
    one = np.array([0]), np.array([1.0]), np.array([8]), np.array([1.0])
    assert expected_points(router, *one, -1, 2, 1).tolist() == [1.0, 1.0, 0.0]
    assert expected_points(router, *one, 2, 2, 1).tolist() == [1.0, 1.0, 0.0]
    # From a1 to e1 A alone makes the trip (2): single points, the shared search is skipped.
    to_e1 = np.array([0]), np.array([1.0]), np.array([4]), np.array([1.0])
    assert expected_points(router, *to_e1, -1, 2, 1).tolist() == [2.0, 0.0, 0.0]
