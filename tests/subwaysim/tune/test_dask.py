"""A tune on a real local Dask cluster (a scheduler and two worker processes, as the sweep
tests start them): killing a worker while a trial's games run costs that trial at most,
and the tune completes."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.subwaysim.sweep import test_backends as backend_tests
from tests.subwaysim.tune.helpers import CLI, SMALL

cluster = backend_tests.cluster  # the sweep tests' scheduler and two workers


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
