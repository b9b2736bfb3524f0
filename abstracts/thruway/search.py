"""Thruway's compiled MCTS: the UCT of `abstracts/mcts.py`, with the tree in arrays.

`ThruwayGame.compiled_search` offers a `ThruwaySearch` to `MCTSAgent`, which hands it its
moves when it scores leaves with the uniform playout (`RandomPlayout`) or Thruway's judged
rollout (`rollout.judged_rollout`). The search is the generic one, iteration for iteration:
select by UCT (mean reward plus progressive bias plus exploration), expand a random untried
move, evaluate, back the reward (1 win, 1/2 draw, 0 loss, or the graded judge's share of a
win, as `MCTSAgent` credits a `Lead`) up to the player who chose each move; players are
named by their side at the root and `pie` (TW-11) flips who holds which side below it. The
agent's seed seeds it, so an iteration budget reproduces; a time budget runs it in short
slices and stops at the deadline; the subtree under the opponent's reply is kept for the
next move.

One addition, decisive moves: a node whose mover can win at once (TW-15) gets that move as
its only child (kernel_rollout.winning_move). The search then takes a win when it has one
(rollouts that seldom parry a threat value a waiting move as high), and a move that lets
the opponent win at once is a loss one level down, not a mean of lucky rollouts.

Greedy's order near the root (with the judge; the uniform playout stays plain UCT): the
root and the nodes ORDER_DEPTH plies below it rank their
moves by greedy's one-move score (`move_scores`: the greedy evaluation after the move, for
the mover, greedy.evaluate_move) and grow their children best first, a node with v visits
having at most WIDEN_BASE + v ** WIDEN_POWER children (progressive widening). On 11 x 11 a
node has some 200 moves: uniform expansion gave each of the root's moves a few hundred
visits and each reply about one, a one-move search with noise; ranked and widened, the
search reads our best candidates against the opponent's best replies. Deeper nodes expand
a random untried move, as before (ranking costs a judge a move).

Tree layout: per node, rows of `ints` (PARENT, MOVE, MOVER, FLIPPED, VISITS, FIRST, NMOVES,
NEXP, END, ORDERED) and of `reals` (VALUE, BIAS). A node's legal moves are listed in the
`pool` when it is first expanded, at FIRST..FIRST+NMOVES; its children are the first NEXP of
them (pool row CHILD). A leaf gets no list until it is selected again, so only inner nodes
use the pool. Each iteration copies the root position's arrays and plays the path's moves
with kernel.py.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

import abstracts.thruway.arrays as arrays
import abstracts.thruway.kernel as k
from abstracts.evaluators import search_clock
from abstracts.thruway.greedy import DISTANCE_WEIGHT, EXPOSED_WEIGHT, POCKET_SIZE, SAFE_WEIGHT
from abstracts.thruway.kernel_rollout import NONE as NO_WIN
from abstracts.thruway.kernel_rollout import TEMPO as TEMPO_SLOT
from abstracts.thruway.kernel_rollout import UNIFORM, judge_score, new_scratch, share, winning_move
from abstracts.thruway.playout import STRAY
from abstracts.thruway.rollout import SCALE, TEMPO
from tabletop.compiled import kernel

if TYPE_CHECKING:
    from abstracts.mcts import MCTSAgent, SearchStats
    from abstracts.thruway.moves import ThruwayMove
    from abstracts.thruway.state import ThruwayState

PARENT, MOVE, MOVER, FLIPPED, VISITS, FIRST, NMOVES, NEXP, END, ORDERED = range(10)
NODE_ROWS = 10
# Greedy's move order near the root (module docstring): nodes up to ORDER_DEPTH plies below
# the root rank their moves by greedy's score and grow children best first, at most
# WIDEN_BASE + visits ** WIDEN_POWER of them (progressive widening).
ORDER_DEPTH = 1
WIDEN_BASE = 4
WIDEN_POWER = 0.35
FIRST_CHOICE = 1.0e12  # the order's score of a move that wins at once, and of `pie`
VALUE, BIAS = 0, 1
CHILD = 1  # pool row of the children (row MOVE_ROW: the move codes)
NOT_OVER = -2  # END of a node whose game goes on; else the winning side or -1 (drawn)
NODES, POOL = 0, 1  # meta slots: nodes and pool entries in use
SLICE_SECONDS = 0.01  # a time budget checks the clock this often
MOVE_ROW = 0  # pool row of the move codes
# The judged rollout's constants, in kernel_rollout.py's policy slots: graded (SCALE, the
# default judge rollout.graded_judge) and as a verdict (0, rollout.judge).
POLICY = np.array(
    [DISTANCE_WEIGHT, SAFE_WEIGHT, EXPOSED_WEIGHT, TEMPO, STRAY, POCKET_SIZE, SCALE],
    dtype=np.float64,
)
VERDICT_POLICY = np.array([*POLICY[:-1], 0.0], dtype=np.float64)
Root = tuple[np.ndarray, np.ndarray, np.ndarray]  # a position's cells, scalars, work rows
Tree = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # ints, reals, pool, meta


# ---------------------------------------------------------------------- the tree kernels


@kernel
def new_node(
    ints: np.ndarray, meta: np.ndarray, parent: int, move: int, mover: int, flipped: int, end: int
) -> int:
    node = meta[NODES]
    meta[NODES] += 1
    ints[PARENT, node], ints[MOVE, node], ints[MOVER, node] = parent, move, mover
    ints[FLIPPED, node], ints[VISITS, node], ints[FIRST, node] = flipped, 0, -1
    ints[NMOVES, node] = ints[NEXP, node] = 0
    ints[END, node], ints[ORDERED, node] = end, 0
    return node


@kernel
def list_moves(
    ints: np.ndarray,
    pool: np.ndarray,
    meta: np.ndarray,
    node: int,
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    out: np.ndarray,
    tmp: np.ndarray,
    ordered: bool,
    policy: np.ndarray,
) -> None:
    """Put `node`'s moves (its position is in cell, s, w) in the pool: its legal moves, a
    pass if none (TW-12), or only a move that wins at once if the mover has one (TW-15);
    `ordered`: best first by greedy's score (`move_scores`), and the node widens."""
    won = winning_move(cell, s, w, geo, out, tmp)
    if won != NO_WIN:
        out[0], count = won, 1
    else:
        count = k.legal_moves(cell, s, w, geo, out)
    if count == 0:
        out[0], count = k.PASS_CODE, 1
    first = meta[POOL]
    pool[MOVE_ROW, first : first + count] = out[:count]
    pool[CHILD, first : first + count] = -1
    meta[POOL] += count
    ints[FIRST, node], ints[NMOVES, node], ints[NEXP, node] = first, count, 0
    if ordered:
        order_untried(ints, pool, node, cell, s, w, geo, tmp, policy)


@kernel
def order_untried(
    ints: np.ndarray,
    pool: np.ndarray,
    node: int,
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    tmp: np.ndarray,
    policy: np.ndarray,
) -> None:
    """Rank `node`'s untried moves best first by greedy's score (its position is in cell,
    s, w; ties keep the legal-move order) and mark it ORDERED: it grows children in that
    order and widens. A reused tree's new root comes here with children already grown."""
    a = ints[FIRST, node] + ints[NEXP, node]
    b = ints[FIRST, node] + ints[NMOVES, node]
    if b - a > 1:
        scores = np.empty(b - a, dtype=np.float64)
        move_scores(cell, s, w, geo, pool[MOVE_ROW, a:b], b - a, tmp, policy, scores)
        rank = np.argsort(-scores, kind="mergesort")
        pool[MOVE_ROW, a:b] = pool[MOVE_ROW, a:b][rank]
    ints[ORDERED, node] = 1


@kernel
def move_scores(
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    moves: np.ndarray,
    count: int,
    tmp: np.ndarray,
    policy: np.ndarray,
    scores: np.ndarray,
) -> None:
    """Greedy's score of each of the first `count` moves for the side to move: the greedy
    evaluation of the board after it, for the mover (greedy.evaluate_move; the judge's
    TEMPO, which then goes to the opponent, is taken back out), FIRST_CHOICE for a move that
    wins at once (TW-15) and for `pie` (TW-11), minus FIRST_CHOICE for one that loses."""
    side = s[k.SIDE]
    for i in range(count):
        move = moves[i]
        if move == k.PIE_CODE:
            scores[i] = FIRST_CHOICE
            continue
        c2, s2, w2 = cell.copy(), s.copy(), w.copy()
        k.play(c2, s2, w2, geo, move)
        if s2[k.WINNER] >= 0:
            scores[i] = FIRST_CHOICE if s2[k.WINNER] == side else -FIRST_CHOICE
            continue
        score = judge_score(c2, s2, w2, geo, tmp, policy)
        score += policy[TEMPO_SLOT] if s2[k.SIDE] == 1 else -policy[TEMPO_SLOT]
        scores[i] = score if side == 0 else -score


@kernel
def expand(
    ints: np.ndarray,
    pool: np.ndarray,
    meta: np.ndarray,
    node: int,
    slot: int,
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
) -> int:
    """Make untried pool entry `slot` of `node` its next child and play it; the child."""
    first, nexp = ints[FIRST, node], ints[NEXP, node]
    move = pool[MOVE_ROW, slot]
    if ints[ORDERED, node]:  # keep the untried moves' order: shift them up one
        for i in range(slot, first + nexp, -1):
            pool[MOVE_ROW, i] = pool[MOVE_ROW, i - 1]
    else:
        pool[MOVE_ROW, slot] = pool[MOVE_ROW, first + nexp]
    pool[MOVE_ROW, first + nexp] = move
    mover = s[k.SIDE] ^ ints[FLIPPED, node]  # the root-frame player choosing `move`
    flipped = ints[FLIPPED, node] ^ (move == k.PIE_CODE)
    k.play(cell, s, w, geo, move)
    end = NOT_OVER
    if k.is_over(s):
        end = s[k.WINNER]
    child = new_node(ints, meta, node, move, mover, flipped, end)
    pool[CHILD, first + nexp] = child
    ints[NEXP, node] = nexp + 1
    return child


@kernel
def best_child(ints: np.ndarray, reals: np.ndarray, pool: np.ndarray, node: int, c: float) -> int:
    """UCT: the child with the highest (value + bias) / visits + c sqrt(ln N / visits)."""
    log_n = math.log(ints[VISITS, node])
    first = ints[FIRST, node]
    best, best_score = -1, -math.inf
    for i in range(first, first + ints[NEXP, node]):
        child = pool[CHILD, i]
        visits = ints[VISITS, child]
        score = (reals[VALUE, child] + reals[BIAS, child]) / visits + c * math.sqrt(log_n / visits)
        if score > best_score:
            best, best_score = child, score
    return best


@kernel
def widened(visits: int) -> int:
    """How many children an ordered node with `visits` visits may have."""
    return WIDEN_BASE + int(max(visits, 1) ** WIDEN_POWER)


@kernel
def back_up(ints: np.ndarray, reals: np.ndarray, node: int, first: float) -> None:
    """Credit root-frame player 0 with `first` of a win (1 a win, 1/2 a draw, or a graded
    judge's share) and player 1 with the rest, along the path to the root."""
    while node >= 0:
        ints[VISITS, node] += 1
        reals[VALUE, node] += first if ints[MOVER, node] == 0 else 1.0 - first
        node = ints[PARENT, node]


@kernel
def score_leaf(
    ints: np.ndarray,
    node: int,
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    rng: np.ndarray,
    out: np.ndarray,
    tmp: np.ndarray,
    depth: int,
    policy: np.ndarray,
) -> float:
    """Root-frame player 0's share of a win from leaf `node`."""
    end = ints[END, node]
    if end == NOT_OVER:
        traded = s[k.TRADED]
        first = share(cell, s, w, geo, rng, out, tmp, depth, policy)
        if s[k.TRADED] != traded:  # a pie on the way: sides name the other players now
            first = 1.0 - first
    else:
        first = 0.5 if end < 0 else 1.0 - end
    return first if ints[FLIPPED, node] == 0 else 1.0 - first


@kernel
def iterate(
    root: tuple[np.ndarray, np.ndarray, np.ndarray],
    geo: np.ndarray,
    ints: np.ndarray,
    reals: np.ndarray,
    pool: np.ndarray,
    meta: np.ndarray,
    rng: np.ndarray,
    budget: int,
    c: float,
    depth: int,
    policy: np.ndarray,
    order: int,
) -> int:
    """Up to `budget` iterations from node 0; fewer when the arrays are nearly full (the
    caller grows them and goes on). Nodes up to `order` plies below the root rank their
    moves (-1: none). Returns how many were done."""
    root_cell, root_s, root_w = root
    nb = geo[k.SIZE, 1]
    cell, s, w = root_cell.copy(), root_s.copy(), root_w.copy()
    out = np.empty(4 * nb + 1, dtype=np.int32)
    tmp = new_scratch(geo)
    for done in range(budget):
        if meta[NODES] >= ints.shape[1] or meta[POOL] + 4 * nb + 1 > pool.shape[1]:
            return done
        cell[:] = root_cell
        s[:] = root_s
        w[:, :] = root_w
        node, plies = 0, 0
        while ints[END, node] == NOT_OVER:
            if ints[FIRST, node] < 0:
                ordered = plies <= order
                list_moves(ints, pool, meta, node, cell, s, w, geo, out, tmp, ordered, policy)
            elif plies <= order and not ints[ORDERED, node]:  # (a reused tree)
                order_untried(ints, pool, node, cell, s, w, geo, tmp, policy)
            nexp = ints[NEXP, node]
            untried = ints[NMOVES, node] - nexp
            if ints[ORDERED, node]:  # best first, as many as the node's visits allow
                if untried and nexp < widened(ints[VISITS, node]):
                    node = expand(ints, pool, meta, node, ints[FIRST, node] + nexp, cell, s, w, geo)
                    break
            elif untried:
                slot = ints[FIRST, node] + nexp + k.below(rng, untried)
                node = expand(ints, pool, meta, node, slot, cell, s, w, geo)
                break
            node = best_child(ints, reals, pool, node, c)
            k.play(cell, s, w, geo, ints[MOVE, node])
            plies += 1
        first = score_leaf(ints, node, cell, s, w, geo, rng, out, tmp, depth, policy)
        back_up(ints, reals, node, first)
    return budget


@kernel
def add_child(
    root: tuple[np.ndarray, np.ndarray, np.ndarray],
    geo: np.ndarray,
    ints: np.ndarray,
    reals: np.ndarray,
    pool: np.ndarray,
    meta: np.ndarray,
    rng: np.ndarray,
    move: int,
    depth: int,
    policy: np.ndarray,
    order: int,
) -> int:
    """The root's child for `move`, expanded and scored once if it was untried (the
    progressive bias's start); -1 if `move` is not legal at the root."""
    cell, s, w = root[0].copy(), root[1].copy(), root[2].copy()
    out = np.empty(4 * geo[k.SIZE, 1] + 1, dtype=np.int32)
    tmp = new_scratch(geo)
    if ints[FIRST, 0] < 0:
        list_moves(ints, pool, meta, 0, cell, s, w, geo, out, tmp, order >= 0, policy)
    elif order >= 0 and not ints[ORDERED, 0]:
        order_untried(ints, pool, 0, cell, s, w, geo, tmp, policy)
    first, nexp = ints[FIRST, 0], ints[NEXP, 0]
    for i in range(first, first + ints[NMOVES, 0]):
        if pool[MOVE_ROW, i] != move:
            continue
        if i < first + nexp:
            return pool[CHILD, i]
        child = expand(ints, pool, meta, 0, i, cell, s, w, geo)
        first = score_leaf(ints, child, cell, s, w, geo, rng, out, tmp, depth, policy)
        back_up(ints, reals, child, first)
        return child
    return -1


@kernel
def keep_subtree(
    ints: np.ndarray, reals: np.ndarray, pool: np.ndarray, meta: np.ndarray, top: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A fresh tree holding the subtree under `top`, which becomes node 0 (tree reuse)."""
    new_ints, new_reals = np.empty_like(ints), np.zeros_like(reals)
    new_pool, new_meta = np.empty_like(pool), np.zeros_like(meta)
    order = np.empty(meta[NODES], dtype=np.int64)
    order[0], head, tail = top, 0, 1
    renumber = np.full(meta[NODES], -1, dtype=np.int64)
    renumber[top] = 0
    while head < tail:  # breadth first: parents are numbered before their children
        old = order[head]
        node = head
        head += 1
        new_ints[:, node] = ints[:, old]
        new_reals[:, node] = reals[:, old]
        new_ints[PARENT, node] = renumber[ints[PARENT, old]] if old != top else -1
        first = ints[FIRST, old]
        if first < 0:
            continue
        count = ints[NMOVES, old]
        at = new_meta[POOL]
        new_pool[:, at : at + count] = pool[:, first : first + count]
        new_ints[FIRST, node] = at
        new_meta[POOL] += count
        for i in range(at, at + ints[NEXP, old]):
            child = new_pool[CHILD, i]
            renumber[child] = tail
            new_pool[CHILD, i] = tail
            order[tail] = child
            tail += 1
    new_meta[NODES] = tail
    return new_ints, new_reals, new_pool, new_meta


# ---------------------------------------------------------------------- the searcher


class ThruwaySearch:
    """The compiled search for one `MCTSAgent`, with its budget, seed, exploration, prior
    and reuse; leaves are scored by `depth` plies of the judged rollout (its judge graded, or
    a verdict), or by the uniform playout to the end (depth UNIFORM)."""

    def __init__(self, agent: MCTSAgent, depth: int, graded: bool = True) -> None:
        self.agent = agent
        self.depth = depth
        self.policy = POLICY if graded else VERDICT_POLICY
        # Greedy's move order goes with the judge; the uniform playout stays plain UCT (as
        # OpenSpiel's MCTSBot, which `make bench` compares it with).
        self.order = ORDER_DEPTH if depth != UNIFORM else -1
        self.geo = arrays.geometry(agent.game.options.size)
        self._tree: Tree | None = None
        self._after: ThruwayState | None = None  # the position after our last move
        self._after_node = -1
        warm_up(depth)

    def reset(self) -> None:
        self._tree, self._after = None, None

    def choose(self, state: ThruwayState) -> tuple[ThruwayMove, SearchStats]:
        """The most visited move at the root after the budget, and what the search did."""
        from abstracts.mcts import SearchStats

        agent, start = self.agent, search_clock()
        deadline = start + agent.seconds if agent.seconds is not None else math.inf
        root = state.kernel_arrays()
        tree = with_room(self._reused(state) or fresh_tree(self.geo), self.geo)
        reused = int(tree[0][VISITS, 0])
        rng = np.array([agent.rng.getrandbits(64)], dtype=np.uint64)
        if agent.prior:
            self._bias_greedy_child(state, root, tree, rng)
        tree, done = self._run(root, tree, rng, deadline)
        best = most_visited(tree)
        ints, reals = tree[0], tree[1]
        move = arrays.move_of(state.rules.geometry.size, int(ints[MOVE, best]))
        self._keep(state, move, tree, best)
        visits = int(ints[VISITS, best])
        value = float(reals[VALUE, best]) / visits
        return move, SearchStats(done, search_clock() - start, visits, value, reused)

    def _bias_greedy_child(
        self, state: ThruwayState, root: Root, tree: Tree, rng: np.ndarray
    ) -> None:
        """Progressive bias at the root: the game's greedy move starts with a bonus of
        `prior` that fades as real visits come in (as in `MCTSAgent`)."""
        agent = self.agent
        greedy = arrays.code(state.rules.geometry, agent.game.greedy_move(state, agent.rng))
        child = add_child(root, self.geo, *tree, rng, greedy, self.depth, self.policy, self.order)
        if child >= 0:
            tree[1][BIAS, child] = agent.prior

    def _run(self, root: Root, tree: Tree, rng: np.ndarray, deadline: float) -> tuple[Tree, int]:
        """Iterations until the budget is spent (at least one): the tree and their number.

        With a time budget, slices of about SLICE_SECONDS, sized from the rate so far."""
        agent, done, c = self.agent, 0, self.agent.exploration
        target = agent.iterations if agent.iterations is not None else math.inf
        batch = 16 if math.isfinite(deadline) else target
        while done < target and (done == 0 or search_clock() < deadline):
            if done and tree[0][NMOVES, 0] == 1:
                break  # one move to consider: a decisive one (list_moves)
            tree = with_room(tree, self.geo)
            step = int(min(batch, target - done))
            began = search_clock()
            did = iterate(root, self.geo, *tree, rng, step, c, self.depth, self.policy, self.order)
            done += did
            if math.isfinite(deadline):  # (fewer than `step` when the arrays filled up)
                rate = max(did, 1) / max(search_clock() - began, 1e-6)
                left = deadline - search_clock()
                batch = max(1, int(rate * min(SLICE_SECONDS, left)))
        return tree, done

    def _keep(self, state: ThruwayState, move: ThruwayMove, tree: Tree, best: int) -> None:
        """Remember the tree below our move, for the opponent's reply (if reusing)."""
        if not self.agent.reuse:
            return
        self._tree, self._after, self._after_node = tree, state.play(move), best

    def _reused(self, state: ThruwayState) -> Tree | None:
        """The subtree for `state` two plies below the last choice, if the game went so."""
        tree, after, self._tree, self._after = self._tree, self._after, None, None
        if tree is None or after is None or after.is_over or state.ply != after.ply + 1:
            return None
        reply = reply_between(after, state)
        if reply not in after.legal_moves() or after.play(reply).to_text() != state.to_text():
            return None
        ints, _, pool, _ = tree
        first = ints[FIRST, self._after_node]
        if first < 0:
            return None
        code = arrays.code(state.rules.geometry, reply)
        for i in range(first, first + ints[NEXP, self._after_node]):
            if pool[MOVE_ROW, i] == code:
                return keep_subtree(*tree, int(pool[CHILD, i]))
        return None


def reply_between(before: ThruwayState, after: ThruwayState) -> ThruwayMove | None:
    """The move that could lead from `before` to `after` one ply later: `pie` (TW-11) or
    `pass` (TW-12) when the board stayed, else the pave or swap of the two changed parcels
    (a pave changes two: it fills at least one empty parcel and claims the other, TW-5,
    TW-6; a swap recolours two, TW-9). None if no single move can."""
    table, geo = before.rules.table, before.rules.geometry
    changed = (before.concrete ^ after.concrete) | (before.asphalt ^ after.asphalt)
    if not changed:
        return table.pie if after.roles_traded != before.roles_traded else table.pass_move
    if changed.bit_count() != 2:
        return None
    low, high = (changed & -changed).bit_length() - 1, changed.bit_length() - 1
    occupied = before.concrete | before.asphalt
    sep = "~" if changed & occupied == changed else "-"
    return table.by_text.get(f"{geo.name(low)}{sep}{geo.name(high)}")


def fresh_tree(geo: np.ndarray, nodes: int = 1024) -> Tree:
    """An empty tree with its root (node 0) and room for `nodes` nodes."""
    nb = int(geo[k.SIZE, 1])
    ints = np.zeros((NODE_ROWS, nodes), dtype=np.int32)
    reals = np.zeros((2, nodes), dtype=np.float64)
    pool = np.zeros((2, 16 * (4 * nb + 1)), dtype=np.int32)
    meta = np.zeros(2, dtype=np.int64)
    new_node(ints, meta, -1, k.PASS_CODE, 0, 0, NOT_OVER)
    return ints, reals, pool, meta


def with_room(tree: Tree, geo: np.ndarray) -> Tree:
    """The tree, its arrays doubled if they are nearly full."""
    ints, reals, pool, meta = tree
    need = 4 * int(geo[k.SIZE, 1]) + 1
    if meta[NODES] + 8 > ints.shape[1]:
        ints = np.concatenate([ints, np.zeros_like(ints)], axis=1)
        reals = np.concatenate([reals, np.zeros_like(reals)], axis=1)
    if meta[POOL] + 8 * need > pool.shape[1]:
        pool = np.concatenate([pool, np.zeros_like(pool)], axis=1)
    return ints, reals, pool, meta


def most_visited(tree: Tree) -> int:
    """The root child with the most visits (ties: the best mean reward, then the first)."""
    ints, reals, pool, _ = tree
    first, nexp = ints[FIRST, 0], ints[NEXP, 0]
    children = pool[CHILD, first : first + nexp]
    visits = ints[VISITS, children]
    means = reals[VALUE, children] / np.maximum(visits, 1)
    return int(children[np.lexsort((-means, -visits))[0]])


def warm_up(depth: int) -> None:
    """Load (or compile) the kernels now, so the first move's clock does not pay for it."""
    from abstracts import get_game

    state = get_game("thruway", size=3).initial_state()
    geo = arrays.geometry(3)
    tree = fresh_tree(geo)
    rng = np.zeros(1, dtype=np.uint64)
    order = ORDER_DEPTH if depth != UNIFORM else -1
    add_child(state.kernel_arrays(), geo, *tree, rng, k.PASS_CODE, depth, POLICY, order)
    iterate(state.kernel_arrays(), geo, *tree, rng, 2, 1.0, depth, POLICY, order)
    keep_subtree(*tree, 0)
