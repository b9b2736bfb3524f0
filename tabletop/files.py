"""Atomic file writes (a temp file in the same folder, then os.replace) and bounded reads.

A reader sees the old file or the new one, never half of one. The new file gets the mode
an ordinary `open(path, "w")` would give it (0666 less the umask), or keeps the mode of the
file it replaces, not the 0600 of the temp file. `read_text` reads what users give us
(scenarios, maps, saves): a regular file of bounded size holding UTF-8 text, or a clear refusal.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path

from tabletop.inputs import UnreadableFile, read_bytes
from tabletop.outputs import OutputRefused, write_atomic

__all__ = [
    "OutputRefused",
    "UnreadableFile",
    "atomic_write_bytes",
    "atomic_write_text",
    "decode_text",
    "no_named_files",
    "read_text",
    "reading_named_files",
]


def atomic_write_text(path: str | Path, text: str, *, make_folder: bool = True) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), make_folder=make_folder)


def atomic_write_bytes(path: str | Path, data: bytes, *, make_folder: bool = True) -> None:
    """Write `data` to `path`; with `make_folder` False a missing folder is an OSError.

    The one output opener (`tabletop.outputs`) does it: a link, a folder, a device or a
    FIFO at `path` is refused (`OutputRefused`, an OSError) instead of being replaced."""
    write_atomic(path, data, make_folder=make_folder)


# ------------------------------------------------------------------ reading


def read_text(path: str | Path, limit: int) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes, or UnreadableFile.

    The size is checked before reading and the read stops past `limit`, so a huge file,
    `/dev/zero` or a file that grows while read costs neither time nor memory; folders,
    devices and pipes are refused without blocking (`tabletop.inputs`, the one way to open
    an input).
    """
    return decode_text(read_bytes(path, limit), path)


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
