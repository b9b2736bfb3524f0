"""A least-recently-used store of routing results, shared by the routers of one game."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")


class RouteCache:
    """Routing results by key; the LRU entry goes when more than `maxsize` are held.

    Routers key walking by the board and the walking rules, and each set of systems by the
    board, the rules and `network.signature(systems)`: when one player's network changes,
    the results for sets of systems without that player are reused.
    """

    def __init__(self, maxsize: int = 128) -> None:
        if maxsize < 1:
            raise ValueError(f"RouteCache maxsize must be at least 1, not {maxsize}")
        self.maxsize = maxsize
        self.hits = 0
        self.misses = 0
        self._entries: OrderedDict[Hashable, object] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        """The entry for `key`, built (and stored) on a miss."""
        if key in self._entries:
            self.hits += 1
            self._entries.move_to_end(key)
            return self._entries[key]  # type: ignore[return-value]
        self.misses += 1
        entry = self._entries[key] = build()
        if len(self._entries) > self.maxsize:
            self._entries.popitem(last=False)
        return entry
