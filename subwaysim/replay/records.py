"""The log records the replay reads: pydantic models generated from the event types of
`subwaysim/events.py`, so the log has one schema. A field added to an event is read,
checked and shown (as a plain `name value` line) without an edit here.

A record may carry fields no event declares (a newer engine's): they are kept in
`model_extra` rather than refused. Types are strict: a string where a number belongs means a
damaged or foreign log. `SHOWN` lists, for the kinds the page draws in its own way, the
fields it draws; every other field a record holds is one of its `extras()`. Kinds the page
has no drawing for are `OtherRecord`s, shown as a generic line with their fields.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import types
import typing
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, create_model

from subwaysim import events
from subwaysim.events import DeckState, Event, Leg


class Record(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True, frozen=True)

    shown: ClassVar[frozenset[str]] = frozenset()
    event: str
    time: float = 0.0

    def extras(self) -> dict[str, Any]:
        """The fields the page does not draw in its own way, in the order of the event's
        type, then those no event declares (a newer engine's), in the order they came."""
        given = self.model_fields_set - self.shown - {"event", "time"}
        known = {name: getattr(self, name) for name in type(self).model_fields if name in given}
        return {**_plain(known), **(self.model_extra or {})}


class OtherRecord(Record):
    """An event kind the page has no drawing for (or one this reader does not know): shown
    as a generic line with its fields."""


# What the page draws of each kind it draws in its own way (the rest are extras).
SHOWN: dict[str, frozenset[str]] = {
    "GameStarted": frozenset(
        {"scenario", "seed", "players", "width", "height", "sections", "section_size"}
        | {"hazards", "decks"}
    ),
    "TurnStarted": frozenset({"turn", "round", "player"}),
    "Populated": frozenset({"deck", "identity", "moved"}),
    "Reshuffled": frozenset({"deck", "flips"}),
    "TripTaken": frozenset(
        {"player", "cause", "origin", "destination", "distance", "systems", "choices", "legs"}
        | {"points"}
    ),
    "NoTrip": frozenset({"player", "origin", "deck"}),
    "Intensified": frozenset({"player", "square", "deck", "identity", "cause"}),
    "Built": frozenset(
        {"player", "action", "square", "detail", "cost", "points_left", "surcharge"}
        | {"whole_phase"}
    ),
    "Depopulated": frozenset({"player", "square", "decks"}),  # SG-21
    "Borrowed": frozenset({"player", "points_left", "debt", "borrowed"}),  # SG-22
    "DebtPaid": frozenset({"player", "tokens", "debt", "points_left"}),  # SG-22
    "Banked": frozenset({"player", "points"}),  # SG-22
    "TurnEnded": frozenset({"player", "turn", "round", "scores", "track", "stations", "decks"}),
    "FinalRound": frozenset({"player", "turn", "round", "reason", "turns_left"}),  # SG-20
    "GameEnded": frozenset({"turns", "rounds", "reason", "scores", "winners"}),
}
# Fields a log written before they were added lacks: (kind, field) -> the value then.
OLDER_LOGS: dict[tuple[str, str], Any] = {("TripTaken", "choices"): ()}
# Known kinds nothing here shows (the decks table after the turn shows the queues).
QUIET_KINDS = frozenset({"QueueFilled"})


def _plain(values: dict[str, Any]) -> dict[str, Any]:
    """Nested models as JSON data (a leg, a deck), as the log wrote them."""
    return {k: v.model_dump() if isinstance(v, BaseModel) else v for k, v in values.items()}


class _Part(BaseModel):
    """A value inside a record (a trip's leg, a deck at the end of a turn)."""

    model_config = ConfigDict(extra="allow", strict=True, frozen=True)


@functools.cache
def model_of(kind: type[Any]) -> type[BaseModel]:
    """The pydantic model of an event type (or of a dataclass an event holds)."""
    drawn = Record if kind.__name__ in SHOWN else OtherRecord
    base: type[BaseModel] = drawn if issubclass(kind, Event) else _Part
    hints = typing.get_type_hints(kind, vars(events))
    fields: dict[str, Any] = {}
    for field in dataclasses.fields(kind):
        if field.name == "time":
            continue
        if field.default is not dataclasses.MISSING:
            default = field.default
        elif field.default_factory is not dataclasses.MISSING:
            default = field.default_factory()
        else:
            default = OLDER_LOGS.get((kind.__name__, field.name), ...)
        fields[field.name] = (_translated(hints[field.name]), default)
    model = create_model(f"{kind.__name__}Record", __base__=base, **fields)  # type: ignore[call-overload]
    model.shown = SHOWN.get(kind.__name__, frozenset())
    model.__doc__ = kind.__doc__
    return model  # type: ignore[no-any-return]


def _translated(hint: Any) -> Any:
    """`hint` with every dataclass in it replaced by its model."""
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return model_of(hint)
    args = typing.get_args(hint)
    if not args:
        return hint
    inner = tuple(_translated(a) if a is not Ellipsis else a for a in args)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return functools.reduce(operator.or_, inner)
    return origin[inner]


def _event_types() -> list[type[Event]]:
    found = [v for v in vars(events).values() if isinstance(v, type) and issubclass(v, Event)]
    return [kind for kind in found if kind is not Event]


KINDS: dict[str, type[Record]] = {kind.__name__: model_of(kind) for kind in _event_types()}  # type: ignore[misc]

# The names the page and its checks use.
GameStartedRecord = KINDS["GameStarted"]
TurnStartedRecord = KINDS["TurnStarted"]
PopulatedRecord = KINDS["Populated"]
ReshuffledRecord = KINDS["Reshuffled"]
TripTakenRecord = KINDS["TripTaken"]
NoTripRecord = KINDS["NoTrip"]
IntensifiedRecord = KINDS["Intensified"]
BuiltRecord = KINDS["Built"]
TurnEndedRecord = KINDS["TurnEnded"]
FinalRoundRecord = KINDS["FinalRound"]
DepopulatedRecord = KINDS["Depopulated"]
BorrowedRecord = KINDS["Borrowed"]
DebtPaidRecord = KINDS["DebtPaid"]
BankedRecord = KINDS["Banked"]
GameEndedRecord = KINDS["GameEnded"]
LegRecord = model_of(Leg)
DeckRecord = model_of(DeckState)
