"""What the sweep's plots need of each game beyond games.csv, kept in `traces.jsonl`.

One JSON line per finished game, written just before its games.csv line (so every game in
games.csv has its trace; a trace whose game never reached games.csv is dropped on resume):

    {"setting": [values], "game": k, "width": w, "height": h,
     "rounds": [[score of seat 1, seat 2, ...] at the end of round 1, round 2, ...],
     "distances": {"3": trips of distance 3, ...},
     "track": [track builds on a1, b1, ..., then a2, b2, ...: every square, rank by rank],
     "origins": [trips from each square, in that order], "destinations": [trips to each]}
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from subwaysim.board import FILES
from subwaysim.events import Built, Event, GameStarted, TripTaken, TurnEnded
from subwaysim.sweep.errors import SweepError
from tabletop.inputs import UnreadableFile, read_bytes

TRACES = "traces.jsonl"
MAX_TRACES_BYTES = 2_000_000_000
Key = tuple[tuple[str, ...], int]


@dataclass(frozen=True, slots=True)
class GameTrace:
    """One game's score curve, trip distances and where things happened on its board."""

    setting: tuple[str, ...]
    game: int
    width: int
    height: int
    rounds: tuple[tuple[int, ...], ...]  # seat order, like GameRecord.scores
    distances: dict[int, int]
    track: dict[str, int]
    origins: dict[str, int]
    destinations: dict[str, int]

    @property
    def key(self) -> Key:
        return self.setting, self.game

    def to_json(self) -> str:
        data = {
            "setting": list(self.setting),
            "game": self.game,
            "width": self.width,
            "height": self.height,
            "rounds": [list(r) for r in self.rounds],
            "distances": {str(d): n for d, n in sorted(self.distances.items())},
            "track": self.dense(self.track),
            "origins": self.dense(self.origins),
            "destinations": self.dense(self.destinations),
        }
        return json.dumps(data, separators=(",", ":"))

    def dense(self, counts: dict[str, int]) -> list[int]:
        """A count for every square, a1 first, rank by rank (SG-3 names)."""
        return [
            counts.get(f"{FILES[file]}{rank + 1}", 0)
            for rank in range(self.height)
            for file in range(self.width)
        ]

    @classmethod
    def from_json(cls, text: str) -> GameTrace:
        """ValueError (or KeyError/TypeError) when the line is not a trace."""
        data: dict[str, Any] = json.loads(text)
        width, height = int(data["width"]), int(data["height"])
        return cls(
            setting=tuple(str(v) for v in data["setting"]),
            game=int(data["game"]),
            width=width,
            height=height,
            rounds=tuple(tuple(int(s) for s in r) for r in data["rounds"]),
            distances={int(d): int(n) for d, n in data["distances"].items()},
            track=_sparse(data["track"], width, height),
            origins=_sparse(data["origins"], width, height),
            destinations=_sparse(data["destinations"], width, height),
        )


def _sparse(counts: list[Any], width: int, height: int) -> dict[str, int]:
    """The squares with a count above 0, by name, from a dense list (see `dense`)."""
    if len(counts) != width * height:
        raise ValueError(f"{len(counts)} square counts for a {width} x {height} board")
    return {f"{FILES[i % width]}{i // width + 1}": int(n) for i, n in enumerate(counts) if int(n)}


@dataclass
class TraceCollector:
    """An observer gathering one game's trace (the setting and game come from the sweep)."""

    seats: tuple[str, ...] = ()
    width: int = 0
    height: int = 0
    rounds: dict[int, tuple[int, ...]] = field(default_factory=dict)
    distances: Counter[int] = field(default_factory=Counter)
    track: Counter[str] = field(default_factory=Counter)
    origins: Counter[str] = field(default_factory=Counter)
    destinations: Counter[str] = field(default_factory=Counter)

    def __call__(self, event: Event) -> None:
        if isinstance(event, TripTaken):
            self.distances[event.distance] += 1
            self.origins[event.origin] += 1
            self.destinations[event.destination] += 1
        elif isinstance(event, Built) and event.action == "track":
            self.track[event.square] += 1
        elif isinstance(event, TurnEnded):  # the last turn of a round leaves its scores
            self.rounds[event.round] = tuple(event.scores[p] for p in self.seats)
        elif isinstance(event, GameStarted):
            self.seats, self.width, self.height = event.players, event.width, event.height

    def trace(self, setting: tuple[str, ...], game: int) -> GameTrace:
        return GameTrace(
            setting=setting,
            game=game,
            width=self.width,
            height=self.height,
            rounds=tuple(self.rounds[r] for r in sorted(self.rounds)),
            distances=dict(self.distances),
            track=dict(self.track),
            origins=dict(self.origins),
            destinations=dict(self.destinations),
        )


@dataclass(frozen=True, slots=True)
class TracesFile:
    """`traces.jsonl` as read: its complete traces and its clean length in bytes."""

    traces: tuple[GameTrace, ...]
    clean_bytes: int


def read_traces(path: Path) -> TracesFile:
    """Read the traces, dropping a torn last line; damage anywhere else is an error."""
    if not path.exists():
        return TracesFile((), 0)
    try:
        data = read_bytes(path, MAX_TRACES_BYTES)
    except UnreadableFile as exc:
        raise SweepError(f"{path}: cannot be read: {exc.reason}") from None
    clean = data[: data.rfind(b"\n") + 1]
    traces = []
    for number, line in enumerate(clean.decode("utf-8", errors="replace").splitlines(), 1):
        try:
            traces.append(GameTrace.from_json(line))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise SweepError(f"{path}: line {number} is damaged: {exc!r}") from None
    return TracesFile(tuple(traces), len(clean))


def format_traces(traces: Iterable[GameTrace]) -> str:
    return "".join(t.to_json() + "\n" for t in traces)


def matching(traces: Sequence[GameTrace], keys: set[Key]) -> list[GameTrace]:
    """The traces of the games in `keys`, one each (the last written wins)."""
    kept = {t.key: t for t in traces if t.key in keys}
    return list(kept.values())
