"""Legal move generation on packed positions (MT-4..MT-9), as sorted integer codes.

`blocked` is a bitmask over the track (see tables.py) of the positions whose stop holds
opponent pieces: a ride may end there (and convert them, MT-10) but never pass through
(MT-9). Friendly stops never block. A piece's moves depend only on the blocked positions
its rides can meet, so they are remembered per (type, stop, those positions) in the
system's tables and reused by every later position, playout and game on the same system.
"""

from __future__ import annotations

from collections.abc import Sequence

from abstracts.transit_chess.pieces import CHIEF, MASK, PEDESTRIAN, RIDER, TRANSFER
from abstracts.transit_chess.tables import Tables


def blocked_track(tables: Tables, cells: Sequence[int], sign: int) -> int:
    """Track positions at stops holding pieces of the side opposing `sign` (+1 white)."""
    masks = tables.position_mask
    blocked = 0
    for stop, cell in enumerate(cells):
        if cell * sign < 0:
            blocked |= masks[stop]
    return blocked


def ride_end(tables: Tables, p: int, blocked: int) -> int:
    """The first blocked position after p on its ride, or the ride's end (exclusive)."""
    ahead = blocked >> (p + 1)
    end = tables.ray_end[p]
    if ahead:
        first = p + (ahead & -ahead).bit_length()
        if first < end:
            return first
    return end


def ride_targets(tables: Tables, start: int, blocked: int, out: set[int]) -> None:
    """MT-6: every stop along one route through `start`, up to the first opponent stop."""
    track, ray_end = tables.track, tables.ray_end
    for p in tables.starts[start]:
        end = ray_end[p]
        ahead = blocked >> (p + 1)
        if ahead:  # ride_end, inlined
            first = p + (ahead & -ahead).bit_length()
            if first < end:
                end = first + 1
        out.update(track[p + 1 : end])


def transfer_targets(tables: Tables, start: int, blocked: int, out: set[int]) -> None:
    """MT-7: one route to a transfer stop, then a different route; both legs >= 1 stop.

    The transfer stop is passed through, so it must be free of opponent pieces (MT-9), and
    a ride that ends back at `start` is no move. Second legs are ridden in track order, and
    one that starts inside a ride already taken along the same line is skipped: that ride
    covers it. (The hot loop: `ride_end` is inlined.)
    """
    track, ray_end, transfers_after = tables.track, tables.ray_end, tables.transfers_after
    onward: set[int] = set()
    for p in tables.starts[start]:
        limit = ride_end(tables, p, blocked)
        for j, starts in transfers_after[p]:
            if j >= limit:
                break
            onward.update(starts)
    covered = covered_end = -1
    for k in sorted(onward):
        end = ray_end[k]
        if k < covered and end == covered_end:
            continue
        covered_end = end
        ahead = blocked >> (k + 1)
        if ahead:
            first = k + (ahead & -ahead).bit_length()
            if first < end:
                end = first + 1
        covered = end
        out.update(track[k + 1 : end])
    out.discard(start)


def piece_targets(tables: Tables, kind: int, start: int, blocked: int) -> set[int]:
    """Destinations of one piece of type `kind` on `start` (MT-5..MT-8)."""
    if kind == PEDESTRIAN:
        return set(tables.neighbours[start])
    out: set[int] = set()
    if kind in (RIDER, CHIEF):
        ride_targets(tables, start, blocked, out)
    if kind in (TRANSFER, CHIEF):
        transfer_targets(tables, start, blocked, out)
    return out


MEMO_LIMIT = 20_000  # remembered piece move lists per system before starting afresh


def movement_codes(tables: Tables, cells: Sequence[int], sign: int) -> list[int]:
    """Sorted codes of every move of the side whose stacks have sign `sign` (+1 white).

    Rider, Transfer Rider and Chief moves are memoised per (type, stop, the blocked
    positions that matter to that stop); Pedestrians never depend on blocking.
    """
    blocked = blocked_track(tables, cells, sign)
    memo, steps = tables.memo, tables.step_codes
    ride_mask, transfer_mask = tables.ride_mask, tables.transfer_mask
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    codes: list[int] = []
    for s, cell in enumerate(cells):
        stack = cell * sign
        if stack <= 0:
            continue
        if (stack >> 8) & MASK:
            codes.extend(steps[s])
        for kind, present, masks in (
            (RIDER, (stack >> 16) & MASK, ride_mask),
            (TRANSFER, stack >> 24, transfer_mask),
            (CHIEF, stack & MASK, transfer_mask),
        ):
            if present:
                key = (kind, s, blocked & masks[s])
                found = memo.get(key)
                if found is None:
                    found = memo[key] = piece_codes(tables, kind, s, blocked)
                codes.extend(found)
    codes.sort()
    return codes


def piece_codes(tables: Tables, kind: int, start: int, blocked: int) -> tuple[int, ...]:
    base = (kind * tables.n + start) * tables.n
    return tuple(base + d for d in piece_targets(tables, kind, start, blocked))


def placement_codes(tables: Tables, cells: Sequence[int], hand: int, sign: int) -> list[int]:
    """MT-4: any piece still in hand onto any stop without opponent pieces."""
    free = [t for t, cell in enumerate(cells) if cell * sign >= 0]
    codes: list[int] = []
    for kind in range(4):
        if (hand >> (8 * kind)) & MASK:
            codes.extend(map(tables.placement(kind, 0).__add__, free))
    return codes


def legal_codes(tables: Tables, cells: Sequence[int], hands: Sequence[int], side: int) -> list[int]:
    """The side's legal codes in a game not over: placements while any piece is in hand,
    then movements; exactly [pass] when there is none (MT-11)."""
    sign = 1 - 2 * side
    if hands[0] or hands[1]:
        codes = placement_codes(tables, cells, hands[side], sign)
    else:
        codes = movement_codes(tables, cells, sign)
    return codes or [tables.pass_code]
