"""`subway match subway SCENARIO --ladder`: the skill chain, each rung against the rung below.

The agents stand in the order given (by default random, greedy, then mcts at 1x, 2x, 4x
and 8x its default budget); every rung plays `games` games against the rung below on the
scenario's first two seats, seats rotated on common seeds (`ladder.ladder_tasks`: games 2k
and 2k + 1 share a seed with the seats swapped, and every rung sees the same deals).
For each rung: its win rate against the rung below (a draw is half a win) with a 95%
Wilson interval, its Elo, and what a game of the rung cost in CPU seconds (both seats).
Elo on a chain: each rung's gap over the one below is the logit of its win rate with one
drawn game as a prior (the Bradley-Terry fit of a chain, which has no other loops), the
bottom rung at 0; the spread is the best rung's Elo. The game's skill chain is the longest
run of rungs in a row whose interval lies above one half: how many steps of skill the
game rewards, each one surely.
"""

from __future__ import annotations

import math
import os
import resource
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from subwaysim.agents.budget import ITERATIONS
from subwaysim.commands.ladder import ELO_SCALE, Ladder, WinRate, ladder_tasks
from subwaysim.scenario import Scenario
from subwaysim.sweep.run.failures import FailedGame
from subwaysim.sweep.run.play import GameTask, Outcome
from subwaysim.sweep.run.results import GameRecord

DEFAULT_GAMES = 40  # games a rung
MULTIPLES = (1, 2, 4, 8)  # the mcts rungs, in multiples of its default budget

Backend = Callable[[Sequence[GameTask]], Iterator[Outcome]]


def default_agents() -> list[str]:
    """random -> greedy -> mcts at 1x, 2x, 4x and 8x its default budget (in playouts)."""
    return ["random", "greedy", *(mcts_at(k) for k in MULTIPLES)]


def mcts_at(multiple: int) -> str:
    return "mcts" if multiple == 1 else f"mcts:{multiple * ITERATIONS}"


@dataclass(frozen=True, slots=True)
class Rung(WinRate):
    """One rung: `agent` against `below`, from `agent`'s side."""

    agent: str
    below: str
    games: int
    wins: int
    losses: int
    draws: int
    cpu_seconds: float | None  # CPU of all the rung's games (both seats), None if unknown

    @property
    def significant(self) -> bool:
        """It beats the rung below: the 95% interval lies above one half."""
        return bool(self.games) and self.interval()[0] > 0.5

    @property
    def cost(self) -> float | None:
        """CPU seconds a game (both seats)."""
        if self.cpu_seconds is None or not self.games:
            return None
        return self.cpu_seconds / self.games

    @property
    def gap(self) -> float:
        """Elo over the rung below: the logit of the win rate, one drawn game as a prior."""
        return ELO_SCALE * math.log((self.points + 0.5) / (self.games - self.points + 0.5))


@dataclass(frozen=True, slots=True)
class Chain:
    bottom: str
    rungs: tuple[Rung, ...]

    def elo(self) -> dict[str, float]:
        """Each agent's Elo, the bottom rung at 0."""
        ratings = {self.bottom: 0.0}
        total = 0.0
        for rung in self.rungs:
            total += rung.gap
            ratings[rung.agent] = total
        return ratings

    def spread(self) -> tuple[str, float]:
        """The best agent and its Elo over the bottom rung."""
        elo = self.elo()
        best = max(elo, key=lambda a: elo[a])
        return best, elo[best]

    def skill_chain(self) -> list[str]:
        """The agents of the longest run of rungs in a row that each beat the rung below
        significantly (the first such run on a tie); [] when no rung does."""
        best: list[str] = []
        run: list[str] = []
        for rung in self.rungs:
            if rung.significant:
                run = run or [rung.below]
                run.append(rung.agent)
                if len(run) > len(best):
                    best = list(run)
            else:
                run = []
        return best


def rung_record(agent: str, below: str, records: Iterable[GameRecord], cpu: float | None) -> Rung:
    head = Ladder.of([agent, below], records).heads[agent, below]
    return Rung(agent, below, head.games, head.wins, head.losses, head.draws, cpu)


def rung_tasks(
    scenario: Scenario, agents: Sequence[str], games: int, seed: int
) -> list[list[GameTask]]:
    """The games of every rung, rung k (agents[k] against agents[k - 1]) at index k - 1."""
    return [
        ladder_tasks(scenario, [agents[k], agents[k - 1]], games, seed)
        for k in range(1, len(agents))
    ]


def cpu_clock() -> float:
    """CPU seconds of this process and of its finished children (the games' workers)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def play_chain(
    scenario: Scenario,
    agents: Sequence[str],
    games: int,
    seed: int,
    backend: Backend,
    measured: bool = True,
    on_outcome: Callable[[Outcome], None] | None = None,
    failed: list[FailedGame] | None = None,
    rungs: list[Rung] | None = None,
) -> Chain:
    """Play the chain rung by rung. `measured`: the backend runs the games in this process
    or in child processes it has joined when it returns (local pools do, a cluster does
    not), so each rung's CPU is read off this process's clocks. `rungs` receives each rung
    as it is finished (what an interrupted ladder can still show)."""
    if len(agents) < 2:
        raise ValueError("a ladder needs two agents or more")
    rungs = [] if rungs is None else rungs
    for k, tasks in enumerate(rung_tasks(scenario, agents, games, seed), start=1):
        start = cpu_clock()
        records: list[GameRecord] = []
        for outcome in backend(tasks):
            if isinstance(outcome, FailedGame):
                if failed is not None:
                    failed.append(outcome)
            else:
                records.append(outcome.record)
            if on_outcome is not None:
                on_outcome(outcome)
        cpu = cpu_clock() - start if measured else None
        rungs.append(rung_record(agents[k], agents[k - 1], records, cpu))
    return Chain(agents[0], tuple(rungs))


def cores() -> int:
    return os.cpu_count() or 1
