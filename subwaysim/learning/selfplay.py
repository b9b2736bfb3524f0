"""Self-play games for the value model, and the file that keeps them.

Every seat of every game is the greedy player. At the end of each turn (but the last) the
player who just built gets one row: its features of the position (`agents.value`,
valued on the same size of trip sample as a search's leaf, drawn from a seed of the game's
seed and the turn) and, once the game is over, its final lead. A search's leaf is such a
position: the end of the searching player's own turn, a few turns ahead.

Game k of scenario i is seeded from the command's seed, i and k alone, so the rows do not
depend on `--jobs` or on the order games finish in. The data file is JSON lines: a header
(what the games are: agent, seed, games, trip sample, features, each scenario's name and
the digest of its content) and one line per finished game, written and forced to disk as it
ends. A stopped run, rerun with the same command, plays only the missing games; a file made
by another command is refused (nothing is overwritten).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from subwaysim.agents.mcts import LEAF_SAMPLE
from subwaysim.agents.value import FEATURES, lead, position_features
from subwaysim.engine import Game
from subwaysim.events import Event, TurnEnded
from subwaysim.scenario import Scenario, apply_override
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.failures import FailedGame
from subwaysim.sweep.run.play import GameTask
from subwaysim.sweep.run.results import LineAppender
from subwaysim.turn import end_reason

AGENT = "greedy"  # who plays every seat of the self-play games
DATA_FORMAT = "transit-games self-play"
DATA_VERSION = 1


class SelfPlayError(ValueError):
    """A data file that cannot be used (the message names the file and the problem)."""


@dataclass(frozen=True, slots=True)
class SelfPlayGame:
    """One finished game's rows: features (`agents.value.FEATURES`), then the final lead."""

    scenario: str
    game: int
    seed: int
    rows: tuple[tuple[float, ...], ...]

    def line(self) -> str:
        data = {"scenario": self.scenario, "game": self.game, "seed": self.seed}
        return json.dumps({**data, "rows": [list(r) for r in self.rows]}) + "\n"


def scenario_digest(scenario: Scenario) -> str:
    """A digest of what the scenario says (not of how its file is written)."""
    return hashlib.sha256(scenario.model_dump_json().encode("utf-8")).hexdigest()[:16]


def all_greedy(scenario: Scenario) -> Scenario:
    data = scenario.model_dump(mode="json")
    for seat in range(len(scenario.players)):
        apply_override(data, f"players.{seat}.agent={AGENT}")
    return Scenario.model_validate(data)


def game_seed(seed: int, scenario: int, game: int) -> int:
    sequence = np.random.SeedSequence(seed, spawn_key=(scenario, game))
    return int(sequence.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))


def selfplay_tasks(
    scenarios: Sequence[tuple[str, Scenario]], games: int, seed: int
) -> list[GameTask]:
    """`games` games of each named scenario, every seat greedy."""
    return [
        GameTask(Setting((("scenario", name),)), game, game_seed(seed, i, game), all_greedy(s))
        for i, (name, s) in enumerate(scenarios)
        for game in range(games)
    ]


def play_selfplay(task: GameTask) -> SelfPlayGame | FailedGame:
    """Play the task's game and collect its rows (a worker's work: picklable, no I/O)."""
    game: Game | None = None
    found: list[tuple[str, np.ndarray]] = []

    def observe(event: Event) -> None:
        if isinstance(event, TurnEnded) and game is not None:
            state = game.state
            if end_reason(state) is not None:  # the game's last turn: its score is final
                return
            seed = int(np.random.SeedSequence([task.seed, state.turn]).generate_state(1)[0])
            found.append((event.player, position_features(state, event.player, LEAF_SAMPLE, seed)))

    try:
        game = Game(task.scenario, task.seed, [observe])
        result = game.run()
    except Exception as exc:  # a bug: recorded, and the run goes on
        return task.failed(exc)
    players = list(result.scores)
    final = np.array([result.scores[p] for p in players], dtype=float)
    rows = tuple(
        (*(float(x) for x in row), lead(final, players.index(player))) for player, row in found
    )
    return SelfPlayGame(task.setting.values[0], task.game, task.seed, rows)


def header(scenarios: Sequence[tuple[str, Scenario]], games: int, seed: int) -> dict[str, Any]:
    return {
        "format": DATA_FORMAT,
        "version": DATA_VERSION,
        "agent": AGENT,
        "seed": seed,
        "games": games,
        "sample": LEAF_SAMPLE,
        "features": list(FEATURES),
        "scenarios": [[name, scenario_digest(s)] for name, s in scenarios],
    }


@dataclass
class DataFile:
    """The games a data file holds, and how many of its bytes are whole lines."""

    path: Path
    head: dict[str, Any]
    games: dict[tuple[str, int], SelfPlayGame]
    clean_bytes: int | None  # None: a new file

    @classmethod
    def open(cls, path: Path, head: dict[str, Any]) -> DataFile:
        """Read what a stopped run left (a torn last line is dropped), after checking that
        it was made by the same command; a new file when there is none."""
        if not path.exists():
            return cls(path, head, {}, None)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise SelfPlayError(f"{path}: cannot be read ({exc})") from None
        lines = data.split(b"\n")
        whole = lines[:-1]  # the last piece has no newline: torn (or empty)
        if not whole:
            return cls(path, head, {}, None)
        try:
            found = json.loads(whole[0])
        except (json.JSONDecodeError, UnicodeDecodeError):
            found = None
        if not isinstance(found, dict) or found.get("format") != DATA_FORMAT:
            raise SelfPlayError(
                f"{path}: not a self-play data file (line 1); choose another --data"
            )
        if found != head:
            changed = sorted(k for k in head.keys() | found.keys() if head.get(k) != found.get(k))
            raise SelfPlayError(
                f"{path}: made by another command ({', '.join(changed)} differ); "
                "rerun that command, or choose another --data"
            )
        games: dict[tuple[str, int], SelfPlayGame] = {}
        clean = len(whole[0]) + 1
        for number, raw in enumerate(whole[1:], start=2):
            try:
                item = json.loads(raw)
                game = SelfPlayGame(
                    str(item["scenario"]),
                    int(item["game"]),
                    int(item["seed"]),
                    tuple(tuple(float(x) for x in row) for row in item["rows"]),
                )
            except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError, ValueError):
                raise SelfPlayError(f"{path}: line {number} is not a self-play game") from None
            games[game.scenario, game.game] = game
            clean += len(raw) + 1
        return cls(path, head, games, clean)

    def writer(self) -> LineAppender:
        first = json.dumps(self.head) + "\n"
        return LineAppender(self.path, self.clean_bytes, first)
