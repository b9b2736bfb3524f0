"""Text positions: one line per side, `LETTER@STOP` per piece, e.g.

    white: T@A P@C R@G
    black: C@D P@H P@H

A token repeats for several pieces of one type on a stop. During the placement phase
(MT-4) the pieces still to place follow `place:`, e.g. `white: P@A place: P R`.
"""

from __future__ import annotations

from collections.abc import Sequence

from abstracts.core import IllegalMove
from abstracts.transit_chess.notation import StopFinder
from abstracts.transit_chess.pieces import DISPLAY_ORDER, INDEX, MAX_PER_TYPE, pack, unpack
from abstracts.transit_chess.rules import SIDES
from abstracts.transit_chess.tables import Tables

HAND_MARK = "place:"


class PositionError(ValueError):
    """A text position that cannot be read or breaks the rules (MT-3, MT-10)."""


def format_position(tables: Tables, cells: Sequence[int], hands: Sequence[int]) -> str:
    """The two side lines of a position: packed stacks by stop and the hands (MT-4)."""
    return "\n".join(_side_line(tables, cells, hands, side) for side in (0, 1))


def _side_line(tables: Tables, cells: Sequence[int], hands: Sequence[int], side: int) -> str:
    ids, sign = tables.ids, 1 - 2 * side
    tokens = []
    for stop, cell in enumerate(cells):
        if cell * sign > 0:
            counts = unpack(cell)
            for letter in DISPLAY_ORDER:
                tokens += [f"{letter}@{ids[stop]}"] * counts[INDEX[letter]]
    hand = unpack(hands[side])
    if any(hand):
        tokens.append(HAND_MARK)
        for letter in DISPLAY_ORDER:
            tokens += [letter] * hand[INDEX[letter]]
    return " ".join([f"{SIDES[side]}:", *tokens])


def read_position(
    tables: Tables, finder: StopFinder, text: str
) -> tuple[tuple[int, ...], tuple[int, int], int | None]:
    """(packed stacks by stop, packed hands, the side with no pieces left or None)."""
    counts: dict[int, list[list[int]]] = {}  # side -> per stop per type
    hands: dict[int, list[int]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            side, board, hand = _read_line(tables, finder, line, number)
            if side in counts:
                raise PositionError(f"line {number}: a second line for {SIDES[side]}")
            counts[side], hands[side] = board, hand
    missing = [SIDES[s] for s in (0, 1) if s not in counts]
    if missing:
        raise PositionError(f"a position needs a line for each side; missing {missing[0]}")
    cells = tuple(_cell(tables, stop, counts[0][stop], counts[1][stop]) for stop in range(tables.n))
    _check_totals(counts, hands)
    return cells, (pack(hands[0]), pack(hands[1])), _wiped_out(counts, hands)


def read_side(to_move: str) -> int:
    """The side named `to_move` (white or black)."""
    if to_move.strip().lower() not in SIDES:
        raise PositionError(f"to_move must be white or black, not {to_move!r}")
    return SIDES.index(to_move.strip().lower())


def _read_line(
    tables: Tables, finder: StopFinder, line: str, number: int
) -> tuple[int, list[list[int]], list[int]]:
    name, colon, rest = line.partition(":")
    if not colon or name.strip().lower() not in SIDES:
        raise PositionError(f"line {number}: start with 'white:' or 'black:', not {line.strip()!r}")
    board = [[0, 0, 0, 0] for _ in range(tables.n)]
    hand = [0, 0, 0, 0]
    in_hand = False
    for token in rest.split():
        if token.lower() == HAND_MARK:
            in_hand = True
        elif in_hand:
            hand[_letter(token, number)] += 1
        else:
            letter, at, where = token.partition("@")
            if not at:
                raise PositionError(f"line {number}: {token!r} should look like P@A")
            board[_stop(finder, where, token, number)][_letter(letter, number)] += 1
    return SIDES.index(name.strip().lower()), board, hand


def _stop(finder: StopFinder, where: str, token: str, number: int) -> int:
    try:
        return finder.find(where, token)
    except IllegalMove as exc:
        raise PositionError(f"line {number}: {exc}") from None


def _letter(token: str, number: int) -> int:
    kind = INDEX.get(token.upper())
    if kind is None:
        raise PositionError(f"line {number}: unknown piece {token!r}; use P, R, T or C (MT-3)")
    return kind


def _cell(tables: Tables, stop: int, white: list[int], black: list[int]) -> int:
    if any(white) and any(black):
        stop_id = tables.ids[stop]
        raise PositionError(f"stop {stop_id} holds both white and black pieces (MT-4, MT-10)")
    return pack(white) if any(white) else -pack(black)


def _check_totals(counts: dict[int, list[list[int]]], hands: dict[int, list[int]]) -> None:
    for kind in range(4):
        total = sum(counts[0][s][kind] + counts[1][s][kind] for s in range(len(counts[0])))
        total += hands[0][kind] + hands[1][kind]
        if total > 2 * MAX_PER_TYPE:
            raise PositionError(f"too many pieces of one type (at most {2 * MAX_PER_TYPE})")
    if (
        not any(map(any, counts[0]))
        and not any(map(any, counts[1]))
        and not any(hands[0] + hands[1])
    ):
        raise PositionError("a position needs at least one piece")


def _wiped_out(counts: dict[int, list[list[int]]], hands: dict[int, list[int]]) -> int | None:
    """The side with no pieces at all, which has lost (MT-11), or None."""
    for side in (0, 1):
        if not any(map(any, counts[side])) and not any(hands[side]):
            return side
    return None
