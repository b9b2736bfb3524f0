"""numba for the hot loops, with its compiled-code cache in a place we can write.

numba caches compiled kernels (`cache=True`) next to their module. When the package folder
is read-only (an installed package, a shared checkout), kernels would be recompiled in every
process: then `NUMBA_CACHE_DIR` is pointed at a per-user cache folder before numba starts
(a value the user set is kept). `abstracts` never imports `subwaysim`, so this is a copy of
`subwaysim/compiled.py`'s logic, checking the game packages' folders instead.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
PACKAGE = Path(__file__).resolve().parent


def cache_dir(package: Path = PACKAGE, environ: dict[str, str] | None = None) -> str | None:
    """The NUMBA_CACHE_DIR to set, or None when numba's default (the package folder) works."""
    env = os.environ if environ is None else environ
    if env.get("NUMBA_CACHE_DIR"):
        return None
    folders = [package, *(p for p in package.iterdir() if (p / "__init__.py").exists())]
    if all(os.access(folder, os.W_OK) for folder in folders):
        return None
    base = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    if not os.access(Path(base).parent if not Path(base).exists() else base, os.W_OK):
        base = tempfile.gettempdir()
    return str(Path(base) / "transit-games" / "numba")


_folder = cache_dir()
if _folder is not None:
    os.environ["NUMBA_CACHE_DIR"] = _folder

from numba import njit  # noqa: E402  (after NUMBA_CACHE_DIR is settled)


def kernel(function: F) -> F:
    """A compiled hot loop: nopython mode, cached on disk. Every kernel has a plain-Python
    reference beside it, and tests check one against the other."""
    return njit(cache=True, nogil=True)(function)  # type: ignore[no-any-return]
