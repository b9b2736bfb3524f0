"""The random playout's move draw: a uniformly chosen legal move without listing them all.

`State.playout` plays these moves through the State's own transition, so there is one
set of rules. Each draw is uniform over the legal moves, like `rng.choice(legal_moves())`:
a swap is drawn by rejection from the swap frame (uniform over the legal swaps), and only
when a few draws in a row are refused are the legal swaps listed in full (then a pass if
there are none). With the pie rule open (RT-13) the moves are listed in full, so `pie` is
drawn exactly as often as each other move.
"""

from __future__ import annotations

import random

from abstracts.rapid_transit.board import Board
from abstracts.rapid_transit.moves import PASS_MOVE, PIE_MOVE, RapidTransitMove, swap_move
from abstracts.rapid_transit.rules import RuleSet, legal_frame
from abstracts.rapid_transit.swaps import frame_targets, sample_swap, swap_pairs

TRIES = 3  # draws refused in a row before listing the legal swaps in full


def random_move(
    board: Board,
    rules: RuleSet,
    mine: int,
    theirs: int,
    ply: int,
    passes: int,
    previous: int,
    rng: random.Random,
) -> RapidTransitMove:
    """A legal move of a game not over, each with equal chance."""
    frame = legal_frame(board, rules, mine, theirs, passes, previous)
    if rules.pie and ply == 1:  # RT-13
        pairs = [] if frame is None else swap_pairs(frame_targets(frame))
        others = max(len(pairs), 1)  # the swaps, or the one pass (RT-11)
        choice = rng.randrange(others + 1)
        if choice == others:
            return PIE_MOVE
        return swap_move(board, *pairs[choice]) if pairs else PASS_MOVE
    if frame is None:
        return PASS_MOVE  # RT-11
    pair = sample_swap(frame, rng, TRIES)
    if pair is None:
        pairs = swap_pairs(frame_targets(frame))
        if not pairs:
            return PASS_MOVE
        pair = rng.choice(pairs)
    return swap_move(board, *pair)
