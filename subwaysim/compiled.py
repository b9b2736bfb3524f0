"""numba for the hot loops: `abstracts/compiled.py`'s scheme, with this package's own cache
folder, named by a digest of the subwaysim sources that define kernels (so editing a kernel
that another calls never leaves stale machine code).
"""

from __future__ import annotations

from pathlib import Path

from abstracts.compiled import cache_dir, kernel_maker

PACKAGE = Path(__file__).resolve().parent
CACHE = cache_dir(PACKAGE)
kernel = kernel_maker(CACHE)
