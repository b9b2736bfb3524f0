"""Atomic file writes (a temp file in the same folder, then os.replace) and bounded reads.

A reader sees the old file or the new one, never half of one. The new file gets the mode
an ordinary `open(path, "w")` would give it (0666 less the umask), or keeps the mode of the
file it replaces, not the 0600 of the temp file. `read_text` reads what users give us
(scenarios, maps, saves): a regular file of bounded size holding UTF-8 text, or a clear refusal.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from contextvars import ContextVar
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


# ------------------------------------------------------------------ reading


class UnreadableFile(ValueError):
    """A file that is not readable text: `reason` says why in a few words (no path)."""

    def __init__(self, path: str | Path, reason: str) -> None:
        self.path, self.reason = str(path), reason
        super().__init__(f"{path}: {reason}")


def read_text(path: str | Path, limit: int) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes, or UnreadableFile.

    The size is checked before reading and the read stops past `limit`, so a huge file,
    `/dev/zero` or a file that grows while read costs neither time nor memory; folders,
    devices and pipes are refused without opening them for reading.
    """
    data = _read_bytes(Path(path), limit)
    return decode_text(data, path)


def _read_bytes(path: Path, limit: int) -> bytes:
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(path, _not_regular(info.st_mode))
        if info.st_size > limit:
            raise UnreadableFile(path, _too_big(info.st_size, limit))
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise UnreadableFile(path, exc.strerror or str(exc)) from None
    if len(data) > limit:
        raise UnreadableFile(path, _too_big(len(data), limit))
    return data


def _not_regular(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    return "not a regular file (a device, pipe or socket)"


def _too_big(size: int, limit: int) -> str:
    return f"{size:,} bytes or more; the limit is {limit:,} bytes (is it the right file?)"


BOMS = {
    b"\xff\xfe\x00\x00": "UTF-32",
    b"\x00\x00\xfe\xff": "UTF-32",
    b"\xff\xfe": "UTF-16",
    b"\xfe\xff": "UTF-16",
}


def decode_text(data: bytes, path: str | Path) -> str:
    """UTF-8 text (a UTF-8 byte order mark is dropped); UnreadableFile says what it is else."""
    for bom, name in BOMS.items():
        if data.startswith(bom):
            raise UnreadableFile(path, f"{name} text; save it as UTF-8")
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise UnreadableFile(path, f"binary data, not text (a NUL byte on line {line})")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        byte = data[exc.start]
        raise UnreadableFile(
            path, f"not UTF-8 text (byte 0x{byte:02x} on line {line}); save it as UTF-8"
        ) from None


# ------------------------------------------------------------------ files named by data

_NAMED_FILES = ContextVar("reading_named_files", default=True)


def reading_named_files() -> bool:
    """Whether a file named inside data may be read now (not while a save file replays)."""
    return _NAMED_FILES.get()


@contextlib.contextmanager
def no_named_files() -> Iterator[None]:
    """While replaying a saved game: data from the file may not make us read another file
    (a save that names `/etc/passwd` as its map is refused, not read)."""
    token = _NAMED_FILES.set(False)
    try:
        yield
    finally:
        _NAMED_FILES.reset(token)
