"""One event schema: every field of every event in `subwaysim/events.py` survives the trip
event -> log line -> replay record, so a field added to an event (as `bank` and `debt` were
to TurnEnded, SG-22) cannot be dropped by the replay again."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import Any

import pytest

from subwaysim import events
from subwaysim.events import Event, TurnEnded
from subwaysim.replay.log import parse_record
from subwaysim.replay.records import KINDS, SHOWN, OtherRecord


def event_types() -> list[type[Event]]:
    found = [v for v in vars(events).values() if isinstance(v, type) and issubclass(v, Event)]
    return [kind for kind in found if kind is not Event]


def sample(hint: Any, depth: int = 0) -> Any:
    """A value of type `hint`, different per field so a swapped field shows."""
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return build(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return sample(next(a for a in args if a is not type(None)), depth)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (sample(args[0], depth + 1), sample(args[0], depth + 1))
        return tuple(sample(a, depth + 1) for a in args)
    if origin is dict:
        return {f"k{depth}": sample(args[1], depth + 1)}
    return {int: 7 + depth, float: 2.5, str: f"s{depth}", bool: True}[hint]


def build(kind: type[Any]) -> Any:
    hints = typing.get_type_hints(kind, vars(events))
    return kind(**{f.name: sample(hints[f.name]) for f in dataclasses.fields(kind)})


@pytest.mark.parametrize("kind", event_types(), ids=lambda k: k.__name__)
def test_every_field_of_every_event_survives_log_to_replay(kind: type[Event]) -> None:
    event = build(kind)
    line = event.to_json()
    record = parse_record(line, "x.jsonl", 1)
    assert type(record) is KINDS[kind.__name__]
    assert json.loads(record.model_dump_json()) == json.loads(line)
    assert not record.model_extra  # every field is declared: none arrives as unknown


def test_every_event_kind_has_a_record_and_only_drawn_kinds_are_drawn() -> None:
    assert set(KINDS) == {k.__name__ for k in event_types()}
    for name, shown in SHOWN.items():
        assert shown <= set(KINDS[name].model_fields), name  # the page draws real fields
    assert issubclass(KINDS["QueueFilled"], OtherRecord)  # the decks table shows the queues
    assert not issubclass(KINDS["Borrowed"], OtherRecord)  # SG-22: written as a sentence
    assert not issubclass(KINDS["Built"], OtherRecord)


def test_a_field_the_page_does_not_draw_is_shown_as_an_extra() -> None:
    end = build(TurnEnded)
    record = parse_record(end.to_json(), "x.jsonl", 1)
    assert record.extras() == {"bank": end.bank, "debt": end.debt}  # SG-22 bank and debt


def test_a_newer_engines_field_is_kept_and_an_older_logs_missing_field_defaults() -> None:
    trip = json.loads(build(events.TripTaken).to_json())
    del trip["choices"]  # a log from before SG-14 ties were logged
    trip["weather"] = "rain"
    record = parse_record(json.dumps(trip), "x.jsonl", 1)
    assert record.choices == () and record.extras() == {"weather": "rain"}
