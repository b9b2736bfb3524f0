"""The mcts player: budgets, reproducibility, and fairness (it never reads hidden order)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from subwaysim.agents import make_agent
from subwaysim.agents.greedy import GreedyAgent
from subwaysim.agents.mcts import (
    ITERATIONS,
    LEAF_SAMPLE,
    Choice,
    MCTSAgent,
    SearchConfig,
    surely_ahead,
)
from subwaysim.agents.value import ValueModel, position_features
from subwaysim.cards import SeededChance
from subwaysim.engine import Game
from subwaysim.events import Built
from subwaysim.state import GameState
from subwaysim.turn import begin_turn, finish_build_phase, play_turn, populate_phase, trip_phase
from tests.subwaysim.helpers import scenario

SCENARIO = scenario(
    end={"turns": 12},
    players=[{"name": "IRT", "agent": "greedy"}, {"name": "BRT", "agent": "greedy"}],
)


def decision_point(seed: int = 2, turns: int = 10) -> GameState:
    """A state at the start of a build phase (populate and trips done), its discard piles
    just reshuffled into the draw piles (SG-5): their order is hidden from the players."""
    state = GameState.new(SCENARIO, seed)
    agents = {p: make_agent("random", p, random.Random(p)) for p in state.players}
    for _ in range(turns):
        play_turn(state, agents)
    player = begin_turn(state)
    populate_phase(state, None)
    trip_phase(state, player, agents, None)
    for deck in state.decks:
        deck.draw_pile, deck.discard = deck.discard, []
        random.Random(deck.name).shuffle(deck.draw_pile)
    assert all(len(set(d.draw_pile)) >= 2 for d in state.decks)
    return state


def test_budgets_read_from_the_agent_spec() -> None:
    rng = random.Random(0)
    assert MCTSAgent.from_budget("IRT", rng, "").iterations == ITERATIONS == 16
    assert MCTSAgent.from_budget("IRT", rng, "400").iterations == 400
    timed = MCTSAgent.from_budget("IRT", rng, "0.5s")
    assert (timed.iterations, timed.seconds) == (None, 0.5)
    with pytest.raises(ValueError, match="iterations or of seconds"):
        MCTSAgent("IRT", rng, iterations=None, seconds=None)


def test_a_search_spends_its_iterations_and_reproduces() -> None:
    state = decision_point()
    player = state.player
    plans = []
    for _ in range(2):
        agent = MCTSAgent(player, random.Random(5), iterations=42)
        plans.append(agent.search(state.copy(), 3, True))
        # Sequential halving: ceil(log2 n) rounds of 42 // (rounds x alive) futures each,
        # every future played by every choice still in the race, half of them dropping out.
        alive = len(agent.stats.choices)
        rounds, expected = math.ceil(math.log2(alive)), 0
        for _ in range(rounds):
            expected += max(1, 42 // (rounds * alive)) * alive
            alive = math.ceil(alive / 2)
        assert agent.stats.iterations == expected <= 42
        visits = sorted(c.visits for c in agent.stats.choices)
        assert visits[-1] == visits[-2] > visits[0]  # the finalists played the most
    assert plans[0] == plans[1]


@pytest.mark.parametrize("leaf", ["outlook", "learned"])
def test_the_search_plays_identically_whatever_the_hidden_order_of_the_decks(leaf: str) -> None:
    state = decision_point()
    player = state.player
    other = state.copy()
    other.chance = SeededChance(999)  # other future reshuffles and populate draws...
    for deck in other.decks:
        random.Random(3).shuffle(deck.draw_pile)  # ...and another order of every draw pile
    assert [d.draw_pile for d in other.decks] != [d.draw_pile for d in state.decks]
    assert [sorted(d.draw_pile) for d in other.decks] == [sorted(d.draw_pile) for d in state.decks]
    searches = []
    for seen in (state, other):
        agent = MCTSAgent(player, random.Random(8), 12, config=SearchConfig(leaf=leaf))
        plan = agent.search(seen, 3, True)
        searches.append(
            (plan, [(c.plan, c.visits, round(c.total, 9)) for c in agent.stats.choices])
        )
    assert searches[0] == searches[1]


def test_the_learned_leaf_is_the_models_value_of_the_positions_features() -> None:
    state = decision_point()
    player = state.player
    seat = state.players.index(player)
    score_lead = state.scores[player] - max(
        v for i, v in enumerate(state.scores.values()) if i != seat
    )
    row = position_features(state, player, LEAF_SAMPLE, 77)
    for weights in [(1.0, 0.0, 0.0, 0.0), (0.0, 1.0, 0.0, 0.0), (0.5, 0.25, -1.0, 2.0)]:
        config = SearchConfig(leaf="learned", value=ValueModel(weights))
        agent = MCTSAgent(player, random.Random(1), 4, config=config)
        assert agent._lead(state, False, 77) == pytest.approx(float(np.dot(weights, row)))
        assert agent._lead(state, True, 77) == score_lead  # an ended game: the lead itself
    assert row[0] == score_lead


def test_an_mcts_seat_plays_a_whole_game() -> None:
    s = scenario(
        end={"turns": 3},
        players=[{"name": "IRT", "agent": "mcts:8"}, {"name": "BRT", "agent": "random"}],
    )
    result = Game(s, 1).run()
    again = Game(s, 1).run()
    assert result == again and result.turns == 6


def phase_builds(state: GameState, agent: MCTSAgent) -> list[tuple[str, int, str | None]]:
    """The builds `agent` makes in the build phase under way (SG-17), on a copy of `state`."""
    seen: list[tuple[str, int, str | None]] = []
    agents = {p: make_agent("greedy", p, random.Random(p)) for p in state.players}
    agents[agent.player] = agent

    def emit(kind: type, **fields: object) -> None:
        if kind is Built:
            seen.append((str(fields["action"]), str(fields["square"]), fields["detail"]))

    finish_build_phase(state.copy(), agent.player, agents, 3, True, emit)  # type: ignore[arg-type]
    return seen


def test_a_whole_build_phase_is_identical_whatever_the_hidden_order_of_the_decks() -> None:
    state = decision_point()
    other = state.copy()
    other.chance = SeededChance(4242)
    for deck in other.decks:
        random.Random(11).shuffle(deck.draw_pile)
    assert [d.draw_pile for d in other.decks] != [d.draw_pile for d in state.decks]
    phases = [
        phase_builds(seen, MCTSAgent(state.player, random.Random(3), 8)) for seen in (state, other)
    ]
    assert phases[0] == phases[1] and phases[0]


def test_it_goes_on_building_after_the_searched_plan_while_plans_pay() -> None:
    """SG-17: three build points a turn; the searched plan alone often costs fewer, and the
    next plans of the ranking that still gain are built with the rest (as greedy does)."""
    s = scenario(
        end={"turns": 8},
        players=[{"name": "IRT", "agent": "mcts:4"}, {"name": "BRT", "agent": "greedy"}],
    )
    spent = {"IRT": 0, "BRT": 0}

    def count(event: object) -> None:
        if isinstance(event, Built):
            spent[event.player] += event.cost

    Game(s, 3, [count]).run()
    offered = 8 * 3
    assert spent["IRT"] >= 0.95 * offered


def test_a_challenger_replaces_greedys_plan_only_when_surely_ahead() -> None:
    """Paired differences over common futures: 3 - 1, 4 - 2, 5 - 3 = 2, 2, 2 (no spread)
    is surely ahead; 5 - 1, 2 - 2, 3 - 3 = 4, 0, 0 (mean 4/3, standard error 4/3) is ahead
    by 1 standard error, not by 1.5; futures only one of them played do not count."""
    incumbent = Choice((), values={0: 1.0, 1: 2.0, 2: 3.0})
    steady = Choice((), values={0: 3.0, 1: 4.0, 2: 5.0, 7: -100.0})
    assert surely_ahead(steady, incumbent, 1.5)
    lucky = Choice((), values={0: 5.0, 1: 2.0, 2: 3.0})
    assert surely_ahead(lucky, incumbent, 0.99) and not surely_ahead(lucky, incumbent, 1.01)
    assert not surely_ahead(Choice((), values={0: 9.0}), incumbent, 0.1)  # one future: unsure


def test_with_keep_first_greedys_plan_races_to_the_end_and_a_wide_margin_keeps_it() -> None:
    state = decision_point()
    config = SearchConfig(keep_first=True, margin=1e9)
    agent = MCTSAgent(state.player, random.Random(5), iterations=16, config=config)
    plan = agent.search(state.copy(), 3, True)
    first = agent.stats.choices[0]
    assert len(agent.stats.choices) > 2
    assert first.plan == agent._ranked[0].builds  # greedy's best plan is the first choice
    assert first.visits == max(c.visits for c in agent.stats.choices)  # played every round
    assert plan == first.plan  # no challenger is 10**9 standard errors ahead


@pytest.mark.parametrize(("players", "depth", "turns"), [(2, None, 2), (3, None, 3), (3, 1, 1)])
def test_a_playout_goes_to_the_agents_own_next_build(
    players: int, depth: int | None, turns: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = ["IRT", "BRT", "IND"][:players]
    s = scenario(end={"turns": 12}, players=[{"name": n, "agent": "greedy"} for n in names])
    state = GameState.new(s, 3)
    agents = {p: make_agent("greedy", p, random.Random(p)) for p in state.players}
    for _ in range(2 * players):
        play_turn(state, agents)
    player = begin_turn(state)
    populate_phase(state, None)
    trip_phase(state, player, agents, None)
    played: list[str] = []

    def counted(future: GameState, agents: dict, emit: object = None) -> str | None:  # type: ignore[type-arg]
        played.append(future.players[future.turn % players])  # whose turn comes next
        return play_turn(future, agents, emit)  # type: ignore[arg-type]

    monkeypatch.setattr("subwaysim.agents.mcts.play_turn", counted)
    agent = MCTSAgent(player, random.Random(2), 4, config=SearchConfig(depth=depth))
    agent._ranked = agent.greedy.rank_plans(state, 3)
    agent._playout(state, agent._ranked[0].builds if agent._ranked else (), 3, True, 9)
    assert len(played) == turns
    if depth is None:  # every other player once, then the agent itself
        assert played[-1] == player and len(set(played)) == players


def test_a_budget_of_96_playouts_or_more_searches_8_plans() -> None:
    rng = random.Random(0)
    widths = [MCTSAgent("IRT", rng, iterations=n).width() for n in (24, 48, 95, 96, 192)]
    assert widths == [4, 4, 4, 8, 8]
    assert MCTSAgent("IRT", rng, iterations=None, seconds=0.5).width() == 4
    narrow = SearchConfig(width=3, wide_from=None)
    assert MCTSAgent("IRT", rng, iterations=400, config=narrow).width() == 3


def test_a_wide_search_weighs_up_to_8_of_the_greedy_players_best_plans() -> None:
    state = decision_point()
    agent = MCTSAgent(state.player, random.Random(5), iterations=96)
    agent.search(state, state.scenario.rules.builds_per_turn, True)
    ranked = [plan.builds for plan in agent._ranked]
    assert len(ranked) > 4  # (more plans gain than a narrow search weighs)
    assert [c.plan for c in agent.stats.choices] == ranked[:8]
    narrow = MCTSAgent(state.player, random.Random(5), iterations=48)
    narrow.search(state, state.scenario.rules.builds_per_turn, True)
    assert [c.plan for c in narrow.stats.choices] == ranked[:4]


def test_by_default_the_search_ranks_on_every_trip_and_keeps_the_best_unless_surely_beaten() -> (
    None
):
    """The plans searched are the exact greedy player's (`root_sample=None`: every trip at its
    chance, no sample); the best of them races to the end, and a challenger replaces it only
    1 standard error ahead."""
    state = decision_point()
    agent = MCTSAgent(state.player, random.Random(5), iterations=24)
    assert agent.greedy.sample_size is None
    assert agent.config.margin == 1.0 and agent.config.keep_first
    plan = agent.search(state.copy(), 3, True)
    twin = GreedyAgent(state.player, random.Random(random.Random(5).getrandbits(64)), None)
    assert [p.builds for p in agent._ranked] == [p.builds for p in twin.rank_plans(state, 3)]
    first = agent.stats.choices[0]
    most = max(c.visits for c in agent.stats.choices)
    assert first.visits == most  # (played in every round)
    best = max((c for c in agent.stats.choices if c.visits == most), key=lambda c: c.mean)
    assert plan == (best.plan if surely_ahead(best, first, 1.0) else first.plan)
    sampled = MCTSAgent(state.player, random.Random(5), 24, config=SearchConfig(root_sample=20))
    assert sampled.greedy.sample_size == 20
