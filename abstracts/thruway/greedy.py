"""The greedy heuristic: one ply of look-ahead with a Thruway-aware evaluation.

Every legal move is tried and the position after it scored for the mover:
- a move that wins (TW-15) is taken; one that hands the opponent a thruway is avoided;
- connection distance: the fewest parcels each side still has to pave to join its edges
  (own tiles cost 0, empty parcels 1, replaceable opponent tiles 2, indestructible opponent
  tiles are walls), so the move that shortens its own road and lengthens the opponent's wins;
- vulnerability, the designer's "approaches": tiles next to a small odd-sized pocket of
  empty parcels stay replaceable, because pairs of tiles can never fill an odd pocket;
- indestructible tiles (TW-14) held by each side, and disputes (TW-8) resolved by the swap
  whose result scores best for the mover.
Moves are taken best first, skipping any that lets the opponent win with its reply (checked
only when the opponent's connection distance is short enough for one move to finish it).
"""

from __future__ import annotations

import random

from abstracts.thruway.board import Board
from abstracts.thruway.disputes import disputed_blocks
from abstracts.thruway.moves import PAVE, PIE, SWAP, ThruwayMove
from abstracts.thruway.state import ThruwayState
from abstracts.thruway.thruways import indestructible, thruway_winner

WIN = 1_000_000.0
DISTANCE_WEIGHT = 4.0
SAFE_WEIGHT = 0.5
EXPOSED_WEIGHT = 1.0
POCKET_SIZE = 5
# One opponent move changes at most two parcels, so it can lower the opponent's connection
# distance by at most 3 (an empty parcel and a replaced tile); only then can it win at once.
THREAT_DISTANCE = 3


def greedy_move(state: ThruwayState, rng: random.Random) -> ThruwayMove:
    """The best-scoring legal move for the side to move; ties broken by `rng`.

    Moves are tried best first, and one after which the opponent could win at once is
    passed over while a move remains that does not allow it.
    """
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    scored = sorted(
        ((*evaluate_move(state, move), rng.random(), move) for move in moves),
        key=lambda entry: (entry[0], entry[2]),
        reverse=True,
    )
    for score, opp_distance, _tie, move in scored:
        if score >= WIN or opp_distance > THREAT_DISTANCE:
            return move
        if not _opponent_wins_next(state.play(move)):
            return move
    return scored[0][3]


def evaluate_move(state: ThruwayState, move: ThruwayMove) -> tuple[float, int]:
    """(score for the mover, opponent's connection distance) after `move`."""
    if move.kind == PIE:
        # TW-11: after pie the mover plays concrete, so the board is judged for concrete.
        return evaluate(state.rules.geometry, state.concrete, state.asphalt, 0)
    concrete, asphalt = _after(state, move)
    return evaluate(state.rules.geometry, concrete, asphalt, state.side)


def evaluate(geo: Board, concrete: int, asphalt: int, side: int) -> tuple[float, int]:
    """(static score of a board for `side`, the other side's connection distance)."""
    blocks = disputed_blocks(geo, concrete, asphalt)
    winner = thruway_winner(geo, concrete, asphalt, blocks)
    if winner is not None:
        return (WIN, 0) if winner == side else (-WIN, 0)
    safe = indestructible(geo, concrete, asphalt, blocks)
    own, opp = (concrete, asphalt) if side == 0 else (asphalt, concrete)
    empty = geo.cells & ~(concrete | asphalt)
    exposed = geo.neighbours(odd_pockets(geo, empty)) & ~safe
    own_distance = connection_distance(geo, own, opp & ~safe, empty, side)
    opp_distance = connection_distance(geo, opp, own & ~safe, empty, 1 - side)
    score = (
        DISTANCE_WEIGHT * (opp_distance - own_distance)
        + SAFE_WEIGHT * ((safe & own).bit_count() - (safe & opp).bit_count())
        + EXPOSED_WEIGHT * ((exposed & opp).bit_count() - (exposed & own).bit_count())
    )
    return score, opp_distance


def connection_distance(geo: Board, own: int, breakable: int, empty: int, side: int) -> int:
    """Fewest parcel costs for `side` to join its edges: own 0, empty 1, breakable 2.

    Layered breadth-first search on bitboards: `reach` holds every parcel at distance <= k,
    `entries[j]` every parcel a path of cost j can step onto next.
    """
    start, goal = (geo.west, geo.east) if side == 0 else (geo.south, geo.north)
    limit = 4 * geo.size * geo.size  # unreachable: walled off by indestructible tiles
    reach = geo.flood(own & start, own)
    if reach & goal:
        return 0
    entries = [start | geo.neighbours(reach)]
    for k in range(1, 2 * geo.size * geo.size):
        seeds = reach | (empty & entries[k - 1])
        if k >= 2:
            seeds |= breakable & entries[k - 2]
        grown = geo.flood(seeds, own | seeds)
        if grown & goal:
            return k
        if grown == reach and not (breakable & entries[k - 1] & ~reach):
            return limit
        reach = grown
        entries.append(start | geo.neighbours(reach))
    return limit


def odd_pockets(geo: Board, empty: int) -> int:
    """Empty parcels in small orthogonally connected empty regions of odd size.

    Only small regions (up to POCKET_SIZE parcels) count: in open country parity decides
    nothing yet, but a pocket of 1 or 3 parcels can never be filled by pairs of tiles.
    """
    odd, rest = 0, empty
    while rest:
        region = geo.flood(rest & -rest, rest)
        size = region.bit_count()
        if size & 1 and size <= POCKET_SIZE:
            odd |= region
        rest ^= region
    return odd


def _after(state: ThruwayState, move: ThruwayMove) -> tuple[int, int]:
    """(concrete, asphalt) after a legal pave or swap (or unchanged for pass)."""
    c, a, pair = state.concrete, state.asphalt, move.pair
    if move.kind == PAVE:
        return (c | pair, a & ~pair) if state.side == 0 else (c & ~pair, a | pair)
    if move.kind == SWAP:
        return c ^ pair, a ^ pair
    return c, a


def _opponent_wins_next(state: ThruwayState) -> bool:
    """Whether the side to move in `state` has a move that wins at once (TW-15)."""
    if state.is_over:
        return state.winner_side == state.side
    geo = state.rules.geometry
    for move in state.legal_moves():
        if move.kind in (PAVE, SWAP):
            c, a = _after(state, move)
            if thruway_winner(geo, c, a, disputed_blocks(geo, c, a)) == state.side:
                return True
    return False
