"""Why a move is refused (RT-8..RT-11, RT-13, RT-16, RT-17): one reason naming the rule.

Move generation (`swaps.py`) answers "which moves are legal" fast, on whole masks; this
module answers "why not this one" for a single move, slowly and readably, for the message
of `IllegalMove`. It works on the position's parts, not on the State, so the State can ask
it without the two modules importing each other.
"""

from __future__ import annotations

from abstracts.rapid_transit.board import Board, bits
from abstracts.rapid_transit.moves import PASS_MOVE, PIE_MOVE, RapidTransitMove
from abstracts.rapid_transit.networks import network_of, terminals
from abstracts.rapid_transit.rules import SIDES, RuleSet


def refusal(
    board: Board,
    rules: RuleSet,
    red: int,
    cyan: int,
    side: int,
    passes: int,
    previous: int,
    move: RapidTransitMove,
) -> str:
    """Why `move` is not legal for `side` in a game that is not over, naming the rule."""
    if move == PASS_MOVE:
        return f"RT-11: {SIDES[side]} has a legal swap, so may not pass"
    if move == PIE_MOVE:
        if not rules.pie:
            return "RT-13: the pie rule is off in this game"
        return "RT-13: pie is allowed only on the second player's first turn (ply 1)"
    mine, theirs = (cyan, red) if side else (red, cyan)
    relaxed = rules.relax_after_pass and passes == 1  # RT-17
    return _swap_refusal(board, rules, mine, theirs, side, previous, relaxed, move.p, move.q)


def _swap_refusal(
    board: Board,
    rules: RuleSet,
    mine: int,
    theirs: int,
    side: int,
    previous: int,
    relaxed: bool,
    p: int,
    q: int,
) -> str:
    me, them = SIDES[side], SIDES[1 - side]
    name_p, name_q = board.names[p], board.names[q]
    if not mine >> p & 1:
        return f"RT-8: {name_p} is not a {me} piece ({me} to move)"
    if not theirs >> q & 1:
        return f"RT-8: {name_q} is not a {them} piece"
    if rules.no_reuse and (previous >> p | previous >> q) & 1:
        cell = name_p if previous >> p & 1 else name_q
        return f"RT-16: the piece on {cell} was swapped by the previous move"
    if not relaxed and not terminals(board, mine) >> p & 1:
        count = (mine & board.neighbours[p]).bit_count()
        return f"RT-8: {name_p} is not a terminal piece (RT-6: it has {count} {me} neighbours)"
    halo = board.dilate(network_of(board, mine, p))
    if not network_of(board, theirs, q) & halo:
        return f"RT-8: {name_q} is not in a {them} network adjacent to {name_p}'s network"
    return _after_swap_refusal(board, rules, mine, theirs, side, p, q)


def _after_swap_refusal(
    board: Board, rules: RuleSet, mine: int, theirs: int, side: int, p: int, q: int
) -> str:
    flip = 1 << p | 1 << q
    mine, theirs = mine ^ flip, theirs ^ flip
    me, them = SIDES[side], SIDES[1 - side]
    for cell, pieces, colour in ((p, theirs, them), (q, mine, me)):
        for rest in board.blocks[cell]:
            block = rest | 1 << cell
            if pieces & block == block:
                low = bits(block)[0]
                corner = f"{board.names[low]}-{board.names[low + board.width + 1]}"
                return f"RT-9: the swap would make the 2 x 2 block {corner} all {colour}"
    for cell, pieces, colour in ((q, mine, me), (p, theirs, them)):
        count = (pieces & board.neighbours[cell]).bit_count()
        if rules.support and count < 2:
            return (
                f"RT-10: after the swap the {colour} piece on {board.names[cell]} would "
                f"have {count} {colour} neighbour{'s' if count != 1 else ''}; it needs 2"
            )
    return "not a legal move"  # unreachable while the checks above mirror `swaps`
