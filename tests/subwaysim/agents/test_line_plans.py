"""Greedy's line plans in one compiled call (`line_plans.line_steps`, issue 28) are the
plans its plain-Python twin makes (`cheapest_paths`, `attachment`, `line_plan`): by hand on
a small network (SG-12: a line's first station where it starts while the system serves
none; SG-17: track and station prices), on random networks and costs, and on every state
greedy planned from in games of several bundled scenarios."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import subwaysim.agents.greedy as greedy
from subwaysim.agents import plans
from subwaysim.agents.line_plans import UNREACHED, line_steps
from subwaysim.agents.plans import MAX_LINE, Plan, line_steps_reference, track_costs
from subwaysim.builds import Build
from subwaysim.engine import Game
from subwaysim.network import Network, Station
from subwaysim.scenario import load_scenario
from subwaysim.state import GameState
from tests.subwaysim.helpers import scenario

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def state_with(start: dict) -> GameState:
    return GameState.new(scenario(board={"hazards": ["h8"]}, start=start), seed=0)


def kernel_lines(
    state: GameState, player: str, targets: list[int], costs: np.ndarray, budget: int
) -> list[tuple[tuple[Build, ...], int, int] | None]:
    """`line_steps` for `targets`, decoded: (builds, points, start) or None, per target."""
    network, board = state.network, state.board
    own = np.zeros(board.size, dtype=np.bool_)
    own[list(network.track[player])] = True
    built = np.zeros(board.size, dtype=np.bool_)
    built[list(network.stations)] = True
    served = any(sq in network.track[player] for sq in network.stations)
    codes, lengths, points, starts = line_steps(
        board.width,
        board.height,
        costs,
        own,
        built,
        plans._local_station_prices(state, budget),
        np.array(targets, dtype=np.int64),
        served,
        MAX_LINE,
    )
    made = [
        Build("track", c // 2) if c % 2 == 0 else Build("station", c // 2, "local")
        for c in codes.tolist()
    ]
    found: list[tuple[tuple[Build, ...], int, int] | None] = []
    at = 0
    for count, cost, start in zip(lengths.tolist(), points.tolist(), starts.tolist(), strict=True):
        if count == UNREACHED:
            found.append(None)
            continue
        found.append((tuple(made[at : at + count]), cost, start))
        at += count
    return found


def test_a_served_system_lays_its_line_target_first_with_a_station_there() -> None:
    """IRT has track c3-c4 and a station on c3 (served, SG-12). The line to c7 is c5, c6,
    c7 at a point each (SG-17); the target's track and local station come first (a line cut
    short by the budget still serves trips), then c5 and c6: 3 + 1 = 4 points. l12 is 17
    steps away, beyond MAX_LINE (12): no line."""
    state = state_with({"track": {"IRT": ["c3", "c4"]}, "stations": {"IRT": {"c3": "local"}}})
    sq = state.board.square
    found = kernel_lines(state, "IRT", [sq("c7"), sq("l12")], track_costs(state, "IRT", 3), 3)
    assert found == [
        (
            (
                Build("track", sq("c7")),
                Build("station", sq("c7"), "local"),
                Build("track", sq("c5")),
                Build("track", sq("c6")),
            ),
            4,
            sq("c4"),
        ),
        None,
    ]


def test_an_unserved_system_puts_its_first_station_where_the_line_starts() -> None:
    """IRT has track c3-c4 and no station: the line to c7 starts at c4 (c5's own neighbour
    to the south), so a station on c4 comes first, then c5, c6, c7 and c7's station (SG-12:
    a ride needs two stations): 3 track + 2 stations = 5 points. The hazard h8 costs 3
    (SG-17, the default): the line from f6's track (served by f6's station) is four steps,
    three at 1 and h8 at 3, and h8's station: 3 + 3 + 1 = 7."""
    state = state_with({"track": {"IRT": ["c3", "c4"]}})
    sq = state.board.square
    found = kernel_lines(state, "IRT", [sq("c7")], track_costs(state, "IRT", 3), 3)
    assert found == [
        (
            (
                Build("station", sq("c4"), "local"),
                Build("track", sq("c5")),
                Build("track", sq("c6")),
                Build("track", sq("c7")),
                Build("station", sq("c7"), "local"),
            ),
            5,
            sq("c4"),
        )
    ]
    state = state_with({"track": {"IRT": ["f6"]}, "stations": {"IRT": {"f6": "local"}}})
    costs = track_costs(state, "IRT", 3)
    assert costs[sq("h8")] == 3 and costs[sq("g8")] == 1
    (line,) = kernel_lines(state, "IRT", [sq("h8")], costs, 3)
    assert line is not None and line[1] == 3 + 3 + 1


def test_a_target_with_a_rivals_station_gets_track_and_no_station() -> None:
    """SG-11: a square holds one station; BRT's station on c6 stays, IRT's line only lays
    track to it (c5 for 1 point, c6, BRT's track, at the shared price)."""
    start = {
        "track": {"IRT": ["c3", "c4"], "BRT": ["c6", "d6"]},
        "stations": {"IRT": {"c3": "local"}, "BRT": {"c6": "local"}},
    }
    state = state_with(start)
    sq = state.board.square
    costs = track_costs(state, "IRT", 3)
    (line,) = kernel_lines(state, "IRT", [sq("c6")], costs, 3)
    assert line == (
        (Build("track", sq("c6")), Build("track", sq("c5"))),
        1 + int(costs[sq("c6")]),
        sq("c4"),
    )
    assert line_steps_reference(state, "IRT", [sq("c6")], costs, 3, [1.0] * 144) == [line]


@pytest.mark.parametrize("seed", range(4))
def test_random_networks_and_prices_give_the_twins_lines(seed: int) -> None:
    """Random own track (not always connected), stations (some a rival's), and track
    prices 0 to 4 (free squares make long lines): every target as the twin finds it."""
    chance = random.Random(seed)
    base = state_with({"track": {"IRT": ["c3"]}})
    board = base.board
    for _ in range(25):
        own = frozenset(chance.sample(range(board.size), chance.randint(1, 30)))
        rival = frozenset(chance.sample(range(board.size), 10))
        stations = {
            sq: Station(sq, "local", "IRT" if sq in own else "BRT")
            for sq in chance.sample(sorted(own | rival), chance.randint(0, 4))
        }
        base.network = Network(board, ("IRT", "BRT"), {"IRT": own, "BRT": rival}, stations)
        costs = np.array([chance.randint(0, 4) for _ in range(board.size)], dtype=np.int64)
        costs[list(own)] = 0
        targets = chance.sample([sq for sq in range(board.size) if sq not in own], 6)
        shares = [chance.random() for _ in range(board.size)]
        want = line_steps_reference(base, "IRT", targets, costs, 3, shares)
        assert kernel_lines(base, "IRT", targets, costs, 3) == want


@pytest.mark.parametrize(
    ("name", "seed"), [("classic", 21), ("river", 5), ("planted_hazard_track", 7)]
)
def test_greedys_own_lines_are_the_twins_plans_in_real_games(
    name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every state greedy planned from in a game, every square a target: the plans (builds,
    points, prior float for float) of the compiled call and of `line_plan` agree."""
    seen: list[tuple[GameState, str, np.ndarray, int]] = []
    made = greedy.candidates

    def record(state: GameState, player: str, weights: np.ndarray, budget: int, *rest):  # type: ignore[no-untyped-def]
        seen.append((state.copy(), player, weights.copy(), budget))
        return made(state, player, weights, budget, *rest)

    monkeypatch.setattr(greedy, "candidates", record)
    Game(load_scenario(SCENARIOS / f"{name}.yaml", ["end.turns=12"]), seed).run()
    assert len(seen) > 10
    for state, player, weights, budget in seen[::2]:
        own = state.network.track[player]
        if not own:
            continue
        shares = weights.tolist()
        costs = track_costs(state, player, budget)
        served = any(sq in own for sq in state.network.stations)
        squares = [sq for sq in range(state.board.size) if sq not in own]
        paths = plans.cheapest_paths(state, own, costs)  # the twin: `_lines` before
        for at in range(0, len(squares), 6):
            targets = squares[at : at + 6]
            got = list(plans._own_lines(state, player, shares, budget, targets, costs, served))
            want: list[Plan] = []
            for target in targets:
                path = paths.path(target)
                if path is None:
                    continue
                start = plans.attachment(state, own, path)
                ends = (target,) if served else (start, target)
                want.append(
                    plans.line_plan(state, player, path, ends, costs.tolist(), budget, shares)
                )
            assert got == want


def test_a_player_without_track_lays_lines_between_busy_squares_by_hand() -> None:
    """No track yet: c3 and d3 are a step apart on foot (no line: a ride of two stops saves
    nothing); c3 to c7 is track on c3..c7 (5 points) and stations on both (2), c3's track
    and station first; c7 to d3 is 6 track squares (c7 and five steps) and two stations."""
    state = state_with({"track": {"BRT": ["k10"]}})
    sq = state.board.square
    shares = [0.0] * state.board.size
    shares[sq("c3")], shares[sq("c7")], shares[sq("d3")] = 0.5, 0.125, 0.25
    targets = [sq("c3"), sq("c7"), sq("d3")]
    plans_made = list(plans._pair_lines(state, shares, 3, targets, track_costs(state, "IRT", 3)))
    assert [(p.cost, p.prior) for p in plans_made] == [
        (7, (0.5 * 0.125) ** 0.5 / 7),
        (8, (0.125 * 0.25) ** 0.5 / 8),
    ]
    assert plans_made[0].builds == (
        Build("track", sq("c3")),
        Build("station", sq("c3"), "local"),
        *(Build("track", sq(name)) for name in ("c4", "c5", "c6", "c7")),
        Build("station", sq("c7"), "local"),
    )
    assert plans_made == list(plans.pair_lines_reference(state, "IRT", shares, 3, targets))


@pytest.mark.parametrize("seed", range(3))
def test_lines_without_track_are_the_twins_on_random_boards(seed: int) -> None:
    """Rivals' track and stations (SG-11: a target with a station gets none), track
    prices (the rival's squares a whole phase: the budget, 1 or 3), targets near and far:
    the compiled pairs are `line_plan`'s."""
    chance = random.Random(seed)
    base = state_with({"track": {"BRT": ["k10"]}})
    board = base.board
    for _ in range(20):
        rival = frozenset(chance.sample(range(board.size), 20))
        stations = {sq: Station(sq, "local", "BRT") for sq in chance.sample(sorted(rival), 5)}
        base.network = Network(board, ("IRT", "BRT"), {"IRT": frozenset(), "BRT": rival}, stations)
        shares = [chance.random() for _ in range(board.size)]
        targets = chance.sample(range(board.size), 6)
        if chance.random() < 0.5:  # some targets on the rival's stations
            targets[:2] = list(stations)[:2]
        for budget in (1, 3):
            costs = track_costs(base, "IRT", budget)
            got = list(plans._pair_lines(base, shares, budget, targets, costs))
            assert got == list(plans.pair_lines_reference(base, "IRT", shares, budget, targets))
