"""`sweep.json`: what a sweep folder was asked to hold, validated with pydantic.

A damaged file is refused with one line per problem naming the field (`games: Input should
be a valid integer`), never a traceback. Version 2 is the sweep of common random numbers
and the design metrics; a version 1 folder (before them) cannot be resumed or reported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from subwaysim.sweep.errors import SweepError
from tabletop.files import atomic_write_text
from tabletop.inputs import BadJson, UnreadableFile, load_json, read_bytes

META = "sweep.json"
MAX_META_BYTES = 10_000_000
VERSION = 2


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ScenarioRecord(_Model):
    path: str
    name: str
    question: str | None
    data: dict[str, Any]


class AxisRecord(_Model):
    key: Annotated[str, Field(min_length=1)]
    values: Annotated[list[str], Field(min_length=1)]


class SweepMeta(_Model):
    """The scenario (as validated), the grid, and the options that decide the games."""

    version: Literal[2]
    scenario: ScenarioRecord
    grid: list[AxisRecord]
    games: Annotated[int, Field(ge=1)]
    seed: Annotated[int, Field(ge=0)]
    rotate_seats: bool
    independent: bool
    baseline: dict[str, str]  # the baseline setting: a value per swept key
    baseline_reason: str  # why those values (--baseline, the scenario's own, the first)
    precision: Annotated[float, Field(gt=0, le=1)] | None
    command: str


def write_meta(out: Path, meta: SweepMeta) -> None:
    atomic_write_text(out / META, meta.model_dump_json(indent=2) + "\n")


def read_meta(out: Path) -> SweepMeta | None:
    """The folder's sweep.json, None if it has none; SweepError if it is damaged."""
    path = out / META
    if not path.exists():
        return None
    try:
        data = load_json(read_bytes(path, MAX_META_BYTES).decode("utf-8"))
    except UnreadableFile as exc:
        raise SweepError(f"{path}: cannot be read: {exc.reason}") from None
    except UnicodeDecodeError:
        raise SweepError(f"{path}: not text (UTF-8)") from None
    except BadJson as exc:
        raise SweepError(f"{path}: {exc.reason}") from None
    if isinstance(data, dict) and data.get("version") not in (VERSION, None):
        raise SweepError(
            f"{path}: version: {data['version']!r} is not this sweep format ({VERSION}): "
            "the folder was written by another version of subway sweep; use another --out"
        )
    try:
        return SweepMeta.model_validate(data)
    except ValidationError as exc:
        lines = [f"{path}: {_where(err['loc'])}: {err['msg']}" for err in exc.errors()]
        raise SweepError("\n".join(lines)) from None


def _where(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc) or "(the whole file)"
