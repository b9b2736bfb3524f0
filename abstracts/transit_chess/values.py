"""What the computer players count (greedy.py, priors.py, judge.py, fastgen.py's k_value).

Piece values, in pieces.LETTERS order: a Pedestrian steps one stop (MT-5), a Rider or a
Transfer Rider reaches across the map (MT-6, MT-7), a Chief both (MT-8). A threat is a stack
a piece could convert next (MT-10); a win converts the opponent's last pieces (MT-11).
"""

from __future__ import annotations

from abstracts.transit_chess.pieces import unpack

VALUES = (5, 1, 3, 3)  # Chief, Pedestrian, Rider, Transfer Rider
THREAT = 0.3  # greedy: per point of the best stack a moved or placed piece then threatens
MOBILITY = 0.02  # greedy: per stop a placed piece could reach (MT-4)
WIN = 1e6  # greedy: above every other score


def value(stack: int) -> int:
    """What a packed stack of either side is worth."""
    return sum(count * v for count, v in zip(unpack(stack), VALUES, strict=True))
