"""The decision points the rules call on a player (SG-14, SG-16, SG-17)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from subwaysim.builds import Build
    from subwaysim.routing import TripOptions
    from subwaysim.state import GameState


class Agent(ABC):
    """A seat's decision maker. Agents read the state and never change it."""

    kind: str = "agent"

    def __init__(self, player: str, rng: random.Random) -> None:
        self.player = player
        self.rng = rng

    @abstractmethod
    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        """The next build of this turn's phase (legal per SG-17), or None to stop building."""

    @abstractmethod
    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        """SG-14: pick one of `options.choices` (sets of systems tied for the shortest trip)."""

    @abstractmethod
    def choose_intensify(self, state: GameState, square: int) -> str | None:
        """SG-16: the deck whose card of `square` to add from supply, or None to decline."""
