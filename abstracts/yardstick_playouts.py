"""Uniform random playouts in compiled code for every game, for the yardstick's OpenSpiel bot
(`abstracts/yardstick_rollout.py`): the game `rng.choice(state.legal_moves())` then
`state.play` would play to the end, without a State per ply.

Rapid Transit and Thruway already play `State.playout` in compiled kernels
(`rapid_transit/playout.py`, `thruway/kernel.py`); transit chess's `State.playout` is an
in-place Python loop (`transit_chess/playout.py`), so this module adds its compiled twin:
`chess_playout_kernel` lists the legal codes with the compiled generator (`fastgen.gen_legal`,
the rules' sorted codes, MT-4..MT-11), draws one uniformly from a splitmix64 stream, plays it
(`fastgen.gen_apply`) and ends the game as `rules.ending` does (MT-11: the last pieces
converted, two passes in a row, the third occurrence of a placed position, found through
position hashes as the rollout kernel finds it, or the ply limit). `chess_playout_reference`
is its plain-Python twin over `State.legal_codes` and `State.play` with the same stream: from
one seed both play the very same codes (tests compare them).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from abstracts.transit_chess.fastgen import gen_apply, gen_legal
from abstracts.transit_chess.policy import k_hash, k_random
from abstracts.transit_chess.reference import SplitMix
from abstracts.transit_chess.state import TransitChessState
from tabletop.compiled import kernel

SIDES = ("white", "black")


@kernel
def chess_playout_kernel(  # type: ignore[no-untyped-def]
    kt, ws, cells, hands, totals, side, ply, passes, max_plies, history, seed, trace
):
    """Uniformly random codes to the end, in place on cells/hands/totals; `history` holds
    the hash of each placed position of the game so far (one per occurrence, MT-11).
    trace[i] is the i-th code played. Returns (steps, side to move, end code, won)."""
    n = kt.n
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = seed
    own = np.empty(len(trace), dtype=np.uint64)
    for step in range(len(trace)):
        count = gen_legal(kt, cells, hands, side, ws)
        code = ws.codes[int(k_random(rng) * count)]
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
        end = 1 if won else 2 if passes >= 2 else 3 if seen >= 3 else 4 if ply >= max_plies else 0
        if end:
            return step + 1, side, end, won
    return len(trace), side, 0, False


def chess_playout_codes(state: TransitChessState, seed: int) -> tuple[list[int], str | None]:
    """The codes the kernel plays from `state` (not over) with `seed`, and the winner."""
    rules = state.rules
    cells, hands, totals = (
        np.array(part, dtype=np.int64) for part in (state.cells, state.hands, state.totals)
    )
    history = state.seen.hashes() if state.seen is not None else np.empty(0, dtype=np.uint64)
    trace = np.empty(max(rules.max_plies - state.ply, 1), dtype=np.int64)
    steps, side, end, won = chess_playout_kernel(
        rules.arrays, rules.scratch, cells, hands, totals, state.side, state.ply,
        state.passes, rules.max_plies, history, np.uint64(seed), trace,
    )  # fmt: skip
    if end == 0:  # the ply limit always ends a game within len(trace) plies
        raise AssertionError("a transit chess playout ran past the ply limit")
    return trace[:steps].tolist(), SIDES[1 - side] if won else None


def chess_playout_reference(state: TransitChessState, seed: int) -> tuple[list[int], str | None]:
    """The kernel's playout in plain Python: `State.legal_codes` and `State.play` a ply,
    the same splitmix64 stream; the codes played and the winner."""
    rng, trace = SplitMix(seed), []
    while not state.is_over:
        codes = state.legal_codes()
        code = codes[int(rng.random() * len(codes))]
        state = state.play(state.rules.codec.move(code))
        trace.append(code)
    return trace, state.winner


def compiled_playout(state: Any, rng: random.Random) -> str | None:
    """The winner of one uniformly random game from `state` (not over), in compiled code."""
    if isinstance(state, TransitChessState):
        return chess_playout_codes(state, rng.getrandbits(64))[1]
    winner: str | None = state.playout(rng)  # compiled in Rapid Transit and Thruway
    return winner
