"""A game summary built from events alone (used by reports and sweeps)."""

from __future__ import annotations

from dataclasses import dataclass, field

from subwaysim.events import Built, Event, GameEnded, GameStarted, TripTaken, TurnEnded


@dataclass
class GameSummary:
    """Counts a designer asks about: trips, subway share, shared points, lead changes."""

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
    _leader: str | None = None
    _last_sole_leader: str | None = None

    def __call__(self, event: Event) -> None:
        if isinstance(event, GameStarted):
            self.players = event.players
            self.shared_points = dict.fromkeys(event.players, 0)
            self.builds = dict.fromkeys(event.players, 0)
        elif isinstance(event, TripTaken):
            self._trip(event)
        elif isinstance(event, Built):
            self.builds[event.player] += 1
        elif isinstance(event, TurnEnded):
            self._lead(event)
        elif isinstance(event, GameEnded):
            self.scores, self.winners = dict(event.scores), event.winners
            self.turns, self.rounds, self.reason = event.turns, event.rounds, event.reason

    def _trip(self, event: TripTaken) -> None:
        self.trips += 1
        self.extra_trips += event.cause == "extra"
        self.subway_trips += bool(event.systems)
        if len(event.systems) > 1:
            self.shared_trips += 1
            for player, points in event.points.items():
                self.shared_points[player] += points

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
