"""The random agent: uniformly random legal decisions (a baseline for sweeps and tests)."""

from __future__ import annotations

from subwaysim import builds
from subwaysim.agents.base import Agent
from subwaysim.builds import Build
from subwaysim.cards import card_table
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
    """Picks an action type with a legal target (or stopping) uniformly, then a target."""

    kind = "random"

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        options = {action: targets for action, targets in self._legal(state, points_left, first)}
        action = self.rng.choice([*sorted(a for a, t in options.items() if t), "stop"])
        return None if action == "stop" else self.rng.choice(options[action])

    def _legal(self, state: GameState, points_left: int, first: bool):  # type: ignore[no-untyped-def]
        """(action, legal builds) pairs; intensify targets come from the card table directly,
        since checking 3 x N candidates one by one would dominate a random game."""
        net, costs, me = state.network, state.scenario.rules.costs, self.player
        by_action: dict[str, list[Build]] = {}
        for b in builds.candidates(net, (), me):
            by_action.setdefault(b.action, []).append(b)
        for action, targets in sorted(by_action.items()):
            yield (
                action,
                [
                    b
                    for b in targets
                    if builds.check(b, net, state.decks, me, costs, points_left, first) is None
                ],
            )
        if builds.affordable(costs.intensify, points_left, first):
            table = card_table(state.board, len(state.decks))
            yield (
                "intensify",
                [
                    Build("intensify", sq, deck.name)
                    for sq in range(state.board.size)
                    for i, deck in enumerate(state.decks)
                    if deck.supply[table[sq, i]] > 0
                ],
            )

    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        return self.rng.choice(options.choices)

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        return self.rng.choice([None, *(d.name for d in state.decks)])
