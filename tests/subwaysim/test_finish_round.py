"""SG-20 `end.finish_round`: a met score or depleted-piles condition ends the game only once
the round is complete, so every player has had the same number of turns."""

from __future__ import annotations

from pathlib import Path

import pytest

from subwaysim.engine import Game
from subwaysim.events import FinalRound, GameEnded, TurnEnded
from subwaysim.replay.log import read_log
from subwaysim.replay.page import write_page
from subwaysim.scenario import load_scenario
from subwaysim.state import GameState
from subwaysim.turn import end_reason, turns_to_round_end
from tests.subwaysim.helpers import Recorder, scenario

THREE = [{"name": "A", "agent": "uniform"}, {"name": "B"}, {"name": "C", "agent": "uniform"}]


def _state(finish_round: bool, players: list[dict[str, str]] | None = None, **end: object):
    s = scenario(
        board={"sections": [1, 1], "section_size": [3, 3]},
        end={"turns": None, "finish_round": finish_round, **end},
        players=players or [{"name": "IRT", "agent": "uniform"}, {"name": "BRT"}],
    )
    return GameState.new(s, seed=1)


def test_sg20_score_met_mid_round_waits_for_the_round_to_finish() -> None:
    # Hand-worked: 3 players A, B, C, end.score 10. Turn 4 is A's turn of round 2; A reaches
    # 10 points. Without finish_round the game ends there (A has had 2 turns, B and C 1).
    # With it, B (turn 5) and C (turn 6) still play; the game ends after turn 6, when all
    # three have had 2 turns, and C's 12 points win although A met the condition.
    plain, finishing = _state(False, THREE, score=10), _state(True, THREE, score=10)
    for state in (plain, finishing):
        state.turn = 4
        state.scores = {"A": 10, "B": 3, "C": 8}
    assert end_reason(plain) == "score: A reached 10 points"
    assert end_reason(finishing) is None
    assert finishing.ending == "score: A reached 10 points after turn 4"
    assert turns_to_round_end(finishing) == 2
    assert end_reason(finishing) is None  # asked twice after one turn: the same answer
    finishing.turn = 5
    finishing.scores = {"A": 10, "B": 4, "C": 8}  # scores keep changing in the last turns
    assert end_reason(finishing) is None
    assert turns_to_round_end(finishing) == 1
    finishing.turn = 6
    finishing.scores = {"A": 10, "B": 4, "C": 12}
    assert end_reason(finishing) == (
        "score: A reached 10 points after turn 4; the round finished (end.finish_round)"
    )


def test_sg20_a_condition_met_on_the_rounds_last_turn_ends_at_once() -> None:
    state = _state(True, score=5)
    state.turn = 4  # BRT's turn: the second of two, so round 2 is complete
    state.scores = {"IRT": 2, "BRT": 5}
    assert end_reason(state) == (
        "score: BRT reached 5 points after turn 4; the round finished (end.finish_round)"
    )


def test_sg20_depleted_piles_wait_for_the_round_even_if_a_pile_refills() -> None:
    # 1 x 1 section of 3 x 3: decks section (1 identity), row (3), column (3) = 7 piles.
    # end.depleted_piles 2: two empty piles on IRT's turn 3 meet it; BRT's turn 4 still
    # plays, and the game ends after it even if a pile came back meanwhile (SG-21).
    state = _state(True, depleted_piles=2)
    row, column = state.deck("row"), state.deck("column")
    row.supply[0] = column.supply[2] = 0
    state.turn = 3
    assert state.empty_supply_piles() == 2
    assert end_reason(state) is None
    row.supply[0] = 1  # depopulated back (SG-21): the condition no longer holds
    state.turn = 4
    assert end_reason(state) == (
        "depleted piles: 2 supply piles are empty after turn 3; the round finished "
        "(end.finish_round)"
    )


def test_sg20_finish_round_leaves_turns_and_the_turn_limit_alone() -> None:
    state = _state(True, turns=2)
    state.turn = 3
    assert end_reason(state) is None
    state.turn = 4
    assert end_reason(state) == "turns: every player has had 2 turns"
    capped = _state(True, depleted_piles=7, max_turns=3)
    capped.turn = 6
    assert end_reason(capped) == "turn limit: every player has had 3 turns (end.max_turns)"


def _played(finish_round: bool, seed: int) -> Recorder:
    s = scenario(
        end={"turns": None, "depleted_piles": 6, "finish_round": finish_round},
        players=[{"name": "IRT", "agent": "greedy"}, {"name": "BRT", "agent": "greedy"}],
    )
    recorder = Recorder()
    Game(s, seed, [recorder.events.append]).run()
    return recorder


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_sg20_whole_games_end_on_complete_rounds_and_agree_until_the_condition(seed: int) -> None:
    plain, finishing = _played(False, seed), _played(True, seed)
    (ended,) = finishing.of(GameEnded)
    assert ended.turns % 2 == 0 and ended.rounds * 2 == ended.turns
    (plain_end,) = plain.of(GameEnded)
    announced = finishing.of(FinalRound)
    if plain_end.turns % 2 == 0:  # met on the round's last turn: same game, same end turn
        assert ended.turns == plain_end.turns and not announced
    else:  # met on IRT's turn: BRT plays one more turn, announced before IRT's TurnEnded
        assert ended.turns == plain_end.turns + 1
        (final,) = announced
        assert (final.turn, final.player, final.turns_left) == (plain_end.turns, "IRT", 1)
        index = finishing.events.index(final)
        assert isinstance(finishing.events[index + 1], TurnEnded)
    assert ended.reason.startswith(plain_end.reason.split(" supply")[0])
    assert ended.reason.endswith("the round finished (end.finish_round)")
    # Until the condition is met, the two games are the same game, event for event.
    cut = next(i for i, e in enumerate(plain.events) if isinstance(e, GameEnded))
    same = [repr(e) for e in finishing.events if not isinstance(e, FinalRound)]
    assert same[:cut] == [repr(e) for e in plain.events[:cut]]


def test_sg20_finish_round_is_a_scenario_key_set_and_validated(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("name: s\nend: {turns: null, depleted_piles: 8}\n", encoding="utf-8")
    assert load_scenario(path).end.finish_round is False
    assert load_scenario(path, ["end.finish_round=true"]).end.finish_round is True
    with pytest.raises(Exception, match="finish_round"):
        load_scenario(path, ["end.finish_round=sometimes"])


def test_sg20_final_round_in_the_log_and_on_the_replay_page(tmp_path: Path) -> None:
    from rich.console import Console

    from subwaysim.commands.one_game import run_game

    path = tmp_path / "s.yaml"
    path.write_text(
        "name: s\nend: {turns: null, depleted_piles: 6, finish_round: true}\n", encoding="utf-8"
    )
    s = load_scenario(path)
    for seed in range(1, 12):  # a seed whose condition is met mid-round
        log = tmp_path / f"{seed}.jsonl"
        console = Console(record=True, width=400)
        run_game(s, seed, console, log, False, None)
        if '"FinalRound"' in log.read_text(encoding="utf-8"):
            break
    else:
        pytest.fail("no seed met the condition mid-round")
    assert "the round is finished first, 1 more turn (SG-20" in console.export_text()
    replay = read_log(log)
    page = tmp_path / "page.html"
    write_page(replay, page)
    assert "the round is finished first, 1 more turn" in page.read_text(encoding="utf-8")


def test_sg20_finish_round_from_the_command_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from subwaysim.cli import app

    path = tmp_path / "s.yaml"
    path.write_text("name: s\nend: {turns: null, depleted_piles: 6}\n", encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(app, ["validate", str(path), "--set", "end.finish_round=true"])
    assert checked.exit_code == 0, checked.output
    ran = runner.invoke(
        app, ["run", str(path), "--quiet", "--seed", "2", "--set", "end.finish_round=true"]
    )
    assert ran.exit_code == 0, ran.output
    assert "the round finished (end.finish_round)" in " ".join(ran.output.split())
    bad = runner.invoke(app, ["run", str(path), "--set", "end.finish_round=often"])
    assert bad.exit_code == 2 and "end.finish_round" in bad.output
