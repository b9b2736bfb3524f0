"""How long a playtest took: `runtime.json` in its folder, one entry an invocation of
`subway playtest` (a resumed run adds one), each with its wall time, the CPU time of this
machine's processes (the command and the workers it waited for), its workers and the games
it played and copied. The report states the total, so a designer can plan the next run.
"""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from tabletop.files import atomic_write_text

RUNTIME = "runtime.json"


def _cpu_seconds() -> float:
    """User + system CPU of this process and of its children that have ended (the worker
    pools of finished sweeps are shut down and waited for)."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


@dataclass(frozen=True, slots=True)
class Session:
    """One invocation of `subway playtest` on the folder."""

    started: str  # ISO 8601, UTC
    wall_seconds: float
    cpu_seconds: float
    jobs: int | None  # --jobs (None: every core)
    scheduler: str | None  # --scheduler (then the workers' CPU is not counted here)
    cores: int
    played: int
    copied: int


@dataclass
class Clock:
    """Started when a playtest starts; `session` reads it when the playtest stops."""

    jobs: int | None
    scheduler: str | None
    started: datetime = field(default_factory=lambda: datetime.now(UTC))
    wall: float = field(default_factory=time.monotonic)
    cpu: float = field(default_factory=_cpu_seconds)

    def session(self, played: int, copied: int) -> Session:
        return Session(
            started=self.started.isoformat(timespec="seconds"),
            wall_seconds=round(time.monotonic() - self.wall, 1),
            cpu_seconds=round(_cpu_seconds() - self.cpu, 1),
            jobs=self.jobs,
            scheduler=self.scheduler,
            cores=os.cpu_count() or 1,
            played=played,
            copied=copied,
        )


def read(out: Path) -> list[Session]:
    """The sessions recorded in OUT (none for a folder made before this file existed, or
    whose file is damaged: timing is a note, never a reason to refuse a playtest)."""
    path = out / RUNTIME
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
        return [Session(**row) for row in rows]
    except (OSError, ValueError, TypeError):
        return []


def record(out: Path, session: Session) -> list[Session]:
    """Add SESSION to OUT's runtime.json (atomically); returns every session."""
    sessions = [*read(out), session]
    atomic_write_text(out / RUNTIME, json.dumps([asdict(s) for s in sessions], indent=2) + "\n")
    return sessions


def duration(seconds: float) -> str:
    """'2 h 14 min', '14 min 05 s', '42 s'."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    if minutes:
        return f"{minutes} min {secs:02d} s"
    return f"{secs} s"


def sentence(sessions: Sequence[Session]) -> str:
    """The report's statement of what the run cost, or "" when nothing was recorded."""
    if not sessions:
        return ""
    wall = sum(s.wall_seconds for s in sessions)
    cpu = sum(s.cpu_seconds for s in sessions)
    played = sum(s.played for s in sessions)
    copied = sum(s.copied for s in sessions)
    last = sessions[-1]
    where = (
        f"on the Dask cluster at {last.scheduler} (CPU time counted on this machine only)"
        if last.scheduler
        else f"with --jobs {last.jobs if last.jobs is not None else last.cores} on a "
        f"{last.cores}-core machine"
    )
    runs = "one run" if len(sessions) == 1 else f"{len(sessions)} runs (resumed)"
    return (
        f"This playtest took {duration(wall)} of wall time and {duration(cpu)} of CPU time "
        f"in {runs}, {where}, started {sessions[0].started}. Its sweeps played {played:,} "
        f"games and copied {copied:,} from earlier sweeps; the ladder, strategy matrix, tune "
        f"and confirmation games are counted in their sections."
    )
