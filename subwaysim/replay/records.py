"""Pydantic models of the log records the replay relies on (the events of `subwaysim/events.py`).

Only the fields the page and the stepper read are declared; a record may carry more (a newer
engine adds fields), and they are kept in `model_extra` rather than refused. Types are strict:
a string where a number belongs means a damaged or foreign log.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class Record(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True, frozen=True)

    event: str
    time: float = 0.0

    def extras(self) -> dict[str, Any]:
        """Fields this reader does not know (from a newer engine), in the order they came."""
        return dict(self.model_extra or {})


class GameStartedRecord(Record):
    scenario: str
    seed: int
    players: tuple[str, ...]
    width: int
    height: int
    sections: tuple[int, int]  # SG-1: (rows, cols) of sections
    section_size: tuple[int, int]  # SG-1: (rows, cols) of squares in a section
    hazards: tuple[str, ...]  # SG-2
    decks: tuple[str, ...]


class TurnStartedRecord(Record):
    turn: int
    round: int
    player: str


class PopulatedRecord(Record):
    """SG-6."""

    deck: str
    identity: int
    moved: bool


class ReshuffledRecord(Record):
    """SG-5."""

    deck: str
    flips: int


class LegRecord(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True, frozen=True)

    mode: str  # "walk" | "ride"; another mode is drawn as a plain line
    squares: tuple[str, ...] = ()
    system: str | None = None
    stops: tuple[str, ...] = ()  # SG-12: the stops a ride counts
    express: bool = False


class TripTakenRecord(Record):
    """SG-8..SG-15; `cause` is 'queue' or 'extra' (SG-18)."""

    player: str
    cause: str
    origin: str
    destination: str
    distance: int
    systems: tuple[str, ...]
    choices: tuple[tuple[str, ...], ...] = ()  # SG-14: tied sets of systems
    legs: tuple[LegRecord, ...]
    points: dict[str, int]


class NoTripRecord(Record):
    """SG-18: no extra trip, some deck yielded no card."""

    player: str
    origin: str
    deck: str


class IntensifiedRecord(Record):
    """SG-16 (after a trip) or SG-17 (a build)."""

    player: str
    square: str
    deck: str
    identity: int
    cause: str


class BuiltRecord(Record):
    """SG-17."""

    player: str
    action: str
    square: str
    detail: str | None
    cost: int
    points_left: int
    surcharge: int = 0  # SG-21 (logs before it have none)
    whole_phase: bool = False  # SG-17: a hazard or another's track took the whole phase


class DepopulatedRecord(Record):
    """SG-21 option `depopulate`."""

    player: str
    square: str
    decks: tuple[str, ...]


class BorrowedRecord(Record):
    """SG-22: a build point borrowed against a debt token."""

    player: str
    points_left: int
    debt: int
    borrowed: int


class DebtPaidRecord(Record):
    """SG-22: debt tokens paid back with a phase's first points."""

    player: str
    tokens: int
    debt: int
    points_left: int


class BankedRecord(Record):
    """SG-22: unspent build points kept for the next turn."""

    player: str
    points: int


class DeckRecord(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True, frozen=True)

    name: str
    supply: int
    draw: int
    discard: int
    queue: tuple[int, ...]
    flips: int
    empty_piles: int


class TurnEndedRecord(Record):
    player: str
    turn: int
    round: int
    scores: dict[str, int]
    track: dict[str, tuple[str, ...]]
    stations: tuple[tuple[str, str, str], ...]  # SG-11: (square, kind, builder)
    decks: tuple[DeckRecord, ...]


class GameEndedRecord(Record):
    turns: int
    rounds: int
    reason: str
    scores: dict[str, int]
    winners: tuple[str, ...]


class OtherRecord(Record):
    """An event kind this reader does not know (a newer engine's): shown as a generic line."""


KINDS: dict[str, type[Record]] = {
    "GameStarted": GameStartedRecord,
    "TurnStarted": TurnStartedRecord,
    "Populated": PopulatedRecord,
    "Reshuffled": ReshuffledRecord,
    "TripTaken": TripTakenRecord,
    "NoTrip": NoTripRecord,
    "Intensified": IntensifiedRecord,
    "Built": BuiltRecord,
    "Depopulated": DepopulatedRecord,
    "Borrowed": BorrowedRecord,
    "DebtPaid": DebtPaidRecord,
    "Banked": BankedRecord,
    "TurnEnded": TurnEndedRecord,
    "GameEnded": GameEndedRecord,
}
# Known kinds nothing here shows (the decks table after the turn shows the queues).
QUIET_KINDS = frozenset({"QueueFilled"})
