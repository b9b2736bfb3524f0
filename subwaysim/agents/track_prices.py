"""Each square's track price for a player as one compiled call (issue 28, greedy's cost):
SG-17's hazard and shared prices by kind (2 x hazard + shared; a whole phase counting as
the budget), SG-21's surcharge on populated squares (not on a whole phase), 0 on the
player's own track. Its numpy twin is `plans.track_costs_reference`; the tests hold each
to `builds.cost` square by square and one to the other.
"""

from __future__ import annotations

import numpy as np

from tabletop.compiled import kernel

__all__ = ["track_table"]


@kernel
def track_table(hazard_kinds, shared, own, points, whole, populated, surcharge):  # type: ignore[no-untyped-def]
    """`hazard_kinds`: 2 on each hazard square, else 0; `shared`: the squares other
    players have track on; `own`: the player's track as a mask; `points` and `whole` by
    kind; `populated` per square (read only with a surcharge)."""
    kind = hazard_kinds.copy()
    for sq in shared:
        kind[sq] = hazard_kinds[sq] + 1
    table = np.empty(len(kind), np.int64)
    for sq in range(len(kind)):
        if own[sq]:
            table[sq] = 0
        elif surcharge and populated[sq] and not whole[kind[sq]]:
            table[sq] = points[kind[sq]] + surcharge
        else:
            table[sq] = points[kind[sq]]
    return table
