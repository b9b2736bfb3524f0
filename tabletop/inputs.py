"""The one way to open a file a user gives us to read: a regular file of bounded size.

Folders, devices, pipes (FIFOs) and sockets are refused without blocking: the file is opened
with O_NONBLOCK (a FIFO with no writer would otherwise wait forever in `open`) and checked
with `fstat` on the descriptor actually opened, so a file swapped between a check and the
open cannot slip through. A symlink is followed to what it names, which must be a regular
file too (a link to /dev/zero is a device). The size is checked before reading and the read
stops past the limit, so a huge file or one that grows while read costs neither time nor
memory.

`read_bytes` returns the whole (bounded) file; `read_lines` yields its lines one at a time
for readers that keep less than the file (an event log of hundreds of megabytes).
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


class UnreadableFile(ValueError):
    """A file that is not readable text: `reason` says why in a few words (no path)."""

    def __init__(self, path: str | Path, reason: str) -> None:
        self.path, self.reason = str(path), reason
        super().__init__(f"{path}: {reason}")


def not_regular(mode: int) -> str:
    """What a non-regular file is, in a few words."""
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "not a regular file (a pipe, FIFO)"
    if stat.S_ISSOCK(mode):
        return "not a regular file (a socket)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "not a regular file (a device)"
    return "not a regular file (a device, pipe or socket)"


def too_big(size: int, limit: int) -> str:
    return f"{size:,} bytes or more; the limit is {limit:,} bytes (is it the right file?)"


class TooLarge(UnreadableFile):
    """A file over its size limit: `size` (bytes, or a lower bound) and `limit`."""

    def __init__(self, path: str | Path, size: int, limit: int) -> None:
        super().__init__(path, too_big(size, limit))
        self.size, self.limit = size, limit


@contextlib.contextmanager
def open_input(path: str | Path, limit: int) -> Iterator[BinaryIO]:
    """A binary handle on the regular file `path` of at most `limit` bytes, or UnreadableFile."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise UnreadableFile(path, exc.strerror or str(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(path, not_regular(info.st_mode))
        if info.st_size > limit:
            raise TooLarge(path, info.st_size, limit)
        os.set_blocking(fd, True)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        yield handle


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or UnreadableFile."""
    try:
        with open_input(path, limit) as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise UnreadableFile(path, exc.strerror or str(exc)) from None
    if len(data) > limit:
        raise TooLarge(path, len(data), limit)
    return data


def read_lines(path: str | Path, limit: int, line_limit: int) -> Iterator[bytes]:
    """The lines of a bounded regular file (each without its newline), one at a time.

    A line longer than `line_limit` bytes is refused (UnreadableFile naming its number)
    before it is held whole; the file as a whole is bounded by `limit`.
    """
    total = 0
    try:
        with open_input(path, limit) as handle:
            number = 0
            while True:
                line = handle.readline(line_limit + 1)
                if not line:
                    return
                number += 1
                total += len(line)
                if total > limit:
                    raise TooLarge(path, total, limit)
                if len(line) > line_limit and not line.endswith(b"\n"):
                    raise UnreadableFile(path, f"line {number} is longer than {line_limit:,} bytes")
                yield line.rstrip(b"\n")
    except OSError as exc:
        raise UnreadableFile(path, exc.strerror or str(exc)) from None


MAX_JSON_DEPTH = 64  # nesting of arrays and objects in any JSON we read


class BadJson(ValueError):
    """JSON that cannot be read: `reason` says why in a few words (line and column when
    known), without the file's name."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def json_depth(data: object, most: int = MAX_JSON_DEPTH) -> int:
    """Nesting depth of JSON data (without recursion), at most `most` + 1."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > most:
            break
        if isinstance(value, dict):
            stack.extend((kid, level + 1) for kid in value.values())
        elif isinstance(value, list):
            stack.extend((kid, level + 1) for kid in value)
    return deepest


def load_json(text: str | bytes, most_depth: int = MAX_JSON_DEPTH) -> object:
    """JSON data of bounded nesting, without NaN or Infinity and without numbers of thousands
    of digits; BadJson says what is wrong (a JSON error, deep nesting, a huge number)."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise BadJson(f"not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise BadJson(f"JSON nested deeper than {most_depth} levels") from None
    except ValueError as exc:  # Python's limit on the digits of an integer, or NaN
        if "digits" in str(exc):
            raise BadJson("a number of 4,300 digits or more") from None
        raise BadJson(str(exc)) from None
    if json_depth(data, most_depth) > most_depth:
        raise BadJson(f"JSON nested deeper than {most_depth} levels")
    return data
