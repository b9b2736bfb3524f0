"""The one way to open an output: every file a command or a console writes goes through here.

Checked before anything is written (`check_outputs`, at the start of a command, so a refusal
costs no game):
- the name: no control characters (a newline in a file name is a mistake, never a wish);
- what is there: nothing, or a regular file. A folder, device, FIFO or socket is refused.
  A symbolic link is refused too (we do not write through links: the file the link names
  may be anything, anywhere); give the file itself;
- the command's own inputs and the run's other outputs: one path (or two names of one file,
  hard links included) cannot be both, nor two outputs;
- an existing regular file is replaced only when it is an earlier output of the same kind
  (a log over a log, a page over a page, a save over a save: each kind recognises its files
  by their first bytes), when it is empty, or with `force`; otherwise the refusal says what
  is there.

Written (`write_atomic`, `AtomicOutput`): into a temporary file in the target's folder, then
renamed over the target, so a reader sees the old file or the new one, never half of one,
and a full disk or a failed write leaves the old file as it was. Just before the rename the
target is checked again (a link or a device that appeared meanwhile is refused).

Every refusal is `OutputRefused`, one line naming the path; commands print it and exit 2.
"""

from __future__ import annotations

import os
import stat
import tempfile
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from tabletop.inputs import not_regular

HEAD_BYTES = 4096  # how much of an existing file its kind is recognised from


class OutputRefused(OSError):
    """An output that may not be written there: `str()` names the path and why, `strerror`
    says why alone (an OSError, so every handler of a failed write handles it too)."""

    def __init__(self, path: str | Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.filename, self.strerror = str(path), reason

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of output file: `what` names it ("an event log"); `recognise` says from the
    first bytes of an existing file whether it is one."""

    name: str
    what: str
    recognise: Callable[[bytes], bool]


_KINDS: dict[str, Kind] = {}


def register_kind(kind: Kind) -> Kind:
    """Make a kind known, so a refusal can name what a file is (`describe`)."""
    _KINDS[kind.name] = kind
    return kind


def describe(head: bytes) -> str:
    """What a file holding `head` first looks like, in a few words."""
    for kind in _KINDS.values():
        if kind.recognise(head):
            return kind.what
    if head.lstrip().startswith((b"<!DOCTYPE", b"<html", b"<?xml")):
        return "an HTML or XML document"
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(head) - 4:  # not just a character cut at the end of the head
            return "binary data"
    return "binary data" if b"\x00" in head else "a text file"


def control_characters(text: str) -> list[str]:
    """The control characters in `text` (C0, DEL, C1, bidi and other format controls)."""
    return [c for c in text if unicodedata.category(c) in ("Cc", "Cf")]


def check_name(path: str | Path) -> None:
    found = control_characters(str(path))
    if found:
        shown = str(path).encode("unicode_escape").decode("ascii")
        raise OutputRefused(
            shown,
            f"the file name holds the control character "
            f"{found[0].encode('unicode_escape').decode('ascii')}; give a plain name",
        )


def _existing(path: Path) -> os.stat_result | None:
    try:
        return path.lstat()
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        folder = path.parent
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        raise OutputRefused(path, f"cannot write it: {folder} is not a folder") from None
    except OSError as exc:
        raise OutputRefused(path, f"cannot write it: {exc.strerror or exc}") from None


def check_target(path: str | Path) -> os.stat_result | None:
    """Refuse a target that is a link or not a regular file; its lstat if it exists."""
    path = Path(path)
    check_name(path)
    info = _existing(path)
    if info is None:
        return None
    if stat.S_ISLNK(info.st_mode):
        try:
            to = os.readlink(path)
        except OSError:
            to = "?"
        raise OutputRefused(
            path,
            f"is a symbolic link (to {to}); outputs are not written through links: "
            "give the file itself",
        )
    if not stat.S_ISREG(info.st_mode):
        raise OutputRefused(path, f"{not_regular(info.st_mode)}; give the name of a file")
    return info


def _head(path: Path) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise OutputRefused(path, f"cannot read what is there: {exc.strerror}") from None
    try:
        return os.read(fd, HEAD_BYTES)
    finally:
        os.close(fd)


def _folder(path: Path) -> None:
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent  # missing folders are made when the file is written
    if not folder.is_dir():
        raise OutputRefused(path, f"cannot write it: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputRefused(path, f"cannot write it: no permission to write in {folder}")


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _same(a: Path, b: Path) -> bool:
    one, two = _identity(a), _identity(b)
    if one is not None and one == two:
        return True
    return os.path.abspath(a) == os.path.abspath(b) or a.resolve() == b.resolve()


@dataclass(frozen=True, slots=True)
class Output:
    """One output of a command: where, which kind, and the option that named it."""

    path: Path
    kind: Kind
    option: str = ""  # e.g. "--log", for messages

    def label(self) -> str:
        return f"{self.option} {self.path}" if self.option else str(self.path)


def check_output(
    path: str | Path, kind: Kind, inputs: Iterable[str | Path] = (), force: bool = False
) -> None:
    """`check_outputs` for a single output."""
    check_outputs([Output(Path(path), kind)], inputs, force)


def check_outputs(
    outputs: Sequence[Output], inputs: Iterable[str | Path] = (), force: bool = False
) -> None:
    """Refuse (OutputRefused) any output that may not be written; see the module docstring."""
    sources = [Path(p) for p in inputs]
    for number, out in enumerate(outputs):
        info = check_target(out.path)
        for source in sources:
            if _same(out.path, source):
                raise OutputRefused(
                    out.path,
                    f"is an input of this command ({source}); writing "
                    f"{out.kind.what} there would destroy it: give another name",
                )
        for other in outputs[:number]:
            if _same(out.path, other.path):
                raise OutputRefused(
                    out.path,
                    f"named for two outputs ({other.label()} and {out.label()}); "
                    "give each its own file",
                )
        if info is None:
            _folder(out.path)
            continue
        if force or info.st_size == 0:
            continue
        head = _head(out.path)
        if not out.kind.recognise(head):
            raise OutputRefused(
                out.path,
                f"already exists and holds {describe(head)}, not {out.kind.what}; "
                "give another name, or --force to replace it",
            )


def _mode_for(info: os.stat_result | None) -> int:
    if info is not None:
        return stat.S_IMODE(info.st_mode)
    mask = os.umask(0o022)  # reading the umask means setting it: set it straight back
    os.umask(mask)
    return 0o666 & ~mask


class AtomicOutput:
    """A file written through a temporary file beside it: `handle` takes the bytes,
    `commit()` renames it over the target, `discard()` (or leaving unfinished) removes it."""

    def __init__(self, path: str | Path, *, make_folder: bool = True) -> None:
        self.path = Path(path)
        check_target(self.path)
        if make_folder:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(
            dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp"
        )
        self._tmp = Path(tmp)
        self.handle: IO[bytes] = os.fdopen(fd, "wb")
        self.done = False

    def write(self, data: bytes) -> None:
        self.handle.write(data)

    def commit(self) -> None:
        """Flush to disk and put the file in place (OSError, e.g. a full disk, keeps the old)."""
        try:
            self.handle.flush()
            os.fsync(self.handle.fileno())
            self.handle.close()
            info = check_target(self.path)  # again: nothing may have slipped in meanwhile
            os.chmod(self._tmp, _mode_for(info))
            os.replace(self._tmp, self.path)
            self.done = True
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        if not self.handle.closed:
            self.handle.close()
        if not self.done:
            self._tmp.unlink(missing_ok=True)

    def __enter__(self) -> AtomicOutput:
        return self

    def __exit__(self, kind: object, *rest: object) -> None:
        if kind is None and not self.done:
            self.commit()
        else:
            self.discard()


def write_atomic(path: str | Path, data: bytes, *, make_folder: bool = True) -> None:
    """Write `data` to `path` atomically; OutputRefused for a link or a non-regular target."""
    with AtomicOutput(path, make_folder=make_folder) as out:
        out.write(data)
