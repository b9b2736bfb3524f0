"""Sweeps give the same games however they run: whole, interrupted and resumed, extended,
in batches under --precision; games that raise are recorded and the sweep goes on."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from subwaysim.engine import Game
from subwaysim.output.game_summary import GameSummary
from subwaysim.scenario import load_scenario
from subwaysim.sweep.plan.plan import plan_sweep
from subwaysim.sweep.run.backends import Backend, serial
from subwaysim.sweep.run.execution import Sweep
from subwaysim.sweep.run.failures import FAILED
from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.play import GameTask, Outcome, play
from subwaysim.sweep.run.precision import widest
from subwaysim.sweep.run.results import GameRecord, read_games
from subwaysim.sweep.run.traces import TRACES, read_traces
from tests.subwaysim.sweep.helpers import GAMES_PER_SETTING, GRID, run_sweep


def interrupt_after(count: int, backend: Backend = serial) -> Backend:
    """A backend that stops like Ctrl-C once `count` games have been saved (over batches)."""
    done = 0

    def run(tasks: Sequence[GameTask]) -> Iterator[Outcome]:
        nonlocal done
        for outcome in backend(tasks):
            yield outcome
            done += 1
            if done == count:
                raise KeyboardInterrupt

    return run


def records(folder: Path) -> tuple[GameRecord, ...]:
    return read_games(folder / GAMES).records


def test_one_row_and_one_trace_per_game_matching_a_direct_replay(
    tiny: Path, tmp_path: Path, reference: str
) -> None:
    rows = reference.splitlines()
    assert len(rows) == 1 + 4 * GAMES_PER_SETTING
    assert rows[0].startswith("rules.builds_per_turn,rules.intensify_below,game,seed,seats,")
    table = records(tmp_path / "serial")
    assert {r.setting.values for r in table} == {("1", "0"), ("1", "3"), ("2", "0"), ("2", "3")}
    some = table[5]
    scenario = load_scenario(tiny, some.setting.overrides())
    summary = GameSummary(scenario)
    result = Game(scenario, some.seed, [summary]).run()
    assert some.score_of() == result.scores and some.winners == result.winners
    assert (some.turns, some.trips, some.reshuffles, some.track_built) == (
        result.turns, summary.trips, summary.reshuffles, summary.track_built
    )  # fmt: skip
    assert any(r.trips and r.subway_trips for r in table)  # the tiny games do score
    traces = read_traces(tmp_path / "serial" / TRACES).traces
    assert [t.key for t in traces] == [r.key for r in table]  # grid order, like games.csv


def test_an_inert_setting_plays_the_identical_games(tiny: Path, tmp_path: Path) -> None:
    # The tiny board has no hazards: where a hazard costs (SG-9) cannot matter.
    out = tmp_path / "inert"
    run_sweep(tiny, out, games=4, grid=["rules.hazard_cost_on=leave,enter"])
    games = records(out)
    leave = [r for r in games if r.setting.values == ("leave",)]
    enter = [r for r in games if r.setting.values == ("enter",)]
    assert [r.digest for r in leave] == [r.digest for r in enter]
    assert len({r.digest for r in leave}) == 4  # four different games, each played twice
    independent = tmp_path / "independent"
    run_sweep(tiny, independent, games=4, grid=["rules.hazard_cost_on=leave,enter"],
              independent=True)  # fmt: skip
    assert len({r.digest for r in records(independent)}) == 8


def test_interrupted_then_resumed_gives_the_same_games(
    tiny: Path, tmp_path: Path, reference: str
) -> None:
    out = tmp_path / "resumed"
    with pytest.raises(KeyboardInterrupt), Sweep(plan_sweep(tiny, GRID, 3), out) as job:
        job.run(interrupt_after(5))
    saved = (out / GAMES).read_text().splitlines()
    assert len(saved) == 1 + 5  # every finished game was on disk at once
    assert len(read_traces(out / TRACES).traces) == 5
    torn = "2,3,1,8123,IRT BRT,4,"  # a kill tore the line being appended
    with (out / GAMES).open("a") as f:
        f.write(torn)
    with Sweep(plan_sweep(tiny, GRID, GAMES_PER_SETTING), out) as job:
        assert (job.kept, len(job.pending), job.resume.torn_bytes) == (5, 7, len(torn))
        job.run(serial)
    assert (out / GAMES).read_text() == reference
    assert (out / TRACES).read_text() == (tmp_path / "serial" / TRACES).read_text()


def test_a_trace_whose_game_never_reached_games_csv_is_dropped(
    tiny: Path, tmp_path: Path, reference: str
) -> None:
    out = tmp_path / "out"
    run_sweep(tiny, out, games=1)
    lines = (out / GAMES).read_text().splitlines(keepends=True)
    (out / GAMES).write_text("".join(lines[:-1]))  # killed between the two writes
    run_sweep(tiny, out)
    assert (out / GAMES).read_text() == reference
    assert len(read_traces(out / TRACES).traces) == 4 * GAMES_PER_SETTING


def test_a_larger_games_count_extends_the_sweep(tiny: Path, tmp_path: Path, reference: str) -> None:
    out = tmp_path / "extended"
    run_sweep(tiny, out, games=1)
    with Sweep(plan_sweep(tiny, GRID, GAMES_PER_SETTING), out) as job:
        assert (job.kept, len(job.pending)) == (4, 8)
        job.run(serial)
    assert (out / GAMES).read_text() == reference


def failing_on(seed: int) -> Backend:
    """This process's backend, with one game (by seed) raising inside the engine."""

    class Broken(Game):
        def run(self):  # type: ignore[no-untyped-def]
            if self.seed == seed:
                raise ValueError("no route for the trip")
            return super().run()

    def run(tasks: Sequence[GameTask]) -> Iterator[Outcome]:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("subwaysim.sweep.run.play.Game", Broken)
            for task in tasks:
                yield play(task)

    return run


def test_a_game_that_raises_is_recorded_and_the_sweep_goes_on(
    tiny: Path, tmp_path: Path, reference: str
) -> None:
    out = tmp_path / "failing"
    plan = plan_sweep(tiny, GRID, GAMES_PER_SETTING)
    bad = plan.tasks()[1].seed  # game 1 of every setting: common random numbers
    with Sweep(plan, out) as job:
        job.run(failing_on(bad))
    assert len(records(out)) == 4 * (GAMES_PER_SETTING - 1)
    assert [f.game for f in job.failed] == [1, 1, 1, 1]
    lines = (out / FAILED).read_text().splitlines()
    assert lines[0] == "rules.builds_per_turn,rules.intensify_below,game,seed,error"
    assert lines[1] == f"1,0,1,{bad},ValueError: no route for the trip"
    with Sweep(plan_sweep(tiny, GRID, GAMES_PER_SETTING), out) as job:
        assert len(job.pending) == 4 and len(job.failed) == 4  # the failed games, again
        job.run(serial)
    assert (out / GAMES).read_text() == reference and not (out / FAILED).exists()


def batches(tiny: Path, out: Path, backend: Backend = serial) -> Sweep:
    plan = plan_sweep(tiny, ["rules.builds_per_turn=1,2"], 40, precision=0.45)
    with Sweep(plan, out) as job:
        job.run(backend)
    return job


def test_precision_adds_batches_until_the_intervals_are_narrow_enough(
    tiny: Path, tmp_path: Path
) -> None:
    job = batches(tiny, tmp_path / "whole")
    games = records(tmp_path / "whole")
    per_setting = {r.setting.values: 0 for r in games}
    for r in games:
        per_setting[r.setting.values] += 1
    assert set(per_setting.values()) == {job.target} and 10 < job.target < 40
    groups = [[r for r in games if r.setting.values == v] for v in per_setting]
    assert widest(groups) <= 0.45  # met ...
    before = [[r for r in g if r.game < 10] for g in groups]
    assert widest(before) > 0.45  # ... but not after the first batch of 10
    again = tmp_path / "resumed"  # killed in the second batch and run again: the same games
    with pytest.raises(KeyboardInterrupt):
        batches(tiny, again, interrupt_after(25))
    batches(tiny, again)
    assert (again / GAMES).read_text() == (tmp_path / "whole" / GAMES).read_text()
