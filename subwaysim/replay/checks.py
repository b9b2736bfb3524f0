"""Cross-checks of one log record against the game's start: players, squares, decks.

A record that names a player who is not playing or a square off the board comes from
another game or a damaged file; the replay would otherwise draw it somewhere wrong.
"""

from __future__ import annotations

from collections.abc import Iterable

from subwaysim.board import Board, SquareError
from subwaysim.replay.records import (
    BuiltRecord,
    FinalRoundRecord,
    GameEndedRecord,
    GameStartedRecord,
    IntensifiedRecord,
    NoTripRecord,
    PopulatedRecord,
    Record,
    ReshuffledRecord,
    TripTakenRecord,
    TurnEndedRecord,
    TurnStartedRecord,
)


def problem_with(record: Record, start: GameStartedRecord, board: Board) -> str | None:
    """The first problem with a record ('legs.1.stops: 'z9' is off the board'), or None."""
    match record:
        case TurnStartedRecord():
            return _players("player", [record.player], start)
        case PopulatedRecord() | ReshuffledRecord():
            return _deck("deck", record.deck, start)
        case TripTakenRecord():
            return _trip(record, start, board)
        case NoTripRecord():
            return _square_event(record.player, "origin", record.origin, start, board)
        case IntensifiedRecord() | BuiltRecord():
            return _square_event(record.player, "square", record.square, start, board)
        case FinalRoundRecord():
            return _players("player", [record.player], start)
        case TurnEndedRecord():
            return _turn_ended(record, start, board)
        case GameEndedRecord():
            return _first(
                _scores("scores", record.scores, start),
                _players("winners", record.winners, start),
            )
    return None


def _players(field: str, names: Iterable[str], start: GameStartedRecord) -> str | None:
    for name in names:
        if name not in start.players:
            return f"{field}: {name!r} is not a player ({', '.join(start.players)})"
    return None


def _squares(field: str, names: Iterable[str], board: Board) -> str | None:
    for name in names:
        try:
            board.square(name)
        except SquareError as exc:
            return f"{field}: {exc}"
    return None


def _deck(field: str, name: str, start: GameStartedRecord) -> str | None:
    if name not in start.decks:
        return f"{field}: {name!r} is not a deck ({', '.join(start.decks)})"
    return None


def _first(*problems: str | None) -> str | None:
    return next((p for p in problems if p), None)


def _trip(r: TripTakenRecord, start: GameStartedRecord, board: Board) -> str | None:
    problems = [
        _players("player", [r.player], start),
        _squares("origin", [r.origin], board),
        _squares("destination", [r.destination], board),
        _players("systems", r.systems, start),
        _players("points", r.points, start),
    ]
    for i, leg in enumerate(r.legs):
        systems = [leg.system] if leg.system is not None else []
        problems.append(_players(f"legs.{i}.system", systems, start))
        problems.append(_squares(f"legs.{i}.squares", leg.squares, board))
        problems.append(_squares(f"legs.{i}.stops", leg.stops, board))
    return _first(*problems)


def _square_event(
    player: str, field: str, square: str, start: GameStartedRecord, board: Board
) -> str | None:
    return _first(_players("player", [player], start), _squares(field, [square], board))


def _turn_ended(r: TurnEndedRecord, start: GameStartedRecord, board: Board) -> str | None:
    problems = [
        _players("player", [r.player], start),
        _scores("scores", r.scores, start),
        _players("track", r.track, start),
    ]
    problems += [_squares(f"track.{p}", squares, board) for p, squares in r.track.items()]
    for i, (square, _, builder) in enumerate(r.stations):
        problems.append(_squares(f"stations.{i}", [square], board))
        problems.append(_players(f"stations.{i}", [builder], start))
    return _first(*problems)


def _scores(field: str, scores: dict[str, int], start: GameStartedRecord) -> str | None:
    missing = [p for p in start.players if p not in scores]
    if missing:
        return f"{field}: no score for {', '.join(missing)}"
    return _players(field, scores, start)
