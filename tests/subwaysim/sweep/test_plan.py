"""Sweep plans: every grid point validated up front, seeds, seats, the recorded command."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.plan import plan_sweep
from tests.subwaysim.sweep.helpers import GRID, TINY

runner = CliRunner()


def test_bad_set_keys_and_values_are_refused_before_any_game(tiny: Path, tmp_path: Path) -> None:
    cases = {
        "rules.bulds_per_turn=1,2": "rules.bulds_per_turn (--set): unknown key",
        "rules.builds_per_turn=2,-1": "rules.builds_per_turn (--set): Input should be greater",
        "cards.decks=three,four": "cards.decks (--set): Input should be 'three' or 'two'",
        "players.0.agent=random,human": "players.0.agent: a sweep cannot seat a human player",
        "players.0.agent=random,wizard": "players.0.agent (--set): unknown agent 'wizard'",
    }
    for spec, message in cases.items():
        out = tmp_path / "never"
        result = runner.invoke(
            app, ["sweep", str(tiny), "--set", spec, "--games", "1", "--out", str(out)]
        )
        assert result.exit_code == 2, result.output
        assert message in result.output and "Traceback" not in result.output
        assert not out.exists()  # nothing ran, nothing was written


def test_every_agent_the_scenario_accepts_is_accepted(tiny: Path) -> None:
    plan = plan_sweep(tiny, ["players.0.agent=uniform,random,greedy,mcts:50,mcts:2s"], 1)
    assert [s.values[0] for s in plan.settings] == [
        "uniform",
        "random",
        "greedy",
        "mcts:50",
        "mcts:2s",
    ]


def test_a_bad_combination_names_the_setting(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    path.write_text(TINY.replace("max_population: 1", "max_population: 2"))
    # Each value is fine with the file's other value (initial 1 <= max 1, 2 <= max 2),
    # but not max 1 with initial 2.
    with pytest.raises(SweepError) as refused:
        plan_sweep(path, ["cards.max_population=1,2", "cards.initial_population=1,2"], 1)
    message = str(refused.value)
    assert message.startswith(f"{path}: cards ")
    assert message.endswith(
        ": initial_population (2) exceeds max_population (1) "
        "[cards.max_population=1, cards.initial_population=2]"
    )
    assert "\n" not in message  # one problem, reported once


def test_rotated_seats_cycle_the_turn_order(tiny: Path) -> None:
    plan = plan_sweep(tiny, [], 3, rotate_seats=True)
    assert [t.scenario.player_names for t in plan.tasks()] == [
        ("IRT", "BRT"), ("BRT", "IRT"), ("IRT", "BRT")
    ]  # fmt: skip


def test_game_k_of_every_setting_shares_its_seed_unless_independent(tiny: Path) -> None:
    common = plan_sweep(tiny, GRID, 2).tasks()
    assert {t.seed for t in common if t.game == 1} == {common[1].seed}
    assert len({t.seed for t in common}) == 2
    independent = plan_sweep(tiny, GRID, 2, independent=True).tasks()
    assert len({t.seed for t in independent}) == 8


def test_tasks_can_stop_at_a_number_of_games(tiny: Path) -> None:
    plan = plan_sweep(tiny, GRID, 5)
    assert [t.game for t in plan.tasks(games=2)] == [0, 1] * 4


def test_the_command_records_every_option(tiny: Path) -> None:
    plan = plan_sweep(
        tiny, GRID[:1], 40, seed=3, rotate_seats=True, independent=True,
        baseline=["rules.builds_per_turn=2"], precision=0.1,
    )  # fmt: skip
    assert plan.command("out dir") == (
        f"subway sweep {tiny} --set rules.builds_per_turn=1..2 --games 40 --seed 3 "
        "--rotate-seats --independent --baseline rules.builds_per_turn=2 --precision 0.1 "
        "--out 'out dir'"
    )


@pytest.mark.parametrize("precision", [0.0, -0.1, 1.5])
def test_a_precision_outside_0_1_is_refused(tiny: Path, precision: float) -> None:
    with pytest.raises(SweepError, match="--precision is a win-rate interval width"):
        plan_sweep(tiny, GRID, 5, precision=precision)
