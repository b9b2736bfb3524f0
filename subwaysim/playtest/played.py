"""A playtest as the report reads it: the options, the values question 5 took, and every
sweep's results by question part and kind of player."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from subwaysim.playtest.extras import Extras
from subwaysim.playtest.options import AgentRun, PlaytestOptions
from subwaysim.playtest.questions import Derived, Question
from subwaysim.playtest.results import PartResult
from subwaysim.playtest.runs import Run
from subwaysim.playtest.runtime import Session
from subwaysim.sweep.run.results import GameRecord

if TYPE_CHECKING:
    from subwaysim.playtest.confirm import Confirmed

PLOTS = "plots"
DRAFT_QUESTION, DRAFT_PART = 1, "builds"  # its baseline is the draft's game as written


@dataclass(frozen=True, slots=True)
class Playtest:
    """Everything the report is written from; `results` maps (question, part) to each
    kind of player's results, in the order of --agents (missing: not played)."""

    options: PlaytestOptions
    name: str
    derived: Derived | None
    results: dict[tuple[int, str], list[PartResult]]
    runs: tuple[Run, ...] = ()  # every sweep planned, played or not
    extras: Extras | None = None  # question 1's ladder and matrix, question 3's tune
    confirmation: Confirmed | None = None  # recommended.yaml against the draft
    runtime: Sequence[Session] = ()  # every run of `subway playtest` on the folder

    @property
    def agents(self) -> tuple[AgentRun, ...]:
        return self.options.agents

    def rows(self, question: Question) -> list[list[PartResult]]:
        return [rows for (n, _), rows in self.results.items() if n == question.number and rows]

    def draft_games(self) -> dict[str, list[GameRecord]]:
        """Each kind of player's games of the draft's rules (question 1's baseline)."""
        games: dict[str, list[GameRecord]] = {}
        for (n, part), rows in self.results.items():
            if n == DRAFT_QUESTION and part == DRAFT_PART:
                for result in rows:
                    games[result.run.agent.words] = result.games(result.part.baseline)
        return games
