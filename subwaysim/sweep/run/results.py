"""One finished game as a record, and `games.csv`: one line per game, appended at once.

Columns: the swept keys (one column each, the value text as given), `game` (0-based index
within its setting), `seed`, `seats` (player names in seat order, space-separated),
`score_<player>` for every player, `winners` (space-separated; several = a shared win,
SG-20), then the counts and design metrics of `COUNTS` and `SHARES` (the stored measures
of `metrics.py`), `end` (which end condition stopped the game, SG-20) and `digest` (a hash of
the game's whole event log: two games with one digest are the same game).

Text cells a spreadsheet would run as a formula (a swept value `=1+2`) are written with a
leading apostrophe and read back without it (`tabletop.cells`). Every row is checked as it
is read: its numbers, its seats (each a player of the sweep, once) and its winners (among
the seats); `checked.py` checks the rows against sweep.json.

A killed sweep can leave a torn last line (no newline): `read_games` drops it and reports
how many bytes of the file are clean, so a resume can cut the tail off before appending.
"""

from __future__ import annotations

import csv
import io
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.grid import GameSlot, Setting
from subwaysim.sweep.statistics.metrics import MEASURES, names
from tabletop.cells import read_row, safe_row
from tabletop.files import atomic_write_text
from tabletop.inputs import UnreadableFile, read_bytes
from tabletop.outputs import check_target

MAX_GAMES_BYTES = 1_000_000_000  # about 3 million games

COUNTS = names(stored="count")  # whole numbers
SHARES = names(stored="share")  # real numbers; NaN = empty cell
SCORE = "score_"
# games.csv's per-game numbers and their definitions (report.md prints them)
METRICS = {m.name: m.description for m in MEASURES if m.stored is not None}


@dataclass(frozen=True, slots=True)
class GameRecord(GameSlot):
    """What a sweep keeps of one game; `scores` are in seat order, like `seats`."""

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
    reshuffles: int = 0
    track_built: int = 0
    stations_built: int = 0
    express_stations: int = 0
    removals: int = 0
    intensifies: int = 0
    whole_phase_builds: int = 0
    extra_trip_points: int = 0
    hazard_crossings: int = 0
    build_points_used: float = math.nan
    coverage: float = math.nan
    trip_length_mean: float = math.nan
    digest: str = ""

    def score_of(self) -> dict[str, int]:
        return dict(zip(self.seats, self.scores, strict=True))

    def sole_winner(self) -> str | None:
        """The player who won alone, None for a shared win (SG-20)."""
        return self.winners[0] if len(self.winners) == 1 else None


@dataclass(frozen=True, slots=True)
class Layout:
    """The columns of one sweep's `games.csv`: its swept keys and every player's score."""

    keys: tuple[str, ...]
    players: tuple[str, ...]

    @property
    def header(self) -> list[str]:
        scores = [f"{SCORE}{p}" for p in self.players]
        head = [*self.keys, "game", "seed", "seats", *scores, "winners"]
        return [*head, *COUNTS, *SHARES, "end", "digest"]

    @classmethod
    def from_header(cls, header: Sequence[str], source: str) -> Layout:
        header = read_row(header)
        if "game" not in header or "winners" not in header:
            raise SweepError(f"{source}: not a sweep's games.csv (no game/winners columns)")
        keys = tuple(header[: header.index("game")])
        players = tuple(h.removeprefix(SCORE) for h in header if h.startswith(SCORE))
        layout = cls(keys, players)
        if layout.header != list(header):
            missing = [h for h in layout.header if h not in header]
            hint = f" (no {', '.join(missing[:4])} column)" if missing else ""
            raise SweepError(
                f"{source}: unexpected columns{hint}: written by another version of "
                "subway sweep? use another --out"
            )
        return layout

    def row(self, record: GameRecord) -> list[str]:
        scores = record.score_of()
        return safe_row(
            [
                *record.setting.values,
                str(record.game),
                str(record.seed),
                " ".join(record.seats),
                *(str(scores[p]) if p in scores else "" for p in self.players),
                " ".join(record.winners),
                *(str(getattr(record, name)) for name in COUNTS),
                *(_real_text(getattr(record, name)) for name in SHARES),
                record.end,
                record.digest,
            ]
        )

    def parse(self, row: Sequence[str]) -> GameRecord:
        """A record from one CSV row; ValueError says what is wrong with it."""
        if len(row) != len(self.header):
            raise ValueError(f"has {len(row)} fields, expected {len(self.header)}")
        row = read_row(row)
        cells = dict(zip(self.header, row, strict=True))
        seats = tuple(cells["seats"].split())
        self._check_players(seats, tuple(cells["winners"].split()))
        # The swept values by position: a swept key may share a column's name (`end`,
        # `seed`), and `cells` keeps the later column of that name.
        values = row[: len(self.keys)]
        return GameRecord(
            setting=Setting(tuple(zip(self.keys, values, strict=True))),
            game=_count(cells, "game"),
            seed=_count(cells, "seed"),
            seats=seats,
            scores=tuple(_count(cells, f"{SCORE}{p}") for p in seats),
            winners=tuple(cells["winners"].split()),
            end=cells["end"],
            digest=cells["digest"],
            **{name: _count(cells, name) for name in COUNTS},
            **{name: _real(cells, name) for name in SHARES},
        )

    def _check_players(self, seats: tuple[str, ...], winners: tuple[str, ...]) -> None:
        players = ", ".join(self.players)
        strangers = [s for s in seats if s not in self.players]
        if strangers or len(set(seats)) != len(seats) or not seats:
            what = f"{strangers[0]!r} is not a player" if strangers else "a player sits twice"
            raise ValueError(
                f"seats {' '.join(seats)!r}: {'no seats' if not seats else what} "
                f"(the players are {players})"
            )
        losers = [w for w in winners if w not in seats]
        if losers or len(set(winners)) != len(winners) or not winners:
            what = f"{losers[0]!r} is not a player" if losers else "a winner is named twice"
            raise ValueError(
                f"winners {' '.join(winners)!r}: {'nobody' if not winners else what} "
                f"(the players are {players})"
            )


def _count(cells: Mapping[str, str], name: str) -> int:
    text = cells.get(name, "")
    if not text.isdigit():
        raise ValueError(f"{name} is {text!r}, not a whole number")
    return int(text)


def _real(cells: Mapping[str, str], name: str) -> float:
    text = cells.get(name, "")
    if not text:
        return math.nan
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name} is {text!r}, not a number") from None
    if not math.isfinite(value):
        raise ValueError(f"{name} is {text!r}, not a finite number")
    return value


def _real_text(value: float) -> str:
    return "" if math.isnan(value) else f"{value:.6g}"


@dataclass(frozen=True, slots=True)
class GamesTable:
    """`games.csv` as read: its layout, its complete games, and its clean length in bytes."""

    layout: Layout
    records: tuple[GameRecord, ...]
    clean_bytes: int
    torn_bytes: int
    lines: tuple[int, ...] = ()  # the line number each record starts on (the header is 1)


def read_games(path: Path) -> GamesTable:
    """Read `games.csv`, dropping a torn last line; damage anywhere else is an error."""
    try:
        data = read_bytes(path, MAX_GAMES_BYTES)
    except UnreadableFile as exc:
        raise SweepError(f"{path}: cannot be read: {exc.reason}") from None
    clean = data[: data.rfind(b"\n") + 1]  # a kill can only tear the line being appended
    rows: list[tuple[int, list[str]]] = []
    try:
        reader = csv.reader(io.StringIO(clean.decode("utf-8"), newline=""))
        start = 1
        for row in reader:
            rows.append((start, row))
            start = reader.line_num + 1
    except (UnicodeDecodeError, csv.Error) as exc:
        raise SweepError(f"{path}: cannot be read as CSV: {exc}") from None
    if not rows:
        raise SweepError(f"{path}: no header line; delete it or use another --out")
    layout = Layout.from_header(rows[0][1], str(path))
    records = []
    for number, row in rows[1:]:
        try:
            records.append(layout.parse(row))
        except ValueError as exc:
            raise SweepError(f"{path}: line {number} is damaged: {exc}") from None
    lines = tuple(number for number, _ in rows[1:])
    return GamesTable(layout, tuple(records), len(clean), len(data) - len(clean), lines)


def format_rows(layout: Layout, records: Iterable[GameRecord]) -> str:
    """The whole file text: header and one line per record, in the order given."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(safe_row(layout.header))
    writer.writerows(layout.row(r) for r in records)
    return out.getvalue()


class LineAppender:
    """Appends whole lines to a file and forces each to disk before the next.

    `clean_bytes` is how much of an existing file to keep (a torn tail is cut off), None for
    a file to start with `first` (a header, or nothing)."""

    def __init__(self, path: Path, clean_bytes: int | None, first: str = "") -> None:
        if clean_bytes is None:
            atomic_write_text(path, first)
        else:
            check_target(path)  # the one output opener's rule: no link, device or FIFO
            os.truncate(path, clean_bytes)
        self._file: IO[str] = path.open("a", encoding="utf-8", newline="")

    def append(self, line: str) -> None:
        self._file.write(line)  # one write: a kill tears at most this line
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


class GamesWriter(LineAppender):
    """Appends one games.csv line per finished game."""

    def __init__(self, path: Path, layout: Layout, clean_bytes: int | None) -> None:
        """`clean_bytes` from `read_games` (the torn tail is cut off), None for a new file."""
        self.layout = layout
        super().__init__(path, clean_bytes, format_rows(layout, ()))

    def add(self, record: GameRecord) -> None:
        line = io.StringIO()
        csv.writer(line, lineterminator="\n").writerow(self.layout.row(record))
        self.append(line.getvalue())
