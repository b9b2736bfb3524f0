"""Screen a shape of the mcts search against an opponent, game by game (issue 28's research
tool: not a benchmark, `make bench` does not run it).

    python -m bench.screen_mcts OUT.jsonl [--scenario scenarios/classic.yaml] [--budget 16]
        [--config '{"width": 8}'] [--opponent greedy] [--start 0] [--games 100] [--oracle]

Game g is game g of `subway match subway SCENARIO --agents mcts,OPPONENT --seed 0` (seats
rotated: the searching player sits first in even games; games 2k and 2k + 1 share a seed),
played in this process so that its CPU can be read (`time.process_time`, both seats). Every
finished game is appended to OUT as a JSON line, so a rerun plays only the missing games (a
line torn by a stop is dropped, and its game played again) and two processes on disjoint
ranges (`--start`, `--games`) may share OUT; the same shape, games and seed give the same
lines bar the CPU (`digest` is the game's event digest). `--config` sets `SearchConfig`
fields (a breadth as a list of its four numbers). At the end it prints what OUT holds of the
range: games, wins (a shared win counts 1/k), the win rate with its 95% Wilson interval, the
mean margin over the best rival with its standard error, and the CPU a game.

`--oracle` is a diagnosis, not a player: the search's futures are the real one (it sees the
hidden order of every pile and every later draw), so it bounds what better guesses of the
future could buy the search as it is.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from subwaysim.agents.mcts import ITERATIONS, MCTSAgent, SearchConfig
from subwaysim.agents.plans import Breadth
from subwaysim.agents.registry import AgentFactory, AgentKind, register
from subwaysim.commands.ladder import ladder_tasks
from subwaysim.scenario import load_scenario
from subwaysim.state import GameState
from subwaysim.sweep.run.failures import FailedGame
from subwaysim.sweep.run.play import play
from subwaysim.sweep.statistics.stats import wilson_interval

KIND = "screened"  # the searching seat's agent spec in the tasks


class OracleSearch(MCTSAgent):
    """The mcts search with the real future in every playout (a diagnosis: it cheats)."""

    def future(self, state: GameState, seed: int) -> GameState:
        return state.copy()  # (the same chance streams: the game's own future)


def search_config(text: str) -> SearchConfig:
    """`SearchConfig` from a JSON object of its fields (breadths as lists)."""
    fields = json.loads(text or "{}")
    names = {f.name for f in dataclasses.fields(SearchConfig)}
    unknown = sorted(set(fields) - names)
    if unknown:
        raise SystemExit(f"--config: no SearchConfig field {', '.join(unknown)}")
    return SearchConfig(
        **{k: Breadth(*v) if k.endswith("breadth") else v for k, v in fields.items()}
    )


def register_screened(budget: int, config: SearchConfig, oracle: bool) -> None:
    """The searching seat's kind of player, for this process's games."""
    agent = OracleSearch if oracle else MCTSAgent

    def parse(spec: str) -> AgentFactory:
        return lambda player, rng: agent(player, rng, iterations=budget, config=config)

    register(AgentKind(KIND, "the screened search (bench.screen_mcts)", parse))


def row(game: int, seed: int, seat: int, scores: Sequence[int], cpu: float) -> dict[str, object]:
    """One game's line: the searching seat's margin over the best rival and its win share."""
    others = [s for i, s in enumerate(scores) if i != seat]
    top = max(scores)
    win = 0.0 if scores[seat] < top else 1.0 / sum(s == top for s in scores)
    return {
        "game": game,
        "seed": seed,
        "seat": seat,
        "scores": list(scores),
        "lead": scores[seat] - max(others),
        "win": win,
        "cpu": round(cpu, 3),
    }


def summary(rows: list[dict[str, float]]) -> str:
    """Games, wins, win rate [95% Wilson], mean margin ± s.e., CPU a game."""
    n = len(rows)
    if not n:
        return "no games"
    wins = sum(r["win"] for r in rows)
    low, high = wilson_interval(round(wins), n)
    leads = [r["lead"] for r in rows]
    error = statistics.stdev(leads) / math.sqrt(n) if n > 1 else 0.0
    cpu = statistics.mean(r["cpu"] for r in rows)
    return (
        f"{n} games, won {wins:g}: {wins / n:.1%} [{low:.0%}-{high:.0%}], "
        f"margin {statistics.mean(leads):+.1f} ± {error:.1f}, CPU {cpu:.2f} s a game"
    )


def finished(path: Path) -> list[dict[str, float]]:
    """The games OUT holds. A line torn by a stop mid-write is dropped from the file (rewritten
    whole through a temporary file), so its game is played again."""
    if not path.exists():
        return []
    text = path.read_text()
    lines = text.splitlines()
    if lines and not text.endswith("\n"):
        lines.pop()  # the last line was cut short
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text("".join(line + "\n" for line in lines))
        temporary.replace(path)
    return [json.loads(line) for line in lines]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--scenario", type=Path, default=Path("scenarios/classic.yaml"))
    parser.add_argument("--budget", type=int, default=ITERATIONS, help="playouts a phase")
    parser.add_argument("--config", default="{}", help="SearchConfig fields as JSON")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--oracle", action="store_true", help="diagnosis: see the real future")
    args = parser.parse_args(argv)
    register_screened(args.budget, search_config(args.config), args.oracle)
    end = args.start + args.games
    tasks = ladder_tasks(load_scenario(args.scenario), [KIND, args.opponent], end, 0)
    done = {r["game"] for r in finished(args.out)}
    for task in tasks[args.start : end]:
        if task.game in done:
            continue
        started = time.process_time()
        outcome = play(task)
        cpu = time.process_time() - started
        if isinstance(outcome, FailedGame):
            raise SystemExit(outcome.describe())
        record = outcome.record
        seat = 0 if task.scenario.players[0].agent == KIND else 1
        line = row(task.game, task.seed, seat, record.scores, cpu) | {"digest": record.digest}
        with args.out.open("a") as out:
            out.write(json.dumps(line) + "\n")
            out.flush()
            os.fsync(out.fileno())
    print(summary([r for r in finished(args.out) if args.start <= r["game"] < end]))


if __name__ == "__main__":
    main()
