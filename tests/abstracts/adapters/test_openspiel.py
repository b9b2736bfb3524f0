"""abstracts/openspiel.py: OpenSpiel's own checks (`pyspiel.random_sim_test`, the Python
`GamesSimTest.sim_game` with pickling, serialization and clone checks) and OpenSpiel's MCTS
on every game and variant, plus the parameters, actions and observations it exposes."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from open_spiel.python.tests import games_sim_test  # a module: pytest must not collect its tests

import abstracts.openspiel as adapter
from abstracts import get_game
from abstracts.core import get_game_class
from tests.abstracts.adapters.cases import GAMES, params


def load(name: str, options: dict[str, Any]) -> pyspiel.Game:
    return pyspiel.load_game(adapter.game_string(name, **options))


def random_game(game: pyspiel.Game, seed: int) -> list[pyspiel.State]:
    rng, state, states = random.Random(seed), game.new_initial_state(), []
    while not state.is_terminal():
        states.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return [*states, state]


def test_importing_registers_the_three_games() -> None:
    names = set(pyspiel.registered_names())
    assert {"python_rapid_transit", "python_thruway", "python_transit_chess"} <= names
    game = pyspiel.load_game("python_rapid_transit(size=6,rules=v1)")
    assert game.rules_game.options.size == 6 and game.rules_game.options.rules == "v1"
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert (game.num_distinct_actions(), game.max_game_length()) == (6**4 + 2, 8 * 36)


@pytest.mark.parametrize("name", GAMES)
def test_every_option_is_a_parameter(name: str) -> None:
    """A new game option needs its Parameter in abstracts/openspiel.py."""
    spec = adapter.spec_of(name)
    assert {p.name for p in spec.parameters} == set(get_game_class(name).Options.model_fields)


@pytest.mark.parametrize(("name", "options"), params())
def test_parameters_give_the_game_the_options_give(name: str, options: dict[str, Any]) -> None:
    game, ours = load(name, options), get_game(name, **options)
    start, mine = game.new_initial_state().seated.state, ours.initial_state()
    assert start.to_text() == mine.to_text() and start.to_move == mine.to_move
    assert [str(m) for m in start.legal_moves()] == [str(m) for m in mine.legal_moves()]
    assert game.max_game_length() == ours.ply_limit()


def test_defaults_that_are_none_take_stand_in_values() -> None:
    v1 = pyspiel.load_game("python_rapid_transit(size=4,rules=v1)").new_initial_state()
    v1.apply_action(v1.legal_actions()[0])
    assert "pie" in [v1.action_to_string(a) for a in v1.legal_actions()]  # RT-13 on in v1
    off = pyspiel.load_game("python_rapid_transit(size=4,rules=v1,pie=off)").new_initial_state()
    off.apply_action(off.legal_actions()[0])
    assert "pie" not in [off.action_to_string(a) for a in off.legal_actions()]
    assert pyspiel.load_game("python_thruway(size=7)").rules_game.ply_limit() == 1000
    chess = pyspiel.load_game("python_transit_chess(pieces=P1R0C1,first=black)")
    assert "black: place: P C" in chess.new_initial_state().seated.state.to_text()
    assert chess.new_initial_state().current_player() == 1


def test_a_board_parameter_is_a_position_rt4() -> None:
    game = pyspiel.load_game("python_rapid_transit(board=CRRC/RCCR/CRRC/RCCR)")
    assert game.new_initial_state().seated.state.to_text().startswith("C R R C\nR C C R")
    assert game.num_distinct_actions() == 4**4 + 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("python_rapid_transit(size=5)", "RT-1"),
        ("python_rapid_transit(rules=v2)", "rules"),
        ("python_transit_chess(map=design)", "design"),
        ("python_transit_chess(pieces=X9)", "P2R1"),
        ("python_thruway(size=2)", "size"),
    ],
)
def test_bad_parameters_are_refused_saying_why(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game(text)


def test_unknown_parameters_are_refused_by_openspiel() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("python_thruway(sizes=5)")


# --- OpenSpiel's own checks --------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options"), params())
def test_openspiel_random_sim_test(name: str, options: dict[str, Any]) -> None:
    """OpenSpiel's C++ conformance test: legal actions, observations, serialization, clones."""
    pyspiel.random_sim_test(load(name, options), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "options"), params())
def test_openspiel_python_sim_test(name: str, options: dict[str, Any]) -> None:
    """OpenSpiel's Python simulation test: pickled game and game type, pyspiel and pickle
    round trips of states along the way, clones checked at every move."""
    np.random.seed(4)  # sim_game draws its moves from numpy's global generator
    # A TestCase needs one of its own test names to exist; sim_game is the check we run.
    games_sim_test.GamesSimTest("test_breakthrough").sim_game(load(name, options))


@pytest.mark.parametrize(("name", "options"), params())
def test_read_back_states_go_on_identically(name: str, options: dict[str, Any]) -> None:
    """Serialized and pickled states replay their history: they continue with the same moves
    to the same end (transit chess's repetitions, MT-11, are history no position shows)."""
    game = load(name, options)
    states = random_game(game, seed=8)
    end = states[-1]
    for state in states[:: max(1, len(states) // 4)]:
        for copy in (
            pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
            pickle.loads(pickle.dumps(state)),
        ):
            assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()
            for action in end.history()[len(state.history()) :]:
                copy.apply_action(action)
            assert copy.is_terminal() and copy.returns() == end.returns()


def test_a_clone_is_independent() -> None:
    state = pyspiel.load_game("python_thruway(size=5)").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.move_number() == 1 and clone.move_number() == 2
    assert str(state) != str(clone) and len(state.history()) == 1


# --- actions, observations, returns --------------------------------------------------------


def test_actions_print_and_parse_as_move_text() -> None:
    state = pyspiel.load_game("python_rapid_transit(size=4)").new_initial_state()
    texts = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert texts == [str(m) for m in state.seated.state.legal_moves()]
    assert state.string_to_action("c1-b1") == 33
    with pytest.raises(ValueError, match="RT-10"):
        state.apply_action(state.string_to_action("c1-b1") - 33 + 1)  # a1-b1, RT-10


def test_observation_tensors_are_the_encoding() -> None:
    game = pyspiel.load_game("python_transit_chess(first=white)")
    assert game.observation_tensor_shape() == [8 * 16 + 8 + 2]
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("C@CAS"))
    white = np.array(state.observation_tensor(0))
    assert white[3 * 16 + 1] == 1 and white[-2:].tolist() == [0, 1]
    assert np.array(state.observation_tensor(1))[-1] == 0
    grid = pyspiel.load_game("python_thruway(size=5)")
    assert grid.observation_tensor_shape() == [9, 5, 5]


def test_pie_keeps_player_numbers_and_trades_sides_rt13() -> None:
    state = pyspiel.load_game("python_rapid_transit(size=4,pie=on)").new_initial_state()
    state.apply_action(state.string_to_action("c1-b1"))
    assert state.current_player() == 1
    state.apply_action(state.string_to_action("pie"))
    # Player 1 took red; cyan, now player 0's side, moves again (RT-13).
    assert state.current_player() == 0 and state.seated.seats == ("cyan", "red")
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    winner = state.seated.state.winner
    assert state.returns() == ([1.0, -1.0] if winner == "cyan" else [-1.0, 1.0])


# --- OpenSpiel's MCTS ------------------------------------------------------------------------

MCTS_GAMES = [
    "python_rapid_transit(size=6)",
    "python_rapid_transit(size=4,rules=v1)",
    "python_thruway(size=7,max_plies=80)",  # random rollouts of a 1000-ply limit are slow
    "python_transit_chess(map=fantasy,seed=3,max_plies=150)",
]


def mcts_bot(game: pyspiel.Game, seed: int, simulations: int = 30) -> mcts.MCTSBot:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=True)


@pytest.mark.parametrize("text", MCTS_GAMES)
def test_mcts_plays_a_full_game_our_rules_agree_with(text: str) -> None:
    game = pyspiel.load_game(text)
    bots = [mcts_bot(game, seed=1), mcts_bot(game, seed=2)]
    state, moves = game.new_initial_state(), []
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        moves.append(state.action_to_string(action))
        state.apply_action(action)
    ours = game.rules_game.initial_state()
    for move in moves:  # the same game through the protocol alone
        ours = ours.play(move)
    assert ours.is_over and ours.to_text() == state.seated.state.to_text()
    assert sum(state.returns()) == 0
    assert (ours.winner is None) == (state.returns() == [0.0, 0.0])


def test_mcts_beats_random_play_on_the_small_board() -> None:
    game = pyspiel.load_game("python_rapid_transit(size=4)")
    wins = 0
    for seed in range(6):
        seat = seed % 2
        players = [
            mcts_bot(game, seed, simulations=60),
            pyspiel.make_uniform_random_bot(1 - seat, seed),
        ]
        if seat:
            players.reverse()
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(players[state.current_player()].step(state))
        wins += state.returns()[seat] > 0
    assert wins >= 5


# --- the hot calls, kept cheap (abstracts/openspiel.py's Line) -------------------------------


def test_a_replayed_action_is_looked_up_and_gives_the_same_state() -> None:
    """A search clones its root and replays actions: the clones share the line after each
    action, which is the state the rules give."""
    game = pyspiel.load_game("python_thruway(size=5)")
    root = game.new_initial_state()
    action = root.legal_actions()[3]
    first, second, third = root.clone(), root.clone(), root.clone()
    first.apply_action(action)
    second.apply_action(action)
    third.apply_action(action)
    assert first.line is not second.line  # played once: not kept (a rollout's step)
    assert second.line is third.line  # played again: kept, the third time is a lookup
    ours = game.rules_game.initial_state().play(root.action_to_string(action))
    assert first.seated.state.to_text() == ours.to_text()
    assert first.legal_actions() == sorted(
        game.new_initial_state().line.after(game.encoding, action).legal(game.encoding)
    )
    assert (first.current_player(), first.is_terminal(), first.returns()) == (1, False, [0, 0])


def test_an_illegal_action_still_raises_and_is_not_kept() -> None:
    state = pyspiel.load_game("python_rapid_transit(size=4)").new_initial_state()
    bad = state.string_to_action("c1-b1") - 33 + 1  # a1-b1, RT-10
    for _ in range(2):
        with pytest.raises(ValueError, match="RT-10"):
            state.clone().apply_action(bad)
    assert state.line._after is None and state.move_number() == 0


def test_new_states_share_the_games_start_not_its_lines() -> None:
    game = pyspiel.load_game("python_transit_chess(map=fantasy,seed=2)")
    one, two = game.new_initial_state(), game.new_initial_state()
    assert one.seated is two.seated is game.start
    assert one.line is not two.line
    one.apply_action(one.legal_actions()[0])
    assert two.move_number() == 0 and two.line._played is None
