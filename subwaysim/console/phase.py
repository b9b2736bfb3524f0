"""A build phase played forward from its start with given decisions (SG-17, SG-18, SG-22).

The console's build desk tries a person's builds this way (so `undo` is playing one fewer),
and a saved game's open phase is checked this way before it is loaded. Pure: no printing;
questions past the given decisions go to the `ask_*` callables, or are refused.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from subwaysim.agents.base import Agent
from subwaysim.builds import Build
from subwaysim.console.decisions import (
    DecisionError,
    intensify_line,
    read_build,
    read_intensify,
    read_route,
    route_line,
)
from subwaysim.events import Banked, Event
from subwaysim.routing import TripOptions
from subwaysim.state import GameState
from subwaysim.turn import finish_build_phase

AskRoute = Callable[[GameState, TripOptions], frozenset[str]]
AskIntensify = Callable[[GameState, int, Sequence[Event]], str | None]


@dataclass(frozen=True, slots=True)
class Position:
    """Where the phase stands after its kept decisions: the state, what happened, the
    decisions used, and (points left, first build?) if another build may follow."""

    state: GameState
    events: tuple[Event, ...]
    used: tuple[str, ...]
    pending: tuple[int, bool] | None


class _PhaseScript(Agent):
    """Plays the kept decisions, asks questions beyond them, and stops at the next build."""

    kind = "human"

    def __init__(
        self,
        player: str,
        lines: Sequence[str],
        ask_route: AskRoute | None,
        ask_intensify: AskIntensify | None,
        events: list[Event],
    ) -> None:
        super().__init__(player, random.Random(0))  # never drawn from
        self.lines, self.used = deque(lines), list[str]()
        self.ask_route, self.ask_intensify, self.events = ask_route, ask_intensify, events
        self.pending: tuple[int, bool] | None = None

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        if not self.lines:
            self.pending = (points_left, first)
            return None
        line = self.lines.popleft()
        self.used.append(line)
        return read_build(line, state, self.player, points_left, first)

    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        if self.lines:
            choice = read_route(self.lines.popleft(), state, options)
        elif self.ask_route is not None:
            choice = self.ask_route(state, options)
        else:
            raise DecisionError("the phase's decisions stop before a tied route (SG-14)")
        self.used.append(route_line(choice, state))
        return choice

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        if self.lines:
            deck = read_intensify(self.lines.popleft(), state)
        elif self.ask_intensify is not None:
            deck = self.ask_intensify(state, square, self.events)
        else:
            raise DecisionError("the phase's decisions stop before an intensify (SG-16)")
        self.used.append(intensify_line(deck))
        return deck


def replay_phase(
    start: GameState,
    player: str,
    points: int,
    lines: Sequence[str],
    ask_route: AskRoute | None = None,
    ask_intensify: AskIntensify | None = None,
) -> Position:
    """The phase played forward from `start` with `lines` (DecisionError if one does not
    fit; questions past the lines are asked, or refused without `ask_*`)."""
    state, events = start.copy(), list[Event]()

    def emit(kind: type[Event], **fields: object) -> None:
        events.append(kind(time=0, **fields))

    script = _PhaseScript(player, lines, ask_route, ask_intensify, events)
    finish_build_phase(state, player, {player: script}, points, True, emit)
    if script.lines:
        raise DecisionError(f"the phase ends before {script.lines[0]!r}")
    shown = tuple(e for e in events if not isinstance(e, Banked))  # banking is at `done`
    return Position(state, shown, tuple(script.used), script.pending)


def hidden_cards(state: GameState) -> tuple[tuple[int, int], ...]:
    """What changes when a draw pile is drawn from (SG-5): its size and its flips."""
    return tuple((len(d.draw_pile), d.flips) for d in state.decks)
