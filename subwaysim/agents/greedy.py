"""The greedy agent: each build, the plan with the best gain per build point, while it pays.

At each build decision it values candidate plans (`plans.py`: stations local or express,
lines to busy squares through hazard and shared squares at their real cost, removals,
changing a station to express, intensifying) by what they add to its expected points per
trip minus a share of the best rival's (`outlook.Valuation`), times the trips still to come
(`outlook.trips_left`: the real horizon from the end conditions), plus the SG-18 extra trip
a station or intensify brings (its destination read from the public queues). It takes the
first build of the best plan with a positive gain, and goes on while points last; a plan
too dear for this turn is carried into the next (its built part is sunk). With SG-22 it
banks what it cannot use and borrows a point when that completes its best plan now.
Tied routes (SG-14) and intensify after a trip (SG-16) go its own way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from subwaysim import builds
from subwaysim.agents.base import Agent
from subwaysim.agents.outlook import (
    RIVAL_WEIGHT,
    PlanValues,
    Trips,
    TripSample,
    Valuation,
    extra_trips,
    intensify_ratios_of,
    square_weights,
    trips_left,
)
from subwaysim.agents.plans import (
    FULL,
    Breadth,
    Plan,
    candidates,
    intensify_builds,
    plan_cost,
)
from subwaysim.builds import Build
from subwaysim.cards import cards_of, square_of
from subwaysim.routing import TripOptions, systems_of
from subwaysim.state import GameState

SAMPLE = 20  # origins and destinations drawn per build phase (20 x 20 trips valued)

Found = tuple[PlanValues, int]  # where a network's points are: a batch's values, the plan's index
# What a plan being built leaves: (the phase's valuation, the network it was valued on, its
# builds, the worth of the network they leave, where that network's points are).
Leaves = tuple[Valuation, object, tuple[Build, ...], float, Found]


class GreedyAgent(Agent):
    kind = "greedy"
    rival_weight = RIVAL_WEIGHT  # how much the best rival's points count (`styles.py` moves it)

    def __init__(
        self,
        player: str,
        rng: random.Random,
        sample_size: int | None = SAMPLE,
        breadth: Breadth = FULL,
    ) -> None:
        super().__init__(player, rng)
        self.sample_size = sample_size  # None: every square at its weight (`TripSample.exact`)
        self.breadth = breadth
        self.plan: list[Build] = []  # what is left of the plan being built
        self._ranking: list[Plan] = []  # this phase's other plans worth building, best first
        self._phase = -1  # the turn whose build phase the ranking is for
        self._view_of: tuple[int, Valuation] | None = None  # (turn, the phase's valuation)
        # What the plan being built leaves (`Leaves`), and the builds played since.
        self._leaves: Leaves | None = None
        self._played: list[Build] = []
        # The worth of the network each plan of the last ranking leaves, and where its points
        # are, by the plan (the first two as in `_leaves`).
        self._ranked_worth: (
            tuple[Valuation, object, dict[int, tuple[Plan, float, Found]]] | None
        ) = None
        # A network whose points on a phase's sample are known: (the valuation, the network,
        # where its points are). The SG-16 choice reads them instead of valuing it again.
        self._known: tuple[Valuation, object, Trips] | None = None

    def commit(self, turn: int, plan: tuple[Build, ...], then: Sequence[Plan] = ()) -> None:
        """Play `plan` for the rest of turn `turn`'s build phase, then the plans of `then`
        that still gain (best first), and carry what is left into the next turn (what a
        search does with the choice it tries)."""
        self._phase, self._ranking, self.plan = turn, list(then), list(plan)
        self._leaves = None  # (its worth unknown: `_next_plan` values today's network)

    # --- SG-17 builds ---------------------------------------------------------------------
    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        if self._phase != state.turn:
            self._phase = state.turn
            self._ranking = self.rank_plans(state, points_left)
            top = self._ranking.pop(0) if self._ranking else None
            self.plan = list(top.builds) if top is not None else []
            self._adopt(state, top)
        waiting: list[Build] = []  # a plan too dear for now, carried into the next turn
        while True:
            if self.plan:
                step = self.plan[0]
                if builds.allowed(step, state, self.player, points_left, first):
                    self.plan.pop(0)
                    self._played.append(step)  # (the engine plays it before asking again)
                    return step
                if self._borrow_helps(state, step, points_left, first):
                    return Build("borrow")  # SG-22: the plan's next build now, paid later
                waiting = waiting or self.plan
            self.plan = self._next_plan(state, points_left, first)
            if not self.plan:
                self.plan = waiting  # bank what is left (SG-22) and carry the plan
                self._leaves = None
                return None

    def _next_plan(self, state: GameState, budget: int, first: bool) -> list[Build]:
        """The next plan of the phase's ranking that starts with a build allowed now and still
        gains on today's network (the network changed since the ranking)."""
        view = self._view(state)
        heads = queue_heads(state)
        base: float | None = None  # today's worth and the horizon, once a plan asks for them
        horizon = 0.0
        leaves = self._built(view)
        self._leaves = None
        if leaves is not None:
            base = leaves[3]  # today's network is the one the last plan (all played) leaves
            self._know(view, state, leaves[4])
        while self._ranking:
            plan = self._ranking.pop(0)
            if not builds.allowed(plan.builds[0], state, self.player, budget, first):
                continue
            starts = extra_trip_squares(plan.builds)
            item = (plan.builds, (*starts, *heads))
            if base is None:  # today's network valued in the same batch as the first plan
                found = view.plan_values(
                    state.network, [((), tuple(heads)), item], [(), starts], heads
                )
                base = found.worths[0]
                assert base is not None
                self._know(view, state, (found, 0))
                at = 1
            else:
                found, at = view.plan_values(state.network, [item], [starts], heads), 0
            if not horizon:
                horizon = trips_left(state)
            worth, extra = found.worths[at], found.extra[at]
            gain: float | None = None
            if worth is not None and extra is not None:
                if plan.builds[0].action == "intensify":
                    gain = self._intensify_plan_gain(
                        state, view, plan.builds[0], found.trips(at), base, horizon, heads
                    )
                else:
                    gain = (worth - base) * horizon + extra
            if gain is not None and self.weigh(view, plan, gain) > 0:
                if worth is not None:
                    self._leaves = (view, state.network, plan.builds, worth, (found, at))
                    self._played = []
                return list(plan.builds)
        return []

    def _built(self, view: Valuation) -> Leaves | None:
        """`_leaves` when its plan is all played this phase: today's network is the one it
        leaves."""
        leaves = self._leaves
        if leaves is not None and leaves[0] is view and leaves[2] == tuple(self._played):
            return leaves
        return None

    def _know(self, view: Valuation, state: GameState, found: Found) -> None:
        """Today's network's points are plan `found[1]`'s of the batch `found[0]`."""
        trips = found[0].trips(found[1])
        self._known = (view, state.network, trips) if trips is not None else None

    def _adopt(self, state: GameState, plan: Plan | None) -> None:
        """Start building `plan`, ranked this phase on today's network: remember the worth
        of the network it leaves, for the plan after it."""
        self._leaves, self._played = None, []
        ranked = self._ranked_worth
        if plan is not None and ranked is not None and ranked[1] is state.network:
            found = ranked[2].get(id(plan))
            if found is not None and found[0] is plan:
                self._leaves = (ranked[0], state.network, plan.builds, found[1], found[2])

    def rank_plans(self, state: GameState, budget: int) -> list[Plan]:
        """Plans with a positive gain, the best gain per build point first."""
        view = self._view(state)
        horizon = trips_left(state)
        heads = queue_heads(state)
        intensifies = [
            b
            for b in intensify_builds(state, self.player, view.weights, self.breadth)
            if builds.allowed(b, state, self.player, budget, True)
        ]
        pool = list(candidates(state, self.player, view.weights, budget, self.draws, self.breadth))
        if self.plan:
            carried = tuple(self.plan)
            pool.append(Plan(carried, plan_cost(state, self.player, carried, budget)))
        # One valuation of today's network serves the base and every intensify (SG-17); it
        # and every plan's network are valued in one batch.
        today_squares = (*(b.square for b in intensifies), *heads)
        starts: list[tuple[int, ...]] = [()]  # where each plan's SG-18 extra trips start
        items = [((), today_squares)]
        for plan in pool:
            ends = extra_trip_squares(plan.builds)
            starts.append(ends)
            items.append((plan.builds, (*ends, *heads)))
        # Every network's worth and extra trips in one pass (`_gain`'s sums, plan by plan).
        found = view.plan_values(state.network, items, starts, heads)
        today = found.trips(0)
        assert today is not None
        base = found.worths[0]
        assert base is not None
        self._known = (view, state.network, today)
        worth_of: dict[int, tuple[Plan, float, Found]] = {}
        scored = []
        weigh = self.weigh
        worths, extras = found.worths, found.extra
        for i, plan in enumerate(pool, 1):
            worth, extra = worths[i], extras[i]
            if worth is None or extra is None:
                continue  # (a step no longer makes sense)
            build = plan.builds[0]
            if build.action == "intensify":  # (a carried plan may be one)
                trips = found.trips(i)
                gain = self._intensify_plan_gain(state, view, build, trips, base, horizon, heads)
            else:
                gain = (worth - base) * horizon + extra
            gain = weigh(view, plan, gain)
            if gain > 0:  # (only a ranked plan is adopted: only its worth is kept)
                worth_of[id(plan)] = (plan, worth, (found, i))
                scored.append((gain / plan.cost, plan))
        gains = self._intensify_gains(state, view, intensifies, today, base)
        trip_worths: dict[int, float] = {}  # SG-18 extra trip from each square (one a deck)
        for build, per_trip in zip(intensifies, gains, strict=True):
            gain = per_trip * horizon
            extra = trip_worths.get(build.square)
            if extra is None:
                extra = trip_worths[build.square] = extra_trips(view, today, (build.square,), heads)
            gain += extra
            cost = plan_cost(state, self.player, (build,), budget)
            gain = self.weigh(view, Plan((build,), cost), gain)
            if gain > 0:
                plan = Plan((build,), cost)
                worth_of[id(plan)] = (plan, base, (found, 0))  # (it leaves the network as is)
                scored.append((gain / cost, plan))
        scored.sort(key=lambda pair: -pair[0])
        self._ranked_worth = (view, state.network, worth_of)
        return [plan for _, plan in scored]

    def weigh(self, view: Valuation, plan: Plan, gain: float) -> float:
        """A plan's gain as this player weighs it: greedy takes it as it is; a style
        (`styles.py`) scales it by what the plan builds."""
        return gain

    def _intensify_plan_gain(
        self,
        state: GameState,
        view: Valuation,
        build: Build,
        trips: Trips | None,
        base: float,
        horizon: float,
        heads: list[int],
    ) -> float:
        """What an intensify plan adds over the trips still to come, with its SG-18 extra trip
        (`trips`: today's network, with the square among the extra squares)."""
        assert trips is not None  # (an intensify's step always makes sense)
        gain = self._intensify_gain(state, view, build, trips, base) * horizon
        return gain + extra_trips(view, trips, (build.square,), heads)

    def _view(self, state: GameState) -> Valuation:
        """One sample of trips for the whole build phase (its plans compare on it); with no
        `sample_size`, every trip at its chance (`TripSample.exact`)."""
        if self._view_of is None or self._view_of[0] != state.turn:
            weights = square_weights(state)
            if self.sample_size is None:
                sample = TripSample.exact(weights)
            else:
                sample = TripSample.draw(weights, self.sample_size, self.draws)
            view = Valuation(state, self.player, sample, weights, self.rival_weight)
            self._view_of = (state.turn, view)
        return self._view_of[1]

    def _intensify_gain(
        self, state: GameState, view: Valuation, build: Build, trips: Trips, base: float
    ) -> float:
        """Worth per trip gained by one more copy of the square's card in play: the same
        trips, reweighted (SG-17 intensify, SG-16)."""
        return self._intensify_gains(state, view, [build], trips, base)[0]

    def _intensify_gains(
        self,
        state: GameState,
        view: Valuation,
        intensifies: Sequence[Build],
        trips: Trips,
        base: float,
    ) -> list[float]:
        """`_intensify_gain` of each of `intensifies` on the same `trips`."""
        if not intensifies:
            return []
        extras = []
        for build in intensifies:
            index = state.deck_index[build.detail or ""]
            extras.append((index, cards_of(state.board, state.decks, build.square)[index]))
        ratios = intensify_ratios_of(state, view.weights, extras)  # (one compiled call)
        return [value - base for value in view.values_under(trips, ratios)]

    def _borrow_helps(self, state: GameState, step: Build, points: int, first: bool) -> bool:
        if builds.borrow_problem(state, self.player) is not None:
            return False
        return builds.allowed(step, state, self.player, points + 1, first)

    # --- SG-14 and SG-16 decisions ----------------------------------------------------------
    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        return route_choice(state, self.player, options)

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        view = self._view(state)
        leaves = self._built(view)
        if leaves is not None:  # an SG-18 extra trip once the plan is built
            self._know(view, state, leaves[4])
        builds_left = [
            Build("intensify", square, deck.name)
            for deck, identity in zip(
                state.decks, cards_of(state.board, state.decks, square), strict=True
            )
            if deck.supply[identity] != 0
        ]
        if not builds_left:  # every pile of the square's cards is empty (SG-16): no choice,
            return None  # and no network to value (the view drawn all the same)
        known = self._known
        if known is not None and known[0] is view and known[1] is state.network:
            trips = known[2]  # (valued this phase: the same points, `plan_points` being exact)
        else:  # today's network in the planner's compiled call (the points of `view.trips`)
            (trips,) = view.trips_of_plans(state.network, [((), ())])
            self._known = (view, state.network, trips) if trips is not None else None
        assert trips is not None  # no steps: nothing to refuse
        base = view.value(trips)
        best: tuple[float, str | None] = (1e-12, None)
        gains = self._intensify_gains(state, view, builds_left, trips, base)
        for build, gain in zip(builds_left, gains, strict=True):
            if gain > best[0]:
                best = (gain, build.detail)
        return best[1]


def route_choice(state: GameState, player: str, options: TripOptions) -> frozenset[str]:
    """SG-14: the tied set of modes scoring `player` the most, then the least for a rival."""
    rules = state.scenario.rules

    def points(choice: frozenset[str], who: str) -> int:
        systems = systems_of(choice)
        if who not in systems:
            return 0
        return rules.single_system_points if len(systems) == 1 else rules.shared_points

    def key(choice: frozenset[str]) -> tuple[int, int]:
        rival = max((points(choice, p) for p in state.players if p != player), default=0)
        return (-points(choice, player), rival)

    return min(options.choices, key=key)


def queue_heads(state: GameState) -> list[int]:
    """The squares the queues' next cards name, in order (public: SG-18 extra trips go there)."""
    depth = min(len(d.queue) for d in state.decks)
    return [
        square_of(state.board, state.decks, tuple(d.queue[k] for d in state.decks))
        for k in range(min(depth, 3))
    ]


def extra_trip_squares(steps: tuple[Build, ...]) -> tuple[int, ...]:
    """Where the plan's SG-18 extra trips start: its stations and intensified squares."""
    return tuple([b.square for b in steps if b.action in _EXTRA_TRIP_ACTIONS])


_EXTRA_TRIP_ACTIONS = frozenset({"station", "intensify"})
