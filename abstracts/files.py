"""Atomic file writes: a temp file in the same folder, then os.replace.

A reader sees the old file or the new one, never half of one. The new file gets the mode
an ordinary `open(path, "w")` would give it (0666 less the umask), or keeps the mode of the
file it replaces, not the 0600 of the temp file.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def atomic_write_text(path: str | Path, text: str, *, make_folder: bool = True) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), make_folder=make_folder)


def atomic_write_bytes(path: str | Path, data: bytes, *, make_folder: bool = True) -> None:
    """Write `data` to `path`; with `make_folder` False a missing folder is an OSError."""
    path = Path(path)
    if make_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process umask (reading it means setting it, so set it straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
