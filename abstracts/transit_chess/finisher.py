"""A short exact search for won endings: material, MT-10's exchanges and MT-11's last piece.

MCTS on the big maps reaches a large lead and then stops converting: with hundreds of moves
a position and a few hundred iterations a move, one more Pedestrian taken is a reward of
about 1/64 in the judge's lead, below the noise of the rollouts, and a stack defended by a
piece that can land back on it (MT-10: the last to land keeps the whole stack) is taken
only when enough attackers are in place, a plan no rollout of a few plies finds. So once
the movement phase has begun and the mover is far ahead (`LEAD`), the player first asks an
exact search for a forced gain:

- a negamax with alpha-beta over every move (MT-5..MT-9) for `DEPTH` plies, then a
  quiescence search over conversions only (MT-10: the side to move may stand pat or take a
  stack, and the other side may take it back, as often as `QUIESCENCE` plies allow);
- a position is scored by material only (values.py), each converted stack moving its whole
  value from one side to the other; converting the opponent's last pieces is a win (MT-11),
  sooner better than later;
- moves are tried conversions first, the most valuable stack first, then by code, so the
  line chosen among equal scores is fixed; the search counts the positions it visits and
  gives up past `NODES` (a budget in positions, never in time: the same position always gets
  the same answer; about 0.05 to 0.3 s of CPU on Toronto). With a time budget, its time is
  part of the move's: the UCT searches whatever is left.

The move is played only when the search proves it gains material against every reply
within the horizon; otherwise the position goes to MCTS as before. Away from a won ending
the search is asked too, once every piece is placed, and its move is played only for a clear
gain (`GAIN`, a Chief's worth): in Boston game 6 of the series below MCTS, 6 points up,
missed a rider taking a stack for 30 and fed pieces into an exchange it lost for 40 plies
(the judge's exchange counts are a guess; this search plays the exchange out). Greedy sees
a move and the opponent's one reply; this sees the exchange to its end and the quiet move
that sets it up, which is what converting the last defended stacks needs.

`best_move_kernel` is compiled; `best_move_reference` is the same search in plain Python
over movegen.py and rules.apply_code (same order, same counts: the tests compare them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from abstracts.evaluators import search_clock
from abstracts.transit_chess.fastgen import gen_apply, gen_movement, k_value, size_of
from abstracts.transit_chess.movegen import movement_codes
from abstracts.transit_chess.pieces import size
from abstracts.transit_chess.rules import RuleSet, apply_code
from abstracts.transit_chess.tables import Tables
from abstracts.transit_chess.values import value
from tabletop.compiled import kernel

if TYPE_CHECKING:
    from abstracts.mcts import SearchStats
    from abstracts.transit_chess.moves import TransitChessMove
    from abstracts.transit_chess.state import TransitChessState

DEPTH = 2  # full-width plies: a quiet move and the reply; the quiescence then converts
QUIESCENCE = 6  # further plies of conversions only (MT-10's exchanges)
NODES = 100_000  # positions the search may visit before it gives up
LEAD = 1.5  # the mover's material at least this many times the opponent's (a won ending)
GAIN = 5  # elsewhere in the movement phase, a proven gain of at least this much (a Chief)
WIN = 1_000_000  # converting the opponent's last pieces (MT-11), less the plies it takes
INF = 10_000_000


class Found(NamedTuple):
    """What the search found: the best move's code (-1 if it gave up), its score (the
    mover's material less the opponent's after the line, or about WIN for a forced win)
    and the positions it visited."""

    code: int
    score: int
    nodes: int


def material_balance(cells: Sequence[int], side: int) -> int:
    """The mover's material on the map less the opponent's (values.py)."""
    sign = 1 - 2 * side
    return sum(value(c) if c * sign > 0 else -value(c) for c in cells if c)


def ahead(cells: Sequence[int], hands: Sequence[int], side: int, lead: float = LEAD) -> bool:
    """Whether the movement phase is on and the mover has at least `lead` times the
    opponent's material: a won ending, where the search is asked first."""
    if hands[0] or hands[1]:
        return False
    sign = 1 - 2 * side
    mine = sum(value(c) for c in cells if c * sign > 0)
    theirs = sum(value(c) for c in cells if c * sign < 0)
    return theirs > 0 and mine >= lead * theirs


# ------------------------------------------------------------------ the compiled search


@kernel
def _ordered(kt, cells, sign, ws, out):  # type: ignore[no-untyped-def]
    """The side's moves into `out`, conversions first (the most valuable stack first),
    then by code; returns (count, how many are conversions)."""
    n = kt.n
    count = gen_movement(kt, cells, sign, ws, out)
    out[:count].sort()
    gains = np.empty(count, np.int64)
    takes = 0
    for i in range(count):
        target = cells[out[i] % n]
        gains[i] = -k_value(target) if target * sign < 0 else 0
        takes += target * sign < 0
    order = np.argsort(gains, kind="mergesort")
    sorted_codes = out[:count][order]
    out[:count] = sorted_codes
    return count, takes


@kernel
def best_move_kernel(kt, ws, cells, totals, side, depth, limit):  # type: ignore[no-untyped-def]
    """(best code or -1, its score, positions visited) for `side` to move in a placed
    position (see the module docstring). The negamax runs on an explicit stack of plies
    (numba's cache does not keep recursive kernels safely): per ply its moves, the move
    being tried, its window and the stacks the move changed, to be put back."""
    n = kt.n
    top = depth + QUIESCENCE + 1
    buf = np.empty((top, 4 * n * n + 1), np.int64)
    tried, index = np.zeros(top, np.int64), np.zeros(top, np.int64)
    alpha, beta = np.zeros(top, np.int64), np.zeros(top, np.int64)
    best, balance = np.zeros(top, np.int64), np.zeros(top, np.int64)
    kept = np.zeros((top, 4), np.int64)  # origin's stack, destination's, the two totals
    hands = np.zeros(2, np.int64)
    sign = 1 - 2 * side
    for s in range(n):
        if cells[s] * sign > 0:
            balance[0] += k_value(cells[s])
        elif cells[s] * sign < 0:
            balance[0] -= k_value(cells[s])
    alpha[0], beta[0] = -INF, INF
    nodes, chosen, result = 0, -1, 0
    ply, opening, returning = 0, True, False
    while True:
        mover = side if ply % 2 == 0 else 1 - side
        sign = 1 - 2 * mover
        if opening:  # a position reached: stand pat, a leaf, or list its moves
            opening = False
            nodes += 1
            if nodes > limit:
                return -1, 0, nodes
            left = depth - ply
            best[ply] = -INF
            if left <= 0:  # quiescence: the side need not convert
                best[ply] = balance[ply]
                if balance[ply] >= beta[ply] or left <= -QUIESCENCE:
                    returning, result = True, balance[ply]
                alpha[ply] = max(alpha[ply], balance[ply])
            if not returning:
                count, takes = _ordered(kt, cells, sign, ws, buf[ply])
                index[ply] = 0
                tried[ply] = count if left > 0 else takes
                if count == 0:  # no move at all (MT-11 passes): the material stands
                    returning, result = True, balance[ply]
        elif returning:  # the score of the move tried here came back: take it back
            returning = False
            code = buf[ply, index[ply]]
            cells[(code // n) % n], cells[code % n] = kept[ply, 0], kept[ply, 1]
            totals[0], totals[1] = kept[ply, 2], kept[ply, 3]
            if -result > best[ply]:
                best[ply] = -result
                if ply == 0:
                    chosen = code
            alpha[ply] = max(alpha[ply], best[ply])
            index[ply] += 1
            if alpha[ply] >= beta[ply]:
                returning, result = True, best[ply]
        if not returning:  # try the next move
            while index[ply] < tried[ply]:
                code = buf[ply, index[ply]]
                destination, origin = code % n, (code // n) % n
                target = cells[destination]
                if target * sign < 0 and size_of(target) == totals[1 - mover]:
                    if WIN - ply > best[ply]:  # MT-11: the opponent's last pieces
                        best[ply] = WIN - ply
                        if ply == 0:
                            chosen = code
                    alpha[ply] = max(alpha[ply], best[ply])
                    index[ply] += 1
                    if alpha[ply] >= beta[ply]:
                        break
                    continue
                gained = k_value(target) if target * sign < 0 else 0
                kept[ply, 0], kept[ply, 1] = cells[origin], target
                kept[ply, 2], kept[ply, 3] = totals[0], totals[1]
                gen_apply(n, cells, hands, totals, mover, code)
                alpha[ply + 1], beta[ply + 1] = -beta[ply], -alpha[ply]
                balance[ply + 1] = -(balance[ply] + 2 * gained)
                opening = True
                break
            if opening:
                ply += 1
                continue
            returning, result = True, best[ply]
        if ply == 0:  # this position is scored: hand it to the ply above
            return chosen, result, nodes
        ply -= 1


def best_move(
    rules: RuleSet,
    cells: Sequence[int],
    totals: Sequence[int],
    side: int,
    depth: int = DEPTH,
    limit: int = NODES,
) -> Found:
    """The kernel's search from a placed position with `side` to move."""
    code, score, nodes = best_move_kernel(
        rules.arrays, rules.scratch, np.array(cells, dtype=np.int64),
        np.array(totals, dtype=np.int64), side, depth, limit,
    )  # fmt: skip
    return Found(int(code), int(score), int(nodes))


# ------------------------------------------------------------------ the plain-Python twin


def best_move_reference(
    tables: Tables,
    cells: Sequence[int],
    totals: Sequence[int],
    side: int,
    depth: int = DEPTH,
    limit: int = NODES,
) -> Found:
    """`best_move_kernel` in plain Python: the same search, order and counts."""
    nodes = [0]
    chosen = [-1]

    class Spent(Exception):
        pass

    def ordered(position: list[int], sign: int) -> tuple[list[int], int]:
        codes = sorted(movement_codes(tables, position, sign))
        n = tables.n
        gains = [value(position[c % n]) if position[c % n] * sign < 0 else 0 for c in codes]
        order = sorted(range(len(codes)), key=lambda i: -gains[i])  # stable
        takes = sum(1 for g in gains if g)
        return [codes[i] for i in order], takes

    def negamax(
        position: list[int], counts: list[int], mover: int, left: int, ply: int,
        alpha: int, beta: int, balance: int,
    ) -> int:  # fmt: skip
        nodes[0] += 1
        if nodes[0] > limit:
            raise Spent
        n, sign = tables.n, 1 - 2 * mover
        quiet = left > 0
        best = -INF
        if not quiet:
            best = balance
            if best >= beta or left <= -QUIESCENCE:
                return best
            alpha = max(alpha, best)
        codes, takes = ordered(position, sign)
        if not codes:
            return balance
        for code in codes if quiet else codes[:takes]:
            target = position[code % n]
            gained = value(target) if target * sign < 0 else 0
            if target * sign < 0 and size(target) == counts[1 - mover]:
                score = WIN - ply
            else:
                after, after_counts = list(position), list(counts)
                apply_code(tables, after, [0, 0], after_counts, mover, code)
                score = -negamax(
                    after, after_counts, 1 - mover, left - 1, ply + 1, -beta, -alpha,
                    -(balance + 2 * gained),
                )  # fmt: skip
            if score > best:
                best = score
                if ply == 0:
                    chosen[0] = code
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    try:
        score = negamax(
            list(cells), list(totals), side, depth, 0, -INF, INF, material_balance(cells, side)
        )
    except Spent:
        return Found(-1, 0, nodes[0])
    return Found(chosen[0], score, nodes[0])


# ------------------------------------------------------------------ the player's first look


class Finisher:
    """What `TransitChessGame.compiled_search` offers MCTS (`abstracts.mcts.CompiledSearch`):
    in a won ending (`ahead`), the move the search proves gains material; any other
    position goes back to the UCT (None), which then searches it within the same budget."""

    def __init__(
        self, depth: int = DEPTH, limit: int = NODES, lead: float = LEAD, gain: int = GAIN
    ) -> None:
        self.depth, self.limit, self.lead, self.gain = depth, limit, lead, gain

    def choose(self, state: TransitChessState) -> tuple[TransitChessMove, SearchStats] | None:
        from abstracts.mcts import SearchStats

        if state.is_over or state.hands[0] or state.hands[1]:
            return None  # placing (MT-4): the UCT's
        start = search_clock()
        found = best_move(
            state.rules, state.cells, state.totals, state.side, self.depth, self.limit
        )
        # A won ending takes any proven gain; elsewhere only a clear one (`gain`).
        needed = 1 if ahead(state.cells, state.hands, state.side, self.lead) else self.gain
        if found.code < 0 or found.score < material_balance(state.cells, state.side) + needed:
            return None  # no forced gain within the horizon (or the budget ran out)
        # No playouts were run (iterations 0); the value is the judge's share of a win for
        # the material the line ends with (1 for a forced win, MT-11).
        everything = sum(value(c) for c in state.cells)
        share = 0.5 + 0.5 * max(-1.0, min(1.0, found.score / everything))
        seconds = search_clock() - start
        return state.rules.codec.move(found.code), SearchStats(0, seconds, 0, share, 0)

    def reset(self) -> None:
        """Nothing is kept between moves."""
