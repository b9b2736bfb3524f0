"""The fast random playout: uniformly random moves to the end, in place on lists.

It draws the same moves with the same `rng` calls as the protocol's reference loop
(`rng.choice(state.legal_moves())` then `state.play`), through the same transition
(`rules.apply_code`) and move generator (movegen.py), without making a State per ply.
"""

from __future__ import annotations

import random

from abstracts.transit_chess.movegen import legal_codes
from abstracts.transit_chess.rules import RuleSet, apply_code, ending


def play_out(
    rules: RuleSet,
    cells: list[int],
    hands: list[int],
    totals: list[int],
    side: int,
    ply: int,
    passes: int,
    rng: random.Random,
) -> tuple[int, int, int, str, bool]:
    """Play to the end in place on `cells`, `hands` and `totals` (as `apply_code` takes
    them), from a game that is not over: (side to move, ply, passes, end, won)."""
    tables, limit, pass_code = rules.tables, rules.max_plies, rules.tables.pass_code
    choice = rng.choice
    while True:
        code = choice(legal_codes(tables, cells, hands, side))
        won = apply_code(tables, cells, hands, totals, side, code)
        passes = passes + 1 if code == pass_code else 0
        ply += 1
        end = ending(won, passes, ply, limit)
        side = 1 - side
        if end is not None:
            return side, ply, passes, end, won
