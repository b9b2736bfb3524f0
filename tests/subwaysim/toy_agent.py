"""A toy agent, registered in this one place (the registry imports this module when the
environment variable SUBWAY_AGENTS names it, in every process, spawned workers included):
`idle` never builds, always takes the first tied set of systems (SG-14) and declines every
SG-16 intensify; `idle:N` is the same, a parameterised family for the registry's sake (N
does not change its play)."""

from __future__ import annotations

import re

from subwaysim.agents.base import Agent
from subwaysim.agents.registry import AgentFactory, AgentKind, register
from subwaysim.builds import Build
from subwaysim.routing import TripOptions
from subwaysim.state import GameState


class IdleAgent(Agent):
    kind = "idle"

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        return None

    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        return options.choices[0]

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        return None


def parse(spec: str) -> AgentFactory:
    _, _, patience = spec.partition(":")
    if patience and not patience.isdigit():
        raise ValueError(f"{spec!r}: idle:N takes a whole number")
    return IdleAgent


register(
    AgentKind(
        "idle",
        "never builds (a toy)",
        parse,
        syntax="idle[:N]",
        pattern=re.compile(r"^idle(:.*)?$"),
    )
)
