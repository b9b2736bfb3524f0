"""Transit chess speed: legal-move generation and random playouts on the largest bundled map.

Baselines, measured in the same run:
- move generation: the tests' reference generator (tests/abstracts/
  tests/abstracts/transit_chess/test_reference.py), which lists the ways along each route literally;
  the fast generator is timed with its move memo emptied before each pass ("cold") and
  filled by the previous pass ("warm", the position seen before: an upper bound);
- playouts: the protocol's own loop (`State.playout`: legal_moves(), play(), repeat),
  against the game's in-place `playout`, which plays the very same moves.

Run: python -m bench.bench_transit_chess  (or python bench/bench_transit_chess.py)
"""

from __future__ import annotations

import importlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from abstracts import get_game
from abstracts.core import State
from abstracts.transit_chess.mapfile import bundled_maps, load_map
from abstracts.transit_chess.movegen import legal_codes
from abstracts.transit_chess.state import TransitChessState

POSITIONS = 40
PLAYOUTS = 12
REFERENCE_PLAYOUTS = 6


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
    return TransitChessState(state.game, state.cells, state.hands, state.side, ply=state.ply)


def bench_movegen(game, positions: list[TransitChessState]) -> None:
    reference = _reference_moves()
    system, tables = game.system, game.tables
    moves = sum(len(p.legal_codes()) for p in positions)
    codes = lambda: [legal_codes(tables, p.cells, p.hands, p.side) for p in positions]  # noqa: E731
    cold = best_of(5, codes, setup=tables.memo.clear)
    warm = best_of(5, codes)
    public = best_of(5, lambda: [fresh(p).legal_moves() for p in positions], tables.memo.clear)
    slow = best_of(2, lambda: [reference(p, system) for p in positions])
    n = len(positions)
    print(f"  legal-move generation, {n} positions, {moves / n:.0f} moves each on average")
    for label, seconds in (
        ("reference generator (baseline)", slow),
        ("legal_moves(), Move objects", public),
        ("legal_codes(), integer codes", cold),
        ("legal_codes(), memo warm", warm),
    ):
        print(
            f"    {label:32} {n / seconds:10,.0f} positions/s {moves / seconds:12,.0f} moves/s"
            f"   x{slow / seconds:6.1f}"
        )


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
            f"    {label:32} {count / seconds:10,.1f} playouts/s {plies / seconds:10,.0f} plies/s"
            f"   x{ratio:6.1f}"
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
        system = game.system
        print(f"transit-chess on {key}: {len(system.stops)} stops, {len(system.routes)} routes")
        bench_movegen(game, sample_positions(game, POSITIONS, seed=7))
        bench_playouts(game)


if __name__ == "__main__":
    main()
