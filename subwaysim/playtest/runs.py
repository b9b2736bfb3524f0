"""The sweeps of a playtest: one per question part and kind of player, each an ordinary
`subway sweep` in its own folder (its sweep.json holds the command that reproduces it).

Common random numbers run through the whole playtest: every sweep has the scenario's seed,
so game k of every setting of every question is dealt the same cards.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from subwaysim.playtest.grids import Draft
from subwaysim.playtest.options import AgentRun, PlaytestOptions, player_specs
from subwaysim.playtest.questions import QUESTIONS, Derived, Part, Question
from subwaysim.sweep.plan.plan import SweepPlan, plan_sweep
from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.results import GameRecord, read_games

PLACEHOLDER = Derived(score=1, rounds=1)  # to count question 5's parts before its games


@dataclass(frozen=True, slots=True)
class Run:
    """One sweep: a question's part played by one kind of player."""

    question: Question
    part: Part
    agent: AgentRun
    folder: Path

    @property
    def name(self) -> str:
        return f"Q{self.question.number} {self.part.name} · {self.agent.spec}"

    def plan(self, options: PlaytestOptions, draft: Draft) -> SweepPlan:
        specs = self.part.specs() + player_specs(self.agent, len(draft.scenario.players))
        return plan_sweep(
            options.scenario,
            specs,
            self.agent.games,
            baseline=[f"{self.part.key}={self.part.baseline}"],
            precision=options.precision,
        )


def folder_of(out: Path, question: Question, part: Part, agent: AgentRun) -> Path:
    return out / f"q{question.number}" / part.name / agent.slug


def plays(agent: AgentRun, part: Part) -> bool:
    """Quick players play every part; search players the parts where skill may matter."""
    return part.strength or not agent.search


def runs(options: PlaytestOptions, draft: Draft, derived: Derived | None) -> Iterator[Run]:
    """Every sweep, agent by agent in the order given, questions in order. Question 5 needs
    `derived`; without it (not yet known) its runs are counted with placeholder values."""
    for agent in options.agents:
        for question in QUESTIONS:
            if question.parts is None:
                continue
            known = derived if derived is not None or not question.needs_derived else PLACEHOLDER
            for part in question.parts(draft, known):
                if plays(agent, part):
                    yield Run(question, part, agent, folder_of(options.out, question, part, agent))


def first_runs(options: PlaytestOptions, draft: Draft) -> list[Run]:
    """Every run, with question 5 on placeholder values (to count and to find question 1)."""
    return list(runs(options, draft, None))


def derive(run: Run) -> Derived:
    """Question 5's values from the draft's games of question 1 (the baseline setting):
    the median winning score, rounded, and the median number of rounds."""
    records = baseline_records(run)
    if not records:
        raise ValueError(f"{run.folder}: no games of the draft's rules to take question 5 from")
    players = len(records[0].seats)
    score = statistics.median(max(r.scores) for r in records)
    rounds = statistics.median(r.turns / players for r in records)
    return Derived(score=nice(score), rounds=max(1, round(rounds)))


def baseline_records(run: Run) -> list[GameRecord]:
    """The games of `run`'s baseline setting (its swept key at the first value)."""
    table = read_games(run.folder / GAMES)
    index = table.layout.keys.index(run.part.key)
    return [r for r in table.records if r.setting.values[index] == run.part.baseline]


def nice(score: float) -> int:
    """A score a table would announce: to the nearest 10 from 50 up, else a whole number."""
    if score >= 50:
        return int(round(score / 10) * 10)
    return max(1, round(score))
