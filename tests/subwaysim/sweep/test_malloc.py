"""Worker processes raise glibc's malloc thresholds (see subwaysim.sweep.run.malloc)."""

from __future__ import annotations

import platform

import pytest

from subwaysim.sweep.run.malloc import raise_malloc_thresholds


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")
def test_workers_can_raise_the_malloc_thresholds() -> None:
    assert raise_malloc_thresholds()
