"""Issue 27, point 2 (and 8's sweep under SIGTERM): Ctrl-C and SIGTERM sent to real processes
stop at a safe point with a valid partial log, one line, and exit 130 / 143."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = ROOT / "scenarios" / "classic.yaml"
SUBWAY = "import sys; sys.argv[0] = 'subway'; from subwaysim.cli import main; main()"
CODES = {signal.SIGINT: 130, signal.SIGTERM: 143}


def start(*args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-c", SUBWAY, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def wait_for(ready: object, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not ready():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the command never got going"
        time.sleep(0.05)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_run_stops_between_turns_with_a_valid_log(tmp_path: Path, signum: int) -> None:
    log = tmp_path / "g.jsonl"
    process = start("run", str(CLASSIC), "--quiet", "--set", "end.turns=1000",
                    "--set", "end.max_turns=1000", "--log", str(log))  # fmt: skip
    wait_for(lambda: any(p.stat().st_size > 20_000 for p in tmp_path.glob(".g.jsonl.*")))
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    assert process.returncode == CODES[signum], err
    assert "Traceback" not in out + err
    said = [line for line in (out + err).splitlines() if line.strip()]
    assert len(said) == 1 and "the log of the" in said[0] and "turns played" in said[0]
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["event"] == "GameStarted" and events[-1]["event"] == "TurnEnded"
    assert not list(tmp_path.glob(".g.jsonl.*"))  # no temporary file left behind


def test_sweep_under_sigterm_keeps_its_games_and_leaks_nothing(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    process = start("sweep", str(CLASSIC), "--set", "end.turns=5,6,7,8,9,10,11,12",
                    "--games", "30", "--jobs", "2", "--out", str(out))  # fmt: skip
    games = out / "games.csv"
    wait_for(lambda: games.exists() and games.read_text().count("\n") > 2)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 143, err
    assert "leaked" not in err and "Traceback" not in err
    lines = games.read_text().splitlines()
    assert len(lines) > 2 and all(line.count(",") == lines[0].count(",") for line in lines)
