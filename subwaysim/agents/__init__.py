"""Agents: the decision points the rules call (SG-14, SG-16, SG-17, SG-22).

`uniform` (any legal build), `random` (sensible builds), `greedy` (the best plan by
expected points), `mcts` (search over sampled futures) and `human` (the console seat).
"""

from __future__ import annotations

import random

from subwaysim.agents.base import Agent


def make_agent(spec: str, player: str, rng: random.Random) -> Agent:
    """The agent named in a scenario's `players[].agent` (e.g. `greedy`, `mcts:400`)."""
    from subwaysim.agents.styles import is_style_spec, style_factory

    if is_style_spec(spec):  # greedy:STYLE, greedy{k=v;..}, @FILE (issue 30)
        return style_factory(spec)(player, rng)
    kind, _, budget = spec.partition(":")
    if kind == "uniform":
        from subwaysim.agents.uniform import UniformAgent

        return UniformAgent(player, rng)
    if kind == "random":
        from subwaysim.agents.random_agent import RandomAgent

        return RandomAgent(player, rng)
    if kind == "greedy":
        from subwaysim.agents.greedy import GreedyAgent

        return GreedyAgent(player, rng)
    if kind == "mcts":
        from subwaysim.agents.mcts import MCTSAgent

        return MCTSAgent.from_budget(player, rng, budget)
    if kind == "human":
        from subwaysim.agents.human import HumanAgent

        return HumanAgent(player, rng)
    raise ValueError(f"unknown agent {spec!r} (uniform, random, greedy, mcts, human)")


__all__ = ["Agent", "make_agent"]
