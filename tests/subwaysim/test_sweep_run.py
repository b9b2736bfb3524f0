"""Sweeps give the same per-game results however they run: one job, two, resumed, Dask.

The scenario is tiny (a 6 x 6 board, random agents, 8 turns each, starting track) so a
game takes milliseconds.
"""

from __future__ import annotations

import platform
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.engine import Game
from subwaysim.game_summary import GameSummary
from subwaysim.scenario import load_scenario
from subwaysim.sweep.backends import DASK_MISSING, choose_backend, process_pool, serial
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.folder import GAMES, META
from subwaysim.sweep.malloc import raise_malloc_thresholds
from subwaysim.sweep.plan import plan_sweep
from subwaysim.sweep.play import GameTask
from subwaysim.sweep.report import write_report
from subwaysim.sweep.results import GameRecord, read_games
from subwaysim.sweep.runner import Sweep

TINY = """\
name: tiny
question: Does the first seat win more on a tiny board?
seed: 5
board: {sections: [2, 2], section_size: [3, 3]}
cards: {max_population: 1, initial_population: 1}
end: {turns: 8}
players:
  - {name: IRT, agent: random}
  - {name: BRT, agent: random}
start:
  track: {IRT: [a1, a2, a3, a4, a5, a6], BRT: [a6, b6, c6, d6, e6, f6]}
  stations: {IRT: {a1: express, a3: local}, BRT: {f6: express, c6: local}}
"""
GRID = ["rules.builds_per_turn=1..2", "rules.intensify_below=0,3"]
GAMES_PER_SETTING = 3
runner = CliRunner()


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY)
    return path


def sweep(tiny: Path, out: Path, backend=serial, games: int = GAMES_PER_SETTING, **kw) -> Sweep:  # type: ignore[no-untyped-def]
    job = Sweep(plan_sweep(tiny, GRID, games, **kw), out)
    job.run(backend)
    return job


@pytest.fixture
def reference(tiny: Path, tmp_path: Path) -> str:
    """games.csv of the whole sweep run in this process, one game after another."""
    sweep(tiny, tmp_path / "serial")
    return (tmp_path / "serial" / GAMES).read_text()


def interrupt_after(count: int, backend=serial):  # type: ignore[no-untyped-def]
    """A backend that stops like Ctrl-C once `count` games have been saved."""

    def run(tasks: Sequence[GameTask]) -> Iterator[GameRecord]:
        for done, record in enumerate(backend(tasks), start=1):
            yield record
            if done == count:
                raise KeyboardInterrupt

    return run


def test_one_row_per_game_matching_a_direct_replay(tiny: Path, reference: str) -> None:
    rows = reference.splitlines()
    assert len(rows) == 1 + 4 * GAMES_PER_SETTING
    assert rows[0].startswith("rules.builds_per_turn,rules.intensify_below,game,seed,seats,")
    table = read_games_text(reference, tiny.parent)
    assert {r.setting.values for r in table} == {("1", "0"), ("1", "3"), ("2", "0"), ("2", "3")}
    some = table[5]
    scenario = load_scenario(tiny, some.setting.overrides())
    summary = GameSummary()
    result = Game(scenario, some.seed, [summary]).run()
    assert some.score_of() == result.scores
    assert some.winners == result.winners
    assert (some.turns, some.trips, some.lead_changes) == (
        result.turns, summary.trips, summary.lead_changes
    )  # fmt: skip
    assert any(r.trips and r.subway_trips for r in table)  # the tiny games do score


def read_games_text(text: str, folder: Path) -> tuple[GameRecord, ...]:
    path = folder / "copy.csv"
    path.write_text(text)
    return read_games(path).records


def test_two_jobs_give_the_same_games(tiny: Path, tmp_path: Path, reference: str) -> None:
    sweep(tiny, tmp_path / "pool", process_pool(2))
    assert (tmp_path / "pool" / GAMES).read_text() == reference


def test_interrupted_then_resumed_gives_the_same_games(
    tiny: Path, tmp_path: Path, reference: str
) -> None:
    out = tmp_path / "resumed"
    with pytest.raises(KeyboardInterrupt):
        sweep(tiny, out, interrupt_after(5))
    saved = (out / GAMES).read_text().splitlines()
    assert len(saved) == 1 + 5  # every finished game was on disk at once
    torn = "2,3,1,8123,IRT BRT,4,"  # a kill tore the line being appended
    with (out / GAMES).open("a") as f:
        f.write(torn)
    job = Sweep(plan_sweep(tiny, GRID, GAMES_PER_SETTING), out)
    assert (job.kept, len(job.pending), job.resume.torn_bytes) == (5, 7, len(torn))
    job.run(serial)
    assert (out / GAMES).read_text() == reference


def test_interrupting_a_process_pool_keeps_finished_games(
    tiny: Path, tmp_path: Path, reference: str
) -> None:
    out = tmp_path / "pool-resumed"
    with pytest.raises(KeyboardInterrupt):
        sweep(tiny, out, interrupt_after(3, process_pool(2)))
    assert len(read_games(out / GAMES).records) == 3
    sweep(tiny, out, process_pool(2))
    assert (out / GAMES).read_text() == reference


def test_a_larger_games_count_extends_the_sweep(tiny: Path, tmp_path: Path, reference: str) -> None:
    out = tmp_path / "extended"
    sweep(tiny, out, games=1)
    job = Sweep(plan_sweep(tiny, GRID, GAMES_PER_SETTING), out)
    assert (job.kept, len(job.pending)) == (4, 8)
    job.run(serial)
    assert (out / GAMES).read_text() == reference


def test_dask_local_cluster_gives_the_same_games(
    tiny: Path, tmp_path: Path, reference: str
) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        sweep(tiny, tmp_path / "dask", choose_backend(None, cluster.scheduler_address))
    assert (tmp_path / "dask" / GAMES).read_text() == reference


def test_missing_dask_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tiny: Path) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(SweepError, match=r"pip install 'transit-games\[dask\]'"):
        choose_backend(None, "tcp://127.0.0.1:8786")
    result = runner.invoke(
        app, ["sweep", str(tiny), "--games", "1", "--out", str(tiny.parent / "o"),
              "--scheduler", "tcp://127.0.0.1:8786"],
    )  # fmt: skip
    assert result.exit_code == 2
    assert f"Error: {DASK_MISSING}" in result.output


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")
def test_workers_can_raise_the_malloc_thresholds() -> None:
    assert raise_malloc_thresholds()


def test_jobs_and_scheduler_together_are_refused() -> None:
    with pytest.raises(SweepError, match="--jobs or --scheduler, not both"):
        choose_backend(2, "tcp://127.0.0.1:8786")


def test_a_different_scenario_into_the_same_folder_is_refused(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    sweep(tiny, out, games=1)
    other = tmp_path / "other.yaml"
    other.write_text(TINY.replace("end: {turns: 8}", "end: {turns: 9}"))
    with pytest.raises(SweepError, match=r"different scenario \(end.turns: 8 then, 9 now\)"):
        Sweep(plan_sweep(other, GRID, 1), out)
    with pytest.raises(SweepError, match="was swept with --seed 5, this run has 6"):
        Sweep(plan_sweep(tiny, GRID, 1, seed=6), out)
    with pytest.raises(SweepError, match="sweeps the keys"):
        Sweep(plan_sweep(tiny, GRID[:1], 1), out)
    with pytest.raises(SweepError, match="--rotate-seats"):
        Sweep(plan_sweep(tiny, GRID, 1, rotate_seats=True), out)


def test_bad_set_keys_and_values_are_refused_before_any_game(tiny: Path, tmp_path: Path) -> None:
    cases = {
        "rules.bulds_per_turn=1,2": "rules.bulds_per_turn (--set): unknown key",
        "rules.builds_per_turn=2,-1": "rules.builds_per_turn (--set): Input should be greater",
        "cards.decks=three,four": "cards.decks (--set): Input should be 'three' or 'two'",
        "players.0.agent=random,human": "players.0.agent: a sweep cannot seat a human player",
    }
    for spec, message in cases.items():
        out = tmp_path / "never"
        result = runner.invoke(
            app, ["sweep", str(tiny), "--set", spec, "--games", "1", "--out", str(out)]
        )
        assert result.exit_code == 2, result.output
        assert message in result.output and "Traceback" not in result.output
        assert not out.exists()  # nothing ran, nothing was written


def test_a_bad_combination_names_the_setting(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    path.write_text(TINY.replace("max_population: 1", "max_population: 2"))
    # Each value is fine with the file's other value (initial 1 <= max 1, 2 <= max 2),
    # but not max 1 with initial 2.
    with pytest.raises(SweepError) as refused:
        plan_sweep(path, ["cards.max_population=1,2", "cards.initial_population=1,2"], 1)
    message = str(refused.value)
    assert message.startswith(f"{path}: cards ")
    assert message.endswith(
        ": initial_population (2) exceeds max_population (1) "
        "[cards.max_population=1, cards.initial_population=2]"
    )
    assert "\n" not in message  # one problem, reported once


def test_rotated_seats_cycle_the_turn_order(tiny: Path) -> None:
    plan = plan_sweep(tiny, [], 3, rotate_seats=True)
    assert [t.scenario.player_names for t in plan.tasks()] == [
        ("IRT", "BRT"), ("BRT", "IRT"), ("IRT", "BRT")
    ]  # fmt: skip


def test_cli_sweep_then_report_rebuilds_the_same_summary(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "cli"
    grid = [word for g in GRID for word in ("--set", g)]
    args = ["sweep", str(tiny), *grid, "--games", "2"]
    result = runner.invoke(app, [*args, "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Wrote" in result.output
    report = (out / "report.md").read_text()
    assert "**Question.** Does the first seat win more on a tiny board?" in report
    assert "- Setting `rules.builds_per_turn` = 1, 2" in report
    for png in ("win_rates.png", "scores.png", "game_length.png"):
        assert f"]({png})" in report
        assert (out / png).read_bytes().startswith(b"\x89PNG")
    summary = (out / "summary.csv").read_text()
    assert summary.splitlines()[0].startswith("rules.builds_per_turn,rules.intensify_below,games,")
    assert len(summary.splitlines()) == 5
    for name in ("summary.csv", "report.md", "win_rates.png", "scores.png", "game_length.png"):
        (out / name).unlink()
    result = runner.invoke(app, ["report", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "summary.csv").read_text() == summary
    assert (out / "report.md").read_text() == report
    again = runner.invoke(app, [*args, "--jobs", "1", "--out", str(out)])  # all done: no games
    assert again.exit_code == 0 and (out / "summary.csv").read_text() == summary


def test_report_from_games_csv_alone(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "bare"
    sweep(tiny, out, games=1)
    (out / META).unlink()
    built = write_report(out)
    assert len(built.table) == 4
    assert "**Question.** (the scenario file states none)" in (out / "report.md").read_text()
    result = runner.invoke(app, ["report", str(tmp_path / "nowhere")])
    assert result.exit_code == 2 and "games.csv: no such file" in result.output
