"""The judge: who is ahead where a rollout stops, and by how much (MT-3, MT-10, MT-11).

It measures, for each side (piece values from values.py):
- material: the pieces on the map and those still to place (MT-4);
- threats: the most valuable opponent stack it wins the exchange on, landing there with more
  pieces (moves) than the owner can land back with, and the value of all the opponent
  stacks it can land on (MT-10 converts a whole stack, and the last to land keeps it: a
  stack taken with too few attackers is lost again with the taker, so a defended stack is
  a threat only once enough attackers are in place);
- mobility: how many moves it has (during placement: would have, MT-5..MT-8).
The side to move converts first, so its best threat counts nearly in full and the other
side's much less. The lead is that score over all the material on the map, clipped to
-1..1: every point the leader converts counts the same, down to the loser's last piece.

A rollout that stops before the end has no winner, only a lead: the judge returns it as a
`Lead` (the side ahead and by how much), which the search credits as 1/2 + lead/2 of a win,
short of a finished win (MT-11) until the score reaches all the material (the loser down to
a piece or two, the leader's cover counted), so the search prefers moves that end the game
to moves that merely keep a large lead. A graded lead, not a verdict drawn with a chance
equal to it, lets the search tell a move that converts one more Pedestrian from one that
does not within the few dozen visits a move gets on the real maps.

`features_kernel` is compiled; `features_reference` is the same count in plain Python.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from abstracts.evaluators import Lead
from abstracts.transit_chess.fastgen import gen_movement, k_value
from abstracts.transit_chess.movegen import movement_codes
from abstracts.transit_chess.rules import SIDES, RuleSet
from abstracts.transit_chess.state import TransitChessState
from abstracts.transit_chess.tables import Tables
from abstracts.transit_chess.values import value
from tabletop.compiled import kernel

MOVER_THREAT = 0.7  # share of the mover's best conversion counted as done
REPLY_THREAT = 0.3  # share of the other side's best conversion
OTHER_THREATS = 0.1  # share of the rest of the value a side has under attack
MOBILITY = 0.0  # per legal move, in Pedestrians
COVERAGE = 0.1  # per stop a side can land on next, in Pedestrians

# (material, best exchange won, value under threat, moves, stops covered) for white, then black.
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
    hits = np.zeros((2, kt.n), dtype=np.int64)
    total_w, moves_w, cover_w = _reach(kt, cells, 1, ws, hits[0])
    total_b, moves_b, cover_b = _reach(kt, cells, -1, ws, hits[1])
    best_w = _best_exchange(kt, cells, 1, hits[0], hits[1])
    best_b = _best_exchange(kt, cells, -1, hits[1], hits[0])
    return (
        material_w, best_w, total_w, moves_w, cover_w,
        material_b, best_b, total_b, moves_b, cover_b,
    )  # fmt: skip


@kernel
def _reach(kt, cells, sign, ws, hits):  # type: ignore[no-untyped-def]
    """(value of all opponent stacks it can land on, moves, stops it can land on) of the
    side with sign `sign`; `hits[stop]` counts its moves landing on each stop."""
    count = gen_movement(kt, cells, sign, ws, ws.other)
    total, cover = 0, 0
    for i in range(count):
        stop = ws.other[i] % kt.n
        hits[stop] += 1
        if hits[stop] == 1:
            cover += 1
            if cells[stop] * sign < 0:
                total += k_value(cells[stop])
    return total, count, cover


@kernel
def _best_exchange(kt, cells, sign, attackers, defenders):  # type: ignore[no-untyped-def]
    """The most valuable opponent stack the side with sign `sign` wins the exchange on:
    it lands there with more pieces than the owner can land back with (MT-10: the last to
    land keeps the whole stack, so a stack it takes and loses again costs the taker)."""
    best = 0
    for stop in range(kt.n):
        if cells[stop] * sign < 0 and attackers[stop] > defenders[stop]:
            best = max(best, k_value(cells[stop]))
    return best


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
    hits = [Counter(c % tables.n for c in movement_codes(tables, cells, sign)) for sign in (1, -1)]
    out: list[int] = []
    for side, sign in ((0, 1), (1, -1)):
        material = value(hands[side]) + sum(value(c) for c in cells if c * sign > 0)
        attackers, defenders = hits[side], hits[1 - side]
        targets = [t for t in attackers if cells[t] * sign < 0]
        won = [value(cells[t]) for t in targets if attackers[t] > defenders[t]]
        total = sum(value(cells[t]) for t in targets)
        out += [material, max(won, default=0), total, attackers.total(), len(attackers)]
    return tuple(out)  # type: ignore[return-value]


def lead(found: Features, side: int) -> float:
    """White's lead in -1..1 (positive: white ahead) with `side` to move: the score (in
    Pedestrians) over all the material on the map."""
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
    return max(-1.0, min(1.0, score / all_material))


def judge(state: TransitChessState) -> Lead | None:
    """The side ahead and its lead, or None when the position is even."""
    found = features_kernel(
        state.rules.arrays,
        np.array(state.cells, dtype=np.int64),
        np.array(state.hands, dtype=np.int64),
        state.rules.scratch,
    )
    ahead = lead(found, state.side)
    if ahead == 0:
        return None
    return Lead(SIDES[0] if ahead > 0 else SIDES[1], abs(ahead))
