"""The uniform agent: uniformly random legal decisions (the round-1 `random` baseline).

It picks an action type with a legal target (or stopping) uniformly, then a target: so it
removes what it built and borrows as often as it builds, and seldom scores. Kept to show
what a rule change does to a player with no plan at all.
"""

from __future__ import annotations

from collections.abc import Iterator

from subwaysim import builds
from subwaysim.agents.base import Agent
from subwaysim.builds import Build
from subwaysim.cards import card_table
from subwaysim.routing import TripOptions
from subwaysim.state import GameState


class UniformAgent(Agent):
    kind = "uniform"

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        options = dict(self._legal(state, points_left, first))
        action = self.rng.choice([*sorted(a for a, t in options.items() if t), "stop"])
        return None if action == "stop" else self.rng.choice(options[action])

    def _legal(
        self, state: GameState, points_left: int, first: bool
    ) -> Iterator[tuple[str, list[Build]]]:
        """(action, legal builds) pairs; intensify targets come from the card table directly,
        since checking 3 x N candidates one by one would dominate a game."""
        me = self.player
        by_action: dict[str, list[Build]] = {}
        for b in builds.candidates(state.network, (), me):
            by_action.setdefault(b.action, []).append(b)
        for action, targets in sorted(by_action.items()):
            yield (
                action,
                [b for b in targets if builds.allowed(b, state, me, points_left, first)],
            )
        if builds.affordable(state.scenario.rules.costs.intensify, points_left, first):
            table = card_table(state.board, len(state.decks))
            yield (
                "intensify",
                [
                    Build("intensify", sq, deck.name)
                    for sq in range(state.board.size)
                    for i, deck in enumerate(state.decks)
                    if deck.supply[table[sq, i]] > 0
                    and builds.check(
                        Build("intensify", sq, deck.name), state, me, points_left, first
                    )
                    is None
                ],
            )

    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        return self.rng.choice(options.choices)

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        return self.rng.choice([None, *(d.name for d in state.decks)])
