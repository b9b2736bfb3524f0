"""A tune on a real local Dask cluster (a scheduler and two worker processes, as the sweep
tests start them): killing a worker while a trial's games run costs that trial at most,
and the tune completes."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.subwaysim.sweep.test_backends import free_port
from tests.subwaysim.tune.helpers import CLI, SMALL


@pytest.fixture
def cluster() -> Iterator[str]:
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
        deadline = time.monotonic() + 180  # a busy machine starts dask slowly
        while True:
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
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.mark.slow
def test_killing_a_dask_worker_mid_trial_the_tune_completes(cluster: str, tmp_path: Path) -> None:
    import distributed

    scenario, out = tmp_path / "small.yaml", tmp_path / "tune"
    scenario.write_text(SMALL)
    command = [
        *CLI, "tune", str(scenario), "--vary", "end.turns=3..12", "--target", "rounds=6",
        "--agents", "random", "--budget", "24", "--games-per-trial", "6", "--confirm", "4",
        "--scheduler", cluster, "--out", str(out),
    ]  # fmt: skip
    tune = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killed = None
    try:
        with distributed.Client(cluster, timeout="30s") as client:
            pids = client.run(os.getpid)  # worker address -> its process
            deadline = time.monotonic() + 300
            while killed is None and time.monotonic() < deadline and tune.poll() is None:
                busy = [w for w, tasks in client.processing().items() if tasks]
                if busy:  # a trial's games are running on this worker: kill it
                    killed = pids[busy[0]]
                    os.kill(killed, signal.SIGKILL)
                time.sleep(0.02)
        assert killed is not None, "no trial ran on the cluster"
        output, errors = tune.communicate(timeout=600)
    finally:
        if tune.poll() is None:
            tune.kill()
            tune.wait()
    assert tune.returncode == 0, errors
    with (out / "trials.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert sum(1 for r in rows if r["state"] == "complete") >= len(rows) - 1
    assert "Recommend" in (out / "tune.md").read_text() or "No change" in output
