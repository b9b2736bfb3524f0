"""A second yardstick beside greedy: our MCTS against OpenSpiel's own `MCTSBot`.

    python -m abstracts.yardstick thruway --size 11 --games 40 --simulations 1000 --jobs 2
    python -m abstracts.yardstick transit-chess --map fantasy --games 40

Both players get the same number of simulations a move (1,000 by default): ours is the
`mcts:N` agent (`MCTSAgent` with the game's default evaluator and priors: it knows the game),
OpenSpiel's is `open_spiel.python.algorithms.mcts.MCTSBot` (UCT, c = 2, one uniformly random
rollout per leaf, `solve=True`) searching the game through our OpenSpiel adapter
(`abstracts/openspiel.py`), so it knows only the rules. Its evaluator is
`CompiledRollout` (`abstracts/yardstick_rollout.py`): OpenSpiel's
`RandomRolloutEvaluator(n_rollouts=1)` in distribution, the rollout played by our compiled
playouts; `--python-rollouts` gives the bot OpenSpiel's own Python `RandomRolloutEvaluator`
instead (the same bot, many times slower). Seats alternate (ours moves first in
even-numbered games) and every game is seeded from `SeedSequence(seed)` as `subway match`
seeds its games, so a series reproduces whatever the number of worker processes. Win rates
get 95% Wilson intervals (`abstracts.match.wilson_interval`). Needs the `openspiel` extra.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
from rich.console import Console

from abstracts.match import game_seeds, wilson_interval

SIMULATIONS = 1000
UCT_C = 2.0  # OpenSpiel's default exploration for MCTSBot


@dataclass(frozen=True, slots=True)
class Duel:
    """One game of a series: our agent sits first when `index` is even."""

    game: str
    options: tuple[tuple[str, Any], ...]
    simulations: int
    index: int
    seeds: tuple[int, int]
    python_rollouts: bool = False  # OpenSpiel's own RandomRolloutEvaluator
    solve: bool = True  # MCTSBot backs up proven results (False: a diagnostic only)


@dataclass(frozen=True, slots=True)
class Outcome:
    index: int
    ours_first: bool
    ours: float  # our return: +1 win, -1 loss, 0 draw
    plies: int
    reason: str
    cpu_ours: float  # CPU seconds each side spent choosing its moves
    cpu_theirs: float


def play_duel(duel: Duel) -> Outcome:
    """Play one game: our `mcts:N` agent against OpenSpiel's MCTSBot at N simulations."""
    from open_spiel.python.algorithms import mcts

    from abstracts.agents import parse_agent_spec
    from abstracts.core import get_game
    from abstracts.openspiel import load_game
    from abstracts.yardstick_rollout import CompiledRollout

    options = dict(duel.options)
    spiel_game = load_game(duel.game, **options)
    ours = parse_agent_spec(f"mcts:{duel.simulations}").build(
        get_game(duel.game, **options), duel.seeds[0]
    )
    rng = np.random.RandomState(duel.seeds[1])
    evaluator: mcts.Evaluator = (
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        if duel.python_rollouts
        else CompiledRollout(rollout_seed(duel.seeds[1]))
    )
    theirs = mcts.MCTSBot(
        spiel_game, UCT_C, duel.simulations, evaluator, random_state=rng, solve=duel.solve
    )
    our_player = 0 if duel.index % 2 == 0 else 1
    state, spent = spiel_game.new_initial_state(), [0.0, 0.0]
    while not state.is_terminal():
        start = time.process_time()
        if state.current_player() == our_player:
            move = ours.choose(state.seated.state)
            state.apply_action(state.string_to_action(str(move)))
            spent[0] += time.process_time() - start
        else:
            state.apply_action(theirs.step(state))
            spent[1] += time.process_time() - start
    rules_state = state.seated.state
    return Outcome(
        duel.index,
        our_player == 0,
        float(state.returns()[our_player]),
        rules_state.ply,
        rules_state.end_reason(),
        spent[0],
        spent[1],
    )


def rollout_seed(bot_seed: int) -> int:
    """The compiled rollouts' seed, from the seed of OpenSpiel's bot in one game."""
    return int(np.random.SeedSequence([bot_seed, 1]).generate_state(2, dtype=np.uint64)[0])


def duels(
    game: str,
    options: dict[str, Any],
    games: int,
    simulations: int,
    seed: int,
    python_rollouts: bool = False,
    solve: bool = True,
) -> list[Duel]:
    frozen = tuple(sorted(options.items()))
    return [
        Duel(game, frozen, simulations, i, seeds, python_rollouts, solve)
        for i, seeds in enumerate(game_seeds(seed, games))
    ]


def play_series(duels_: list[Duel], jobs: int = 1) -> Iterator[Outcome]:
    """The outcomes in the order games finish (one process, or `jobs` workers)."""
    if jobs <= 1:
        yield from map(play_duel, duels_)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(play_duel, duels_)


def summary(outcomes: list[Outcome]) -> str:
    """Won-lost-drawn for ours, the win rate with its 95% Wilson interval, lengths, CPU."""
    n = len(outcomes)
    won = sum(o.ours > 0 for o in outcomes)
    lost = sum(o.ours < 0 for o in outcomes)
    band = wilson_interval(won, n)
    first = sum(o.ours > 0 for o in outcomes if o.ours_first)
    plies = sorted(o.plies for o in outcomes)
    cpu = sum(o.cpu_ours for o in outcomes), sum(o.cpu_theirs for o in outcomes)
    return (
        f"ours {won}-{lost}-{n - won - lost} against OpenSpiel MCTSBot: "
        f"{won / max(n, 1):.1%} ({band.low:.1%}-{band.high:.1%}, 95% Wilson); "
        f"won {first} of {sum(o.ours_first for o in outcomes)} seated first; "
        f"plies median {plies[n // 2] if n else 0} ({plies[0] if n else 0}-"
        f"{plies[-1] if n else 0}); CPU s ours {cpu[0]:.0f}, theirs {cpu[1]:.0f} "
        f"({cpu[0] / max(n, 1):.1f} and {cpu[1] / max(n, 1):.1f} a game)"
    )


def _options(args: argparse.Namespace) -> dict[str, Any]:
    chosen = {"size": args.size, "map": args.map}
    return {key: value for key, value in chosen.items() if value is not None}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=("rapid-transit", "thruway", "transit-chess"))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--simulations", type=int, default=SIMULATIONS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--size", type=int, help="board size (rapid-transit, thruway)")
    parser.add_argument("--map", help="transit chess map (a bundled name)")
    parser.add_argument(
        "--python-rollouts",
        action="store_true",
        help="OpenSpiel's own Python RandomRolloutEvaluator (not the compiled rollouts)",
    )
    parser.add_argument(
        "--no-solve",
        action="store_true",
        help="a diagnostic: OpenSpiel's bot without its solver (solve=False)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.simulations < 1 or args.jobs < 1:
        parser.error("--games, --simulations and --jobs must be at least 1")
    from abstracts.openspiel import load_game  # the openspiel extra

    try:  # a bad size or map: one line and exit 2 before any game starts
        load_game(args.game, **_options(args))
    except ValueError as exc:
        parser.error(str(exc))
    outcomes: list[Outcome] = []
    console = Console(highlight=False, soft_wrap=True)
    for outcome in play_series(
        duels(
            args.game,
            _options(args),
            args.games,
            args.simulations,
            args.seed,
            args.python_rollouts,
            not args.no_solve,
        ),
        args.jobs,
    ):
        outcomes.append(outcome)
        console.print(
            f"game {outcome.index:2}: ours {'first ' if outcome.ours_first else 'second'} "
            f"{'won' if outcome.ours > 0 else 'lost' if outcome.ours < 0 else 'drew'} "
            f"in {outcome.plies} plies ({outcome.reason}); CPU s ours "
            f"{outcome.cpu_ours:.1f}, theirs {outcome.cpu_theirs:.1f}",
            markup=False,
        )
    console.print(summary(outcomes), markup=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
