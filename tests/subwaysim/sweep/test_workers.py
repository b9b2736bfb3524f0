"""Workers die with the sweep that started them: killing it leaves no process behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.workers import die_with_parent

LINUX = sys.platform.startswith("linux")


def children(pid: int) -> list[int]:
    """Processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Running (a zombie waiting for its new parent to reap it does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(condition, seconds: float) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return bool(condition())


@pytest.mark.skipif(not LINUX, reason="reads /proc")
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_killing_the_sweep_leaves_no_worker_behind(
    tiny: Path, tmp_path: Path, how: signal.Signals
) -> None:
    out = tmp_path / "out"
    sweep = subprocess.Popen(
        [sys.executable, "-c", "from subwaysim.cli import main; main()", "sweep", str(tiny),
         "--set", "rules.builds_per_turn=1..2", "--games", "2000", "--jobs", "2",
         "--out", str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        started = wait_for(
            lambda: (
                len(children(sweep.pid)) >= 2
                and (out / GAMES).exists()
                and len((out / GAMES).read_text().splitlines()) > 2
            ),
            120,
        )
        assert started, "the sweep did not get going"
        workers = children(sweep.pid)
        os.kill(sweep.pid, how)
        sweep.wait(timeout=30)
        assert wait_for(lambda: not any(alive(p) for p in workers), 20), [
            p for p in workers if alive(p)
        ]
    finally:
        if sweep.poll() is None:
            sweep.kill()
            sweep.wait()


@pytest.mark.skipif(not LINUX, reason="prctl is Linux's")
def test_a_worker_whose_parent_is_gone_already_exits() -> None:
    code = (
        "import os\n"
        "from subwaysim.sweep.run.workers import die_with_parent\n"
        "die_with_parent(os.getppid() + 1_000_000)  # not its parent: as if it had died\n"
        "print('still here')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 1 and "still here" not in result.stdout
    assert die_with_parent(os.getppid())  # this process's real parent: it stays


def test_the_watchdog_ends_a_process_whose_parent_changed() -> None:
    code = (
        "import os, time\n"
        "from subwaysim.sweep.run.workers import watch_parent\n"
        "watch_parent(os.getppid() + 1_000_000, poll=0.05)\n"
        "time.sleep(10)\n"
        "print('still here')\n"
    )
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 1 and "still here" not in result.stdout
    assert time.monotonic() - start < 9
