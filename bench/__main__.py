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
    print(
        f"{len(chosen)} benchmark{'s' * (len(chosen) != 1)}, one after another, each timed "
        "(`python -m bench NAME` runs one); Ctrl-C stops.",
        flush=True,
    )
    began = time.perf_counter()
    for number, name in enumerate(chosen, 1):
        print(f"\n=== [{number}/{len(chosen)}] {name} ===", flush=True)
        start = time.perf_counter()
        importlib.import_module(f"bench.{name}").main()
        print(f"({name}: {time.perf_counter() - start:.1f} s)", flush=True)
    print(f"\nAll {len(chosen)} took {_duration(time.perf_counter() - began)}.", flush=True)


def _duration(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes} min {seconds} s" if minutes else f"{seconds} s"


if __name__ == "__main__":
    main(sys.argv[1:])
