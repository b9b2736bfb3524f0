"""Commuter trips: take, resolve and score them (SG-8, SG-13..SG-16, SG-18)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from subwaysim.agents.base import Agent
from subwaysim.board import Board
from subwaysim.cards import cards_of, square_of
from subwaysim.events import Intensified, Leg, NoTrip, TripTaken
from subwaysim.population import draw
from subwaysim.routing import Ride, Route, TripOptions, Walk, ordered_modes
from subwaysim.scenario import RulesSpec
from subwaysim.state import Emit, GameState


def take_queue_trips(
    state: GameState, player: str, agents: Mapping[str, Agent], emit: Emit | None
) -> int:
    """SG-8: trips from the queues while every queue can supply them. Returns trips taken."""
    if state.scenario.rules.trip_mode == "queue_origin_draw_destination":
        return _queue_origin_draw_destination(state, player, agents, emit)
    decks = state.decks
    # The queues hold every trip of the phase now: two cards a deck a trip, taken while
    # every queue has two (nothing in the phase adds to a queue, SG-7 fills them before).
    count = min([len(d.queue) for d in decks]) // 2
    if count == 0:
        return 0
    # Each square's cards, one of each deck's queue (SG-3), in queue order.
    named = list(zip(*[list(d.queue)[: 2 * count] for d in decks], strict=True))
    lookup = state.named_squares  # (`named_square`, its fallback for other cards)
    squares = [sq if (sq := lookup.get(c)) is not None else named_square(state, c) for c in named]
    origins, destinations = squares[0::2], squares[1::2]
    # One network the whole phase: every trip's options at once (the same answers).
    found = state.router().options_of(origins, destinations)
    for origin, destination, options in zip(origins, destinations, found, strict=True):
        for deck in decks:  # the trip's cards, held while it is resolved (`take_from_queue`)
            queue, held = deck.queue, deck.held
            held.append(queue.popleft())
            held.append(queue.popleft())
        resolve_trip(state, player, origin, destination, "queue", agents, emit, options)
        _discard_held(state)
    return count


def _queue_origin_draw_destination(
    state: GameState, player: str, agents: Mapping[str, Agent], emit: Emit | None
) -> int:
    """SG-8 option: the origin from one card per queue, the destination drawn (SG-5)."""
    trips = 0
    while all(len(d.queue) >= 1 for d in state.decks):
        origin_cards = tuple(d.take_from_queue() for d in state.decks)
        origin = named_square(state, origin_cards)
        dest_cards = tuple(draw(state, d, emit) for d in state.decks)
        if None in dest_cards:
            _no_trip(state, player, origin, dest_cards, emit)
        else:
            destination = named_square(state, dest_cards)  # type: ignore[arg-type]
            resolve_trip(state, player, origin, destination, "queue", agents, emit)
            trips += 1
        _discard_held(state)
    return trips


def extra_trip(
    state: GameState, player: str, origin: int, agents: Mapping[str, Agent], emit: Emit | None
) -> bool:
    """SG-18: a trip from `origin` to the square named by each queue's first card (or a draw)."""
    cards: list[int | None] = []
    for deck in state.decks:
        cards.append(deck.take_from_queue() if deck.queue else draw(state, deck, emit))
    if None in cards:
        _no_trip(state, player, origin, cards, emit)
        _discard_held(state)
        return False
    destination = named_square(state, tuple(cards))  # type: ignore[arg-type]
    resolve_trip(state, player, origin, destination, "extra", agents, emit)
    _discard_held(state)
    return True


def resolve_trip(
    state: GameState,
    player: str,
    origin: int,
    destination: int,
    cause: str,
    agents: Mapping[str, Agent],
    emit: Emit | None,
    options: TripOptions | None = None,
) -> int:
    """SG-13..SG-16: shortest trip, tie-break, score, then the chance to intensify.
    Returns the trip's distance. The legs are only worked out for a listener. `options`,
    when given, are the trip's on today's network (`Router.options_of`)."""
    if options is None:
        options = state.router().options(origin, destination)
    choices = options.choices
    chosen = choices[0]
    if len(choices) > 1:  # SG-14: the player whose turn it is chooses
        chosen = agents[player].choose_route(state, options)
        if chosen not in choices:
            raise ValueError(f"{player} chose {sorted(chosen)}, not one of the tied sets (SG-14)")
    systems = systems_in_seat_order(state.network.players, chosen)
    rules = state.scenario.rules
    points, scores = trip_points(rules, systems), state.scores
    for owner, gained in points.items():
        scores[owner] += gained
    if emit is not None:
        route = state.router().route(origin, destination, chosen)
        emit(
            TripTaken,
            player=player,
            cause=cause,
            origin=state.board.name(origin),
            destination=state.board.name(destination),
            distance=options.distance,
            systems=systems,
            choices=tuple(ordered_modes(state.players, c) for c in options.choices),
            legs=legs_record(state.board, route),
            points=points,
        )
    if options.distance < rules.intensify_below:  # SG-16 (`_intensify_after_trip`)
        _intensify_after_trip(state, player, destination, options.distance, agents, emit)
    return options.distance


def named_square(state: GameState, cards: tuple[int, ...]) -> int:
    """The square one card of each deck names (SG-3): the state's look-up, else `square_of`."""
    found = state.named_squares.get(cards)
    return square_of(state.board, state.decks, cards) if found is None else found


@lru_cache(maxsize=256)
def systems_in_seat_order(players: tuple[str, ...], chosen: frozenset[str]) -> tuple[str, ...]:
    """The systems of a set of modes, in seat order (walking is no system)."""
    return tuple(p for p in players if p in chosen)


def trip_points(rules: RulesSpec, systems: tuple[str, ...]) -> dict[str, int]:
    """SG-15: one system scores single_system_points; two or more score shared_points each."""
    if len(systems) == 1:
        return {systems[0]: rules.single_system_points}
    return dict.fromkeys(systems, rules.shared_points)


def _intensify_after_trip(
    state: GameState,
    player: str,
    destination: int,
    distance: int,
    agents: Mapping[str, Agent],
    emit: Emit | None,
) -> None:
    """SG-16: after a short trip the current player may intensify the destination."""
    if distance >= state.scenario.rules.intensify_below:
        return
    deck_name = agents[player].choose_intensify(state, destination)
    if deck_name is None:
        return
    intensify(state, player, destination, deck_name, "trip", emit)


def intensify(
    state: GameState, player: str, square: int, deck_name: str, cause: str, emit: Emit | None
) -> bool:
    """Move one copy of `square`'s card of `deck_name` from supply to discard, if any is left."""
    index = [d.name for d in state.decks].index(deck_name)
    identity = cards_of(state.board, state.decks, square)[index]
    if not state.decks[index].add_from_supply(identity):
        return False
    if emit is None:
        return True
    emit(
        Intensified,
        player=player,
        square=state.board.name(square),
        deck=deck_name,
        identity=identity,
        cause=cause,
    )
    return True


def legs_record(board: Board, route: Route) -> tuple[Leg, ...]:
    legs = []
    for leg in route.legs:
        squares = tuple(board.name(s) for s in leg.squares)
        if isinstance(leg, Walk):
            legs.append(Leg("walk", squares))
        elif isinstance(leg, Ride):
            stops = tuple(board.name(s) for s in leg.stops)
            legs.append(Leg("ride", squares, leg.system, stops, leg.express))
    return tuple(legs)


def _no_trip(
    state: GameState, player: str, origin: int, cards: Sequence[int | None], emit: Emit | None
) -> None:
    if emit is not None:
        empty = state.decks[list(cards).index(None)].name
        emit(NoTrip, player=player, origin=state.board.name(origin), deck=empty)


def _discard_held(state: GameState) -> None:
    """SG-8, SG-18: the cards a trip used go to their decks' discard piles."""
    for deck in state.decks:
        deck.discard_held()
