"""Run every benchmark: `make bench` (or `python -m bench [name ...]`)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import bench


def main(names: list[str]) -> None:
    modules = sorted(
        m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.startswith("bench_")
    )
    chosen = [m for m in modules if not names or any(n in m for n in names)]
    for name in chosen:
        print(f"\n=== {name} ===", flush=True)
        start = time.perf_counter()
        importlib.import_module(f"bench.{name}").main()
        print(f"({name}: {time.perf_counter() - start:.1f} s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
