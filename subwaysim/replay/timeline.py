"""What the board holds turn by turn, as spans of turns, and who led the scores when.

The page draws each piece of track, station and intersection once, with the first and last
turn it stands, instead of once per turn; the page's script shows what the chosen turn holds.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from subwaysim.board import Board
from subwaysim.replay.log import Frame, Replay

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Span(Generic[T]):
    item: T
    first: int  # turn numbers, both ends included
    last: int


def spans(sets: Sequence[Iterable[T]]) -> list[Span[T]]:
    """Runs of consecutive turns holding each item; `sets[i]` is what turn i + 1 holds."""
    opened: dict[T, int] = {}
    result: list[Span[T]] = []
    for turn, items in enumerate([*sets, ()], 1):
        now = set(items)
        for item in [i for i in opened if i not in now]:
            result.append(Span(item, opened.pop(item), turn - 1))
        for item in now:
            opened.setdefault(item, turn)
    return sorted(result, key=lambda s: (s.first, repr(s.item)))


def track_squares(frame: Frame) -> set[tuple[str, str]]:
    """(player, square) for every square of every system (SG-10)."""
    return {(p, sq) for p, squares in frame.end.track.items() for sq in squares}


def track_links(frame: Frame, board: Board) -> set[tuple[str, str, str]]:
    """(player, a, b): two of a player's track squares orthogonally adjacent (SG-10)."""
    links = set()
    for player, names in frame.end.track.items():
        own = {board.square(n) for n in names}
        for sq in own:
            for near in board.neighbours(sq):
                if near in own and sq < near:
                    links.add((player, board.name(sq), board.name(near)))
    return links


def intersections(frame: Frame, board: Board) -> set[tuple[str, str]]:
    """(player, square): a track square with 3 or 4 neighbours on the same system (SG-10)."""
    found = set()
    for player, names in frame.end.track.items():
        own = {board.square(n) for n in names}
        for sq in own:
            if sum(near in own for near in board.neighbours(sq)) >= 3:
                found.add((player, board.name(sq)))
    return found


def stations(frame: Frame) -> set[tuple[str, str, str]]:
    """(square, kind, builder) (SG-11)."""
    return set(frame.end.stations)


def leaders(replay: Replay) -> list[str | None]:
    """The sole leader after each turn (None while tied or at 0), as the game summary counts."""
    result: list[str | None] = []
    for frame in replay.frames:
        scores = frame.end.scores
        best = max(scores.values())
        top = [p for p in replay.players if scores[p] == best]
        result.append(top[0] if len(top) == 1 and best > 0 else None)
    return result


def lead_changes(replay: Replay) -> list[tuple[int, str]]:
    """(turn, new leader) each time a different player becomes the sole leader.

    A tie interrupts a lead without changing it: IRT, tie, IRT is no change (as GameSummary).
    """
    changes: list[tuple[int, str]] = []
    last: str | None = None
    for turn, leader in enumerate(leaders(replay), 1):
        if leader is not None:
            if last not in (None, leader):
                changes.append((turn, leader))
            last = leader
    return changes


def leader_since(replay: Replay) -> int:
    """The turn from which the final sole leader (or the final tie) held on to the end."""
    held = leaders(replay)
    since = len(held)
    while since > 1 and held[since - 2] == held[-1]:
        since -= 1
    return since
