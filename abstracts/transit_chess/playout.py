"""The fast random playout: uniformly random moves to the end, in place on lists.

It draws the same moves with the same `rng` calls as the protocol's reference loop
(`rng.choice(state.legal_moves())` then `state.play`), through the same transition
(`rules.apply_code`) and move generator (movegen.py), without making a State per ply.
"""

from __future__ import annotations

import random

from abstracts.transit_chess.movegen import legal_codes
from abstracts.transit_chess.rules import Key, RuleSet, apply_code, ending


def play_out(
    rules: RuleSet,
    cells: list[int],
    hands: list[int],
    totals: list[int],
    side: int,
    ply: int,
    passes: int,
    seen: dict[Key, int],
    rng: random.Random,
) -> tuple[int, int, int, str, bool]:
    """Play to the end in place on `cells`, `hands` and `totals` (as `apply_code` takes
    them) and on `seen` (movement-phase positions and their occurrences so far, MT-11),
    from a game that is not over: (side to move, ply, passes, end, won)."""
    tables, limit, pass_code = rules.tables, rules.max_plies, rules.tables.pass_code
    choice = rng.choice
    while True:
        code = choice(legal_codes(tables, cells, hands, side))
        won = apply_code(tables, cells, hands, totals, side, code)
        passes = passes + 1 if code == pass_code else 0
        ply += 1
        side = 1 - side
        occurrences = 1
        if not (hands[0] or hands[1]):  # MT-11: only placed positions can come again
            key = (side, tuple(cells))
            occurrences = seen[key] = seen.get(key, 0) + 1
        end = ending(won, passes, ply, limit, occurrences)
        if end is not None:
            return side, ply, passes, end, won
