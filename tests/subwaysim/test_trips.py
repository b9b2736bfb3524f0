"""SG-8 trips from queues, SG-13..SG-15 resolution and scoring, SG-16 intensify, SG-18 extras."""

from __future__ import annotations

from collections import deque

from subwaysim.events import Intensified, NoTrip, TripTaken
from subwaysim.state import GameState
from subwaysim.trips import extra_trip, take_queue_trips
from tests.subwaysim.helpers import Recorder, Scripted, scenario

ROW_OF_ELEVEN = {"sections": [1, 1], "section_size": [1, 11]}  # squares a1..k1 = 0..10


def line_state(start: dict, **rules) -> GameState:  # type: ignore[no-untyped-def]
    s = scenario(board=ROW_OF_ELEVEN, start=start, rules=rules)
    return GameState.new(s, seed=0)


def queue(state: GameState, *cards: list[int]) -> None:
    for deck, pile in zip(state.decks, cards, strict=True):
        deck.queue = deque(pile)


def agents(state: GameState, **kw) -> dict[str, Scripted]:  # type: ignore[no-untyped-def]
    return {p: Scripted(p, **kw) for p in state.players}


def test_sg8_queue_pairs_make_one_trip_and_discard_all_six_cards() -> None:
    state = GameState.new(scenario(), seed=0)
    queue(state, [0, 3, 1], [0, 5, 2], [0, 5])
    rec = Recorder()
    assert take_queue_trips(state, "IRT", agents(state), rec) == 1
    (trip,) = rec.of(TripTaken)
    assert (trip.origin, trip.destination) == ("a12", "l1")  # (0,0,0) and (3,5,5)
    assert trip.distance == 22 and trip.systems == () and trip.points == {}  # SG-15 walk
    assert [list(d.queue) for d in state.decks] == [[1], [2], []]
    assert [sorted(d.discard) for d in state.decks] == [[0, 3], [0, 5], [0, 5]]


class Watching(Scripted):
    """A Scripted player that notes, at each SG-16 question, the cards each deck holds for
    the trip and its discard pile."""

    def __init__(self, player: str) -> None:
        super().__init__(player, intensify=None)
        self.seen: list[tuple[list[list[int]], list[list[int]]]] = []

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        self.seen.append(
            ([d.held.copy() for d in state.decks], [sorted(d.discard) for d in state.decks])
        )
        return super().choose_intensify(state, square)


def test_sg8_a_phase_of_three_trips_takes_and_discards_each_trips_cards_in_turn() -> None:
    # Three trips from the queues (two cards a deck a trip; the fifth cards stay): a12 -> b12
    # (0,0,0 -> 0,0,1), b12 -> a12, a12 -> a11 (row 1); each distance 1, so SG-16 asks after
    # each, while that trip's cards are held and the earlier trips' are discarded.
    state = GameState.new(scenario(rules={"intensify_below": 3}), seed=0)
    queue(state, [0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 1, 3], [0, 1, 1, 0, 0, 0, 4])
    watcher = Watching("IRT")
    players = {p: watcher if p == "IRT" else Scripted(p) for p in state.players}
    rec = Recorder()
    assert take_queue_trips(state, "IRT", players, rec) == 3
    names = [(t.origin, t.destination, t.distance) for t in rec.of(TripTaken)]
    assert names == [("a12", "b12", 1), ("b12", "a12", 1), ("a12", "a11", 1)]
    assert watcher.intensify_questions == [state.board.square(n) for n in ("b12", "a12", "a11")]
    assert [held for held, _ in watcher.seen] == [
        [[0, 0], [0, 0], [0, 1]],
        [[0, 0], [0, 0], [1, 0]],
        [[0, 0], [0, 1], [0, 0]],
    ]
    assert [discard for _, discard in watcher.seen][2] == [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 1, 1]]
    assert [list(d.queue) for d in state.decks] == [[2], [3], [4]]


def test_sg8_no_trip_unless_every_queue_holds_two() -> None:
    state = GameState.new(scenario(), seed=0)
    queue(state, [0, 1, 2], [0, 1], [4])
    assert take_queue_trips(state, "IRT", agents(state), Recorder()) == 0


def test_sg8_option_queue_origin_draw_destination() -> None:
    state = GameState.new(scenario(rules={"trip_mode": "queue_origin_draw_destination"}), 0)
    queue(state, [0], [0], [0])
    for deck, top in zip(state.decks, [3, 5, 5], strict=True):
        deck.draw_pile = [top]
    rec = Recorder()
    assert take_queue_trips(state, "IRT", agents(state), rec) == 1
    (trip,) = rec.of(TripTaken)
    assert (trip.origin, trip.destination) == ("a12", "l1")
    assert all(not d.queue and not d.draw_pile and len(d.discard) == 2 for d in state.decks)


def test_sg8_option_with_an_empty_deck_takes_no_trip() -> None:
    state = GameState.new(scenario(rules={"trip_mode": "queue_origin_draw_destination"}), 0)
    queue(state, [0], [0], [0])
    rec = Recorder()
    assert take_queue_trips(state, "IRT", agents(state), rec) == 0
    assert rec.of(NoTrip)[0].deck == "section"
    assert all(d.discard == [0] for d in state.decks)  # the origin cards go to discard


def test_sg12_sg15_first_worked_example_scores_the_single_system() -> None:
    # Stations at 3, 6, 8 on one track: 0 -> 10 = walk 3 + ride 3 stops + walk 2 = 8.
    start = {
        "track": {"IRT": [f"{f}1" for f in "defghi"]},
        "stations": {"IRT": {"d1": "local", "g1": "local", "i1": "local"}},
    }
    state = line_state(start)
    queue(state, [0, 0], [0, 0], [0, 10])
    rec = Recorder()
    take_queue_trips(state, "BRT", agents(state), rec)
    (trip,) = rec.of(TripTaken)
    assert trip.distance == 8 and trip.systems == ("IRT",)
    assert trip.points == {"IRT": 2} and state.scores == {"IRT": 2, "BRT": 0}
    ride = next(leg for leg in trip.legs if leg.mode == "ride")
    assert ride.stops == ("d1", "g1", "i1")


def test_sg12_sg15_second_worked_example_is_shared() -> None:
    # Blue 0..4 and Red 4..8 with stations at 0, 4, 8: 0 -> 8 = 2 + 2 = 4, shared (SG-15).
    start = {
        "track": {"IRT": ["a1", "b1", "c1", "d1", "e1"], "BRT": ["e1", "f1", "g1", "h1", "i1"]},
        "stations": {"IRT": {"a1": "local", "e1": "local"}, "BRT": {"i1": "local"}},
    }
    state = line_state(start)
    queue(state, [0, 0], [0, 0], [0, 8])
    rec = Recorder()
    take_queue_trips(state, "IRT", agents(state), rec)
    (trip,) = rec.of(TripTaken)
    assert trip.distance == 4 and trip.systems == ("IRT", "BRT")
    assert trip.points == {"IRT": 1, "BRT": 1}


def test_sg14_the_current_player_chooses_between_tied_systems() -> None:
    # Two parallel single-system rides of equal length: BRT (whose turn it is) chooses.
    start = {
        "track": {"IRT": ["a1", "a2", "a3", "a4", "a5"], "BRT": ["b1", "b2", "b3", "b4", "b5"]},
        "stations": {
            "IRT": {"a1": "local", "a5": "local"},
            "BRT": {"b1": "local", "b5": "local"},
        },
    }
    state = GameState.new(scenario(start=start), seed=0)
    board = state.board
    origin, dest = board.locate(board.square("a1")), board.locate(board.square("b5"))
    queue(state, [origin[0], dest[0]], [origin[1], dest[1]], [origin[2], dest[2]])
    players = agents(state, route=["walk", "BRT"])
    rec = Recorder()
    take_queue_trips(state, "BRT", players, rec)
    (trip,) = rec.of(TripTaken)
    # a1 -> b5: ride IRT a1..a5 (2) + walk 1 = 3, or walk 1 + ride BRT b1..b5 (2) = 3;
    # either way two modes, walking being one (SG-14).
    assert trip.distance == 3
    assert set(trip.choices) == {("walk", "IRT"), ("walk", "BRT")}
    assert trip.points == {"BRT": 2}
    assert players["BRT"].route_questions and not players["IRT"].route_questions


def test_sg15_trip_to_the_same_square_scores_nothing() -> None:
    state = GameState.new(scenario(), seed=0)
    queue(state, [1, 1], [2, 2], [3, 3])
    rec = Recorder()
    take_queue_trips(state, "IRT", agents(state), rec)
    assert rec.of(TripTaken)[0].distance == 0 and rec.of(TripTaken)[0].points == {}


def test_sg16_short_trip_lets_the_current_player_intensify_the_destination() -> None:
    state = GameState.new(scenario(rules={"intensify_below": 3}), seed=0)
    # a12 -> b12 (distance 1): section 0 row 0 col 0 -> col 1.
    queue(state, [0, 0], [0, 0], [0, 1])
    players = agents(state, intensify="column")
    rec = Recorder()
    take_queue_trips(state, "IRT", players, rec)
    (event,) = rec.of(Intensified)
    assert (event.square, event.deck, event.identity, event.cause) == ("b12", "column", 1, "trip")
    assert state.decks[2].supply[1] == 3  # one copy left supply for discard
    assert players["IRT"].intensify_questions == [state.board.square("b12")]


def test_sg16_no_intensify_at_or_above_the_threshold_or_when_off() -> None:
    for below, cards in ((3, [0, 3]), (0, [0, 1])):  # distance 3 vs threshold 3; option off
        state = GameState.new(scenario(rules={"intensify_below": below}), seed=0)
        queue(state, [0, 0], [0, 0], cards)
        players = agents(state, intensify="row")
        take_queue_trips(state, "IRT", players, Recorder())
        assert players["IRT"].intensify_questions == []


def test_sg18_extra_trip_takes_queue_fronts_or_draws() -> None:
    state = GameState.new(scenario(), seed=0)
    state.decks[0].queue = deque([3])
    state.decks[1].draw_pile = [5]
    state.decks[2].discard = [5]  # empty draw pile: reshuffle (the first flip)
    rec = Recorder()
    assert extra_trip(state, "IRT", state.board.square("a12"), agents(state), rec)
    (trip,) = rec.of(TripTaken)
    assert trip.cause == "extra" and trip.destination == "l1"
    assert state.decks[2].flips == 1
    assert [d.discard for d in state.decks] == [[3], [5], [5]]


def test_sg18_no_extra_trip_when_a_deck_yields_no_card() -> None:
    state = GameState.new(scenario(), seed=0)
    state.decks[0].queue = deque([3])
    rec = Recorder()
    assert not extra_trip(state, "IRT", 0, agents(state), rec)
    assert rec.of(NoTrip)[0].deck == "row" and not rec.of(TripTaken)
    assert state.decks[0].discard == [3]  # the card taken is not lost


def test_todays_network_has_one_router_and_a_hypothetical_network_its_own() -> None:
    state = GameState.new(scenario(), seed=0)
    router = state.router()
    assert state.router_for(state.network) is router  # its parts worked out once
    other = state.network.with_track("IRT", 0)
    assert state.router_for(other) is not router
    assert state.router_for(other).network is other and state.router() is router
