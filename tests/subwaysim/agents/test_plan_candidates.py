"""Greedy's candidate plans as the planner makes them (issue 28: the line tables made in
the line kernel's own call, prices read once a phase, builds and tables kept) are the plans
of the planner's plain steps: the same plans in the same order, the same costs (SG-17,
SG-21's surcharge) and priors float for float, in real games of several scenarios; and the
pieces by hand: the line search stopped at its targets, the populated squares, the plans'
maker, the intensify order and the flat prices."""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import subwaysim.agents.greedy as greedy
from subwaysim import builds
from subwaysim.agents import plans
from subwaysim.agents.busy import heaviest
from subwaysim.agents.line_plans import grid_dijkstra, own_line_steps, settle
from subwaysim.agents.plans import (
    MAX_LINE,
    Breadth,
    Paths,
    Plan,
    attachment,
    busy_squares_reference,
    candidates,
    grid_dijkstra_reference,
    intensify_builds,
    line_plan,
    plan_cost,
    price,
    track_costs_reference,
)
from subwaysim.agents.track_prices import populated_squares
from subwaysim.builds import Build
from subwaysim.cards import cards_of
from subwaysim.engine import Game
from subwaysim.network import Network, Station
from subwaysim.scenario import load_scenario
from subwaysim.state import GameState
from tests.subwaysim.helpers import scenario

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


# --- the planner's plain steps (the plans as `plans.py` made them before the tables) ---


def plan_cost_before(state: GameState, player: str, steps: tuple[Build, ...], budget: int) -> int:
    """Each step's `price` (SG-17 via `builds.cost`, SG-21's surcharge), at least 1 point."""
    network = state.network
    return max(sum(price(state, player, step, budget, network) for step in steps), 1)


def stations_before(
    state: GameState, player: str, shares: list[float], budget: int, breadth: Breadth
) -> list[Plan]:
    network = state.network
    own, built = network.track[player], network.stations
    free = sorted(own - built.keys(), key=shares.__getitem__, reverse=True)
    found = []
    for sq in free[: breadth.stations]:
        for kind in ("express", "local"):
            steps = (Build("station", sq, kind),)
            cost = plan_cost_before(state, player, steps, budget)
            found.append(Plan(steps, cost, shares[sq] / cost))
    if not network.served(player):
        ends = free[: breadth.targets]
        for i, a in enumerate(ends):
            for b in ends[i + 1 :]:
                steps = (Build("station", a, "local"), Build("station", b, "local"))
                cost = plan_cost_before(state, player, steps, budget)
                found.append(Plan(steps, cost, math.sqrt(shares[a] * shares[b]) / cost))
    return found


def lines_before(
    state: GameState,
    player: str,
    shares: list[float],
    budget: int,
    busy: list[int],
    breadth: Breadth,
) -> list[Plan]:
    own = state.network.track[player]
    targets = [t for t in busy if t not in own][: breadth.targets]
    if not own:
        return list(plans.pair_lines_reference(state, player, shares, budget, targets))
    board = state.board
    costs = track_costs_reference(state, player, budget)
    sources = [sq in own for sq in range(board.size)]
    cost, back = grid_dijkstra_reference(
        board.width, board.height, costs.tolist(), sources, MAX_LINE
    )
    paths = Paths(own, np.array(cost), np.array(back), back)
    served = any(sq in own for sq in state.network.stations)
    found = []
    for target in targets:
        path = paths.path(target)
        if path is None:
            continue
        start = attachment(state, own, path)
        ends = (target,) if served else (start, target)
        found.append(line_plan(state, player, path, ends, costs.tolist(), budget, shares))
    return found


def removals_before(
    state: GameState, player: str, shares: list[float], budget: int, breadth: Breadth
) -> list[Plan]:
    own = [st for st in state.network.stations_of(player) if st.builder == player]
    if len(own) < 3:
        return []
    found = []
    for station in sorted(own, key=lambda st: shares[st.square])[: breadth.changes]:
        removal = Build("remove_station", station.square)
        found.append(Plan((removal,), plan_cost_before(state, player, (removal,), budget)))
        if station.kind == "local":
            steps = (removal, Build("station", station.square, "express"))
            found.append(Plan(steps, plan_cost_before(state, player, steps, budget)))
    return found


def candidates_before(
    state: GameState,
    player: str,
    weights: np.ndarray,
    budget: int,
    draws: np.random.Generator,
    breadth: Breadth,
) -> list[Plan]:
    shares = weights.tolist()
    found = stations_before(state, player, shares, budget, breadth)
    busy = busy_squares_reference(weights, draws, breadth)
    found += lines_before(state, player, shares, budget, busy, breadth)
    return found + removals_before(state, player, shares, budget, breadth)


def intensify_before(
    state: GameState, player: str, weights: np.ndarray, breadth: Breadth
) -> list[Build]:
    served = sorted([sq for sq, _ in state.network.served(player)], key=lambda sq: -weights[sq])
    return [
        Build("intensify", sq, deck.name)
        for sq in served[: breadth.intensify]
        for deck in state.decks
    ]


def exactly(found: list[Plan]) -> list[tuple[tuple[Build, ...], int, str]]:
    """The plans with their priors' bits (float for float)."""
    return [(plan.builds, plan.cost, float(plan.prior).hex()) for plan in found]


# --- real games --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "sets", "seed"),
    [
        ("classic", [], 21),
        ("classic", ["rules.populated_build=surcharge"], 3),
        (
            "classic",
            ["rules.populated_build=surcharge", "rules.costs.local_station=phase"],
            4,
        ),
        ("three_players", [], 3),
        ("express_heavy", ["rules.populated_build=surcharge"], 6),
        ("planted_shared_track", ["rules.populated_build=surcharge"], 5),
    ],
)
def test_candidates_are_the_plain_steps_plans_in_real_games(
    name: str, sets: list[str], seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every phase greedy planned in a game (SG-21's surcharge and a whole-phase station
    among them): its candidates, intensify builds and plan costs are the plain steps', and
    the draws used are the same."""
    seen: list[tuple[GameState, str, np.ndarray, int, np.random.Generator, Breadth]] = []
    made = greedy.candidates

    def record(state, player, weights, budget, draws, breadth=plans.FULL):  # type: ignore[no-untyped-def]
        twin = copy.deepcopy(draws)
        seen.append((state.copy(), player, weights.copy(), budget, twin, breadth))
        return made(state, player, weights, budget, draws, breadth)

    monkeypatch.setattr(greedy, "candidates", record)
    Game(load_scenario(SCENARIOS / f"{name}.yaml", [*sets, "end.turns=10"]), seed).run()
    assert len(seen) > 10
    lines = surcharged = 0
    for state, player, weights, budget, draws, breadth in seen:
        twin = copy.deepcopy(draws)
        got = list(candidates(state, player, weights, budget, draws, breadth))
        want = candidates_before(state, player, weights, budget, twin, breadth)
        assert exactly(got) == exactly(want)
        assert draws.random() == twin.random()  # (the same draws used)
        ours = list(intensify_builds(state, player, weights, breadth))
        assert ours == intensify_before(state, player, weights, breadth)
        for steps in [(b,) for b in ours] + [plan.builds for plan in got]:
            assert plan_cost(state, player, steps, budget) == plan_cost_before(
                state, player, steps, budget
            )
        lines += sum(p.builds[0].action == "track" or len(p.builds) > 2 for p in got)
        surcharged += bool(state.prices.surcharge) and bool(populated_squares(state).any())
    assert lines > 0
    assert surcharged > 0 or not any(s.startswith("rules.populated_build") for s in sets)


# --- the line search stopped at its targets ----------------------------------------------------


def test_a_search_stops_once_its_targets_are_settled() -> None:
    """A strip of four squares, a source on the first, each square a point: the target
    (the second square) is settled at 1, back from the first; the search stops there, so
    the fourth square is never reached (MAX_LINE + 1), where the whole search reaches it
    at 3. A target out of reach (limit 1) lets the search run to its end."""
    costs = np.ones(4, np.int64)
    sources = np.array([True, False, False, False])
    cost, back = settle(4, 1, costs, sources, MAX_LINE, np.array([1], np.int64))
    assert (cost[1], back[1]) == (1, 0)
    assert cost[3] == MAX_LINE + 1
    whole_cost, _ = grid_dijkstra(4, 1, costs, sources, MAX_LINE)
    assert whole_cost.tolist() == [0, 1, 2, 3]
    cost, _ = settle(4, 1, costs, sources, 1, np.array([3], np.int64))
    assert cost.tolist() == [0, 1, 2, 2]  # (out of reach beyond the limit: 2 = limit + 1)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_stopped_search_agrees_with_the_whole_one(data: st.DataObject) -> None:
    """Random grids, prices 0 to 4, sources and targets: the whole search is the plain
    twin's, square by square (costs and back steps: the same array heap); the search
    stopped at the targets gives each target and every square on its way back the same."""
    width, height = data.draw(st.integers(1, 7)), data.draw(st.integers(1, 7))
    size = width * height
    costs = data.draw(st.lists(st.integers(0, 4), min_size=size, max_size=size))
    sources = data.draw(st.lists(st.booleans(), min_size=size, max_size=size))
    targets = data.draw(st.lists(st.integers(0, size - 1), max_size=6))
    limit = data.draw(st.integers(0, MAX_LINE))
    want_cost, want_back = grid_dijkstra_reference(width, height, costs, sources, limit)
    cost_array, mask = np.array(costs, np.int64), np.array(sources, np.bool_)
    cost, back = grid_dijkstra(width, height, cost_array, mask, limit)
    assert (cost.tolist(), back.tolist()) == (want_cost, want_back)
    cost, back = settle(width, height, cost_array, mask, limit, np.array(targets, np.int64))
    for target in targets:
        assert cost[target] == want_cost[target]
        sq = target
        while want_cost[target] <= limit and sq >= 0:
            assert (cost[sq], back[sq]) == (want_cost[sq], want_back[sq])
            sq = want_back[sq]


# --- the line kernel's own tables --------------------------------------------------------------


def test_own_line_steps_take_the_first_busy_squares_off_the_track() -> None:
    """IRT has track c3-c4 and a station on c3 (served). The keys make c4 the busiest
    square, then c7, then a1 (every other key smaller): c4 is IRT's own track, so one
    target wanted is c7: its track and station first, then c5 and c6, 3 + 1 = 4 points,
    from c4 (as `line_plan` lays it, SG-17 prices by the rules)."""
    state = GameState.new(
        scenario(start={"track": {"IRT": ["c3", "c4"]}, "stations": {"IRT": {"c3": "local"}}}),
        seed=0,
    )
    sq = state.board.square
    weights = np.ones(state.board.size)
    powered = np.full(state.board.size, 0.1)
    powered[[sq("c4"), sq("c7"), sq("a1")]] = 0.9, 0.8, 0.7
    points, whole = plans._track_prices(state.prices, 3)
    packed = own_line_steps(
        12, 12, plans._hazard_kinds(state.board), np.zeros(0, np.int64),
        np.array([sq("c3"), sq("c4")], np.int64), np.array([sq("c3")], np.int64),
        points, whole, np.zeros(0, np.bool_), 0, 1, 0, powered, weights, 3, 1, True, MAX_LINE,
    ).tolist()  # fmt: skip
    c3, c4, c5, c6, c7 = (sq(name) for name in ("c3", "c4", "c5", "c6", "c7"))
    assert c3 != c4
    # count, targets, lengths, points, starts, then codes (2s track, 2s + 1 a station)
    assert packed == [1, c7, 4, 4, c4, 2 * c7, 2 * c7 + 1, 2 * c5, 2 * c6]


# --- SG-21 populated squares -------------------------------------------------------------------


def test_populated_squares_are_the_rules_populated_squares() -> None:
    """SG-21: a2 and h8 get a copy of each of their cards in play: they and only the
    squares whose every card is in play count (the rules' `builds.populated`, square by
    square); with every pile full, none."""
    state = GameState.new(scenario(rules={"populated_build": "surcharge"}), seed=0)
    assert not populated_squares(state).any()
    for deck in state.decks:
        for square in ("a2", "h8"):
            identity = cards_of(state.board, state.decks, state.board.square(square))
            deck.add_from_supply(identity[state.decks.index(deck)])
    mask = populated_squares(state).tolist()
    assert mask == [builds.populated(state, sq) for sq in range(state.board.size)]
    assert mask[state.board.square("a2")] and mask[state.board.square("h8")]


# --- plans, intensify order, flat prices -------------------------------------------------------


def test_the_plans_maker_makes_the_same_frozen_plan() -> None:
    steps = (Build("track", 3), Build("station", 3, "local"))
    made = plans._plan(steps, 2, 0.25)
    assert type(made) is Plan and made == Plan(steps, 2, 0.25)
    assert hash(made) == hash(Plan(steps, 2, 0.25))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.cost = 3  # type: ignore[misc]


def test_intensify_takes_the_busiest_served_squares_ties_by_square() -> None:
    """IRT's stations serve c3, c4, c5, c6 weighing 0.2, 0.5, 0.2, 0.1: c4 first, then c3
    and c5 (equal: by square), one build a deck (SG-17 intensify)."""
    names = ("c3", "c4", "c5", "c6")
    state = GameState.new(
        scenario(
            start={
                "track": {"IRT": list(names)},
                "stations": {"IRT": dict.fromkeys(names, "local")},
            }
        ),
        seed=0,
    )
    sq = state.board.square
    weights = np.zeros(state.board.size)
    weights[[sq(n) for n in names]] = 0.2, 0.5, 0.2, 0.1
    found = list(intensify_builds(state, "IRT", weights, Breadth(intensify=3)))
    order = [sq("c4"), sq("c3"), sq("c5")]
    assert found == [Build("intensify", s, deck.name) for s in order for deck in state.decks]
    assert found == intensify_before(state, "IRT", weights, Breadth(intensify=3))


@pytest.mark.parametrize(
    "rules",
    [
        {},
        {"populated_build": "surcharge"},
        {"populated_build": "surcharge", "costs": {"local_station": "phase", "remove_station": 2}},
    ],
)
def test_flat_prices_are_each_squares_price_where_no_surcharge_applies(rules: dict) -> None:
    """A station's or a removal's price is one number for every square (SG-17) unless
    SG-21's surcharge may apply (then none: priced square by square); a whole phase counts
    as the budget, surcharge or not."""
    state = GameState.new(scenario(rules=rules), seed=0)
    prices = state.prices
    for budget in (1, 3):
        rates = plans._rates(prices, budget)
        for rate, flat in zip(
            (prices.express_station, prices.local_station, prices.remove_station),
            rates[2:5],
            strict=True,
        ):
            if flat is None:
                assert prices.surcharge and rate != builds.PHASE
                continue
            assert all(plans._price_on(state, rate, s, budget) == flat for s in range(144))
        assert rates[2] == (None if prices.surcharge else 1)
        local = prices.local_station
        assert rates[5:7] == ((budget, 0) if local == "phase" else (1, prices.surcharge))
        assert rates[7] == (None if prices.surcharge else 1)  # (intensify: 1 point)


@pytest.mark.parametrize("seed", range(3))
def test_random_networks_give_the_tables_twins_lines(seed: int) -> None:
    """Random own track, a rival's, stations (some the rival's), populated squares (SG-21
    surcharge on and off; a whole-phase local station), budgets 1 and 3, keys drawn at
    random: the line kernel making its own tables lays the lines of the tables made in
    numpy and Python steps (`own_lines_reference`), float for float."""
    chance = random.Random(seed)
    for rules in (
        {},
        {"populated_build": "surcharge"},
        {"populated_build": "surcharge", "costs": {"local_station": "phase", "hard_track": 2}},
    ):
        state = GameState.new(scenario(rules=rules, start={"track": {"IRT": ["c3"]}}), seed=seed)
        board = state.board
        for deck in state.decks:  # some cards in play: some squares populated
            for _ in range(60):
                deck.add_from_supply(chance.randrange(deck.identities))
        for _ in range(8):
            own = frozenset(chance.sample(range(board.size), chance.randint(1, 30)))
            rival = frozenset(chance.sample(range(board.size), 12))
            stations = {
                sq: Station(sq, "local", "IRT" if sq in own else "BRT")
                for sq in chance.sample(sorted(own | rival), chance.randint(0, 4))
            }
            state.network = Network(board, ("IRT", "BRT"), {"IRT": own, "BRT": rival}, stations)
            weights = np.array([chance.random() for _ in range(board.size)])
            powered = np.array([chance.random() for _ in range(board.size)])
            shares = weights.tolist()
            breadth = Breadth(targets=chance.randint(1, 8))
            busy = heaviest(powered, weights, breadth.targets * 3).tolist()
            for budget in (1, 3):
                got = plans._own_line_plans(state, "IRT", shares, budget, powered, weights, breadth)
                want = plans.own_lines_reference(state, "IRT", shares, budget, busy, breadth)
                assert exactly(got) == exactly(want)
