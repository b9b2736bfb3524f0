"""The Subway Game simulator: scenario -> simulated game -> events -> reports, sweeps.

>>> from subwaysim import load_scenario, play_game
>>> result = play_game(load_scenario("scenarios/classic.yaml"), seed=1)

The public surface: scenarios (`load_scenario`, `Scenario`, `ScenarioError`), games
(`Game`, `play_game`, `GameResult`) and the events a game emits to its observers.
"""

from __future__ import annotations

import importlib
from typing import Any

# Loaded on first use (PEP 562), so that `subway --help` or `subway validate` do not pay for
# the engine's compiled kernels.
_HOME = {
    "Game": "subwaysim.engine",
    "GameResult": "subwaysim.engine",
    "play_game": "subwaysim.engine",
    "Scenario": "subwaysim.scenario",
    "ScenarioError": "subwaysim.scenario",
    "load_scenario": "subwaysim.scenario",
    **dict.fromkeys(
        [
            "Banked",
            "Borrowed",
            "Built",
            "DebtPaid",
            "DeckState",
            "Depopulated",
            "FinalRound",
            "Event",
            "GameEnded",
            "GameStarted",
            "Intensified",
            "Leg",
            "NoTrip",
            "Populated",
            "QueueFilled",
            "Reshuffled",
            "TripTaken",
            "TurnEnded",
            "TurnStarted",
        ],
        "subwaysim.events",
    ),
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'subwaysim' has no attribute {name!r}")
    return getattr(importlib.import_module(_HOME[name]), name)


__all__ = sorted(_HOME)  # the names above, each once
