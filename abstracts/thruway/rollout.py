"""Thruway's default evaluator: a judged rollout, `Rollout(DEFAULT_DEPTH, graded_judge)`.

Uniformly random games on 7 x 7 mostly run out of tiles with no thruway and end drawn
(TW-12), so they tell the search little, and they rarely find the one move that finishes a
road, so a search fed by them misses threats to win next move. The rollout plays at most
HORIZON plies of the rollout policy (`ThruwayState.rollout`: a move that wins at once
whenever the mover has one, threats.py, else a random move biased towards the mover's own
roads). If the game has not ended by then, `judge` names the side the greedy evaluation
(distance to connect, indestructible and exposed tiles) finds ahead, the side to move
counting TEMPO extra; an even score, or a board where nothing can change any more, is a
draw. The default evaluator judges at once (DEFAULT_DEPTH 0 plies: the search's move order
makes the rollout's random plies noise) and grades that word (`graded_judge`): the side
ahead by a score S gets a `Lead` of tanh(|S| / 2 SCALE), which the search credits as 1/2 +
lead/2 of a win, the logistic of S / SCALE, so a road three parcels shorter counts for more
than one a parcel shorter and a verdict's noise (a small lead and a large one both a win) no
longer hides the difference from the few hundred visits a move gets on 11 x 11.
bench/bench_thruway.py measures its speed; the match runner its strength.
"""

from __future__ import annotations

import math

from abstracts.evaluators import Lead, Rollout
from abstracts.thruway.disputes import disputed_blocks
from abstracts.thruway.greedy import evaluate
from abstracts.thruway.rules import SIDES
from abstracts.thruway.state import ThruwayState

HORIZON = 4  # plies of the rollout policy before `judge` (the verdict evaluator's depth)
# The default evaluator's depth: the judge at once. With greedy's move order near the root
# (search.py) the search reads the best candidates against the best replies, and random
# plies before the judge only add noise: on 11 x 11 at 1 CPU second a move, 4 plies won 3 of
# 5 games against greedy and 0 plies 4 of 4 (the same seeds; README, Thruway 11 x 11).
DEFAULT_DEPTH = 0
TEMPO = 2.0  # the side to move's bonus, in evaluation points (half a parcel of distance)
SCALE = 8.0  # evaluation points for a logistic unit: two parcels of distance


def judge(state: ThruwayState) -> str | None:
    """The side ahead in `state` by the greedy evaluation, with TEMPO for the mover.

    A dead board is a draw: neither side can pave (TW-7) and no dispute is left to swap
    (TW-9), so nothing can ever change again (TW-12).
    """
    score = judge_score(state)
    if score is None or score == 0:
        return None
    return SIDES[0] if score > 0 else SIDES[1]


def graded_judge(state: ThruwayState) -> Lead | None:
    """`judge`'s word with its margin: the side ahead and tanh(|score| / 2 SCALE), so the
    search credits it with the logistic of score / SCALE (module docstring)."""
    score = judge_score(state)
    if score is None or score == 0:
        return None
    margin = math.tanh(abs(score) / (2 * SCALE))
    return Lead(SIDES[0] if score > 0 else SIDES[1], margin) if margin > 0 else None


def judge_score(state: ThruwayState) -> float | None:
    """The greedy evaluation for concrete, TEMPO to the side to move; None on a dead board."""
    geo, c, a = state.rules.geometry, state.concrete, state.asphalt
    if max(state.reserves) < 2 and not disputed_blocks(geo, c, a):
        return None
    score, _ = evaluate(geo, c, a, 0)
    return score + (TEMPO if state.side == 0 else -TEMPO)


def judged_rollout(depth: int = DEFAULT_DEPTH) -> Rollout:
    """The evaluator: `depth` plies of the rollout policy (DEFAULT_DEPTH: none), then
    `graded_judge`."""
    return Rollout(depth, graded_judge)
