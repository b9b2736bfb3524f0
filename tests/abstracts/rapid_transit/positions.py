"""Helpers shared by the Rapid Transit tests: a game's initial state, a cell's colour, and
random positions for the tests of the compiled playouts against the rules."""

from __future__ import annotations

import io
import random

from hypothesis import strategies as st
from rich.console import Console

from abstracts import get_game
from abstracts.rapid_transit import Board, RapidTransitGame, RapidTransitState
from abstracts.rapid_transit.board import bits


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


def colouring(board: Board, rng: random.Random) -> tuple[int, int]:
    """A random (red, cyan) filling of the board's cells with no 2 x 2 block of one colour
    (RT-9): cells are coloured rank by rank, each at random unless that would complete a
    block with the three cells below and to its left."""
    red = cyan = 0
    for bit in bits(board.cells):
        pick = rng.random() < 0.5
        for rest in board.blocks[bit]:
            # a block whose other cells are all coloured already, and all one colour
            if rest < 1 << bit and rest & (red if pick else cyan) == rest:
                pick = not pick
        red, cyan = (red | 1 << bit, cyan) if pick else (red, cyan | 1 << bit)
    return red, cyan


def random_position(
    size: int,
    rules: str,
    pie: bool,
    holes: str,
    fill: str,
    walk: int,
    history: tuple[int | None, int | None],
    seed: int,
) -> RapidTransitState:
    """A position `walk` uniformly random plies into a game (fewer if it ends), from the
    checkerboard, the quadrant set-up or a random `colouring`, on a preset board. `history`
    may then set the passes in a row and the ply, to reach RT-17's relaxed move and RT-13's
    pie turn anywhere."""
    if (size, holes) == (4, "blocks"):
        holes = "triangles"  # the corner blocks of 4 x 4 are its centre too (RT-3)
    setup = "random" if fill == "random" else "checkerboard"
    game = game_of(size=size, rules=rules, pie=pie, holes=holes, setup=setup, seed=seed)
    state = game.initial_state()
    rng = random.Random(seed)
    if fill == "colouring":
        red, cyan = colouring(game.board, rng)
        state = RapidTransitState(game, game.rules, game.board, red, cyan)
    for _ in range(walk):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    passes, ply = history
    return RapidTransitState(
        game, state.rules, state.board, state.red, state.cyan, state.side,
        state.ply if ply is None else ply, state.passes if passes is None else passes,
        state.previous, state.swapper,
    )  # fmt: skip


def game_of(**options: object) -> RapidTransitGame:
    game = get_game("rapid-transit", **options)
    assert isinstance(game, RapidTransitGame)
    return game


def positions(sizes: tuple[int, ...]) -> st.SearchStrategy[RapidTransitState]:
    """Random positions on boards of `sizes`, both rule sets, pie on or off, holes."""
    return st.builds(
        random_position,
        size=st.sampled_from(sizes),
        rules=st.sampled_from(["standard", "v1"]),
        pie=st.booleans(),
        holes=st.sampled_from(["none", "corners", "triangles", "blocks"]),
        fill=st.sampled_from(["checkerboard", "random", "colouring"]),
        walk=st.integers(0, 60),
        history=st.tuples(st.sampled_from([None, 0, 1]), st.sampled_from([None, None, 1])),
        seed=st.integers(0, 2**32 - 1),
    )
