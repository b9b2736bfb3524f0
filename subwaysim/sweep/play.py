"""One sweep game: a picklable task in, a `GameRecord` out (runs in any worker process)."""

from __future__ import annotations

from dataclasses import dataclass

from subwaysim.engine import Game
from subwaysim.game_summary import GameSummary
from subwaysim.scenario import Scenario
from subwaysim.sweep.grid import Setting
from subwaysim.sweep.results import GameRecord


@dataclass(frozen=True, slots=True)
class GameTask:
    """Game `game` of `setting`: the setting's scenario with its players in seat order."""

    setting: Setting
    game: int
    seed: int
    scenario: Scenario


class GameFailed(RuntimeError):
    """A game raised: the message names the setting, game and seed to replay it."""


def play(task: GameTask) -> GameRecord:
    summary = GameSummary()
    try:
        Game(task.scenario, task.seed, [summary]).run()
    except Exception as exc:
        raise GameFailed(
            f"game {task.game} of [{task.setting.label()}] (seed {task.seed}) failed: {exc}"
        ) from exc
    return record_of(task, summary)


def record_of(task: GameTask, summary: GameSummary) -> GameRecord:
    seats = summary.players
    return GameRecord(
        setting=task.setting,
        game=task.game,
        seed=task.seed,
        seats=seats,
        scores=tuple(summary.scores[p] for p in seats),
        winners=summary.winners,
        turns=summary.turns,
        trips=summary.trips,
        subway_trips=summary.subway_trips,
        shared_trips=summary.shared_trips,
        shared_points=sum(summary.shared_points.values()),
        lead_changes=summary.lead_changes,
        leader_since=summary.leader_since,
        end=summary.reason.partition(":")[0],  # SG-20: turns, score, depleted piles, turn limit
    )
