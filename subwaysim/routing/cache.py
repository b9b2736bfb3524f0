"""A least-recently-used store of routing results, shared by the routers of one game.

Entries are keyed by content (a system's track and stations, a set of such systems), so
when one player builds, the results of every other system, and of every set of systems
without the builder, are found again; a game's copies (search players' simulations) share
the same store.

The store is bounded twice: by entries (`maxsize`) and by the bytes of the arrays they
hold (`max_bytes`). A set of eight systems of hundreds of stations each holds tens of
megabytes of rides; 512 of them passed 3 GB at the scenario limits (issue 27), so the
least recently used go first once the arrays pass `max_bytes`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

import numpy as np

T = TypeVar("T")
MAX_BYTES = 256 * 2**20  # the arrays of the cached entries (an ordinary game uses ~10 MB)


def footprint(entry: object) -> int:
    """Bytes of the numpy arrays an entry holds: its own `nbytes` (an array, or an entry
    that counts its own arrays, not the shared ones), else its arrays one level down."""
    own = getattr(entry, "nbytes", None)
    if isinstance(own, int):
        return own
    parts: list[object] = []
    if isinstance(entry, tuple):
        parts = list(entry)
    else:
        parts = list(getattr(entry, "__dict__", {}).values())
        parts += [getattr(entry, n, None) for n in getattr(type(entry), "__slots__", ())]
    return sum(p.nbytes for p in parts if isinstance(p, np.ndarray))


class RouteCache:
    """Routing results by key; the LRU entry goes when more than `maxsize` are held."""

    def __init__(self, maxsize: int = 512, max_bytes: int = MAX_BYTES) -> None:
        if maxsize < 1:
            raise ValueError(f"RouteCache maxsize must be at least 1, not {maxsize}")
        self.maxsize = maxsize
        self.hits = 0
        self.misses = 0
        self.max_bytes = max_bytes
        self.bytes = 0  # the arrays of the entries held
        self._entries: OrderedDict[Hashable, object] = OrderedDict()
        self._sizes: dict[Hashable, int] = {}
        # Each player's last system looked up, by its parts: networks made one from another
        # hand on the parts of the systems a change leaves alone (`Router.rides`).
        self.recent: dict[str, tuple[object, ...]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        """The entry for `key`, built (and stored) on a miss."""
        entries = self._entries
        if key in entries:
            self.hits += 1
            entries.move_to_end(key)
            return entries[key]  # type: ignore[return-value]
        self.misses += 1
        entry = entries[key] = build()
        size = self._sizes[key] = footprint(entry)
        self.bytes += size
        while len(entries) > 1 and (len(entries) > self.maxsize or self.bytes > self.max_bytes):
            old, _ = entries.popitem(last=False)
            self.bytes -= self._sizes.pop(old)
        return entry
