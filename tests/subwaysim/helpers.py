"""Shared test helpers: scenarios from dicts, scripted agents, event capture."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st

from subwaysim.agents.base import Agent
from subwaysim.builds import Build
from subwaysim.routing import TripOptions
from subwaysim.scenario import Scenario
from subwaysim.state import GameState


def scenario(**sections: Any) -> Scenario:
    """A Scenario from keyword sections, e.g. scenario(rules={"builds_per_turn": 2})."""
    return Scenario.model_validate(sections)


class Scripted(Agent):
    """An agent that plays a fixed list of builds and fixed SG-14/SG-16 answers."""

    kind = "scripted"

    def __init__(
        self,
        player: str,
        builds: Iterable[Build | None] = (),
        route: Iterable[str] | None = None,
        intensify: str | None = None,
    ) -> None:
        super().__init__(player, random.Random(0))
        self.builds = list(builds)
        self.route = frozenset(route) if route is not None else None
        self.intensify = intensify
        self.route_questions: list[TripOptions] = []
        self.intensify_questions: list[int] = []

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        return self.builds.pop(0) if self.builds else None

    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        self.route_questions.append(options)
        if self.route is not None and self.route in options.choices:
            return self.route
        return options.choices[-1]

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        self.intensify_questions.append(square)
        return self.intensify


class Recorder:
    """Observer/emit double: records events (with the engine's `emit` signature too)."""

    def __init__(self) -> None:
        self.events: list[Any] = []

    def __call__(self, kind: Any, **fields: Any) -> None:
        self.events.append(kind(time=0.0, **fields))

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]


def small_boards() -> st.SearchStrategy[dict[str, Any]]:
    """Scenario `board` sections for property tests: up to 2 x 2 sections of 2..4 squares a
    side (SG-1), with or without hazards (SG-2)."""
    return st.fixed_dictionaries(
        {
            "sections": st.tuples(st.integers(1, 2), st.integers(1, 2)),
            "section_size": st.tuples(st.integers(2, 4), st.integers(2, 4)),
            "hazard_density": st.sampled_from([0.0, 0.15]),
        }
    )
