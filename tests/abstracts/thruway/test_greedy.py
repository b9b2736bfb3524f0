"""The greedy heuristic: its measures on hand-worked boards, and the choices it must make."""

from __future__ import annotations

import random

import pytest

from abstracts import get_game
from abstracts.thruway import ThruwayState
from abstracts.thruway.board import bit_indices
from abstracts.thruway.greedy import connection_distance, evaluate, evaluate_move, odd_pockets
from abstracts.thruway.thruways import indestructible


def position(text: str, to_move: str = "concrete", **options: object) -> ThruwayState:
    size = len(text.strip().splitlines())
    return get_game("thruway", size=size, **options).from_text(text, to_move)


def distances(state: ThruwayState) -> tuple[int, int]:
    geo, c, a = state.game.geometry, state.concrete, state.asphalt
    safe = indestructible(geo, c, a, state.blocks)
    empty = geo.cells & ~(c | a)
    return (
        connection_distance(geo, c, a & ~safe, empty, 0),
        connection_distance(geo, a, c & ~safe, empty, 1),
    )


def test_distance_on_an_empty_board_is_the_board_width() -> None:
    assert distances(get_game("thruway", size=5).initial_state()) == (5, 5)


def test_distance_counts_empty_parcels_and_replaceable_tiles() -> None:
    # Concrete needs c2 (1). Asphalt's cheapest column is c: three empty parcels (3);
    # column a would cost 1 + 2 (replace a2) + 1.
    assert distances(position("...\nCC.\n...")) == (1, 3)


def test_distance_treats_indestructible_tiles_as_walls() -> None:
    # a2 is indestructible (a1, a3, b2 hold tiles): asphalt must go round through c2.
    state = position("AAA\nCC.\nAAA", tiles=6)
    assert distances(state) == (1, 1)
    walled = position("AAA\nCCC\nAA.", "asphalt", tiles=6)  # only c1 open; c2 is replaceable
    assert distances(walled)[1] == 3  # c1 empty (1) + c2 replaced (2), c3 asphalt


def test_odd_pockets_are_the_small_empty_regions_of_odd_size() -> None:
    state = position("..C\nCCA\n.A.")
    geo = state.game.geometry
    pockets = odd_pockets(geo, geo.cells & ~(state.concrete | state.asphalt))
    # Regions: {a3, b3} (even), {a1} (odd), {c1} (odd).
    assert {geo.name(i) for i in bit_indices(pockets)} == {"a1", "c1"}
    opening = get_game("thruway", size=5).initial_state().play("c3-d3")
    geo = opening.game.geometry
    assert odd_pockets(geo, geo.cells & ~opening.concrete) == 0  # 23 parcels: open country


def test_greedy_takes_a_win() -> None:
    state = position("AAA\nCC.\nAAA", tiles=6)
    move = state.game.greedy_move(state, random.Random(0))
    assert state.play(move).winner == "concrete"


# Concrete's road is complete but for the dispute of block b1 (see the rules tests).
BROKEN = "AAAA\nACCC\nCCAA\nAACA"


def test_greedy_resolves_a_dispute_in_its_favour() -> None:
    for seed in range(5):
        concrete = position(BROKEN, tiles=12)
        assert str(concrete.game.greedy_move(concrete, random.Random(seed))) in ("b1~c1", "c1~c2")
        asphalt = position(BROKEN, "asphalt", tiles=12)
        assert str(asphalt.game.greedy_move(asphalt, random.Random(seed))) in ("b1~b2", "b2~c2")


def test_greedy_judges_pie_as_the_concrete_side() -> None:
    state = get_game("thruway", size=5).initial_state().play("c3-d3")
    pie = state.parse_move("pie")
    geo = state.game.geometry
    assert evaluate_move(state, pie) == evaluate(geo, state.concrete, state.asphalt, 0)
    assert evaluate_move(state, pie)[0] > 0  # concrete's opening pair is worth taking


def allows_a_win(state: ThruwayState, move: str) -> bool:
    """Brute force: after `move`, can the other player win with its very next move?"""
    after = state.play(move)
    other = "asphalt" if state.to_move == "concrete" else "concrete"
    if after.is_over:
        return after.winner == other
    return any(after.play(reply).winner == other for reply in after.legal_moves())


@pytest.mark.parametrize("size", [4, 5])
def test_greedy_never_allows_an_avoidable_immediate_loss(size: int) -> None:
    game = get_game("thruway", size=size)
    threatened = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.initial_state()
        while not state.is_over:
            if state.ply >= 2 * size:
                moves = [str(m) for m in state.legal_moves()]
                losing = {m for m in moves if allows_a_win(state, m)}
                if losing and len(losing) < len(moves):
                    threatened += 1
                    assert str(game.greedy_move(state, rng)) not in losing, state.to_text()
            state = state.play(rng.choice(state.legal_moves()))
    assert threatened >= 5  # the check was really exercised


@pytest.mark.parametrize("greedy_side", ["concrete", "asphalt"])
def test_greedy_beats_random(greedy_side: str) -> None:
    game = get_game("thruway", size=5)
    wins = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = game.initial_state()
        while not state.is_over:
            # After pie the players trade sides (TW-11): follow the greedy player.
            if state.to_move == greedy_side:
                move = game.greedy_move(state, rng)
            else:
                move = rng.choice(state.legal_moves())
            if game.swaps_seats(state, move):
                greedy_side = "asphalt" if greedy_side == "concrete" else "concrete"
            state = state.play(move)
        wins += state.winner == greedy_side
    assert wins >= 8
