"""Chess on a Mass Transit System (rules MT-1..MT-12): pieces ride a transit map.

>>> import abstracts
>>> game = abstracts.get_game("transit-chess", map="fantasy", seed=1)
>>> state = game.initial_state()
"""

from abstracts.transit_chess.game import TransitChessGame, TransitChessOptions
from abstracts.transit_chess.moves import TransitChessMove
from abstracts.transit_chess.state import TransitChessState
from abstracts.transit_chess.system import MapError, TransitSystem

__all__ = [
    "MapError",
    "TransitChessGame",
    "TransitChessMove",
    "TransitChessOptions",
    "TransitChessState",
    "TransitSystem",
]
