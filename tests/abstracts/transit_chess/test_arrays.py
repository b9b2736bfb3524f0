"""The kernels' arrays and the position hash (MT-11's repetitions)."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts import get_game
from abstracts.transit_chess.arrays import kernel_tables, position_hash
from abstracts.transit_chess.policy import k_hash
from tests.abstracts.transit_chess.test_reference import random_position, varied_system


def test_arrays_lay_out_the_tables() -> None:
    game = get_game("transit-chess", map="fantasy", seed=0)
    tables, arrays = game.tables, kernel_tables(game.tables)
    assert arrays.track.tolist() == list(tables.track)
    assert arrays.ray_end.tolist() == list(tables.ray_end)
    for stop in range(tables.n):
        starts = arrays.start_pos[arrays.start_ptr[stop] : arrays.start_ptr[stop + 1]]
        assert tuple(starts.tolist()) == tables.starts[stop]
        neighbours = arrays.nb[arrays.nb_ptr[stop] : arrays.nb_ptr[stop + 1]]
        assert tuple(neighbours.tolist()) == tables.neighbours[stop]
    for p, rides in enumerate(tables.transfers_after):
        for j, onward in rides:  # MT-7: the second legs at each transfer stop of a ride
            second = arrays.other_pos[arrays.other_ptr[j] : arrays.other_ptr[j + 1]]
            assert tuple(second.tolist()) == onward, (p, j)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_kernel_hashes_a_position_as_python_does(seed: int) -> None:
    system = varied_system(seed)
    game = get_game("transit-chess", map=system.to_data(), seed=0)
    state = game.from_text(random_position(system, random.Random(seed), False))
    for side in (0, 1):
        expected = position_hash(state.cells, side)
        assert int(k_hash(np.array(state.cells, np.int64), side)) == expected


def test_the_hash_tells_positions_and_the_side_to_move_apart() -> None:
    game = get_game("transit-chess", map="toronto", seed=1, max_plies=200)
    state, rng, seen = game.initial_state(), random.Random(2), {}
    while not state.is_over:
        if not state.placing:
            for side in (0, 1):
                seen.setdefault(position_hash(state.cells, side), (side, state.cells))
        state = state.play(rng.choice(state.legal_moves()))
    keys = set(seen.values())
    assert len(seen) == len(keys) > 100  # no two positions met share a hash


def test_a_games_history_hashes_one_entry_per_occurrence() -> None:
    """MT-11: the chain of placed positions, oldest first, repeats included."""
    game = get_game(
        "transit-chess",
        map={"name": "Five", "stops": [{"id": s, "name": s} for s in "ABCDE"],
             "routes": {"Only": list("ABCDE")}},
        seed=0,
    )  # fmt: skip
    state = game.from_text("white: P@A\nblack: P@E", to_move="white")
    positions = [(state.side, state.cells)]
    for move in ("P@A-B", "P@E-D", "P@B-A", "P@D-E", "P@A-B"):
        state = state.play(move)
        positions.append((state.side, state.cells))
    assert state.seen is not None
    expected = [position_hash(cells, side) for side, cells in positions]
    assert state.seen.hashes().tolist() == expected
    assert expected[0] == expected[4] and expected[1] == expected[5]
