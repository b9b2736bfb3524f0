"""Shared pieces of the sweep tests: a tiny scenario, hand-made game records, a sweep run.

The scenario is tiny (a 6 x 6 board, random agents, 8 turns each, starting track) so a
game takes milliseconds.
"""

from __future__ import annotations

from pathlib import Path

from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.plan.plan import plan_sweep
from subwaysim.sweep.run.backends import Backend, serial
from subwaysim.sweep.run.execution import Sweep
from subwaysim.sweep.run.results import GameRecord

TINY = """\
name: tiny
question: Does the first seat win more on a tiny board?
seed: 5
board: {sections: [2, 2], section_size: [3, 3]}
cards: {max_population: 1, initial_population: 1}
end: {turns: 8}
players:
  - {name: IRT, agent: random}
  - {name: BRT, agent: random}
start:
  track: {IRT: [a1, a2, a3, a4, a5, a6], BRT: [a6, b6, c6, d6, e6, f6]}
  stations: {IRT: {a1: express, a3: local}, BRT: {f6: express, c6: local}}
"""
GRID = ["rules.builds_per_turn=1..2", "rules.intensify_below=0,3"]
GAMES_PER_SETTING = 3


def run_sweep(
    scenario: Path,
    out: Path,
    backend: Backend = serial,
    games: int = GAMES_PER_SETTING,
    grid: list[str] | None = None,
    **options: object,
) -> Sweep:
    """Plan and play a whole sweep into `out`, releasing the folder afterwards."""
    plan = plan_sweep(scenario, GRID if grid is None else grid, games, **options)  # type: ignore[arg-type]
    with Sweep(plan, out) as job:
        job.run(backend)
    return job


def record(setting: Setting, game: int, **fields: object) -> GameRecord:
    """A hand-made game record: IRT beats BRT 3-1 unless `fields` say otherwise."""
    base: dict[str, object] = {
        "seed": 7,
        "seats": ("IRT", "BRT"),
        "scores": (3, 1),
        "winners": ("IRT",),
        "turns": 10,
        "trips": 12,
        "subway_trips": 6,
        "shared_trips": 1,
        "shared_points": 2,
        "lead_changes": 1,
        "leader_since": 4,
        "end": "turns",
    }
    base.update(fields)
    return GameRecord(setting=setting, game=game, **base)  # type: ignore[arg-type]


# Four hand-made games of one setting (the stats tests work their numbers out by hand).
SETTING = Setting((("rules.builds_per_turn", "2"),))
GAMES = [
    record(SETTING, 0, scores=(10, 4), winners=("IRT",), turns=10, leader_since=2,
           lead_changes=1, trips=20, subway_trips=10, shared_points=2),
    record(SETTING, 1, scores=(3, 7), winners=("BRT",), turns=10, leader_since=5,
           lead_changes=2, trips=10, subway_trips=5, shared_points=0),
    record(SETTING, 2, scores=(5, 5), winners=("IRT", "BRT"), turns=8, leader_since=8,
           lead_changes=0, trips=10, subway_trips=5, shared_points=4),
    record(SETTING, 3, scores=(6, 2), winners=("IRT",), turns=12, leader_since=3,
           lead_changes=0, trips=20, subway_trips=0, shared_points=0),
]  # fmt: skip
