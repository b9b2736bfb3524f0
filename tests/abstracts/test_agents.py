"""Agent specs and the simple agents (random, greedy dispatch)."""

from __future__ import annotations

import pytest

from abstracts.agents import AgentSpec, BadAgentSpec, GreedyAgent, RandomAgent, parse_agent_spec
from abstracts.core import Game
from abstracts.evaluators import GuidedPlayout, RandomPlayout
from abstracts.mcts import MCTSAgent


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("random", AgentSpec("random")),
        ("greedy", AgentSpec("greedy")),
        (" MCTS ", AgentSpec("mcts")),
        ("mcts:0.2s", AgentSpec("mcts", seconds=0.2)),
        ("mcts:.5s", AgentSpec("mcts", seconds=0.5)),
        ("mcts:500", AgentSpec("mcts", iterations=500)),
        ("mcts:500:guided", AgentSpec("mcts", iterations=500, epsilon=0.2)),
        ("mcts:guided=0.3:2s", AgentSpec("mcts", seconds=2.0, epsilon=0.3)),
        ("mcts:1s:prior", AgentSpec("mcts", seconds=1.0, prior=1.0)),
        ("mcts:1s:prior=0", AgentSpec("mcts", seconds=1.0, prior=0.0)),
        ("mcts:prior=2.5:guided=1", AgentSpec("mcts", epsilon=1.0, prior=2.5)),
    ],
)
def test_agent_specs_parse(text: str, spec: AgentSpec) -> None:
    assert parse_agent_spec(text) == spec


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("alphazero", "unknown agent 'alphazero'"),
        ("human", "unknown agent 'human'"),
        ("random:5", "only mcts takes a budget"),
        ("mcts:fast", "cannot read 'fast'"),
        ("mcts:5:6", "'6' repeats a setting"),
        ("mcts:1s:guided:guided=0.5", "repeats a setting"),
        ("mcts:prior=x", "cannot read 'prior=x'"),
        ("mcts:0", "must be positive"),
        ("mcts:0s", "must be positive"),
        ("mcts:guided=2", "between 0 and 1"),
    ],
)
def test_bad_agent_specs_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(BadAgentSpec, match=words):
        parse_agent_spec(text)


def test_human_is_a_spec_only_where_allowed() -> None:
    spec = parse_agent_spec("human", allow_human=True)
    assert spec.is_human
    with pytest.raises(BadAgentSpec, match="not a computer agent"):
        spec.build(None, 0)  # type: ignore[arg-type]


def test_specs_print_back_as_they_parse() -> None:
    texts = ("random", "greedy", "mcts", "mcts:0.2s", "mcts:500", "mcts:500:guided=0.3:prior=0")
    for text in texts:
        assert str(parse_agent_spec(text)) == text


def test_specs_build_the_agents_they_name(hex4: Game) -> None:
    assert isinstance(parse_agent_spec("random").build(hex4, 1), RandomAgent)
    assert isinstance(parse_agent_spec("greedy").build(hex4, 1), GreedyAgent)
    timed = parse_agent_spec("mcts").build(hex4, 1, think=0.3)
    assert isinstance(timed, MCTSAgent)
    assert (timed.seconds, timed.iterations, timed.evaluator) == (0.3, None, RandomPlayout())
    counted = parse_agent_spec("mcts:40:guided").build(hex4, 1, think=0.3)
    assert isinstance(counted, MCTSAgent)
    assert (counted.seconds, counted.iterations) == (None, 40)
    assert counted.evaluator == GuidedPlayout(0.2)
    assert (timed.prior, counted.prior) == (1.0, 1.0)  # DEFAULT_PRIOR
    plain = parse_agent_spec("mcts:40:prior=0").build(hex4, 1)
    assert isinstance(plain, MCTSAgent) and plain.prior == 0.0


def test_leaves_are_scored_as_the_spec_says_then_by_the_games_default(
    hex4: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    def evaluator(text: str) -> object:
        agent = parse_agent_spec(text).build(hex4, 1)
        assert isinstance(agent, MCTSAgent)
        return agent.evaluator

    assert evaluator("mcts") == RandomPlayout()  # toy-hex: plain random playouts
    assert evaluator("mcts:guided=0.4") == GuidedPlayout(0.4)
    monkeypatch.setattr(type(hex4), "default_evaluator", lambda self: GuidedPlayout(0.3))
    assert evaluator("mcts") == GuidedPlayout(0.3)
    assert evaluator("mcts:guided=1") == RandomPlayout()  # epsilon 1: every move is random


def test_random_agent_is_seeded_and_legal(hex4: Game) -> None:
    state = hex4.initial_state()
    first = [str(RandomAgent(9).choose(state)) for _ in range(3)]
    assert first == [str(RandomAgent(9).choose(state)) for _ in range(3)]
    agent = RandomAgent(9)
    picks = {str(agent.choose(state)) for _ in range(200)}
    assert picks == {str(m) for m in state.legal_moves()}  # uniform: every cell comes up


def test_greedy_agent_plays_the_games_heuristic(ttt: Game) -> None:
    # TTT-2: x to move with a2-b2 made; the heuristic completes the row at c2.
    state = ttt.from_text("...\nXX.\nOO.", to_move="x")
    assert str(GreedyAgent(ttt, 0).choose(state)) == "c2"
    # o to move cannot win at once, so it blocks x's a1-b2 diagonal at c3.
    state = ttt.from_text("...\n.X.\nXOO", to_move="o")
    assert str(GreedyAgent(ttt, 0).choose(state)) == "c3"
