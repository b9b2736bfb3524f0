"""The rollout policy: the compiled kernel against its plain-Python twin, and every code it
plays legal under the rules (`State.play`), endings included (MT-4..MT-11)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts import get_game
from abstracts.transit_chess import policy
from abstracts.transit_chess.policy import CARE, GREED
from abstracts.transit_chess.reference import SplitMix, policy_choice, rollout_reference
from abstracts.transit_chess.state import TransitChessState
from tests.abstracts.transit_chess.test_reference import random_position, varied_system

FIVE = {
    "name": "Five",
    "stops": [{"id": s, "name": s} for s in "ABCDE"],
    "routes": {"Only": list("ABCDE")},
}


def replayed(
    state: TransitChessState, seed: int, depth: int, greed: float = GREED
) -> TransitChessState:
    """The reference policy's codes from `state`, played one by one through `State.play`."""
    for code in rollout_reference(state, depth, seed, greed, CARE):
        state = state.play(state.rules.codec.move(code))  # refuses an illegal code
    return state


def same(a: TransitChessState, b: TransitChessState) -> bool:
    return (a.to_text(), a.side, a.ply, a.passes, a.end, a.winner) == (
        b.to_text(),
        b.side,
        b.ply,
        b.passes,
        b.end,
        b.winner,
    )


class Seeds(random.Random):
    """An rng whose getrandbits(64) gives `seed`: the kernel's seed, known to the test."""

    def __init__(self, seed: int) -> None:
        super().__init__(0)
        self.fixed = seed

    def getrandbits(self, k: int) -> int:
        return self.fixed


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), placing=st.booleans(), depth=st.integers(1, 12))
def test_kernel_rollouts_play_the_reference_codes_and_every_one_is_legal(
    seed: int, placing: bool, depth: int
) -> None:
    system = varied_system(seed % 10**9)
    game = get_game("transit-chess", map=system.to_data(), seed=0, max_plies=60)
    rng = random.Random(seed)
    state = game.from_text(random_position(system, rng, placing), rng.choice(game.sides))
    reached = state.rollout(Seeds(seed), depth)
    assert same(reached, replayed(state, seed, depth))
    assert reached.ply - state.ply <= depth


def test_rollouts_along_real_games_match_and_keep_the_history() -> None:
    for key in ("fantasy", "toronto"):
        game = get_game("transit-chess", map=key, seed=4, max_plies=100)
        state, rng = game.initial_state(), random.Random(key)
        while not state.is_over:
            if state.ply % 3:
                state = state.play(rng.choice(state.legal_moves()))
                continue
            seed = rng.getrandbits(64)
            reached = state.rollout(Seeds(seed), 10)
            expected = replayed(state, seed, 10)
            assert same(reached, expected)
            assert (reached.seen is None) == (expected.seen is None)
            if reached.seen is not None and expected.seen is not None:
                assert reached.seen.counts() == expected.seen.counts()
            state = state.play(rng.choice(state.legal_moves()))


def test_rollouts_end_on_the_third_repetition(monkeypatch: pytest.MonkeyPatch) -> None:
    """MT-11: two pedestrians alone on a line, moving at random, shuttle; some rollouts
    repeat a position a third time and stop there, drawn, as `play` says."""
    monkeypatch.setattr(policy, "GREED", 0.0)
    game = get_game("transit-chess", map=FIVE, seed=0, max_plies=400)
    start = game.from_text("white: P@A\nblack: P@E", to_move="white")
    ends = set()
    for seed in range(40):
        reached = start.rollout(Seeds(seed), 60)
        assert same(reached, replayed(start, seed, 60, greed=0.0))
        ends.add(reached.end)
    assert "repetition" in ends


def test_the_policy_converts_the_last_pieces_whenever_it_can() -> None:
    # MT-11: R@A converts black's only piece on D (A - B - C - D - E, nothing between).
    game = get_game("transit-chess", map=FIVE, seed=0)
    state = game.from_text("white: R@A P@B\nblack: P@D", to_move="white")
    for seed in range(10):
        reached = state.rollout(Seeds(seed), 5)
        assert (reached.ply, reached.winner, reached.end) == (1, "white", "win")


def test_greed_plays_the_greedy_move_and_care_avoids_attacked_stops() -> None:
    # White's rider on C may convert D (a pedestrian, worth 1) or B (a rider, 3): with greed
    # 1 the policy plays greedy.py's choice, converting B (MT-10).
    game = get_game("transit-chess", map=FIVE, seed=0)
    state = game.from_text("white: R@C\nblack: R@B P@D P@E", to_move="white")
    best = policy_choice(state, SplitMix(1), greed=1.0, care=0.0)
    assert str(game.codec.move(best)) == "R@C-B"
    assert best == game.codec.code(game.greedy_move(state, random.Random(1)))
    # Black's pedestrians on A and B can land on A, B and C (MT-5); white's rider on E rides
    # to D, C or B (converting it, MT-10, where A's pedestrian converts it back). With care 1
    # and no greed it goes to D; without care anywhere.
    calm = game.from_text("white: R@E\nblack: P@A P@B", to_move="white")
    careful = {policy_choice(calm, SplitMix(s), greed=0.0, care=1.0) for s in range(30)}
    careless = {policy_choice(calm, SplitMix(s), greed=0.0, care=0.0) for s in range(30)}
    assert {str(game.codec.move(c)) for c in careful} == {"R@E-D"}
    assert {str(game.codec.move(c)) for c in careless} == {"R@E-D", "R@E-C", "R@E-B"}
