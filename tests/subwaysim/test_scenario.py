"""Scenario keys for the rule options (SG-2, SG-12, SG-14, SG-17, SG-21, SG-22) and the
limits a table game could have, refused at validation with the limit named."""

from __future__ import annotations

import pytest

from subwaysim.scenario import ScenarioError, parse_scenario
from subwaysim.state import GameState, routing_rules


def problems(text: str, *overrides: str) -> str:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "s.yaml", overrides)
    return str(caught.value)


@pytest.mark.parametrize(
    ("override", "words"),
    [
        ("players=[" + ", ".join(f"{{name: P{i}}}" for i in range(9)) + "]", "at most 8 items"),
        ("board.sections=[3, 5]", "at most 26 x 26"),
        ("board.section_size=[14, 3]", "at most 26 x 26"),
        ("cards.max_population=100", "less than or equal to 99"),
        ("end.turns=1001", "less than or equal to 1000"),
        ("rules.builds_per_turn=101", "less than or equal to 100"),
    ],
)
def test_scenarios_too_large_for_a_table_are_refused_naming_the_limit(
    override: str, words: str
) -> None:
    assert words in problems("{}", override)


def test_the_largest_scenario_a_table_allows_is_accepted() -> None:
    players = "[" + ", ".join(f"{{name: P{i}, agent: random}}" for i in range(8)) + "]"
    s = parse_scenario(
        "{}",
        "s.yaml",
        [f"players={players}", "board.sections=[2, 2]", "board.section_size=[13, 13]",
         "cards.max_population=99"],
    )  # fmt: skip
    board = s.make_board()
    assert (board.width, board.height, len(s.players)) == (26, 26, 8)


def test_rule_options_reach_routing() -> None:
    s = parse_scenario("rules: {express: both_ends, walking_is_a_mode: false}", "s.yaml")
    rules = routing_rules(s)
    assert (rules.express, rules.walking_is_a_mode) == ("both_ends", False)
    default = routing_rules(parse_scenario("{}", "s.yaml"))
    assert (default.express, default.walking_is_a_mode) == ("skip_from_express", True)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("rules: {express: sometimes}", "rules.express"),
        ("rules: {populated_build: tax}", "rules.populated_build"),
        ("rules: {bank_builds: -1}", "rules.bank_builds"),
        ("rules: {costs: {populated_surcharge: -2}}", "rules.costs.populated_surcharge"),
        ("rules: {costs: {hazard_track: 0}}", "a cost is a whole number from 1 to 1000 or 'phase'"),
        ("board: {terrain_seed: per_game}", "terrain_seed: per_game draws hazards by"),
        ("players: [{name: walk}, {name: BRT}]", "'walk' names walking"),
        ("players: [{name: A, agent: mcts:0}, {name: B}]", "an mcts budget is 1 to"),
        (
            "players: [{name: A, agent: genius}, {name: B}]",
            "unknown agent 'genius': the agents are uniform",
        ),
    ],
)
def test_bad_rule_options_are_refused(text: str, words: str) -> None:
    assert words in problems(text)


@pytest.mark.parametrize(
    "agent", ["uniform", "random", "greedy", "human", "mcts", "mcts:400", "mcts:0.5s"]
)
def test_every_agent_spec_is_accepted(agent: str) -> None:
    s = parse_scenario(f"players: [{{name: A, agent: '{agent}'}}, {{name: B}}]", "s.yaml")
    assert s.players[0].agent == agent


def test_per_game_terrain_draws_a_layout_from_each_game_seed() -> None:
    s = parse_scenario("board: {hazard_density: 0.2, terrain_seed: per_game}", "s.yaml")
    one, again, other = (GameState.new(s, seed).board.hazards for seed in (1, 1, 2))
    assert one == again and one != other and one
    fixed = parse_scenario("board: {hazard_density: 0.2, terrain_seed: 4}", "s.yaml")
    assert GameState.new(fixed, 1).board.hazards == GameState.new(fixed, 2).board.hazards
