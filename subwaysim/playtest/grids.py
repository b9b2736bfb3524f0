"""The values a playtest sweeps, worked out from the scenario it starts from.

Every grid holds the scenario's own value of the swept key (the draft's rule, the
baseline every other value is compared with) and the alternatives a tester would try.
Values are the text `--set` reads (YAML): `3`, `phase`, `[2, 3]`, or a whole mapping
such as `end={turns: null, score: 150, ...}` where two keys must change together to
stay valid. A value the scenario cannot take (a board past 26 files, say) is left out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from subwaysim.cards import new_decks
from subwaysim.scenario import Scenario, ScenarioError, parse_scenario, scenario_to_dict
from subwaysim.sweep.plan.baseline import MISSING, scenario_value

HAZARD_DENSITY = 0.15  # the board a hazard question is asked on when the scenario has none


def text(value: Any) -> str:
    """A value as `--set` writes it (YAML flow style, keys in the scenario's order)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return str(value)
    return str(yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=10**6)).strip()


@dataclass(frozen=True, slots=True)
class Draft:
    """The scenario a playtest starts from: its file text, validated model and data."""

    source: str
    text: str
    scenario: Scenario

    @property
    def data(self) -> dict[str, Any]:
        return dict(scenario_to_dict(self.scenario))

    def own(self, key: str) -> Any:
        """The scenario's value of a dotted key (None when it has none)."""
        value = scenario_value(self.data, key)
        return None if value is MISSING else value

    def accepts(self, overrides: Sequence[str]) -> bool:
        """Whether the scenario is valid with these `KEY=VALUE` overrides."""
        try:
            parse_scenario(self.text, self.source, overrides)
        except ScenarioError:
            return False
        return True

    def values(
        self, key: str, own: Any, others: Iterable[Any], context: Sequence[str] = ()
    ) -> tuple[str, ...]:
        """`own` first, then the other values the scenario accepts (with `context` set)."""
        chosen = [text(own)]
        for value in others:
            candidate = text(value)
            if candidate not in chosen and self.accepts([*context, f"{key}={candidate}"]):
                chosen.append(candidate)
        return tuple(chosen)

    @property
    def has_hazards(self) -> bool:
        board = self.scenario.board
        return bool(board.hazards) or board.terrain is not None or board.hazard_density > 0

    def hazard_context(self) -> tuple[str, ...]:
        """A fixed `--set` giving the board hazards when the scenario has none: a fresh
        seeded layout every game (SG-2). The whole `board` mapping, since a sweep checks
        each `--set` on its own and `terrain_seed: per_game` needs `hazard_density`."""
        if self.has_hazards:
            return ()
        return (f"board={text(self.hazard_board(HAZARD_DENSITY, 'per_game'))}",)

    def hazard_board(self, density: float, seed: int | str) -> dict[str, Any]:
        """The scenario's board with hazards drawn at `density` (layout seed `seed`)."""
        board = dict(self.scenario.board.model_dump(mode="json"))
        plain = {**board, "hazards": [], "terrain": None}
        return {**plain, "hazard_density": density, "terrain_seed": seed}

    @property
    def supply_piles(self) -> int:
        """SG-4: one supply pile per card identity of every deck."""
        cards = self.scenario.cards
        decks = new_decks(self.scenario.make_board(), cards.decks, cards.max_population, 0)
        return sum(d.identities for d in decks)


def numbers_around(own: Any, wanted: Iterable[int]) -> list[Any]:
    """The wanted numbers with the scenario's own value among them, in order."""
    values = sorted(set(wanted) | ({own} if isinstance(own, int) else set()))
    return values if isinstance(own, int) else [own, *values]


def end_values(draft: Draft, score: int, rounds: int) -> dict[str, str]:
    """SG-20 endings as whole `end` mappings (one key alone would leave a game with no end
    or with two): the scenario's own, a race to `score` points, and half the supply piles
    empty, and the same with the round finished (`end.finish_round`, SG-20); the new
    endings stop at twice `rounds` if they never come (`end.max_turns`)."""
    own = dict(draft.scenario.end.model_dump(mode="json"))
    cap = max(2 * rounds, 2)
    piles = math.ceil(draft.supply_piles / 2)
    race = {"turns": None, "score": score, "depleted_piles": None, "max_turns": cap}
    empty = {"turns": None, "score": None, "depleted_piles": piles, "max_turns": cap}
    even = {**empty, "finish_round": True}  # SG-20: the round is finished, seats even
    labels = {
        text(own): f"the scenario's ending ({describe_end(own)})",
        text(race): f"first to {score} points (at most {cap} turns each)",
        text(empty): f"{piles} of the {draft.supply_piles} supply piles empty "
        f"(at most {cap} turns each)",
        text(even): f"{piles} piles empty, then the round is finished",
    }
    return {value: label for value, label in labels.items() if draft.accepts([f"end={value}"])}


def describe_end(end: dict[str, Any]) -> str:
    parts = []
    if end.get("turns") is not None:
        parts.append(f"{end['turns']} turns each")
    if end.get("score") is not None:
        parts.append(f"a player reaches {end['score']} points")
    if end.get("depleted_piles") is not None:
        parts.append(f"{end['depleted_piles']} supply piles empty")
    return " or ".join(parts) or "no end condition"


def board_values(draft: Draft) -> dict[str, str]:
    """SG-2 hazard layouts as whole `board` mappings (hazard_density and the terrain seed
    must change together): the scenario's board, then hazards drawn afresh each game at
    two densities and one fixed layout."""
    own = dict(draft.scenario.board.model_dump(mode="json"))
    layouts = [
        (0.1, "per_game", "10% hazard squares, a new layout every game"),
        (0.2, "per_game", "20% hazard squares, a new layout every game"),
        (0.2, 0, "20% hazard squares, one fixed layout"),
    ]
    described = "hazards as in the scenario" if draft.has_hazards else "no hazards"
    labels = {text(own): f"the scenario's board ({described})"}
    for density, seed, label in layouts:
        value = text(draft.hazard_board(density, seed))
        if draft.accepts([f"board={value}"]):
            labels[value] = label
    return labels
