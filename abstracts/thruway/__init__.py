"""Thruway (Phil Leduc, 2010): two road builders race to join their edges with indestructible
tiles. Rules TW-1..TW-15 in shared/rules/thruway.md; importing this package registers the game.

>>> import abstracts
>>> state = abstracts.get_game("thruway", size=5).initial_state().play("c3-d3")
>>> state.to_move, state.reserves
('asphalt', (10, 12))
"""

from abstracts.thruway.game import ThruwayGame, ThruwayOptions
from abstracts.thruway.moves import ThruwayMove
from abstracts.thruway.state import ThruwayState

__all__ = ["ThruwayGame", "ThruwayMove", "ThruwayOptions", "ThruwayState"]
