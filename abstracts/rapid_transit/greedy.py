"""The one-ply greedy player: the move whose result is best for the mover under RT-12
(and RT-18 in v1), looking no further."""

from __future__ import annotations

import random

from abstracts.rapid_transit.moves import PIE, RapidTransitMove
from abstracts.rapid_transit.networks import one_network, sizes
from abstracts.rapid_transit.state import RapidTransitState

Score = tuple[int, tuple[int, ...], tuple[int, ...]]


def greedy_move(state: RapidTransitState, rng: random.Random) -> RapidTransitMove:
    """Best move by `score`; ties broken with `rng`."""
    moves = state.legal_moves()
    if not moves:
        raise ValueError("the game is over; there is no move to choose")
    scored = [(score(state, move), move) for move in moves]
    best = max(value for value, _ in scored)
    return rng.choice([move for value, move in scored if value == best])


def score(state: RapidTransitState, move: RapidTransitMove) -> Score:
    """(immediate result, size differences, own sizes), larger is better for the mover.

    The size differences are own minus opponent network sizes, largest first, compared
    position by position as RT-12 compares the lists; the own sizes break ties in favour
    of bigger own networks. In v1 a swap that connects all the mover's pieces wins at once
    and one that connects only the opponent's loses (RT-18).
    """
    board, mine, theirs = state.board, state.mine, state.theirs
    if move.is_swap:
        flip = 1 << move.p | 1 << move.q
        mine, theirs = mine ^ flip, theirs ^ flip
        if state.rules.connect_wins:
            if one_network(board, mine):
                return (1, (), ())
            if one_network(board, theirs):
                return (-1, (), ())
    elif move.p == PIE:  # RT-13: the mover takes over the other colour's position
        mine, theirs = theirs, mine
    own, other = sizes(board, mine), sizes(board, theirs)
    length = max(len(own), len(other))
    own_padded = own + [0] * (length - len(own))
    other_padded = other + [0] * (length - len(other))
    diffs = tuple(a - b for a, b in zip(own_padded, other_padded, strict=True))
    return (0, diffs, tuple(own))
