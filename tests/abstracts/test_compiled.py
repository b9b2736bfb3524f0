"""Where compiled kernels are cached (tabletop/compiled.py, for both packages): a folder per
version of a package's kernel sources, writable."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import compiled
from tabletop.compiled import cache_dir, kernel_sources, package_cache, package_root, sources_digest


def package(root: Path) -> Path:
    pkg = root / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "plain.py").write_text("x = 1\n")
    (pkg / "sub" / "fast.py").write_text("@kernel\ndef f(x):\n    return x\n")
    return pkg


def test_only_files_defining_kernels_count(tmp_path: Path) -> None:
    pkg = package(tmp_path)
    assert kernel_sources(pkg) == [pkg / "sub" / "fast.py"]
    before = sources_digest(pkg)
    (pkg / "plain.py").write_text("x = 2\n")
    assert sources_digest(pkg) == before
    (pkg / "sub" / "fast.py").write_text("@kernel\ndef f(x):\n    return x + 1\n")
    assert sources_digest(pkg) != before  # a changed kernel file: a fresh cache folder


def test_the_users_folder_comes_first(tmp_path: Path) -> None:
    pkg = package(tmp_path)
    chosen = cache_dir(pkg, {"NUMBA_CACHE_DIR": str(tmp_path / "mine")})
    assert chosen == tmp_path / "mine" / sources_digest(pkg)


def test_a_writable_package_keeps_its_cache_beside_it(tmp_path: Path) -> None:
    pkg = package(tmp_path)
    assert cache_dir(pkg, {}) == pkg / "__pycache__" / "numba" / sources_digest(pkg)


def test_a_read_only_package_caches_in_the_users_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pkg = package(tmp_path)
    # The package folder cannot be written (as for an installed package; root could write
    # anywhere, so the check is stood in for).
    monkeypatch.setattr(compiled, "_writable", lambda folder: not str(folder).startswith(str(pkg)))
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    expected = tmp_path / "cache" / "transit-games" / "numba" / sources_digest(pkg)
    assert cache_dir(pkg, env) == expected


def test_each_package_caches_in_a_folder_named_by_its_own_kernel_sources() -> None:
    games, sim = package_root("abstracts"), package_root("subwaysim")
    assert kernel_sources(games)  # the games' kernels (fastgen.py, judge.py, ...)
    assert package_cache("abstracts").name == sources_digest(games)
    assert package_cache("subwaysim").name == sources_digest(sim) != sources_digest(games)
    assert all(path.is_relative_to(sim) for path in kernel_sources(sim))


def test_a_kernel_goes_to_the_folder_of_the_package_defining_it() -> None:
    from abstracts.thruway import kernel as games_kernel
    from subwaysim.routing import kernels as sim_kernels

    games_cache = str(package_cache("abstracts"))
    sim_cache = str(package_cache("subwaysim"))
    assert games_kernel.__name__.startswith("abstracts.")
    for module, cache in ((games_kernel, games_cache), (sim_kernels, sim_cache)):
        kernels = [f for f in vars(module).values() if hasattr(f, "_cache")]
        assert kernels
        assert all(str(f._cache._cache_path).startswith(cache) for f in kernels)


def test_a_kernel_is_compiled_into_its_packages_folder(tmp_path: Path) -> None:
    add = compiled.kernel_maker(tmp_path / "cache")(_add)
    assert add(2, 3) == 5
    assert list((tmp_path / "cache").rglob("*.nbi"))  # numba wrote its index there


def _add(a: int, b: int) -> int:
    return a + b
