"""What `subway playtest` was asked: the scenario, the folder, the games and the players.

Every player of a playtest game is the same kind of agent, so a difference between two
settings is the rules', not a stronger seat's. Quick agents (greedy, random, uniform) play
every question with `--games` games a setting. A search agent (mcts) costs a hundred
times more a game, so it plays only the parts where how well people play may change the
answer, with `SEARCH_PER_100` games where a quick agent plays 100; the report says so.
A bare `mcts` plays at its own default budget (the strong player, issue 28). Measured on
classic (a sweep game, CPU time, loaded 2-core machine): greedy 0.5 s, mcts vs mcts 15 s.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from subwaysim.agents.registry import default_budget, parse_spec

DEFAULT_GAMES = 100
DEFAULT_AGENTS = "greedy,mcts"
SEARCH_BUDGET = default_budget("mcts")  # playouts a build phase for a bare `mcts`: its own default
SEARCH_COST = 30  # mcts over greedy: CPU a sweep game on classic, about 15 s / 0.5 s (loaded)
# A search agent plays SEARCH_PER_100 games for every 100 of a quick one (at least
# MIN_SEARCH): with the default 100 games that is STRONG_GAMES, enough for its figures to
# be tested rather than descriptive; the whole playtest of classic is then about 3 hours
# on 2 cores (README, "The full run").
SEARCH_PER_100 = 50
MIN_SEARCH = 2
STRONG_GAMES = 50  # a search player's games a setting before its figures are tested
DEFAULT_CONFIRM = 200  # paired games a kind of player confirming recommended.yaml
DEFAULT_TUNE_BUDGET = 1200  # games of question 3's tune (tune's own default)
DEFAULT_PAIR_GAMES = 40  # games a pair of the ladder and of the strategy matrix


class PlaytestError(ValueError):
    """Bad input to `subway playtest`: one message, exit code 2."""


@dataclass(frozen=True, slots=True)
class AgentRun:
    """One kind of player: its scenario spec, its folder name, its games a setting."""

    spec: str  # as the scenario's players.N.agent reads it, e.g. `mcts:30`
    games: int

    @property
    def search(self) -> bool:
        return self.spec.startswith("mcts")

    @property
    def slug(self) -> str:
        """A folder name: `greedy`, `mcts-30`, `mcts-0_5s`."""
        return self.spec.replace(":", "-").replace(".", "_")

    @property
    def words(self) -> str:
        """How the report names these players."""
        if not self.search:
            return f"{self.spec} players"
        budget = self.spec.partition(":")[2]
        if budget.endswith("s"):
            return f"mcts players ({budget[:-1]} s a build phase)"
        return f"mcts players ({budget} playouts a build phase)"


@dataclass(frozen=True, slots=True)
class PlaytestOptions:
    scenario: Path
    out: Path
    games: int
    agents: tuple[AgentRun, ...]
    jobs: int | None = None
    precision: float | None = None
    scheduler: str | None = None
    confirm: int = DEFAULT_CONFIRM  # paired games a kind of player, recommended vs the draft
    tune: Path | None = None  # a `subway tune` folder of question 3 to reuse
    ladder: Path | None = None  # a folder of skill-ladder games to reuse (question 1)
    strategies: Path | None = None  # a folder of strategy-matrix games to reuse (question 1)
    tune_budget: int = DEFAULT_TUNE_BUDGET
    pair_games: int = DEFAULT_PAIR_GAMES


def parse_agents(text: str, games: int) -> tuple[AgentRun, ...]:
    """`greedy,mcts`: each an agent a scenario accepts (not human), each once."""
    specs = [item.strip() for item in text.split(",")]
    if not text.strip() or any(not s for s in specs):
        raise PlaytestError(f"--agents {text!r}: give agents separated by commas, e.g. greedy,mcts")
    runs: list[AgentRun] = []
    for spec in specs:
        try:
            parse_spec(spec, people=False)
        except ValueError as exc:
            raise PlaytestError(f"--agents {text!r}: {exc}") from None
        full = f"mcts:{SEARCH_BUDGET}" if spec == "mcts" else spec
        if full in (r.spec for r in runs):
            raise PlaytestError(f"--agents {text!r}: {spec!r} is given more than once")
        runs.append(AgentRun(full, search_games(games) if full.startswith("mcts") else games))
    return tuple(runs)


def search_games(games: int) -> int:
    return min(games, max(MIN_SEARCH, math.ceil(games * SEARCH_PER_100 / 100)))


def parse_options(
    scenario: Path,
    out: str,
    games: int = DEFAULT_GAMES,
    agents: str = DEFAULT_AGENTS,
    jobs: int | None = None,
    precision: float | None = None,
    scheduler: str | None = None,
    confirm: int = DEFAULT_CONFIRM,
    reuse: Mapping[str, Path | None] | None = None,
    tune_budget: int = DEFAULT_TUNE_BUDGET,
    pair_games: int = DEFAULT_PAIR_GAMES,
) -> PlaytestOptions:
    """Check the command line; PlaytestError names the option and the problem. `reuse`:
    the folders of earlier runs (`tune`, `ladder`, `strategies`) whose games are read."""
    if not out.strip():
        raise PlaytestError(f"--out {out!r}: give the folder for the playtest's files")
    if games < 1:
        raise PlaytestError(f"--games must be at least 1, got {games}")
    if jobs is not None and jobs < 1:
        raise PlaytestError(f"--jobs must be at least 1, got {jobs}")
    if precision is not None and not 0 < precision <= 1:
        raise PlaytestError(f"--precision is a win-rate interval width in (0, 1], got {precision}")
    if jobs is not None and scheduler is not None:
        raise PlaytestError("give --jobs or --scheduler, not both (the cluster sets its workers)")
    if scheduler is not None and not scheduler.strip():
        raise PlaytestError("--scheduler '': give the Dask scheduler's address, tcp://HOST:8786")
    if confirm < 0:
        raise PlaytestError(f"--confirm must be at least 0, got {confirm}")
    if tune_budget < 1 or pair_games < 1:
        raise PlaytestError("--tune-budget and --pair-games must be at least 1")
    folders = dict(reuse or {})
    for name, folder in folders.items():
        if folder is not None and not folder.is_dir():
            raise PlaytestError(f"--{name} {folder}: no such folder")
    return PlaytestOptions(
        scenario, Path(out), games, parse_agents(agents, games), jobs, precision, scheduler,
        confirm, folders.get("tune"), folders.get("ladder"), folders.get("strategies"),
        tune_budget, pair_games,
    )  # fmt: skip


def player_specs(agent: AgentRun, players: int) -> list[str]:
    """The `--set`s seating `agent` in every seat (one-valued grid axes)."""
    return [f"players.{i}.agent={agent.spec}" for i in range(players)]
