"""The judge: material, threats, mobility and cover counted by the kernel as in plain Python,
and a lead that names the side ahead (MT-3, MT-10, MT-11)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts import get_game
from abstracts.transit_chess.arrays import position_hash
from abstracts.transit_chess.judge import dither, features, features_reference, judge, lead
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
    assert 0 < lead(ahead, 0) < 1
    mirrored = (6, 0, 0, 5, 5, 14, 0, 0, 5, 5)
    assert lead(mirrored, 1) == pytest.approx(-lead(ahead, 0))
    # A threat counts for more when its side is to move (it converts first, MT-10).
    threat = (10, 3, 3, 5, 5, 10, 0, 0, 5, 5)
    assert lead(threat, 0) > lead(threat, 1) > 0
    # Losing the last pieces is the most a side can be behind (MT-11).
    assert lead((10, 0, 0, 5, 5, 0, 0, 0, 0, 0), 1) == 1.0


def test_the_judge_names_the_side_ahead_as_often_as_its_lead() -> None:
    game = get_game("transit-chess", map="toronto", seed=1)
    state, rng = game.initial_state(), random.Random(3)
    while state.placing:
        state = state.play(rng.choice(state.legal_moves()))
    verdicts: dict[str | None, int] = {}
    leads = []
    for seed in range(400):
        reached = state.rollout(random.Random(seed), 6)
        if reached.is_over:
            continue
        found = features(game.rules, reached.cells, reached.hands)
        leads.append(lead(found, reached.side))
        verdict = judge(reached)
        assert verdict == judge(reached)  # one position, one verdict
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
    expected_white = sum(max(x, 0) for x in leads)
    assert abs(verdicts.get("white", 0) - expected_white) < 4 * len(leads) ** 0.5
    assert verdicts.get(None, 0) > 0


def test_the_dither_is_spread_over_0_to_1() -> None:
    game = get_game("transit-chess", map="fantasy", seed=0)
    state, rng, draws = game.initial_state(), random.Random(1), []
    while not state.is_over:
        draws.append(dither(position_hash(state.cells, state.side), state.ply))
        state = state.play(rng.choice(state.legal_moves()))
    assert all(0 <= d < 1 for d in draws)
    assert 0.3 < sum(draws) / len(draws) < 0.7
