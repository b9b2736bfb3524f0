"""The random agent: uniformly random among *sensible* builds, a baseline that scores.

Sensible: track that extends its own network (anywhere, for its first track), a station
(local or express) on its own track, intensifying a square its own stations serve, and
borrowing when the scenario allows it. It never removes what it built, and it stops only
when nothing sensible is allowed. Tied routes and intensify after a trip go its way.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from subwaysim import builds
from subwaysim.agents.base import Agent
from subwaysim.board import Board
from subwaysim.builds import NO_SQUARE, Action, Build
from subwaysim.network import Network
from subwaysim.routing import TripOptions, systems_of
from subwaysim.state import GameState

TRIES = 8  # random draws before listing every sensible build


@dataclass(frozen=True, slots=True)
class Sensible:
    """The sensible builds of a player, as numbered choices (built only when drawn)."""

    targets: list[int]  # squares next to its network (every square without track)
    free: list[int]  # its track squares without a station
    served: list[int]  # squares its stations serve
    decks: tuple[str, ...]
    own: frozenset[int] = frozenset()  # its track, which `targets` surround

    @classmethod
    def of(cls, state: GameState, player: str, last: Sensible | None = None) -> Sensible:
        """The player's sensible builds now; `last`, those of an earlier network of the same
        board, saves working out the squares around its track again."""
        network, board = state.network, state.board
        own = network.track[player]
        free = sorted(own - network.stations.keys())
        served = [square for square, _ in network.served(player)]  # by square (SG-11)
        decks = tuple(d.name for d in state.decks)
        return cls(_targets(board, own, last), free, served, decks, own)

    def __len__(self) -> int:
        return len(self.targets) + 2 * len(self.free) + len(self.served) * len(self.decks) + 1

    def __getitem__(self, i: int) -> Build:
        if i < len(self.targets):
            return _build("track", self.targets[i])
        i -= len(self.targets)
        if i < 2 * len(self.free):
            return _build("station", self.free[i // 2], ("local", "express")[i % 2])
        i -= 2 * len(self.free)
        if i < len(self.served) * len(self.decks):
            return _build(
                "intensify", self.served[i // len(self.decks)], self.decks[i % len(self.decks)]
            )
        return _build("borrow")


@lru_cache(maxsize=1 << 14)
def _build(action: Action, square: int = NO_SQUARE, detail: str | None = None) -> Build:
    """A build of the numbered choices, made once and shared (builds are immutable values):
    listing every sensible build asks for hundreds of them a build decision."""
    return Build(action, square, detail)


def _targets(board: Board, own: frozenset[int], last: Sensible | None) -> list[int]:
    """Squares next to `own` (every square when it is empty), by square: from `last`'s when
    `own` only grew since (the squares around the new track join them)."""
    if not own:
        return list(range(board.size))
    if last is not None and last.own is own:
        return last.targets
    if last is not None and last.own and last.own < own:
        around = set(last.targets).union(*map(board.neighbours, own - last.own))
        return sorted(around - own)
    return sorted(board.around(own) - own)


def sensible_builds(
    state: GameState, player: str, points_left: int, first: bool, options: Sensible | None = None
) -> list[Build]:
    """Builds that grow `player`'s system or its trips, allowed now (SG-17, SG-22);
    `options`, the player's sensible builds on this network when they are at hand."""
    options = Sensible.of(state, player) if options is None else options
    every = (options[i] for i in range(len(options)))
    return [b for b in every if builds.allowed(b, state, player, points_left, first)]


class RandomAgent(Agent):
    kind = "random"
    _sensible: tuple[Network, Sensible] | None = None  # the last network's sensible builds

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        # Uniform among the allowed sensible builds: draw among all of them until one is
        # allowed (each allowed one equally likely), listing them only when draws keep failing.
        last = self._sensible
        if last is None or last[0] is not state.network:
            earlier = last[1] if last is not None and last[0].board is state.board else None
            self._sensible = (state.network, Sensible.of(state, self.player, earlier))
        options = self._sensible[1]  # the same until the network changes
        for _ in range(TRIES):
            build = options[self.rng.randrange(len(options))]
            if builds.allowed(build, state, self.player, points_left, first):
                return build
        allowed = sensible_builds(state, self.player, points_left, first, options)
        return self.rng.choice(allowed) if allowed else None

    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        mine = [c for c in options.choices if self.player in systems_of(c)]
        return self.rng.choice(mine or list(options.choices))

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        if square not in state.network.track[self.player]:
            return None
        return self.rng.choice([d.name for d in state.decks])
