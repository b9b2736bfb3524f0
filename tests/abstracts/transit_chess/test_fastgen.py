"""The compiled move generator and transition against the plain-Python rules (MT-4..MT-11).

The kernels (fastgen.py) must list exactly the codes `movegen.legal_codes` lists, in the same
order, and play a code exactly as `rules.apply_code` does, on random positions of random
systems (loops included) and along real games.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts import get_game
from abstracts.transit_chess.fastgen import gen_apply, gen_legal
from abstracts.transit_chess.movegen import legal_codes
from abstracts.transit_chess.rules import apply_code
from tests.abstracts.transit_chess.test_reference import random_position, varied_system


def kernel_codes(state) -> list[int]:  # type: ignore[no-untyped-def]
    rules = state.rules
    cells, hands = np.array(state.cells, np.int64), np.array(state.hands, np.int64)
    count = gen_legal(rules.arrays, cells, hands, state.side, rules.scratch)
    return rules.scratch.codes[:count].tolist()


def kernel_play(state, code: int) -> tuple[list[int], list[int], list[int], bool]:  # type: ignore[no-untyped-def]
    cells, hands = np.array(state.cells, np.int64), np.array(state.hands, np.int64)
    totals = np.array(state.totals, np.int64)
    won = gen_apply(state.rules.tables.n, cells, hands, totals, state.side, code)
    return cells.tolist(), hands.tolist(), totals.tolist(), bool(won)


def python_play(state, code: int) -> tuple[list[int], list[int], list[int], bool]:  # type: ignore[no-untyped-def]
    cells, hands, totals = list(state.cells), list(state.hands), list(state.totals)
    won = apply_code(state.rules.tables, cells, hands, totals, state.side, code)
    return cells, hands, totals, won


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10**9), placing=st.booleans())
def test_kernel_lists_the_codes_movegen_lists(seed: int, placing: bool) -> None:
    system = varied_system(seed)
    game = get_game("transit-chess", map=system.to_data(), seed=0)
    rng = random.Random(seed)
    text = random_position(system, rng, placing)
    for side in ("white", "black"):
        state = game.from_text(text, to_move=side)
        assert kernel_codes(state) == legal_codes(
            game.tables, state.cells, state.hands, state.side
        ), text
        for code in rng.sample(state.legal_codes(), min(5, len(state.legal_codes()))):
            assert kernel_play(state, code) == python_play(state, code), (text, code)


def test_kernel_agrees_along_real_games() -> None:
    for key in ("fantasy", "glasgow", "toronto", "boston"):
        game = get_game("transit-chess", map=key, seed=3, max_plies=120)
        state, rng = game.initial_state(), random.Random(key)
        while not state.is_over:
            assert kernel_codes(state) == state.legal_codes(), (key, state.ply)
            code = rng.choice(state.legal_codes())
            assert kernel_play(state, code) == python_play(state, code)
            state = state.after(code)


def test_no_move_is_a_pass_and_converting_the_last_pieces_wins() -> None:
    """MT-11 on the line A - B - C: black's pedestrian on C is boxed in by nothing, white's
    rider converts it and wins; a side with no piece that can move has only `pass`."""
    game = get_game(
        "transit-chess",
        map={"name": "Line", "stops": [{"id": s, "name": s} for s in "ABC"],
             "routes": {"Only": ["A", "B", "C"]}},
        seed=0,
    )  # fmt: skip
    state = game.from_text("white: R@A\nblack: P@C", to_move="white")
    code = game.codec.code(state.parse_move("R@A-C"))
    assert kernel_play(state, code) == python_play(state, code)
    assert kernel_play(state, code)[3] is True
    no_hand = game.from_text("white: R@A place: P\nblack: P@C", to_move="black")
    assert kernel_codes(no_hand) == [game.tables.pass_code]  # black has nothing to place
