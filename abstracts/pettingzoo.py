"""Our three games as PettingZoo AEC environments: `env("thruway", size=7)`.

Needs the `pettingzoo` extra (`pip install 'transit-games[pettingzoo]'`). The agents are
`player_0` and `player_1`, seated on the game's sides in order (red, concrete, white for
`player_0`); after `pie` (RT-13, TW-11) they trade sides but keep their names, so the agent
to act is whoever holds the side to move. Each observation is a dict: `observation`, the
tensor of `abstracts/encoding.py` for that agent's side, and `action_mask` (int8, ones on the
legal actions of the agent to act, zeros for the other). Actions are the fixed numbering of
`encoding.py` (`Discrete`); an illegal one raises `abstracts.IllegalMove` naming the rule.
The only reward is at the end: +1 to the winner, -1 to the loser, 0 each for a draw; games
end by their rules (ply limits included), so nothing is ever truncated.

`reset(seed=N)` seeds the set-ups: a game with a `seed` option (Rapid Transit's random set-ups,
transit chess's first player and random map) draws it from N at every reset, unless the
options fix it. `render_mode="ansi"` returns the board as the console draws it.
"""

from __future__ import annotations

import functools
import io
import json
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from rich.console import Console

from abstracts.core import AnyGame, get_game, get_game_class
from abstracts.encoding import Encoding, Seated, encoding, play_action

AGENTS = ("player_0", "player_1")
RENDER_WIDTH = 100


@functools.lru_cache(maxsize=32)
def _setup(name: str, options_json: str) -> tuple[AnyGame, Encoding]:
    """A game and its encoding, kept for the next reset that draws the same seed."""
    game = get_game(name, **json.loads(options_json))
    return game, encoding(game)


class TransitGameEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """One of our games, with fixed options, as a two-agent AEC environment."""

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.name = game.replace("_", "-")
        self.metadata = {
            "name": f"{self.name.replace('-', '_')}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.options = options
        # A game whose `seed` the options leave open draws it at reset (module docstring).
        self.draws_seed = "seed" in get_game_class(self.name).Options.model_fields
        self.draws_seed = self.draws_seed and "seed" not in options
        self.game, self.encoding = self._make(0)
        self.possible_agents = list(AGENTS)
        self._spaces = {agent: self._observation_space() for agent in AGENTS}
        self._actions = {agent: spaces.Discrete(self.encoding.num_actions) for agent in AGENTS}
        self.np_random, _ = seeding.np_random(None)

    def _make(self, seed: int) -> tuple[AnyGame, Encoding]:
        options = {**self.options, "seed": seed} if self.draws_seed else self.options
        return _setup(self.name, json.dumps(options, sort_keys=True))

    def _observation_space(self) -> spaces.Dict:
        views = self.encoding.views
        shape = next(iter(views.values())) if len(views) == 1 else (self.encoding.size,)
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, self.encoding.high, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoding.num_actions,), np.int8),
            }
        )

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._actions[agent]

    # --- the AEC cycle ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        if self.draws_seed:
            self.game, self.encoding = self._make(int(self.np_random.integers(2**31)))
        self.seated = Seated.start(self.game)
        self.last_move: Any = None
        self._legal = self.encoding.legal(self.seated.state)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = AGENTS[self.seated.seat_to_move]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: give an action, not None")
        self.seated = play_action(self.encoding, self.seated, int(action), self._legal)
        self.last_move = self._legal[int(action)]
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.seated.state.is_over:
            self._legal = {}
            self.rewards = dict(zip(AGENTS, self.seated.returns(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = AGENTS[AGENTS.index(agent) ^ 1]
        else:
            self._legal = self.encoding.legal(self.seated.state)
            self.agent_selection = AGENTS[self.seated.seat_to_move]
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = AGENTS.index(agent)
        tensor = self.encoding.observe(self.seated.state, self.seated.seats[seat])
        mask = np.zeros(self.encoding.num_actions, np.int8)
        if agent == self.agent_selection:
            mask[list(self._legal)] = 1
        shape = self._spaces[agent]["observation"].shape
        return {"observation": tensor.reshape(shape), "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi' (env(..., render_mode=...))")
            return None
        console = Console(
            file=io.StringIO(), force_terminal=True, color_system="standard", width=RENDER_WIDTH
        )
        state = self.seated.state
        console.print(self.game.render(state, self.last_move))
        if state.is_over:
            console.print(state.end_reason())
        file = console.file
        assert isinstance(file, io.StringIO)
        return file.getvalue()

    def close(self) -> None:
        """Nothing to release: rendering draws into a string."""


def raw_env(game: str, render_mode: str | None = None, **options: Any) -> TransitGameEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return TransitGameEnv(game, render_mode=render_mode, **options)


def env(game: str, render_mode: str | None = None, **options: Any) -> AECEnv[str, Any, Any]:
    """`env("rapid-transit", size=6)`: the AEC environment of one of our games (by its
    `get_game` name; `rapid_transit` works too) with its options, wrapped, as PettingZoo's own
    environments are, in the wrapper that refuses steps before `reset`."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode=render_mode, **options))
