"""Moves and their text (TW-13): pave `f6-g6`, swap `f5~f6`, `pass`, `pie`.

Every pave and swap joins two orthogonally adjacent parcels; its anchor is the western
parcel of a horizontal pair or the southern parcel of a vertical one, and its canonical
text names the anchor first. One table of ThruwayMove values per board size is built once, so
move generation hands out shared objects instead of building new ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from abstracts.core import IllegalMove
from abstracts.thruway.board import Board, board

PAVE, SWAP, PASS, PIE = 0, 1, 2, 3


@dataclass(frozen=True, slots=True, order=True)
class ThruwayMove:
    """One Thruway move; equal, hashed and ordered by its text."""

    text: str
    kind: int = field(compare=False)
    anchor: int = field(default=-1, compare=False)
    vertical: bool = field(default=False, compare=False)
    pair: int = field(default=0, compare=False, repr=False)  # bitboard of the two parcels
    order: int = field(default=0, compare=False, repr=False)  # rank in text order

    def __str__(self) -> str:
        return self.text


def anchor_bits(move: ThruwayMove | None) -> tuple[int, int]:
    """(horizontal, vertical) anchor bits of a pave or swap; (0, 0) for None, pass or pie."""
    if move is None or move.anchor < 0:
        return 0, 0
    bit = 1 << move.anchor
    return (0, bit) if move.vertical else (bit, 0)


class MoveTable:
    """All moves of one board size, indexed by anchor and by text."""

    __slots__ = ("by_text", "geometry", "pass_move", "pave_h", "pave_v", "pie", "swap_h", "swap_v")

    def __init__(self, geometry: Board) -> None:
        self.geometry = geometry
        raw: list[tuple[str, int, int, bool, int]] = [("pass", PASS, -1, False, 0)]
        raw.append(("pie", PIE, -1, False, 0))
        for anchor, vertical, pair in _pairs(geometry):
            first, second = geometry.name(anchor), geometry.name(pair.bit_length() - 1)
            raw.append((f"{first}-{second}", PAVE, anchor, vertical, pair))
            raw.append((f"{first}~{second}", SWAP, anchor, vertical, pair))
        raw.sort()
        # Anchor -> move, for each kind and direction (anchors as in disputes.py).
        self.pave_h: dict[int, ThruwayMove] = {}
        self.pave_v: dict[int, ThruwayMove] = {}
        self.swap_h: dict[int, ThruwayMove] = {}
        self.swap_v: dict[int, ThruwayMove] = {}
        self.by_text: dict[str, ThruwayMove] = {}
        rows = {
            (PAVE, False): self.pave_h,
            (PAVE, True): self.pave_v,
            (SWAP, False): self.swap_h,
            (SWAP, True): self.swap_v,
        }
        for order, (text, kind, anchor, vertical, pair) in enumerate(raw):
            move = ThruwayMove(text, kind, anchor, vertical, pair, order)
            self.by_text[text] = move
            if kind == PASS:
                self.pass_move = move
            elif kind == PIE:
                self.pie = move
            else:
                rows[kind, vertical][anchor] = move

    def parse(self, text: str) -> ThruwayMove:
        """The move written `text` (TW-13); IllegalMove saying why if it is garbled."""
        clean = text.strip().lower()
        known = self.by_text.get(clean)
        if known is not None:
            return known
        for sep, rule in (("-", "TW-5"), ("~", "TW-9")):
            if clean.count(sep) == 1:
                return self._parse_pair(text, clean.split(sep), sep, rule)
        raise IllegalMove(
            f"TW-13: {text!r} is not a move; write a pave 'f6-g6', a swap 'f5~f6', 'pass' or 'pie'"
        )

    def _parse_pair(self, text: str, names: list[str], sep: str, rule: str) -> ThruwayMove:
        try:
            one, two = (self.geometry.parse_cell(name) for name in names)
        except ValueError as exc:
            raise IllegalMove(f"{exc}: {text!r}") from None
        low, high = min(one, two), max(one, two)
        canonical = f"{self.geometry.name(low)}{sep}{self.geometry.name(high)}"
        move = self.by_text.get(canonical)
        if move is None:
            raise IllegalMove(
                f"{rule}: {self.geometry.name(one)} and {self.geometry.name(two)} "
                f"are not orthogonally adjacent parcels: {text!r}"
            )
        return move


def _pairs(geometry: Board) -> list[tuple[int, bool, int]]:
    """(anchor, vertical, pair bits) for every two orthogonally adjacent parcels."""
    n, w = geometry.size, geometry.width
    out = []
    for rank in range(n):
        for file in range(n):
            anchor = geometry.index(file, rank)
            if file + 1 < n:
                out.append((anchor, False, 3 << anchor))
            if rank + 1 < n:
                out.append((anchor, True, (1 | (1 << w)) << anchor))
    return out


@cache
def move_table(size: int) -> MoveTable:
    return MoveTable(board(size))
