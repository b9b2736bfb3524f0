"""Atomic writes: whole files only, the usual file mode, nothing left behind on failure."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tabletop.files import atomic_write_bytes, atomic_write_text


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_the_mode_open_would_give_it(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        atomic_write_text(tmp_path / "deep" / "a.txt", "hello")
    finally:
        os.umask(old)
    assert (tmp_path / "deep" / "a.txt").read_text() == "hello"
    assert mode(tmp_path / "deep" / "a.txt") == 0o640  # 0666 less the umask, not 0600


def test_a_replaced_file_keeps_its_mode_and_no_temp_file_is_left(tmp_path: Path) -> None:
    target = tmp_path / "b.png"
    target.write_bytes(b"old")
    target.chmod(0o604)
    atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"new" and mode(target) == 0o604
    assert [p.name for p in tmp_path.iterdir()] == ["b.png"]


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "c.txt"
    target.write_text("kept")
    with pytest.raises(UnicodeEncodeError):
        atomic_write_text(target, "\ud800")  # a lone surrogate cannot be encoded
    assert target.read_text() == "kept"
    assert [p.name for p in tmp_path.iterdir()] == ["c.txt"]
