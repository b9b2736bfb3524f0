"""Transit chess speed: move generation, the compiled kernels, playouts and MCTS at --think 1.

Baselines, measured in the same run:
- move generation: the tests' reference generator (tests/abstracts/transit_chess/
  test_reference.py), which lists the ways along each route literally; the fast Python
  generator (movegen.py) is timed with its move memo emptied before each pass ("cold") and
  filled by the previous pass ("warm", an upper bound); the compiled one (fastgen.py) is
  timed called from Python, one position a call;
- the greedy scores of every legal move (the search's priors and the rollouts' choice):
  greedy.py's scorers against the compiled twin (priors.py);
- rollouts of the default evaluator's policy (policy.py): the plain-Python twin (greedy.py,
  `State.play` a ply) against the kernel, the very same codes;
- playouts: the protocol's own loop (`State.playout`: legal_moves(), play(), repeat) against
  the game's in-place `playout`, which plays the very same moves;
- MCTS with the default evaluator at a 1 s budget (`--think 1`) on Toronto, against greedy
  from the start (placement, MT-4, then moves): evaluations (iterations) per move and how
  long each move took, against the budget. The issue asks for >= 200 evaluations a move
  (median) and no move over ~1.2x the budget.

Run: python -m bench.bench_transit_chess  (or python bench/bench_transit_chess.py)
"""

from __future__ import annotations

import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from abstracts import get_game
from abstracts.agents import GreedyAgent
from abstracts.core import State
from abstracts.mcts import MCTSAgent
from abstracts.transit_chess.fastgen import gen_legal
from abstracts.transit_chess.greedy import scorer
from abstracts.transit_chess.mapfile import bundled_maps, load_map
from abstracts.transit_chess.movegen import legal_codes
from abstracts.transit_chess.policy import CARE, GREED
from abstracts.transit_chess.priors import scores
from abstracts.transit_chess.reference import rollout_reference
from abstracts.transit_chess.rollout import HORIZON
from abstracts.transit_chess.state import TransitChessState

POSITIONS = 40
PLAYOUTS = 12
REFERENCE_PLAYOUTS = 6
ROLLOUTS = 200
THINK = 1.0
MCTS_MOVES = 32  # MCTS moves timed on Toronto: 16 placements, then 16 moves


def best_of(repeats: int, run: Callable[[], object], setup: Callable[[], object] = list) -> float:
    """Fastest wall time of `repeats` runs (the least disturbed by other work)."""
    times = []
    for _ in range(repeats):
        setup()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def sample_positions(game, count: int, seed: int) -> list[TransitChessState]:
    """Movement-phase positions met in seeded random games, every 10th ply."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = game.initial_state()
        while not state.is_over and len(found) < count:
            state = state.play(rng.choice(state.legal_moves()))
            if not state.placing and state.ply % 10 == 0 and not state.is_over:
                found.append(state)
    return found


def fresh(state: TransitChessState) -> TransitChessState:
    """The same position without its cached moves."""
    return TransitChessState(
        state.game, state.rules, state.cells, state.hands, state.side, ply=state.ply
    )


def rates(label: str, count: int, unit: str, baseline: float, seconds: float) -> None:
    print(f"    {label:34} {count / seconds:12,.0f} {unit}/s   x{baseline / seconds:6.1f}")


def bench_movegen(game, positions: list[TransitChessState]) -> None:
    reference = _reference_moves()
    system, tables, rules = game.system, game.tables, game.rules
    moves = sum(len(p.legal_codes()) for p in positions)
    codes = lambda: [legal_codes(tables, p.cells, p.hands, p.side) for p in positions]  # noqa: E731
    arrays = [(np.array(p.cells), np.array(p.hands), p.side) for p in positions]
    compiled = lambda: [gen_legal(rules.arrays, *a, rules.scratch) for a in arrays]  # noqa: E731
    cold = best_of(5, codes, setup=tables.memo.clear)
    warm = best_of(5, codes)
    kernel = best_of(5, compiled)
    public = best_of(5, lambda: [fresh(p).legal_moves() for p in positions], tables.memo.clear)
    slow = best_of(2, lambda: [reference(p, system) for p in positions])
    n = len(positions)
    print(f"  legal-move generation, {n} positions, {moves / n:.0f} moves each on average")
    for label, seconds in (
        ("reference generator (baseline)", slow),
        ("legal_moves(), Move objects", public),
        ("legal_codes(), integer codes", cold),
        ("legal_codes(), memo warm", warm),
        ("compiled gen_legal (fastgen.py)", kernel),
    ):
        print(
            f"    {label:34} {n / seconds:10,.0f} positions/s {moves / seconds:12,.0f} moves/s"
            f"   x{slow / seconds:6.1f}"
        )


def bench_scores(game, positions: list[TransitChessState]) -> None:
    """greedy.py's scorers against the compiled scores (priors.py), every legal code."""
    moves = sum(len(p.legal_codes()) for p in positions)

    def python() -> None:
        for p in positions:
            score = scorer(p)
            [score(code) for code in p.legal_codes()]

    def compiled() -> None:
        for p in positions:
            scores(p.rules, p.cells, p.hands, p.totals, p.side, p.legal_codes())

    slow, fast = best_of(2, python), best_of(3, compiled)
    print(f"  greedy scores of every legal move, {len(positions)} positions")
    rates("greedy.py scorers (baseline)", moves, "moves", slow, slow)
    rates("compiled scores (priors.py)", moves, "moves", slow, fast)


def bench_rollouts(game, positions: list[TransitChessState]) -> None:
    """The rollout policy, HORIZON plies from each position: plain Python against the kernel."""
    picks = positions[:10]
    reference = lambda: [rollout_reference(p, HORIZON, 1, GREED, CARE) for p in picks]  # noqa: E731
    kernel = lambda: [p.rollout(random.Random(1), HORIZON) for p in picks]  # noqa: E731
    slow, fast = best_of(1, reference), best_of(3, kernel)
    print(f"  rollouts of {HORIZON} plies (policy.py), {len(picks)} positions")
    rates("plain-Python policy (baseline)", len(picks), "rollouts", slow, slow)
    rates("compiled policy (State.rollout)", len(picks), "rollouts", slow, fast)


def bench_playouts(game) -> None:
    """Both loops start with an empty move memo, so neither inherits the other's work."""
    start, forget = game.initial_state(), game.tables.memo.clear
    fast_plies = sum(start.final_state(random.Random(i)).ply for i in range(PLAYOUTS))
    ref_plies = sum(start.final_state(random.Random(i)).ply for i in range(REFERENCE_PLAYOUTS))
    fast = best_of(2, lambda: [start.playout(random.Random(i)) for i in range(PLAYOUTS)], forget)
    slow = best_of(
        2,
        lambda: [State.playout(start, random.Random(i)) for i in range(REFERENCE_PLAYOUTS)],
        forget,
    )
    print(f"  random playouts from the start (max_plies {game.max_plies}), memo emptied first")
    for label, count, plies, seconds in (
        ("State.playout loop (baseline)", REFERENCE_PLAYOUTS, ref_plies, slow),
        ("TransitChessState.playout", PLAYOUTS, fast_plies, fast),
    ):
        ratio = (plies / seconds) / (ref_plies / slow)
        print(
            f"    {label:34} {count / seconds:8,.1f} playouts/s {plies / seconds:10,.0f} plies/s"
            f"   x{ratio:6.1f}"
        )


def bench_mcts(key: str, moves: int = MCTS_MOVES) -> None:
    """MCTS (white) at THINK seconds a move against greedy, from the start."""
    game = get_game("transit-chess", map=key, seed=1, first="white")
    agent = MCTSAgent(game, seed=1, seconds=THINK, evaluator=game.default_evaluator(), prior=1.0)
    greedy, state = GreedyAgent(game, 2), game.initial_state()
    evaluations, seconds = [], []
    while not state.is_over and len(seconds) < moves:
        if state.side == 0:
            start = time.perf_counter()
            move = agent.choose(state)
            seconds.append(time.perf_counter() - start)
            stats = agent.last_stats
            evaluations.append(stats.iterations if stats is not None else 0)
        else:
            move = greedy.choose(state)
        state = state.play(move)
    print(f"  MCTS at --think {THINK:g} against greedy, {len(seconds)} moves from the start")
    print(
        f"    evaluations a move: median {statistics.median(evaluations):,.0f}, "
        f"fewest {min(evaluations):,} (placement: {statistics.median(evaluations[:16]):,.0f}, "
        f"moving: {statistics.median(evaluations[16:] or [0]):,.0f})"
    )
    worst = max(seconds)
    print(
        f"    seconds a move: median {statistics.median(seconds):.2f}, longest {worst:.2f}"
        f" = x{worst / THINK:.2f} the budget"
    )


def _reference_moves() -> Callable[[State, object], list[str]]:
    root = Path(__file__).resolve().parents[1]
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    module = importlib.import_module("tests.abstracts.transit_chess.test_reference")
    return module.reference_moves


def main() -> None:
    largest = max(bundled_maps(), key=lambda key: len(load_map(key).stops))
    for key in (largest, "fantasy"):
        game = get_game("transit-chess", map=key, seed=1)
        game.default_evaluator()  # loads the kernels
        system = game.system
        print(f"transit-chess on {key}: {len(system.stops)} stops, {len(system.routes)} routes")
        positions = sample_positions(game, POSITIONS, seed=7)
        bench_movegen(game, positions)
        bench_scores(game, positions)
        bench_rollouts(game, positions)
        bench_playouts(game)
    print("transit-chess on toronto, the default search:")
    bench_mcts("toronto")


if __name__ == "__main__":
    main()
