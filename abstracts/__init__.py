"""Transit-themed abstract games: Rapid Transit, Thruway, Chess on a Mass Transit System.

>>> import abstracts
>>> state = abstracts.get_game("rapid-transit", size=6).initial_state()
"""

from abstracts.core import Game, GameOptions, IllegalMove, State, UnknownGame, game_names, get_game

__all__ = ["Game", "GameOptions", "IllegalMove", "State", "UnknownGame", "game_names", "get_game"]
