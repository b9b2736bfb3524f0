"""Why a move is refused (MT-4..MT-12): one sentence naming the rule and quoting the move.

Move generation (movegen.py) lists the legal codes fast; this module explains a single
refused one. It works on the position's parts (packed stacks, hands, the side to move), not
on the State, so the State can ask it without the two modules importing each other.
"""

from __future__ import annotations

from collections.abc import Sequence

from abstracts.transit_chess.movegen import piece_targets
from abstracts.transit_chess.pieces import CHIEF, LETTERS, MASK, NAMES, PEDESTRIAN, RIDER, unpack
from abstracts.transit_chess.rules import SIDES, RuleSet

MOVE_RULE = {PEDESTRIAN: "MT-5", RIDER: "MT-6", CHIEF: "MT-8"}


def refusal(
    rules: RuleSet,
    cells: Sequence[int],
    hands: Sequence[int],
    side: int,
    legal_count: int,
    code: int,
) -> str:
    """Why `side` may not play move `code` in a game that is not over; `legal_count` is
    how many moves it has."""
    text = str(rules.codec.move(code))
    what, kind, origin, destination = rules.tables.decode(code)
    placing = bool(hands[0] or hands[1])
    if what == "pass":
        return f"MT-11: {text!r} is legal only with no other move; {SIDES[side]} has {legal_count}"
    if what == "place":
        return _placement(rules, cells, hands, side, placing, text, kind, destination)
    if placing:
        return f"MT-4: {text!r}: pieces move only once every piece is placed; place one first"
    return _movement(rules, cells, side, text, kind, origin, destination)


def _placement(
    rules: RuleSet,
    cells: Sequence[int],
    hands: Sequence[int],
    side: int,
    placing: bool,
    text: str,
    kind: int,
    stop: int,
) -> str:
    name, stop_id = NAMES[LETTERS[kind]], rules.tables.ids[stop]
    if not placing:
        return f"MT-4: {text!r}: every piece is already placed; move one, e.g. P@A-B"
    if not (hands[side] >> (8 * kind)) & MASK:
        return f"MT-4: {text!r}: {SIDES[side]} has no {name} left to place"
    return f"MT-4: {text!r}: {stop_id} holds {SIDES[1 - side]} pieces; place elsewhere"


def _movement(
    rules: RuleSet, cells: Sequence[int], side: int, text: str, kind: int, origin: int, dest: int
) -> str:
    ids, name = rules.tables.ids, NAMES[LETTERS[kind]]
    if not unpack(cells[origin])[kind] or _owner(cells[origin]) != side:
        return f"MT-12: {text!r}: {SIDES[side]} has no {name} on {ids[origin]}"
    if origin == dest:
        return f"MT-12: {text!r}: a move must leave {ids[origin]}"
    rule = MOVE_RULE.get(kind, "MT-7")
    if dest not in piece_targets(rules.tables, kind, origin, 0):
        return f"{rule}: {text!r}: a {name} cannot get from {ids[origin]} to {ids[dest]}" + (
            " (it needs a transfer stop and a different route)" if rule == "MT-7" else ""
        )
    blocker = _first_blocker(rules, cells, side, kind, origin, dest)
    where = f" at {ids[blocker]}" if blocker is not None else ""
    return f"MT-9: {text!r}: every way there passes a stop holding {SIDES[1 - side]} pieces{where}"


def _first_blocker(
    rules: RuleSet, cells: Sequence[int], side: int, kind: int, origin: int, dest: int
) -> int | None:
    """For a ride along one route (MT-6), the opponent stop it would have to pass through."""
    if kind not in (RIDER, CHIEF):
        return None
    tables = rules.tables
    for p in tables.starts[origin]:
        ride = tables.track[p + 1 : tables.ray_end[p]]
        if dest in ride:
            for x in ride[: ride.index(dest)]:
                if _owner(cells[x]) == 1 - side:
                    return x
    return None


def _owner(cell: int) -> int | None:
    return None if cell == 0 else (0 if cell > 0 else 1)
