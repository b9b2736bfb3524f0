"""The sweep folder: `sweep.json` (what was asked), `games.csv` and `traces.jsonl` (what was
played), `failed.csv` (games that raised), and the report files.

`--out` must be a new (or empty) folder or an existing sweep folder: a folder holding other
files is refused, so nothing of someone else's is overwritten. A rerun into a sweep folder
resumes: the scenario, the swept keys, the sweep seed, the seating and the seeding (common
or `--independent`) must match what `sweep.json` recorded (else the rerun is refused), the
games already in `games.csv` are kept, and new values or a larger `--games` extend it.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from subwaysim.scenario import scenario_to_dict
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.meta import (
    META,
    VERSION,
    AxisRecord,
    ScenarioRecord,
    SweepMeta,
    read_meta,
    write_meta,
)
from subwaysim.sweep.plan.plan import SweepPlan
from subwaysim.sweep.plan.seeds import game_seed
from subwaysim.sweep.run.checked import check_games
from subwaysim.sweep.run.failures import FAILED, FailedGame, read_failures
from subwaysim.sweep.run.lock import LOCK
from subwaysim.sweep.run.results import GameRecord, GamesTable, read_games
from subwaysim.sweep.run.traces import TRACES, GameTrace, read_traces

GAMES = "games.csv"


@dataclass(frozen=True, slots=True)
class Resume:
    """What a folder already holds; `clean_bytes` is None when games.csv is new."""

    records: tuple[GameRecord, ...]
    clean_bytes: int | None
    torn_bytes: int
    traces: tuple[GameTrace, ...]
    failures: tuple[FailedGame, ...]


def claim_folder(
    out: Path, meta: str = META, kind: str = "sweep", error: type[Exception] = SweepError
) -> None:
    """Refuse an `--out` that is a file, or a folder with files but no `meta` (sweep.json;
    a playtest's playtest.json), raising `error` that names the `kind` of folder wanted."""
    if out.exists() and not out.is_dir():
        raise error(f"--out {out}: exists and is not a folder")
    if not out.is_dir() or (out / meta).exists():
        return
    others = sorted(p.name for p in out.iterdir() if not _ours_while_new(p.name))
    if others:
        shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
        raise error(
            f"--out {out}: the folder holds other files ({shown}) and no {meta}: "
            f"give a new folder or an existing {kind} folder"
        )


def _ours_while_new(name: str) -> bool:
    """What a sweep killed before writing sweep.json can have left: the lock, temp files."""
    return name == LOCK or (name.startswith(".") and name.endswith(".tmp"))


def plan_meta(plan: SweepPlan, out: Path) -> SweepMeta:
    base = plan.base
    return SweepMeta(
        version=VERSION,
        scenario=ScenarioRecord(
            path=plan.source,
            name=base.name,
            question=base.question,
            data=_plain(scenario_to_dict(base)),
        ),
        grid=[AxisRecord(key=a.key, values=list(a.values)) for a in plan.axes],
        games=plan.games,
        seed=plan.seed,
        rotate_seats=plan.rotate_seats,
        independent=plan.independent,
        baseline=dict(plan.baseline.pairs),
        baseline_reason=plan.baseline_reason,
        precision=plan.precision,
        command=plan.command(str(out)),
    )


def open_folder(out: Path, plan: SweepPlan) -> Resume:
    """Check `out` can take this sweep, read what it holds, record the sweep in sweep.json."""
    meta = plan_meta(plan, out)
    old = read_meta(out)
    games = out / GAMES
    if old is not None:
        _check_same(old, meta, out)
        meta = meta.model_copy(update={"grid": _merged_grid(old.grid, meta.grid)})
    resume = Resume((), None, 0, (), ())
    if games.exists():
        table = read_games(games)
        check_games(table, meta, games)  # every row a game of the (merged) grid, once
        _check_games(table, plan, games)
        keys = {r.key for r in table.records}
        traces = tuple(t for t in read_traces(out / TRACES).traces if t.key in keys)
        failures = read_failures(out / FAILED, plan.layout.keys)
        resume = Resume(table.records, table.clean_bytes, table.torn_bytes, traces, tuple(failures))
    out.mkdir(parents=True, exist_ok=True)
    write_meta(out, meta)
    return resume


def _check_same(old: SweepMeta, new: SweepMeta, out: Path) -> None:
    diffs = _differences(old.scenario.data, new.scenario.data)
    if diffs:
        raise SweepError(
            f"{out} holds a sweep of scenario {old.scenario.name!r} ({old.scenario.path}); "
            f"{new.scenario.path} is a different scenario ({'; '.join(diffs[:3])}): "
            "use another --out"
        )
    keys = [a.key for a in old.grid]
    if keys != [a.key for a in new.grid]:
        raise SweepError(f"{out} sweeps the keys {keys}; give the same --set keys or another --out")
    for name, flag in (
        ("seed", "--seed"),
        ("rotate_seats", "--rotate-seats"),
        ("independent", "--independent"),
    ):
        if getattr(old, name) != getattr(new, name):
            raise SweepError(
                f"{out} was swept with {flag} {getattr(old, name)}, this run has "
                f"{getattr(new, name)}: results would not match; use the same option or "
                "another --out"
            )


def _differences(was: Any, now: Any, path: str = "") -> list[str]:
    if isinstance(was, dict) and isinstance(now, dict):
        return [
            diff
            for key in sorted(set(was) | set(now))
            for diff in _differences(was.get(key), now.get(key), f"{path}{key}.")
        ]
    return [] if was == now else [f"{path.rstrip('.')}: {was!r} then, {now!r} now"]


def _merged_grid(old: list[AxisRecord], new: list[AxisRecord]) -> list[AxisRecord]:
    merged = []
    for was, now in zip(old, new, strict=True):
        values = list(was.values) + [v for v in now.values if v not in was.values]
        merged.append(AxisRecord(key=now.key, values=values))
    return merged


def _check_games(table: GamesTable, plan: SweepPlan, path: Path) -> None:
    if table.layout != plan.layout:
        raise SweepError(
            f"{path} has the columns {table.layout.header}; this sweep writes "
            f"{plan.layout.header}: use another --out"
        )
    # A smaller --games would keep the larger count on disk and report it: refused instead.
    held = Counter(r.setting.values for r in table.records)
    most = max(held.values(), default=0)
    if most > plan.games:
        raise SweepError(
            f"--games {plan.games}: {path} already holds {most} games of a setting; give "
            f"--games {most} or more to resume or extend it, or another --out"
        )
    seen: set[tuple[tuple[str, ...], int]] = set()
    for record in table.records:
        expected = game_seed(plan.seed, record.setting, record.game, plan.independent)
        if record.seed != expected or record.key in seen:
            raise SweepError(
                f"{path}: game {record.game} of [{record.setting.label()}] is "
                f"{'listed twice' if record.key in seen else 'from another seed'}: "
                "the file was edited or mixed up; use another --out"
            )
        seen.add(record.key)


def _plain(data: Any) -> Any:
    """JSON's view of the data (tuples become lists), so old and new compare equal."""
    return json.loads(json.dumps(data))
