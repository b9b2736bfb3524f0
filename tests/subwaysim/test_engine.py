"""SG-17/SG-18 build phase, SG-19 turn order, SG-20 end conditions, determinism, events."""

from __future__ import annotations

import dataclasses

import pytest

from subwaysim.builds import Build
from subwaysim.commands.one_game import JsonlLog
from subwaysim.engine import Game, end_reason
from subwaysim.events import (
    Built,
    GameEnded,
    GameStarted,
    Populated,
    TripTaken,
    TurnEnded,
    TurnStarted,
)
from subwaysim.state import GameState
from tests.subwaysim.helpers import Recorder, Scripted, scenario


def play(s, agents=None, seed=None):  # type: ignore[no-untyped-def]
    events: list = []
    game = Game(s, seed, [events.append], agents)
    result = game.run()
    return game, result, events


def test_sg19_turns_go_round_the_circle_and_phases_advance_the_clock() -> None:
    s = scenario(end={"turns": 2}, players=[{"name": n, "agent": "random"} for n in "ABC"])
    _, result, events = play(s)
    starts = [e for e in events if isinstance(e, TurnStarted)]
    assert [(e.player, e.round, e.turn) for e in starts] == [
        ("A", 1, 1), ("B", 1, 2), ("C", 1, 3), ("A", 2, 4), ("B", 2, 5), ("C", 2, 6)
    ]  # fmt: skip
    assert [e.time for e in starts] == [0.0, 3.0, 6.0, 9.0, 12.0, 15.0]
    assert result.turns == 6 and result.rounds == 2
    assert isinstance(events[0], GameStarted) and isinstance(events[-1], GameEnded)
    # populate (SG-6) comes first in every turn, before any build of that turn
    first_turn = events[1 : events.index(starts[1])]
    assert isinstance(first_turn[1], Populated)
    assert isinstance(first_turn[-1], TurnEnded)


def test_sg17_scripted_phase_spends_points_and_sg18_station_triggers_an_extra_trip() -> None:
    s = scenario(end={"turns": 1}, rules={"builds_per_turn": 3})
    irt = Scripted("IRT", [Build("track", 0), Build("track", 1), Build("station", 0, "local")])
    _, _, events = play(s, {"IRT": irt, "BRT": Scripted("BRT")})
    built = [e for e in events if isinstance(e, Built)]
    assert [(b.action, b.square, b.points_left) for b in built] == [
        ("track", "a1", 2), ("track", "b1", 1), ("station", "a1", 0)
    ]  # fmt: skip
    extra = [e for e in events if isinstance(e, TripTaken) and e.cause == "extra"]
    assert len(extra) == 1 and extra[0].origin == "a1"  # SG-18: the first reshuffle


def test_sg17_whole_phase_build_ends_the_phase() -> None:
    s = scenario(end={"turns": 1}, board={"hazards": ["a1"]})
    irt = Scripted("IRT", [Build("track", 0), Build("track", 1)])
    _, _, events = play(s, {"IRT": irt, "BRT": Scripted("BRT")})
    built = [e for e in events if isinstance(e, Built)]
    assert [(b.square, b.cost, b.points_left) for b in built] == [("a1", 3, 0)]
    assert irt.builds == [Build("track", 1)]  # never asked again this phase


def test_sg20_turns_end_after_every_player_has_had_n_turns() -> None:
    _, result, _ = play(
        scenario(
            end={"turns": 4},
            players=[{"name": "X", "agent": "random"}, {"name": "Y", "agent": "random"}],
        )
    )
    assert result.turns == 8 and "every player has had 4 turns" in result.reason


def test_sg20_score_and_depleted_piles_conditions() -> None:
    state = GameState.new(scenario(end={"turns": None, "score": 10}), seed=0)
    state.turn = 1
    assert end_reason(state) is None
    state.scores["BRT"] = 10
    assert end_reason(state) == "score: BRT reached 10 points"
    state = GameState.new(scenario(end={"turns": None, "depleted_piles": 2}), seed=0)
    state.decks[1].supply[0] = 0
    assert end_reason(state) is None
    state.decks[2].supply[3] = 0
    assert end_reason(state) == "depleted piles: 2 supply piles are empty"


def test_sg20_equal_highest_scores_share_the_win() -> None:
    s = scenario(end={"turns": 1})
    _, result, _ = play(s, {"IRT": Scripted("IRT"), "BRT": Scripted("BRT")})
    assert result.scores == {"IRT": 0, "BRT": 0} and result.winners == ("IRT", "BRT")


def test_same_scenario_and_seed_give_a_byte_identical_log() -> None:
    s = scenario(
        end={"turns": 6},
        players=[{"name": "IRT", "agent": "greedy"}, {"name": "BRT", "agent": "random"}],
    )
    logs = []
    for _ in range(2):
        log = JsonlLog()
        Game(s, 42, [log]).run()
        logs.append("\n".join(log.lines))
    assert logs[0] == logs[1]
    other = JsonlLog()
    Game(s, 43, [other]).run()
    assert "\n".join(other.lines) != logs[0]


def test_events_are_frozen_and_serialise_to_json() -> None:
    rec = Recorder()
    rec(TurnStarted, turn=1, round=1, player="IRT")
    event = rec.events[0]
    assert event.to_json() == '{"event":"TurnStarted","time":0.0,"turn":1,"round":1,"player":"IRT"}'
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.turn = 2


def test_greedy_beats_random_on_the_classic_board() -> None:
    s = scenario(
        end={"turns": 20},
        players=[{"name": "IRT", "agent": "greedy"}, {"name": "BRT", "agent": "random"}],
    )
    wins = sum(Game(s, seed).run().winners == ("IRT",) for seed in range(4))
    assert wins >= 3


def test_the_public_surface_is_exported() -> None:
    import subwaysim

    for name in subwaysim.__all__:
        assert getattr(subwaysim, name) is not None
    assert (
        subwaysim.play_game(
            subwaysim.load_scenario("scenarios/classic.yaml", ["end.turns=1"])
        ).turns
        == 2
    )
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        subwaysim.nothing  # noqa: B018
