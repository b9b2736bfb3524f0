"""Monte Carlo tree search (UCT) over the game protocol.

One search works for every game: it knows only `legal_moves`, `play`, `is_over`, `winner`,
`to_move` and `playout(rng)`. Rewards are 1 for a win, 0.5 for a draw (winner None) and 0 for
a loss, credited to the *player* who chose each move. Players are named by the side they
held at the root; a seat-swapping move (pie rule, `Game.swaps_seats`) flips which side each
player holds below it, so the search values the pie correctly.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from abstracts.core import Game, Move, State

DEFAULT_EXPLORATION = 1.0


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the last search did: iterations, the chosen move's visits and mean reward."""

    iterations: int
    seconds: float
    visits: int
    value: float  # the mover's mean reward for the chosen move, 0..1
    reused: int  # root visits carried over from the previous search


class _Node:
    __slots__ = (
        "bias",
        "children",
        "flipped",
        "move",
        "mover",
        "parent",
        "state",
        "swap_ahead",
        "untried",
        "value",
        "visits",
    )

    def __init__(
        self, state: State, game: Game, move: Move | None, parent: _Node | None, mover: str
    ) -> None:
        self.state = state
        self.move = move
        self.parent = parent
        self.mover = mover  # the player (root-frame side name) who chose `move`
        self.children: list[_Node] = []
        self.untried: list[Move] = state.legal_moves()
        self.visits = 0
        self.value = 0.0
        self.bias = 0.0  # progressive bias: a bonus of bias / visits in selection
        flipped = parent.flipped if parent is not None else False
        if parent is not None and game.swaps_seats(parent.state, move):
            flipped = not flipped
        self.flipped = flipped
        # Whether a seat swap is legal here: playouts from here must then track seats.
        self.swap_ahead = _swap_among(game, state, self.untried)


class MCTSAgent:
    """UCT with random (or epsilon-greedy guided) playouts and a budget per move.

    Budget: `iterations` per move, or `seconds` per move (one of them). All randomness goes
    through one `random.Random(seed)`, so an iteration budget makes the search reproducible.
    With `epsilon` set, playouts pick `game.greedy_move` with probability 1 - epsilon and a
    uniformly random move otherwise (epsilon 1 means the plain random playouts). With `prior`,
    the game's greedy move gets a progressive bias at the root. The subtree under the
    opponent's reply is reused.
    """

    name = "mcts"

    def __init__(
        self,
        game: Game,
        *,
        seed: int = 0,
        seconds: float | None = None,
        iterations: int | None = None,
        epsilon: float | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        prior: float = 0.0,
        reuse: bool = True,
    ) -> None:
        if (seconds is None) == (iterations is None):
            raise ValueError("MCTS needs exactly one budget: seconds or iterations")
        if (seconds is not None and seconds <= 0) or (iterations is not None and iterations < 1):
            raise ValueError(f"MCTS budget must be positive, got {seconds or iterations}")
        if epsilon is not None and not 0 <= epsilon <= 1:
            raise ValueError(f"MCTS epsilon must be in 0..1, got {epsilon}")
        if prior < 0:
            raise ValueError(f"MCTS prior weight must not be negative, got {prior}")
        self.game = game
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.epsilon = None if epsilon is not None and epsilon >= 1 else epsilon
        self.exploration = exploration
        self.prior = prior
        self.reuse = reuse
        self.last_stats: SearchStats | None = None
        self._root: _Node | None = None

    def reset(self) -> None:
        self._root = None

    def choose(self, state: State) -> Move:
        legal = state.legal_moves()
        if not legal:
            raise ValueError("MCTS asked to move in a finished game")
        if len(legal) == 1:
            self._root = None
            self.last_stats = SearchStats(0, 0.0, 0, 0.5, 0)
            return legal[0]
        root = self._reused_root(state, legal) or _Node(state, self.game, None, None, "")
        reused = root.visits
        start = time.perf_counter()
        if self.prior:
            self._bias_greedy_child(root)
        iterations = self._search(root, start)
        best = max(root.children, key=lambda c: (c.visits, c.value / max(c.visits, 1)))
        if best.move not in legal:  # never trust a reused tree over the rules
            self._root = None
            return self.choose(state)
        self._root = best if self.reuse else None
        elapsed = time.perf_counter() - start
        mean = best.value / best.visits if best.visits else 0.5
        self.last_stats = SearchStats(iterations, elapsed, best.visits, mean, reused)
        return best.move

    def _bias_greedy_child(self, root: _Node) -> None:
        """Progressive bias at the root: the game's greedy move starts with a bonus that
        fades as real visits come in, so a short search falls back on the heuristic."""
        move = self.game.greedy_move(root.state, self.rng)
        child = next((ch for ch in root.children if ch.move == move), None)
        if child is None and move in root.untried:
            root.untried.remove(move)
            mover = _player(self.game, root.state.to_move, root.flipped)
            child = _Node(root.state.play(move), self.game, move, root, mover)
            root.children.append(child)
            self._backpropagate(child, self._simulate(child))
        if child is not None:
            child.bias = self.prior

    def _search(self, root: _Node, start: float) -> int:
        done = 0
        deadline = start + self.seconds if self.seconds is not None else math.inf
        target = self.iterations if self.iterations is not None else math.inf
        while done < target and (done == 0 or time.perf_counter() < deadline):
            leaf = self._expand(self._select(root))
            winner = self._simulate(leaf)
            self._backpropagate(leaf, winner)
            done += 1
        return done

    def _select(self, node: _Node) -> _Node:
        c = self.exploration
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(
                node.children,
                key=lambda ch: (ch.value + ch.bias) / ch.visits + c * math.sqrt(log_n / ch.visits),
            )
        return node

    def _expand(self, node: _Node) -> _Node:
        if not node.untried:
            return node  # a finished game
        i = self.rng.randrange(len(node.untried))
        node.untried[i], node.untried[-1] = node.untried[-1], node.untried[i]
        move = node.untried.pop()
        mover = _player(self.game, node.state.to_move, node.flipped)
        child = _Node(node.state.play(move), self.game, move, node, mover)
        node.children.append(child)
        return child

    def _simulate(self, leaf: _Node) -> tuple[str | None, bool]:
        """The winner of a playout from `leaf` and whether seats are flipped at its end."""
        state, flipped = leaf.state, leaf.flipped
        if state.is_over:
            return state.winner, flipped
        if leaf.swap_ahead or self.epsilon is not None:
            return self._stepped_playout(state, flipped)
        return state.playout(self.rng), flipped

    def _stepped_playout(self, state: State, flipped: bool) -> tuple[str | None, bool]:
        """Move by move: guided playouts, or while a seat swap is still possible."""
        game, rng, epsilon = self.game, self.rng, self.epsilon
        while not state.is_over:
            moves = state.legal_moves()
            swap_possible = _swap_among(game, state, moves)
            if epsilon is None and not swap_possible:
                return state.playout(rng), flipped
            if epsilon is not None and rng.random() >= epsilon:
                move = game.greedy_move(state, rng)
            else:
                move = rng.choice(moves)
            if swap_possible and game.swaps_seats(state, move):
                flipped = not flipped
            state = state.play(move)
        return state.winner, flipped

    def _backpropagate(self, leaf: _Node, outcome: tuple[str | None, bool]) -> None:
        winner, flipped = outcome
        winning_player = None if winner is None else _player(self.game, winner, flipped)
        node: _Node | None = leaf
        while node is not None:
            node.visits += 1
            if winning_player is None:
                node.value += 0.5
            elif node.mover == winning_player:
                node.value += 1.0
            node = node.parent

    def _reused_root(self, state: State, legal: list[Move]) -> _Node | None:
        """The node for `state` two plies below the last choice, if the game went that way."""
        previous, self._root = self._root, None
        if previous is None:
            return None
        key = _key(state, legal)
        for reply in previous.children:
            candidate = reply.state
            if candidate.ply != state.ply or candidate.to_move != state.to_move:
                continue
            if candidate.to_text() == key[0] and _key(candidate) == key:
                reply.parent = None
                reply.mover = ""
                return reply
        return None


def _swap_among(game: Game, state: State, moves: list[Move]) -> bool:
    if type(game).swaps_seats is Game.swaps_seats:
        return "pie" in map(str, moves)  # the default test, without a Python-level loop
    return any(game.swaps_seats(state, m) for m in moves)


def _player(game: Game, side: str, flipped: bool) -> str:
    """The root-frame name of the player now holding `side`."""
    if not flipped:
        return side
    first, second = game.sides
    return second if side == first else first


def _key(state: State, legal: list[Move] | None = None) -> tuple[str, tuple[str, ...]]:
    """What identifies a position for tree reuse: its text and its legal moves' texts."""
    moves = state.legal_moves() if legal is None else legal
    return state.to_text(), tuple(str(m) for m in moves)
