"""The compiled system as numpy arrays for the kernels, and the position hash (MT-11).

The kernels (fastgen.py, policy.py, judge.py, priors.py) read the same track as tables.py,
laid out flat: per stop its start positions on every directed route (`start_ptr` /
`start_pos`, CSR), per track position the starts on *other* routes at its stop (the second
legs of a transfer ride, MT-7), and per stop its neighbours (MT-5).

A position is hashed for the third-repetition draw (MT-11) by a 64-bit mix of each
non-empty stack with its stop, XORed together with a key for the side to move; the
kernels compute the same number (policy.py), so the positions of a game so far travel to
them as one array of hashes.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from abstracts.transit_chess.tables import Tables

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
SIDE_KEY = 0x5851F42D4C957F2D  # XORed into the hash when black is to move
CELL_OFFSET = 1 << 40  # makes a packed stack (+ white, - black) non-negative for mixing


class KernelTables(NamedTuple):
    """One system's track and moves as arrays (int64), for the compiled kernels."""

    n: int  # stops
    track: np.ndarray  # stop numbers, every route in each direction (tables.py)
    ray_end: np.ndarray  # a ride from track position p stays below ray_end[p]
    start_ptr: np.ndarray  # stop s starts rides at start_pos[start_ptr[s]:start_ptr[s+1]]
    start_pos: np.ndarray
    other_ptr: np.ndarray  # at track position j, second legs start at other_pos[...] (MT-7)
    other_pos: np.ndarray
    nb_ptr: np.ndarray  # stop s's neighbours are nb[nb_ptr[s]:nb_ptr[s+1]] (MT-5)
    nb: np.ndarray


def _csr(rows: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray]:
    ptr = np.zeros(len(rows) + 1, dtype=np.int64)
    ptr[1:] = np.cumsum([len(row) for row in rows])
    flat = np.array([x for row in rows for x in row], dtype=np.int64)
    return ptr, flat


@functools.lru_cache(maxsize=16)
def kernel_tables(tables: Tables) -> KernelTables:
    """The arrays of `tables` (one per system: tables are shared by its games)."""
    others: list[tuple[int, ...]] = [() for _ in tables.track]
    for rides in tables.transfers_after:
        for j, onward in rides:
            others[j] = onward
    start_ptr, start_pos = _csr(tables.starts)
    other_ptr, other_pos = _csr(others)
    nb_ptr, nb = _csr(tables.neighbours)
    return KernelTables(
        tables.n,
        np.array(tables.track, dtype=np.int64),
        np.array(tables.ray_end, dtype=np.int64),
        start_ptr,
        start_pos,
        other_ptr,
        other_pos,
        nb_ptr,
        nb,
    )


def mix(z: int) -> int:
    """splitmix64's finaliser: a 64-bit number scrambled (policy.py has the kernel twin)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def position_hash(cells: Sequence[int], side: int) -> int:
    """The 64-bit hash of a placed position with `side` to move (MT-11's repetitions)."""
    h = SIDE_KEY if side else 0
    for stop, cell in enumerate(cells):
        if cell:
            h ^= mix(((stop + 1) * GOLDEN + cell + CELL_OFFSET) & MASK64)
    return h
