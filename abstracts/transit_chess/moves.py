"""Move values and their text (MT-12): `R@UNI-SGE`, placement `R@UNI`, and `pass`."""

from __future__ import annotations

from dataclasses import dataclass

from abstracts.core import IllegalMove
from abstracts.transit_chess.pieces import INDEX, LETTERS
from abstracts.transit_chess.tables import Tables


@dataclass(frozen=True, slots=True, order=True)
class TransitChessMove:
    """A move as the players write it; fields compare in the same order as the text."""

    piece: str = ""  # P, R, T or C; empty for pass
    origin: str = ""  # stop id; empty for a placement (MT-4) or pass
    destination: str = ""  # stop id; empty for pass

    @property
    def kind(self) -> str:
        if not self.piece:
            return "pass"
        return "move" if self.origin else "place"

    def __str__(self) -> str:
        if not self.piece:
            return "pass"
        if not self.origin:
            return f"{self.piece}@{self.destination}"
        return f"{self.piece}@{self.origin}-{self.destination}"


PASS = TransitChessMove()


class MoveCodec:
    """Integer move codes (see tables.py) to TransitChessMove values and back, cached."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._moves: dict[int, TransitChessMove] = {}
        self.number = {stop_id: i for i, stop_id in enumerate(tables.ids)}

    def move(self, code: int) -> TransitChessMove:
        move = self._moves.get(code)
        if move is None:
            move = self._moves[code] = self._decode(code)
        return move

    def _decode(self, code: int) -> TransitChessMove:
        what, kind, origin, destination = self.tables.decode(code)
        ids = self.tables.ids
        if what == "pass":
            return PASS
        if what == "place":
            return TransitChessMove(LETTERS[kind], "", ids[destination])
        return TransitChessMove(LETTERS[kind], ids[origin], ids[destination])

    def code(self, move: TransitChessMove) -> int:
        """The code of `move`; IllegalMove if it names a stop or piece this map lacks."""
        if move.kind == "pass":
            return self.tables.pass_code
        kind = INDEX.get(move.piece)
        if kind is None:
            raise IllegalMove(f"MT-12: unknown piece letter {move.piece!r} in {str(move)!r}")
        if move.kind == "place":
            return self.tables.placement(kind, self._stop(move.destination, move))
        origin = self._stop(move.origin, move)
        return self.tables.movement(kind, origin, self._stop(move.destination, move))

    def _stop(self, stop_id: str, move: TransitChessMove) -> int:
        try:
            return self.number[stop_id]
        except KeyError:
            raise IllegalMove(f"MT-12: no stop {stop_id!r} on this map ({str(move)!r})") from None
