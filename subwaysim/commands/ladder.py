"""`subway match subway SCENARIO --agents A,B,...`: a ladder of Subway Game players.

Every pair of agents plays `games` games on the scenario's first two seats, seats rotated:
games 2k and 2k + 1 share one game seed (the same cards and futures, SG-5..SG-7) with the
seats swapped, so neither agent gets the luckier deal or the better seat. The result is a
win matrix (ties count half) with 95% Wilson intervals and Elo ratings from a
Bradley-Terry fit (scipy), each pair given one drawn game as a prior so that an unbeaten
agent still gets a finite rating.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np
from scipy.optimize import minimize

from subwaysim.scenario import Scenario, apply_override
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.play import GameTask
from subwaysim.sweep.run.results import GameRecord
from subwaysim.sweep.statistics.stats import wilson_interval

ELO_SCALE = 400 / math.log(10)  # a rating gap of 400 Elo is odds of 10 to 1
ELO_MEAN = 1500.0


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sat where in one ladder game: `first` in the scenario's seat 1, `second` in 2."""

    first: str
    second: str

    def setting(self) -> Setting:
        return Setting((("seat1", self.first), ("seat2", self.second)))

    @classmethod
    def of(cls, record: GameRecord) -> Seating:
        values = dict(record.setting.pairs)
        return cls(values["seat1"], values["seat2"])


def pairings(agents: Sequence[str]) -> list[tuple[str, str]]:
    """Every unordered pair of distinct agents, in the order given."""
    return list(combinations(agents, 2))


def ladder_tasks(
    scenario: Scenario, agents: Sequence[str], games: int, seed: int
) -> list[GameTask]:
    """`games` games of every pair, seats alternating, two games a seed (see the module)."""
    if len(scenario.players) < 2:
        raise ValueError("the ladder needs a scenario with two seats or more")
    tasks = []
    for a, b in pairings(agents):
        for game in range(games):
            seating = Seating(a, b) if game % 2 == 0 else Seating(b, a)
            tasks.append(
                GameTask(
                    seating.setting(), game, ladder_seed(seed, game), seated(scenario, seating)
                )
            )
    return tasks


def ladder_seed(seed: int, game: int) -> int:
    """Games 2k and 2k + 1 of every pair: one seed, from the ladder seed and k alone."""
    sequence = np.random.SeedSequence(seed, spawn_key=(game // 2,))
    return int(sequence.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))


def seated(scenario: Scenario, seating: Seating) -> Scenario:
    data = scenario.model_dump(mode="json")
    apply_override(data, f"players.0.agent={seating.first}")
    apply_override(data, f"players.1.agent={seating.second}")
    return Scenario.model_validate(data)


class WinRate:
    """Points, win rate and its interval of a record with `games`, `wins` and `draws`
    (a draw is half a win): a ladder's head-to-head and a skill chain's rung."""

    __slots__ = ()
    games: int
    wins: int
    draws: int

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    @property
    def rate(self) -> float:
        return self.points / self.games if self.games else math.nan

    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win rate (a draw is half a win)."""
        return wilson_interval(round(self.points), self.games)


@dataclass
class Head(WinRate):
    """One agent against another: games, wins, losses and draws of `agent`."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0


@dataclass
class Ladder:
    """Results by (agent, opponent), and the Elo fit."""

    agents: tuple[str, ...]
    heads: dict[tuple[str, str], Head] = field(default_factory=dict)

    @classmethod
    def of(cls, agents: Sequence[str], records: Iterable[GameRecord]) -> Ladder:
        ladder = cls(tuple(agents))
        for a in agents:
            for b in agents:
                if a != b:
                    ladder.heads[a, b] = Head()
        for record in records:
            ladder.add(record)
        return ladder

    def add(self, record: GameRecord) -> None:
        seating = Seating.of(record)
        seat_of = dict(zip(record.seats[:2], (seating.first, seating.second), strict=True))
        winners = [seat_of[w] for w in record.winners if w in seat_of]
        for me, other in ((seating.first, seating.second), (seating.second, seating.first)):
            head = self.heads[me, other]
            head.games += 1
            if winners == [me]:
                head.wins += 1
            elif winners == [other]:
                head.losses += 1
            else:
                head.draws += 1  # both won (a shared win, SG-20), or a third seat did

    def elo(self) -> dict[str, float]:
        """Bradley-Terry ratings on the Elo scale (mean 1500), one draw a pair as a prior."""
        n = len(self.agents)
        if n < 2:
            return dict.fromkeys(self.agents, ELO_MEAN)
        score = np.zeros((n, n))
        for i, a in enumerate(self.agents):
            for j, b in enumerate(self.agents):
                if i != j:
                    score[i, j] = self.heads[a, b].points + 0.5  # the prior draw

        def loss(free: np.ndarray) -> float:
            r = np.concatenate([[0.0], free])
            gap = r[:, None] - r[None, :]
            return float(np.sum(score * np.logaddexp(0.0, -gap)))

        fit = minimize(loss, np.zeros(n - 1), method="BFGS")
        r = np.concatenate([[0.0], fit.x])
        return {
            a: float(ELO_MEAN + ELO_SCALE * (v - r.mean()))
            for a, v in zip(self.agents, r, strict=True)
        }
