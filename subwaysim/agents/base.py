"""The decision points the rules call on a player (SG-14, SG-16, SG-17)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

import numpy as np

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
        self._draws: np.random.Generator | None = None

    @property
    def draws(self) -> np.random.Generator:
        """A numpy generator seeded from `rng` (made once: making one costs more than using it)."""
        if self._draws is None:
            self._draws = np.random.default_rng(self.rng.getrandbits(64))
        return self._draws

    @abstractmethod
    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        """The next build of this turn's phase (legal per SG-17), or None to stop building."""

    @abstractmethod
    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        """SG-14: pick one of `options.choices` (sets of systems tied for the shortest trip)."""

    @abstractmethod
    def choose_intensify(self, state: GameState, square: int) -> str | None:
        """SG-16: the deck whose card of `square` to add from supply, or None to decline."""
