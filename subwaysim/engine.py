"""The SimPy-driven game loop: turns are a process, phases advance the clock (SG-19, SG-20).

Every step emits a frozen event to the observers; the result is the last event's summary.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import simpy

from subwaysim import builds
from subwaysim.agents import make_agent
from subwaysim.agents.base import Agent
from subwaysim.events import (
    Built,
    DeckState,
    Event,
    GameEnded,
    GameStarted,
    TurnEnded,
    TurnStarted,
)
from subwaysim.population import fill_queues, populate
from subwaysim.scenario import Scenario
from subwaysim.state import GameState
from subwaysim.trips import extra_trip, intensify, take_queue_trips

Observer = Callable[[Event], None]
PHASE_TIME = 1.0  # each phase (populate, trips, build) advances the clock by one unit


class AgentError(RuntimeError):
    """An agent asked for something the rules refuse (a bug in the agent)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    scores: dict[str, int]
    winners: tuple[str, ...]
    turns: int
    rounds: int
    reason: str


class Game:
    """One game of a scenario with a seed; `run()` plays it to the end."""

    def __init__(
        self,
        scenario: Scenario,
        seed: int | None = None,
        observers: Iterable[Observer] = (),
        agents: Mapping[str, Agent] | None = None,
    ) -> None:
        self.seed = scenario.seed if seed is None else seed
        self.state = GameState.new(scenario, self.seed)
        self.observers = list(observers)
        self.agents = dict(agents or {})
        for spec in scenario.players:
            if spec.name not in self.agents:
                rng = random.Random(f"{self.seed}:{spec.name}")
                self.agents[spec.name] = make_agent(spec.agent, spec.name, rng)
        self.env = simpy.Environment()
        self.result: GameResult | None = None

    def emit(self, kind: type[Event], **fields: Any) -> None:
        event = kind(time=self.env.now, **fields)
        for observe in self.observers:
            observe(event)

    def run(self) -> GameResult:
        self.env.process(self._play())
        self.env.run()
        assert self.result is not None
        return self.result

    # --- the process ------------------------------------------------------------------
    def _play(self) -> Iterator[simpy.Event]:
        state = self.state
        self.emit(GameStarted, **started_fields(state, self.seed))
        while True:
            for player in state.players:
                yield from self._turn(player)
                reason = end_reason(state)
                if reason:
                    self._finish(reason)
                    return

    def _turn(self, player: str) -> Iterator[simpy.Event]:
        state = self.state
        state.turn += 1
        self.emit(TurnStarted, turn=state.turn, round=state.round, player=player)
        populate(state, self.emit)  # SG-19 step 1: SG-6, SG-7
        fill_queues(state, self.emit)
        yield self.env.timeout(PHASE_TIME)
        take_queue_trips(state, player, self.agents, self.emit)  # step 2: SG-8
        yield self.env.timeout(PHASE_TIME)
        self._build_phase(player)  # step 3: SG-17, SG-18
        yield self.env.timeout(PHASE_TIME)
        self.emit(TurnEnded, **turn_end_fields(state, player))

    def _build_phase(self, player: str) -> None:
        state, agent = self.state, self.agents[player]
        costs = state.scenario.rules.costs
        points, first = state.scenario.rules.builds_per_turn, True
        while points > 0:
            build = agent.choose_build(state, points, first)
            if build is None:
                return
            reason = builds.check(build, state.network, state.decks, player, costs, points, first)
            if reason:
                raise AgentError(f"{player} ({agent.kind}) tried {build}: {reason}")
            price = builds.cost(build, state.network, player, costs)
            spent = points if price == builds.PHASE else int(price)
            points -= spent
            self._apply_build(player, build, spent, points)
            if price == builds.PHASE:
                return  # SG-17: a whole-phase build ends the phase
            first = False

    def _apply_build(self, player: str, build: builds.Build, spent: int, left: int) -> None:
        state = self.state
        state.network = builds.apply(build, state.network, player)
        self.emit(
            Built,
            player=player,
            action=build.action,
            square=state.board.name(build.square),
            detail=build.detail,
            cost=spent,
            points_left=left,
        )
        if build.action == "intensify":
            intensify(state, player, build.square, build.detail or "", "build", self.emit)
        if build.action in ("station", "intensify"):  # SG-18
            extra_trip(state, player, build.square, self.agents, self.emit)

    def _finish(self, reason: str) -> None:
        state = self.state
        best = max(state.scores.values())
        winners = tuple(p for p in state.players if state.scores[p] == best)  # SG-20
        self.result = GameResult(dict(state.scores), winners, state.turn, state.round, reason)
        self.emit(
            GameEnded,
            turns=state.turn,
            rounds=state.round,
            reason=reason,
            scores=dict(state.scores),
            winners=winners,
        )


def end_reason(state: GameState) -> str | None:
    """SG-20: the first end condition met after a turn, as a sentence, or None."""
    end = state.scenario.end
    full_rounds = state.turn // len(state.players)
    if end.score is not None and max(state.scores.values()) >= end.score:
        leader = max(state.players, key=lambda p: state.scores[p])
        return f"score: {leader} reached {end.score} points"
    if end.depleted_piles is not None and state.empty_supply_piles() >= end.depleted_piles:
        return f"depleted piles: {state.empty_supply_piles()} supply piles are empty"
    if end.turns is not None and full_rounds >= end.turns:
        return f"turns: every player has had {end.turns} turns"
    if full_rounds >= end.max_turns:
        return f"turn limit: every player has had {end.max_turns} turns (end.max_turns)"
    return None


def started_fields(state: GameState, seed: int) -> dict[str, Any]:
    board = state.board
    return {
        "scenario": state.scenario.name,
        "seed": seed,
        "players": state.players,
        "width": board.width,
        "height": board.height,
        "sections": board.sections,
        "section_size": board.section_size,
        "hazards": tuple(board.name(s) for s in sorted(board.hazards)),
        "decks": tuple(d.name for d in state.decks),
    }


def turn_end_fields(state: GameState, player: str) -> dict[str, Any]:
    """A snapshot of network, decks and scores (what a report needs to draw the turn)."""
    name = state.board.name
    return {
        "player": player,
        "turn": state.turn,
        "round": state.round,
        "scores": dict(state.scores),
        "track": {p: tuple(name(s) for s in sorted(state.network.track[p])) for p in state.players},
        "stations": tuple(
            (name(sq), st.kind, st.builder) for sq, st in sorted(state.network.stations.items())
        ),
        "decks": deck_states(state),
    }


def deck_states(state: GameState) -> tuple[DeckState, ...]:
    return tuple(
        DeckState(
            name=d.name,
            supply=sum(d.supply),
            draw=len(d.draw_pile),
            discard=len(d.discard),
            queue=tuple(d.queue),
            flips=d.flips,
            empty_piles=d.empty_supply_piles(),
        )
        for d in state.decks
    )


def play_game(
    scenario: Scenario, seed: int | None = None, observers: Iterable[Observer] = ()
) -> GameResult:
    """Play one whole game of `scenario` (seeded) and return the result."""
    return Game(scenario, seed, observers).run()
