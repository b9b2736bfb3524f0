"""abstracts/pettingzoo.py: PettingZoo's own `api_test` and `seed_test` on every game and
variant, and the agents, masks, rewards, seeds and rendering they expose."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, seed_test

from abstracts import IllegalMove
from abstracts.pettingzoo import TransitGameEnv, env, raw_env
from tests.abstracts.adapters.cases import params

# Warnings api_test gives every environment whose observation is a dict with an action mask
# (PettingZoo's own board games included): the Dict space and the dict itself.
DICT_WARNINGS = (
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Observation is not a NumPy array",
)


def unexpected(caught: list[warnings.WarningMessage]) -> list[str]:
    messages = {str(w.message) for w in caught}
    return sorted(m for m in messages if not m.startswith(DICT_WARNINGS))


@pytest.mark.parametrize(("name", "options"), params())
def test_pettingzoo_api_test(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, **options), num_cycles=300)
    assert unexpected(caught) == []


@pytest.mark.parametrize(("name", "options"), params())
def test_pettingzoo_seed_test(name: str, options: dict[str, Any]) -> None:
    seed_test(lambda: env(name, **options), num_cycles=300)


def start(name: str, **options: Any) -> TransitGameEnv:
    game = raw_env(name, **options)
    game.reset(seed=0)
    return game


def mask(game: TransitGameEnv) -> np.ndarray:
    return game.observe(game.agent_selection)["action_mask"]


def test_spaces_are_gymnasium_spaces_of_the_encoding() -> None:
    game = raw_env("thruway", size=5)
    assert game.action_space("player_0") == spaces.Discrete(82)
    space = game.observation_space("player_1")
    assert isinstance(space, spaces.Dict)
    assert space["observation"].shape == (9, 5, 5) and space["action_mask"].shape == (82,)
    chess = raw_env("transit-chess", map="fantasy", seed=1)
    assert chess.observation_space("player_0")["observation"].shape == (138,)


def test_the_mask_holds_the_legal_moves_of_the_agent_to_act_tw5() -> None:
    game = start("thruway", size=5)
    assert game.agent_selection == "player_0"
    assert mask(game).sum() == 40  # TW-5: every pair of the empty 5 x 5 board may be paved
    assert game.observe("player_1")["action_mask"].sum() == 0
    game.step(0)  # a1-b1
    assert game.agent_selection == "player_1"
    legal = set(np.flatnonzero(mask(game)))
    assert 81 in legal and 0 not in legal  # TW-11: pie; a1-b1 is paved already


def test_pie_trades_sides_but_not_agent_names_tw11() -> None:
    game = start("thruway", size=5)
    game.step(0)
    game.step(81)  # pie
    assert game.seated.seats == ("asphalt", "concrete")
    assert game.agent_selection == "player_0"  # now asphalt, which moves again
    assert not game.observe("player_0")["observation"][4].any()  # plays asphalt now


def test_the_winner_alone_is_rewarded_at_the_end() -> None:
    game = start("rapid-transit", size=4)
    rng = np.random.default_rng(3)
    while not any(game.terminations.values()):
        game.step(int(rng.choice(np.flatnonzero(mask(game)))))
    winner = game.seated.state.winner
    assert winner is not None
    seat = game.seated.seats.index(winner)
    assert game.rewards == {f"player_{seat}": 1.0, f"player_{1 - seat}": -1.0}
    assert all(game.terminations.values()) and not any(game.truncations.values())
    for agent in game.agent_iter():
        _, reward, terminated, _, _ = game.last()
        assert terminated and reward == (1.0 if agent == f"player_{seat}" else -1.0)
        game.step(None)
    assert game.agents == []


def test_an_illegal_action_is_refused_naming_the_rule() -> None:
    game = start("rapid-transit", size=4)
    with pytest.raises(IllegalMove, match="RT-10"):
        game.step(1)  # a1-b1 (RT-10)


def routes(game: TransitGameEnv) -> tuple[tuple[str, ...], ...]:
    return tuple(route.stops for route in game.game.system.routes)


def test_reset_seeds_draw_the_set_up_unless_the_options_fix_it_mt4() -> None:
    game = raw_env("transit-chess", map="random")
    firsts, maps = set(), set()
    for seed in range(8):
        game.reset(seed=seed)
        firsts.add(game.seated.state.to_move)
        maps.add(routes(game))
    assert firsts == {"white", "black"} and len(maps) > 1
    game.reset(seed=3)
    again = raw_env("transit-chess", map="random")
    again.reset(seed=3)
    assert routes(again) == routes(game)
    fixed = raw_env("transit-chess", map="random", seed=5)
    fixed.reset(seed=1)
    drawn = routes(fixed)
    fixed.reset(seed=2)
    assert routes(fixed) == drawn


def test_ansi_rendering_draws_the_board() -> None:
    game = raw_env("rapid-transit", size=4, render_mode="ansi")
    game.reset(seed=0)
    game.step(33)  # c1-b1
    text = game.render()
    assert isinstance(text, str) and "\x1b[" in text
    assert "[" in text and "a   b   c   d" in text.replace("\x1b[0m", "")


def test_rendering_without_a_mode_warns_and_draws_nothing() -> None:
    game = start("thruway", size=5)
    with pytest.warns(UserWarning, match="render_mode"):
        assert game.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("thruway", render_mode="human")
