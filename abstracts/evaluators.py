"""How the search scores a leaf: evaluators, passed to MCTS (as OpenSpiel's `Evaluator`).

An evaluator answers one question about a state: who wins from here? `evaluate(state, rng,
deadline)` returns the side held *in that state* by the player who wins, None for a draw
(or a position judged even), or a `Lead`: a judge's graded word on a game it stopped, the
side ahead and by how much (OpenSpiel's evaluators return values, not only results). The
side names differ only when a seat-swapping move (the pie rule, `Game.swaps_seats`) is
played on the way; the evaluators play move by move while one may still come
(`Game.seat_swap_ahead`) and keep track, so the search needs no special case.

- `RandomPlayout()`: the uniformly random game to the end (`State.playout`, which games
  make fast; its meaning is the same everywhere).
- `GuidedPlayout(epsilon)`: to the end, each ply the game's greedy move (`Game.greedy_move`)
  with chance 1 - epsilon and a uniformly random move otherwise.
- `Rollout(depth, judge)`: at most `depth` plies of the game's rollout policy
  (`State.rollout`: uniform unless the game biases it), then `judge(state)` names the side
  ahead (None for even) or returns its `Lead`; a game that ends on the way is scored by its
  result.

Each game names its default (`Game.default_evaluator`). An evaluation that is still going at
`deadline` (a `search_clock()` value: CPU seconds of this process, `time.process_time`, so a
budget buys the same search on a loaded machine as on an idle one) may raise `OutOfTime`:
the search then drops it.

An evaluator may also weigh a state's legal moves before any is tried (OpenSpiel's
`Evaluator.prior`): `WithPrior(evaluator, prior)` adds a game's `prior(state)`, a list of
(move, weight) pairs, to any evaluator. The search then grows a node's children best first,
a few more as its visits grow (progressive widening), with a bonus for a move's weight
that fades as visits come in (`abstracts/mcts.py`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from abstracts.core import State

# The clock of every time budget (`--think`, `mcts:Xs`): CPU seconds of the searching process,
# as the subway agents' `mcts:Xs`. A wall-clock budget gave a loaded machine's player a small
# share of a core, so strength measured under load was not the strength at the same budget.
search_clock = time.process_time


@dataclass(frozen=True, slots=True)
class Lead:
    """A judge's graded word on a game it stopped: `side` is ahead by `margin` (0..1].

    The search credits the player holding `side` with 1/2 + margin/2 of a win and the other
    player with the rest: the mean a verdict drawn with a chance equal to the margin would
    give, without that draw's noise. A margin of 1 counts as a win."""

    side: str
    margin: float

    def __post_init__(self) -> None:
        if not 0 < self.margin <= 1:
            raise ValueError(f"a lead needs a margin in (0, 1], got {self.margin}")


# A judge takes a state of its own game (hence Any: a Thruway judge reads ThruwayState).
Judge = Callable[[Any], str | Lead | None]
# A prior weighs the legal moves of a state of its own game: (move, weight) pairs.
Prior = Callable[[Any], "list[tuple[Hashable, float]]"]


class OutOfTime(Exception):
    """An evaluation stopped at the search's deadline; it has no result."""


class Evaluator(Protocol):
    """Scores a state for the search: the winner, named as in `state`, or None."""

    def evaluate(
        self, state: State[Any], rng: random.Random, deadline: float = math.inf
    ) -> str | Lead | None: ...


@dataclass(frozen=True, slots=True)
class RandomPlayout:
    """The uniformly random game to the end (`State.playout`)."""

    def evaluate(
        self, state: State[Any], rng: random.Random, deadline: float = math.inf
    ) -> str | None:
        state, swapped = past_seat_swaps(state, rng, deadline)
        return in_frame(state, state.winner if state.is_over else state.playout(rng), swapped)


@dataclass(frozen=True, slots=True)
class GuidedPlayout:
    """Epsilon-greedy playouts over the game's greedy move, to the end."""

    epsilon: float

    def __post_init__(self) -> None:
        if not 0 <= self.epsilon <= 1:
            raise ValueError(f"guided playouts need epsilon in 0..1, got {self.epsilon}")

    def evaluate(
        self, state: State[Any], rng: random.Random, deadline: float = math.inf
    ) -> str | None:
        game, start, swapped = state.game, state, False
        while not state.is_over:
            if search_clock() > deadline:
                raise OutOfTime
            moves = state.legal_moves()
            if rng.random() >= self.epsilon:
                move = game.greedy_move(state, rng)
            else:
                move = rng.choice(moves)
            swapped ^= game.swaps_seats(state, move)
            state = state.play(move)
        return in_frame(start, state.winner, swapped)


@dataclass(frozen=True, slots=True)
class Rollout:
    """At most `depth` plies of the game's rollout policy, then `judge` names who is ahead."""

    depth: int
    judge: Judge

    def __post_init__(self) -> None:
        if self.depth < 0:
            raise ValueError(f"a rollout needs a depth of 0 or more plies, got {self.depth}")

    def evaluate(
        self, state: State[Any], rng: random.Random, deadline: float = math.inf
    ) -> str | Lead | None:
        start = state
        state, swapped = past_seat_swaps(state, rng, deadline)
        if not state.is_over:
            state = state.rollout(rng, self.depth)
        winner = state.winner if state.is_over else self.judge(state)
        return in_frame(start, winner, swapped)


def past_seat_swaps(
    state: State[Any], rng: random.Random, deadline: float = math.inf
) -> tuple[State[Any], bool]:
    """Uniformly random moves while a seat swap may still come (`Game.seat_swap_ahead`):
    the state reached and whether the players swapped seats on the way."""
    game, swapped = state.game, False
    while not state.is_over and game.seat_swap_ahead(state):
        if search_clock() > deadline:
            raise OutOfTime
        move = rng.choice(state.legal_moves())
        swapped ^= game.swaps_seats(state, move)
        state = state.play(move)
    return state, swapped


def in_frame(state: State[Any], winner: str | Lead | None, swapped: bool) -> str | Lead | None:
    """`winner` (a side at the end, or the side ahead) renamed to the side its player held
    in `state`."""
    if winner is None or not swapped:
        return winner
    first, second = state.game.sides
    if isinstance(winner, Lead):
        return Lead(second if winner.side == first else first, winner.margin)
    return second if winner == first else first


@runtime_checkable
class PriorEvaluator(Evaluator, Protocol):
    """An evaluator that also weighs a state's legal moves before the search tries any."""

    def prior(self, state: State[Any]) -> list[tuple[Hashable, float]]: ...


@dataclass(frozen=True, slots=True)
class WithPrior:
    """`evaluator` scores leaves; `policy(state)` weighs their moves (OpenSpiel's
    `Evaluator.prior`): every legal move once, weights >= 0, the best first to try."""

    evaluator: Evaluator
    policy: Prior

    def evaluate(
        self, state: State[Any], rng: random.Random, deadline: float = math.inf
    ) -> str | Lead | None:
        return self.evaluator.evaluate(state, rng, deadline)

    def prior(self, state: State[Any]) -> list[tuple[Hashable, float]]:
        return self.policy(state)
