"""One sweep game in a worker: its record and design metrics, its digest, its failure."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from subwaysim.engine import Game
from subwaysim.events import (
    Borrowed,
    Built,
    DebtPaid,
    Event,
    GameEnded,
    GameStarted,
    Leg,
    Reshuffled,
    TripTaken,
    TurnEnded,
)
from subwaysim.output.game_summary import GameSummary
from subwaysim.scenario import load_scenario
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.failures import FailedGame
from subwaysim.sweep.run.play import GameTask, Played, play
from subwaysim.sweep.run.traces import TraceCollector
from tests.subwaysim.helpers import scenario

SCENARIO = scenario(
    board={"sections": [1, 1], "section_size": [2, 3], "hazards": ["b1"]},
    rules={"builds_per_turn": 2, "borrow_builds": 1},
    start={"track": {"IRT": ["a1"]}},
)


def turn_end(turn: int, scores: tuple[int, int], track: dict[str, tuple[str, ...]]) -> TurnEnded:
    return TurnEnded(
        time=3.0 * turn, player=("IRT", "BRT")[(turn - 1) % 2], turn=turn,
        round=(turn + 1) // 2, scores=dict(zip(("IRT", "BRT"), scores, strict=True)),
        track=track, stations=(), decks=(),
    )  # fmt: skip


def built(  # type: ignore[no-untyped-def]
    player: str,
    action: str,
    square: str,
    cost: int,
    left: int,
    detail: str | None = None,
    whole_phase: bool = False,
):
    return Built(0.0, player, action, square, detail, cost, left, whole_phase=whole_phase)


def trip(cause: str, distance: int, squares: tuple[str, ...], points: dict[str, int]) -> TripTaken:
    legs = (Leg("walk", squares),)
    systems = tuple(points)
    return TripTaken(
        0.0, "BRT", cause, squares[0], squares[-1], distance, systems, (), legs, points
    )


# A 3 x 2 board with a hazard on b1; IRT starts with track on a1; 2 builds a turn (SG-17).
EVENTS: list[Event] = [
    GameStarted(0.0, "t", 1, ("IRT", "BRT"), 3, 2, (1, 1), (2, 3), ("b1",), ("s", "r", "c")),
    Reshuffled(0.0, "row", 1, 4),
    built(
        "IRT", "track", "b1", 2, 0, whole_phase=True
    ),  # turn 1: a hazard square costs the whole phase
    turn_end(1, (0, 0), {"IRT": ("a1", "b1"), "BRT": ()}),
    built("BRT", "track", "c1", 1, 1),  # turn 2: track and an express station ...
    built("BRT", "station", "c1", 1, 0, "express"),
    trip("extra", 3, ("c1", "b1", "a1"), {"BRT": 2}),  # ... and its SG-18 trip over b1
    turn_end(2, (0, 2), {"IRT": ("a1", "b1"), "BRT": ("c1",)}),
    built("IRT", "remove_track", "a1", 1, 1),  # turn 3: remove, intensify, borrow, track
    built("IRT", "intensify", "b1", 1, 0, "row"),
    Borrowed(0.0, "IRT", 1, 1, 1),
    built("IRT", "track", "a2", 1, 0),
    trip("queue", 5, ("a2", "a1"), {}),
    Reshuffled(0.0, "column", 1, 4),
    turn_end(3, (0, 2), {"IRT": ("a2", "b1"), "BRT": ("c1",)}),
    built("BRT", "track", "a2", 2, 0, whole_phase=True),  # turn 4: IRT's square: the whole phase
    turn_end(4, (0, 2), {"IRT": ("a2", "b1"), "BRT": ("a2", "c1")}),
    DebtPaid(0.0, "IRT", 1, 0, 1),  # turn 5: the debt token takes a point; one left unspent
    turn_end(5, (1, 2), {"IRT": ("a2", "b1"), "BRT": ("a2", "c1")}),
    GameEnded(15.0, 5, 3, "turns: ...", {"IRT": 1, "BRT": 2}, ("BRT",)),
]


def test_design_metrics_by_hand() -> None:
    summary = GameSummary(SCENARIO)
    for event in EVENTS:
        summary(event)
    assert summary.reshuffles == 2
    assert (summary.track_built, summary.stations_built, summary.express_stations) == (4, 1, 1)
    assert (summary.removals, summary.intensifies, summary.whole_phase_builds) == (1, 1, 2)
    assert (summary.extra_trip_points, summary.hazard_crossings) == (2, 1)
    # Offered: 5 turns x 2 + 1 borrowed = 11; spent: 2 + 2 + 3 + 2 + 1 debt token = 10.
    assert summary.build_points_used == pytest.approx(10 / 11)
    assert summary.coverage == pytest.approx(3 / 6)  # a2, b1, c1 of 6 squares
    assert summary.trip_length_mean == pytest.approx((3 + 5) / 2)


def test_without_a_scenario_the_points_offered_are_unknown() -> None:
    summary = GameSummary()
    for event in EVENTS:
        summary(event)
    assert math.isnan(summary.build_points_used)
    # The counts need only the events (Built says whether it cost the whole phase).
    assert (summary.track_built, summary.whole_phase_builds) == (4, 2)


def test_the_trace_keeps_rounds_distances_and_squares() -> None:
    collect = TraceCollector()
    for event in EVENTS:
        collect(event)
    trace = collect.trace(("2",), 7)
    assert trace.key == (("2",), 7)
    assert (trace.width, trace.height) == (3, 2)
    assert trace.rounds == ((0, 2), (0, 2), (1, 2))  # the scores after turns 2, 4 and 5
    assert trace.distances == {3: 1, 5: 1}
    assert trace.track == {"b1": 1, "c1": 1, "a2": 2}
    assert (trace.origins, trace.destinations) == ({"c1": 1, "a2": 1}, {"a1": 2})


@pytest.fixture
def task(tiny: Path) -> GameTask:
    setting = Setting((("rules.builds_per_turn", "2"),))
    return GameTask(setting, 3, 1234, load_scenario(tiny, setting.overrides()))


def test_a_played_game_is_recorded_as_a_direct_replay_sees_it(task: GameTask) -> None:
    outcome = play(task)
    assert isinstance(outcome, Played)
    summary = GameSummary(task.scenario)
    result = Game(task.scenario, task.seed, [summary]).run()
    record = outcome.record
    assert (record.game, record.seed, record.setting) == (3, 1234, task.setting)
    assert record.score_of() == result.scores and record.winners == result.winners
    assert (record.trips, record.reshuffles, record.coverage) == (
        summary.trips, summary.reshuffles, summary.coverage
    )  # fmt: skip
    assert len(record.digest) == 16
    assert outcome.trace.key == (("2",), 3)


def test_the_digest_tells_the_same_game_from_another(task: GameTask) -> None:
    first, again = play(task), play(task)
    other = play(GameTask(task.setting, 3, 1235, task.scenario))
    assert isinstance(first, Played) and isinstance(again, Played) and isinstance(other, Played)
    assert first.record.digest == again.record.digest != other.record.digest


def test_a_game_that_raises_comes_back_failed(
    task: GameTask, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: Game) -> None:
        raise RuntimeError("agent fell over")

    monkeypatch.setattr(Game, "run", broken)
    assert play(task) == FailedGame(task.setting, 3, 1234, "RuntimeError: agent fell over")


def test_a_worker_imports_only_what_games_need() -> None:
    code = (
        "import sys, subwaysim.sweep.run.play, subwaysim.sweep.run.workers\n"
        "heavy = ('scipy.stats', 'matplotlib', 'networkx', 'rich', 'typer')\n"
        "print(' '.join(m for m in heavy if m in sys.modules))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == ""
