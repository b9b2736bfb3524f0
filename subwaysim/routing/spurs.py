"""Track changes no ride notices: a dead-end spur grown or cut back (SG-10, SG-12).

A system's rides (`rides.SystemRides`) depend on its stops (its stations and its
intersections, SG-10) and on the hops between them along the track (SG-12). A track square
without a station that is a dead end of the line (one neighbour on the track at most), next
to a square that is no intersection with it (two neighbours at most), lies on no hop: a hop
that walks into it finds the end of the line there, as it would one square earlier without
it, and it makes no stop and unmakes none. So a system whose track differs from another's
by such squares, laid or taken up one after another, with the same stations on it, has the
same stations, the same best rides and the same ride squares: `Router.rides` then hands on
the rides it has instead of working them out again.

`spur_steps` finds such a sequence (removals first, each a dead end of the track it leaves,
then additions, each a dead end of the track it makes) or answers None; None only costs a
computation, never a wrong ride (tests hold the kernel's rides equal wherever it answers).
"""

from __future__ import annotations

from collections.abc import Callable, Container

from subwaysim.routing.rides import Line, SystemRides

Neighbours = Callable[[int], tuple[int, ...]]


MOST_STEPS = 4  # tracks further apart are worked out afresh (no search for an order)


def is_spur(neighbours: Neighbours, track: Container[int], square: int) -> bool:
    """Whether `square` of `track` (no station on it) is a dead end no ride notices: at most
    one neighbour on `track`, and that neighbour no intersection (at most two, SG-10)."""
    near = [n for n in neighbours(square) if n in track]
    if len(near) > 1:
        return False
    if not near:
        return True
    return sum(1 for n in neighbours(near[0]) if n in track) <= 2


class _Changed:
    """Track `old` with squares taken up and laid so far (a view: nothing copied)."""

    __slots__ = ("added", "old", "removed")

    def __init__(self, old: frozenset[int]) -> None:
        self.old, self.added, self.removed = old, set[int](), set[int]()

    def __contains__(self, square: object) -> bool:
        return square in self.added or (square in self.old and square not in self.removed)


def spur_steps(
    neighbours: Neighbours,
    old: frozenset[int],
    new: frozenset[int],
    stations: Container[int],
) -> list[int] | None:
    """The squares that turn track `old` into `new` one dead-end spur square at a time (see
    the module; none of them a square of `stations`), or None when no such order is found
    (or the tracks differ by more than `MOST_STEPS` squares)."""
    if abs(len(old) - len(new)) > MOST_STEPS:
        return None
    gone, laid = old - new, new - old
    if len(gone) + len(laid) > MOST_STEPS:
        return None
    if any(sq in stations for sq in gone) or any(sq in stations for sq in laid):
        return None
    steps: list[int] = []
    track = _Changed(old)
    for squares, add in ((gone, False), (laid, True)):
        left = sorted(squares)
        while left:
            for sq in left:
                if add:
                    track.added.add(sq)  # a dead end of the track it makes
                if is_spur(neighbours, track, sq):
                    break
                if add:
                    track.added.discard(sq)
            else:
                return None
            left.remove(sq)
            if not add:
                track.removed.add(sq)  # a dead end of the track it leaves
            steps.append(sq)
    return steps


def same_rides(rides: SystemRides, line: Line) -> SystemRides:
    """`rides` for `line`, a line that differs from its own by dead-end spurs (`spur_steps`):
    the same stations, rides and serial (its content, as keys of tables and graphs name it),
    the new line for the squares of a ride (the same squares: no hop reaches a spur)."""
    twin = object.__new__(SystemRides)  # copy.copy's shallow copy, without its protocol
    twin.__dict__.update(rides.__dict__)
    twin.__dict__.pop("_graphs", None)  # the hop graph is made from the new line if asked
    twin.line = line
    return twin
