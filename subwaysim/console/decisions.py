"""A seat's decisions as text, recorded as they are made and replayed from a save (SG-14,
SG-16, SG-17, SG-22).

Every answer an agent gives the rules is one line: `build track c4`, `build borrow`, `done`
(no more builds this phase), `route IRT+BRT` (SG-14: the tied systems chosen), `intensify
row` or `intensify no` (SG-16). `Recorded` wraps any agent: it answers from a script first
(the decisions of a saved game) and records every answer, so that a game is the scenario,
the seed and these lines; replaying them gives the same game, whatever the agents would
decide now (a time-budget search does not decide the same twice).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import TypeVar

from subwaysim import builds
from subwaysim.agents.base import Agent
from subwaysim.builds import Build, BuildError, parse_build
from subwaysim.routing import TripOptions, ordered_modes
from subwaysim.state import GameState

DONE = "done"
MAX_LINE = 200  # characters: a route line names at most every system (8 names of 20)
T = TypeVar("T")


class DecisionError(ValueError):
    """A recorded decision that does not fit the game where it is replayed."""


def build_line(build: Build | None, state: GameState) -> str:
    return DONE if build is None else f"build {build.text(state.board)}"


def route_line(choice: frozenset[str], state: GameState) -> str:
    return f"route {route_label(choice, state)}"


def route_label(choice: frozenset[str], state: GameState) -> str:
    return "+".join(ordered_modes(state.players, choice))


def intensify_line(deck: str | None) -> str:
    return f"intensify {deck or 'no'}"


def read_build(line: str, state: GameState, player: str, points: int, first: bool) -> Build | None:
    """The build a recorded line names, checked as the engine would (SG-17, SG-22)."""
    if line == DONE:
        return None
    word, _, text = line.partition(" ")
    if word != "build":
        raise DecisionError(f"the rules ask {player} for a build here, not {line!r}")
    names = tuple(d.name for d in state.decks)
    try:
        build = parse_build(text, state.board, names)
    except BuildError as exc:
        raise DecisionError(str(exc)) from None
    reason = builds.check(build, state, player, points, first)
    if reason:
        raise DecisionError(reason)
    return build


def read_route(line: str, state: GameState, options: TripOptions) -> frozenset[str]:
    """SG-14: the tied set of systems a recorded line names."""
    labels = {route_label(c, state): c for c in options.choices}
    word, _, label = line.partition(" ")
    if word != "route" or label not in labels:
        raise DecisionError(f"the trip offers {' or '.join(labels)} (SG-14), not {line!r}")
    return labels[label]


def read_intensify(line: str, state: GameState) -> str | None:
    """SG-16: the deck a recorded line intensifies, or None."""
    names = [d.name for d in state.decks]
    word, _, deck = line.partition(" ")
    if word != "intensify" or deck not in [*names, "no"]:
        raise DecisionError(f"expected intensify {'|'.join(names)}|no (SG-16), not {line!r}")
    return None if deck == "no" else deck


class Recorded(Agent):
    """An agent whose answers are recorded; a script of earlier answers is replayed first.

    `on_live` is called when the script is used up and the agent itself is asked.
    """

    def __init__(
        self,
        agent: Agent,
        script: Iterable[str] = (),
        on_live: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(agent.player, agent.rng)
        self.agent = agent
        self.kind = agent.kind
        self.script = deque(script)
        self.record: list[str] = []
        self.on_live = on_live

    def _scripted(self) -> str | None:
        if self.script:
            return self.script.popleft()
        if self.on_live is not None:
            self.on_live()
        return None

    def _replayed(self, line: str, read: Callable[[], T]) -> T:
        """`read()` the recorded line; a line that does not fit says whose and which it is."""
        try:
            return read()
        except DecisionError as exc:
            number = len(self.record) + 1
            raise DecisionError(f"{self.player}'s decision {number} {line!r}: {exc}") from None

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        line = self._scripted()
        if line is not None:
            player = self.player
            build = self._replayed(
                line, lambda: read_build(line, state, player, points_left, first)
            )
        else:
            build = self.agent.choose_build(state, points_left, first)
        self.record.append(build_line(build, state))
        return build

    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        line = self._scripted()
        if line is not None:
            choice = self._replayed(line, lambda: read_route(line, state, options))
        else:
            choice = self.agent.choose_route(state, options)
        self.record.append(route_line(choice, state))
        return choice

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        line = self._scripted()
        if line is not None:
            deck = self._replayed(line, lambda: read_intensify(line, state))
        else:
            deck = self.agent.choose_intensify(state, square)
        self.record.append(intensify_line(deck))
        return deck
