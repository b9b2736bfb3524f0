"""Sweep throughput on the classic scenario: one process, a 2-process pool, a Dask LocalCluster.

The same games (classic.yaml, greedy vs greedy, one setting) run each way into fresh sweep
folders, twice, alternating, and the faster run counts (other processes share the 2 cores).
Figures: games per second, the pool's speed-up over one process, Dask's time relative to
the pool (cluster already running, and counting its start-up), and Dask without the
worker malloc tuning of `subwaysim.sweep.run.malloc` (the baseline it fixes). All runs
must write the same games.csv.

Run: .venv/bin/python -m bench.bench_sweep
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import count
from pathlib import Path

from subwaysim.sweep.plan.plan import plan_sweep
from subwaysim.sweep.run.backends import Backend, dask_cluster, process_pool, serial
from subwaysim.sweep.run.execution import Sweep
from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.play import GameTask, play
from subwaysim.sweep.run.results import GameRecord

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "classic.yaml"
GAMES_PER_RUN = 8
JOBS = 2
REPEATS = 2


class Runs:
    """Fresh sweep folders under one temporary root; every games.csv is kept for comparing."""

    def __init__(self, root: Path) -> None:
        self.root, self.numbers, self.files = root, count(), set[str]()

    def timed(self, backend: Backend) -> float:
        folder = self.root / f"run{next(self.numbers)}"
        job = Sweep(plan_sweep(SCENARIO, [], GAMES_PER_RUN), folder)
        start = time.perf_counter()
        job.run(backend)
        seconds = time.perf_counter() - start
        self.files.add((folder / GAMES).read_text())
        return seconds


@contextmanager
def local_cluster() -> Iterator[tuple[str, float]]:
    """A 2-worker LocalCluster (worker processes, as on a real cluster) and its start-up time."""
    from distributed import LocalCluster

    start = time.perf_counter()
    with LocalCluster(
        n_workers=JOBS,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as cluster:
        yield cluster.scheduler_address, time.perf_counter() - start


def untuned_dask(address: str) -> Backend:
    """The Dask backend without its malloc tuning (fresh cluster: the plugin persists)."""
    from distributed import Client, as_completed

    def run(tasks: Sequence[GameTask]) -> Iterator[GameRecord]:
        with Client(address, set_as_default=False) as client:
            futures = client.map(play, list(tasks), pure=False)
            for future in as_completed(futures, loop=client.loop):
                yield future.result()

    return run


def serial_cpu_per_game(root: Path) -> float:
    """CPU seconds per game in this process: the cost of a game whatever else is running."""
    job = Sweep(plan_sweep(SCENARIO, [], 2), root / "cpu")
    start = time.process_time()
    job.run(serial)
    return (time.process_time() - start) / 2


def best(runs: Runs, backends: dict[str, Callable[[], Backend]]) -> dict[str, float]:
    """The fastest of REPEATS runs per backend, the backends alternating."""
    times: dict[str, list[float]] = {name: [] for name in backends}
    for _ in range(REPEATS):
        for name, make in backends.items():
            times[name].append(runs.timed(make()))
    return {name: min(t) for name, t in times.items()}


def main() -> None:
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        runs = Runs(Path(tmp))
        cpu = serial_cpu_per_game(Path(tmp))
        with local_cluster() as (address, startup):
            t = best(
                runs,
                {
                    "serial": lambda: serial,
                    "pool": lambda: process_pool(JOBS),
                    "dask": lambda: dask_cluster(address),
                },
            )
        with local_cluster() as (address, _):
            untuned = runs.timed(untuned_dask(address))
    n = GAMES_PER_RUN
    cores = os.cpu_count()
    print(f"classic.yaml, greedy vs greedy, {n} games a run, best of {REPEATS}, {cores} cores")
    print(f"load average at start {load:.2f} (other processes compete for the cores)")
    print(
        f"CPU time per game (serial)   {cpu:6.2f} s -> at most {JOBS / cpu:.3f} games/s on {JOBS}"
    )
    print(f"serial (1 process)          {t['serial']:6.2f} s  {n / t['serial']:6.3f} games/s")
    print(f"process pool (--jobs {JOBS})    {t['pool']:6.2f} s  {n / t['pool']:6.3f} games/s")
    print(f"dask LocalCluster ({JOBS} work.) {t['dask']:6.2f} s  {n / t['dask']:6.3f} games/s"
          f"  (cluster start-up {startup:.2f} s)")  # fmt: skip
    print(f"dask without malloc tuning  {untuned:6.2f} s  {n / untuned:6.3f} games/s (one run)")
    print(f"speed-up, pool vs serial:                {t['serial'] / t['pool']:5.2f}x")
    print(f"dask / pool time, cluster running:       {t['dask'] / t['pool']:5.2f}x")
    print(f"dask / pool time, with cluster start-up: {(t['dask'] + startup) / t['pool']:5.2f}x")
    print(f"untuned / tuned dask time:               {untuned / t['dask']:5.2f}x")
    print(f"identical games.csv from every run:      {'yes' if len(runs.files) == 1 else 'NO'}")


if __name__ == "__main__":
    main()
