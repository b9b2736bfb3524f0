"""Every trip of one network at once, for agents that score with numpy (SG-13..SG-15)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np


def seat_subsets(players: tuple[str, ...]) -> tuple[frozenset[str], ...]:
    """Every set of systems, by size, then in seat order (the order of SG-14 choices)."""
    seats = range(len(players))
    return tuple(
        frozenset(players[i] for i in chosen)
        for size in range(len(players) + 1)
        for chosen in combinations(seats, size)
    )


@dataclass(frozen=True, slots=True, eq=False)
class TripTable:
    """Shortest distances and SG-14 choices for every (origin, destination) pair.

    Arrays are indexed `[..., origin, destination]` by square. Axis 0 of `subset_distance`
    and `choice` follows `subsets` (every set of systems, by size then seat order, so
    `subsets[0]` is walking only); axis 0 of `member` follows `players`.

    - `subset_distance[s]`: (S, N, N) float, shortest distance using walking and the
      systems in `subsets[s]` only.
    - `distance`: (N, N) float, the SG-13 shortest distance (all systems).
    - `choice[s]`: (S, N, N) bool, `subsets[s]` is one of the trip's SG-14 choices: it
      achieves `distance` and no smaller set does.
    - `choice_count`: (N, N) int, how many choices the trip offers (at least 1).
    - `systems_used`: (N, N) int, the size of every choice (0: the trip is a walk).
    - `member[p]`: (P, N, N) bool, `players[p]` is in at least one choice.
    """

    players: tuple[str, ...]
    subsets: tuple[frozenset[str], ...]
    subset_distance: np.ndarray
    distance: np.ndarray
    choice: np.ndarray
    choice_count: np.ndarray
    systems_used: np.ndarray
    member: np.ndarray

    @classmethod
    def build(cls, players: tuple[str, ...], subset_distance: np.ndarray) -> TripTable:
        subsets = seat_subsets(players)
        sizes = np.array([len(s) for s in subsets])
        distance = subset_distance[-1]  # the last subset holds every system
        achieves = subset_distance == distance  # exact: distances are sums of integers
        # SG-14: the fewest systems among shortest trips; walking (size 0) always achieves
        # some distance, so every pair has at least one achieving subset.
        systems_used = np.where(achieves, sizes[:, None, None], len(players) + 1).min(axis=0)
        choice = achieves & (sizes[:, None, None] == systems_used)
        membership = np.array([[p in s for s in subsets] for p in players], dtype=bool)
        member = np.einsum("ps,sod->pod", membership.astype(np.int64), choice) > 0
        arrays = (distance, choice, choice.sum(axis=0), systems_used, member)
        for array in (subset_distance, *arrays):
            array.flags.writeable = False
        return cls(players, subsets, subset_distance, *arrays)

    def choices(self, origin: int, destination: int) -> tuple[frozenset[str], ...]:
        """The SG-14 choices of one trip, by size then seat order."""
        return tuple(self.subsets[s] for s in np.flatnonzero(self.choice[:, origin, destination]))

    def subset_points(self, single_system_points: int, shared_points: int) -> np.ndarray:
        """(S, P) points each player scores when a trip uses `subsets[s]` (SG-15)."""
        points = np.zeros((len(self.subsets), len(self.players)))
        for s, subset in enumerate(self.subsets):
            award = single_system_points if len(subset) == 1 else shared_points
            for p, player in enumerate(self.players):
                if player in subset:
                    points[s, p] = award
        return points

    def points(
        self, single_system_points: int = 2, shared_points: int = 1, chooser: str | None = None
    ) -> np.ndarray:
        """(P, N, N) expected points of every player for every trip (SG-14, SG-15).

        Assumption about the SG-14 choice: with `chooser=None` every tied set is equally
        likely; with a `chooser` (the player whose turn it is) that player takes a set that
        scores it the most, any sets still tied being equally likely. A walk and a trip
        from a square to itself score nothing.
        """
        by_subset = self.subset_points(single_system_points, shared_points)
        picked = self.choice
        if chooser is not None:
            if chooser not in self.players:
                raise ValueError(f"chooser {chooser!r} is not a player {self.players}")
            own = by_subset[:, self.players.index(chooser)][:, None, None]
            value = np.where(self.choice, own, -np.inf)
            picked = self.choice & (value == value.max(axis=0))
        weight = picked / picked.sum(axis=0)
        return np.einsum("sp,sod->pod", by_subset, weight)
