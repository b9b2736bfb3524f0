"""The mcts agent: Monte Carlo search over sampled futures for the Subway Game.

The game hides the order of every draw pile and of every future reshuffle and populate draw.
At each build phase the agent ranks its plans as the greedy player does (`greedy.rank_plans`:
stations, lines, removals, intensify), but on every trip at its chance rather than on a
sample of 20 x 20 (`TripSample.exact`, `SearchConfig.root_sample=None`): the greedy player's
sampled valuation is its main weakness (a greedy on exact valuations beats greedy about
three games in four on classic; README, Skilled play). It takes the ranking's best plans as
its choices: 4, or 8 from a budget of 96 playouts a phase (`MCTSAgent.width`); a plan with no
gain is not among them, so it builds nothing when the greedy player would build nothing. It
searches them at the root by sequential halving: in each round every choice still in the
race is played out on the same sampled futures (common random numbers, so choices are
compared on equal luck), and the worse half drops out, but the ranking's best plan stays in
the race to the end (`KEEP_FIRST`), so every challenger is compared with it on all the
futures the challenger played. The best survivor replaces the ranking's best plan only when
it is ahead by more than one standard error of their paired differences (`MARGIN`,
`surely_ahead`): a playout's leaf values networks on a small sample, so the exact ranking
stands unless the futures say otherwise clearly. (Without the plan kept in the race, a
challenger could replace it on the 2 futures of the first round; with three players that
won 20 of 40 games against greedy, where the exact ranking alone won 29.) The chosen plan
is built first; then, as the greedy player does, every other plan of the ranking that still
gains on the changed network, while build points last (SG-17), so it spends its points as
greedy does. One playout:
1. a future consistent with what a person at the table sees (`GameState.sampled`: the
   draw piles' contents are known, their order and every later draw are guessed);
2. the plan and the ranking's next plans that still gain (`FOLLOW`), then the turns up to
   and including the agent's own next one (a round: every other player's turn, then its
   own; 2 turns with two players, 3 with three), every player a quick greedy
   (`rollout_player`), on the forward model (no events);
3. the result for the agent: its score lead over the best rival plus the lead in what the
   networks are worth for the trips still to come (`outlook.Valuation`); or, with
   `SearchConfig(leaf="learned")`, the final lead a model fitted to self-play predicts
   (`value.py`, built by `subway learn`). The learned leaf predicts final leads far better
   (R² 0.61 against 0.03 on held-out self-play games) but chose no better plans on classic
   (README, Skilled play), so the default stays.
So the search improves on the exact greedy ranking by one step: it prefers another plan only
when the sampled futures surely say so. Seeded: the default budget is a number of playouts
(`mcts` = `mcts:16`, `mcts:96`), or seconds (`mcts:0.5s`). Tied routes (SG-14) and
intensify after a trip (SG-16) go its way as for the greedy player (on exact valuations).

`SearchConfig` holds the search's shape (the ranking's trips, plans searched, turns played
forward, samples and breadths of the players in the futures, the margin a challenger needs);
the default is the module's constants. Screened on classic (README, Skilled play): stopping
after the rival's reply (1 turn) plays worse than greedy, 3 turns cost 60% more for no
visible gain, so the playout goes to the player's own next build. With three players 2
turns stop after the rivals' replies, the same flaw: on `scenarios/three_players.yaml` mcts
won 2.5 of 20 games against two greedy players (a third is an even share) and 8 with the
playout going to its own next build, hence a round.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from subwaysim.agents.base import Agent
from subwaysim.agents.budget import ITERATIONS, parse_budget
from subwaysim.agents.greedy import GreedyAgent
from subwaysim.agents.outlook import TripSample, Valuation, square_weights, trips_left
from subwaysim.agents.plans import Breadth, Plan
from subwaysim.agents.value import ValueModel, default_model, lead, position_features
from subwaysim.builds import Build
from subwaysim.routing import TripOptions
from subwaysim.state import GameState
from subwaysim.turn import end_reason, finish_build_phase, play_turn

ROOT_SAMPLE: int | None = None  # the player's own valuation: None, every trip at its chance
KEEP_FIRST = True  # the ranking's best plan stays in the race to the end (`SearchConfig`)
MARGIN = 1.0  # another plan replaces the ranking's best only this many standard errors ahead
WIDTH = 4  # plans searched: the greedy player's best (building nothing when it has none)
WIDE, WIDE_FROM = 8, 96  # plans searched from WIDE_FROM playouts a phase (`MCTSAgent.width`)
FOLLOW = 4  # the ranking's plans a playout goes on to after the plan tried (as greedy would)
DEPTH: int | None = None  # turns played forward after the plan; None: a round (see above)
LEAF_ROOT = False  # value leaves on the phase's own sample of trips (else LEAF_SAMPLE fresh)
LEAF_SAMPLE = 10  # origins and destinations drawn to value a network at a leaf
ROLLOUT_SAMPLE = 8  # the rollout players' trips valued per phase (8 x 8)
ROLLOUT_BREADTH = Breadth(targets=3, stations=2, changes=0, intensify=1)
RIVAL_SAMPLE = 12  # rivals in a search's futures: the greedy player, on fewer trips
RIVAL_BREADTH = Breadth(targets=4, stations=2, changes=1, intensify=2)


LEAVES = ("outlook", "learned")


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """The search's shape (the module's constants by default)."""

    root_sample: int | None = ROOT_SAMPLE  # the ranking's trips (None: exact, see the module)
    width: int = WIDTH
    wide: int = WIDE  # plans searched when the budget is at least `wide_from` playouts a phase
    wide_from: int | None = WIDE_FROM  # None: always `width`
    follow: int = FOLLOW
    depth: int | None = DEPTH
    leaf_sample: int = LEAF_SAMPLE
    rollout_sample: int = ROLLOUT_SAMPLE
    rollout_breadth: Breadth = ROLLOUT_BREADTH
    rival_sample: int = RIVAL_SAMPLE
    rival_breadth: Breadth = RIVAL_BREADTH
    keep_first: bool = KEEP_FIRST  # the ranking's best plan stays in the race to the end
    margin: float = MARGIN  # a challenger replaces the ranking's best only this many s.e. ahead
    leaf: Literal["outlook", "learned"] = "outlook"  # a leaf's value (see the module)
    value: ValueModel | None = None  # the learned model (None: `value.default_model()`)
    outlook: float = 1.0  # the old leaf's weight of the outlook lead against the score lead

    def __post_init__(self) -> None:
        if self.leaf not in LEAVES:
            raise ValueError(f"leaf {self.leaf!r}: one of {', '.join(LEAVES)}")


DEFAULT = SearchConfig()


@dataclass
class Choice:
    plan: tuple[Build, ...]
    visits: int = 0
    total: float = 0.0
    values: dict[int, float] = field(default_factory=dict)  # by future (common to choices)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class SearchStats:
    """What the last search did (for hints and tests)."""

    iterations: int = 0
    seconds: float = 0.0
    choices: list[Choice] = field(default_factory=list)


class MCTSAgent(Agent):
    kind = "mcts"

    def __init__(
        self,
        player: str,
        rng: random.Random,
        iterations: int | None = ITERATIONS,
        seconds: float | None = None,
        config: SearchConfig = DEFAULT,
    ) -> None:
        super().__init__(player, rng)
        if (iterations is None) == (seconds is None):
            raise ValueError("give the search a number of iterations or of seconds, not both")
        self.iterations, self.seconds = iterations, seconds
        self.config = config
        self.greedy = GreedyAgent(
            player, random.Random(rng.getrandbits(64)), sample_size=config.root_sample
        )
        self._ranked: list[Plan] = []  # the greedy's ranking of this phase's plans
        self._root: Valuation | None = None  # the greedy's valuation of this phase
        self.stats = SearchStats()
        self.playouts = 0  # every search's playouts so far (for benchmarks)
        self.searched_seconds = 0.0  # and their CPU seconds
        self._phase = -1

    @classmethod
    def from_budget(cls, player: str, rng: random.Random, budget: str) -> MCTSAgent:
        """`""` (the default), `"400"` iterations or `"0.5s"` seconds (scenario `mcts:...`)."""
        parsed = parse_budget(cls.kind, budget)
        return cls(player, rng, iterations=parsed.iterations, seconds=parsed.seconds)

    # --- SG-17 builds -----------------------------------------------------------------------
    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        """SG-17: the searched plan first, then (as the greedy player does) every other plan
        of the phase's ranking that still gains, while points last; a plan too dear for now
        is carried into the next turn and what cannot be used is banked (SG-22)."""
        if self._phase != state.turn:
            self._phase = state.turn
            plan = self.search(state, points_left, first)
            rest = [p for p in self._ranked if p.builds != plan]
            self.greedy.commit(state.turn, plan, rest)
        return self.greedy.choose_build(state, points_left, first)

    def search(self, state: GameState, points: int, first: bool) -> tuple[Build, ...]:
        """The plan for this phase whose sampled futures went best (sequential halving)."""
        start = time.process_time()
        # What is left of the last plan (the greedy's `plan`) is a choice too.
        self._ranked = self.greedy.rank_plans(state, points)
        self._root = self.greedy._view(state)
        width = self.width()
        alive = [Choice(plan.builds) for plan in self._ranked[:width]] or [Choice(())]
        self.stats = SearchStats(choices=list(alive))
        rounds = math.ceil(math.log2(len(alive)))
        first_choice = alive[0]
        future_index = 0
        for round_ in range(rounds):
            share = (self.iterations or 0) // (rounds * len(alive))
            deadline = start + (self.seconds or 0.0) * (round_ + 1) / rounds
            futures = 0
            while self._more(futures, share, deadline):
                seed = self.rng.getrandbits(64)
                for choice in alive:
                    value = self._playout(state, choice.plan, points, first, seed)
                    choice.total += value
                    choice.visits += 1
                    choice.values[future_index] = value
                futures += 1
                future_index += 1
            ranked = sorted(alive, key=lambda c: -c.mean)
            alive = ranked[: math.ceil(len(alive) / 2)]
            if self.config.keep_first and first_choice not in alive:
                alive.append(first_choice)
        self.stats.iterations = sum(c.visits for c in self.stats.choices)
        self.stats.seconds = time.process_time() - start
        self.playouts += self.stats.iterations
        self.searched_seconds += self.stats.seconds
        best = max(alive, key=lambda c: c.mean)
        margin = self.config.margin
        if margin > 0 and best is not first_choice and not surely_ahead(best, first_choice, margin):
            return first_choice.plan
        return best.plan

    def width(self) -> int:
        """Plans searched: `wide` once the budget is `wide_from` playouts a phase or more, else
        `width` (a time budget: `width`). A wider choice needs more futures to tell its plans
        apart: on classic (a 20 x 20 ranking, no margin) 8 plans at 48 playouts won no more
        than 4 at 24, at 96 they won 73 of 100 games against greedy where 4 at 24 won 67
        (README, Skilled play)."""
        config = self.config
        wide = config.wide_from is not None and (self.iterations or 0) >= config.wide_from
        return config.wide if wide else config.width

    def _more(self, futures: int, share: int, deadline: float) -> bool:
        """Whether a round plays one more future (at least one whatever the budget)."""
        if futures == 0:
            return True
        if self.iterations is not None:
            return futures < share
        return time.process_time() < deadline

    def _playout(
        self, state: GameState, plan: tuple[Build, ...], points: int, first: bool, seed: int
    ) -> float:
        """Play `plan` in the phase under way, then a round of turns (or `depth`), in the
        future `seed` names; the agent's lead at the end (see the module)."""
        config = self.config
        future = self.future(state, seed)
        agents = {p: rival_player(p, random.Random(f"{seed}/{p}"), config) for p in future.players}
        own = random.Random(f"{seed}/{self.player}")
        agents[self.player] = rollout_player(self.player, own, config)
        rest = [p for p in self._ranked[: config.follow] if p.builds != plan]
        agents[self.player].commit(future.turn, plan, rest)
        finish_build_phase(future, self.player, agents, points, first, None)
        ended = end_reason(future)
        depth = len(future.players) if config.depth is None else config.depth
        for _ in range(depth):
            if ended:
                break
            ended = play_turn(future, agents, None)
        return self._lead(future, ended is not None, seed)

    def future(self, state: GameState, seed: int) -> GameState:
        """The future playout `seed` plays: a guess at what the table hides, consistent with
        what it shows (`GameState.sampled`)."""
        return state.sampled(seed)

    def _lead(self, future: GameState, ended: bool, seed: int) -> float:
        """The agent's predicted final lead over the best rival: its score lead when the game
        ended, else the learned value of the position (`value.py`), or with `leaf="outlook"`
        the old fixed leaf (score lead plus the lead over all the trips still to come)."""
        config = self.config
        seat = future.players.index(self.player)
        scores = np.array([future.scores[p] for p in future.players], dtype=float)
        if ended:
            return lead(scores, seat)
        if config.leaf == "learned":
            model = config.value or default_model()
            return model.value(position_features(future, self.player, config.leaf_sample, seed))
        weights = square_weights(future)
        if LEAF_ROOT and self._root is not None:
            # The phase's own sample of trips (greedy's 20 x 20), seen under the
            # future's square weights: every choice and future valued on one sample.
            root = self._root
            ratio = np.divide(
                weights, root.weights, out=np.ones_like(weights), where=root.weights > 0
            )
            sample = root.sample.reweighted(ratio)
        else:
            draws = np.random.default_rng(seed)
            sample = TripSample.draw(weights, config.leaf_sample, draws)
        per_trip = Valuation(future, self.player, sample, weights).per_trip(future.network)
        return lead(scores + config.outlook * per_trip * trips_left(future), seat)

    # --- SG-14 and SG-16 decisions ------------------------------------------------------------
    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        return self.greedy.choose_route(state, options)

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        return self.greedy.choose_intensify(state, square)


def surely_ahead(challenger: Choice, incumbent: Choice, margin: float) -> bool:
    """Whether `challenger` leads `incumbent` by more than `margin` standard errors of the
    paired differences over the futures both played (common random numbers)."""
    common = [k for k in challenger.values if k in incumbent.values]
    if len(common) < 2:
        return False
    diffs = np.array([challenger.values[k] - incumbent.values[k] for k in common])
    error = float(diffs.std(ddof=1)) / math.sqrt(len(diffs))
    return float(diffs.mean()) > margin * error


def rollout_player(player: str, rng: random.Random, config: SearchConfig = DEFAULT) -> GreedyAgent:
    """The quick greedy the agent is itself in a search's futures (fewer plans and trips)."""
    return GreedyAgent(player, rng, config.rollout_sample, config.rollout_breadth)


def rival_player(player: str, rng: random.Random, config: SearchConfig = DEFAULT) -> GreedyAgent:
    """What the search expects of a rival: the greedy player, on fewer trips and plans."""
    return GreedyAgent(player, rng, config.rival_sample, config.rival_breadth)
