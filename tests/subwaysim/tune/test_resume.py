"""A tune killed with SIGKILL mid-search resumes: every finished trial is kept, once, and
the trial that was running is marked failed; a second run into a busy DIR is refused."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from subwaysim.tune.command import TuneLock
from subwaysim.tune.errors import TuneError
from tests.subwaysim.tune.helpers import CLI, SMALL

ARGS = ["--vary", "end.turns=3..16", "--vary", "rules.builds_per_turn=1..4", "--agents", "random",
        "--target", "rounds=8", "--budget", "120", "--games-per-trial", "4",
        "--confirm", "0", "--jobs", "1"]  # fmt: skip


def _trials(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.slow
def test_kill_9_during_the_search_then_resume(tmp_path: Path) -> None:
    scenario, out = tmp_path / "small.yaml", tmp_path / "tune"
    scenario.write_text(SMALL)
    command = [*CLI, "tune", str(scenario), *ARGS, "--out", str(out)]
    first = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 240
        while len(_trials(out / "trials.csv")) < 3:
            assert first.poll() is None, "the tune ended before it could be killed"
            assert time.monotonic() < deadline, "the tune did not get going"
            time.sleep(0.05)
        with pytest.raises(TuneError, match=r"another tune \(pid \d+\) is running"):
            TuneLock(out).acquire()  # what a second `subway tune --out DIR` meets
        assert first.poll() is None, "the tune ended before it could be killed"
        os.kill(first.pid, signal.SIGKILL)
        first.wait(timeout=30)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    before = {r["trial"]: r for r in _trials(out / "trials.csv")}
    again = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    after = _trials(out / "trials.csv")
    numbers = [r["trial"] for r in after]
    assert len(numbers) == len(set(numbers))  # every trial once
    for number, row in before.items():  # the finished trials are kept as they were
        assert {k: v for k, v in after[int(number)].items()} == row
    interrupted = [r for r in after if r["note"].startswith("interrupted")]
    assert len(interrupted) <= 1  # the trial that was running, if the kill caught one
    assert sum(int(r["games"]) for r in after) <= 120  # interrupted: its planned games
    assert "budget of 120 games is spent" in (out / "tune.md").read_text() or any(
        "settled" in line or "every one of" in line
        for line in (out / "tune.md").read_text().splitlines()
    )
