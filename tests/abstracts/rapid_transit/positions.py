"""Helpers shared by the Rapid Transit tests: a game's initial state, a cell's colour."""

from __future__ import annotations

import io

from rich.console import Console

from abstracts import get_game
from abstracts.rapid_transit import RapidTransitGame, RapidTransitState


def start(**options: object) -> RapidTransitState:
    state = get_game("rapid-transit", **options).initial_state()
    assert isinstance(state, RapidTransitState)
    return state


def colour_at(state: RapidTransitState, name: str) -> str:
    bit = state.board.parse_cell(name)
    return "red" if state.red >> bit & 1 else "cyan"


A = """
R C R C
R C C R
C R R C
C R C R
"""


def game4(**options: object) -> RapidTransitGame:
    game = get_game("rapid-transit", size=4, **options)
    assert isinstance(game, RapidTransitGame)
    return game


def show(game: RapidTransitGame, state: RapidTransitState, *args: object, **view: object) -> str:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(game.render(state, *args, **view))
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()
