"""Transit chess's default evaluator: judged rollouts with move priors,
`WithPrior(Rollout(HORIZON, judge), move_priors)`.

Uniformly random games on the real maps (75 stops and 16 pieces a side on Toronto) wander
to the ply limit (MT-11) and tell the search nothing, and greedy-guided ones to the end are
far too slow to run more than a handful a move. The rollout plays at most HORIZON plies of
the compiled rollout policy (policy.py: conversions first, careful random moves), then the
judge (judge.py) returns the side ahead and its lead (material, threats, cover), which the
search credits as a share of a win. The priors (priors.py: the greedy player's scores,
compiled) let the search grow each node's children best first, a few more as it is visited,
over the hundreds of placements (MT-4) and moves a big map offers.
bench/bench_transit_chess.py measures its speed; the match runner its strength.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from abstracts.evaluators import Rollout, WithPrior
from abstracts.transit_chess.judge import judge
from abstracts.transit_chess.priors import scores, softmax
from abstracts.transit_chess.state import TransitChessState

HORIZON = 8  # plies of the rollout policy before the judge


def move_priors(state: TransitChessState) -> list[tuple[Hashable, float]]:
    """Each legal move with its weight: the softmax of its greedy score."""
    codes = state.legal_codes()
    if not codes:
        return []
    found, _ = scores(state.rules, state.cells, state.hands, state.totals, state.side, codes)
    move = state.rules.codec.move
    return list(zip(map(move, codes), softmax(found).tolist(), strict=True))


def judged_rollout() -> WithPrior:
    """The evaluator: HORIZON plies of the rollout policy, then the judge; the priors."""
    return WithPrior(Rollout(HORIZON, judge), move_priors)


def warm_up(state: TransitChessState) -> None:
    """Run every kernel once, so numba loads (or compiles) them before any clock starts."""
    evaluator = judged_rollout()
    evaluator.evaluate(state, random.Random(0))
    evaluator.prior(state)
    if state.legal_codes():
        later = state.after(state.legal_codes()[0])
        evaluator.evaluate(later, random.Random(0))
        evaluator.prior(later)
