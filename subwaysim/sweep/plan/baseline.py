"""The baseline setting every other setting is compared with (compare.csv, report.md).

For each swept key: the value given with `--baseline KEY=VALUE`, else the scenario's own
value when the grid holds it (values compare as YAML reads them: `3` is the scenario's 3),
else the key's first value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import yaml

from subwaysim.scenario import Scenario, scenario_to_dict
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.grid import Axis, Setting, setting_order
from subwaysim.sweep.plan.meta import SweepMeta

MISSING = object()


def parse_baseline(specs: Iterable[str], axes: Sequence[Axis]) -> dict[str, str]:
    """`--baseline KEY=VALUE` options: each KEY a swept key, each VALUE one of its values."""
    values = {a.key: a.values for a in axes}
    chosen: dict[str, str] = {}
    for spec in specs:
        key, sep, value = (part.strip() for part in spec.partition("="))
        if not sep or not key:
            raise SweepError(f"--baseline {spec!r}: expected KEY=VALUE")
        if key not in values:
            swept = ", ".join(values) or "none"
            raise SweepError(f"--baseline {key}: not a swept key (--set keys: {swept})")
        if value not in values[key]:
            raise SweepError(
                f"--baseline {key}={value}: not one of its values ({', '.join(values[key])})"
            )
        if key in chosen:
            raise SweepError(f"--baseline {key}: given more than once")
        chosen[key] = value
    return chosen


def choose_baseline(
    axes: Sequence[Axis], base: Scenario, specs: Iterable[str] = ()
) -> tuple[Setting, str]:
    """The baseline setting, and why each of its values was chosen (for the report)."""
    given = parse_baseline(specs, axes)
    data = scenario_to_dict(base)
    pairs, reasons = [], []
    for axis in axes:
        value = given.get(axis.key)
        why = "--baseline"
        if value is None:
            own = scenario_value(data, axis.key)
            value = next((v for v in axis.values if _reads_as(v, own)), None)
            why = "the scenario's own value"
            if value is None:
                value, why = axis.values[0], "the first value: the scenario's own is not swept"
        pairs.append((axis.key, value))
        reasons.append(f"{axis.key}: {why}")
    return Setting(tuple(pairs)), "; ".join(reasons)


def scenario_value(data: Any, key: str) -> Any:
    """The value at a dotted key (`players.0.agent`) of the scenario's data, or MISSING."""
    for part in key.split("."):
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list | tuple) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        else:
            return MISSING
    return data


def _reads_as(text: str, value: Any) -> bool:
    if value is MISSING:
        return False
    try:
        read = yaml.safe_load(text)
    except yaml.YAMLError:
        return False
    return bool(_plain(read) == _plain(value))


def _plain(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def report_baseline(settings: Sequence[Setting], meta: SweepMeta | None) -> tuple[Setting, str]:
    """The baseline among the settings played, and why: the one sweep.json recorded, else
    the first setting in grid order."""
    ordered = sorted(settings, key=setting_order)
    if meta is None:
        return ordered[0], "the first setting: the folder has no sweep.json"
    for setting in ordered:
        if dict(setting.pairs) == meta.baseline:
            return setting, meta.baseline_reason or "the scenario as written"
    return ordered[0], "the first setting: the recorded baseline has no finished games"
