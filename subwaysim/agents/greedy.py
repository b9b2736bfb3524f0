"""The greedy agent: builds what raises its expected points per trip under the current decks.

Trips draw each deck's card in proportion to the copies in play (draw pile, discard pile,
queue), so the chance that a trip starts or ends on a square is the product of its three
cards' shares. With the router's trip table that gives every player's expected points per
trip for any network. Each build phase the agent compares candidate plans (a station on its
own track; track from its system to a busy square plus a station there; for a new system,
a line between two busy squares) by the gain they bring over the rest of the game, counts
the extra trip a station or intensify triggers (SG-18), and carries out the best affordable
plan one build at a time. Tied routes (SG-14) and intensify (SG-16) go its own way.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

import numpy as np

from subwaysim import builds
from subwaysim.agents.base import Agent
from subwaysim.builds import Build
from subwaysim.cards import card_table, cards_of
from subwaysim.network import Network
from subwaysim.routing import TripOptions, TripTable
from subwaysim.state import GameState

TARGETS = 8  # busiest squares considered as new stations
MAX_EVALUATIONS = 10  # router evaluations per build phase
MAX_LINE = 12  # longest new track (in build points) a plan may lay
OPPONENT_WEIGHT = 0.5  # how much an opponent's expected points count against ours


@dataclass(frozen=True, slots=True)
class Plan:
    builds: tuple[Build, ...]
    cost: int
    prior: float  # cheap estimate used to pick which plans to evaluate


def square_weights(state: GameState, extra: tuple[int, int] | None = None) -> np.ndarray:
    """P(a trip's origin or destination is square s) under the cards in play.

    `extra` = (deck index, identity) counts one more copy of that card in play (intensify).
    """
    cards = card_table(state.board, len(state.decks))
    weights = np.ones(state.board.size)
    for i, deck in enumerate(state.decks):
        counts = np.array(deck.in_play(), dtype=float)
        if extra is not None and extra[0] == i:
            counts[extra[1]] += 1
        share = counts / counts.sum() if counts.sum() else np.full(len(counts), 1 / len(counts))
        weights *= share[cards[:, i]]
    return weights / weights.sum()


class GreedyAgent(Agent):
    kind = "greedy"

    def __init__(self, player: str, rng) -> None:  # type: ignore[no-untyped-def]
        super().__init__(player, rng)
        self.plan: list[Build] = []
        self._steps: list[int] = []
        self._memo: dict[int, tuple[TripTable, np.ndarray]] = {}

    # --- SG-17 builds -------------------------------------------------------------------
    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        if first:
            self.plan = list(self._best_plan(state, points_left))
        costs = state.scenario.rules.costs
        if not self.plan:
            return None
        build = self.plan[0]
        if builds.check(build, state.network, state.decks, self.player, costs, points_left, first):
            return None  # out of points this phase: the rest of the plan waits for next turn
        self.plan.pop(0)
        return build

    def _best_plan(self, state: GameState, budget: int) -> tuple[Build, ...]:
        """The plan (possibly longer than one phase) with the best gain per build point."""
        self._steps = self._step_costs(state, budget)
        weights = square_weights(state)
        base = self._value(state.router().trip_table(), state, weights)
        horizon = self._horizon(state)
        best: tuple[float, tuple[Build, ...]] = (0.0, ())
        plans = sorted(self._plans(state, weights, budget), key=lambda p: -p.prior)
        carried = self._carried_plan(state, budget)
        candidates = plans[:MAX_EVALUATIONS] + ([carried] if carried else [])
        for plan in candidates:
            network = self._apply_all(state.network, plan.builds)
            if network is None:
                continue
            table = state.router_for(network).trip_table()
            gain = (self._value(table, state, weights) - base) * horizon
            gain += self._extra_trip_points(table, state, weights, plan.builds)
            score = gain / plan.cost
            if score > best[0] + 1e-12:
                best = (score, plan.builds)
        intensify = self._intensify_plan(state, weights, budget)
        if intensify is not None and intensify[0] > best[0]:
            best = intensify
        return best[1]

    def _carried_plan(self, state: GameState, budget: int) -> Plan | None:
        """What is left of last turn's plan, costed afresh (sunk builds are free)."""
        if not self.plan:
            return None
        costs = state.scenario.rules.costs
        cost = sum(
            _price(builds.cost(b, state.network, self.player, costs), budget) for b in self.plan
        )
        return Plan(tuple(self.plan), max(cost, 1), 0.0)

    def _apply_all(self, network: Network, plan: tuple[Build, ...]) -> Network | None:
        """The network after the whole plan, or None if some step no longer makes sense."""
        for b in plan:
            if b.action == "track" and b.square in network.track[self.player]:
                return None
            if b.action == "station" and (
                b.square in network.stations or b.square not in network.track[self.player]
            ):
                return None
            network = builds.apply(b, network, self.player)
        return network

    def _plans(self, state: GameState, weights: np.ndarray, budget: int) -> list[Plan]:
        net, me = state.network, self.player
        own = net.track[me]
        served = [st.square for st in net.stations_of(me)]
        free = sorted(own - net.stations.keys(), key=lambda sq: -weights[sq])
        plans: list[Plan] = []
        for sq in free:
            for kind in ("local", "express"):
                plans.append(self._line_plan(state, [], (sq,), kind, budget, weights))
        if not served:  # a ride needs two stations (SG-12): pair up free own squares
            for i, a in enumerate(free[:TARGETS]):
                for b in free[i + 1 : TARGETS]:
                    plans.append(self._line_plan(state, [], (a, b), "local", budget, weights))
        targets = [int(s) for s in np.argsort(-weights, kind="stable")[: TARGETS * 2]]
        targets = [t for t in targets if t not in own][:TARGETS]
        if own:
            for t in targets:
                path = self._path(state, own, t, budget)
                if path is None:
                    continue
                start = self._attachment(state, own, path)
                ends = (t,) if served else (start, t)
                plans.append(self._line_plan(state, path, ends, "local", budget, weights))
        else:
            for i, a in enumerate(targets):
                for b in targets[i + 1 :]:
                    path = self._path(state, frozenset({a}), b, budget)
                    if path is not None:
                        plan = self._line_plan(state, [a, *path], (a, b), "local", budget, weights)
                        plans.append(plan)
        return plans

    def _attachment(self, state: GameState, own: frozenset[int], path: list[int]) -> int:
        """The own track square a new path starts from."""
        first = path[0] if path else next(iter(own))
        return next((n for n in state.board.neighbours(first) if n in own), first)

    def _line_plan(
        self,
        state: GameState,
        path: list[int],
        ends: tuple[int, ...],
        kind: str,
        budget: int,
        w: np.ndarray,
    ) -> Plan:
        """Track along `path`, stations on `ends`: the first station early, so that a plan
        cut short by the budget still starts the system (and its SG-18 extra trip)."""
        costs = state.scenario.rules.costs
        net, me = state.network, self.player
        station_cost = _price(getattr(costs, f"{kind}_station"), budget)
        steps: list[Build] = []
        cost = 0
        todo = [sq for sq in path if sq not in net.track[me]]
        first_end = ends[0]
        if first_end in todo:
            todo.remove(first_end)
            todo.insert(0, first_end)
        for sq in todo:
            steps.append(Build("track", sq))
            cost += _price(builds.cost(Build("track", sq), net, me, costs), budget)
            if sq == first_end and sq not in net.stations:
                steps.append(Build("station", sq, kind))
                cost += station_cost
        for end in ends:
            if end not in net.stations and Build("station", end, kind) not in steps:
                insert = 0 if end == first_end else len(steps)
                steps.insert(insert, Build("station", end, kind))
                cost += station_cost
        prior = float(np.prod([w[t] for t in ends])) ** (1 / len(ends)) / max(cost, 1)
        return Plan(tuple(steps), max(cost, 1), prior)

    def _step_costs(self, state: GameState, budget: int) -> list[int]:
        """Build points to lay track on each square (0 where we already have track)."""
        net, me, costs = state.network, self.player, state.scenario.rules.costs
        own = net.track[me]
        return [
            0 if sq in own else _price(builds.cost(Build("track", sq), net, me, costs), budget)
            for sq in range(state.board.size)
        ]

    def _path(
        self, state: GameState, sources: frozenset[int], target: int, budget: int
    ) -> list[int] | None:
        """Cheapest track path (new squares, in order) from `sources` to `target`."""
        board, steps = state.board, self._steps
        dist = dict.fromkeys(sources, 0)
        back: dict[int, int] = {}
        heap = [(0, s) for s in sorted(sources)]
        while heap:
            d, sq = heapq.heappop(heap)
            if sq == target:
                break
            if d > dist.get(sq, 1 << 30):
                continue
            for n in board.neighbours(sq):
                step = steps[n]
                if d + step < dist.get(n, 1 << 30):
                    dist[n], back[n] = d + step, sq
                    heapq.heappush(heap, (d + step, n))
        if target not in dist or dist[target] > MAX_LINE:
            return None
        path = [target]
        while path[-1] in back:
            path.append(back[path[-1]])
        return [sq for sq in reversed(path) if sq not in sources]

    def _intensify_plan(
        self, state: GameState, weights: np.ndarray, budget: int
    ) -> tuple[float, tuple[Build, ...]] | None:
        """Intensify the own station whose card most raises our share (SG-17, SG-18)."""
        costs = state.scenario.rules.costs
        price = _price(costs.intensify, budget)
        if price > budget:
            return None
        table = state.router().trip_table()
        base = self._value(table, state, weights)
        best: tuple[float, tuple[Build, ...]] | None = None
        for station in state.network.stations_of(self.player):
            deck = self._best_deck(state, station.square, table, weights, base)
            if deck is None:
                continue
            build = Build("intensify", station.square, deck[1])
            if builds.check(build, state.network, state.decks, self.player, costs, budget, True):
                continue
            trip = self._extra_trip_points(table, state, weights, (build,))
            score = (deck[0] * self._horizon(state) + trip) / price
            if best is None or score > best[0]:
                best = (score, (build,))
        return best

    def _extra_trip_points(
        self, table: TripTable, state: GameState, w: np.ndarray, plan: tuple[Build, ...]
    ) -> float:
        """SG-18: expected own points of the extra trips the plan's stations/intensify trigger."""
        mine = self._points(table, state)
        p = table.players.index(self.player)
        return sum(
            float(mine[p, b.square] @ w) for b in plan if b.action in ("station", "intensify")
        )

    # --- evaluation -----------------------------------------------------------------------
    def _value(self, table: TripTable, state: GameState, w: np.ndarray) -> float:
        """Own expected points per trip minus a share of the best opponent's."""
        points = self._points(table, state)
        expected = np.einsum("o,pod,d->p", w, points, w)
        p = table.players.index(self.player)
        others = np.delete(expected, p)
        return float(expected[p] - OPPONENT_WEIGHT * (others.max() if others.size else 0.0))

    def _points(self, table: TripTable, state: GameState) -> np.ndarray:
        """table.points with this agent as the SG-14 chooser, remembered per table."""
        key = id(table)
        if key not in self._memo:
            rules = state.scenario.rules
            points = table.points(rules.single_system_points, rules.shared_points, self.player)
            if len(self._memo) >= 8:
                self._memo.pop(next(iter(self._memo)))
            self._memo[key] = (table, points)
        return self._memo[key][1]

    def _horizon(self, state: GameState) -> float:
        """Rough number of trips still to come (the designer's decks speed up over time)."""
        end = state.scenario.end
        rounds_left = (end.turns or 30) - state.round
        flips = np.mean([d.flips for d in state.decks])
        return max(3.0, rounds_left * len(state.players) * max(1.0, flips / 2))

    def _best_deck(
        self, state: GameState, square: int, table: TripTable, w: np.ndarray, base: float
    ) -> tuple[float, str] | None:
        """The deck whose card of `square` (added from supply) most raises our value."""
        best: tuple[float, str] | None = None
        ids = cards_of(state.board, state.decks, square)
        for index, (deck, identity) in enumerate(zip(state.decks, ids, strict=True)):
            if deck.supply[identity] == 0:
                continue
            w2 = square_weights(state, (index, identity))
            gain = self._value(table, state, w2) - base
            if gain > 1e-12 and (best is None or gain > best[0]):
                best = (gain, deck.name)
        return best

    # --- SG-14 and SG-16 decisions -----------------------------------------------------------
    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        rules = state.scenario.rules

        def points(choice: frozenset[str], player: str) -> int:
            if player not in choice:
                return 0
            return rules.single_system_points if len(choice) == 1 else rules.shared_points

        def key(choice: frozenset[str]) -> tuple[int, int]:
            rival = max((points(choice, p) for p in state.players if p != self.player), default=0)
            return (-points(choice, self.player), rival)

        return min(options.choices, key=key)  # own points first, then the least for a rival

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        weights = square_weights(state)
        table = state.router().trip_table()
        best = self._best_deck(state, square, table, weights, self._value(table, state, weights))
        return None if best is None else best[1]


def _price(cost: int | str, budget: int) -> int:
    """A whole-phase build counts as the whole budget (at least one point) when planning."""
    return max(budget, 1) if cost == builds.PHASE else int(cost)
