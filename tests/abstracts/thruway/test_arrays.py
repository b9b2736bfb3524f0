"""The kernels' view of a position: geometry tables, cell arrays and move codes round trip."""

from __future__ import annotations

import numpy as np
import pytest

import abstracts.thruway.arrays as arrays
import abstracts.thruway.kernel as k
from abstracts import get_game
from abstracts.thruway.board import board
from abstracts.thruway.moves import move_table


@pytest.mark.parametrize("size", [3, 11, 26])
def test_every_move_has_its_own_code(size: int) -> None:
    geo = board(size)
    moves = list(move_table(size).by_text.values())
    codes = {arrays.code(geo, move) for move in moves}
    assert len(codes) == len(moves)
    assert all(arrays.move_of(size, arrays.code(geo, move)) is move for move in moves)


def test_a_code_names_its_anchor_direction_and_kind() -> None:
    geo = board(4)  # kernel parcel r * 4 + f: b1 is 1, b2 is 5
    assert arrays.code(geo, move_table(4).parse("b1-b2")) == 4 * 1 + 2  # vertical pave
    assert arrays.code(geo, move_table(4).parse("b2~c2")) == 4 * 5 + 1  # horizontal swap
    assert arrays.code(geo, move_table(4).parse("pass")) == k.PASS_CODE
    assert arrays.code(geo, move_table(4).parse("pie")) == k.PIE_CODE


def test_cells_and_bitboards_round_trip() -> None:
    state = get_game("thruway", size=5).from_text("C...A\n.....\n..C..\n.....\nA...C")
    cell = arrays.cells(state.rules.geometry, state.concrete, state.asphalt)
    assert list(np.flatnonzero(cell == 1)) == [4, 12, 20]  # e1, c3, a5
    assert list(np.flatnonzero(cell == 2)) == [0, 24]  # a1, e5
    assert arrays.bitboards(5, cell) == (state.concrete, state.asphalt)


def test_the_geometry_knows_neighbours_blocks_and_edges() -> None:
    geo = arrays.geometry(3)
    assert list(geo[k.NBR, 0:4]) == [1, -1, 3, -1]  # a1: east b1, north a2
    assert sorted(b for b in geo[k.BLK, 16:20] if b >= 0) == [0, 1, 3, 4]  # b2 is in four
    assert geo[k.EDGES, 0] == k.WEST | k.SOUTH and geo[k.EDGES, 8] == k.EAST | k.NORTH


def test_scalars_carry_the_ban_and_the_pie() -> None:
    game = get_game("thruway", size=3, tiles=8)
    state = game.from_text("...\nCAA\nACC").play("b1~b2")  # TW-10 bans b1~b2 next
    s = arrays.scalars(state.rules.geometry, state.position(), state.rules.max_plies)
    assert s[k.BAN] == 2 * 1 + 1  # the vertical edge anchored at b1
    assert (s[k.SIDE], s[k.PLY], s[k.LIMIT]) == (1, 1, 1000)
    opening = get_game("thruway", size=3).initial_state()
    s = arrays.scalars(opening.rules.geometry, opening.position(), 1000)
    assert (s[k.PIE_NOW], s[k.PIE_NEXT], s[k.BAN]) == (0, 1, -1)
