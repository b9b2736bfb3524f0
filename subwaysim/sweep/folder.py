"""The sweep folder: `sweep.json` (what was asked) and `games.csv` (what was played).

A rerun into the same folder resumes: the scenario, the swept keys, the sweep seed and
the seating must match what `sweep.json` recorded (else the rerun is refused), the games
already in `games.csv` are kept, and new values or a larger `--games` extend the sweep.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from subwaysim.files import atomic_write_text
from subwaysim.scenario import scenario_to_dict
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan import SweepPlan
from subwaysim.sweep.results import GameRecord, GamesTable, read_games
from subwaysim.sweep.seeds import game_seed

META = "sweep.json"
GAMES = "games.csv"
VERSION = 1


@dataclass(frozen=True, slots=True)
class Resume:
    """The games a folder already holds; `clean_bytes` is None when games.csv is new."""

    records: tuple[GameRecord, ...]
    clean_bytes: int | None
    torn_bytes: int


def plan_meta(plan: SweepPlan, out: Path) -> dict[str, Any]:
    return {
        "version": VERSION,
        "scenario": {
            "path": plan.source,
            "name": plan.base.name,
            "question": plan.base.question,
            "data": _plain(scenario_to_dict(plan.base)),
        },
        "grid": [{"key": a.key, "values": list(a.values)} for a in plan.axes],
        "games": plan.games,
        "seed": plan.seed,
        "rotate_seats": plan.rotate_seats,
        "command": plan.command(str(out)),
    }


def open_folder(out: Path, plan: SweepPlan) -> Resume:
    """Check `out` can take this sweep, read its finished games, record the sweep in sweep.json."""
    if out.exists() and not out.is_dir():
        raise SweepError(f"--out {out}: exists and is not a folder")
    meta = plan_meta(plan, out)
    old = read_meta(out)
    games = out / GAMES
    if old is None and games.exists():
        raise SweepError(f"{games} exists but {out / META} does not: use another --out")
    if old is not None:
        _check_same(old, meta, out)
        meta["grid"] = _merged_grid(old["grid"], meta["grid"])
    resume = Resume((), None, 0)
    if games.exists():
        table = read_games(games)
        _check_games(table, plan, games)
        resume = Resume(table.records, table.clean_bytes, table.torn_bytes)
    out.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out / META, json.dumps(meta, indent=2) + "\n")
    return resume


def read_meta(out: Path) -> dict[str, Any] | None:
    path = out / META
    if not path.exists():
        return None
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SweepError(f"{path}: cannot be read: {exc}") from None
    if not isinstance(meta, dict) or meta.get("version") != VERSION:
        raise SweepError(f"{path}: not a version {VERSION} sweep record")
    return meta


def _check_same(old: dict[str, Any], new: dict[str, Any], out: Path) -> None:
    was, now = old.get("scenario", {}), new["scenario"]
    diffs = _differences(was.get("data"), now["data"])
    if diffs:
        raise SweepError(
            f"{out} holds a sweep of scenario {was.get('name')!r} ({was.get('path')}); "
            f"{now['path']} is a different scenario ({'; '.join(diffs[:3])}): "
            "use another --out"
        )
    keys = [a["key"] for a in old.get("grid", [])]
    if keys != [a["key"] for a in new["grid"]]:
        raise SweepError(f"{out} sweeps the keys {keys}; give the same --set keys or another --out")
    for name, flag in (("seed", "--seed"), ("rotate_seats", "--rotate-seats")):
        if old.get(name) != new[name]:
            raise SweepError(
                f"{out} was swept with {flag} {old.get(name)}, this run has {new[name]}: "
                "results would not match; use the same option or another --out"
            )


def _differences(was: Any, now: Any, path: str = "") -> list[str]:
    if isinstance(was, dict) and isinstance(now, dict):
        return [
            diff
            for key in sorted(set(was) | set(now))
            for diff in _differences(was.get(key), now.get(key), f"{path}{key}.")
        ]
    return [] if was == now else [f"{path.rstrip('.')}: {was!r} then, {now!r} now"]


def _merged_grid(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    merged = []
    for was, now in zip(old, new, strict=True):
        values = list(was["values"]) + [v for v in now["values"] if v not in was["values"]]
        merged.append({"key": now["key"], "values": values})
    return merged


def _check_games(table: GamesTable, plan: SweepPlan, path: Path) -> None:
    if table.layout != plan.layout:
        raise SweepError(
            f"{path} has the columns {table.layout.header}; this sweep writes "
            f"{plan.layout.header}: use another --out"
        )
    seen: set[tuple[tuple[str, ...], int]] = set()
    for record in table.records:
        expected = game_seed(plan.seed, record.setting, record.game)
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
