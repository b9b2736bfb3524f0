"""The random agent: uniformly random legal decisions (a baseline for sweeps and tests)."""

from __future__ import annotations

from collections import defaultdict

from subwaysim import builds
from subwaysim.agents.base import Agent
from subwaysim.builds import Build
from subwaysim.routing import TripOptions
from subwaysim.state import GameState


def legal_builds(state: GameState, player: str, points_left: int, first: bool) -> list[Build]:
    """Every build `player` may make now (SG-17), in a fixed order."""
    costs = state.scenario.rules.costs
    return [
        b
        for b in builds.candidates(state.network, state.decks, player)
        if builds.check(b, state.network, state.decks, player, costs, points_left, first) is None
    ]


class RandomAgent(Agent):
    """Picks an action type (or stopping) uniformly, then a legal target of it uniformly."""

    kind = "random"

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        by_action: dict[str, list[Build]] = defaultdict(list)
        for build in legal_builds(state, self.player, points_left, first):
            by_action[build.action].append(build)
        action = self.rng.choice([*sorted(by_action), "stop"])
        return None if action == "stop" else self.rng.choice(by_action[action])

    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        return self.rng.choice(options.choices)

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        return self.rng.choice([None, *(d.name for d in state.decks)])
