"""The judge: material, threats, mobility and cover counted by the kernel as in plain Python,
and the graded lead of the side ahead (MT-3, MT-10, MT-11)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts import get_game
from abstracts.evaluators import Lead
from abstracts.transit_chess.judge import features, features_reference, judge, lead
from tests.abstracts.transit_chess.test_reference import random_position, varied_system

FIVE = {
    "name": "Five",
    "stops": [{"id": s, "name": s} for s in "ABCDE"],
    "routes": {"Only": list("ABCDE")},
}


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9), placing=st.booleans())
def test_the_kernel_counts_as_the_reference_does(seed: int, placing: bool) -> None:
    system = varied_system(seed)
    game = get_game("transit-chess", map=system.to_data(), seed=0)
    state = game.from_text(random_position(system, random.Random(seed), placing))
    assert features(game.rules, state.cells, state.hands) == features_reference(
        game.tables, state.cells, state.hands
    )


def test_features_of_a_hand_worked_position() -> None:
    # A - B - C - D - E. White: a rider on A and a pedestrian still to place; black: a chief
    # on C and a pedestrian on E. White's rider rides to B and to C, where the chief stops it
    # (MT-9); black's chief rides to B and A (the rider stops it there) and to D and E (its
    # own pedestrian does not block, MT-9), and the pedestrian steps to D (MT-5).
    game = get_game("transit-chess", map=FIVE, seed=0)
    state = game.from_text("white: R@A place: P\nblack: C@C P@E place: P", to_move="white")
    found = features(game.rules, state.cells, state.hands)
    # material: R 3 + P 1 in hand | C 5 + P 1 + P 1 in hand (values.VALUES)
    # white reaches B, C: best threat the chief (5); 2 moves, 2 stops
    # black reaches A, B, D, E from C and D from E: best threat the rider (3); 5 moves, 4 stops
    assert found == (4, 5, 5, 2, 2, 7, 3, 3, 5, 4)


def test_the_lead_follows_material_and_the_move() -> None:
    even = (10, 0, 0, 5, 5, 10, 0, 0, 5, 5)
    assert lead(even, 0) == lead(even, 1) == 0.0
    ahead = (14, 0, 0, 5, 5, 6, 0, 0, 5, 5)
    assert lead(ahead, 0) == pytest.approx((14 - 6) / 20)
    mirrored = (6, 0, 0, 5, 5, 14, 0, 0, 5, 5)
    assert lead(mirrored, 1) == pytest.approx(-lead(ahead, 0))
    # A threat counts for more when its side is to move (it converts first, MT-10).
    threat = (10, 3, 3, 5, 5, 10, 0, 0, 5, 5)
    assert lead(threat, 0) > lead(threat, 1) > 0
    # Losing the last pieces is the most a side can be behind (MT-11).
    assert lead((10, 0, 0, 5, 5, 0, 0, 0, 0, 0), 1) == 1.0


def test_each_point_converted_counts_the_same_down_to_the_last_piece() -> None:
    # MT-10 keeps all the material on the map (32 points): from 24-8 to 25-7 and on to 31-1
    # the lead grows by 2/32 per Pedestrian converted, however few the loser has left.
    leads = [lead((w, 0, 0, 5, 5, 32 - w, 0, 0, 5, 5), 0) for w in (24, 25, 31)]
    assert leads[1] - leads[0] == pytest.approx(2 / 32)
    assert leads[2] - leads[1] == pytest.approx(6 * 2 / 32)


def test_the_judge_returns_the_lead_of_the_side_ahead() -> None:
    game = get_game("transit-chess", map=FIVE, seed=0)
    # White: a rider on A; black: a pedestrian on E. White leads by material (3 - 1) and
    # its threat on E (the rider rides A-B-C-D-E, MT-6), black's pedestrian reaches D only.
    state = game.from_text("white: R@A\nblack: P@E", to_move="white")
    found = features(game.rules, state.cells, state.hands)
    verdict = judge(state)
    assert isinstance(verdict, Lead)
    assert verdict == Lead("white", lead(found, 0))
    assert judge(game.from_text("white: P@A\nblack: P@E", to_move="white")) is None
    # The same position seen from black's seat: black is behind by as much.
    flipped = game.from_text("white: P@A\nblack: R@E", to_move="black")
    assert judge(flipped) == Lead("black", verdict.margin)


def test_a_stack_counts_as_a_threat_only_when_its_exchange_is_won() -> None:
    # A - B - C - D - E. Black's pedestrian on C is defended by the one on D (it can land
    # back on C, MT-5): white's lone pedestrian on B would take C and lose it again with
    # itself (MT-10), so it threatens nothing; black's pedestrian on C takes B for good.
    game = get_game("transit-chess", map=FIVE, seed=0)
    alone = game.from_text("white: P@B\nblack: P@C P@D", to_move="white")
    found = features(game.rules, alone.cells, alone.hands)
    assert (found[1], found[2]) == (0, 1)  # white: no exchange won, 1 point under attack
    assert found[6] == 1  # black wins the exchange on B
    # A rider on A is a second attacker of C (it rides through its own B, MT-9) and a
    # defender of B: now white wins the exchange on C, and black no longer wins B's.
    backed = game.from_text("white: R@A P@B\nblack: P@C P@D", to_move="white")
    found = features(game.rules, backed.cells, backed.hands)
    assert (found[1], found[6]) == (1, 0)
    assert found == features_reference(game.tables, backed.cells, backed.hands)
    assert lead(found, 0) > 0
