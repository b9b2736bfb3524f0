"""Fixtures of the sweep tests: the tiny scenario on disk, and its whole sweep played once."""

from __future__ import annotations

from pathlib import Path

import pytest

from subwaysim.sweep.run.folder import GAMES
from tests.subwaysim.sweep.helpers import TINY, run_sweep


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY)
    return path


@pytest.fixture
def reference(tiny: Path, tmp_path: Path) -> str:
    """games.csv of the whole sweep run in this process, one game after another."""
    run_sweep(tiny, tmp_path / "serial")
    return (tmp_path / "serial" / GAMES).read_text()
