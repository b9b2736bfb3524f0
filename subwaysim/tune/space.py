"""The search space: `--vary KEY=LOW..HIGH` (whole numbers, or real numbers if either end
has a decimal point) or `--vary KEY=V1,V2,...` (categorical, values as the user typed them:
what the scenario override reads as YAML, what trials.csv records).

A key must be a scenario key (did-you-mean otherwise), and every value alone (each end of a
range) must give a valid scenario with the fixed `--set` overrides, checked before any game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from subwaysim.scenario import Scenario
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.grid import RESERVED_KEYS, split_values
from subwaysim.tune.errors import TuneError, did_you_mean

INT_RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$")
REAL = r"-?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?"
REAL_RANGE = re.compile(rf"^\s*({REAL})\s*\.\.\s*({REAL})\s*$")


@dataclass(frozen=True, slots=True)
class Param:
    """One varied key: `kind` int or float (low..high inclusive) or categorical (choices)."""

    key: str
    kind: str
    low: float = 0
    high: float = 0
    choices: tuple[str, ...] = ()

    def text(self, value: Any) -> str:
        """The override text of a value the optimiser suggested."""
        if self.kind == "float":
            return f"{float(value):.6g}"
        return str(value)

    def ends(self) -> list[str]:
        """Values to validate up front: both ends, or every choice."""
        if self.kind == "categorical":
            return list(self.choices)
        return [self.text(self.low), self.text(self.high)]

    def describe(self) -> str:
        if self.kind == "categorical":
            return f"{self.key} in {{{', '.join(self.choices)}}}"
        return f"{self.key} from {self.text(self.low)} to {self.text(self.high)}"

    def size(self) -> float:
        """How many values it takes (inf for real numbers)."""
        if self.kind == "categorical":
            return len(self.choices)
        return self.high - self.low + 1 if self.kind == "int" else float("inf")


def scenario_keys() -> list[str]:
    """Every dotted scenario key (`end.finish_round`, `rules.costs.track`, ...)."""
    from pydantic import BaseModel

    keys: list[str] = []

    def walk(prefix: str, model: type[BaseModel]) -> None:
        for name, info in model.model_fields.items():
            key = f"{prefix}{name}"
            keys.append(key)
            kind = info.annotation
            if isinstance(kind, type) and issubclass(kind, BaseModel):
                walk(f"{key}.", kind)

    walk("", Scenario)
    return keys


def check_key(key: str, option: str) -> None:
    """Refuse a key that is not a scenario key (list indexes such as players.0.agent pass)."""
    valid = scenario_keys()
    top = key.split(".")
    if key in valid or (top[0] in ("players", "start") and len(top) > 1):
        return
    if any(k.startswith(key + ".") for k in valid) or key.startswith("board.terrain"):
        return
    raise TuneError(f"{option} {key}: {did_you_mean(key, valid, 'scenario key')}")


def parse_param(spec: str) -> Param:
    key, sep, raw = spec.partition("=")
    key = key.strip()
    if not sep or not key or not raw.strip():
        raise TuneError(f"--vary {spec!r}: expected KEY=LOW..HIGH or KEY=V1,V2,...")
    if key in RESERVED_KEYS:
        raise TuneError(f"--vary {key}: {RESERVED_KEYS[key]}; use --seed instead")
    check_key(key, "--vary")
    whole = INT_RANGE.match(raw)
    real = REAL_RANGE.match(raw)
    if whole or real:
        match = whole or real
        assert match is not None
        kind = "int" if whole else "float"
        low, high = (int(match[1]), int(match[2])) if whole else (float(match[1]), float(match[2]))
        if high <= low:
            raise TuneError(f"--vary {key}: range {raw.strip()!r} needs LOW < HIGH")
        return Param(key, kind, low, high)
    try:
        choices = split_values(raw)
    except SweepError as exc:
        raise TuneError(str(exc).replace("--set", "--vary")) from None
    if len(choices) < 2:
        raise TuneError(f"--vary {key}: give two or more values (V1,V2,...) or a range LOW..HIGH")
    if len(set(choices)) != len(choices):
        raise TuneError(f"--vary {key}: a value is given more than once")
    return Param(key, "categorical", choices=tuple(choices))


def parse_space(specs: Sequence[str]) -> tuple[Param, ...]:
    if not specs:
        raise TuneError("give at least one --vary KEY=LOW..HIGH or KEY=V1,V2,...")
    params = tuple(parse_param(s) for s in specs)
    keys = [p.key for p in params]
    for key in keys:
        if keys.count(key) > 1:
            raise TuneError(f"--vary {key}: the key is given more than once")
    return params
