"""Agents: the random baseline, the greedy strategist and the human console seat."""

from __future__ import annotations

import random

from subwaysim.agents.base import Agent


def make_agent(kind: str, player: str, rng: random.Random) -> Agent:
    """The agent named in a scenario's `players[].agent`."""
    if kind == "random":
        from subwaysim.agents.random_agent import RandomAgent

        return RandomAgent(player, rng)
    if kind == "greedy":
        from subwaysim.agents.greedy import GreedyAgent

        return GreedyAgent(player, rng)
    if kind == "human":
        from subwaysim.agents.human import HumanAgent

        return HumanAgent(player, rng)
    raise ValueError(f"unknown agent {kind!r} (random, greedy, human)")


__all__ = ["Agent", "make_agent"]
