"""Backends: local processes and a real Dask cluster play the games this process plays."""

from __future__ import annotations

import multiprocessing.spawn
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.plan import plan_sweep
from subwaysim.sweep.run.backends import (
    DASK_MISSING,
    _outcome,
    choose_backend,
    process_pool,
    start_method,
    worker_pool,
    workers_skip_main,
)
from subwaysim.sweep.run.failures import FailedGame
from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.play import play
from subwaysim.sweep.run.results import read_games
from subwaysim.sweep.run.traces import TRACES
from subwaysim.sweep.run.workers import loaded_modules
from tests.subwaysim.sweep.helpers import GRID, run_sweep
from tests.subwaysim.sweep.test_execution import interrupt_after

HEAVY = ("scipy.stats", "matplotlib", "networkx", "rich", "typer")
runner = CliRunner()


def test_two_jobs_give_the_same_games(tiny: Path, tmp_path: Path, reference: str) -> None:
    run_sweep(tiny, tmp_path / "pool", process_pool(2))
    assert (tmp_path / "pool" / GAMES).read_text() == reference
    assert (tmp_path / "pool" / TRACES).read_text() == (tmp_path / "serial" / TRACES).read_text()


def test_interrupting_a_process_pool_keeps_finished_games(
    tiny: Path, tmp_path: Path, reference: str
) -> None:
    out = tmp_path / "pool-resumed"
    with pytest.raises(KeyboardInterrupt):
        run_sweep(tiny, out, interrupt_after(3, process_pool(2)))
    assert len(read_games(out / GAMES).records) == 3
    run_sweep(tiny, out, process_pool(2))
    assert (out / GAMES).read_text() == reference


def test_workers_skip_the_parent_s_main_module() -> None:
    assert set(multiprocessing.spawn.get_preparation_data("w")) & {
        "init_main_from_path",
        "init_main_from_name",
    }  # fmt: skip  (without it: pytest's __main__ would be imported into every worker)
    with workers_skip_main():
        data = multiprocessing.spawn.get_preparation_data("w")
        assert "init_main_from_path" not in data and "init_main_from_name" not in data
    main = sys.modules["__main__"]
    assert main.__spec__ is not None or hasattr(main, "__file__")  # put back


def test_a_spawned_pool_worker_loads_only_what_games_need(tiny: Path) -> None:
    pool = worker_pool(1, "spawn")
    try:
        with workers_skip_main():
            played = pool.submit(play, plan_sweep(tiny, GRID, 1).tasks()[0])
            future = pool.submit(loaded_modules)  # the same worker, after its game
        assert played.result(timeout=60).record.turns == 16  # type: ignore[union-attr]
        modules = set(future.result(timeout=60))
    finally:
        pool.shutdown()
    assert "pytest" not in modules  # this process's __main__ (pytest) was not run again
    assert {"subwaysim.sweep.run.workers", "subwaysim.sweep.run.play"} <= modules
    assert not modules & set(HEAVY)


def test_a_game_whose_worker_died_is_a_failed_game(tiny: Path) -> None:
    task = plan_sweep(tiny, GRID, 1).tasks()[0]
    dead: Future[object] = Future()
    dead.set_exception(BrokenProcessPool("A process in the process pool was terminated"))
    outcome = _outcome(dead, task)  # type: ignore[arg-type]
    assert isinstance(outcome, FailedGame) and outcome.seed == task.seed
    assert outcome.error.startswith("the worker process failed: BrokenProcessPool: A process")


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


def test_jobs_and_scheduler_together_are_refused() -> None:
    with pytest.raises(SweepError, match="--jobs or --scheduler, not both"):
        choose_backend(2, "tcp://127.0.0.1:8786")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def cluster() -> Iterator[str]:
    """`dask scheduler` and two `dask worker` processes on 127.0.0.1, as on a real cluster."""
    distributed = pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{free_port()}"
    dask = [sys.executable, "-m", "dask"]
    port = address.rsplit(":", 1)[1]
    scheduler = [*dask, "scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard"]
    worker = [*dask, "worker", address, "--nthreads", "1", "--no-dashboard", "--no-nanny"]
    quiet = subprocess.DEVNULL
    processes = [subprocess.Popen(scheduler, stdout=quiet, stderr=quiet)]
    try:
        for _ in range(2):
            processes.append(subprocess.Popen(worker, stdout=quiet, stderr=quiet))
        deadline = time.monotonic() + 180  # generous: a busy machine starts dask slowly
        while True:  # the scheduler takes a moment to listen
            try:
                with distributed.Client(address, timeout="10s") as client:
                    client.wait_for_workers(2, timeout=120)
                break
            except (OSError, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:  # a busy machine: stop it the hard way
                process.kill()
                process.wait()


@pytest.mark.slow
def test_a_real_dask_cluster_gives_the_same_games_as_one_job(
    tiny: Path, tmp_path: Path, cluster: str
) -> None:
    args = ["sweep", str(tiny), "--set", GRID[0], "--games", "3"]
    one = runner.invoke(app, [*args, "--jobs", "1", "--out", str(tmp_path / "one")])
    assert one.exit_code == 0, one.output
    dask = runner.invoke(app, [*args, "--scheduler", cluster, "--out", str(tmp_path / "dask")])
    assert dask.exit_code == 0, dask.output
    for name in (GAMES, TRACES):
        assert (tmp_path / "dask" / name).read_text() == (tmp_path / "one" / name).read_text()


def test_workers_are_forked_only_while_no_other_thread_runs() -> None:
    if "fork" not in multiprocessing.get_all_start_methods():
        assert start_method() == "spawn"
        return
    if threading.active_count() == 1:  # (an earlier test may have left a thread running)
        assert start_method() == "fork"
    release = threading.Event()
    other = threading.Thread(target=release.wait)  # as the live view's refresh thread
    other.start()
    try:
        assert start_method() == "spawn"
    finally:
        release.set()
        other.join()


def test_forked_and_spawned_workers_play_the_same_game(tiny: Path) -> None:
    task = plan_sweep(tiny, GRID, 1).tasks()[0]
    records = []
    for method in ("fork", "spawn"):
        if method not in multiprocessing.get_all_start_methods():
            continue
        pool = worker_pool(1, method)
        try:
            with workers_skip_main():
                records.append(pool.submit(play, task).result(timeout=60).record)  # type: ignore[union-attr]
        finally:
            pool.shutdown()
    assert records and all(r == records[0] for r in records)
