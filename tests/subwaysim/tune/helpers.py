"""Shared bits of the tune tests: a small scenario, records made by hand, the CLI."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.results import GameRecord

SMALL = """\
name: small
question: How long is a game on a small board?
seed: 3
board: {sections: [1, 1], section_size: [4, 4]}
cards: {max_population: 2}
end: {turns: 6}
players:
  - {name: IRT, agent: greedy}
  - {name: BRT, agent: greedy}
"""
AS_WRITTEN = Setting(())
CLI = [sys.executable, "-c", "from subwaysim.cli import main; main()"]


def record(
    game: int,
    scores: Sequence[int],
    turns: int = 10,
    seats: Sequence[str] = ("IRT", "BRT"),
    setting: Setting = AS_WRITTEN,
    digest: str = "",
) -> GameRecord:
    """A finished game as a sweep records it; the winners are the highest scores (SG-20)."""
    best = max(scores)
    return GameRecord(
        setting=setting,
        game=game,
        seed=game,
        seats=tuple(seats),
        scores=tuple(scores),
        winners=tuple(p for p, s in zip(seats, scores, strict=True) if s == best),
        turns=turns,
        trips=0,
        subway_trips=0,
        shared_trips=0,
        shared_points=0,
        lead_changes=0,
        leader_since=0,
        end="turns",
        digest=digest or f"{game}-{scores}-{turns}",
    )
