"""Restricted and parameterised greedy players: one style of play each (issue 30).

A style is greedy (`greedy.py`) with weights on the parts of a plan's value:

- `deny`: how much the best rival's expected points count against its own (greedy: 0.5);
- `express`, `station`, `lines`, `remove`, `intensify`: factors on the gain of a plan that
  builds an express station (SG-12), that builds stations without track, that lays track,
  that removes a station or track, that intensifies a square (SG-17); 0 never plays it;
- `hubs`: an exponent on how busy the squares of the plan's stations are (a square's
  share of trips times the number of squares: 1 is an average square);
- `upgrade`: at 0.5 or more every station it builds is express where SG-17 allows;
- `hoard`: where the scenario banks or borrows points (SG-22), the share of each phase's
  ranking of plans it leaves unbuilt (the rest of the points go to the bank).

With the default weights a style plays exactly as greedy. Named styles are presets:
`greedy:local` (never express), `greedy:express` (express whenever allowed),
`greedy:lines` (track first, stations only to finish a line), `greedy:hubs` (stations on
the busiest squares), `greedy:deny` (hurting the best rival counts as much as its own
gain), `greedy:hoard` (banks and borrows), `greedy:intensify` (intensify builds weigh
three times as much), and one style per other action weight raised three times:
`greedy:track` (plans that lay track), `greedy:stations` (stations without track),
`greedy:remove` (removals). An agent spec holds no comma (lists of agents
are comma-separated): `greedy:STYLE`, `greedy{express=1.3;deny=0.5}`,
`greedy:STYLE{k=v;..}` (a preset with some weights changed) or `@FILE`, a strategy file
holding one such spec (`#` starts a comment), read when the scenario is checked.
"""

from __future__ import annotations

import dataclasses
import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from subwaysim import builds
from subwaysim.agents.greedy import GreedyAgent
from subwaysim.agents.outlook import RIVAL_WEIGHT, Valuation
from subwaysim.agents.plans import Plan
from subwaysim.builds import Build
from subwaysim.state import GameState

WEIGHT_LIMIT = 100.0  # the largest weight a spec may give (a factor, an exponent)


@dataclass(frozen=True, slots=True)
class Style:
    """Weights on greedy's plan values (see the module); the defaults are greedy's."""

    deny: float = RIVAL_WEIGHT
    express: float = 1.0
    station: float = 1.0
    lines: float = 1.0
    remove: float = 1.0
    intensify: float = 1.0
    hubs: float = 0.0
    upgrade: float = 0.0
    hoard: float = 0.0

    def spec(self) -> str:
        """The agent spec of these weights (`greedy{..}`, only weights unlike greedy's)."""
        plain = Style()
        parts = [
            f"{f.name}={_number(getattr(self, f.name))}"
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(plain, f.name)
        ]
        return "greedy{" + ";".join(parts) + "}" if parts else "greedy"


WEIGHTS = tuple(f.name for f in dataclasses.fields(Style))
BOUNDS = {"hoard": (0.0, 1.0), "upgrade": (0.0, 1.0)}  # shares; others are 0..WEIGHT_LIMIT

STYLES: dict[str, Style] = {
    "local": Style(express=0.0),
    "express": Style(express=2.0, upgrade=1.0),
    "lines": Style(station=0.0, lines=1.5, intensify=0.5),
    "hubs": Style(hubs=2.0, station=1.5),
    "deny": Style(deny=1.0),
    "hoard": Style(hoard=0.75),
    "intensify": Style(intensify=3.0),
    # one style per action weight raised, so an over-rewarded action has a style that
    # abuses it (issue 30: a planted flaw is found)
    "track": Style(lines=3.0),
    "stations": Style(station=3.0),
    "remove": Style(remove=3.0),
}
STYLE_HELP = (
    "greedy:STYLE (" + ", ".join(STYLES) + "), greedy{KEY=V;..} (keys: " + ", ".join(WEIGHTS) + ")"
    " or @FILE (a strategy file)"
)
SPEC = re.compile(r"^greedy(?::(?P<style>[a-z]+))?(?:\{(?P<weights>[^{}]*)\})?$")


class StyleError(ValueError):
    """A spec that names no style or gives a bad weight (the message says which)."""


def _number(value: float) -> str:
    return f"{value:.4g}"


def is_style_spec(spec: str) -> bool:
    """Whether `spec` is meant as a style (`greedy:..`, `greedy{..}`, `@FILE`): the scenario
    check sends these to `check_spec`, which says what is wrong with a bad one."""
    return spec.startswith("@") or (
        spec.startswith("greedy") and spec != "greedy" and spec[6:7] in (":", "{")
    )


def parse_style(spec: str) -> Style:
    """The weights of a `greedy:STYLE`, `greedy{k=v;..}` or `greedy:STYLE{k=v;..}` spec."""
    found = SPEC.match(spec.strip())
    if found is None or (found["style"] is None and found["weights"] is None):
        raise StyleError(f"agent {spec!r}: a style is {STYLE_HELP}")
    style = Style()
    if found["style"] is not None:
        if found["style"] not in STYLES:
            raise StyleError(
                f"agent {spec!r}: unknown style {found['style']!r} ({', '.join(STYLES)})"
            )
        style = STYLES[found["style"]]
    if found["weights"] is not None:
        style = dataclasses.replace(style, **_weights(spec, found["weights"]))
    return style


def _weights(spec: str, text: str) -> dict[str, float]:
    values: dict[str, float] = {}
    for item in filter(None, (part.strip() for part in text.split(";"))):
        key, sep, raw = (p.strip() for p in item.partition("="))
        if not sep:
            raise StyleError(f"agent {spec!r}: {item!r} is not KEY=VALUE")
        if key not in WEIGHTS:
            raise StyleError(f"agent {spec!r}: unknown weight {key!r} ({', '.join(WEIGHTS)})")
        if key in values:
            raise StyleError(f"agent {spec!r}: weight {key!r} is given twice")
        try:
            value = float(raw)
        except ValueError:
            raise StyleError(f"agent {spec!r}: {key}={raw!r} is not a number") from None
        low, high = BOUNDS.get(key, (0.0, WEIGHT_LIMIT))
        if not (math.isfinite(value) and low <= value <= high):
            raise StyleError(f"agent {spec!r}: {key} is from {low:g} to {high:g}, not {raw}")
        values[key] = value
    return values


def read_strategy(path: str) -> str:
    """The spec a strategy file holds (its first line that is not blank or a comment)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise StyleError(f"agent '@{path}': cannot read the strategy file: {reason}") from None
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    specs = [line for line in lines if line]
    if len(specs) != 1:
        raise StyleError(
            f"{path}: a strategy file holds one agent spec ({STYLE_HELP}), found {len(specs)}"
        )
    spec = specs[0]
    if spec.startswith("@"):
        raise StyleError(f"{path} line 1: a strategy file names a spec, not another file")
    try:
        parse_style(spec)
    except StyleError as exc:
        raise StyleError(f"{path}: {exc}") from None
    return spec


def check_spec(spec: str) -> str:
    """The scenario check of a style spec: the spec itself, or for `@FILE` the spec the file
    holds (so a game never reads files); a `StyleError` saying what is wrong."""
    if spec.startswith("@"):
        return read_strategy(spec[1:])
    parse_style(spec)
    return spec


def style_factory(spec: str) -> Callable[[str, random.Random], StyledGreedy]:
    """What `make_agent` calls for a style spec: a maker of the seat's agent, or a
    `StyleError` naming the problem."""
    style = parse_style(check_spec(spec))
    return lambda player, rng: StyledGreedy(player, rng, style)


class StyledGreedy(GreedyAgent):
    """Greedy with a style's weights on its plans' values (see the module)."""

    kind = "greedy"

    def __init__(self, player: str, rng: random.Random, style: Style) -> None:
        super().__init__(player, rng)
        self.style = style
        self.rival_weight = style.deny

    def weigh(self, view: Valuation, plan: Plan, gain: float) -> float:
        s = self.style
        factor = 1.0
        actions = {b.action for b in plan.builds}
        stations = [b for b in plan.builds if b.action == "station"]
        if any(b.detail == "express" for b in stations):
            factor *= s.express
        if "track" in actions:
            factor *= s.lines
        elif stations:
            factor *= s.station
        if actions & {"remove_station", "remove_track"}:
            factor *= s.remove
        if "intensify" in actions:
            factor *= s.intensify
        if s.hubs and stations:
            busy = sum(view.weights[b.square] for b in stations) / len(stations)
            factor *= (busy * len(view.weights)) ** s.hubs
        if factor == 1.0 or gain <= 0:
            return gain  # a loss stays a loss whatever the style
        return gain * factor

    def rank_plans(self, state: GameState, budget: int) -> list[Plan]:
        ranking = super().rank_plans(state, budget)
        rules = state.scenario.rules
        if self.style.hoard > 0 and (rules.bank_builds or rules.borrow_builds) and ranking:
            keep = max(1, math.ceil(len(ranking) * (1 - self.style.hoard)))
            ranking = ranking[:keep]  # SG-22: what it leaves unbuilt goes to the bank
        return ranking

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        build = super().choose_build(state, points_left, first)
        if (
            self.style.upgrade >= 0.5
            and build is not None
            and build.action == "station"
            and build.detail == "local"
        ):
            express = Build("station", build.square, "express")
            if builds.check(express, state, self.player, points_left, first) is None:
                return express  # SG-12, SG-17: express whenever it is allowed
        return build
