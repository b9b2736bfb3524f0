"""The rollout policy: a few plies a player might play, for the judge to score where they stop.

Each ply the mover (MT-4..MT-11):
- converts the opponent's last pieces whenever it can (MT-11, the first such code);
- otherwise, with chance `greed`, plays the greedy player's move (greedy.py, compiled in
  priors.py; among equal scores the first in the order priors.py scores them), so
  rollouts play on much as the opponent the search meets would;
- otherwise plays a random legal code, with chance `care` drawn only from the codes whose
  stop the opponent cannot land on next (when there are any): a careful player neither
  places nor moves a piece where it is converted at once.

`rollout_kernel` is the compiled policy; reference.py's `rollout_reference` the same
policy in plain Python over greedy.py, movegen.py and `State.play`. Both draw their random
numbers from one splitmix64 stream seeded by the caller, in the same order, so from one
seed they play the very same codes (tests compare them). The third repetition (MT-11) is
found through position hashes (arrays.py) in the kernel and by `State.play` (exact
positions) in the reference.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from abstracts.transit_chess.arrays import CELL_OFFSET, GOLDEN, SIDE_KEY
from abstracts.transit_chess.fastgen import gen_apply, gen_legal, k_mark_attacks, size_of
from abstracts.transit_chess.priors import scores_kernel
from abstracts.transit_chess.rules import RuleSet
from tabletop.compiled import kernel

GREED = 0.8  # chance of the greedy player's move
CARE = 0.8  # chance of a random move drawn from the safe ones only

# End codes the kernel returns, in the order rules.ending tests them (0: not over).
ENDS = (None, "win", "passes", "repetition", "ply-limit")
U64 = np.uint64


# ------------------------------------------------------------------ shared pieces, compiled


@kernel
def k_mix(z):  # type: ignore[no-untyped-def]
    """arrays.mix on uint64."""
    z = (z ^ (z >> U64(30))) * U64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> U64(27))) * U64(0x94D049BB133111EB)
    return z ^ (z >> U64(31))


@kernel
def k_random(state):  # type: ignore[no-untyped-def]
    """The next number of the splitmix64 stream in state[0], as a float in [0, 1)."""
    state[0] += U64(GOLDEN)
    return float(k_mix(state[0]) >> U64(11)) * (1.0 / 9007199254740992.0)


@kernel
def k_hash(cells, side):  # type: ignore[no-untyped-def]
    """arrays.position_hash compiled."""
    h = U64(SIDE_KEY) if side else U64(0)
    for stop in range(len(cells)):
        if cells[stop]:
            h ^= k_mix(U64(stop + 1) * U64(GOLDEN) + U64(cells[stop] + CELL_OFFSET))
    return h


# ------------------------------------------------------------------ the compiled policy


@kernel
def _choose(kt, cells, hands, totals, side, count, greed, care, ws, rng):  # type: ignore[no-untyped-def]
    """The policy's code among ws.codes[:count] (see the module docstring)."""
    n, sign, codes = kt.n, 1 - 2 * side, ws.codes
    if not (hands[0] or hands[1]):
        for i in range(count):
            target = cells[codes[i] % n] if codes[i] < 4 * n * n else 0
            if target * sign < 0 and size_of(target) == totals[1 - side]:
                return codes[i]  # MT-11: the opponent's last pieces
    if k_random(rng) < greed:
        _, best = scores_kernel(
            kt, ws, cells, hands, totals, side, codes[:count], 1, ws.scores[:count]
        )
        return codes[best]
    if k_random(rng) < care:
        stamp = k_mark_attacks(kt, cells, -sign, ws)
        safe = 0
        for i in range(count):
            if codes[i] < 4 * n * n + 4 * n and ws.attacked[codes[i] % n] != stamp:
                codes[safe], codes[i] = codes[i], codes[safe]
                safe += 1
        if safe:
            count = safe
    return codes[int(k_random(rng) * count)]


@kernel
def rollout_kernel(  # type: ignore[no-untyped-def]
    kt,
    ws,
    cells,
    hands,
    totals,
    side,
    ply,
    passes,
    max_plies,
    history,
    depth,
    seed,
    greed,
    care,
    trace,
    occurrences,
):
    """At most `depth` plies of the policy, in place on cells/hands/totals; `history` holds
    the hash of each placed position of the game so far (one per occurrence, MT-11).
    trace[i] is the i-th code played and occurrences[i] how often the position after it
    has come up (0 while placing). Returns (steps, side to move, end code, won)."""
    n = kt.n
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = seed
    own = np.empty(depth, dtype=np.uint64)
    for step in range(depth):
        count = gen_legal(kt, cells, hands, side, ws)
        code = _choose(kt, cells, hands, totals, side, count, greed, care, ws, rng)
        won = gen_apply(n, cells, hands, totals, side, code)
        passes = passes + 1 if code == 4 * n * n + 4 * n else 0
        ply += 1
        side = 1 - side
        trace[step] = code
        seen = 0
        if not (hands[0] or hands[1]):  # MT-11: only placed positions come again
            h = k_hash(cells, side)
            own[step] = h
            seen = 1
            for j in range(len(history)):
                seen += history[j] == h
            for j in range(step):
                seen += own[j] == h
        occurrences[step] = seen
        end = 1 if won else 2 if passes >= 2 else 3 if seen >= 3 else 4 if ply >= max_plies else 0
        if end:
            return step + 1, side, end, won
    return depth, side, 0, False


def rollout_codes(
    rules: RuleSet,
    position: tuple[Sequence[int], Sequence[int], Sequence[int]],
    side: int,
    ply: int,
    passes: int,
    history: np.ndarray,
    depth: int,
    seed: int,
) -> tuple[list[int], list[int], str | None]:
    """The kernel's rollout from (cells, hands, totals) with `side` to move: the codes
    played, the occurrences of the positions after them (MT-11) and why the game ended
    on the way (None if it did not)."""
    cells, hands, totals = (np.array(part, dtype=np.int64) for part in position)
    trace = np.empty(depth, dtype=np.int64)
    occurrences = np.empty(depth, dtype=np.int64)
    steps, _, end, _ = rollout_kernel(
        rules.arrays, rules.scratch, cells, hands, totals, side, ply, passes,
        rules.max_plies, history, depth, np.uint64(seed), GREED, CARE, trace, occurrences,
    )  # fmt: skip
    return trace[:steps].tolist(), occurrences[:steps].tolist(), ENDS[end]
