"""The greedy player: take what converts most, threaten more, leave nothing hanging.

Every legal move is scored one ply deep:
    converted value (MT-10) - the best conversion the opponent then has + THREAT * the best
    conversion the moved piece then threatens,
with a win (MT-11) above everything and handing the opponent a win below everything.
Placements (MT-4) score what the piece would threaten from its stop, less what the
opponent already threatens there, plus a little for the stops it could reach.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from abstracts.transit_chess.movegen import blocked_track, movement_codes, piece_targets
from abstracts.transit_chess.pieces import size, unit
from abstracts.transit_chess.rules import apply_code
from abstracts.transit_chess.state import TransitChessState
from abstracts.transit_chess.tables import Tables
from abstracts.transit_chess.values import MOBILITY, THREAT, WIN, value


def greedy_code(state: TransitChessState, rng: random.Random) -> int:
    codes = state.legal_codes()
    if len(codes) == 1:
        return codes[0]
    score = scorer(state)
    scores = [score(code) for code in codes]
    best = max(scores)
    return rng.choice([code for code, s in zip(codes, scores, strict=True) if s >= best - 1e-9])


def scorer(state: TransitChessState) -> Callable[[int], float]:
    """The score of each legal code of `state` (priors.py compiles the same scores)."""
    if state.placing:
        return _placement_scorer(state)
    return _movement_scorer(state)


def _attacked(tables: Tables, cells: Sequence[int], sign: int) -> set[int]:
    """Stops the side with stacks of sign `sign` can land on next."""
    n = tables.n
    return {code % n for code in movement_codes(tables, cells, sign)}


def _placement_scorer(state: TransitChessState) -> Callable[[int], float]:
    tables, sign = state.rules.tables, 1 - 2 * state.side
    cells = state.cells
    blocked = blocked_track(tables, cells, sign)
    attacked = _attacked(tables, cells, -sign)
    n = tables.n

    def score(code: int) -> float:
        kind, stop = divmod(code - tables.place_base, n)
        targets = piece_targets(tables, kind, stop, blocked)
        threat = max((value(cells[t]) for t in targets if cells[t] * sign < 0), default=0.0)
        danger = value(cells[stop] + sign * unit(kind)) if stop in attacked else 0.0
        return THREAT * threat - danger + MOBILITY * len(targets)

    return score


def _movement_scorer(state: TransitChessState) -> Callable[[int], float]:
    tables, side, sign = state.rules.tables, state.side, 1 - 2 * state.side
    n = tables.n
    replies: dict[tuple[bool, int, int], set[int]] = {}

    def score(code: int) -> float:
        if code == tables.pass_code:
            return 0.0
        kind, origin = divmod(code // n, n)
        destination = code % n
        cells, hands, totals = list(state.cells), list(state.hands), list(state.totals)
        gained = value(cells[destination]) if cells[destination] * sign < 0 else 0.0
        if apply_code(tables, cells, hands, totals, side, code):
            return WIN
        key = (cells[origin] == 0, origin, destination)
        if key not in replies:
            replies[key] = _attacked(tables, cells, -sign)
        danger = 0.0
        for stop in replies[key]:
            if cells[stop] * sign > 0:
                if size(cells[stop]) == totals[side]:
                    return -WIN  # the reply would convert our last pieces
                danger = max(danger, value(cells[stop]))
        blocked = blocked_track(tables, cells, sign)
        targets = piece_targets(tables, kind, destination, blocked)
        threat = max((value(cells[t]) for t in targets if cells[t] * sign < 0), default=0.0)
        return gained - danger + THREAT * threat

    return score
