"""Rapid Transit: swap pieces to build the larger networks (shared/rules/rapid-transit.md).

>>> from abstracts import get_game
>>> state = get_game("rapid-transit", size=4).initial_state()
>>> state.to_move, len(state.legal_moves()) > 0
('red', True)
"""

from abstracts.rapid_transit.board import Board, BoardError
from abstracts.rapid_transit.game import RapidTransitGame, RapidTransitOptions
from abstracts.rapid_transit.moves import RapidTransitMove
from abstracts.rapid_transit.state import RapidTransitState

__all__ = [
    "Board",
    "BoardError",
    "RapidTransitGame",
    "RapidTransitMove",
    "RapidTransitOptions",
    "RapidTransitState",
]
