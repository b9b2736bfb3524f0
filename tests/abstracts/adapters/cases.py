"""The games and variants every adapter test runs on: each game's own conformance options
(so a variant added to a game is checked here too) plus variants the adapters map specially."""

from __future__ import annotations

import json
from typing import Any

import pytest

from abstracts.core import get_game_class

GAMES = ("rapid-transit", "thruway", "transit-chess")
EXTRA: tuple[tuple[str, dict[str, Any]], ...] = (
    ("rapid-transit", {"size": 6, "pie": True}),  # RT-13 in the standard rules: seats trade
    ("rapid-transit", {"size": 6, "rules": "v1", "pie": False}),
    ("rapid-transit", {"board": "CRRC\nRCCR\nCRRC\nRCCR"}),  # RT-3: any position from text
    ("thruway", {"size": 6, "tiles": 8}),  # TW-12: reserves run out, passes come
    ("transit-chess", {"map": "glasgow", "first": "black", "seed": 1}),  # player 1 starts
    ("transit-chess", {"map": "fantasy", "seed": 2, "pieces": {"P": 1, "R": 1, "T": 1}}),
)
VARIANTS = (
    tuple(
        (name, dict(options))
        for name in GAMES
        for options in get_game_class(name).conformance_options
    )
    + EXTRA
)


def params(variants: tuple[tuple[str, dict[str, Any]], ...] = VARIANTS) -> list[Any]:
    return [
        pytest.param(name, options, id=f"{name}-{json.dumps(options, sort_keys=True)}")
        for name, options in variants
    ]
