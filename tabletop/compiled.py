"""numba for the hot loops, with its compiled-code cache where it can neither go stale nor
be unwritable (used by both packages: `tabletop/compiled.py` names its own folder).

numba caches each compiled kernel (`cache=True`) and checks only the kernel's own source
file: a kernel that calls a kernel of another file (transit chess's judge calls fastgen.py,
numba issue #1833) would keep stale machine code after that file changed. So a package's
cache lives in a folder named by a digest of every source file of the package that defines
kernels: any change to any of them starts a fresh folder. The folder is under
`NUMBA_CACHE_DIR` when the user set it, else the package's own `__pycache__` when that is
writable, else a per-user cache folder (an installed or shared read-only package).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
MARK = "@kernel"


def kernel_sources(package: Path) -> list[Path]:
    """The package's source files that define compiled kernels, in a fixed order."""
    return sorted(p for p in package.rglob("*.py") if MARK in p.read_text(encoding="utf-8"))


def sources_digest(package: Path) -> str:
    digest = hashlib.sha256()
    for path in kernel_sources(package):
        digest.update(str(path.relative_to(package)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir(package: Path, environ: dict[str, str] | None = None) -> Path:
    """Where the package's compiled kernels are kept (see the module)."""
    env = os.environ if environ is None else environ
    if env.get("NUMBA_CACHE_DIR"):
        base = Path(env["NUMBA_CACHE_DIR"])
    elif _writable(package / "__pycache__") or (
        not (package / "__pycache__").exists() and _writable(package)
    ):
        base = package / "__pycache__" / "numba"
    else:
        home = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        base = Path(home if _writable(Path(home).parent) else tempfile.gettempdir())
        base = base / "transit-games" / "numba"
    return base / sources_digest(package)


def _writable(folder: Path) -> bool:
    return folder.is_dir() and os.access(folder, os.W_OK)


def kernel_maker(cache: Path) -> Callable[[F], F]:
    """The `@kernel` decorator of a package whose kernels are cached in `cache`."""

    def kernel(function: F) -> F:
        from numba import config, njit

        config.CACHE_DIR = str(cache)  # read as each kernel is made: other packages keep theirs
        return njit(cache=True, nogil=True)(function)  # type: ignore[no-any-return]

    return kernel


def package_root(package: str) -> Path:
    """The folder of the top-level package `package` (found without importing it)."""
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(f"no package {package!r}")
    return Path(spec.origin).resolve().parent


@functools.cache
def package_cache(package: str) -> Path:
    """The cache folder of the top-level package `package`'s kernels."""
    return cache_dir(package_root(package))


def kernel(function: F) -> F:
    """A compiled hot loop, cached in the folder of the top-level package that defines it
    (`subwaysim`, `abstracts`): nopython mode, cached on disk, free of the GIL. Every kernel
    has a plain-Python reference beside it, and tests check one against the other."""
    package = function.__module__.partition(".")[0]
    return kernel_maker(package_cache(package))(function)
