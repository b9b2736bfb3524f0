"""Where the Thruway kernels' compiled code is cached (abstracts/compiled.py).

numba caches next to the package when it can write there; a read-only package sends the
cache to a per-user folder; a NUMBA_CACHE_DIR the user set is kept.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import abstracts.compiled as compiled


def test_a_writable_package_keeps_numbas_default(tmp_path: Path) -> None:
    (tmp_path / "thruway").mkdir()
    (tmp_path / "thruway" / "__init__.py").touch()
    assert compiled.cache_dir(tmp_path, {}) is None


def test_a_cache_folder_the_user_set_is_kept(tmp_path: Path) -> None:
    assert compiled.cache_dir(tmp_path, {"NUMBA_CACHE_DIR": "/somewhere"}) is None


def test_a_read_only_package_caches_in_a_per_user_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "abstracts"
    (package / "thruway").mkdir(parents=True)
    (package / "thruway" / "__init__.py").touch()
    real_access = os.access

    def access(path: object, mode: int) -> bool:  # the package's folders are read-only
        return not str(path).startswith(str(package)) and real_access(path, mode)  # type: ignore[arg-type]

    monkeypatch.setattr(compiled.os, "access", access)
    folder = compiled.cache_dir(package, {"XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert folder == str(tmp_path / "cache" / "transit-games" / "numba")
