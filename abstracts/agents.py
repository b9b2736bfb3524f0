"""Players that choose moves through the protocol: random, greedy, MCTS, and their specs.

An agent spec is the text a user types: `random`, `greedy`, `mcts` (budget from `--think`),
`mcts:0.2s` (CPU seconds per move), `mcts:500` (iterations per move), `mcts:...:guided` or
`mcts:...:guided=0.3` to score leaves with guided playouts (`GuidedPlayout(epsilon)`,
epsilon-greedy over `Game.greedy_move`; `guided=1` is the uniformly random `RandomPlayout`;
without it the game's default evaluator scores them), and `mcts:...:prior=W` for the weight
of the progressive bias towards the greedy move at the root (default 1; `prior=0` is plain
UCT). `human` is a spec only the console accepts.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Protocol

from abstracts.core import Game, Move, State
from abstracts.evaluators import Evaluator, GuidedPlayout, RandomPlayout

AGENT_KINDS = ("random", "greedy", "mcts")
DEFAULT_EPSILON = 0.2
# A bias of 1/visits towards the greedy move at the root: measured neutral on Rapid Transit and
# Thruway and a clear gain on Chess on a Mass Transit System, whose search is short.
DEFAULT_PRIOR = 1.0


class BadAgentSpec(ValueError):
    """An agent spec that does not parse (`mcts:0.2s`, `mcts:500`, `random`, ...)."""


class Agent(Protocol):
    """Something that picks a legal move for the side to move."""

    name: str

    def choose(self, state: State[Any]) -> Move: ...

    def reset(self) -> None:
        """Forget anything remembered between moves (called after undo or load)."""


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """A parsed agent spec: kind plus, for MCTS, the budget and playout policy."""

    kind: str
    seconds: float | None = None
    iterations: int | None = None
    epsilon: float | None = None  # None: the game's default evaluator; else guided playouts
    prior: float = 1.0  # progressive-bias weight of the greedy move at the root (DEFAULT_PRIOR)

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def __str__(self) -> str:
        if self.kind != "mcts":
            return self.kind
        text = "mcts"
        if self.iterations is not None:
            text += f":{self.iterations}"
        elif self.seconds is not None:
            text += f":{self.seconds:g}s"
        if self.epsilon is not None:
            text += f":guided={self.epsilon:g}"
        if self.prior != DEFAULT_PRIOR:
            text += f":prior={self.prior:g}"
        return text

    def evaluator(self, game: Game[Any, Any]) -> Evaluator:
        """How MCTS scores leaves: guided playouts if the spec says so, else the game's."""
        if self.epsilon is None:
            return game.default_evaluator()
        return RandomPlayout() if self.epsilon >= 1 else GuidedPlayout(self.epsilon)

    def build(self, game: Game[Any, Any], seed: int, think: float = 1.0) -> Agent:
        """The agent this spec describes, seeded; MCTS without a budget thinks `think` seconds."""
        if self.kind == "random":
            return RandomAgent(seed)
        if self.kind == "greedy":
            return GreedyAgent(game, seed)
        if self.kind == "mcts":
            from abstracts.mcts import MCTSAgent

            seconds = self.seconds if self.iterations is None else None
            if seconds is None and self.iterations is None:
                seconds = think
            return MCTSAgent(
                game,
                seed=seed,
                seconds=seconds,
                iterations=self.iterations,
                evaluator=self.evaluator(game),
                prior=self.prior,
            )
        raise BadAgentSpec(f"a {self.kind!r} player is not a computer agent")


_BUDGET = re.compile(r"^(?:(?P<iters>\d+)|(?P<secs>\d+(?:\.\d*)?|\.\d+)s)$")
_GUIDED = re.compile(r"^guided(?:=(?P<eps>\d+(?:\.\d*)?|\.\d+))?$")
_PRIOR = re.compile(r"^prior(?:=(?P<weight>\d+(?:\.\d*)?|\.\d+))?$")


def parse_agent_spec(text: str, *, allow_human: bool = False) -> AgentSpec:
    """Parse an agent spec; raise BadAgentSpec quoting it if it is not one."""
    kinds = ("human", *AGENT_KINDS) if allow_human else AGENT_KINDS
    kind, *extras = text.strip().lower().split(":")
    if kind not in kinds:
        raise BadAgentSpec(f"unknown agent {text!r}; choose from {', '.join(kinds)}")
    if kind != "mcts":
        if extras:
            raise BadAgentSpec(f"agent {text!r}: only mcts takes a budget (mcts:0.5s, mcts:500)")
        return AgentSpec(kind)
    return _parse_mcts(text, extras)


def _parse_mcts(text: str, extras: list[str]) -> AgentSpec:
    found: dict[str, float] = {}
    slots: set[str] = set()
    for extra in extras:
        key, value = _mcts_setting(text, extra)
        slot = "budget" if key in ("seconds", "iterations") else key
        if slot in slots:
            raise BadAgentSpec(f"agent {text!r}: {extra!r} repeats a setting")
        slots.add(slot)
        found[key] = value
    if found.get("iterations") == 0 or found.get("seconds") == 0:
        raise BadAgentSpec(f"agent {text!r}: the budget must be positive")
    if found.get("epsilon", 0) > 1:
        raise BadAgentSpec(f"agent {text!r}: guided epsilon must be between 0 and 1")
    iterations = found.get("iterations")
    return AgentSpec(
        "mcts",
        seconds=found.get("seconds"),
        iterations=None if iterations is None else int(iterations),
        epsilon=found.get("epsilon"),
        prior=found.get("prior", DEFAULT_PRIOR),
    )


def _mcts_setting(text: str, extra: str) -> tuple[str, float]:
    """One `:`-separated MCTS setting as (name, value)."""
    if budget := _BUDGET.match(extra):
        if budget["iters"] is not None:
            return "iterations", int(budget["iters"])
        return "seconds", float(budget["secs"])
    if guided := _GUIDED.match(extra):
        return "epsilon", float(guided["eps"]) if guided["eps"] is not None else DEFAULT_EPSILON
    if prior := _PRIOR.match(extra):
        return "prior", float(prior["weight"]) if prior["weight"] is not None else DEFAULT_PRIOR
    raise BadAgentSpec(
        f"agent {text!r}: cannot read {extra!r} (budget like 0.5s or 500, guided[=EPS], prior[=W])"
    )


class RandomAgent:
    """Uniformly random legal moves."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State[Any]) -> Move:
        return self.rng.choice(state.legal_moves())

    def reset(self) -> None:
        """Nothing is remembered between moves."""


class GreedyAgent:
    """The game's own one-move heuristic (`Game.greedy_move`), ties broken by a seeded rng."""

    name = "greedy"

    def __init__(self, game: Game[Any, Any], seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, state: State[Any]) -> Move:
        return self.game.greedy_move(state, self.rng)

    def reset(self) -> None:
        """Nothing is remembered between moves."""
