"""Dask workers: undo a malloc setting that made Subway Games about 3x slower there.

Dask's nannies start workers with `MALLOC_TRIM_THRESHOLD_=65536` (to hand freed memory back
to the OS). Setting any malloc tunable through the environment also pins glibc's mmap
threshold at 128 KiB, so every routing table a game builds (scipy arrays of a few hundred
KiB) becomes a fresh mmap, page-faulted in and unmapped again, and the low trim threshold
keeps giving the heap top back only to fault it in again: a classic game took 2.7x the CPU
time in a worker (1.5x with the mmap threshold alone raised). This plugin sets both
thresholds to glibc's own dynamic ceiling (32 MiB) on every worker, now and later, so a
worker keeps at most 32 MiB of freed heap; without glibc it does nothing. Imported only by
the Dask backend (it needs `distributed`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc <malloc.h>
THRESHOLD = 32 * 1024 * 1024


def raise_malloc_thresholds() -> bool:
    """True if glibc's mallopt took both thresholds."""
    name = ctypes.util.find_library("c")
    try:
        mallopt = getattr(ctypes.CDLL(name), "mallopt", None) if name else None
    except OSError:
        return False
    if mallopt is None:
        return False
    return all(mallopt(option, THRESHOLD) == 1 for option in (M_MMAP_THRESHOLD, M_TRIM_THRESHOLD))


class MallocTuning(WorkerPlugin):
    """Runs `raise_malloc_thresholds` on each worker as it joins the cluster."""

    name = "subwaysim-malloc-tuning"

    def setup(self, worker: Any) -> None:
        raise_malloc_thresholds()
