"""The playtest folder: `playtest.json`, one sweep folder per question part and agent
(`q1/builds/greedy/`), the question plots (`plots/`) and `report.md`.

`--out` must be a new (or empty) folder or a playtest folder: a folder holding other files
is refused and left as it was. A rerun resumes every sweep where it stopped; a different
scenario into the same folder is refused. `playtest.json` also keeps the values a grid took
from games already played (question 5's race to a score), so a rerun asks the same
questions whatever else changed. One run at a time: the folder is locked while it runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from subwaysim.playtest.options import PlaytestError
from subwaysim.playtest.questions import Derived
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.run.folder import claim_folder
from subwaysim.sweep.run.lock import FolderLock
from tabletop.files import atomic_write_text
from tabletop.inputs import BadJson, UnreadableFile, load_json, read_bytes

META = "playtest.json"
MAX_META_BYTES = 10_000_000
VERSION = 1


class DerivedRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    score: int
    rounds: int


class PlaytestMeta(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    version: int
    scenario: str
    data: dict[str, Any]
    derived: DerivedRecord | None = None

    def derived_values(self) -> Derived | None:
        return None if self.derived is None else Derived(self.derived.score, self.derived.rounds)


def claim(out: Path) -> None:
    """Refuse a file, or a folder with files but no playtest.json."""
    claim_folder(out, META, "playtest", PlaytestError)


def lock(out: Path) -> FolderLock:
    out.mkdir(parents=True, exist_ok=True)
    try:
        return FolderLock(out).acquire()
    except SweepError:
        raise PlaytestError(
            f"{out}: another playtest is running into this folder; wait for it or use another --out"
        ) from None


def read_meta(out: Path) -> PlaytestMeta | None:
    path = out / META
    if not path.exists():
        return None
    try:
        return PlaytestMeta.model_validate(load_json(read_bytes(path, MAX_META_BYTES)))
    except (UnreadableFile, BadJson) as exc:
        raise PlaytestError(f"{path}: cannot be read: {exc.reason}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PlaytestError(f"{path}: cannot be read: {exc}") from None
    except ValidationError as exc:
        where = exc.errors()[0]
        field = ".".join(str(p) for p in where["loc"]) or "(the whole file)"
        raise PlaytestError(f"{path}: {field}: {where['msg']}") from None


def open_meta(out: Path, scenario: str, data: dict[str, Any]) -> PlaytestMeta:
    """The folder's record, new or checked against this run's scenario."""
    data = json.loads(json.dumps(data))  # JSON's view: tuples become lists
    old = read_meta(out)
    if old is None:
        meta = PlaytestMeta(version=VERSION, scenario=scenario, data=data)
        write_meta(out, meta)
        return meta
    if old.data != data:
        raise PlaytestError(
            f"{out} holds a playtest of {old.scenario}; {scenario} is a different scenario: "
            "use another --out"
        )
    return old


def write_meta(out: Path, meta: PlaytestMeta) -> None:
    atomic_write_text(out / META, meta.model_dump_json(indent=2) + "\n")


def remember(out: Path, meta: PlaytestMeta, derived: Derived) -> PlaytestMeta:
    record = DerivedRecord(score=derived.score, rounds=derived.rounds)
    meta = meta.model_copy(update={"derived": record})
    write_meta(out, meta)
    return meta
