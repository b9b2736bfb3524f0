"""Whether a sweep's folder holds every game it asked for (issue 32): a sweep stopped early
and then reported says so, naming the settings with fewer games than asked."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from subwaysim.sweep.plan.meta import SweepMeta
from subwaysim.sweep.run.results import GameRecord
from tabletop.wording import plural


@dataclass(frozen=True, slots=True)
class Shortfall:
    """Settings (labels) with fewer games than asked, and how many each has."""

    asked: int
    short: tuple[tuple[str, int], ...]
    settings: int

    @property
    def complete(self) -> bool:
        return not self.short

    def sentence(self) -> str:
        """'Incomplete: 1 of 2 settings has fewer games than the 5 asked: [x=1] 3.'"""
        if self.complete:
            return ""
        listed = ", ".join(f"[{label}] {n}" for label, n in self.short[:6])
        more = f" and {len(self.short) - 6} more" if len(self.short) > 6 else ""
        has = "has" if len(self.short) == 1 else "have"
        return (
            f"Incomplete: {len(self.short)} of {plural(self.settings, 'setting')} {has} fewer "
            f"games than the {self.asked} asked ({listed}{more}); rerun the sweep to finish it"
        )


def shortfall(meta: SweepMeta | None, records: Sequence[GameRecord]) -> Shortfall:
    """What `meta` asked that `records` lack. With --precision the games asked are a ceiling
    (a setting may stop earlier), so only settings without any game count as missing."""
    if meta is None:
        return Shortfall(0, (), 0)
    keys = [a.key for a in meta.grid]
    grid = list(itertools.product(*(a.values for a in meta.grid)))
    played = Counter(tuple(r.setting.values) for r in records)
    least = 1 if meta.precision is not None else meta.games
    short = tuple(
        (", ".join(f"{k}={v}" for k, v in zip(keys, values, strict=True)) or "scenario", n)
        for values in grid
        if (n := played.get(tuple(values), 0)) < least
    )
    return Shortfall(meta.games, short, len(grid))
