"""The judge: who is ahead where a rollout stops, and by how much (MT-3, MT-10, MT-11).

It measures, for each side (piece values from values.py):
- material: the pieces on the map and those still to place (MT-4);
- threats: the most valuable opponent stack it can land on next, and the value of all the
  opponent stacks it can land on (MT-10 converts a whole stack);
- mobility: how many moves it has (during placement: would have, MT-5..MT-8).
The side to move converts first, so its best threat counts nearly in full and the other
side's much less. The lead is that score over all the material on the map, shaped so that
small gains count (a square root) and clipped to -1..1.

A rollout that stops before the end has no winner, only a lead; the judge turns the lead
into a verdict the search can average: the side ahead is named when its lead beats a dither
spread evenly over 0..1 by the position's hash, and the position is otherwise called even
(None). Over the positions rollouts reach, the search's mean reward is then 1/2 + lead/2:
always short of a finished win, so the search still prefers moves that end the game (MT-11)
to moves that merely keep a large lead. One position always gets the same verdict, so an
evaluation depends only on the state and the search's random numbers.

`features_kernel` is compiled; `features_reference` is the same count in plain Python.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from abstracts.compiled import kernel
from abstracts.transit_chess.arrays import GOLDEN, MASK64, mix
from abstracts.transit_chess.fastgen import gen_movement, k_value, next_stamp
from abstracts.transit_chess.movegen import movement_codes
from abstracts.transit_chess.policy import k_hash
from abstracts.transit_chess.rules import SIDES, RuleSet
from abstracts.transit_chess.state import TransitChessState
from abstracts.transit_chess.tables import Tables
from abstracts.transit_chess.values import value

MOVER_THREAT = 0.7  # share of the mover's best conversion counted as done
REPLY_THREAT = 0.3  # share of the other side's best conversion
OTHER_THREATS = 0.1  # share of the rest of the value a side has under attack
MOBILITY = 0.0  # per legal move, in Pedestrians
COVERAGE = 0.1  # per stop a side can land on next, in Pedestrians
SHAPE = 0.5  # below 1, a lead counts more the less the loser has left (see `lead`)

# (material, best threat, value under threat, moves, stops covered) for white, then black.
Features = tuple[int, int, int, int, int, int, int, int, int, int]


@kernel
def features_kernel(kt, cells, hands, ws):  # type: ignore[no-untyped-def]
    """The judge's counts (`Features`) of a position."""
    material_w, material_b = k_value(hands[0]), k_value(hands[1])
    for s in range(kt.n):
        if cells[s] > 0:
            material_w += k_value(cells[s])
        elif cells[s] < 0:
            material_b += k_value(cells[s])
    best_w, total_w, moves_w, cover_w = _reach(kt, cells, 1, ws)
    best_b, total_b, moves_b, cover_b = _reach(kt, cells, -1, ws)
    return (
        material_w, best_w, total_w, moves_w, cover_w,
        material_b, best_b, total_b, moves_b, cover_b,
    )  # fmt: skip


@kernel
def _reach(kt, cells, sign, ws):  # type: ignore[no-untyped-def]
    """(best conversion, value of all stacks it can land on, moves, stops it can land on)
    of the side with sign `sign`."""
    count = gen_movement(kt, cells, sign, ws, ws.other)
    best, total, cover = 0, 0, 0
    stamp = next_stamp(ws)
    for i in range(count):
        stop = ws.other[i] % kt.n
        if ws.attacked[stop] != stamp:
            ws.attacked[stop] = stamp
            cover += 1
            if cells[stop] * sign < 0:
                worth = k_value(cells[stop])
                best = max(best, worth)
                total += worth
    return best, total, count, cover


def features(rules: RuleSet, cells: Sequence[int], hands: Sequence[int]) -> Features:
    """The judge's counts for a position, from the kernel."""
    return features_kernel(  # type: ignore[no-any-return]
        rules.arrays,
        np.array(cells, dtype=np.int64),
        np.array(hands, dtype=np.int64),
        rules.scratch,
    )


def features_reference(tables: Tables, cells: Sequence[int], hands: Sequence[int]) -> Features:
    """`features_kernel` in plain Python, over movegen.py."""
    out: list[int] = []
    for side, sign in ((0, 1), (1, -1)):
        material = value(hands[side]) + sum(value(c) for c in cells if c * sign > 0)
        codes = movement_codes(tables, cells, sign)
        reached = {c % tables.n for c in codes}
        values = [value(cells[t]) for t in reached if cells[t] * sign < 0]
        out += [material, max(values, default=0), sum(values), len(codes), len(reached)]
    return tuple(out)  # type: ignore[return-value]


def lead(found: Features, side: int) -> float:
    """White's lead in -1..1 (positive: white ahead) with `side` to move.

    The score (in Pedestrians) is split into the two sides' shares of all the material,
    w + b = 1, and the lead is (w^SHAPE - b^SHAPE) / (w^SHAPE + b^SHAPE): with SHAPE 1
    it is w - b; below 1 the last pieces of a side count for more than the first.
    """
    material_w, best_w, total_w, moves_w, cover_w = found[:5]
    material_b, best_b, total_b, moves_b, cover_b = found[5:]
    all_material = material_w + material_b
    if all_material == 0:
        return 0.0
    mover_w, mover_b = (MOVER_THREAT, REPLY_THREAT) if side == 0 else (REPLY_THREAT, MOVER_THREAT)
    score = (
        material_w
        - material_b
        + mover_w * best_w
        - mover_b * best_b
        + OTHER_THREATS * ((total_w - best_w) - (total_b - best_b))
        + MOBILITY * (moves_w - moves_b)
        + COVERAGE * (cover_w - cover_b)
    )
    white = max(0.0, min(1.0, 0.5 + 0.5 * score / all_material))
    w, b = white**SHAPE, (1.0 - white) ** SHAPE
    return (w - b) / (w + b)


def judge(state: TransitChessState) -> str | None:
    """The side ahead, named when its lead beats the position's dither, else None (even).

    The dither is spread evenly over 0..1 across positions (`dither`), so over the many
    positions rollouts reach the side ahead is named with a chance equal to its lead, and
    one position always gets the same verdict.
    """
    cells = np.array(state.cells, dtype=np.int64)
    found = features_kernel(
        state.rules.arrays, cells, np.array(state.hands, dtype=np.int64), state.rules.scratch
    )
    ahead = lead(found, state.side)
    if dither(int(k_hash(cells, state.side)), state.ply) < abs(ahead):
        return SIDES[0] if ahead > 0 else SIDES[1]
    return None


def dither(position: int, ply: int) -> float:
    """A number in [0, 1) from a position's hash (arrays.py) and its ply, evenly spread."""
    return (mix(position ^ ((ply * GOLDEN) & MASK64)) >> 11) / 9007199254740992.0
