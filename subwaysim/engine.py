"""The SimPy-driven game loop: turns are a process, phases advance the clock (SG-19, SG-20).

The phases are the forward model's (`turn.py`); here every step emits a frozen event to the
observers, and the result is the last event's summary.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import simpy

from subwaysim.agents import make_agent
from subwaysim.agents.base import Agent
from subwaysim.events import (
    DeckState,
    Event,
    FinalRound,
    GameEnded,
    GameStarted,
    TurnEnded,
    TurnStarted,
)
from subwaysim.scenario import Scenario
from subwaysim.state import Emit, GameState
from subwaysim.turn import (
    AgentError,
    begin_turn,
    build_phase,
    end_reason,
    populate_phase,
    trip_phase,
    turns_to_round_end,
    winners,
)

__all__ = ["AgentError", "Game", "GameResult", "Observer", "play_game"]

Observer = Callable[[Event], None]
PHASE_TIME = 1.0  # each phase (populate, trips, build) advances the clock by one unit


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
            yield from self._turn()
            reason = end_reason(state)  # SG-20 (asked already in the turn: the same answer)
            if reason:
                self._finish(reason)
                return

    def _turn(self) -> Iterator[simpy.Event]:
        state = self.state
        # Nobody listening: the phases build no events (no route legs, no snapshots).
        emit = self.emit if self.observers else None
        player = begin_turn(state)
        if emit is not None:
            emit(TurnStarted, turn=state.turn, round=state.round, player=player)
        populate_phase(state, emit)  # SG-19 step 1: SG-6, SG-7
        yield self.env.timeout(PHASE_TIME)
        trip_phase(state, player, self.agents, emit)  # step 2: SG-8
        yield self.env.timeout(PHASE_TIME)
        build_phase(state, player, self.agents, emit)  # step 3: SG-17, SG-18
        yield self.env.timeout(PHASE_TIME)
        if emit is not None:
            announce_final_round(state, player, emit)
            emit(TurnEnded, **turn_end_fields(state, player))

    def _finish(self, reason: str) -> None:
        state = self.state
        won = winners(state)  # SG-20
        self.result = GameResult(dict(state.scores), won, state.turn, state.round, reason)
        self.emit(
            GameEnded,
            turns=state.turn,
            rounds=state.round,
            reason=reason,
            scores=dict(state.scores),
            winners=won,
        )


def announce_final_round(state: GameState, player: str, emit: Emit) -> None:
    """SG-20 `end.finish_round`: the turn that meets an end condition says the round will
    be finished (a FinalRound event, before its TurnEnded); once, on that turn only."""
    waiting = state.ending
    if end_reason(state) is None and waiting is None and state.ending is not None:
        emit(
            FinalRound,
            player=player,
            turn=state.turn,
            round=state.round,
            reason=state.ending,
            turns_left=turns_to_round_end(state),
        )


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
        "bank": dict(state.bank),
        "debt": dict(state.debt),
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
