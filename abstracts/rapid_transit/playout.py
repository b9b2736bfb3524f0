"""The fast random playout: the State's rules on bare integers, no Move objects.

Each ply picks uniformly among the legal moves, like the protocol's reference loop
(`State.playout`), so MCTS sees the same distribution of results: a swap is drawn by
rejection from the swap frame (uniform over the legal swaps), and only when a few draws
in a row are refused are the legal swaps listed in full (then a pass if there are none).
The winner is a colour; a `pie` taken inside a playout is not reported (MCTS plays moves
one by one while a pie is possible, so it can track which player holds which colour).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from abstracts.rapid_transit.rules import connected_winner, legal_frame, ranked_winner
from abstracts.rapid_transit.swaps import SwapFrame, frame_targets, sample_swap, swap_pairs

if TYPE_CHECKING:
    from abstracts.rapid_transit.state import RapidTransitState

TRIES = 3  # draws refused in a row before listing the legal swaps in full


def playout(state: RapidTransitState, rng: random.Random) -> int | None:
    """Play random moves from a state that is not over; the winning side (0/1) or None."""
    board, rules = state.board, state.rules
    mine, theirs, side = state.mine, state.theirs, state.side
    ply, passes, previous, swapper = state.ply, state.passes, state.previous, state.swapper
    while True:
        frame = legal_frame(board, rules, mine, theirs, passes, previous)
        pie = rules.pie and ply == 1  # RT-13
        if pie:
            pair, took_pie = _with_pie(frame, rng)
        else:
            pair, took_pie = _swap(frame, rng), False
        ply += 1
        if took_pie:  # RT-13: the players trade sides; this side moves again
            passes, previous = 0, 0
            mine, theirs, side = theirs, mine, 1 - side  # undone by the turn change below
        elif pair is not None:
            flip = 1 << pair[0] | 1 << pair[1]
            mine, theirs = mine ^ flip, theirs ^ flip
            passes, previous, swapper = 0, flip, side
            if rules.connect_wins:  # RT-18
                red, cyan = (theirs, mine) if side else (mine, theirs)
                winner = connected_winner(board, red, cyan, side)
                if winner is not None:
                    return winner
        else:  # RT-11: no legal swap
            passes, previous = passes + 1, 0
        mine, theirs, side = theirs, mine, 1 - side
        if passes >= 2 or ply >= rules.max_plies:  # RT-11, the ply limit; RT-12 decides
            red, cyan = (theirs, mine) if side else (mine, theirs)
            return ranked_winner(board, red, cyan, swapper)


def _swap(frame: SwapFrame | None, rng: random.Random) -> tuple[int, int] | None:
    """A uniformly chosen legal swap, or None (a pass)."""
    if frame is None:
        return None
    pair = sample_swap(frame, rng, TRIES)
    if pair is not None:
        return pair
    pairs = swap_pairs(frame_targets(frame))
    return rng.choice(pairs) if pairs else None


def _with_pie(frame: SwapFrame | None, rng: random.Random) -> tuple[tuple[int, int] | None, bool]:
    """Uniform over the legal swaps (or the pass) plus `pie`: listed in full, it is once."""
    pairs = [] if frame is None else swap_pairs(frame_targets(frame))
    moves = max(len(pairs), 1)  # the swaps, or the one pass (RT-11)
    choice = rng.randrange(moves + 1)
    if choice == moves:
        return None, True
    return (pairs[choice] if pairs else None), False
