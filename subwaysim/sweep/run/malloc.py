"""Worker processes: undo a malloc setting that made Subway Games about 3x slower.

Dask's nannies start workers with `MALLOC_TRIM_THRESHOLD_=65536` (to hand freed memory back
to the OS), and starting a Dask LocalCluster leaves that variable in the parent's
environment, where the process pool's workers inherit it. Setting any malloc tunable
through the environment also pins glibc's mmap threshold at 128 KiB, so every routing table
a game builds (scipy arrays of a few hundred KiB) becomes a fresh mmap, page-faulted in and
unmapped again, and the low trim threshold keeps giving the heap top back only to fault it
in again: a classic game took 2.7x the CPU time (1.5x with only the mmap threshold raised).
Sweep workers (pool and Dask) set both thresholds to glibc's own dynamic ceiling, 32 MiB,
so a worker keeps at most 32 MiB of freed heap. Without glibc this does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc <malloc.h>
THRESHOLD = 32 * 1024 * 1024


def raise_malloc_thresholds() -> bool:
    """True if glibc's mallopt took both thresholds (False without glibc)."""
    name = ctypes.util.find_library("c")
    try:
        mallopt = getattr(ctypes.CDLL(name), "mallopt", None) if name else None
    except OSError:
        return False
    if mallopt is None:
        return False
    return all(mallopt(option, THRESHOLD) == 1 for option in (M_MMAP_THRESHOLD, M_TRIM_THRESHOLD))
