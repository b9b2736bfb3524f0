"""The compiled uniform random playout on cell arrays: any board size (RT-1), slower than
`bitboard.py` and used past 8 x 8, where a board no longer fits one 64-bit word.

Cells are board.py's bit positions (stride size + 1); a position is an array of colours
(0 red, 1 cyan, -1 hole or off the board). Each ply labels the networks (RT-5) and lists
the legal swaps honestly, as (piece p, how many pieces it may take) rows, without trying
every pair: given the frame (p terminal and supported, q supported and in a network next
to p's, RT-8, RT-10, RT-16, RT-17), a pair can break RT-9 or RT-10 only if q lies around
p (an edge or a 2 x 2 block apart) or q would fill a block of the mover's colour on its
own (a "hot" target, which p cannot cure unless it lies around q). So a row counts every
non-hot target, then settles the few pairs around p exactly (`swap_ok`, the rules read
literally). `kth_swap` numbers the same moves for the uniform draw: the pairs around p
first, then the other targets in cell order.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from abstracts.rapid_transit.board import Board, bits
from abstracts.rapid_transit.compiled_rules import (
    CONNECT,
    DRAW,
    MAX_PLIES,
    NO_REUSE,
    PIE_RULE,
    RELAX,
    SUPPORT,
    below,
    compare_sizes,
)
from abstracts.rapid_transit.moves import PASS, PIE
from tabletop.compiled import kernel


# --- geometry, built once per board ---
@cache
def geometry(board: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(neighbours [cell, 4], cells around [cell, 8], blocks [cell, 4, 3]) as cell
    numbers, -1 where there is none. A block is one of the cell's 2 x 2 blocks of four
    cells (not touching a hole), given by its three other cells."""
    slots = len(board.names)
    near = np.full((slots, 4), -1, np.int64)
    ring = np.full((slots, 8), -1, np.int64)
    blocks = np.full((slots, 4, 3), -1, np.int64)
    for cell in bits(board.cells):
        edge = bits(board.neighbours[cell])
        near[cell, : len(edge)] = edge
        close = sorted(set(edge) | set(bits(board.around[cell])))
        ring[cell, : len(close)] = close
        for i, rest in enumerate(board.blocks[cell]):
            blocks[cell, i] = bits(rest)
    for table in (near, ring, blocks):
        table.setflags(write=False)
    return near, ring, blocks


def arguments(
    board: Board,
    red: int,
    cyan: int,
    side: int,
    ply: int,
    passes: int,
    previous: int,
    swapper: int | None,
    rules: np.ndarray,
) -> tuple[object, ...]:
    """A position as the kernels here take it (all but the draw state and trace)."""
    slots = len(board.names)
    colours = np.full(slots, -1, np.int8)
    colours[bits(red)] = 0
    colours[bits(cyan)] = 1
    banned = np.full(2, -1, np.int64)
    banned[: previous.bit_count()] = bits(previous)
    near, ring, blocks = geometry(board)
    last = DRAW if swapper is None else swapper
    return colours, side, ply, passes, banned, last, rules, near, ring, blocks


# --- networks (RT-5) ---
@kernel
def label_networks(
    colours: np.ndarray,
    near: np.ndarray,
    label: np.ndarray,
    order: np.ndarray,
    start: np.ndarray,
    size: np.ndarray,
) -> int:
    """Number the networks: `label[cell]`, each network's cells together in `order` from
    `start[n]`, `size[n]` of them; returns how many networks there are."""
    label[:] = -1
    count = filled = 0
    for cell in range(len(colours)):
        if colours[cell] < 0 or label[cell] >= 0:
            continue
        start[count], label[cell], order[filled] = filled, count, cell
        head, filled = filled, filled + 1
        while head < filled:
            here = order[head]
            head += 1
            for other in near[here]:
                if other >= 0 and label[other] < 0 and colours[other] == colours[cell]:
                    label[other], order[filled] = count, other
                    filled += 1
        size[count] = filled - start[count]
        count += 1
    return count


@kernel
def ranking(
    colours: np.ndarray,
    start: np.ndarray,
    size: np.ndarray,
    nets: int,
    order: np.ndarray,
    swapper: int,
) -> int:
    """RT-12: network sizes, then the last swapper, else DRAW."""
    red, cyan = np.zeros(nets, np.int64), np.zeros(nets, np.int64)
    reds = cyans = 0
    for n in range(nets):
        if colours[order[start[n]]] == 0:
            red[reds], reds = size[n], reds + 1
        else:
            cyan[cyans], cyans = size[n], cyans + 1
    leader = compare_sizes(red[:reds], cyan[:cyans])
    return leader if leader != DRAW else swapper


@kernel
def connected_winner(
    colours: np.ndarray, start: np.ndarray, nets: int, order: np.ndarray, last_mover: int
) -> int:
    """RT-18: a side with all its pieces in one network, the last mover first; DRAW if none."""
    count = np.zeros(2, np.int64)
    for n in range(nets):
        count[colours[order[start[n]]]] += 1
    for side in (last_mover, 1 - last_mover):
        if count[side] == 1:
            return side
    return DRAW


# --- one pair, the rules read literally (RT-9, RT-10) ---
@kernel
def swap_ok(
    colours: np.ndarray, p: int, q: int, support: bool, near: np.ndarray, blocks: np.ndarray
) -> bool:
    """Whether swapping the mover's piece on `p` with the opponent's on `q` leaves no
    block of one colour (RT-9) and, with `support`, both moved pieces with two or more
    own neighbours (RT-10). The cells keep their colours until the swap is chosen."""
    side = np.int64(colours[p])
    if support and not (
        _friends(colours, p, 1 - side, q, near) >= 2 and _friends(colours, q, side, p, near) >= 2
    ):
        return False
    return not (_fills(colours, p, 1 - side, q, blocks) or _fills(colours, q, side, p, blocks))


@kernel
def _friends(colours: np.ndarray, cell: int, colour: int, away: int, near: np.ndarray) -> int:
    """RT-10: the neighbours of `cell` that are `colour` once `away` has changed colour."""
    friends = 0
    for next_to in near[cell]:
        if next_to >= 0 and next_to != away and colours[next_to] == colour:
            friends += 1
    return friends


@kernel
def _fills(colours: np.ndarray, cell: int, colour: int, away: int, blocks: np.ndarray) -> bool:
    """RT-9: whether `cell`, turning `colour`, completes a block of `colour` once `away`
    has changed colour."""
    for b in range(4):
        if blocks[cell, b, 0] < 0:
            continue
        full = True
        for j in range(3):
            rest = blocks[cell, b, j]
            if rest == away or colours[rest] != colour:
                full = False
        if full:
            return True
    return False


@kernel
def fills_block(colours: np.ndarray, cell: int, colour: int, blocks: np.ndarray) -> bool:
    """RT-9: whether `cell` has a block whose three other cells are all `colour`."""
    for b in range(4):
        if blocks[cell, b, 0] < 0:
            continue
        if (
            colours[blocks[cell, b, 0]] == colour
            and colours[blocks[cell, b, 1]] == colour
            and colours[blocks[cell, b, 2]] == colour
        ):
            return True
    return False


# --- the legal swaps of one ply ---
@kernel
def frame(
    colours: np.ndarray,
    side: int,
    movable_all: bool,
    banned: np.ndarray,
    support: bool,
    near: np.ndarray,
    blocks: np.ndarray,
    flags: np.ndarray,
) -> None:
    """Per cell, in `flags[cell]`: 1 a movable piece (RT-6, RT-8, RT-10, RT-16, RT-17),
    2 a piece it may take by the frame's rules (RT-10, RT-16), 3 such a piece that would
    fill a block of the mover's colour on its own (RT-9: a hot target); 0 otherwise."""
    flags[:] = 0
    for cell in range(len(colours)):
        colour = colours[cell]
        if colour < 0 or cell == banned[0] or cell == banned[1]:
            continue
        own = foreign = 0
        for next_to in near[cell]:
            if next_to >= 0 and colours[next_to] >= 0:
                if colours[next_to] == colour:
                    own += 1
                else:
                    foreign += 1
        if support and foreign < 2:  # RT-10: the piece arriving here needs two friends
            continue
        if colour == side:
            flags[cell] = 1 if movable_all or own <= 1 else 0
        else:
            flags[cell] = 3 if fills_block(colours, cell, side, blocks) else 2


@kernel
def mark_targets(
    colours: np.ndarray,
    net: int,
    label: np.ndarray,
    order: np.ndarray,
    start: np.ndarray,
    size: np.ndarray,
    near: np.ndarray,
    marks: np.ndarray,
    targets: np.ndarray,
) -> int:
    """RT-8: mark the opponent networks next to network `net` (marks[their label] = net);
    returns how many non-hot targets (`targets` per network) they hold."""
    base = 0
    for i in range(start[net], start[net] + size[net]):
        for next_to in near[order[i]]:
            if next_to < 0 or colours[next_to] < 0 or label[next_to] == net:
                continue
            if marks[label[next_to]] != net:
                marks[label[next_to]] = net
                base += targets[label[next_to]]
    return base


@kernel
def count_row(
    colours: np.ndarray,
    p: int,
    net: int,
    base: int,
    support: bool,
    label: np.ndarray,
    flags: np.ndarray,
    marks: np.ndarray,
    near: np.ndarray,
    ring: np.ndarray,
    blocks: np.ndarray,
) -> int:
    """How many pieces the piece on `p` (of network `net`, whose adjacent networks hold
    `base` non-hot targets) may take: the non-hot targets away from p, and those around p
    that pass `swap_ok`."""
    # RT-9: a piece whose block has the opponent's three other pieces would fill it on
    # turning, unless q is in that block: then every q lies around p.
    cornered = fills_block(colours, p, 1 - colours[p], blocks)
    count = 0 if cornered else base
    for q in ring[p]:
        if q < 0 or flags[q] < 2 or marks[label[q]] != net:
            continue
        if flags[q] == 2 and not cornered:
            count -= 1  # counted in `base`, settled here instead
        if swap_ok(colours, p, q, support, near, blocks):
            count += 1
    return count


@kernel
def swap_rows(
    colours: np.ndarray,
    side: int,
    movable_all: bool,
    banned: np.ndarray,
    support: bool,
    near: np.ndarray,
    ring: np.ndarray,
    blocks: np.ndarray,
    label: np.ndarray,
    order: np.ndarray,
    start: np.ndarray,
    size: np.ndarray,
    nets: int,
    flags: np.ndarray,
    marks: np.ndarray,
    targets: np.ndarray,
    ps: np.ndarray,
    counts: np.ndarray,
) -> tuple[int, int]:
    """Every legal swap, as rows (ps[i], how many: counts[i]); returns (rows, swaps)."""
    frame(colours, side, movable_all, banned, support, near, blocks, flags)
    targets[:nets] = 0  # per opponent network: its non-hot targets
    for cell in range(len(colours)):
        if flags[cell] == 2:
            targets[label[cell]] += 1
    marks[:nets] = -1
    rows = total = 0
    for net in range(nets):
        if colours[order[start[net]]] != side:
            continue
        base = -1
        for i in range(start[net], start[net] + size[net]):
            p = order[i]
            if flags[p] != 1:
                continue
            if base < 0:
                base = mark_targets(colours, net, label, order, start, size, near, marks, targets)
            count = count_row(
                colours, p, net, base, support, label, flags, marks, near, ring, blocks
            )
            if count > 0:
                ps[rows], counts[rows] = p, count
                rows += 1
                total += count
    return rows, total


@kernel
def kth_swap(
    colours: np.ndarray,
    p: int,
    k: int,
    support: bool,
    label: np.ndarray,
    order: np.ndarray,
    start: np.ndarray,
    size: np.ndarray,
    flags: np.ndarray,
    marks: np.ndarray,
    targets: np.ndarray,
    near: np.ndarray,
    ring: np.ndarray,
    blocks: np.ndarray,
) -> int:
    """The k-th (from 0) piece the piece on `p` may take, numbered as `count_row` counts:
    those around p that pass `swap_ok`, then the other non-hot targets in cell order."""
    net = label[p]
    mark_targets(colours, net, label, order, start, size, near, marks, targets)
    for q in ring[p]:
        if q < 0 or flags[q] < 2 or marks[label[q]] != net:
            continue
        if swap_ok(colours, p, q, support, near, blocks):
            if k == 0:
                return q
            k -= 1
    if fills_block(colours, p, 1 - colours[p], blocks):
        return -1
    for q in range(len(colours)):
        if flags[q] != 2 or marks[label[q]] != net or _among(q, ring[p]):
            continue
        if k == 0:
            return q
        k -= 1
    return -1


@kernel
def _among(cell: int, cells: np.ndarray) -> bool:
    for other in cells:  # noqa: SIM110  (a plain loop compiles; any() of a generator does not)
        if other == cell:
            return True
    return False


# --- the playout ---
@kernel
def _work(cells: int) -> np.ndarray:
    return np.empty(cells, np.int64)


@kernel
def play_out(
    colours: np.ndarray,
    side: int,
    ply: int,
    passes: int,
    banned: np.ndarray,
    swapper: int,
    rules: np.ndarray,
    near: np.ndarray,
    ring: np.ndarray,
    blocks: np.ndarray,
    state: np.uint64,
    trace: np.ndarray,
) -> tuple[int, int, np.uint64]:
    """Uniformly random moves to the end: (winner, plies played, draw state), as
    `bitboard.play_out`. `colours` and `banned` are left as they were."""
    colours, previous = colours.copy(), banned.copy()
    cells = len(colours)
    label, order, start, size = _work(cells), _work(cells), _work(cells), _work(cells)
    flags, marks, targets = _work(cells), _work(cells), _work(cells)
    ps, counts = _work(cells), _work(cells)
    no_ban = np.full(2, -1, np.int64)
    support, played = rules[SUPPORT] != 0, 0
    while True:
        nets = label_networks(colours, near, label, order, start, size)
        if rules[CONNECT]:  # RT-18
            winner = connected_winner(colours, start, nets, order, 1 - side)
            if winner != DRAW:
                return winner, played, state
        if passes >= 2 or ply >= rules[MAX_PLIES]:  # RT-11, the ply limit, then RT-12
            return ranking(colours, start, size, nets, order, swapper), played, state
        movable_all = rules[RELAX] != 0 and passes == 1  # RT-17
        ban = previous if rules[NO_REUSE] else no_ban  # RT-16
        _, total = swap_rows(
            colours,
            side,
            movable_all,
            ban,
            support,
            near,
            ring,
            blocks,
            label,
            order,
            start,
            size,
            nets,
            flags,
            marks,
            targets,
            ps,
            counts,
        )
        pie_open = rules[PIE_RULE] != 0 and ply == 1  # RT-13
        choices = max(total, 1) + (1 if pie_open else 0)
        state, k = below(state, choices)
        p = q = -1
        if pie_open and k == choices - 1:  # RT-13: the board stays, the seats trade
            passes, p = 0, PIE
            previous[:] = -1
        elif total == 0:  # RT-11
            passes, side, p = passes + 1, 1 - side, PASS
            previous[:] = -1
        else:  # RT-8: the two cells exchange colours
            row = 0
            while k >= counts[row]:
                k -= counts[row]
                row += 1
            p = ps[row]
            q = kth_swap(
                colours,
                p,
                k,
                support,
                label,
                order,
                start,
                size,
                flags,
                marks,
                targets,
                near,
                ring,
                blocks,
            )
            colours[p], colours[q] = 1 - side, side
            previous[0], previous[1] = p, q
            passes, swapper, side = 0, side, 1 - side
        if played < len(trace):
            trace[played, 0], trace[played, 1] = p, q
        ply += 1
        played += 1


@kernel
def play_outs(
    colours: np.ndarray,
    side: int,
    ply: int,
    passes: int,
    banned: np.ndarray,
    swapper: int,
    rules: np.ndarray,
    near: np.ndarray,
    ring: np.ndarray,
    blocks: np.ndarray,
    state: np.uint64,
    winners: np.ndarray,
) -> None:
    """`len(winners)` playouts from one position; their winners go into `winners`."""
    no_trace = np.empty((0, 2), np.int64)
    for i in range(len(winners)):
        winners[i], _, state = play_out(
            colours,
            side,
            ply,
            passes,
            banned,
            swapper,
            rules,
            near,
            ring,
            blocks,
            state,
            no_trace,
        )


@kernel
def listed_moves(
    colours: np.ndarray,
    side: int,
    ply: int,
    passes: int,
    banned: np.ndarray,
    swapper: int,
    rules: np.ndarray,
    near: np.ndarray,
    ring: np.ndarray,
    blocks: np.ndarray,
) -> np.ndarray:
    """Every move the playout draws from here, each once, in the draw's numbering, as
    `bitboard.listed_moves`. For the tests against the rules."""
    cells = len(colours)
    label, order, start, size = _work(cells), _work(cells), _work(cells), _work(cells)
    flags, marks, targets = _work(cells), _work(cells), _work(cells)
    ps, counts = _work(cells), _work(cells)
    nets = label_networks(colours, near, label, order, start, size)
    support = rules[SUPPORT] != 0
    ban = banned if rules[NO_REUSE] else np.full(2, -1, np.int64)
    rows, total = swap_rows(
        colours,
        side,
        rules[RELAX] != 0 and passes == 1,
        ban,
        support,
        near,
        ring,
        blocks,
        label,
        order,
        start,
        size,
        nets,
        flags,
        marks,
        targets,
        ps,
        counts,
    )
    pie_open = rules[PIE_RULE] != 0 and ply == 1
    out = np.full((max(total, 1) + (1 if pie_open else 0), 2), -1, np.int64)
    k = 0
    for row in range(rows):
        for j in range(counts[row]):
            out[k, 0] = ps[row]
            out[k, 1] = kth_swap(
                colours,
                ps[row],
                j,
                support,
                label,
                order,
                start,
                size,
                flags,
                marks,
                targets,
                near,
                ring,
                blocks,
            )
            k += 1
    if total == 0:
        out[0, 0] = PASS
    if pie_open:
        out[-1, 0] = PIE
    return out
