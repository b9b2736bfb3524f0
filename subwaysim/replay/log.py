"""Read a game's JSONL event log (`subway run --log`) into per-turn frames for the replay.

A log is one JSON object a line: GameStarted first, then each turn from TurnStarted to
TurnEnded, then GameEnded. Event kinds this reader does not know, and fields it does not
know, come from a newer engine and are kept, not refused. A damaged or foreign file is
refused with one `LogError` line naming the file, the line and the problem.

The file is opened the one way inputs are (`tabletop.inputs`: a regular file, never a FIFO
or a device, read without blocking) and read a line at a time. One page holds a log of at
most `MAX_LOG_BYTES` (a page and the records behind it take about 30 times the log's size
in memory); a larger log is refused with its size and the way out. A line may hold at most
`MAX_LINE_BYTES`, nested at most `MAX_DEPTH` deep, with no number of thousands of digits.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from subwaysim.board import Board, SquareError
from subwaysim.replay.checks import problem_with
from subwaysim.replay.records import (
    KINDS,
    BuiltRecord,
    GameEndedRecord,
    GameStartedRecord,
    OtherRecord,
    Record,
    TripTakenRecord,
    TurnEndedRecord,
    TurnStartedRecord,
)
from tabletop.inputs import TooLarge, UnreadableFile, json_depth, read_lines

MAX_LOG_BYTES = 40_000_000  # about 200 rounds of 8 players at the limits; a 1.4 GB page
MAX_LINE_BYTES = 1_000_000  # an event line is a few kilobytes
MAX_DEPTH = 16  # nesting of an event's JSON (a trip's legs are 4 deep)


class LogError(ValueError):
    """A file that is not a Subway Game event log, or a damaged one."""


def too_large_for_a_page(source: str, size: int) -> LogError:
    return LogError(
        f"{source}: {size / 1e6:,.1f} MB or more of log: too large for one replay page (at "
        f"most {MAX_LOG_BYTES / 1e6:,.0f} MB, about 200 rounds of 8 players at the limits); "
        "replay a shorter game (subway run SCENARIO --set end.turns=N --html PAGE.html)"
    )


@dataclass(frozen=True, slots=True)
class Frame:
    """One turn: what happened in it, and the network, decks and scores at its end."""

    start: TurnStartedRecord
    events: tuple[Record, ...]  # between TurnStarted and TurnEnded, in log order
    end: TurnEndedRecord

    @property
    def turn(self) -> int:
        return self.start.turn

    @property
    def player(self) -> str:
        return self.start.player

    @property
    def trips(self) -> tuple[TripTakenRecord, ...]:
        return tuple(e for e in self.events if isinstance(e, TripTakenRecord))

    @property
    def builds(self) -> tuple[BuiltRecord, ...]:
        return tuple(e for e in self.events if isinstance(e, BuiltRecord))


@dataclass(frozen=True, slots=True)
class Replay:
    """A whole game from its log: the start, one frame per turn (turn N is frames[N-1]), the end."""

    source: str
    start: GameStartedRecord
    board: Board
    frames: tuple[Frame, ...]
    end: GameEndedRecord

    @property
    def players(self) -> tuple[str, ...]:
        return self.start.players

    def frame(self, turn: int) -> Frame:
        if not 1 <= turn <= len(self.frames):
            raise ValueError(f"no turn {turn}: the game had turns 1..{len(self.frames)}")
        return self.frames[turn - 1]


def read_log(path: str | Path, source: str | None = None) -> Replay:
    """Read and check a log file; raise LogError naming the file (or `source`) and line."""
    source = str(path) if source is None else source
    try:
        lines = read_lines(Path(path), MAX_LOG_BYTES, MAX_LINE_BYTES)
        return parse_log(_decoded_lines(lines, source), source)
    except TooLarge as exc:
        raise too_large_for_a_page(source, exc.size) from None
    except UnreadableFile as exc:
        raise LogError(f"{source}: cannot read the log: {exc.reason}") from None


def parse_log(lines: Iterable[str], source: str) -> Replay:
    """Frames from log lines (blank lines are skipped); `source` names the file in errors."""
    reader = _Reader(source)
    for number, line in enumerate(lines, 1):
        if line.strip():
            reader.add(number, parse_record(line, source, number))
    return reader.finish()


def parse_record(line: str, source: str, number: int) -> Record:
    where = f"{source}: line {number}"
    if len(line) > MAX_LINE_BYTES:
        raise LogError(f"{where}: longer than {MAX_LINE_BYTES:,} characters: not an event")
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise LogError(f"{where}: not JSON ({exc.msg}, column {exc.colno})") from None
    except RecursionError:
        raise LogError(f"{where}: nested more than {MAX_DEPTH} levels deep: not an event") from None
    except ValueError as exc:  # Python's limit on an integer's digits
        reason = "a number of 4,300 digits or more" if "digits" in str(exc) else str(exc)
        raise LogError(f"{where}: {reason}: not an event") from None
    if json_depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise LogError(f"{where}: nested more than {MAX_DEPTH} levels deep: not an event")
    if not isinstance(data, dict):
        raise LogError(f"{where}: a JSON {type(data).__name__}, not an event object") from None
    kind = data.get("event")
    if not isinstance(kind, str):
        raise LogError(f'{where}: no "event" name: not a Subway Game event') from None
    try:
        return KINDS.get(kind, OtherRecord).model_validate_json(line, strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "record"
        raise LogError(f"{where}: {kind} {field}: {first['msg']}") from None


def _decoded_lines(data: Iterable[bytes], source: str) -> Iterator[str]:
    for number, raw in enumerate(data, 1):
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            raise LogError(f"{source}: line {number}: not UTF-8 text") from None


class _Reader:
    """The log's grammar: GameStarted (TurnStarted ... TurnEnded)+ GameEnded."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.start: GameStartedRecord | None = None
        self.board: Board | None = None
        self.frames: list[Frame] = []
        self.turn: TurnStartedRecord | None = None
        self.events: list[Record] = []
        self.end: GameEndedRecord | None = None
        self.last_line = 0

    def fail(self, number: int, problem: str) -> LogError:
        return LogError(f"{self.source}: line {number}: {problem}")

    def add(self, number: int, record: Record) -> None:
        self.last_line = number
        if self.start is None:
            self._begin(number, record)
            return
        known = not isinstance(record, OtherRecord)
        if self.end is not None:
            if known:
                raise self.fail(number, f"{record.event} after GameEnded")
            return
        if known:
            assert self.board is not None
            problem = problem_with(record, self.start, self.board)
            if problem:
                raise self.fail(number, f"{record.event} {problem}")
        self._place(number, record)

    def _begin(self, number: int, record: Record) -> None:
        if not isinstance(record, GameStartedRecord):
            raise self.fail(
                number, f"starts with {record.event}, not GameStarted: not a Subway Game log"
            )
        try:
            board = Board(record.sections, record.section_size)
            hazards = frozenset(board.square(h) for h in record.hazards)
        except (SquareError, ValueError) as exc:
            raise self.fail(number, f"GameStarted: {exc}") from None
        if (board.width, board.height) != (record.width, record.height):
            raise self.fail(
                number,
                f"GameStarted: a {record.width} x {record.height} board does not match "
                f"sections {list(record.sections)} of {list(record.section_size)} squares",
            )
        if len(set(record.players)) != len(record.players) or not record.players:
            raise self.fail(number, f"GameStarted: players {list(record.players)} are not distinct")
        self.start = record
        self.board = Board(record.sections, record.section_size, hazards)

    def _place(self, number: int, record: Record) -> None:
        if isinstance(record, TurnStartedRecord):
            self._open(number, record)
        elif isinstance(record, TurnEndedRecord):
            self._close(number, record)
        elif isinstance(record, GameEndedRecord):
            self._finish_game(number, record)
        elif self.turn is not None:
            self.events.append(record)
        elif not isinstance(record, OtherRecord):
            raise self.fail(number, f"{record.event} outside a turn (no TurnStarted before it)")

    def _open(self, number: int, record: TurnStartedRecord) -> None:
        if self.turn is not None:
            raise self.fail(number, f"TurnStarted inside turn {self.turn.turn} (no TurnEnded)")
        expected = len(self.frames) + 1
        if record.turn != expected:
            raise self.fail(number, f"TurnStarted turn {record.turn}: expected turn {expected}")
        self.turn, self.events = record, []

    def _close(self, number: int, record: TurnEndedRecord) -> None:
        start = self.turn
        if start is None:
            raise self.fail(number, "TurnEnded without a TurnStarted before it")
        if (record.turn, record.round, record.player) != (start.turn, start.round, start.player):
            raise self.fail(
                number,
                f"TurnEnded turn {record.turn} round {record.round} {record.player} closes "
                f"turn {start.turn} round {start.round} {start.player}",
            )
        self.frames.append(Frame(start, tuple(self.events), record))
        self.turn, self.events = None, []

    def _finish_game(self, number: int, record: GameEndedRecord) -> None:
        if self.turn is not None:
            raise self.fail(number, f"GameEnded inside turn {self.turn.turn} (no TurnEnded)")
        if record.turns != len(self.frames):
            raise self.fail(
                number, f"GameEnded says {record.turns} turns; the log has {len(self.frames)}"
            )
        self.end = record

    def finish(self) -> Replay:
        if self.start is None or self.board is None:
            raise LogError(f"{self.source}: empty: not a Subway Game log (no GameStarted)")
        if self.end is None:
            raise LogError(
                f"{self.source}: line {self.last_line}: the log stops without GameEnded "
                "(truncated?)"
            )
        if not self.frames:
            raise LogError(f"{self.source}: the game has no turns")
        return Replay(self.source, self.start, self.board, tuple(self.frames), self.end)
