"""Each system's trips between squares, kept from one batch of plans to the next.

`variants.plan_points` reads a system no plan changes (a rival's, mostly) through its trips
between any two squares riding it alone and walking (SG-13 without transfer costs; the
pure walk included): a row per square, made the first time a batch asks for that square.
A rival's system stays the same through a whole build phase (and the next turn's trips
and intensify choices), so its rows are kept here, keyed by the system (its stations and
flat ride matrix) and the board's walking distances, instead of made again in every call.

The rows live in one slab of slots (S, N, N) int32 and a (S, N) mask of the rows made;
the slab holds at most `budget` bytes (at least one slot a seat of the call), and the slot
used longest ago is the one a new system takes (its mask cleared). Rows are a function of
the system and the walk, so a kept row is the row the call would make: the same points.
Each thread keeps its own slab (a compiled call writes rows into it).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import numpy as np

ROW_BYTES = 8 * 2**20  # the most a slab holds (bytes); 16 slots of a 12 x 12 board's rows
MOST_SLOTS = 16
KEYS_KEPT = 64  # systems whose keys are kept by the arrays themselves


class TripRows:
    """The slab of kept rows for one board's walking distances (see the module)."""

    def __init__(self, walk: np.ndarray, budget: int = ROW_BYTES) -> None:
        self.walk = walk  # held: the key is this very array
        size = walk.shape[0]
        self.slot_bytes = size * size * 4 + size
        self.slots = max(1, min(MOST_SLOTS, budget // self.slot_bytes))
        self.rows = np.empty((self.slots, size, size), dtype=np.int32)
        self.have = np.zeros((self.slots, size), dtype=np.bool_)
        self._slot_of: OrderedDict[tuple[bytes, bytes], int] = OrderedDict()  # oldest first
        # The key of the arrays last asked about, by the very arrays (held, so that their
        # ids stay theirs): a system asked again is found without copying it to bytes.
        self._key_of: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, tuple[bytes, bytes]]]
        self._key_of = {}

    @property
    def nbytes(self) -> int:
        """Bytes the slab holds (rows and marks)."""
        return int(self.rows.nbytes + self.have.nbytes)

    def slots_for(self, systems: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
        """The slot of each system (stations, flat rides), in order; -1 where the slab has
        no room left in this call (more systems than slots: that system is read from a
        table made in the call)."""
        taken: set[int] = set()
        out = np.full(len(systems), -1, dtype=np.int64)
        for s, (stations, flat) in enumerate(systems):
            key = self._key(stations, flat)
            slot = self._slot_of.get(key)
            if slot is not None:
                self._slot_of.move_to_end(key)
            else:
                slot = self._free_slot(taken)
                if slot is None:
                    continue
                self.have[slot] = False
                self._slot_of[key] = slot
            taken.add(slot)
            out[s] = slot
        return out

    def _key(self, stations: np.ndarray, flat: np.ndarray) -> tuple[bytes, bytes]:
        """A system's key: its stations' and flat rides' bytes."""
        found = self._key_of.get((id(stations), id(flat)))
        if found is not None and found[0] is stations and found[1] is flat:
            return found[2]
        key = (stations.tobytes(), flat.tobytes())
        if len(self._key_of) >= KEYS_KEPT:
            self._key_of.clear()
        self._key_of[id(stations), id(flat)] = (stations, flat, key)
        return key

    def _free_slot(self, taken: set[int]) -> int | None:
        """A slot no system of this call holds: an unused one, else the oldest's."""
        if len(self._slot_of) < self.slots:
            used = set(self._slot_of.values())
            return next(k for k in range(self.slots) if k not in used)
        for key, slot in self._slot_of.items():  # oldest first
            if slot not in taken:
                del self._slot_of[key]
                return slot
        return None


_local = threading.local()


def trip_rows(walk: np.ndarray) -> TripRows:
    """This thread's slab for the walking distances `walk` (a new one for another board)."""
    found: TripRows | None = getattr(_local, "rows", None)
    if found is None or found.walk is not walk:
        found = TripRows(walk)
        _local.rows = found
    return found
