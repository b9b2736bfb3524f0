"""Shared pieces of the playtest tests: a tiny scenario (a 6 x 6 board, 6 turns each) and
hand-made sweep results."""

from __future__ import annotations

from pathlib import Path

from subwaysim.playtest.grids import Draft
from subwaysim.playtest.options import AgentRun
from subwaysim.playtest.questions import QUESTIONS, Part
from subwaysim.playtest.results import Comparison, PartResult
from subwaysim.playtest.runs import Run
from subwaysim.scenario import parse_scenario
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.statistics.stats import setting_stats
from tests.subwaysim.sweep.helpers import record

TINY = """\
name: tiny
question: A tiny board for quick playtests.
seed: 5
board: {sections: [2, 2], section_size: [3, 3]}
cards: {max_population: 2, initial_population: 1}
end: {turns: 6}
players:
  - {name: IRT, agent: greedy}
  - {name: BRT, agent: greedy}
"""


def draft(text: str = TINY, source: str = "tiny.yaml") -> Draft:
    return Draft(source, text, parse_scenario(text, source))


PART = Part("builds", "build points a turn", "rules.builds_per_turn", ("3", "1", "6"))


def comparison(value: str, metric: str, difference: float, low: float, high: float,
               p: float = 0.001, baseline: float = 10.0) -> Comparison:  # fmt: skip
    return Comparison(value, metric, baseline, baseline + difference, difference, low, high, p,
                      identical=difference == low == high == 0 and p == 1)  # fmt: skip


def result(
    rows: list[Comparison], agent: str = "greedy", part: Part = PART, games: int = 12
) -> PartResult:
    """A PartResult of hand-made games (IRT wins the first 3 under every value) and comparisons."""
    run = Run(QUESTIONS[0], part, AgentRun(agent, games), Path("out") / "q1" / part.name / agent)
    stats = {}
    for value in part.values:
        setting = Setting(((part.key, value),))
        games_ = [
            record(
                setting,
                k,
                winners=("IRT",) if k < 3 else ("BRT",),
                scores=(3, 1) if k < 3 else (1, 3),
            )
            for k in range(games)
        ]
        stats[value] = setting_stats(setting, games_)
    comparisons = {(c.value, c.metric): c for c in rows}
    return PartResult(run, (), stats, comparisons, 0, "IRT")
