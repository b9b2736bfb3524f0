"""One run per sweep folder: a second one is refused while the first holds the lock."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.run.lock import LOCK, FolderLock


def test_a_held_lock_refuses_another_naming_the_holder(tmp_path: Path) -> None:
    with FolderLock(tmp_path) as lock:
        assert lock.held and (tmp_path / LOCK).read_text() == f"{os.getpid()}\n"
        with pytest.raises(SweepError, match=rf"another sweep \(pid {os.getpid()}\) is running"):
            FolderLock(tmp_path).acquire()
    assert not (tmp_path / LOCK).exists()  # released: the file goes
    FolderLock(tmp_path).acquire().release()  # and the folder can be taken again


def test_a_killed_holder_leaves_no_stale_lock(tmp_path: Path) -> None:
    code = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from subwaysim.sweep.run.lock import FolderLock\n"
        f"FolderLock(Path({str(tmp_path)!r})).acquire()\n"
        "os._exit(0)  # no release: only the kernel lets go\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    assert (tmp_path / LOCK).exists()
    FolderLock(tmp_path).acquire().release()


def test_a_second_sweep_into_a_locked_folder_exits_2(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    with FolderLock(out):
        result = CliRunner().invoke(
            app, ["sweep", str(tiny), "--games", "1", "--jobs", "1", "--out", str(out)]
        )
        assert result.exit_code == 2, result.output
        assert "another sweep" in result.output and "is running into this folder" in result.output
        report = CliRunner().invoke(app, ["report", str(out)])
        assert report.exit_code == 2 and "another sweep" in report.output
    assert not (out / "games.csv").exists()
