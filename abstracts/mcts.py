"""Monte Carlo tree search (UCT) over the game protocol.

One search works for every game: it knows only `legal_moves`, `play`, `is_over`, `winner`
and `to_move`; how a leaf is scored is an evaluator's business (`abstracts/evaluators.py`,
the game's default unless one is given). Rewards are 1 for a win, 0.5 for a draw (winner
None) and 0 for a loss, credited to the *player* who chose each move; a judge's `Lead` (the
side ahead by a margin) gives that side's player 1/2 + margin/2 and the other the rest.
Players are named by the side they held at the root; a seat-swapping move (pie rule,
`Game.swaps_seats`) flips which side each player holds below it, so the search values the
pie correctly.

A time budget is in CPU seconds of the searching process (`search_clock`, time.process_time),
as the subway agents' `mcts:Xs`: the same budget buys the same search however loaded the
machine is (a move may take longer in wall time there). With a time budget the search
stops starting iterations at the deadline and drops an evaluation still running there
(`OutOfTime`), so a move takes little more than the budget; it stops sooner once no other
move can catch up with the most visited one in the time left. The cyclic garbage collector
waits while a move is chosen: a tree is many thousands of containers, and full collections
in mid-search took up to 0.6 s on transit chess's Toronto (on a loaded machine); they run
after the move instead.

An evaluator that weighs moves (`PriorEvaluator`, e.g. `WithPrior`) turns on progressive
widening: a node grows its children best first and may have at most ceil(visits ** widening)
of them, so a search on a board with hundreds of moves looks deeper into the likely ones; a
child's weight is also a bonus (prior_bias * weight / visits) that fades as visits come in.
"""

from __future__ import annotations

import gc
import math
import random
from dataclasses import dataclass
from typing import Any, Protocol

from abstracts.core import Game, Move, State
from abstracts.evaluators import Evaluator, Lead, OutOfTime, PriorEvaluator, search_clock

AnyGame = Game[Any, Any]
AnyState = State[Any]

DEFAULT_EXPLORATION = 1.0
DEFAULT_WIDENING = 0.5  # with move weights: at most ceil(visits ** 0.5) children a node
DEFAULT_PRIOR_BIAS = 1.0  # with move weights: a child's bonus is this times its weight
DECIDED_CHECK = 16  # with a time budget: iterations between checks that the move is decided


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the last search did: iterations, the chosen move's visits and mean reward."""

    iterations: int
    seconds: float
    visits: int
    value: float  # the mover's mean reward for the chosen move, 0..1
    reused: int  # root visits carried over from the previous search


class CompiledSearch(Protocol):
    """A game's own search for an agent (the game's optional `compiled_search(agent)`
    hook, which `MCTSAgent` looks up): this UCT, compiled, or a search of the game's own
    that may hand a position back (None: this UCT then searches it, within the same
    budget; transit chess's finisher)."""

    def choose(self, state: AnyState) -> tuple[Move, SearchStats] | None: ...

    def reset(self) -> None: ...


class _Node:
    __slots__ = (
        "bias",
        "children",
        "flipped",
        "move",
        "mover",
        "parent",
        "state",
        "untried",
        "value",
        "visits",
        "weight",
        "weights",
    )
    flipped: bool  # whether the players hold each other's root sides here (pie rule)

    def __init__(
        self, state: AnyState, game: AnyGame, move: Move | None, parent: _Node | None, mover: str
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
        self.weight = 0.0  # the weight of `move` (with move weights)
        self.weights: list[float] | None = None  # those of `untried`, once ranked (in order)
        flipped: bool = parent.flipped if parent is not None else False
        if parent is not None and game.swaps_seats(parent.state, move):
            flipped = not flipped
        self.flipped = flipped


class MCTSAgent:
    """UCT with a budget per move, scoring leaves with an evaluator.

    Budget: `iterations` per move, or `seconds` per move (one of them). All randomness goes
    through one `random.Random(seed)`, so an iteration budget makes the search reproducible.
    `evaluator` scores leaves (default: the game's, `Game.default_evaluator`). With `prior`,
    the game's greedy move gets a progressive bias at the root. The subtree under the
    opponent's reply is reused. An evaluator with move weights (`PriorEvaluator`) turns on
    progressive widening (`widening`, `prior_bias`: module docstring).
    """

    name = "mcts"

    def __init__(
        self,
        game: AnyGame,
        *,
        seed: int = 0,
        seconds: float | None = None,
        iterations: int | None = None,
        evaluator: Evaluator | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        prior: float = 0.0,
        reuse: bool = True,
        widening: float = DEFAULT_WIDENING,
        prior_bias: float = DEFAULT_PRIOR_BIAS,
    ) -> None:
        if (seconds is None) == (iterations is None):
            raise ValueError("MCTS needs exactly one budget: seconds or iterations")
        if (seconds is not None and not 0 < seconds < math.inf) or (
            iterations is not None and iterations < 1
        ):
            raise ValueError(f"MCTS budget must be positive, got {seconds or iterations}")
        if prior < 0 or prior_bias < 0:
            raise ValueError(f"MCTS prior weights must not be negative, got {prior}, {prior_bias}")
        if not 0 < widening <= 1:
            raise ValueError(f"MCTS widening must be in (0, 1], got {widening}")
        self.game = game
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.evaluator = evaluator if evaluator is not None else game.default_evaluator()
        self.exploration = exploration
        self.prior = prior
        self.reuse = reuse
        self.widening = widening
        self.prior_bias = prior_bias
        self._weigh = self.evaluator.prior if isinstance(self.evaluator, PriorEvaluator) else None
        self.last_stats: SearchStats | None = None
        self._root: _Node | None = None
        self._deadline = math.inf
        # A game may offer its own compiled search for this agent (a `compiled_search(agent)`
        # method returning a CompiledSearch or None); the game protocol does not name it.
        offer = getattr(game, "compiled_search", None)
        self._compiled: CompiledSearch | None = offer(self) if offer is not None else None

    def reset(self) -> None:
        self._root = None
        if self._compiled is not None:
            self._compiled.reset()

    def choose(self, state: AnyState) -> Move:
        collecting = gc.isenabled()
        gc.disable()  # see the module docstring
        try:
            return self._choose(state)
        finally:
            if collecting:
                gc.enable()

    def _choose(self, state: AnyState) -> Move:
        start = search_clock()
        self._deadline = start + self.seconds if self.seconds is not None else math.inf
        legal = state.legal_moves()
        if not legal:
            raise ValueError("MCTS asked to move in a finished game")
        if len(legal) == 1:
            self._root = None
            self.last_stats = SearchStats(0, 0.0, 0, 0.5, 0)
            return legal[0]
        if self._compiled is not None:
            found = self._compiled.choose(state)
            if found is not None:  # else the position is this UCT's (CompiledSearch)
                move, self.last_stats = found
                return move
        root = self._reused_root(state, legal) or _Node(state, self.game, None, None, "")
        reused = root.visits
        iterations = self._search(root)
        visited = [child for child in root.children if child.visits]
        if not visited:  # not one evaluation finished in time: the game's heuristic moves
            self._root = None
            self.last_stats = SearchStats(0, search_clock() - start, 0, 0.5, reused)
            return self.game.greedy_move(state, self.rng)
        best = max(visited, key=lambda c: (c.visits, c.value / c.visits))
        if best.move not in legal:  # never trust a reused tree over the rules
            self._root = None
            return self._choose(state)
        self._root = best if self.reuse else None
        elapsed = search_clock() - start
        self.last_stats = SearchStats(
            iterations, elapsed, best.visits, best.value / best.visits, reused
        )
        return best.move

    def _search(self, root: _Node) -> int:
        """Iterations until the budget is spent; returns how many finished."""
        done, started = 0, search_clock()
        target = self.iterations if self.iterations is not None else math.inf
        try:
            if self.prior:
                self._bias_greedy_child(root)
            while done < target and (done == 0 or search_clock() < self._deadline):
                leaf = self._expand(self._select(root))
                self._backpropagate(leaf, self._simulate(leaf))
                done += 1
                if done % DECIDED_CHECK == 0 and self._decided(root, done, started):
                    break
        except OutOfTime:
            pass  # the unfinished evaluation's leaf was taken back in _simulate
        return done

    def _decided(self, root: _Node, done: int, started: float) -> bool:
        """With a time budget: whether the most visited child stays so however the
        iterations the time left allows (at the pace so far) are spent."""
        if self.seconds is None or len(root.children) < 2:
            return False
        now = search_clock()
        left = done / max(now - started, 1e-9) * (self._deadline - now)
        first, second = sorted((child.visits for child in root.children), reverse=True)[:2]
        return first - second > left

    def _bias_greedy_child(self, root: _Node) -> None:
        """Progressive bias at the root: the game's greedy move starts with a bonus that
        fades as real visits come in, so a short search falls back on the heuristic."""
        move = self.game.greedy_move(root.state, self.rng)
        child = next((ch for ch in root.children if ch.move == move), None)
        if child is None and move in root.untried:
            i = root.untried.index(move)
            del root.untried[i]
            mover = _player(self.game, root.state.to_move, root.flipped)
            child = _Node(root.state.play(move), self.game, move, root, mover)
            child.weight = root.weights.pop(i) if root.weights is not None else 0.0
            root.children.append(child)
            self._backpropagate(child, self._simulate(child))
        if child is not None:
            child.bias = max(child.bias, self.prior)

    def _select(self, node: _Node) -> _Node:
        c = self.exploration
        while node.children and not self._may_grow(node):
            log_n = math.log(node.visits)
            node = max(
                node.children,
                key=lambda ch: (ch.value + ch.bias) / ch.visits + c * math.sqrt(log_n / ch.visits),
            )
        return node

    def _may_grow(self, node: _Node) -> bool:
        """Whether `node` may get another child now (progressive widening with weights)."""
        if not node.untried:
            return False
        if self._weigh is None:
            return True
        return len(node.children) < math.ceil(max(node.visits, 1) ** self.widening)

    def _expand(self, node: _Node) -> _Node:
        if not node.untried:
            return node  # a finished game
        weight = 0.0
        if self._weigh is not None:
            move, weight = self._best_untried(node)
        else:
            i = self.rng.randrange(len(node.untried))
            node.untried[i], node.untried[-1] = node.untried[-1], node.untried[i]
            move = node.untried.pop()
        mover = _player(self.game, node.state.to_move, node.flipped)
        child = _Node(node.state.play(move), self.game, move, node, mover)
        child.weight, child.bias = weight, self.prior_bias * weight
        node.children.append(child)
        return child

    def _best_untried(self, node: _Node) -> tuple[Move, float]:
        """The untried move with the most weight, and its weight; the first call ranks them
        all (the weights list every legal move once, `WithPrior`)."""
        if node.weights is None and self._weigh is not None:
            ranked = sorted(self._weigh(node.state), key=lambda pair: pair[1])
            taken = {child.move for child in node.children}
            if taken:
                ranked = [pair for pair in ranked if pair[0] not in taken]
            node.untried = [move for move, _ in ranked]
            node.weights = [weight for _, weight in ranked]
        weights = node.weights
        return node.untried.pop(), weights.pop() if weights is not None else 0.0

    def _simulate(self, leaf: _Node) -> tuple[str | Lead | None, bool]:
        """The winner at `leaf` (named as in its state) and whether seats are flipped there.

        An evaluation still running at the deadline takes the leaf back out of the tree."""
        state = leaf.state
        if state.is_over:
            return state.winner, leaf.flipped
        try:
            return self.evaluator.evaluate(state, self.rng, self._deadline), leaf.flipped
        except OutOfTime:
            if leaf.parent is not None and leaf.visits == 0:
                leaf.parent.children.remove(leaf)
                leaf.parent.untried.append(leaf.move)
                if leaf.parent.weights is not None:
                    leaf.parent.weights.append(leaf.weight)
            raise

    def _backpropagate(self, leaf: _Node, outcome: tuple[str | Lead | None, bool]) -> None:
        winner, flipped = outcome
        share = 1.0  # of a win, for the player named below (a Lead: module docstring)
        if isinstance(winner, Lead):
            winner, share = winner.side, 0.5 + 0.5 * winner.margin
        ahead = None if winner is None else _player(self.game, winner, flipped)
        node: _Node | None = leaf
        while node is not None:
            node.visits += 1
            if ahead is None:
                node.value += 0.5
            else:
                node.value += share if node.mover == ahead else 1.0 - share
            node = node.parent

    def _reused_root(self, state: AnyState, legal: list[Move]) -> _Node | None:
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


def _player(game: AnyGame, side: str, flipped: bool) -> str:
    """The root-frame name of the player now holding `side`."""
    if not flipped:
        return side
    first, second = game.sides
    return second if side == first else first


def _key(state: AnyState, legal: list[Move] | None = None) -> tuple[str, tuple[str, ...]]:
    """What identifies a position for tree reuse: its text and its legal moves' texts."""
    moves = state.legal_moves() if legal is None else legal
    return state.to_text(), tuple(str(m) for m in moves)
