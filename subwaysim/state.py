"""The whole mutable state of one Subway Game: what the rules change turn by turn.

`GameState.copy()` is cheap (decks are small lists, the network is immutable and shared,
routing results are shared through the content-keyed cache), so search players can play
many futures forward from one state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from subwaysim.board import Board
from subwaysim.builds import Prices
from subwaysim.cards import Chance, Deck, SeededChance, card_table, new_decks, squares_named
from subwaysim.network import Network
from subwaysim.routing import RouteCache, Router, RoutingRules
from subwaysim.scenario import Scenario

Emit = Callable[..., None]  # emit(EventClass, **fields): the engine stamps the time
CONSTANT = (
    "prices",
    "card_names",
    "deck_index",
    "named_squares",
)  # GameState's cached tables (never change)


def start_network(scenario: Scenario, board: Board) -> Network:
    """The scenario's `start.track` and `start.stations` (builder: the station's owner)."""
    track = {p: frozenset(board.square(s) for s in sq) for p, sq in scenario.start.track.items()}
    network = Network(board, scenario.player_names, track)
    for player, stations in scenario.start.stations.items():
        for square, kind in stations.items():
            network = network.with_station(board.square(square), kind, player)
    return network


def routing_rules(scenario: Scenario) -> RoutingRules:
    r = scenario.rules
    return RoutingRules(
        r.hazard_walk_cost, r.hazard_cost_on, r.transfer_cost, r.express, r.walking_is_a_mode
    )


@dataclass
class GameState:
    scenario: Scenario
    board: Board
    decks: tuple[Deck, ...]
    network: Network
    chance: Chance
    scores: dict[str, int]
    routing: RoutingRules
    cache: RouteCache = field(default_factory=RouteCache)
    turn: int = 0
    bank: dict[str, int] = field(default_factory=dict)  # SG-22 banked build points
    debt: dict[str, int] = field(default_factory=dict)  # SG-22 debt tokens held
    borrowed: dict[str, int] = field(default_factory=dict)  # SG-22 points borrowed so far
    ending: str | None = None  # SG-20 end.finish_round: the condition met, the round to finish
    _router: Router | None = None

    @cached_property
    def prices(self) -> Prices:
        """The scenario's build costs as plain values (SG-17, SG-21)."""
        return Prices.of(self.scenario.rules)

    @cached_property
    def card_names(self) -> list[tuple[int, ...]]:
        """For each square, the identities naming it, one per deck (SG-3, SG-4)."""
        return [tuple(int(i) for i in row) for row in card_table(self.board, len(self.decks))]

    @cached_property
    def named_squares(self) -> Mapping[tuple[int, ...], int]:
        """Each square by the identities naming it, one per deck (SG-3, `square_of` as a
        look-up); `square_of` answers any other cards."""
        return squares_named(self.board, self.decks)

    @cached_property
    def deck_index(self) -> dict[str, int]:
        return {d.name: i for i, d in enumerate(self.decks)}

    @classmethod
    def new(cls, scenario: Scenario, seed: int | None = None) -> GameState:
        seed = scenario.seed if seed is None else seed
        board = scenario.make_board(seed)
        cards = scenario.cards
        players = scenario.player_names
        return cls(
            scenario=scenario,
            board=board,
            decks=new_decks(board, cards.decks, cards.max_population, cards.initial_population),
            network=start_network(scenario, board),
            chance=SeededChance(seed),
            scores=dict.fromkeys(players, 0),
            routing=routing_rules(scenario),
            bank=dict.fromkeys(players, 0),
            debt=dict.fromkeys(players, 0),
            borrowed=dict.fromkeys(players, 0),
        )

    def copy(self) -> GameState:
        """An independent state: the same game from here on (same chance streams)."""
        twin = replace(
            self,
            decks=tuple(d.copy() for d in self.decks),
            scores=dict(self.scores),
            bank=dict(self.bank),
            debt=dict(self.debt),
            borrowed=dict(self.borrowed),
        )
        for name in CONSTANT:  # read-only tables of the board and rules: shared, not rebuilt
            if name in self.__dict__:
                twin.__dict__[name] = self.__dict__[name]
        return twin

    def sampled(self, seed: int) -> GameState:
        """A copy as a player at the table may imagine it: what is hidden (the order of
        every draw pile, every future reshuffle and populate draw) guessed from `seed`.
        Everything else is public: supply, discard piles, queues and counts. Two guesses
        from one seed see the same cards even when the players' decisions differ."""
        future = self.copy()
        future.chance = SeededChance(seed)
        order = random.Random(f"{seed}/hidden")
        for deck in future.decks:
            deck.draw_pile.sort()  # forget the real order before guessing one
            order.shuffle(deck.draw_pile)
        return future

    @property
    def players(self) -> tuple[str, ...]:
        return self.network.players  # the scenario's player names (`start_network`)

    @property
    def round(self) -> int:
        """Turns each player has completed (or is in) so far."""
        return -(-self.turn // len(self.players))

    @property
    def player(self) -> str:
        """Whose turn it is (the turn in progress; before the first, the first player)."""
        return self.players[max(self.turn - 1, 0) % len(self.players)]

    @property
    def next_player(self) -> str:
        return self.players[self.turn % len(self.players)]

    def router(self) -> Router:
        if self._router is None or self._router.network is not self.network:
            self._router = Router(self.network, self.routing, self.cache)
        return self._router

    def router_for(self, network: Network) -> Router:
        """A router for a hypothetical network, sharing this game's cache (today's own
        router for today's network: the same answers, its parts already worked out)."""
        if network is self.network:
            return self.router()
        return Router(network, self.routing, self.cache)

    def deck(self, name: str) -> Deck:
        return next(d for d in self.decks if d.name == name)

    def empty_supply_piles(self) -> int:
        return sum(d.empty_supply_piles() for d in self.decks)

    def describe(self) -> dict[str, Any]:
        return {"turn": self.turn, "scores": dict(self.scores)}
