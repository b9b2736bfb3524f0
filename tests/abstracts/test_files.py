"""Atomic writes (`tabletop/files.py`): whole files only, the usual mode, nothing left
behind on failure; the subway simulator uses the same functions."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

import tabletop.files
from tabletop.files import UnreadableFile, atomic_write_bytes, atomic_write_text, read_text


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
    assert tabletop.files.atomic_write_text is atomic_write_text
    assert tabletop.files.atomic_write_bytes is atomic_write_bytes


# ------------------------------------------------------------------ bounded reads


def unreadable(path: Path, limit: int = 1000) -> str:
    with pytest.raises(UnreadableFile) as caught:
        read_text(path, limit)
    assert caught.value.path == str(path)
    return caught.value.reason


def test_text_files_read_with_or_without_a_utf8_byte_order_mark(tmp_path: Path) -> None:
    plain, marked = tmp_path / "a.txt", tmp_path / "b.txt"
    plain.write_text("café\n", encoding="utf-8")
    marked.write_bytes(b"\xef\xbb\xbfcaf\xc3\xa9\n")
    assert read_text(plain, 100) == read_text(marked, 100) == "café\n"


def test_text_that_is_not_utf8_is_refused_saying_what_it_is(tmp_path: Path) -> None:
    cases = {
        b"name: x\nname: caf\xe9\n": "not UTF-8 text (byte 0xe9 on line 2); save it as UTF-8",
        "name: x".encode("utf-16"): "UTF-16 text; save it as UTF-8",
        "name: x".encode("utf-32"): "UTF-32 text; save it as UTF-8",
        b"\x7fELF\x02\x01\x01\x00\x00": "binary data, not text (a NUL byte on line 1)",
    }
    for i, (data, reason) in enumerate(cases.items()):
        path = tmp_path / f"{i}.yaml"
        path.write_bytes(data)
        assert unreadable(path) == reason


def test_folders_devices_and_pipes_are_refused_without_reading(tmp_path: Path) -> None:
    assert unreadable(tmp_path) == "is a folder, not a file"
    assert unreadable(Path("/dev/zero")).startswith("not a regular file")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # opening it would wait for a writer forever
    assert unreadable(fifo).startswith("not a regular file")
    assert unreadable(tmp_path / "missing") == "No such file or directory"


def test_a_huge_file_is_refused_by_its_size_before_reading(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as out:
        out.truncate(10**12)  # a terabyte, sparse: reading it would never end
    assert unreadable(huge, 1000) == (
        "1,000,000,000,000 bytes or more; the limit is 1,000 bytes (is it the right file?)"
    )
