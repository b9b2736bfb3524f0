"""Frozen event records the game emits; observers (reports, logs, sweeps) consume them.

Squares are written in algebraic notation so a log reads without the board.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    time: float

    @property
    def kind(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, **dataclasses.asdict(self)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    scenario: str
    seed: int
    players: tuple[str, ...]
    width: int
    height: int
    sections: tuple[int, int]  # SG-1: (rows, cols) of sections
    section_size: tuple[int, int]  # SG-1: (rows, cols) of squares in a section
    hazards: tuple[str, ...]
    decks: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    turn: int  # 1-based count of all turns
    round: int  # 1-based: every player's turn number
    player: str


@dataclass(frozen=True, slots=True)
class Populated(Event):
    """SG-6: a copy of `identity` moved from supply to discard (or its supply was empty)."""

    deck: str
    identity: int
    moved: bool


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """SG-5: the discard pile became the draw pile; the deck's flip counter rose."""

    deck: str
    flips: int
    cards: int


@dataclass(frozen=True, slots=True)
class QueueFilled(Event):
    """SG-7: cards drawn into a queue until it is as long as the flip count."""

    deck: str
    drawn: tuple[int, ...]
    queue: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Leg:
    """One leg of a trip as logs, transcripts and `route --json` show it (squares named)."""

    mode: str  # "walk" | "ride"
    squares: tuple[str, ...]
    system: str | None = None
    stops: tuple[str, ...] = ()
    express: bool = False

    def to_json(self) -> dict[str, Any]:
        """DESIGN.md's leg: a walk names its squares; a ride its system, stops and mode too."""
        if self.mode == "walk":
            return {"mode": "walk", "squares": list(self.squares)}
        return {
            "mode": "ride",
            "system": self.system,
            "stops": list(self.stops),
            "express": self.express,
            "squares": list(self.squares),
        }


@dataclass(frozen=True, slots=True)
class TripTaken(Event):
    """A trip resolved and scored (SG-8..SG-15); `cause` is 'queue' or 'extra' (SG-18)."""

    player: str
    cause: str
    origin: str
    destination: str
    distance: int
    systems: tuple[str, ...]
    choices: tuple[tuple[str, ...], ...]
    legs: tuple[Leg, ...]
    points: dict[str, int]


@dataclass(frozen=True, slots=True)
class NoTrip(Event):
    """SG-18: an extra trip that could not happen because some deck yielded no card."""

    player: str
    origin: str
    deck: str


@dataclass(frozen=True, slots=True)
class Intensified(Event):
    """A copy of a square's card moved from supply to discard (SG-16 after a trip, SG-17 build)."""

    player: str
    square: str
    deck: str
    identity: int
    cause: str  # "trip" | "build"


@dataclass(frozen=True, slots=True)
class Built(Event):
    """SG-17: one build action and the build points it cost (`surcharge` of it: SG-21)."""

    player: str
    action: str  # track | station | remove_track | remove_station | intensify
    square: str
    detail: str | None  # station kind or intensified deck
    cost: int
    points_left: int
    surcharge: int = 0
    whole_phase: bool = False  # SG-17: it cost the whole build phase


@dataclass(frozen=True, slots=True)
class Depopulated(Event):
    """SG-21 option `depopulate`: a build on a populated square sent copies back to supply."""

    player: str
    square: str
    decks: tuple[str, ...]  # the decks whose copy went back (those with one in discard)


@dataclass(frozen=True, slots=True)
class Borrowed(Event):
    """SG-22: one build point taken from a later turn; the player takes a debt token."""

    player: str
    points_left: int
    debt: int  # debt tokens held now
    borrowed: int  # points borrowed this game so far


@dataclass(frozen=True, slots=True)
class DebtPaid(Event):
    """SG-22: a build phase's first points removed debt tokens."""

    player: str
    tokens: int
    debt: int  # tokens still held
    points_left: int


@dataclass(frozen=True, slots=True)
class Banked(Event):
    """SG-22: unspent build points kept for the next turn (at most rules.bank_builds)."""

    player: str
    points: int


@dataclass(frozen=True, slots=True)
class DeckState:
    name: str
    supply: int
    draw: int
    discard: int
    queue: tuple[int, ...]
    flips: int
    empty_piles: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """End of a turn with a snapshot of network, decks and scores (so reports need no state)."""

    player: str
    turn: int
    round: int
    scores: dict[str, int]
    track: dict[str, tuple[str, ...]]
    stations: tuple[tuple[str, str, str], ...]  # (square, kind, builder)
    decks: tuple[DeckState, ...]
    bank: dict[str, int] = dataclasses.field(default_factory=dict)  # SG-22 banked points
    debt: dict[str, int] = dataclasses.field(default_factory=dict)  # SG-22 debt tokens


@dataclass(frozen=True, slots=True)
class FinalRound(Event):
    """SG-20 with `end.finish_round`: an end condition is met on `turn`, and the game ends
    when the round is complete, after `turns_left` more turns."""

    player: str
    turn: int
    round: int
    reason: str
    turns_left: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    turns: int
    rounds: int
    reason: str
    scores: dict[str, int]
    winners: tuple[str, ...]
