"""The whole mutable state of one Subway Game, owned by the engine."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from subwaysim.board import Board
from subwaysim.cards import Deck, new_decks
from subwaysim.network import Network
from subwaysim.routing import RouteCache, Router, RoutingRules
from subwaysim.scenario import Scenario

Emit = Callable[..., None]  # emit(EventClass, **fields): the engine stamps the time


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
    return RoutingRules(r.hazard_walk_cost, r.hazard_cost_on, r.transfer_cost)


@dataclass
class GameState:
    scenario: Scenario
    board: Board
    decks: tuple[Deck, ...]
    network: Network
    rng: random.Random
    scores: dict[str, int]
    routing: RoutingRules
    cache: RouteCache = field(default_factory=RouteCache)
    turn: int = 0
    _router: Router | None = None

    @classmethod
    def new(cls, scenario: Scenario, seed: int | None = None) -> GameState:
        board = scenario.make_board()
        cards = scenario.cards
        return cls(
            scenario=scenario,
            board=board,
            decks=new_decks(board, cards.decks, cards.max_population, cards.initial_population),
            network=start_network(scenario, board),
            rng=random.Random(scenario.seed if seed is None else seed),
            scores=dict.fromkeys(scenario.player_names, 0),
            routing=routing_rules(scenario),
        )

    @property
    def players(self) -> tuple[str, ...]:
        return self.scenario.player_names

    @property
    def round(self) -> int:
        """Turns each player has completed (or is in) so far."""
        return -(-self.turn // len(self.players))

    def router(self) -> Router:
        if self._router is None or self._router.network is not self.network:
            self._router = Router(self.network, self.routing, self.cache)
        return self._router

    def router_for(self, network: Network) -> Router:
        """A router for a hypothetical network, sharing this game's cache."""
        return Router(network, self.routing, self.cache)

    def deck(self, name: str) -> Deck:
        return next(d for d in self.decks if d.name == name)

    def empty_supply_piles(self) -> int:
        return sum(d.empty_supply_piles() for d in self.decks)

    def describe(self) -> dict[str, Any]:
        return {"turn": self.turn, "scores": dict(self.scores)}
