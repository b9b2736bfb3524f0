"""What a player expects of the rest of the game, from what is on the table.

- Where trips start and end: a trip draws each deck's card in proportion to the copies in
  play (draw pile, discard pile, queue), so the chance a trip starts or ends on a square is
  the product of its cards' shares (SG-3, SG-8).
- How many trips are left: turns left by the scenario's end conditions (SG-20: turns,
  score, depleted piles), times the trips a turn brings (each trip takes two cards of
  every queue, and queues grow by one card a reshuffle, SG-7) plus extra trips (SG-18).
- What a network is worth: a player's expected points per trip minus a share of the best
  rival's (`routing.expectation`), over a sample of trips drawn from the squares' weights.
Only public information is used: counts of cards, never the order of a pile.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, chain

import numpy as np

from subwaysim.agents.chances import (
    intensify_ratios,
    sample_kernel,
    square_weights_kernel,
    trips_to_come,
)
from subwaysim.agents.plan_values import plan_sums, rows_past_heads, split_table
from subwaysim.board import Board
from subwaysim.builds import Build
from subwaysim.cards import card_table
from subwaysim.network import Network
from subwaysim.routing.expectation import pair_points
from subwaysim.routing.variants import plans_points_flat
from subwaysim.state import GameState

RIVAL_WEIGHT = 0.5  # how much the best rival's expected points count against one's own
EXTRA_TRIPS_PER_TURN = 0.8  # SG-18 extra trips a turn brings, about (measured on classic)


def square_weights(state: GameState, extra: tuple[int, int] | None = None) -> np.ndarray:
    """P(a trip's origin, or destination, is square s) over the rest of the game: the cards in
    play, plus the copies populate (SG-6) brings in by the middle of the turns left.

    `extra` = (deck index, identity) counts one more copy of that card in play (intensify).
    One compiled call (`chances.square_weights_kernel`): the floats of `square_weights_of`.
    """
    decks = state.decks
    columns, most, identities, offsets, piles = _deck_tables(
        state.board, tuple((d.max_population, d.identities) for d in decks)
    )
    supply = np.fromiter(chain.from_iterable(d.supply for d in decks), np.int64, piles)
    deck, identity = (-1, -1) if extra is None else extra
    ahead = turns_left(state) / 2
    return square_weights_kernel(  # type: ignore[no-any-return]
        columns, most, identities, offsets, supply, ahead, deck, identity
    )


def square_weights_each(state: GameState, extras: Sequence[tuple[int, int]]) -> list[np.ndarray]:
    """`square_weights(state, extra)` for each of `extras`, the decks and the turns left read
    once (the same compiled call, the same arguments: the same floats)."""
    if not extras:
        return []
    decks = state.decks
    columns, most, identities, offsets, piles = _deck_tables(
        state.board, tuple((d.max_population, d.identities) for d in decks)
    )
    supply = np.fromiter(chain.from_iterable(d.supply for d in decks), np.int64, piles)
    ahead = turns_left(state) / 2
    return [
        square_weights_kernel(columns, most, identities, offsets, supply, ahead, deck, identity)
        for deck, identity in extras
    ]


def intensify_ratios_of(
    state: GameState, weights: np.ndarray, extras: Sequence[tuple[int, int]]
) -> np.ndarray:
    """(K, squares): for each (deck index, identity) of `extras`, `square_weights(state,
    extra)` over `weights` where a weight is positive, else 1 (the importance ratios of
    intensify, SG-17, SG-16), in one compiled call (`chances.intensify_ratios`: the floats
    of numpy's `divide` of each `square_weights_each`)."""
    decks = state.decks
    columns, most, identities, offsets, piles = _deck_tables(
        state.board, tuple((d.max_population, d.identities) for d in decks)
    )
    supply = np.fromiter(chain.from_iterable(d.supply for d in decks), np.int64, piles)
    ahead = turns_left(state) / 2
    chosen = np.array(extras, dtype=np.int64).reshape(len(extras), 2).T
    return intensify_ratios(  # type: ignore[no-any-return]
        columns, most, identities, offsets, supply, ahead, weights, chosen[0], chosen[1]
    )


def square_weights_of(
    state: GameState, ahead: float, extra: tuple[int, int] | None = None
) -> np.ndarray:
    """`square_weights` worked out afresh, `ahead` turns from now (half the turns left), in
    numpy's steps (the reference of `square_weights`: the same floats)."""
    cards = card_table(state.board, len(state.decks))
    weights = np.ones(state.board.size)
    for i, deck in enumerate(state.decks):
        supply = np.array(deck.supply, dtype=float)
        in_play = deck.max_population - supply  # every copy not in supply is in play (SG-4)
        counts = in_play + np.minimum(supply, ahead / deck.identities)
        if extra is not None and extra[0] == i:
            counts[extra[1]] += 1
        total = counts.sum()
        share = counts / total if total else np.full(len(counts), 1 / len(counts))
        weights *= share[cards[:, i]]
    return weights / weights.sum()


@lru_cache(maxsize=16)
def _deck_tables(
    board: Board, decks: tuple[tuple[int, int], ...]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """What `square_weights_kernel` reads of the decks (max population, identities) that
    does not change in a game: each deck's identity naming each square (a row a deck), the
    max populations, the identities, where each deck's supply piles start, and how many
    piles there are."""
    columns = np.ascontiguousarray(card_table(board, len(decks)).T)
    most = np.array([m for m, _ in decks], dtype=np.int64)
    identities = np.array([n for _, n in decks], dtype=np.int64)
    offsets = np.array([0, *accumulate(n for _, n in decks)], dtype=np.int64)
    for table in (columns, most, identities, offsets):
        table.flags.writeable = False
    return columns, most, identities, offsets, int(offsets[-1])


def turns_left(state: GameState) -> float:
    """Turns (of all players) the game may still last: the soonest end condition (SG-20)."""
    end, players = state.scenario.end, len(state.players)
    left = [end.max_turns * players - state.turn]
    if end.turns is not None:
        left.append(end.turns * players - state.turn)
    if end.score is not None:
        best = max(state.scores.values())
        rate = max(best / max(state.turn, 1), 0.5)  # the leader's points a turn so far
        left.append((end.score - best) / rate)
    if end.depleted_piles is not None:
        left.append(_turns_to_deplete(state, end.depleted_piles - state.empty_supply_piles()))
    return max(min(left), 1.0)


def _turns_to_deplete(state: GameState, piles: int) -> float:
    """About when `piles` more supply piles are empty: a pile with r copies left in a deck of
    n identities loses one copy every n turns or so (SG-6 populate, one per deck a turn)."""
    if piles <= 0:
        return 1.0
    times = sorted(
        copies * deck.identities for deck in state.decks for copies in deck.supply if copies
    )
    return float(times[piles - 1]) if len(times) >= piles else float(state.turn + 1000)


def trips_per_turn(state: GameState, ahead: np.ndarray | float = 0) -> np.ndarray | float:
    """Trips a turn brings `ahead` turns from now: a queue grows to the deck's flips (SG-7)
    but never beyond its copies in play, every trip takes two cards of each queue (SG-8);
    flips and copies in play (SG-6) both grow by about one a turn. Plus SG-18 extra trips."""
    queue = None
    for deck in state.decks:
        in_play = deck.max_population * deck.identities - sum(deck.supply)
        most = deck.max_population * deck.identities
        length = np.minimum(np.minimum(deck.flips + ahead, in_play + ahead), most)
        queue = length if queue is None else np.minimum(queue, length)
    return np.floor(queue / 2) + EXTRA_TRIPS_PER_TURN  # type: ignore[operator]


def trips_left(state: GameState) -> float:
    """Trips still to come, turn by turn to the soonest end (SG-20); kept for the last few
    horizons (a build phase asks again and again of the same cards and scores).

    The same sum as `trips_left_of`: turn k from now brings floor(q_k / 2) + extra trips,
    where q_k = min over decks of min(flips + k, in play + k, copies) = min(s + k, m), with
    s the least of every deck's flips and copies in play, m the least deck (SG-6, SG-7)."""
    key = _horizon_key(state)
    found = _TRIPS_LEFT.get(key)
    if found is None:
        found = float(trips_to_come(*key, EXTRA_TRIPS_PER_TURN))  # (one compiled call)
        if len(_TRIPS_LEFT) >= TRIPS_LEFT_KEPT:
            _TRIPS_LEFT.pop(next(iter(_TRIPS_LEFT)))
        _TRIPS_LEFT[key] = found
    return found


def trips_left_of(state: GameState) -> float:
    """`trips_left` worked out afresh."""
    turns = int(np.ceil(turns_left(state)))
    return float(np.sum(trips_per_turn(state, np.arange(1, turns + 1))))


TRIPS_LEFT_KEPT = 64  # horizons whose trips `trips_left` keeps (a float each)
_TRIPS_LEFT: dict[tuple[int, int, int], float] = {}


def _horizon_key(state: GameState) -> tuple[int, int, int]:
    """Everything `trips_left_of` reads, boiled down: the turns left (SG-20, rounded up),
    the least of every deck's flips and copies in play (SG-6, SG-7), and the fewest copies
    of any deck (a queue never holds more)."""
    turns = math.ceil(turns_left(state))
    start: int | None = None
    most: int | None = None
    for deck in state.decks:
        copies = deck.max_population * deck.identities
        low = min(deck.flips, copies - sum(deck.supply))
        start = low if start is None else min(start, low)
        most = copies if most is None else min(most, copies)
    assert start is not None and most is not None  # (a game has a deck, SG-3)
    return turns, start, most


@dataclass
class TripSample:
    """Origins and destinations drawn from the squares' weights (with counts as weights)."""

    origins: np.ndarray
    origin_weights: np.ndarray
    destinations: np.ndarray
    destination_weights: np.ndarray

    @classmethod
    def draw(cls, weights: np.ndarray, size: int, draws: np.random.Generator) -> TripSample:
        """`size` origins and `size` destinations, each square as likely as its weight."""
        first = draws.random(size)
        second = draws.random(size)
        return cls(*sample_kernel(np.asarray(weights, dtype=np.float64), first, second))

    @classmethod
    def draw_reference(
        cls, weights: np.ndarray, size: int, draws: np.random.Generator
    ) -> TripSample:
        """`draw` in numpy's steps (its reference: the same sample, draw for draw)."""
        cumulative = np.cumsum(weights)
        ends = []
        for _ in range(2):
            picks = np.searchsorted(cumulative, draws.random(size) * cumulative[-1], side="right")
            counts = np.bincount(np.minimum(picks, len(weights) - 1), minlength=len(weights))
            found = np.flatnonzero(counts)
            ends += [found, counts[found] / size]
        return cls(*ends)

    @classmethod
    def exact(cls, weights: np.ndarray) -> TripSample:
        """Every square with a weight as an origin and as a destination, at its weight: a
        network's worth over these is the exact expectation over the squares' weights (no
        sampling noise; about 50 times the pairs of a 20 x 20 draw on a 12 x 12 board)."""
        squares = np.flatnonzero(weights > 0)
        share = weights[squares] / weights[squares].sum()
        return cls(squares, share, squares, share)

    def reweighted(self, ratio: np.ndarray) -> TripSample:
        """The same trips as seen under other square weights (importance ratio per square)."""
        return TripSample(
            self.origins,
            self.origin_weights * ratio[self.origins],
            self.destinations,
            self.destination_weights * ratio[self.destinations],
        )


@dataclass(frozen=True, slots=True)
class Trips:
    """The (O, D, P) points of a sample's trips on one network: the sampled origins and
    destinations first, then the `extras` squares as origins and as destinations."""

    points: np.ndarray
    sample: TripSample
    extras: tuple[int, ...]

    def origin(self, square: int) -> int:
        return len(self.sample.origins) + self.extras.index(square)

    def destination(self, square: int) -> int:
        return len(self.sample.destinations) + self.extras.index(square)


class Valuation:
    """A player's view of networks: points per trip over one sample of trips.

    `trips(network, squares)` works out, in one kernel call, the points of every sampled
    trip and of trips from and to the extra `squares`: a network's expected worth, its worth
    under other card weights (intensify) and SG-18 extra trips all come from it.
    """

    def __init__(
        self,
        state: GameState,
        player: str,
        sample: TripSample,
        weights: np.ndarray,
        rival_weight: float = RIVAL_WEIGHT,
    ) -> None:
        self.state = state
        self.player = player
        self.seat = state.players.index(player)
        self.rivals = [i for i in range(len(state.players)) if i != self.seat]
        self._rivals = np.array(self.rivals, dtype=np.int64)  # (as `plan_sums` reads them)
        self.sample = sample
        self.weights = weights  # the square weights the sample was drawn from
        self.rival_weight = rival_weight
        rules = state.scenario.rules
        self.points = (rules.single_system_points, rules.shared_points)

    def trips(self, network: Network, squares: tuple[int, ...] = ()) -> Trips:
        extras = tuple(dict.fromkeys(squares))
        extra = np.array(extras, dtype=np.int64)
        origins = np.concatenate([self.sample.origins, extra])
        destinations = np.concatenate([self.sample.destinations, extra])
        router = self.state.router_for(network)
        points = pair_points(router, origins, destinations, self.seat, *self.points)
        return Trips(points, self.sample, extras)

    def per_trip(self, network: Network) -> np.ndarray:
        """Each player's expected points a trip on `network`, over the sample's trips."""
        sample = self.sample
        points = self.trips(network).points
        o, d = len(sample.origins), len(sample.destinations)
        return np.einsum(
            "o,odp,d->p", sample.origin_weights, points[:o, :d], sample.destination_weights
        )

    def trips_of_plans(
        self, network: Network, plans: Sequence[tuple[tuple[Build, ...], tuple[int, ...]]]
    ) -> list[Trips | None]:
        """`trips` on the network each plan leaves (its builds by this player on `network`)
        with its extra squares, all in one compiled call (`variants.plan_points`); None for a
        plan whose steps no longer make sense (`plans.outcome` None). The same points as
        `trips(outcome(...), squares)` plan by plan."""
        if not plans:
            return []
        extras, valid, points, offsets = self._points_of(network, plans)
        found = PlanValues(self, valid.tolist(), points, offsets.tolist(), extras, [], [])
        return [found.trips(i) for i in range(len(plans))]

    def _points_of(
        self, network: Network, plans: Sequence[tuple[tuple[Build, ...], tuple[int, ...]]]
    ) -> tuple[list[tuple[int, ...]], np.ndarray, np.ndarray, np.ndarray]:
        """(each plan's extra squares, once each in order, and `plans_points_flat`'s valid
        flags, points end to end and offsets) for plans by this player on `network`."""
        sample = self.sample
        extras = [tuple(dict.fromkeys(squares)) for _, squares in plans]
        valid, points, offsets = plans_points_flat(
            self.state.router_for(network),
            self.seat,
            [steps for steps, _ in plans],
            sample.origins,
            sample.destinations,
            extras,
            self.seat,
            *self.points,
        )
        return extras, valid, points, offsets

    def plan_values(
        self,
        network: Network,
        plans: Sequence[tuple[tuple[Build, ...], tuple[int, ...]]],
        starts: Sequence[tuple[int, ...]],
        heads: Sequence[int],
    ) -> PlanValues:
        """For each plan (its builds by this player on `network`, its extra squares), in one
        compiled call: its network's worth (`value`, the same sums) and the worth of its
        SG-18 extra trips from `starts` to the queue `heads` (`extra_trips`, the
        same floats), with no `Trips` made but for the plans that ask (`PlanValues.trips`).
        Every start and head must be among the plan's extra squares."""
        sample = self.sample
        extras, valid, points, offsets = self._points_of(network, plans)
        o, d, players = len(sample.origins), len(sample.destinations), len(self.state.players)
        table = np.fromiter(  # (what `plan_sums` reads: see there)
            chain(
                accumulate(map(len, extras), initial=0),
                accumulate(map(len, starts), initial=0),
                heads,
                chain.from_iterable(extras),
                chain.from_iterable(starts),
            ),
            np.int64,
        )
        blocks, head_trips, beyond = plan_sums(
            points,
            offsets,
            valid,
            table,
            len(heads),
            o,
            d,
            players,
            self.seat,
            self._rivals,
            self.rival_weight,
        )
        found = iter(self._block_values(blocks))
        extra = head_trips.tolist()
        if beyond:  # trips past the queues go to sampled destinations (`trip_from`)
            every, extra_offsets, begin, start_offsets, ends = split_table(
                table, len(plans), len(heads)
            )
            plan_of, rows = rows_past_heads(
                points,
                offsets,
                valid,
                every,
                extra_offsets,
                begin,
                start_offsets,
                ends,
                o,
                d,
                players,
            )
            found_rows = self.worths_of(sample.destination_weights @ rows)
            for i, worth in zip(plan_of.tolist(), found_rows, strict=True):
                extra[i] += worth  # (after its trips to the heads, in order)
        ok = valid.tolist()
        worths = [next(found) if good else None for good in ok]
        return PlanValues(
            self,
            ok,
            points,
            offsets.tolist(),
            extras,
            worths,
            [e if w is not None else None for w, e in zip(worths, extra, strict=True)],
        )

    def _block_values(self, blocks: np.ndarray) -> list[float]:
        """`values` of stacked (M, O, D * P) sampled blocks (the same products)."""
        if not len(blocks):
            return []
        s = self.sample
        by_destination = (s.origin_weights @ blocks).reshape(len(blocks), len(s.destinations), -1)
        return self.worths_of(by_destination.transpose(0, 2, 1) @ s.destination_weights)

    def worths_of(self, points: np.ndarray) -> list[float]:
        """`worth` of each row of (M, P) points, elementwise (the same two float steps a
        row: own minus the rival weight times the best rival's)."""
        if not self.rivals:
            rival = np.zeros(len(points))
        elif len(self.rivals) == 1:
            rival = points[:, self.rivals[0]]
        else:
            rival = points[:, self.rivals].max(axis=1)
        return (points[:, self.seat] - self.rival_weight * rival).tolist()  # type: ignore[no-any-return]

    def worth(self, points: np.ndarray) -> float:
        """Own expected points minus a share of the best rival's."""
        return self.worth_of(points.tolist())

    def worth_of(self, values: list[float]) -> float:
        """`worth` of each player's points as plain numbers (the same operations)."""
        rivals = self.rivals
        if len(rivals) == 1:  # (the max of one rival, without a generator)
            return values[self.seat] - self.rival_weight * values[rivals[0]]
        rival = max((values[i] for i in rivals), default=0.0)
        return values[self.seat] - self.rival_weight * rival

    def value(self, trips: Trips, sample: TripSample | None = None) -> float:
        """The worth of the sampled trips (of `sample`'s weights, default the view's own)."""
        s = sample or self.sample
        o, d = len(s.origins), len(s.destinations)
        return self._value_of(np.ascontiguousarray(trips.points[:o, :d]), s)

    def values_under(self, trips: Trips, ratios: np.ndarray | Sequence[np.ndarray]) -> list[float]:
        """`value(trips, self.sample.reweighted(ratio))` for each of `ratios` (importance
        ratios per square, a row each: intensify, SG-16), the sampled block copied once: each
        ratio's sample weights made as `reweighted` makes them (new arrays: a row of one
        table gives BLAS's product other floats), the same two products as `_value_of`."""
        if not len(ratios):
            return []
        s = self.sample
        o, d = len(s.origins), len(s.destinations)
        block = np.ascontiguousarray(trips.points[:o, :d]).reshape(o, -1)
        origins, destinations = s.origins, s.destinations
        origin_weights, destination_weights = s.origin_weights, s.destination_weights
        worth = self.worth
        return [
            worth(
                ((origin_weights * ratio[origins]) @ block).reshape(d, -1).T
                @ (destination_weights * ratio[destinations])
            )
            for ratio in ratios
        ]

    def _value_of(self, block: np.ndarray, s: TripSample) -> float:
        """The worth of the (O, D, P) contiguous `block` of points under `s`'s weights."""
        o, d = len(s.origins), len(s.destinations)
        points = (s.origin_weights @ block.reshape(o, -1)).reshape(d, -1).T @ s.destination_weights
        return self.worth(points)  # the sum over o, d of w_o * points[o, d] * w_d

    def values(self, found: Sequence[Trips]) -> list[float]:
        """`value` of each of `found` (the view's own sample), in one pass: the blocks
        stacked, each product the one `value` makes (the same shapes and strides, item by
        item), so the same sums bit for bit."""
        if not found:
            return []
        s = self.sample
        o, d = len(s.origins), len(s.destinations)
        # (end to end along the origins: the array `np.stack` makes, without its views)
        blocks = np.concatenate([t.points[:o, :d] for t in found]).reshape(len(found), o, -1)
        return self._block_values(blocks)

    def trip_from(self, trips: Trips, origin: int, destination: int | None) -> float:
        """The worth of one SG-18 extra trip from the extra square `origin` to the extra
        square `destination`, or (None) to a sampled destination."""
        sample, extras = trips.sample, trips.extras
        at = len(sample.origins) + extras.index(origin)  # (`trips.origin(origin)`)
        if destination is not None:
            to = len(sample.destinations) + extras.index(destination)  # (`.destination`)
            return self.worth_of(trips.points[at, to].tolist())
        d = len(self.sample.destinations)
        return self.worth(self.sample.destination_weights @ trips.points[at, :d])


@dataclass(slots=True)
class PlanValues:
    """What `Valuation.plan_values` found: per plan, whether its steps make sense, its
    network's worth and its SG-18 extra trips' worth (None where they do not)."""

    view: Valuation
    valid: list[bool]
    points: np.ndarray  # every plan's points end to end (`plans_points_flat`)
    offsets: list[int]
    extras: list[tuple[int, ...]]
    worths: list[float | None]
    extra: list[float | None]

    def trips(self, i: int) -> Trips | None:
        """Plan i's `Trips` (a view of its points), as `Valuation.trips_of_plans` gives it."""
        if not self.valid[i]:
            return None
        sample, extras = self.view.sample, self.extras[i]
        o, d = len(sample.origins) + len(extras), len(sample.destinations) + len(extras)
        block = self.points[self.offsets[i] : self.offsets[i + 1]]
        return Trips(block.reshape(o, d, len(self.view.state.players)), sample, extras)


def extra_trips(
    view: Valuation, trips: Trips, starts: tuple[int, ...], heads: Sequence[int]
) -> float:
    """SG-18: the worth of each extra trip; the k-th goes to the k-th queue head when the
    queues are that deep, else to a sampled destination."""
    if not starts:
        return 0
    # `view.trip_from` of each, inline (the same operations: a queue head's trip is one
    # trip's points; past the queues, a sampled destination's weighted sum).
    extras, points = trips.extras, trips.points
    at_origin, at_destination = len(trips.sample.origins), len(trips.sample.destinations)
    worths = []
    for k, start in enumerate(starts):
        at = at_origin + extras.index(start)
        if k < len(heads):
            to = at_destination + extras.index(heads[k])
            worths.append(view.worth_of(points[at, to].tolist()))
        else:
            worths.append(view.trip_from(trips, start, None))
    return sum(worths)
