"""The agent registry: every kind of player a scenario's `players[].agent` may name, each
registered once with its spec syntax, its help and how a spec becomes a player.

Scenario validation, the CLI's help, `subway match subway`, the playtest and the engine all
read this table; adding an agent is one `register(AgentKind(...))` call in the agent's own
module (or package), named here by its import path so that a spawned worker process finds
it too:

- the built-in kinds below (uniform, random, greedy, mcts), and `human`, which the console
  registers (`subwaysim/console/__init__.py`);
- modules named by the `subwaysim.agents` entry point group of installed packages;
- modules named in the environment variable `SUBWAY_AGENTS` (comma-separated dotted names).

A kind claims the specs its `pattern` matches (by default `name` and `name:...`), so a
parameterised family (`mcts:400`, `greedy:STYLE`, `@FILE`) is one entry whose `parse` turns
a spec into a factory or a ValueError saying what is wrong with it. Factories name their
agent class by import path and load it on first use: checking a scenario does not load the
search, and the rules core never imports the console.
"""

from __future__ import annotations

import difflib
import importlib
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from subwaysim.agents.budget import ITERATIONS, parse_budget

if TYPE_CHECKING:
    from subwaysim.agents.base import Agent

AgentFactory = Callable[[str, random.Random], "Agent"]  # (player, rng) -> a fresh agent
ENV = "SUBWAY_AGENTS"
ENTRY_POINTS = "subwaysim.agents"
BUILT_IN = ("subwaysim.console",)  # packages that register kinds of their own (human)


@dataclass(frozen=True)
class AgentKind:
    """One kind of player: `name` (what a spec starts with), `syntax` (the specs it takes,
    as help shows them), `help` (one line), `parse(spec) -> factory` (ValueError for a bad
    spec of this kind), whether it is a person (not offered in AI-only series), and its
    default search budget where it has one (reports quote it)."""

    name: str
    help: str
    parse: Callable[[str], AgentFactory]
    syntax: str = ""
    person: bool = False
    default_budget: int | None = None
    pattern: re.Pattern[str] = field(default=re.compile(""))
    keep: Callable[[str], str] | None = None  # the spec a scenario keeps (@FILE: its contents)

    def __post_init__(self) -> None:
        if not self.syntax:
            object.__setattr__(self, "syntax", self.name)
        if not self.pattern.pattern:
            claim = re.compile(rf"^{re.escape(self.name)}(?::.*)?$", re.DOTALL)
            object.__setattr__(self, "pattern", claim)

    def claims(self, spec: str) -> bool:
        return bool(self.pattern.match(spec))


_KINDS: dict[str, AgentKind] = {}
_LOADED: set[str] = set()


def register(kind: AgentKind) -> AgentKind:
    """Add (or, for the same name, replace) a kind of player; returns it."""
    _KINDS[kind.name] = kind
    return kind


def load_class(path: str) -> Any:
    """`package.module:Name` -> the object (imported on first use)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def plain(path: str, name: str) -> Callable[[str], AgentFactory]:
    """The parse of a kind without options: exactly `name`, the class at `path`."""

    def parse(spec: str) -> AgentFactory:
        if spec != name:
            raise ValueError(f"{spec!r}: {name} takes no options")
        return lambda player, rng: load_class(path)(player, rng)

    return parse


def _parse_mcts(spec: str) -> AgentFactory:
    _, _, budget = spec.partition(":")
    parse_budget("mcts", budget)  # a bad budget is refused here, before any game
    return lambda player, rng: load_class("subwaysim.agents.mcts:MCTSAgent").from_budget(
        player, rng, budget
    )


def _parse_greedy(spec: str) -> AgentFactory:
    """`greedy`, or a style of it (issue 30: `greedy:STYLE`, `greedy{KEY=V;..}`, both)."""
    if spec == "greedy":
        return lambda player, rng: load_class("subwaysim.agents.greedy:GreedyAgent")(player, rng)
    return load_class("subwaysim.agents.styles:style_factory")(spec)  # type: ignore[no-any-return]


def _keep_style(spec: str) -> str:
    if spec == "greedy":
        return spec
    return load_class("subwaysim.agents.styles:check_spec")(spec)  # type: ignore[no-any-return]


for _kind in (
    AgentKind(
        "uniform",
        "any legal build, uniformly",
        plain("subwaysim.agents.uniform:UniformAgent", "uniform"),
    ),
    AgentKind(
        "random",
        "a random sensible build",
        plain("subwaysim.agents.random_agent:RandomAgent", "random"),
    ),
    AgentKind(
        "greedy",
        "the best plan by expected points; a style weighs its plans: greedy:STYLE (local, "
        "express, lines, hubs, deny, hoard, intensify, track, stations, remove), "
        "greedy{KEY=V;..} or both",
        _parse_greedy,
        syntax="greedy[:STYLE][{KEY=V;..}]",
        pattern=re.compile(r"^greedy(?:[:{].*)?$", re.DOTALL),
        keep=_keep_style,
    ),
    AgentKind(
        "mcts",
        f"search over sampled futures, N iterations or X CPU seconds a build phase "
        f"(default {ITERATIONS} iterations)",
        _parse_mcts,
        syntax="mcts[:N|:Xs]",
        default_budget=ITERATIONS,
    ),
    AgentKind(
        "@FILE",
        "a strategy file holding one greedy spec (what `subway exploit` writes)",
        lambda spec: load_class("subwaysim.agents.styles:style_factory")(spec),
        pattern=re.compile(r"^@.+$", re.DOTALL),
        keep=_keep_style,
    ),
):
    register(_kind)


def _load_plugins() -> None:
    """Import the modules that register kinds (once each): the console, installed entry
    points, then `SUBWAY_AGENTS` (read on every lookup, so a test or a user may set it)."""
    names = list(BUILT_IN)
    if ENTRY_POINTS not in _LOADED:
        _LOADED.add(ENTRY_POINTS)
        for point in entry_points(group=ENTRY_POINTS):
            names.append(point.value.partition(":")[0])
    names += [n.strip() for n in os.environ.get(ENV, "").split(",") if n.strip()]
    for name in names:
        if name not in _LOADED:
            _LOADED.add(name)
            importlib.import_module(name)


def kinds(people: bool = True) -> list[AgentKind]:
    """Every registered kind, in registration order (people left out unless `people`)."""
    _load_plugins()
    return [k for k in _KINDS.values() if people or not k.person]


def kind_of(spec: str) -> AgentKind | None:
    """The kind that claims `spec`, or None."""
    return next((k for k in kinds() if k.claims(spec)), None)


def names_help(people: bool = True) -> str:
    """The kinds for help texts: `uniform, random, greedy, mcts[:N|:Xs] or human`."""
    parts = [k.syntax for k in kinds(people)]
    return ", ".join(parts[:-1]) + f" or {parts[-1]}" if len(parts) > 1 else "".join(parts)


def agents_epilog(people: bool = True) -> str:
    """The agents for a command's help: `Agents: greedy (the best plan ...); ...`."""
    return "Agents: " + "; ".join(f"{k.syntax}: {k.help}" for k in kinds(people)) + "."


def unknown(spec: str, people: bool = True) -> str:
    """The one wording for an agent nobody registered, with a did-you-mean."""
    names = [k.name for k in kinds(people)]
    head = re.split(r"[:{]", spec, maxsplit=1)[0]
    close = difflib.get_close_matches(head, names, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown agent {spec!r}: the agents are {names_help(people)}{hint}"


def parse_spec(spec: str, people: bool = True) -> AgentFactory:
    """The factory for `spec`; ValueError with the one message for an unknown agent (or a
    person where `people` is False) or the kind's own message for a bad option."""
    kind = kind_of(spec)
    if kind is None or (kind.person and not people):
        if kind is not None:
            raise ValueError(
                f"{spec!r} is not a computer player: the agents here are {names_help(False)}"
            )
        raise ValueError(unknown(spec, people))
    return kind.parse(spec)


def check_spec(spec: str, people: bool = True) -> str:
    """The spec a scenario keeps when some kind accepts `spec` (itself, or for `@FILE` the
    spec the file holds), else ValueError."""
    parse_spec(spec, people)
    kind = kind_of(spec)
    return kind.keep(spec) if kind is not None and kind.keep is not None else spec


def make_agent(spec: str, player: str, rng: random.Random) -> Agent:
    """The agent named in a scenario's `players[].agent` (e.g. `greedy`, `mcts:400`)."""
    return parse_spec(spec)(player, rng)


def default_budget(name: str) -> int | None:
    """A kind's default search budget (None for a kind without one)."""
    kinds()
    return _KINDS[name].default_budget
