"""The compiled uniform random playout on one 64-bit word: boards up to 8 x 8 (RT-1).

Cell (file, rank) is bit `rank * 8 + file` of a uint64 whatever the board size, so a step
to a neighbour is a constant shift masked at the a- or h-file. Holes (RT-3) and cells past
a smaller board never hold a piece, and every mask that matters is cut down to pieces, so
they need no mask of their own.

Each ply lists the legal swaps honestly, as rows (piece p, mask of the pieces q it may
take), with the same two steps as `swaps.py`: the frame (RT-8 networks, RT-10's neighbour
counts, RT-16's bans, RT-17's relaxation) and the per-piece filter (RT-9, RT-10). The
playout then draws one of the listed moves uniformly, as `rng.choice(legal_moves())` does
(a pass when there is no swap, RT-11; `pie` as one more move on its turn, RT-13).
`swaps.py` and `State` stay the reference: tests compare the listed moves with
`State.legal_moves` and replay playouts through `State.play`.
"""

from __future__ import annotations

import numpy as np

from abstracts.rapid_transit.board import Board
from abstracts.rapid_transit.compiled_rules import (
    CONNECT,
    DRAW,
    MAX_PLIES,
    NO_REUSE,
    PIE_RULE,
    RELAX,
    SUPPORT,
    U64,
    below,
    compare_sizes,
)
from abstracts.rapid_transit.moves import PASS, PIE
from tabletop.compiled import kernel

MAX_SIZE = 8
ZERO, ONE = U64(0), U64(1)
NOT_A = U64(0xFEFEFEFEFEFEFEFE)  # every cell but the a-file
NOT_H = U64(0x7F7F7F7F7F7F7F7F)  # every cell but the h-file
_M1, _M2 = U64(0x5555555555555555), U64(0x3333333333333333)
_M4, _H01 = U64(0x0F0F0F0F0F0F0F0F), U64(0x0101010101010101)
_S1, _S2, _S4, _S7, _S8, _S9, _S56 = (U64(s) for s in (1, 2, 4, 7, 8, 9, 56))


# --- layout: Python masks (stride size + 1, board.py) <-> the word (stride 8) ---
def to_word(board: Board, mask: int) -> int:
    """A board mask (board.py's layout) as a word of this layout."""
    row, width = (1 << board.size) - 1, board.width
    word = 0
    for rank in range(board.size):
        word |= (mask >> (rank * width) & row) << (8 * rank)
    return word


def board_bit(board: Board, bit: int) -> int:
    """The board.py bit of this layout's bit `bit`."""
    rank, file = divmod(bit, 8)
    return rank * board.width + file


# --- bit tools ---
@kernel
def popcount(x: np.uint64) -> int:
    x = x - ((x >> _S1) & _M1)
    x = (x & _M2) + ((x >> _S2) & _M2)
    x = (x + (x >> _S4)) & _M4
    return np.int64((x * _H01) >> _S56)


@kernel
def lowest(x: np.uint64) -> np.uint64:
    return x & (~x + ONE)


@kernel
def index(bit: np.uint64) -> int:
    """The position of a single set bit."""
    return popcount(bit - ONE)


@kernel
def nth(x: np.uint64, n: int) -> np.uint64:
    """The n-th (from 0) set bit of `x`, lowest first, as a one-bit word."""
    for _ in range(n):
        x &= x - ONE
    return lowest(x)


# Cells whose neighbour in one direction lies in `x` (a shift, cut at the edge it wraps).
@kernel
def has_east(x: np.uint64) -> np.uint64:
    return (x >> _S1) & NOT_H


@kernel
def has_west(x: np.uint64) -> np.uint64:
    return (x << _S1) & NOT_A


@kernel
def has_north(x: np.uint64) -> np.uint64:
    return x >> _S8


@kernel
def has_south(x: np.uint64) -> np.uint64:
    return x << _S8


@kernel
def halo(x: np.uint64) -> np.uint64:
    """Cells sharing an edge with a cell of `x` (RT-5)."""
    return has_east(x) | has_west(x) | has_north(x) | has_south(x)


@kernel
def flood(seed: np.uint64, pieces: np.uint64) -> np.uint64:
    """RT-5: the networks of `pieces` that hold a cell of `seed`."""
    net = seed & pieces
    while True:
        grown = (net | halo(net)) & pieces
        if grown == net:
            return net
        net = grown


# --- the rules on words (ports of networks.py and swaps.py) ---
@kernel
def terminals(pieces: np.uint64) -> np.uint64:
    """RT-6: pieces with zero or one own neighbour."""
    e, w = has_east(pieces), has_west(pieces)
    n, s = has_north(pieces), has_south(pieces)
    return pieces & ~((e & w) | (n & s) | ((e | w) & (n | s)))


@kernel
def neighbour_counts(pieces: np.uint64) -> tuple[np.uint64, np.uint64]:
    """(cells with two or more neighbours in `pieces`, cells with exactly two)."""
    e, w = has_east(pieces), has_west(pieces)
    n, s = has_north(pieces), has_south(pieces)
    across_any, across_both, along_any, along_both = e | w, e & w, n | s, n & s
    two = across_both | along_both | (across_any & along_any)
    three = (across_both & along_any) | (along_both & across_any)
    return two, two & ~three


@kernel
def trios(pieces: np.uint64) -> np.uint64:
    """RT-9: cells with a 2 x 2 block whose three other cells are all in `pieces`."""
    e, w = has_east(pieces), has_west(pieces)
    n, s = has_north(pieces), has_south(pieces)
    ne, nw = (pieces >> _S9) & NOT_H, (pieces >> _S7) & NOT_A
    se, sw = (pieces << _S7) & NOT_H, (pieces << _S9) & NOT_A
    return (e & n & ne) | (w & n & nw) | (e & s & se) | (w & s & sw)


@kernel
def around(cell: np.uint64) -> np.uint64:
    """The eight cells around a one-bit `cell` (some may be off the board)."""
    sides = (cell << _S1) & NOT_A | (cell >> _S1) & NOT_H
    return sides | (cell | sides) << _S8 | (cell | sides) >> _S8


@kernel
def _need_one(rest_a: np.uint64, rest_b: np.uint64, rest_c: np.uint64, pieces: np.uint64) -> bool:
    """Whether a block's three other cells all exist and are all in `pieces`."""
    rest = rest_a | rest_b | rest_c
    return rest_a != 0 and rest_b != 0 and rest_c != 0 and rest & pieces == rest


@kernel
def block_need(pieces: np.uint64, cell: np.uint64) -> np.uint64:
    """RT-9: where the other swapped piece must lie so that `cell`, taking the colour of
    `pieces`, completes no block: inside every block whose other three are `pieces`."""
    e, w = (cell << _S1) & NOT_A, (cell >> _S1) & NOT_H
    n, s = cell << _S8, cell >> _S8
    ne, nw = (cell << _S9) & NOT_A, (cell << _S7) & NOT_H
    se, sw = (cell >> _S7) & NOT_A, (cell >> _S9) & NOT_H
    need = ~ZERO
    if _need_one(e, n, ne, pieces):
        need &= e | n | ne
    if _need_one(w, n, nw, pieces):
        need &= w | n | nw
    if _need_one(e, s, se, pieces):
        need &= e | s | se
    if _need_one(w, s, sw, pieces):
        need &= w | s | sw
    return need


@kernel
def allowed_targets(
    p: np.uint64,
    targets: np.uint64,
    mine: np.uint64,
    theirs: np.uint64,
    p_two: np.uint64,
    q_two: np.uint64,
    p_hot: np.uint64,
    q_hot: np.uint64,
) -> np.uint64:
    """The pieces among `targets` the piece on one-bit `p` may swap with (RT-9, RT-10),
    as `swaps.allowed_targets`."""
    near = halo(p)
    # RT-10: a piece left with exactly two own neighbours loses one if q touches p.
    allowed = targets & ~(near if p & p_two else near & q_two)
    if p & p_hot:  # RT-9: p turning would fill a block unless q is in it
        allowed &= block_need(theirs, p)
    hot = allowed & q_hot
    if hot:  # RT-9 on q's side: p must lie in every block q would fill
        ok, rest = ZERO, hot & around(p)
        while rest:
            q = lowest(rest)
            rest ^= q
            if block_need(mine, q) & p:
                ok |= q
        allowed &= ~hot | ok
    return allowed


@kernel
def swap_rows(
    mine: np.uint64,
    theirs: np.uint64,
    movable: np.uint64,
    banned: np.uint64,
    support: bool,
    ps: np.ndarray,
    qs: np.ndarray,
) -> tuple[int, int]:
    """Every legal swap of `movable` pieces (RT-8) avoiding `banned` cells (RT-16), with
    RT-10 if `support`: rows (ps[i], mask qs[i]); returns (rows, swaps)."""
    movable &= ~banned
    pool = theirs & ~banned
    p_two = q_two = ZERO
    if support:  # RT-10: both moved pieces need two or more own-coloured neighbours
        p_ok, p_two = neighbour_counts(theirs)
        q_ok, q_two = neighbour_counts(mine)
        movable &= p_ok
        pool &= q_ok
    if movable == 0 or pool == 0:
        return 0, 0
    p_hot, q_hot = movable & trios(theirs), pool & trios(mine)
    rows = total = 0
    rest = movable
    while rest:
        net = flood(lowest(rest), mine)  # the mover's network holding this piece (RT-5)
        movers = net & rest
        rest ^= movers
        targets = flood(halo(net) & theirs, theirs) & pool  # RT-8: adjacent networks
        while targets and movers:
            p = lowest(movers)
            movers ^= p
            allowed = allowed_targets(p, targets, mine, theirs, p_two, q_two, p_hot, q_hot)
            if allowed:
                ps[rows], qs[rows] = p, allowed
                rows += 1
                total += popcount(allowed)
    return rows, total


@kernel
def kth_swap(ps: np.ndarray, qs: np.ndarray, rows: int, k: int) -> tuple[np.uint64, np.uint64]:
    """The k-th (from 0) swap of the rows, as two one-bit words."""
    for i in range(rows):
        count = popcount(qs[i])
        if k < count:
            return ps[i], nth(qs[i], k)
        k -= count
    return ZERO, ZERO


# --- endings (RT-11, RT-12, RT-18) ---
@kernel
def network_sizes(pieces: np.uint64) -> np.ndarray:
    sizes = np.zeros(64, np.int64)
    count, rest = 0, pieces
    while rest:
        net = flood(lowest(rest), pieces)
        rest ^= net
        sizes[count] = popcount(net)
        count += 1
    return sizes[:count]


@kernel
def ranking(red: np.uint64, cyan: np.uint64, swapper: int) -> int:
    """RT-12: network sizes, then the last swapper, else DRAW."""
    leader = compare_sizes(network_sizes(red), network_sizes(cyan))
    return leader if leader != DRAW else swapper


@kernel
def one_network(pieces: np.uint64) -> bool:
    return pieces != 0 and flood(lowest(pieces), pieces) == pieces


@kernel
def connected_winner(red: np.uint64, cyan: np.uint64, last_mover: int) -> int:
    """RT-18: a side with all its pieces in one network, the last mover first; DRAW if none."""
    for side in (last_mover, 1 - last_mover):
        if one_network(red if side == 0 else cyan):
            return side
    return DRAW


# --- the playout ---
@kernel
def moves_now(
    red: np.uint64,
    cyan: np.uint64,
    side: int,
    passes: int,
    previous: np.uint64,
    rules: np.ndarray,
    ps: np.ndarray,
    qs: np.ndarray,
) -> tuple[int, int]:
    """The swap rows of the side to move in a game not over (RT-8, RT-16, RT-17)."""
    mine, theirs = (cyan, red) if side else (red, cyan)
    relaxed = rules[RELAX] != 0 and passes == 1  # RT-17
    movable = mine if relaxed else terminals(mine)  # RT-6, RT-8
    banned = previous if rules[NO_REUSE] else ZERO  # RT-16
    return swap_rows(mine, theirs, movable, banned, rules[SUPPORT] != 0, ps, qs)


@kernel
def ending(
    red: np.uint64, cyan: np.uint64, side: int, ply: int, passes: int, swapper: int,
    rules: np.ndarray,
) -> tuple[bool, int]:  # fmt: skip
    """(over, winner) as `State._decide_end`: RT-18, then RT-11 and the ply limit (RT-12)."""
    if rules[CONNECT]:
        winner = connected_winner(red, cyan, 1 - side)
        if winner != DRAW:
            return True, winner
    if passes >= 2 or ply >= rules[MAX_PLIES]:
        return True, ranking(red, cyan, swapper)
    return False, DRAW


@kernel
def play_out(
    red: np.uint64,
    cyan: np.uint64,
    side: int,
    ply: int,
    passes: int,
    previous: np.uint64,
    swapper: int,
    rules: np.ndarray,
    state: np.uint64,
    trace: np.ndarray,
) -> tuple[int, int, np.uint64]:
    """Uniformly random moves to the end: (winner, plies played, draw state). The moves
    go into `trace` while it has room: rows (p, q) of bit positions, or (PASS or PIE, -1)."""
    ps, qs = np.empty(64, np.uint64), np.empty(64, np.uint64)
    played = 0
    while True:
        over, winner = ending(red, cyan, side, ply, passes, swapper, rules)
        if over:
            return winner, played, state
        rows, total = moves_now(red, cyan, side, passes, previous, rules, ps, qs)
        pie_open = rules[PIE_RULE] != 0 and ply == 1  # RT-13
        choices = max(total, 1) + (1 if pie_open else 0)
        state, k = below(state, choices)
        p = q = -1
        if pie_open and k == choices - 1:  # RT-13: the board stays, the seats trade
            passes, previous, p = 0, ZERO, PIE
        elif total == 0:  # RT-11
            passes, previous, side, p = passes + 1, ZERO, 1 - side, PASS
        else:  # RT-8: the two cells exchange colours
            p_bit, q_bit = kth_swap(ps, qs, rows, k)
            flip = p_bit | q_bit
            red, cyan, previous, passes = red ^ flip, cyan ^ flip, flip, 0
            swapper, side, p, q = side, 1 - side, index(p_bit), index(q_bit)
        if played < len(trace):
            trace[played, 0], trace[played, 1] = p, q
        ply += 1
        played += 1


@kernel
def play_outs(
    red: np.uint64,
    cyan: np.uint64,
    side: int,
    ply: int,
    passes: int,
    previous: np.uint64,
    swapper: int,
    rules: np.ndarray,
    state: np.uint64,
    winners: np.ndarray,
) -> None:
    """`len(winners)` playouts from one position; their winners go into `winners`."""
    no_trace = np.empty((0, 2), np.int64)
    for i in range(len(winners)):
        winners[i], _, state = play_out(
            red, cyan, side, ply, passes, previous, swapper, rules, state, no_trace
        )


@kernel
def listed_moves(
    red: np.uint64,
    cyan: np.uint64,
    side: int,
    ply: int,
    passes: int,
    previous: np.uint64,
    rules: np.ndarray,
) -> np.ndarray:
    """Every move the playout draws from here, each once, in the draw's numbering: rows of
    (p, q) bit positions, (PASS, -1) or (PIE, -1). For the tests against the rules."""
    ps, qs = np.empty(64, np.uint64), np.empty(64, np.uint64)
    rows, total = moves_now(red, cyan, side, passes, previous, rules, ps, qs)
    pie_open = rules[PIE_RULE] != 0 and ply == 1
    out = np.full((max(total, 1) + (1 if pie_open else 0), 2), -1, np.int64)
    for k in range(total):
        p_bit, q_bit = kth_swap(ps, qs, rows, k)
        out[k, 0], out[k, 1] = index(p_bit), index(q_bit)
    if total == 0:
        out[0, 0] = PASS
    if pie_open:
        out[-1, 0] = PIE
    return out
