"""`subway match subway SCENARIO --ladder`: each rung against the rung below, the Wilson
interval, Elo along the chain, the cost a game and the skill chain."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.agents.mcts import ITERATIONS
from subwaysim.cli import app
from subwaysim.commands.ladder import ladder_seed
from subwaysim.commands.skill_chain import (
    Chain,
    Rung,
    default_agents,
    play_chain,
    rung_record,
    rung_tasks,
)
from subwaysim.sweep.run.backends import serial
from tests.subwaysim.helpers import scenario
from tests.subwaysim.test_ladder import TINY, record


def rung(agent: str, below: str, wins: int, losses: int, draws: int = 0) -> Rung:
    return Rung(agent, below, wins + losses + draws, wins, losses, draws, None)


def test_the_default_chain_climbs_from_random_to_mcts_at_eight_times_its_budget() -> None:
    assert default_agents() == [
        "random", "greedy", "mcts", f"mcts:{2 * ITERATIONS}", f"mcts:{4 * ITERATIONS}",
        f"mcts:{8 * ITERATIONS}",
    ]  # fmt: skip


def test_each_rung_plays_the_one_below_seats_rotated_on_the_same_seeds() -> None:
    rungs = rung_tasks(scenario(**TINY), ["random", "greedy", "mcts:4"], 4, seed=7)
    assert len(rungs) == 2
    seats = [[(t.scenario.players[0].agent, t.scenario.players[1].agent) for t in r] for r in rungs]
    assert seats[0] == [("greedy", "random"), ("random", "greedy")] * 2
    assert seats[1] == [("mcts:4", "greedy"), ("greedy", "mcts:4")] * 2
    expected = [ladder_seed(7, g) for g in range(4)]
    assert [t.seed for t in rungs[0]] == [t.seed for t in rungs[1]] == expected


def test_a_rung_counts_from_the_upper_agents_side() -> None:
    games = [
        record("b", "a", 0, ("IRT",)),  # b, seat 1, wins
        record("a", "b", 1, ("BRT",)),  # b, seat 2, wins
        record("b", "a", 2, ("BRT",)),  # a wins
        record("a", "b", 3, ("IRT", "BRT")),  # a shared win (SG-20): a draw
    ]
    r = rung_record("b", "a", games, cpu=2.0)
    assert (r.games, r.wins, r.losses, r.draws) == (4, 2, 1, 1)
    assert r.rate == pytest.approx(2.5 / 4)
    assert r.cost == pytest.approx(0.5)


def test_wilson_interval_decides_whether_a_rung_beats_the_one_below() -> None:
    # 30 of 40: Wilson 95% is [0.598, 0.858] by hand (z = 1.96): above one half.
    sure = rung("b", "a", 30, 10)
    low, high = sure.interval()
    assert (round(low, 3), round(high, 3)) == (0.598, 0.858)
    assert sure.significant
    # 25 of 40: [0.470, 0.763], which holds one half: not sure.
    assert not rung("b", "a", 25, 15).significant
    assert not rung("b", "a", 0, 0).significant


def test_elo_along_the_chain_is_the_sum_of_each_rungs_logit_with_a_prior_draw() -> None:
    chain = Chain("a", (rung("b", "a", 30, 10), rung("c", "b", 20, 20)))
    elo = chain.elo()
    gap = 400 * math.log10(30.5 / 10.5)  # 400 log10 of the odds, one draw as a prior
    assert elo == pytest.approx({"a": 0.0, "b": gap, "c": gap})
    assert chain.spread() == ("b", pytest.approx(gap))  # the first of two equals
    unbeaten = Chain("a", (rung("b", "a", 40, 0),))
    assert unbeaten.elo()["b"] == pytest.approx(400 * math.log10(40.5 / 0.5))  # finite


def test_the_skill_chain_is_the_longest_run_of_sure_rungs() -> None:
    sure, unsure = (30, 10), (22, 18)
    chain = Chain(
        "r",
        (
            rung("g", "r", *sure),
            rung("m1", "g", *unsure),
            rung("m2", "m1", *sure),
            rung("m3", "m2", *sure),
            rung("m4", "m3", *unsure),
        ),
    )
    assert chain.skill_chain() == ["m1", "m2", "m3"]
    assert Chain("r", (rung("g", "r", *unsure),)).skill_chain() == []


def test_a_chain_plays_every_rung_and_measures_its_cost() -> None:
    s = scenario(**TINY)
    chain = play_chain(s, ["uniform", "random", "greedy"], 2, seed=1, backend=serial)
    assert [(r.agent, r.below, r.games) for r in chain.rungs] == [
        ("random", "uniform", 2),
        ("greedy", "random", 2),
    ]
    assert all(r.cost is not None and r.cost > 0 for r in chain.rungs)
    again = play_chain(s, ["uniform", "random", "greedy"], 2, seed=1, backend=serial)
    assert [(r.wins, r.losses, r.draws) for r in again.rungs] == [
        (r.wins, r.losses, r.draws) for r in chain.rungs
    ]


def test_the_command_prints_the_ladder(tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text("board: {sections: [1, 1], section_size: [4, 4]}\nend: {turns: 2}\n")
    args = ["match", "subway", str(path), "--ladder", "--agents", "uniform,random,greedy"]
    result = CliRunner().invoke(app, [*args, "--games", "2", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    for words in ("[95% CI]", "Elo", "CPU s/game", "Elo spread from uniform", "skill chain"):
        assert words in result.output


def test_the_matrix_still_needs_agents(tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text("end: {turns: 2}\n")
    result = CliRunner().invoke(app, ["match", "subway", str(path)])
    assert result.exit_code == 2
    assert "--agents" in result.output


def test_ctrl_c_shows_the_rungs_already_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from subwaysim.sweep.run import backends

    calls = []

    def first_rung_then_ctrl_c(jobs: int | None, address: str | None) -> object:
        def run(tasks: list[object]) -> object:
            calls.append(len(tasks))
            if len(calls) > 1:
                raise KeyboardInterrupt
            yield from serial(tasks)

        return run

    monkeypatch.setattr(backends, "choose_backend", first_rung_then_ctrl_c)
    path = tmp_path / "tiny.yaml"
    path.write_text("board: {sections: [1, 1], section_size: [4, 4]}\nend: {turns: 2}\n")
    args = ["match", "subway", str(path), "--ladder", "--agents", "uniform,random,greedy"]
    result = CliRunner().invoke(app, [*args, "--games", "2"])
    assert result.exit_code == 130
    assert "Interrupted after 1 of 2 rungs" in result.output
    assert "Elo spread from uniform" in result.output and "Traceback" not in result.output
