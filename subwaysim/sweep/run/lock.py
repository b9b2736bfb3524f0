"""One run at a time in a sweep folder: an advisory lock on `sweep.lock`.

The lock is an `flock` on the open file, so the kernel drops it when its holder exits,
however it exits (SIGKILL included): a killed sweep never leaves a stale lock behind. The
file holds the holder's pid, for the refusal message, and is removed on release.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

from subwaysim.sweep.errors import SweepError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LOCK = "sweep.lock"


class FolderLock:
    """Held from `acquire()` until `release()` (or the holder's exit)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK
        self._file: IO[str] | None = None

    def acquire(self) -> FolderLock:
        """Take the lock or raise SweepError naming the process that holds it."""
        while self._file is None:
            handle = self.path.open("a+", encoding="utf-8")
            if not _try_lock(handle):
                handle.seek(0)
                holder = handle.read().strip() or "unknown"
                handle.close()
                raise SweepError(
                    f"{self.path.parent}: another sweep (pid {holder}) is running into this "
                    "folder; wait for it to finish or use another --out"
                )
            if _same_file(handle, self.path):
                self._file = handle
            else:  # the holder removed the file as we opened it: lock the new one
                handle.close()
        self._file.seek(0)
        self._file.truncate()
        self._file.write(f"{os.getpid()}\n")
        self._file.flush()
        return self

    def release(self) -> None:
        if self._file is None:
            return
        self.path.unlink(missing_ok=True)  # while still locked: no one can take a dead file
        self._file.close()
        self._file = None

    @property
    def held(self) -> bool:
        return self._file is not None

    def __enter__(self) -> FolderLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def _try_lock(handle: IO[str]) -> bool:
    if fcntl is None:  # pragma: no cover - no advisory locks: one run per folder is on trust
        return True
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _same_file(handle: IO[str], path: Path) -> bool:
    try:
        on_disk = path.stat()
    except FileNotFoundError:
        return False
    mine = os.fstat(handle.fileno())
    return (mine.st_dev, mine.st_ino) == (on_disk.st_dev, on_disk.st_ino)
