"""The shared action numbering, observation tensors and seats (abstracts/encoding.py), with
hand-worked numbers from the numbering the module documents."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from abstracts import IllegalMove, get_game
from abstracts.encoding import Seated, encoding, play_action
from tests.abstracts.adapters.cases import params


def planes(name: str, state: Any, side: str) -> np.ndarray:
    code = encoding(state.game)
    return code.observe(state, side).reshape(code.views["observation"])


# --- action numbers --------------------------------------------------------------------------


def test_rapid_transit_numbers_swaps_by_cell_pairs_rt14() -> None:
    code = encoding(get_game("rapid-transit", size=4))
    # c1 is cell 2, b1 cell 1: 2 * 16 + 1; pass and pie follow the 256 pairs.
    assert code.action("c1-b1") == 33
    assert code.action_text(33) == "c1-b1"
    assert (code.action("pass"), code.action("pie"), code.num_actions) == (256, 257, 258)
    assert code.action_text(4 * 16 + 15) == "a2-d4"


def test_thruway_numbers_horizontal_then_vertical_pairs_tw13() -> None:
    code = encoding(get_game("thruway", size=5))
    expected = {"a1-b1": 0, "d4-e4": 15, "a1-a2": 20, "a4-a5": 35, "e4-e5": 39, "b1~c1": 41}
    assert {text: code.action(text) for text in expected} == expected
    assert {code.action_text(a) for a in expected.values()} == set(expected)
    assert code.action("b1-a1") == 0  # either order names the pair (TW-13)
    assert (code.action("pass"), code.action("pie"), code.num_actions) == (80, 81, 82)


def test_transit_chess_numbers_placements_moves_and_pass_mt12() -> None:
    code = encoding(get_game("transit-chess", map="fantasy", seed=1))
    assert code.stops[:2] == ("NGT", "CAS") and len(code.stops) == 16
    assert code.action("P@NGT") == 0
    assert code.action("C@CAS") == 3 * 16 + 1
    assert code.action("R@CAS-OLD") == 64 + (1 * 16 + 1) * 16 + 5
    assert code.action_text(341) == "R@CAS-OLD"
    assert (code.action("pass"), code.num_actions) == (1088, 1089)


@pytest.mark.parametrize(("name", "options"), params())
def test_every_legal_move_has_its_own_number_and_text(name: str, options: dict[str, Any]) -> None:
    game = get_game(name, **options)
    code, rng = encoding(game), random.Random(5)
    for _ in range(2):
        seated = Seated.start(game)
        while not seated.state.is_over:
            legal = code.legal(seated.state)
            assert list(legal) == sorted(legal) and len(legal) == len(seated.state.legal_moves())
            assert all(0 <= a < code.num_actions and code.action_text(a) == str(m)
                       for a, m in legal.items())  # fmt: skip
            observation = code.observe(seated.state, seated.seats[0])
            assert observation.shape == (code.size,) and observation.dtype == np.float32
            assert observation.min() >= 0 and observation.max() <= code.high
            seated = seated.play(legal[rng.choice(list(legal))])


def test_action_numbers_outside_the_space_are_refused() -> None:
    code = encoding(get_game("thruway", size=5))
    with pytest.raises(ValueError, match=r"not in 0\.\.81"):
        code.action_text(82)


# --- observations ----------------------------------------------------------------------------


def test_rapid_transit_planes_at_the_start_rt2() -> None:
    state = get_game("rapid-transit", size=4).initial_state()
    red = planes("rapid-transit", state, "red")
    # RT-2: red on a1 and wherever file + rank is even; rows are ranks from rank 1.
    checker = np.add.outer(np.arange(4), np.arange(4)) % 2 == 0
    assert (red[0] == checker).all() and (red[1] == ~checker).all()
    assert red[2].sum() == 0 and red[3].sum() == 0  # no holes, no previous swap
    assert red[4].all() and red[5].all()  # red to move; the observer plays red
    assert not planes("rapid-transit", state, "cyan")[5].any()


def test_rapid_transit_marks_the_previous_swap_and_the_pie_rt13_rt16() -> None:
    state = get_game("rapid-transit", size=4, pie=True).initial_state().play("c1-b1")
    cyan = planes("rapid-transit", state, "cyan")
    assert cyan[0, 0, 1] == 1 and cyan[1, 0, 2] == 1  # b1 now red, c1 now cyan
    assert {(r, f) for r, f in zip(*np.nonzero(cyan[3]), strict=True)} == {(0, 1), (0, 2)}
    assert not cyan[4].any() and not cyan[5].any()  # cyan to move, observer plays cyan
    assert cyan[6].all()  # RT-13: pie is legal now


def test_rapid_transit_holes_plane_rt3() -> None:
    state = get_game("rapid-transit", size=6, holes="corners").initial_state()
    holes = planes("rapid-transit", state, "red")[2]
    assert {(r, f) for r, f in zip(*np.nonzero(holes), strict=True)} == {
        (0, 0), (0, 5), (5, 0), (5, 5)
    }  # fmt: skip


def test_thruway_planes_count_reserves_and_offer_pie_tw3_tw11() -> None:
    state = get_game("thruway", size=5).initial_state().play("a1-b1")
    asphalt = planes("thruway", state, "asphalt")
    assert asphalt[0].sum() == 2 and asphalt[0, 0, 0] == asphalt[0, 0, 1] == 1
    assert asphalt[1].sum() == 0
    assert not asphalt[3].any() and not asphalt[4].any()  # asphalt to move and observing
    assert asphalt[5].all()  # TW-11
    # TW-3: floor(25 / 2) = 12 tiles each; concrete has placed two.
    assert asphalt[7, 0, 0] == pytest.approx(10 / 12) and asphalt[8, 0, 0] == 1.0


def test_thruway_reserve_default_is_sixty_on_eleven_tw3() -> None:
    state = get_game("thruway").initial_state().play("f6-g6")
    assert planes("thruway", state, "concrete")[7, 0, 0] == pytest.approx(58 / 60)


def test_thruway_marks_the_banned_swap_and_passes_tw10_tw12() -> None:
    game = get_game("thruway", size=4)
    state = game.from_text("....\n....\nAC..\nCA..").play("a1~b1")  # TW-8, TW-9
    concrete = planes("thruway", state, "concrete")
    assert {(r, f) for r, f in zip(*np.nonzero(concrete[2]), strict=True)} == {(0, 0), (0, 1)}
    assert concrete[6].sum() == 0
    crowded = game.from_text("CACA\nACAC\nCACA\nACA.\nto_move=concrete ply=9 passes=1")
    assert planes("thruway", crowded, "asphalt")[6, 0, 0] == pytest.approx(1 / 3)


def test_transit_chess_vector_counts_stops_and_hands_mt3_mt4() -> None:
    game = get_game("transit-chess", map="fantasy", seed=1, first="white")
    code = encoding(game)
    state = game.initial_state()
    start = code.observe(state, "white")
    hands = start[8 * 16 : 8 * 16 + 8].reshape(2, 4)
    # MT-3 on 16 stops: 2 Pedestrians, 1 Rider, 0 Transfer Riders, 1 Chief a side.
    assert hands.tolist() == [[2, 1, 0, 1], [2, 1, 0, 1]]
    assert start[:128].sum() == 0 and start[-2:].tolist() == [1, 1]
    after = code.observe(state.play("C@CAS"), "black")
    stops = after[:128].reshape(8, 16)
    assert stops[3, 1] == 1 and stops.sum() == 1  # white's Chief on CAS (stop 1)
    assert after[8 * 16 + 3] == 0  # no white Chief left to place
    assert after[-2:].tolist() == [0, 0]  # black to move; the observer plays black
    assert code.high == 8  # no stop can hold more than all eight pieces


# --- seats -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "first", "rule"), [("rapid-transit", "c1-b1", "RT-13"),
                                                     ("thruway", "a1-b1", "TW-11")])  # fmt: skip
def test_pie_trades_seats_and_the_same_side_moves_again(name: str, first: str, rule: str) -> None:
    game = get_game(name, size=4, pie=True)
    seated = Seated.start(game).play(first)
    assert seated.seat_to_move == 1
    after = seated.play("pie")
    assert after.seats == tuple(reversed(game.sides)), rule
    assert after.state.to_move == game.sides[1] and after.seat_to_move == 0


def test_returns_follow_the_winner_to_its_seat() -> None:
    game = get_game("rapid-transit", size=4, pie=True)
    seated = Seated.start(game).play("c1-b1").play("pie")
    rng = random.Random(2)
    while not seated.state.is_over:
        seated = seated.play(rng.choice(seated.state.legal_moves()))
    winner = seated.state.winner
    assert winner is not None
    assert seated.returns() == ((1.0, -1.0) if seated.seats[0] == winner else (-1.0, 1.0))
    assert sum(seated.returns()) == 0


def test_an_illegal_action_is_refused_naming_the_rule() -> None:
    game = get_game("rapid-transit", size=4)
    code, seated = encoding(game), Seated.start(game)
    with pytest.raises(IllegalMove, match="RT-10"):
        play_action(code, seated, code.action("a1-b1"), code.legal(seated.state))


def test_design_maps_have_no_encoding_before_the_console_draws_them() -> None:
    with pytest.raises(ValueError, match="design"):
        encoding(get_game("transit-chess", map="design", seed=1))
