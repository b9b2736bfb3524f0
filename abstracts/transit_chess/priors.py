"""The greedy player's move scores, compiled: move priors for the search and the rollouts'
choice (OpenSpiel's `Evaluator.prior`).

`scores_kernel` gives every legal code the score greedy.py gives it, one ply deep with the
opponent's best reply:
- a move (MT-5..MT-10): what it converts, less the most valuable stack the opponent can then
  convert, plus THREAT times the best stack the moved piece then threatens; converting the
  opponent's last pieces (MT-11) scores WIN, leaving them a reply that converts all of ours
  -WIN;
- a placement (MT-4): THREAT times the best stack the piece would threaten from its stop,
  less what would stand there if the opponent can land on it, plus MOBILITY per stop it
  could reach;
- pass: 0.
The plain-Python twin is greedy.py's own scorers (`greedy.scorer`), with reference.py's
`greedy_bounds` and `greedy_choice` for the order the kernel scores moves in; tests compare
them.

The search expands a node's moves best first, a few more as its visits grow (progressive
widening), and weighs them by the scores' softmax at TEMPERATURE (rollout.py's `move_priors`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from abstracts.transit_chess.fastgen import gen_targets, k_mark_attacks, k_value, size_of
from abstracts.transit_chess.replies import danger_after, replies_of
from abstracts.transit_chess.rules import RuleSet
from abstracts.transit_chess.values import MOBILITY, THREAT, WIN
from tabletop.compiled import kernel

TEMPERATURE = 1.0  # in Pedestrians: how sharply the priors favour the best-scoring moves
EXACT = 8  # moves whose order the priors get exactly right (the rest by their bounds)
UNSCORED = 1e-6  # how far below the exact scores a move left unscored ranks


@kernel
def _threat(kt, cells, sign, kind, start, ws):  # type: ignore[no-untyped-def]
    """(the best opponent stack a piece of `kind` on `start` can land on, its moves)."""
    count = gen_targets(kt, cells, sign, kind, start, ws, ws.other, 0)
    best = 0
    for i in range(count):
        target = cells[ws.other[i]]
        if target * sign < 0:
            best = max(best, k_value(target))
    return best, count


@kernel
def _threat_after(kt, ws, cells, sign, kind, origin, destination):  # type: ignore[no-untyped-def]
    """`_threat` of the piece moved from `origin` to `destination`, on the stop it reaches
    (played and taken back in place on `cells`)."""
    target, before = cells[destination], cells[origin]
    cells[origin] = before - (sign << (8 * kind))
    cells[destination] = (-target if target * sign < 0 else target) + (sign << (8 * kind))
    threat, _ = _threat(kt, cells, sign, kind, destination, ws)
    cells[destination], cells[origin] = target, before
    return threat


@kernel
def _move_score(kt, ws, rp, mine, cells, hands, totals, side, code, stamp, threat):  # type: ignore[no-untyped-def]
    """greedy.py's score of one move whose moved piece then threatens `threat`; `rp` holds
    the opponent's replies before it and `mine` our stops (replies.py), `stamp` is new for
    each move."""
    n, sign = kt.n, 1 - 2 * side
    rest, destination = divmod(code, n)
    kind, origin = divmod(rest, n)
    target = cells[destination]
    gained, total, theirs = 0, totals[side], totals[1 - side]
    if target * sign < 0:  # MT-10
        gained = k_value(target)
        total, theirs = total + size_of(target), theirs - size_of(target)
    if theirs == 0 and hands[1 - side] == 0:
        return WIN  # MT-11
    danger = danger_after(kt, ws, rp, cells, sign, origin, destination, kind, total, stamp, mine)
    if danger < 0:
        return -WIN
    return gained - danger + THREAT * threat


@kernel
def _bounds(kt, ws, cells, hands, totals, side, codes, out, threats):  # type: ignore[no-untyped-def]
    """Each move's score without the opponent's reply (what it converts + THREAT * what the
    moved piece then threatens): a bound its greedy score never exceeds, and that score
    itself for a placement, a pass or a win (nothing is left to reply to). A move's threat
    goes to `threats`."""
    n, sign = kt.n, 1 - 2 * side
    placing = hands[0] or hands[1]
    stamp = k_mark_attacks(kt, cells, -sign, ws) if placing else 0
    known = np.full(4 * n, -1, np.int64)  # a piece type on a stop: the threat from there
    for i in range(len(codes)):
        code = codes[i]
        if code == 4 * n * n + 4 * n:
            out[i] = 0.0
        elif code >= 4 * n * n:  # MT-4
            kind, stop = divmod(code - 4 * n * n, n)
            threat, reach = _threat(kt, cells, sign, kind, stop, ws)
            danger = 0
            if ws.attacked[stop] == stamp:
                danger = k_value(cells[stop] + (sign << (8 * kind)))
            out[i] = THREAT * threat - danger + MOBILITY * reach
        else:
            rest, destination = divmod(code, n)
            kind, origin = divmod(rest, n)
            target = cells[destination]
            if target * sign < 0 and size_of(target) == totals[1 - side] and not hands[1 - side]:
                out[i] = WIN  # MT-11
            else:
                # Landing on a stop leaves the track around it as it was (MT-9: our own
                # stops never block), unless it converts the stop: then work it out afresh.
                threat = known[kind * n + destination]
                if threat < 0 or target * sign < 0:
                    threat = _threat_after(kt, ws, cells, sign, kind, origin, destination)
                    if target * sign >= 0:
                        known[kind * n + destination] = threat
                threats[i] = threat
                gained = k_value(target) if target * sign < 0 else 0
                out[i] = gained + THREAT * threat
    return not placing


@kernel
def scores_kernel(kt, ws, cells, hands, totals, side, codes, need, out):  # type: ignore[no-untyped-def]
    """greedy.py's scores of `codes` (legal, in order) into `out`, exact for at least the
    `need` best: the moves are scored in order of their bounds (`_bounds`, the first code
    first among equal bounds) until `need` exact scores reach the next bound. The moves
    left unscored rank just below those: their bound, capped at the `need`-th best score,
    less UNSCORED. Returns (how many moves were scored exactly, all of them while placing;
    the index of greedy's choice: the first move in that order with the best score)."""
    threats = np.zeros(len(codes), np.int64)
    moving = _bounds(kt, ws, cells, hands, totals, side, codes, out, threats)
    if not moving:
        return len(codes), np.argmax(out)
    order = np.argsort(-out, kind="mergesort")
    rp = replies_of(kt, cells, -(1 - 2 * side), ws)
    mine = np.array([s for s in range(kt.n) if cells[s] * (1 - 2 * side) > 0], np.int64)
    best = np.full(
        max(1, min(need, len(codes))), -np.inf
    )  # the `need` best scores so far, smallest first
    done, choice = 0, order[0]
    while done < len(order):
        i = order[done]
        if done >= need and best[0] >= out[i]:
            break  # no move left can beat the `need` best found
        if out[i] != WIN and codes[i] != 4 * kt.n * kt.n + 4 * kt.n:
            out[i] = _move_score(
                kt, ws, rp, mine, cells, hands, totals, side, codes[i], done + 1, threats[i]
            )
        if out[i] > out[choice]:
            choice = i
        if out[i] > best[0]:
            best[0] = out[i]
            best.sort()
        done += 1
    for j in range(done, len(order)):
        out[order[j]] = min(out[order[j]], best[0]) - UNSCORED
    return done, choice


def scores(
    rules: RuleSet,
    cells: Sequence[int],
    hands: Sequence[int],
    totals: Sequence[int],
    side: int,
    codes: Sequence[int],
    need: int = EXACT,
) -> tuple[np.ndarray, int]:
    """The kernel's scores of the legal `codes` of `side` (exact for the `need` best, see
    `scores_kernel`) and how many are exact."""
    out = np.empty(len(codes), dtype=np.float64)
    if not len(codes):  # a finished game (MT-11): nothing to score
        return out, 0
    done, _ = scores_kernel(
        rules.arrays, rules.scratch, np.array(cells, dtype=np.int64),
        np.array(hands, dtype=np.int64), np.array(totals, dtype=np.int64), side,
        np.array(codes, dtype=np.int64), need, out,
    )  # fmt: skip
    return out, int(done)


def softmax(values: np.ndarray, temperature: float = TEMPERATURE) -> np.ndarray:
    weights = np.exp((values - values.max()) / temperature)
    return weights / weights.sum()
