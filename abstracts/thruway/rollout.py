"""The MCTS rollout: a few road-building plies, then the greedy evaluation judges.

Uniformly random games on 7 x 7 mostly run out of tiles with no thruway and end drawn
(TW-12), so they tell the search little, and they rarely find the one move that finishes
a road, so a search fed by them misses threats to win next move. A rollout here plays at
most HORIZON plies: a move that wins at once whenever the mover has one (threats.py),
else a random move biased towards the mover's own roads (`run_playout` with `stray`). It
stops early if a side wins (TW-15) or nobody can move, and otherwise names the side the
greedy evaluation (distance to connect, indestructible and exposed tiles) finds ahead, the
side to move counting TEMPO extra; an even score, or a board where nothing can change any
more, is a draw. bench/bench_thruway.py measures its speed; the match runner its strength.
"""

from __future__ import annotations

import random

from abstracts.thruway.board import Board
from abstracts.thruway.disputes import disputed_blocks
from abstracts.thruway.greedy import evaluate
from abstracts.thruway.playout import Position, TraceEntry, run_playout
from abstracts.thruway.rules import RuleSet

HORIZON = 4  # plies played before judging
STRAY = 0.3  # the chance of keeping a drawn pave away from the mover's roads
DECISIVE = HORIZON  # plies that take a winning move when there is one
TEMPO = 2.0  # the side to move's bonus, in evaluation points (half a parcel of distance)


def rollout(
    rules: RuleSet, start: Position, rng: random.Random, trace: list[TraceEntry] | None = None
) -> int | None:
    """The winning side of a rollout from `start`: 0 concrete, 1 asphalt, None for even."""
    winner, reached = run_playout(
        rules, start, rng, horizon=HORIZON, stray=STRAY, decisive=DECISIVE, trace=trace
    )
    if winner is not None or reached.passes >= 3 or reached.ply >= rules.max_plies:
        return winner  # the game ended (TW-12, TW-15): nothing to judge
    return judge(rules.geometry, reached)


def judge(geo: Board, frontier: Position) -> int | None:
    """The side ahead at `frontier` by the greedy evaluation, with TEMPO for the mover.

    A dead board is a draw: neither side can pave (TW-7) and no dispute is left to swap
    (TW-9), so nothing can ever change again (TW-12).
    """
    c, a = frontier.concrete, frontier.asphalt
    if max(frontier.reserves) < 2 and not disputed_blocks(geo, c, a):
        return None
    score, _ = evaluate(geo, c, a, 0)
    score += TEMPO if frontier.side == 0 else -TEMPO
    if score > 0:
        return 0
    return 1 if score < 0 else None
