"""Where games run: in this process, on a local process pool, or on a Dask cluster.

Each backend takes the pending tasks and yields records as games finish (any order: a
game's result depends only on its task, never on where or when it ran).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.malloc import raise_malloc_thresholds
from subwaysim.sweep.play import GameTask, play
from subwaysim.sweep.results import GameRecord

Backend = Callable[[Sequence[GameTask]], Iterator[GameRecord]]
DASK_MISSING = "--scheduler needs Dask: pip install 'transit-games[dask]'"


def serial(tasks: Sequence[GameTask]) -> Iterator[GameRecord]:
    for task in tasks:
        yield play(task)


def process_pool(jobs: int) -> Backend:
    """A pool of `jobs` worker processes, spawned rather than forked (safe beside the live
    view's refresh thread); a script that runs it needs the `if __name__ == "__main__":` guard."""
    if jobs < 1:
        raise SweepError(f"--jobs must be at least 1, got {jobs}")

    def run(tasks: Sequence[GameTask]) -> Iterator[GameRecord]:
        if not tasks:
            return
        pool = ProcessPoolExecutor(
            max_workers=min(jobs, len(tasks)),
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_prepare_worker,
        )
        try:
            futures = [pool.submit(play, task) for task in tasks]
            for future in as_completed(futures):
                yield future.result()
        finally:  # on Ctrl-C: drop queued games, let running ones end, keep what is saved
            pool.shutdown(wait=True, cancel_futures=True)

    return run


def _prepare_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool in order, and get a malloc
    that suits the games even if a Dask cluster left its settings in the environment."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise_malloc_thresholds()


def dask_cluster(address: str) -> Backend:
    """The games as Dask futures on the scheduler at `address` (dask is imported lazily)."""
    try:
        from distributed import Client
        from distributed import as_completed as dask_completed
    except ImportError:
        raise SweepError(DASK_MISSING) from None

    def run(tasks: Sequence[GameTask]) -> Iterator[GameRecord]:
        if not tasks:
            return
        try:
            client = Client(address, timeout="10s", set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise SweepError(f"--scheduler {address}: cannot reach the scheduler: {exc}") from None
        with client:
            from subwaysim.sweep.dask_tuning import MallocTuning

            client.register_plugin(MallocTuning())  # see malloc.py: ~3x faster games
            futures = client.map(play, list(tasks), pure=False)
            for future in dask_completed(futures, loop=client.loop):
                yield future.result()

    return run


def choose_backend(jobs: int | None, scheduler: str | None) -> Backend:
    """Dask when a scheduler is given, else `jobs` processes (default: every core)."""
    if scheduler is not None:
        if jobs is not None:
            raise SweepError("give --jobs or --scheduler, not both (the cluster sets its workers)")
        return dask_cluster(scheduler)
    if jobs is None:
        jobs = os.cpu_count() or 1
    return serial if jobs == 1 else process_pool(jobs)
