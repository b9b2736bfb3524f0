"""A game summary built from events alone (used by reports and sweeps).

Besides trips, scores and leads, it counts what designers ask about a game: reshuffles
(SG-5), how the build points were spent (SG-17, SG-22), express stations (SG-12), points
from extra trips (SG-18), trips crossing hazards (SG-9) and the board's coverage by track.
One needs the scenario as well as the events: the build points a game offered
(`rules.builds_per_turn`); without a scenario it is NaN. `_owners` follows who has track
where, for the board's coverage.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from subwaysim.events import (
    Borrowed,
    Built,
    DebtPaid,
    Event,
    GameEnded,
    GameStarted,
    Reshuffled,
    TripTaken,
    TurnEnded,
)
from subwaysim.scenario import Scenario

NAN = float("nan")


@dataclass
class GameSummary:
    """Counts a designer asks about: trips, subway share, shared points, lead changes, and the
    design metrics a sweep records per game (see `subwaysim.sweep.run.results`)."""

    scenario: Scenario | None = None
    players: tuple[str, ...] = ()
    trips: int = 0
    extra_trips: int = 0
    subway_trips: int = 0
    shared_trips: int = 0
    shared_points: dict[str, int] = field(default_factory=dict)
    builds: dict[str, int] = field(default_factory=dict)
    lead_changes: int = 0
    leader_since: int = 0  # the turn from which the final leader led for good
    scores: dict[str, int] = field(default_factory=dict)
    winners: tuple[str, ...] = ()
    turns: int = 0
    rounds: int = 0
    reason: str = ""
    reshuffles: int = 0  # SG-5: every deck's flips added up
    trip_distance: int = 0  # all trips' distances added up (SG-13)
    extra_trip_points: int = 0  # points scored by SG-18 extra trips
    hazard_crossings: int = 0  # trips whose route has a hazard square (SG-9)
    track_built: int = 0
    stations_built: int = 0
    express_stations: int = 0  # stations built express (SG-12)
    removals: int = 0  # tracks and stations removed
    intensifies: int = 0  # SG-17 intensify builds (not the SG-16 ones after a trip)
    whole_phase_builds: int = 0  # builds whose SG-17 price was the whole phase
    points_spent: int = 0  # build points paid for builds and for SG-22 debt tokens
    borrowed: int = 0  # SG-22 points borrowed (each adds a point to spend)
    squares: int = 0
    covered: int = 0  # squares holding any player's track at the last turn's end
    _hazards: frozenset[str] = frozenset()
    _owners: dict[str, set[str]] = field(default_factory=dict)  # square -> players with track
    _leader: str | None = None
    _last_sole_leader: str | None = None

    def __call__(self, event: Event) -> None:
        if isinstance(event, GameStarted):
            self._start(event)
        elif isinstance(event, TripTaken):
            self._trip(event)
        elif isinstance(event, Built):
            self._built(event)
        elif isinstance(event, Reshuffled):
            self.reshuffles += 1
        elif isinstance(event, DebtPaid):
            self.points_spent += event.tokens
        elif isinstance(event, Borrowed):
            self.borrowed += 1
        elif isinstance(event, TurnEnded):
            self._lead(event)
            self.covered = len({sq for track in event.track.values() for sq in track})
        elif isinstance(event, GameEnded):
            self.scores, self.winners = dict(event.scores), event.winners
            self.turns, self.rounds, self.reason = event.turns, event.rounds, event.reason

    def _start(self, event: GameStarted) -> None:
        self.players = event.players
        self.shared_points = dict.fromkeys(event.players, 0)
        self.builds = dict.fromkeys(event.players, 0)
        self.squares = event.width * event.height
        self._hazards = frozenset(event.hazards)
        start = self.scenario.start.track if self.scenario is not None else {}
        for player, squares in start.items():
            for square in squares:
                self._owners.setdefault(square, set()).add(player)
        self.covered = len(self._owners)

    def _trip(self, event: TripTaken) -> None:
        self.trips += 1
        self.trip_distance += event.distance
        self.subway_trips += bool(event.systems)
        if event.cause == "extra":
            self.extra_trips += 1
            self.extra_trip_points += sum(event.points.values())
        if any(sq in self._hazards for leg in event.legs for sq in leg.squares):
            self.hazard_crossings += 1
        if len(event.systems) > 1:
            self.shared_trips += 1
            for player, points in event.points.items():
                self.shared_points[player] += points

    def _built(self, event: Built) -> None:
        self.builds[event.player] += 1
        self.points_spent += event.cost
        self.whole_phase_builds += event.whole_phase
        owners = self._owners.setdefault(event.square, set())
        if event.action == "track":
            self.track_built += 1
            owners.add(event.player)
        elif event.action == "station":
            self.stations_built += 1
            self.express_stations += event.detail == "express"
        elif event.action in ("remove_track", "remove_station"):
            self.removals += 1
            if event.action == "remove_track":
                owners.discard(event.player)
        elif event.action == "intensify":
            self.intensifies += 1

    def _lead(self, event: TurnEnded) -> None:
        best = max(event.scores.values())
        leaders = [p for p in self.players if event.scores[p] == best]
        leader = leaders[0] if len(leaders) == 1 and best > 0 else None
        if leader is not None:
            if self._last_sole_leader not in (None, leader):
                self.lead_changes += 1
            self._last_sole_leader = leader
        if leader != self._leader:  # a tie interrupts a lead
            self._leader = leader
            self.leader_since = event.turn

    @property
    def subway_share(self) -> float:
        return self.subway_trips / self.trips if self.trips else 0.0

    @property
    def shared_point_share(self) -> float:
        total = sum(self.scores.values())
        return sum(self.shared_points.values()) / total if total else 0.0

    @property
    def points_available(self) -> int | None:
        """Build points the game offered: `builds_per_turn` every turn plus SG-22 borrowing
        (banked points were offered once already, in the turn that banked them)."""
        if self.scenario is None:
            return None
        return self.turns * self.scenario.rules.builds_per_turn + self.borrowed

    @property
    def build_points_used(self) -> float:
        """Share of the build points offered that were spent, 0..1 (NaN if none were)."""
        available = self.points_available
        return self.points_spent / available if available else NAN

    @property
    def coverage(self) -> float:
        """Share of the board's squares holding track at the end."""
        return self.covered / self.squares if self.squares else NAN

    @property
    def trip_length_mean(self) -> float:
        """Mean distance of the game's trips (queue and extra), NaN without trips."""
        return self.trip_distance / self.trips if self.trips else NAN
