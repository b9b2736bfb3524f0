"""Transit-themed abstract games: Rapid Transit, Thruway, Chess on a Mass Transit System.

>>> import abstracts
>>> state = abstracts.get_game("rapid-transit", size=6).initial_state()

The protocol's names are loaded on first use, so the plain helpers the simulator shares
(`tabletop.files`, `tabletop.safe_yaml`) import without the games, rich or pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from abstracts.core import (
        Game,
        GameOptions,
        IllegalMove,
        State,
        UnknownGame,
        game_names,
        get_game,
    )

__all__ = ["Game", "GameOptions", "IllegalMove", "State", "UnknownGame", "game_names", "get_game"]


def __getattr__(name: str) -> Any:
    """The protocol's names, loaded on first use (PEP 562): a module that needs only
    `tabletop.files` (the Subway Game's sweep workers do) does not load rich and pydantic."""
    if name not in __all__:
        raise AttributeError(f"module 'abstracts' has no attribute {name!r}")
    from abstracts import core

    return getattr(core, name)
