"""The sweep grid: `--set KEY=V1,V2,...` axes and their cartesian product of settings.

A value list is split on top-level commas (commas inside `[...]`, `{...}` or quotes belong
to the value, so `board.sections=[2, 2],[3, 3]` is two values); `A..B` is the whole
numbers A to B inclusive. Values stay the text the user typed: that text is what the
scenario override reads (as YAML), what `games.csv` records and what seeds are made from.
"""

from __future__ import annotations

import collections
import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from subwaysim.sweep.errors import SweepError

RANGE = re.compile(r"^(-?\d+)\s*\.\.\s*(-?\d+)$")
MAX_RANGE = 10_000
MAX_SETTINGS = 10_000  # grid points of a sweep (each is validated before any game runs)
# A derived seed is what makes each game reproducible, so sweeping the scenario's own seed
# would do nothing: refuse it and point at --seed.
RESERVED_KEYS = {"seed": "each game's seed is derived from --seed, the setting and the game"}


@dataclass(frozen=True, slots=True)
class Axis:
    """One swept scenario key (dotted path) and its values, in the order given."""

    key: str
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Setting:
    """One grid point: a value for every axis key, in axis order."""

    pairs: tuple[tuple[str, str], ...]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.pairs)

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(v for _, v in self.pairs)

    def overrides(self) -> list[str]:
        """The `KEY=VALUE` overrides `load_scenario` applies for this setting."""
        return [f"{k}={v}" for k, v in self.pairs]

    def label(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.pairs) or "the scenario as written"

    def identity(self) -> str:
        """Text naming the setting whatever order the axes were given in (for seeds)."""
        return "\n".join(f"{k}={v}" for k, v in sorted(self.pairs))


@dataclass(frozen=True, slots=True)
class GameSlot:
    """Game `game` of `setting`, seeded `seed`: what a task, a record and a failure share."""

    setting: Setting
    game: int
    seed: int

    @property
    def key(self) -> tuple[tuple[str, ...], int]:
        """Which game this is: (setting values, game index)."""
        return self.setting.values, self.game


def parse_axis(spec: str) -> Axis:
    """One `--set KEY=V1,V2,...` option (values may be ranges `A..B`)."""
    key, sep, raw = spec.partition("=")
    key = key.strip()
    if not sep or not key:
        raise SweepError(f"--set {spec!r}: expected KEY=VALUE or KEY=V1,V2,...")
    if key in RESERVED_KEYS:
        raise SweepError(f"--set {key}: {RESERVED_KEYS[key]}; use --seed instead")
    values: list[str] = []
    for item in split_values(raw):
        values.extend(expand_range(item, key))
    if len(values) > MAX_SETTINGS:
        raise SweepError(
            f"--set {key}: {len(values):,} values; a sweep has at most {MAX_SETTINGS:,}"
        )
    duplicates = sorted(v for v, n in collections.Counter(values).items() if n > 1)
    if duplicates:
        raise SweepError(f"--set {key}: value {duplicates[0]!r} is given more than once")
    return Axis(key, tuple(values))


def parse_axes(specs: Iterable[str]) -> tuple[Axis, ...]:
    axes = tuple(parse_axis(s) for s in specs)
    keys = [a.key for a in axes]
    for key in keys:
        if keys.count(key) > 1:
            raise SweepError(f"--set {key}: the key is given more than once; list its values")
    points = math.prod(len(a.values) for a in axes)
    if points > MAX_SETTINGS:
        raise SweepError(
            f"the grid has {points:,} settings ({' x '.join(str(len(a.values)) for a in axes)}); "
            f"a sweep has at most {MAX_SETTINGS:,}"
        )
    return axes


def split_values(raw: str) -> list[str]:
    """Split on commas outside brackets and quotes; refuse empty items and open brackets."""
    items, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(raw):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(raw[start:i])
            start = i + 1
    items.append(raw[start:])
    if depth != 0 or quote:
        raise SweepError(f"--set value {raw!r}: unbalanced brackets or quotes")
    items = [item.strip() for item in items]
    if any(not item for item in items):
        raise SweepError(f"--set value {raw!r}: empty value in the list")
    if "\n" in raw or "\r" in raw:  # games.csv keeps one game per line
        raise SweepError(f"--set value {raw!r}: a swept value cannot span lines")
    return items


def expand_range(item: str, key: str) -> list[str]:
    match = RANGE.match(item)
    if match is None:
        return [item]
    low, high = int(match[1]), int(match[2])
    if high < low:
        raise SweepError(f"--set {key}: range {item!r} is empty (write low..high)")
    if high - low >= MAX_RANGE:
        raise SweepError(f"--set {key}: range {item!r} has more than {MAX_RANGE} values")
    return [str(v) for v in range(low, high + 1)]


def settings(axes: Sequence[Axis]) -> list[Setting]:
    """The cartesian product of the axes, first axis slowest (one setting if no axes)."""
    keys = [a.key for a in axes]
    return [
        Setting(tuple(zip(keys, combo, strict=True)))
        for combo in itertools.product(*(a.values for a in axes))
    ]


def value_order(value: str) -> tuple[int, float, str]:
    """Numbers by size before other values by text: `2` sorts before `10`."""
    try:
        number = float(value)
    except ValueError:
        return 1, 0.0, value
    return (0, number, value) if math.isfinite(number) else (1, 0.0, value)


def setting_order(setting: Setting) -> tuple[tuple[int, float, str], ...]:
    return tuple(value_order(v) for v in setting.values)


def varying_keys(settings: Sequence[Setting]) -> list[int]:
    """Indexes of the swept keys that take more than one value among `settings`."""
    keys = settings[0].keys if settings else ()
    return [i for i in range(len(keys)) if len({s.values[i] for s in settings}) > 1]


def short_labels(settings: Sequence[Setting]) -> tuple[str, list[str]]:
    """A title naming the varying keys, and one label per setting of their values."""
    varying = varying_keys(settings)
    if not varying:
        return "setting", [s.label() for s in settings]
    title = " / ".join(settings[0].keys[i] for i in varying)
    return title, [" / ".join(s.values[i] for i in varying) for s in settings]
