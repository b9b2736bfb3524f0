"""Games that raised, kept in `failed.csv`: the swept values, game, seed and error.

A failed game does not stop the sweep. It is not in games.csv, so the next run into the
folder plays it again; failed.csv lists the games that failed and have not since been
played, and is removed once there are none.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.grid import GameSlot, Setting
from tabletop.cells import read_row, safe_row
from tabletop.files import atomic_write_text
from tabletop.inputs import UnreadableFile, read_bytes

FAILED = "failed.csv"
MAX_FAILED_BYTES = 100_000_000


@dataclass(frozen=True, slots=True)
class FailedGame(GameSlot):
    """Game `game` of `setting`, seeded `seed`, raised `error` (type and message)."""

    error: str

    def describe(self) -> str:
        return f"game {self.game} of [{self.setting.label()}] (seed {self.seed}): {self.error}"


def failed_csv(keys: Sequence[str], failures: Iterable[FailedGame]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(safe_row([*keys, "game", "seed", "error"]))
    for f in failures:
        writer.writerow(safe_row([*f.setting.values, f.game, f.seed, " ".join(f.error.split())]))
    return out.getvalue()


def write_failures(path: Path, keys: Sequence[str], failures: Sequence[FailedGame]) -> None:
    """Rewrite failed.csv (atomically), or remove it when nothing failed."""
    if failures:
        atomic_write_text(path, failed_csv(keys, failures))
    else:
        path.unlink(missing_ok=True)


def read_failures(path: Path, keys: Sequence[str]) -> list[FailedGame]:
    if not path.exists():
        return []
    try:
        text = read_bytes(path, MAX_FAILED_BYTES).decode("utf-8")
        rows = [read_row(r) for r in csv.reader(io.StringIO(text, newline=""))]
    except UnreadableFile as exc:
        raise SweepError(f"{path}: cannot be read: {exc.reason}") from None
    except (UnicodeDecodeError, csv.Error) as exc:
        raise SweepError(f"{path}: cannot be read as CSV: {exc}") from None
    expected = [*keys, "game", "seed", "error"]
    if not rows or rows[0] != expected:
        raise SweepError(f"{path}: expected the columns {expected}; use another --out")
    failures = []
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(expected) or not row[-3].isdigit() or not row[-2].isdigit():
            raise SweepError(f"{path}: line {number} is damaged")
        setting = Setting(tuple(zip(keys, row[: len(keys)], strict=True)))
        failures.append(FailedGame(setting, int(row[-3]), int(row[-2]), row[-1]))
    return failures
