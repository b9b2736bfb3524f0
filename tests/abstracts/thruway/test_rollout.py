"""Thruway's default evaluator, the judged rollout: legal road-building plies, then a judge.

`ThruwayState.playout` is the uniform game to the end (test_playout.py); the search scores
leaves with `Rollout(HORIZON, judge)`, whose plies come from the rollout policy
(`ThruwayState.rollout`). Traced rollouts are replayed through `ThruwayState.play`, so
every move they make is legal; the biased draw is checked against its exact distribution;
the judge on hand-worked boards.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

from abstracts import get_game
from abstracts.evaluators import Lead, Rollout
from abstracts.mcts import MCTSAgent
from abstracts.thruway import ThruwayState
from abstracts.thruway.board import bit_indices
from abstracts.thruway.moves import PASS, PAVE, PIE, SWAP
from abstracts.thruway.playout import (
    _TRIES,
    STRAY,
    Position,
    TraceEntry,
    roadside,
    run_playout,
)
from abstracts.thruway.rollout import (
    DEFAULT_DEPTH,
    HORIZON,
    SCALE,
    TEMPO,
    graded_judge,
    judge,
    judged_rollout,
)
from tests.abstracts.thruway.test_playout import positions, replay_trace, traced_move


def position(text: str, to_move: str = "concrete", **options: object) -> ThruwayState:
    size = len(text.strip().splitlines())
    return get_game("thruway", size=size, **options).from_text(text, to_move)


def traced_rollout(
    state: ThruwayState, rng: random.Random, trace: list[TraceEntry]
) -> tuple[int | None, Position]:
    """The rollout policy's plies from `state`, as `ThruwayState.rollout` plays them."""
    start = state.position()
    return run_playout(
        state.rules, start, rng, horizon=HORIZON, stray=STRAY, decisive=HORIZON, trace=trace
    )


def evaluation(state: ThruwayState, seed: int) -> str | None:
    """The side the graded evaluator names after HORIZON plies (its `Lead`: the side ahead)."""
    found = judged_rollout(HORIZON).evaluate(state, random.Random(seed))
    return found.side if isinstance(found, Lead) else found


def replay_rollout(state: ThruwayState, seed: int) -> None:
    """Every traced move is legal; the result is the game's, the draw's or the judge's."""
    trace: list[TraceEntry] = []
    winner, reached = traced_rollout(state, random.Random(seed), trace)
    assert len(trace) <= HORIZON
    end = replay_trace(state, trace)
    assert state.rollout(random.Random(seed), HORIZON).to_text() == end.to_text()
    assert (reached.side, reached.ply, reached.reserves) == (end.side, end.ply, end.reserves)
    ahead = judge(end)
    if end.is_over:
        assert winner == end.winner_side
        ahead = end.winner
    elif len(trace) >= 3 and all(entry[1] == PASS for entry in trace[-3:]):
        assert winner is None  # three passes in a row: nobody can ever move again (TW-12)
        assert [str(m) for m in end.legal_moves()] == ["pass"]
        ahead = None
    else:
        assert len(trace) == HORIZON
    if not state.game.seat_swap_ahead(state):
        assert evaluation(state, seed) == ahead


@settings(max_examples=60, deadline=None)
@given(state=positions, seed=st.integers(0, 2**32 - 1))
def test_rollouts_play_legal_moves_and_judge_where_they_stop(
    state: ThruwayState, seed: int
) -> None:
    replay_rollout(state, seed)


def test_rollouts_near_the_ply_limit_end_drawn_there() -> None:
    """TW-12: a rollout that reaches max_plies is a draw, not judged."""
    state = get_game("thruway", size=5, max_plies=3).initial_state().play("c3-d3")
    for seed in range(20):
        trace: list[TraceEntry] = []
        assert traced_rollout(state, random.Random(seed), trace)[0] is None
        assert len(trace) == 2
        assert evaluation(state, seed) is None


def test_state_playout_is_uniform_and_the_default_evaluator_is_the_rollout() -> None:
    state = get_game("thruway", size=7).initial_state().play("d4-e4")
    assert state.game.default_evaluator() == Rollout(DEFAULT_DEPTH, graded_judge)
    assert DEFAULT_DEPTH == 0  # the judge at once (rollout.py)
    # The uniform playout is the compiled kernel's (test_kernel.py), seeded by the rng.
    results = [state.playout(random.Random(seed)) for seed in range(10)]
    assert results == [state.playout(random.Random(seed)) for seed in range(10)]
    after_pie = state.play("pie")  # no seat swap ahead: the rollout starts at once
    for seed in range(10):
        reached = after_pie.rollout(random.Random(seed), HORIZON)
        expected = reached.winner if reached.is_over else judge(reached)
        assert evaluation(after_pie, seed) == expected


def test_rollouts_are_reproducible_and_decisive() -> None:
    """Random 7 x 7 games mostly end drawn; rollouts name a side almost always."""
    state = get_game("thruway", size=7).initial_state()
    first = [evaluation(state, s) for s in range(40)]
    assert first == [evaluation(state, s) for s in range(40)]
    assert first.count(None) <= 4
    assert {"concrete", "asphalt"} <= set(first)


def test_a_finished_or_frozen_game_is_not_judged() -> None:
    won = position("AAA\nCCC\nAAA", tiles=6)
    assert evaluation(won, 0) == "concrete"
    frozen = get_game("thruway", size=3, tiles=1).initial_state()  # TW-7: nobody can pave
    assert evaluation(frozen, 0) is None


# -- the judge ----------------------------------------------------------------------------


def test_judge_gives_an_even_board_to_the_side_to_move() -> None:
    empty = get_game("thruway", size=5).initial_state()
    assert judge(empty) == "concrete"
    assert judge(empty.at(Position(0, 0, 1, empty.reserves))) == "asphalt"


def test_judge_prefers_a_shorter_road_over_the_tempo() -> None:
    # Concrete's c3-d3 leaves it 3 parcels to pave; asphalt still needs 5, worth more than
    # asphalt's move.
    state = get_game("thruway", size=5).initial_state().play("c3-d3")
    assert state.to_move == "asphalt"
    assert judge(state) == "concrete"


# Both need 3 parcels; d1 is a one-parcel pocket no pair of tiles can fill, so concrete's
# c1 and d2 stay replaceable: -2 for concrete, which the tempo exactly makes up.
EVEN = "....\n...C\n...C\nAAC."


def test_judge_calls_an_exactly_even_score_a_draw() -> None:
    concrete = position(EVEN)
    assert TEMPO == 2.0
    assert judge(concrete) is None
    assert judge(position(EVEN, "asphalt")) == "asphalt"


def test_the_graded_judge_names_the_judges_side_with_a_margin_that_grows_with_the_lead() -> None:
    # 5 x 5 from the start: concrete to move, even roads, the tempo (2 points) ahead; after
    # c3-d3 concrete needs 3 parcels and asphalt 5: 4 x 2 = 8 points less the tempo, 6.
    empty = get_game("thruway", size=5).initial_state()
    assert graded_judge(empty) == Lead("concrete", math.tanh(TEMPO / (2 * SCALE)))
    ahead = graded_judge(empty.play("c3-d3"))
    assert ahead == Lead("concrete", math.tanh(6.0 / (2 * SCALE)))
    assert ahead.margin > graded_judge(empty).margin
    assert graded_judge(position(EVEN)) is None  # an exactly even score
    frozen = get_game("thruway", size=3, tiles=1).initial_state()
    assert graded_judge(frozen) is None and judge(frozen) is None  # TW-7, TW-9


# -- the biased draw ----------------------------------------------------------------------


def one_ply_draws(state: ThruwayState, stray: float, samples: int) -> Counter[str]:
    rng = random.Random(11)
    counts: Counter[str] = Counter()
    for _ in range(samples):
        trace: list[TraceEntry] = []
        run_playout(state.rules, state.position(), rng, horizon=1, stray=stray, trace=trace)
        counts[str(traced_move(state.game, trace[0]))] += 1
    return counts


def biased_distribution(state: ThruwayState, stray: float) -> dict[str, float]:
    """The exact chance of each legal move under the rejection draw with `stray`.

    Each draw picks one of 8 slots per empty parcel or 2 per swap (and pie); a move owns two
    slots and is kept with weight 1 if local, else `stray`. After _TRIES draws keep nothing,
    the exact chooser picks uniformly.
    """
    geo = state.game.geometry
    legal = state.legal_moves()
    near = roadside(geo, state.tiles(state.side), state.side)
    empties = (geo.cells & ~(state.concrete | state.asphalt)).bit_count()
    others = sum(m.kind in (SWAP, PIE) for m in legal)
    slots = 8 * empties + 2 * others
    keep = {m: 2 * (stray if m.kind == PAVE and not m.pair & near else 1.0) / slots for m in legal}
    miss = 1 - sum(keep.values())
    drawn = (1 - miss**_TRIES) / (1 - miss)
    return {str(m): p * drawn + miss**_TRIES / len(legal) for m, p in keep.items()}


# One dispute in open country: local paves, far paves, replacements and four swaps.
CROSSING = ".......\n.......\n..AC...\n..CA...\n.......\n.......\n......."


def test_the_biased_draw_keeps_far_paves_at_the_stray_rate() -> None:
    state = get_game("thruway", size=7, max_plies=1).from_text(CROSSING)
    near = roadside(state.game.geometry, state.concrete, 0)
    kinds = Counter(
        "swap" if m.kind == SWAP else "near" if m.pair & near else "far"
        for m in state.legal_moves()
    )
    assert kinds == {"swap": 4, "near": 41, "far": 35}
    expected = biased_distribution(state, 0.3)
    samples = 12_000
    counts = one_ply_draws(state, 0.3, samples)
    assert set(counts) <= set(expected)
    legal = sorted(expected)
    observed = [counts[m] for m in legal]
    assert chisquare(observed, [expected[m] * samples for m in legal]).pvalue > 1e-4
    far = [m for m in state.legal_moves() if m.kind == PAVE and not m.pair & near]
    near_move = next(m for m in state.legal_moves() if m.kind == PAVE and m.pair & near)
    assert expected[str(far[0])] < 0.4 * expected[str(near_move)]  # far paves are rarer


def test_roadside_is_the_own_edges_and_the_parcels_next_to_own_tiles() -> None:
    state = position("...\n.C.\n...")
    geo = state.game.geometry
    concrete = {geo.name(i) for i in bit_indices(roadside(geo, state.concrete, 0))}
    assert concrete == {"a1", "a2", "a3", "c1", "c2", "c3", "b1", "b3"}
    asphalt = {geo.name(i) for i in bit_indices(roadside(geo, state.concrete, 1))}
    assert asphalt == {"a1", "b1", "c1", "a3", "b3", "c3", "a2", "c2"}


# -- what the rollout buys ----------------------------------------------------------------


# Concrete threatens d1-e1: rank 1 full of concrete, rank 2 full, so every rank-1 tile is
# enclosed (TW-14) and joins a1 to e1 (TW-15). Asphalt must take d1 itself (c1-d1 or d1-e1);
# d1-d2 fails to concrete's d1-e1, which replaces d1 and completes the road anyway.
THREAT = "..AA.\n.....\nAA...\nACCCC\nCCC.."


def test_rollouts_play_the_winning_move_when_there_is_one() -> None:
    state = position(THREAT, "asphalt").play("d1-d2")
    for seed in range(5):
        trace: list[TraceEntry] = []
        assert traced_rollout(state, random.Random(seed), trace)[0] == 0
        assert [str(traced_move(state.game, entry)) for entry in trace] == ["d1-e1"]
        assert evaluation(state, seed) == "concrete"


def test_mcts_with_rollouts_parries_a_threat_to_win_next_move() -> None:
    state = position(THREAT, "asphalt")
    assert state.play("d1-d2").play("d1-e1").winner == "concrete"
    for seed in range(4):
        agent = MCTSAgent(state.game, seed=seed, iterations=1000, reuse=False)
        assert str(agent.choose(state)) in ("c1-d1", "d1-e1")
