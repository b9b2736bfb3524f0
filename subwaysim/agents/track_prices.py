"""Each square's track price for a player as one compiled call (issue 28, greedy's cost):
SG-17's hazard and shared prices by kind (2 x hazard + shared; a whole phase counting as
the budget), SG-21's surcharge on populated squares (not on a whole phase), 0 on the
player's own track. Its numpy twin is `plans.track_costs_reference`; the tests hold each
to `builds.cost` square by square and one to the other. `populated_squares` is
`builds.populated` of every square at once (SG-21), in numpy steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from tabletop.compiled import kernel

if TYPE_CHECKING:
    from subwaysim.state import GameState

__all__ = ["populated_squares", "track_table"]


def populated_squares(state: GameState) -> np.ndarray:
    """`builds.populated` of each square as a mask (SG-21: a copy of each of the square's
    cards in play, outside the supply piles), the cards' identities read as one table."""
    names = _name_table(state.card_names, len(state.decks))
    mask = np.ones(len(names), dtype=np.bool_)
    for i, deck in enumerate(state.decks):
        supply = np.array(deck.supply, dtype=np.int64)
        mask &= supply[names[:, i]] < deck.max_population
    return mask


def _name_table(card_names: list[tuple[int, ...]], decks: int) -> np.ndarray:
    """`card_names` as a (squares, decks) array, kept for the list it was made from (a
    state's table never changes; copies share it)."""
    kept = _NAMES.get(id(card_names))
    if kept is None or kept[0] is not card_names:
        table = np.array(card_names, dtype=np.int64).reshape(len(card_names), decks)
        table.flags.writeable = False
        if len(_NAMES) > 16:
            _NAMES.clear()
        kept = _NAMES[id(card_names)] = (card_names, table)
    return kept[1]


_NAMES: dict[int, tuple[list[tuple[int, ...]], np.ndarray]] = {}


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
