"""The plain-Python twins of the compiled greedy scores (priors.py) and rollout policy
(policy.py), over greedy.py, movegen.py and `State.play`: the references the tests compare
the kernels with, and the baselines bench/bench_transit_chess.py times them against.
They make the very same choices, in the order the kernels make them (MT-4..MT-11).
"""

from __future__ import annotations

from abstracts.transit_chess.arrays import GOLDEN, MASK64, mix
from abstracts.transit_chess.greedy import scorer
from abstracts.transit_chess.movegen import blocked_track, movement_codes, piece_targets
from abstracts.transit_chess.pieces import size
from abstracts.transit_chess.state import TransitChessState
from abstracts.transit_chess.values import THREAT, WIN, value

# ------------------------------------------------------------------ greedy scores (priors.py)


def greedy_bounds(state: TransitChessState) -> list[float]:
    """`_bounds` in plain Python, over greedy.py and movegen.py."""
    codes, tables = state.legal_codes(), state.rules.tables
    if state.placing or codes == [tables.pass_code]:
        return [0.0 if code == tables.pass_code else scorer(state)(code) for code in codes]
    sign, cells = 1 - 2 * state.side, state.cells
    blocked, bounds = blocked_track(tables, cells, sign), []
    for code in codes:
        what, kind, _, destination = tables.decode(code)
        target = cells[destination]
        if what == "pass":
            bounds.append(0.0)
        elif target * sign < 0 and size(target) == state.totals[1 - state.side]:
            bounds.append(WIN)  # MT-11
        else:
            reach = piece_targets(tables, kind, destination, blocked)
            threat = max((value(cells[t]) for t in reach if cells[t] * sign < 0), default=0)
            bounds.append((value(target) if target * sign < 0 else 0) + THREAT * threat)
    return bounds


def greedy_choice(state: TransitChessState) -> int:
    """greedy's choice as the kernel makes it: among the codes with the best greedy score,
    the first in order of their bounds (the first code first among equal bounds)."""
    codes, tables = state.legal_codes(), state.rules.tables
    if codes == [tables.pass_code]:
        return codes[0]
    score = scorer(state)
    exact = [0.0 if code == tables.pass_code else score(code) for code in codes]
    bounds = greedy_bounds(state)
    order = sorted(range(len(codes)), key=lambda i: (-bounds[i], i))
    top = max(exact)
    return codes[next(i for i in order if exact[i] == top)]


# ------------------------------------------------------------------ the rollout policy (policy.py)


class SplitMix:
    """The kernels' random stream (k_random) in plain Python."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def random(self) -> float:
        self.state = (self.state + GOLDEN) & MASK64
        return (mix(self.state) >> 11) * (1.0 / 9007199254740992.0)


def policy_choice(state: TransitChessState, rng: SplitMix, greed: float, care: float) -> int:
    """`_choose` in plain Python over greedy.py and movegen.py: the policy's code."""
    tables, side, cells = state.rules.tables, state.side, state.cells
    codes, n, sign = state.legal_codes(), tables.n, 1 - 2 * side
    if not state.placing:
        for code in codes:
            target = cells[code % n] if code < tables.place_base else 0
            if target * sign < 0 and size(target) == state.totals[1 - side]:
                return code  # MT-11
    if rng.random() < greed:
        return greedy_choice(state)
    if rng.random() < care:
        attacked = {c % n for c in movement_codes(tables, cells, -sign)}
        safe = [c for c in codes if c != tables.pass_code and c % n not in attacked]
        if safe:
            codes = _kernel_order(codes, safe)[: len(safe)]
    return codes[int(rng.random() * len(codes))]


def _kernel_order(codes: list[int], safe: list[int]) -> list[int]:
    """The order the kernel leaves codes in after moving the safe ones to the front (by
    swaps), so that one random index picks the same code."""
    out, keep = list(codes), {*safe}
    front = 0
    for i, code in enumerate(out):
        if code in keep:
            out[front], out[i] = out[i], out[front]
            front += 1
    return out


def rollout_reference(
    state: TransitChessState, depth: int, seed: int, greed: float, care: float
) -> list[int]:
    """The codes `rollout_kernel` plays from `state` with `seed`, one `State.play` a ply."""
    rng, trace = SplitMix(seed), []
    while len(trace) < depth and not state.is_over:
        code = policy_choice(state, rng, greed, care)
        state = state.play(state.rules.codec.move(code))
        trace.append(code)
    return trace
