"""The random agent: uniformly random among *sensible* builds, a baseline that scores.

Sensible: track that extends its own network (anywhere, for its first track), a station
(local or express) on its own track, intensifying a square its own stations serve, and
borrowing when the scenario allows it. It never removes what it built, and it stops only
when nothing sensible is affordable. Tied routes and intensify after a trip go its way.
"""

from __future__ import annotations

from subwaysim import builds
from subwaysim.agents.base import Agent
from subwaysim.builds import Build
from subwaysim.routing import TripOptions, systems_of
from subwaysim.state import GameState


def sensible_builds(state: GameState, player: str, points_left: int, first: bool) -> list[Build]:
    """Builds that grow `player`'s system or its trips, legal now (SG-17, SG-22)."""
    network, board = state.network, state.board
    own = network.track[player]
    if own:
        targets = sorted({n for sq in own for n in board.neighbours(sq)} - own)
    else:
        targets = list(range(board.size))
    options = [Build("track", sq) for sq in targets]
    for sq in sorted(own - network.stations.keys()):
        options += [Build("station", sq, "local"), Build("station", sq, "express")]
    for station in network.stations_of(player):
        options += [Build("intensify", station.square, d.name) for d in state.decks]
    options.append(Build("borrow"))
    return [b for b in options if builds.allowed(b, state, player, points_left, first)]


class RandomAgent(Agent):
    kind = "random"

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        options = sensible_builds(state, self.player, points_left, first)
        return self.rng.choice(options) if options else None

    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        mine = [c for c in options.choices if self.player in systems_of(c)]
        return self.rng.choice(mine or list(options.choices))

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        if square not in state.network.track[self.player]:
            return None
        return self.rng.choice([d.name for d in state.decks])
