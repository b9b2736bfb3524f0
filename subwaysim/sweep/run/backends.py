"""Where games run: in this process, on a local process pool, or on a Dask cluster.

Each backend takes the pending tasks and yields outcomes as games finish (any order: a
game's result depends only on its task, never on where or when it ran). A game that
raises comes back as a `FailedGame`; so does one whose worker died under it.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any, Protocol

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.run.play import GameTask, Outcome, play
from subwaysim.sweep.run.workers import prepare_worker
from tabletop import signals

Backend = Callable[[Sequence[GameTask]], Iterator[Outcome]]
Work = Callable[[GameTask], Any]  # what a worker does with a task: `play` unless told
DASK_MISSING = "--scheduler needs Dask: pip install 'transit-games[dask]'"


def serial(tasks: Sequence[GameTask]) -> Iterator[Outcome]:
    for task in tasks:
        with signals.deferred():  # a signal stops the sweep between games, not in a kernel
            outcome = play(task)
        yield outcome


def serial_work(work: Work) -> Backend:
    """`serial` with another picklable work function (e.g. `subway exploit`'s games)."""

    def run(tasks: Sequence[GameTask]) -> Iterator[Any]:
        for task in tasks:
            yield work(task)

    return run


def process_pool(jobs: int, work: Work = play) -> Backend:
    """A pool of `jobs` worker processes (`worker_pool`: forked when that is safe, else
    spawned). Workers die with the process that runs the sweep (see `workers.py`), so run
    it from a thread that lives as long as the sweep."""
    if jobs < 1:
        raise SweepError(f"--jobs must be at least 1, got {jobs}")

    def run(tasks: Sequence[GameTask]) -> Iterator[Outcome]:
        if not tasks:
            return
        pool = worker_pool(min(jobs, len(tasks)))
        try:
            with workers_skip_main():  # workers are spawned as games are submitted
                futures = {pool.submit(work, task): task for task in tasks}
            for future in as_completed(futures):
                yield _outcome(future, futures[future])
        finally:  # on Ctrl-C: drop queued games, let running ones end, keep what is saved
            pool.shutdown(wait=True, cancel_futures=True)

    return run


def worker_pool(workers: int, method: str | None = None) -> ProcessPoolExecutor:
    """Worker processes that die with this one (submit under `workers_skip_main`).

    By default (`start_method`) they are forked when this process runs no other thread:
    a forked worker starts with the modules and compiled kernels already loaded, where a
    spawned one spends most of a second importing and starting numba. Beside another
    thread (the live view's refresh) forking is unsafe, so they are spawned.
    """
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context(method or start_method()),
        initializer=prepare_worker,
        initargs=(os.getpid(),),
    )


def start_method() -> str:
    """'fork' where it is available and this process runs a single thread, else 'spawn'."""
    forks = "fork" in multiprocessing.get_all_start_methods()
    return "fork" if forks and threading.active_count() == 1 else "spawn"


@contextmanager
def workers_skip_main() -> Iterator[None]:
    """Spawned workers normally import the parent's `__main__` first: for `subway sweep`
    that is the console script, which loads the whole CLI (typer, rich) into every worker
    for nothing, since games never refer to `__main__`. Hide it while workers start."""
    main = sys.modules["__main__"]
    spec, path = getattr(main, "__spec__", None), vars(main).get("__file__")
    main.__spec__ = None  # what multiprocessing reads: a spec's name, else the file
    vars(main).pop("__file__", None)
    try:
        yield
    finally:
        main.__spec__ = spec
        if path is not None:
            main.__file__ = path


class _Pending(Protocol):
    """A finished future of either kind (concurrent.futures or Dask)."""

    def result(self) -> Outcome: ...


def _outcome(future: _Pending, task: GameTask) -> Outcome:
    """The game's outcome; a worker that died (killed, out of memory) fails its game."""
    try:
        return future.result()
    except Exception as exc:
        return task.failed(f"the worker process failed: {type(exc).__name__}: {exc}")


def dask_cluster(address: str, work: Work = play) -> Backend:
    """The games as Dask futures on the scheduler at `address` (dask is imported lazily)."""
    try:
        from distributed import Client
        from distributed import as_completed as dask_completed
    except ImportError:
        raise SweepError(DASK_MISSING) from None

    def run(tasks: Sequence[GameTask]) -> Iterator[Outcome]:
        if not tasks:
            return
        try:
            client = Client(address, timeout="10s", set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise SweepError(f"--scheduler {address}: cannot reach the scheduler: {exc}") from None
        with client:
            from subwaysim.sweep.run.dask_tuning import MallocTuning

            client.register_plugin(MallocTuning())  # see malloc.py: ~3x faster games
            futures = client.map(work, list(tasks), pure=False)
            owner = dict(zip((f.key for f in futures), tasks, strict=True))
            for future in dask_completed(futures, loop=client.loop):
                yield _outcome(future, owner[future.key])

    return run


def choose_backend(jobs: int | None, scheduler: str | None, work: Work = play) -> Backend:
    """Dask when a scheduler is given, else `jobs` processes (default: every core); each
    task goes through `work` (a sweep's `play` unless told)."""
    if scheduler is not None:
        if jobs is not None:
            raise SweepError("give --jobs or --scheduler, not both (the cluster sets its workers)")
        return dask_cluster(scheduler, work)
    if jobs is None:
        jobs = os.cpu_count() or 1
    if jobs == 1:
        return serial if work is play else serial_work(work)
    return process_pool(jobs, work)
