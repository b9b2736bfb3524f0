"""Moves that win at once (TW-15): the quick search agrees with trying every legal move."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts import get_game
from abstracts.thruway import ThruwayState
from abstracts.thruway.board import bit_indices
from abstracts.thruway.moves import SWAP
from abstracts.thruway.threats import nearly_filled, winning_move
from tests.abstracts.thruway.test_playout import traced_move


def position(text: str, to_move: str = "concrete", **options: object) -> ThruwayState:
    size = len(text.strip().splitlines())
    return get_game("thruway", size=size, **options).from_text(text, to_move)


def quick(state: ThruwayState) -> str | None:
    """The move `winning_move` finds for the side to move, as move text."""
    ban = (0, 0)
    if state.banned is not None:
        bit = 1 << state.banned.anchor
        ban = (0, bit) if state.banned.vertical else (bit, 0)
    found = winning_move(
        state.game.geometry,
        state.concrete,
        state.asphalt,
        state.side,
        state.reserves[state.side],
        state.blocks,
        ban,
    )
    if found is None:
        return None
    kind, anchor, pair = found
    vertical = not pair & (pair >> 1)
    return traced_move(state.game, (0, kind, anchor, vertical)).text


def winners(state: ThruwayState) -> list[str]:
    """Brute force: every legal move after which the side to move has won."""
    return [m.text for m in state.legal_moves() if state.play(m).winner == state.to_move]


def test_nearly_filled_parcels_have_at_most_two_empty_parcels_around_them() -> None:
    # Empty: b3, c3, c2. c3 counts itself, b3 and c2: three; every other parcel two or less.
    state = position("C..\nCA.\nCCA")
    geo = state.game.geometry
    empty = geo.cells & ~(state.concrete | state.asphalt)
    names = {geo.name(i) for i in bit_indices(nearly_filled(geo, empty))}
    assert names == {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3"}
    assert nearly_filled(geo, geo.cells) == 0  # on an empty 3 x 3 board every count is 3+


def test_a_pave_that_encloses_a_complete_road_wins() -> None:
    # c2 completes row 2; replacing c1 or c3 with it leaves every parcel filled.
    state = position("AAA\nCC.\nAAA", tiles=6)
    assert quick(state) in winners(state)
    assert set(winners(state)) == {"c1-c2", "c2-c3"}


def test_no_pave_wins_without_two_tiles_in_reserve() -> None:
    state = position("AAA\nCC.\nAAA", tiles=6)
    geo = state.game.geometry
    assert winning_move(geo, state.concrete, state.asphalt, 0, 1, state.blocks) is None  # TW-7


# Concrete's road a2-b2-b3-c3-d3 is complete but b2 lies in the dispute of block b1.
BROKEN = "AAAA\nACCC\nCCAA\nAACA"


def test_a_swap_that_resolves_the_last_dispute_wins() -> None:
    state = position(BROKEN, tiles=12)
    assert quick(state) == "b1~c1"  # horizontal swaps before vertical ones
    assert set(winners(state)) == {"b1~c1", "c1~c2"}


def test_the_swap_tw10_forbids_is_not_offered() -> None:
    state = position(BROKEN, tiles=12)
    geo = state.game.geometry
    b1 = geo.parse_cell("b1")
    found = winning_move(geo, state.concrete, state.asphalt, 0, 5, state.blocks, (1 << b1, 0))
    assert found is not None
    assert found[0] == SWAP and found[1] == geo.parse_cell("c1")  # c1~c2, vertical


def test_a_swap_that_completes_the_opponents_road_is_no_win() -> None:
    state = position(BROKEN, "asphalt", tiles=12)
    assert winners(state) == [] and quick(state) is None  # b1~c1 would win for concrete


@settings(max_examples=50, deadline=None)
@given(
    size=st.integers(3, 6),
    tiles=st.one_of(st.none(), st.integers(2, 14)),
    plies=st.integers(0, 60),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_quick_search_agrees_with_trying_every_move(
    size: int, tiles: int | None, plies: int, seed: int
) -> None:
    game = get_game("thruway", size=size, tiles=tiles)
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):  # greedy moves now and then, so roads get close to done
        if state.is_over:
            break
        found, brute = quick(state), winners(state)
        assert (found is None) == (not brute), state.to_text()
        assert found is None or found in brute
        choice = game.greedy_move(state, rng) if rng.random() < 0.5 else None
        state = state.play(choice or rng.choice(state.legal_moves()))


# Concrete's rank 1 is a road of nearly filled tiles, but a2, c2 and e2 stay empty: no
# single move encloses it. a4-b4 completes rank 4 between full ranks instead (TW-14): a
# road of cost 2 that touches no parcel next to the cheaper one.
ELSEWHERE = "AAAAA\n..CCC\nAAAAA\n.A.A.\nCCCCC"


def test_a_winning_road_apart_from_a_cheaper_unfinishable_one_is_found() -> None:
    state = position(ELSEWHERE)
    assert winners(state) == ["a4-b4"]
    assert quick(state) == "a4-b4"
