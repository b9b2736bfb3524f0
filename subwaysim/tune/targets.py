"""`--target MEASURE=VALUE | MEASURE=max | MEASURE=min`: what the search optimises.

A VALUE target is met by the setting whose measure is nearest VALUE: the search minimises
|measure - VALUE|; max and min targets maximise or minimise the measure itself.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from subwaysim.tune.errors import TuneError, did_you_mean
from subwaysim.tune.measures import Measure


@dataclass(frozen=True, slots=True)
class Target:
    measure: str
    goal: str  # "value", "max" or "min"
    value: float = math.nan

    @property
    def direction(self) -> str:
        """Optuna's direction for this target's objective."""
        return "maximize" if self.goal == "max" else "minimize"

    def objective(self, measured: float) -> float:
        """What the search optimises (in `direction`)."""
        return abs(measured - self.value) if self.goal == "value" else measured

    def spec(self) -> str:
        if self.goal == "value":
            return f"{self.measure}={self.value:g}"
        return f"{self.measure}={self.goal}"

    def words(self) -> str:
        if self.goal == "value":
            return f"{self.measure} as near {self.value:g} as it gets"
        return f"{self.measure} as {'high' if self.goal == 'max' else 'low'} as it gets"


def parse_target(spec: str, measures: Mapping[str, Measure]) -> Target:
    name, sep, raw = spec.partition("=")
    name, raw = name.strip(), raw.strip()
    if not sep or not name or not raw:
        raise TuneError(f"--target {spec!r}: expected MEASURE=VALUE, MEASURE=max or MEASURE=min")
    if name not in measures:
        raise TuneError(f"--target {name}: {did_you_mean(name, measures, 'measure')}")
    if raw.lower() in ("max", "min"):
        return Target(name, raw.lower())
    try:
        value = float(raw)
    except ValueError:
        raise TuneError(f"--target {spec!r}: {raw!r} is not a number, max or min") from None
    if not math.isfinite(value):
        raise TuneError(f"--target {spec!r}: the value must be a finite number")
    return Target(name, "value", value)


def parse_targets(specs: Sequence[str], measures: Mapping[str, Measure]) -> tuple[Target, ...]:
    if not specs:
        raise TuneError("give at least one --target MEASURE=VALUE|max|min")
    targets = tuple(parse_target(s, measures) for s in specs)
    names = [t.measure for t in targets]
    for name in names:
        if names.count(name) > 1:
            raise TuneError(f"--target {name}: the measure is given more than once")
    return targets
