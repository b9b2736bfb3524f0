"""A least-recently-used store of routing results, shared by the routers of one game.

Entries are keyed by content (a system's track and stations, a set of such systems), so
when one player builds, the results of every other system, and of every set of systems
without the builder, are found again; a game's copies (search players' simulations) share
the same store.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")


class RouteCache:
    """Routing results by key; the LRU entry goes when more than `maxsize` are held."""

    def __init__(self, maxsize: int = 512) -> None:
        if maxsize < 1:
            raise ValueError(f"RouteCache maxsize must be at least 1, not {maxsize}")
        self.maxsize = maxsize
        self.hits = 0
        self.misses = 0
        self._entries: OrderedDict[Hashable, object] = OrderedDict()
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
        if len(entries) > self.maxsize:
            entries.popitem(last=False)
        return entry
