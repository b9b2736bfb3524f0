"""numba for the games' hot loops, with its compiled-code cache in a place we can write.

numba caches compiled kernels (`cache=True`) next to their module. When the package folder
is read-only (an installed package, a shared checkout), kernels would be recompiled in every
process: then `NUMBA_CACHE_DIR` is pointed at a per-user cache folder before numba starts
(a value the user set is kept). The idea of `subwaysim/compiled.py`, copied: `abstracts/`
never imports `subwaysim/`.

numba's cache does not notice when a kernel called from another module changes (numba
issue #1833): a game keeps the kernels that call each other in few modules, and after
editing one of them, `find abstracts -name '*.nb[ci]' -delete` clears stale machine code.
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
    """The NUMBA_CACHE_DIR to set, or None when numba's default (the package folders) works."""
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
    """A compiled hot loop: nopython mode, cached on disk, free of the GIL. Every kernel is
    checked against the plain-Python rules it implements."""
    return njit(cache=True, nogil=True)(function)  # type: ignore[no-any-return]
