"""The human seat: a person at the console answers the rules (SG-14, SG-16, SG-17, SG-22).

Its build phase is a `BuildDesk` (builds tried on a copy, `undo`, `done`); the phase's
decisions then answer the rules one by one as they play them on the real game. Questions
during the trip phase (a tied route, intensify after a short trip) are asked as they come,
after the turn's story so far. Everything the seats share (help, board, history, save, load,
quit) is the `Table`'s.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

from subwaysim.agents.base import Agent
from subwaysim.builds import Build
from subwaysim.console.build_desk import BuildDesk
from subwaysim.console.decisions import read_build, read_intensify, read_route
from subwaysim.console.seat import Table
from subwaysim.routing import TripOptions
from subwaysim.state import GameState


class HumanAgent(Agent):
    """A person's seat; `phase` holds the kept builds of a phase open when the game was saved."""

    kind = "human"

    def __init__(
        self,
        player: str,
        rng: random.Random,
        table: Table | None = None,
        phase: Sequence[str] = (),
    ) -> None:
        super().__init__(player, rng)
        self.table = table or Table()
        self.phase = list(phase)
        self.queue: deque[str] = deque()  # a finished phase's decisions, for the rules
        self.shown_turn = -1

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        if not self.queue:
            desk = BuildDesk(self.table, self.player, state, points_left, self.phase)
            self.phase = []
            self.shown_turn = state.turn
            self.queue.extend(desk.run())
        return read_build(self.queue.popleft(), state, self.player, points_left, first)

    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        if self.queue:
            return read_route(self.queue.popleft(), state, options)
        self._story_so_far(state)
        return self.table.choose_route(self.player, state, options)

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        if self.queue:
            return read_intensify(self.queue.popleft(), state)
        self._story_so_far(state)
        trip = self.table.last_trip()
        return self.table.choose_intensify(self.player, state, square, trip)

    def _story_so_far(self, state: GameState) -> None:
        """Before the turn's first question: the turn's context (board, cards, trips)."""
        if self.shown_turn != state.turn:
            self.shown_turn = state.turn
            self.table.show_turn(state, self.player)
