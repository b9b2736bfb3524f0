"""A Dask worker plugin: `malloc.raise_malloc_thresholds` on every worker, now and later.

See `subwaysim.sweep.run.malloc` for why (games ran ~3x slower under Dask's malloc settings).
Imported only by the Dask backend, since it needs `distributed`.
"""

from __future__ import annotations

from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

from subwaysim.sweep.run.malloc import raise_malloc_thresholds


class MallocTuning(WorkerPlugin):
    """Runs `raise_malloc_thresholds` on each worker as it joins the cluster."""

    name = "subwaysim-malloc-tuning"

    def setup(self, worker: Any) -> None:
        raise_malloc_thresholds()
