"""One finished game as a record, and `games.csv`: one line per game, appended at once.

Columns: the swept keys (one column each, the value text as given), `game` (0-based index
within its setting), `seed`, `seats` (player names in seat order, space-separated),
`score_<player>` for every player, `winners` (space-separated; several = a shared win,
SG-20), `turns`, `trips`, `subway_trips`, `shared_trips`, `shared_points` (points all
players scored from trips using two or more systems, SG-15), `lead_changes`,
`leader_since` (the turn from which the final leader led for good) and `end` (which end
condition stopped the game, SG-20).

A killed sweep can leave a torn last line (no newline): `read_games` drops it and reports
how many bytes of the file are clean, so a resume can cut the tail off before appending.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from subwaysim.files import atomic_write_text
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.grid import Setting

COUNTS = (
    "turns",
    "trips",
    "subway_trips",
    "shared_trips",
    "shared_points",
    "lead_changes",
    "leader_since",
)
SCORE = "score_"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What a sweep keeps of one game; `scores` are in seat order, like `seats`."""

    setting: Setting
    game: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[str, ...]
    turns: int
    trips: int
    subway_trips: int
    shared_trips: int
    shared_points: int
    lead_changes: int
    leader_since: int
    end: str

    @property
    def key(self) -> tuple[tuple[str, ...], int]:
        """Which game this is: (setting values, game index)."""
        return self.setting.values, self.game

    def score_of(self) -> dict[str, int]:
        return dict(zip(self.seats, self.scores, strict=True))


@dataclass(frozen=True, slots=True)
class Layout:
    """The columns of one sweep's `games.csv`: its swept keys and every player's score."""

    keys: tuple[str, ...]
    players: tuple[str, ...]

    @property
    def header(self) -> list[str]:
        scores = [f"{SCORE}{p}" for p in self.players]
        return [*self.keys, "game", "seed", "seats", *scores, "winners", *COUNTS, "end"]

    @classmethod
    def from_header(cls, header: Sequence[str], source: str) -> Layout:
        if "game" not in header or "winners" not in header:
            raise SweepError(f"{source}: not a sweep's games.csv (no game/winners columns)")
        keys = tuple(header[: header.index("game")])
        players = tuple(h.removeprefix(SCORE) for h in header if h.startswith(SCORE))
        layout = cls(keys, players)
        if layout.header != list(header):
            raise SweepError(f"{source}: unexpected columns {list(header)}")
        return layout

    def row(self, record: GameRecord) -> list[str]:
        scores = record.score_of()
        return [
            *record.setting.values,
            str(record.game),
            str(record.seed),
            " ".join(record.seats),
            *(str(scores[p]) if p in scores else "" for p in self.players),
            " ".join(record.winners),
            *(str(getattr(record, name)) for name in COUNTS),
            record.end,
        ]

    def parse(self, row: Sequence[str]) -> GameRecord:
        """A record from one CSV row; ValueError says what is wrong with it."""
        if len(row) != len(self.header):
            raise ValueError(f"has {len(row)} fields, expected {len(self.header)}")
        cells = dict(zip(self.header, row, strict=True))
        seats = tuple(cells["seats"].split())
        return GameRecord(
            setting=Setting(tuple((k, cells[k]) for k in self.keys)),
            game=_count(cells, "game"),
            seed=_count(cells, "seed"),
            seats=seats,
            scores=tuple(_count(cells, f"{SCORE}{p}") for p in seats),
            winners=tuple(cells["winners"].split()),
            end=cells["end"],
            **{name: _count(cells, name) for name in COUNTS},
        )


def _count(cells: Mapping[str, str], name: str) -> int:
    text = cells.get(name, "")
    if not text.isdigit():
        raise ValueError(f"{name} is {text!r}, not a whole number")
    return int(text)


@dataclass(frozen=True, slots=True)
class GamesTable:
    """`games.csv` as read: its layout, its complete games, and its clean length in bytes."""

    layout: Layout
    records: tuple[GameRecord, ...]
    clean_bytes: int
    torn_bytes: int


def read_games(path: Path) -> GamesTable:
    """Read `games.csv`, dropping a torn last line; damage anywhere else is an error."""
    data = path.read_bytes()
    clean = data[: data.rfind(b"\n") + 1]  # a kill can only tear the line being appended
    try:
        rows = list(csv.reader(io.StringIO(clean.decode("utf-8"), newline="")))
    except (UnicodeDecodeError, csv.Error) as exc:
        raise SweepError(f"{path}: cannot be read as CSV: {exc}") from None
    if not rows:
        raise SweepError(f"{path}: no header line; delete it or use another --out")
    layout = Layout.from_header(rows[0], str(path))
    records = []
    for number, row in enumerate(rows[1:], start=2):
        try:
            records.append(layout.parse(row))
        except ValueError as exc:
            raise SweepError(f"{path}: line {number} is damaged: {exc}") from None
    return GamesTable(layout, tuple(records), len(clean), len(data) - len(clean))


def format_rows(layout: Layout, records: Iterable[GameRecord]) -> str:
    """The whole file text: header and one line per record, in the order given."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(layout.header)
    writer.writerows(layout.row(r) for r in records)
    return out.getvalue()


class GamesWriter:
    """Appends one line per finished game and forces it to disk before the next."""

    def __init__(self, path: Path, layout: Layout, clean_bytes: int | None) -> None:
        """`clean_bytes` from `read_games` (the torn tail is cut off), None for a new file."""
        self.layout = layout
        if clean_bytes is None:
            atomic_write_text(path, format_rows(layout, ()))
        else:
            os.truncate(path, clean_bytes)
        self._file: IO[str] = path.open("a", encoding="utf-8", newline="")

    def append(self, record: GameRecord) -> None:
        line = io.StringIO()
        csv.writer(line, lineterminator="\n").writerow(self.layout.row(record))
        self._file.write(line.getvalue())  # one write: a kill tears at most this line
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> GamesWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
