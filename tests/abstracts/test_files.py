"""Atomic writes (`abstracts/files.py`): whole files only, the usual mode, nothing left
behind on failure; the subway simulator uses the same functions."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

import subwaysim.files
from abstracts.files import atomic_write_bytes, atomic_write_text


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_the_mode_open_would_give_it(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        atomic_write_text(tmp_path / "deep" / "a.json", "{}")
    finally:
        os.umask(old)
    assert (tmp_path / "deep" / "a.json").read_text() == "{}"
    assert mode(tmp_path / "deep" / "a.json") == 0o640


def test_a_missing_folder_is_an_error_when_asked(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        atomic_write_text(tmp_path / "typo" / "save.json", "{}", make_folder=False)
    assert list(tmp_path.iterdir()) == []


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "c.json"
    target.write_bytes(b"kept")
    with pytest.raises(UnicodeEncodeError):
        atomic_write_text(target, "\ud800")
    assert target.read_bytes() == b"kept"
    atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"new" and [p.name for p in tmp_path.iterdir()] == ["c.json"]


def test_the_simulator_writes_with_the_same_functions() -> None:
    assert subwaysim.files.atomic_write_text is atomic_write_text
    assert subwaysim.files.atomic_write_bytes is atomic_write_bytes
