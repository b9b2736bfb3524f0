"""AI-vs-AI series: alternating seats, per-game seeds, win rates with Wilson intervals.

Game i gets its seeds from `numpy.random.SeedSequence(seed).spawn(games)[i]`, and agent A
takes the first seat in even-numbered games, so results never depend on how many worker
processes play them (with iteration budgets they are identical; time budgets depend on
the machine). The library does no printing: `summary_table` returns a rich renderable.
"""

from __future__ import annotations

import importlib
import math
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing import get_all_start_methods, get_context
from typing import Any

import numpy as np
from rich.console import Group
from rich.table import Table
from rich.text import Text
from scipy.stats import binomtest

from abstracts.agents import Agent, AgentSpec
from abstracts.core import Game, get_game
from tabletop import signals

Z_95 = 1.959963984540054  # two-sided 95% normal quantile
DEFAULT_PLY_CAP = 100_000  # a guard for games without a ply limit that never end


class MatchError(ValueError):
    """A match that cannot be run as asked."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game: who sat first, who won, how long it took and why it ended."""

    index: int
    first_agent: int  # 0 when agent A held the first seat, 1 when agent B did
    winner_agent: int | None  # 0 (A), 1 (B) or None for a draw
    winner_side: str | None
    plies: int
    reason: str

    @property
    def first_seat_won(self) -> bool | None:
        if self.winner_agent is None:
            return None
        return self.winner_agent == self.first_agent


@dataclass(frozen=True, slots=True)
class Interval:
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class AgentResult:
    spec: str
    wins: int
    rate: float
    interval: Interval


@dataclass(frozen=True, slots=True)
class Summary:
    """The series at a glance: per-agent win rates, draws, length and seat advantage."""

    game: str
    games: int
    agents: tuple[AgentResult, AgentResult]
    draws: int
    mean_plies: float
    first_seat_wins: int
    second_seat_wins: int
    seat_p_value: float  # two-sided binomial test of first- vs second-seat wins at p = 1/2


@dataclass(frozen=True, slots=True)
class MatchTask:
    """Everything one worker needs to play game `index` of a series (picklable)."""

    module: str  # imported in the worker so games registered outside abstracts/ exist
    game: str
    options: dict[str, Any]
    specs: tuple[AgentSpec, AgentSpec]
    think: float
    index: int
    seeds: tuple[int, int]


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> Interval:
    """Wilson score interval for a binomial proportion (no continuity correction)."""
    if trials <= 0:
        return Interval(0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


def game_seeds(seed: int, games: int) -> list[tuple[int, int]]:
    """Two agent seeds per game, from independent SeedSequence children."""
    children = np.random.SeedSequence(seed).spawn(games)
    pairs = (child.generate_state(2, dtype=np.uint32) for child in children)
    return [(int(first), int(second)) for first, second in pairs]


def make_tasks(
    game: Game, specs: tuple[AgentSpec, AgentSpec], games: int, think: float, seed: int
) -> list[MatchTask]:
    if games < 1:
        raise MatchError(f"a match needs at least one game, got {games}")
    if any(spec.is_human for spec in specs):
        raise MatchError("a match is played by computer agents only")
    options = game.options.model_dump(mode="json")
    module = type(game).__module__
    return [
        MatchTask(module, game.name, options, specs, think, i, seeds)
        for i, seeds in enumerate(game_seeds(seed, games))
    ]


def play_one(task: MatchTask) -> GameRecord:
    """Play game `task.index` of a series: agent A takes the first seat when it is even."""
    importlib.import_module(task.module)
    game = get_game(task.game, **task.options)
    agents = (
        task.specs[0].build(game, task.seeds[0], task.think),
        task.specs[1].build(game, task.seeds[1], task.think),
    )
    return play_game(game, agents, task.index % 2, task.index)


def play_game(game: Game, agents: tuple[Agent, Agent], first: int, index: int = 0) -> GameRecord:
    """One game with `agents[first]` moving first; a seat-swapping move trades their sides."""
    state = game.initial_state()
    opener, follower = game.sides if state.to_move == game.sides[0] else game.sides[::-1]
    seat = {opener: first, follower: 1 - first}  # side -> index of the agent playing it
    cap = game.ply_limit() or DEFAULT_PLY_CAP
    while not state.is_over:
        if state.ply >= cap:
            raise MatchError(f"{game.name}: game {index} passed {cap} plies without ending")
        move = agents[seat[state.to_move]].choose(state)
        if game.swaps_seats(state, move):
            seat = {opener: seat[follower], follower: seat[opener]}
        state = state.play(move)
    winner = None if state.winner is None else seat[state.winner]
    return GameRecord(index, first, winner, state.winner, state.ply, state.end_reason())


def run_match(
    tasks: list[MatchTask], jobs: int = 1, on_result: Callable[[GameRecord], None] | None = None
) -> list[GameRecord]:
    """Play every task, in order or on `jobs` worker processes; records sorted by index."""
    records = []
    for record in _records(tasks, jobs):
        records.append(record)
        if on_result is not None:
            on_result(record)
    return sorted(records, key=lambda r: r.index)


def _records(tasks: list[MatchTask], jobs: int) -> Iterator[GameRecord]:
    if jobs < 1:
        raise MatchError(f"--jobs must be at least 1, got {jobs}")
    if jobs == 1:
        for task in tasks:
            with signals.deferred():  # a signal stops the series between games, not in a kernel
                record = play_one(task)
            yield record
        return
    # fork where the platform has it: workers inherit every registered game (and callers
    # keep no threads running, so forking is safe); elsewhere the platform default.
    # Workers ignore Ctrl-C: the parent stops the series (and keeps the games already played);
    # leaving the `with` (done, an error, or Ctrl-C) terminates the workers at once.
    method = "fork" if "fork" in get_all_start_methods() else None
    with get_context(method).Pool(jobs, initializer=_ignore_interrupts) as pool:
        yield from pool.imap_unordered(play_one, tasks)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def summarize(game: str, specs: tuple[AgentSpec, AgentSpec], records: list[GameRecord]) -> Summary:
    n = len(records)
    results = []
    for agent in (0, 1):
        wins = sum(r.winner_agent == agent for r in records)
        results.append(AgentResult(str(specs[agent]), wins, wins / n, wilson_interval(wins, n)))
    first = sum(r.first_seat_won is True for r in records)
    second = sum(r.first_seat_won is False for r in records)
    decided = first + second
    p_value = float(binomtest(first, decided, 0.5).pvalue) if decided else 1.0
    return Summary(
        game,
        n,
        (results[0], results[1]),
        sum(r.winner_agent is None for r in records),
        sum(r.plies for r in records) / n,
        first,
        second,
        p_value,
    )


def summary_table(summary: Summary) -> Group:
    """The result table (one row per agent, then draws) and the length and seat lines."""
    table = Table(title=f"{summary.game}: {summary.games} games, seats alternating")
    table.add_column("agent")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval (Wilson)", justify="right")
    for result in summary.agents:
        low, high = result.interval.low, result.interval.high
        table.add_row(
            result.spec, str(result.wins), f"{result.rate:.1%}", f"{low:.1%} – {high:.1%}"
        )
    table.add_section()
    table.add_row("draws", str(summary.draws), f"{summary.draws / summary.games:.1%}", "")
    return Group(
        table,
        Text(f"Mean game length: {summary.mean_plies:.1f} plies."),
        Text(
            f"Seat advantage: the first seat won {summary.first_seat_wins}, the second "
            f"{summary.second_seat_wins} (two-sided binomial test p = {summary.seat_p_value:.3g})."
        ),
    )
