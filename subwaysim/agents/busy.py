"""The busy squares a player lays lines to, drawn by weight without replacement
(Efraimidis-Spirakis keys), in two compiled calls around numpy's power (issue 28).

`plans.busy_squares_reference` is the numpy twin: keys `u ** (1 / max(w, 1e-300))` where
the weight is positive, else 0, and the squares by key, largest first, ties by square
(`argsort(-keys, kind="stable")`). `exponents` divides as numpy does (IEEE 754: one
correctly rounded quotient); the power stays numpy's own (it may use SIMD code on some
machines); `heaviest` picks the largest keys in argsort's order without sorting every square.
"""

from __future__ import annotations

import numpy as np

from tabletop.compiled import kernel

FLOOR = 1e-300  # the smallest weight an exponent divides by (`np.maximum(w, FLOOR)`)

__all__ = ["FLOOR", "exponents", "heaviest"]


@kernel
def exponents(weights):  # type: ignore[no-untyped-def]
    """`1 / np.maximum(weights, FLOOR)`, quotient for quotient."""
    out = np.empty(len(weights), np.float64)
    for i in range(len(weights)):
        w = weights[i]
        out[i] = 1.0 / (w if w >= FLOOR else FLOOR)
    return out


@kernel
def heaviest(powered, weights, count):  # type: ignore[no-untyped-def]
    """The squares of the `count` largest keys (`powered` where the weight is positive,
    else 0), largest first, ties by square: `np.argsort(-keys, kind="stable")[:count]`."""
    n = len(powered)
    size = min(count, n)
    chosen = np.empty(size, np.int64)
    keys = np.empty(size, np.float64)
    held = 0
    for i in range(n):
        key = powered[i] if weights[i] > 0 else 0.0
        # after every held key at least as large (held squares are smaller: they stay first)
        j = held
        while j > 0 and keys[j - 1] < key:
            j -= 1
        if j >= size:
            continue
        last = held if held < size else size - 1
        for m in range(last, j, -1):
            chosen[m], keys[m] = chosen[m - 1], keys[m - 1]
        chosen[j], keys[j] = i, key
        if held < size:
            held += 1
    return chosen
