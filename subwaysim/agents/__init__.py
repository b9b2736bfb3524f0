"""Agents: the decision points the rules call (SG-14, SG-16, SG-17, SG-22).

`uniform` (any legal build), `random` (sensible builds), `greedy` (the best plan by
expected points), `mcts` (search over sampled futures) and `human` (the console seat,
`subwaysim/console/`): each registered once in `registry.py`, which `make_agent` reads.
"""

from __future__ import annotations

from subwaysim.agents.base import Agent
from subwaysim.agents.registry import make_agent

__all__ = ["Agent", "make_agent"]
