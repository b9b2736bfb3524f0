"""The baseline: --baseline KEY=VALUE, else the scenario's own value, else the first value."""

from __future__ import annotations

from pathlib import Path

import pytest

from subwaysim.scenario import load_scenario
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.baseline import choose_baseline, report_baseline, scenario_value
from subwaysim.sweep.plan.grid import Setting, parse_axes
from subwaysim.sweep.plan.meta import read_meta
from tests.subwaysim.sweep.helpers import run_sweep


def test_the_scenario_s_own_value_is_the_baseline_when_the_grid_holds_it(tiny: Path) -> None:
    base = load_scenario(tiny)  # builds_per_turn 3 (the default), 2 x 2 sections, IRT random
    axes = parse_axes(
        [
            "rules.builds_per_turn=1..4",
            "board.sections=[1, 2],[2, 2]",
            "players.0.agent=greedy,random",
        ]
    )
    setting, why = choose_baseline(axes, base)
    assert setting.values == ("3", "[2, 2]", "random")
    assert why.count("the scenario's own value") == 3


def test_given_values_win_and_unswept_own_values_fall_back_to_the_first(tiny: Path) -> None:
    base = load_scenario(tiny)
    axes = parse_axes(["rules.builds_per_turn=1,2", "rules.hazard_cost_on=leave,enter"])
    setting, why = choose_baseline(axes, base, ["rules.hazard_cost_on=enter"])
    assert setting.values == ("1", "enter")
    assert why == (
        "rules.builds_per_turn: the first value: the scenario's own is not swept; "
        "rules.hazard_cost_on: --baseline"
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rules.builds_per_turn", "expected KEY=VALUE"),
        ("end.turns=8", r"end.turns: not a swept key \(--set keys: rules.builds_per_turn\)"),
        ("rules.builds_per_turn=5", r"not one of its values \(1, 2\)"),
    ],
)
def test_bad_baselines_are_refused(tiny: Path, spec: str, message: str) -> None:
    axes = parse_axes(["rules.builds_per_turn=1,2"])
    with pytest.raises(SweepError, match=message):
        choose_baseline(axes, load_scenario(tiny), [spec])


def test_dotted_keys_read_lists_and_maps(tiny: Path) -> None:
    data = {"players": [{"agent": "random"}], "rules": {"costs": {"track": 1}}}
    assert scenario_value(data, "players.0.agent") == "random"
    assert scenario_value(data, "rules.costs.track") == 1
    assert scenario_value(data, "players.3.agent") is scenario_value(data, "nope")


def test_the_report_uses_the_recorded_baseline_or_the_first_setting(
    tiny: Path, tmp_path: Path
) -> None:
    run_sweep(tiny, tmp_path / "out", games=1, baseline=["rules.builds_per_turn=2"])
    meta = read_meta(tmp_path / "out")
    grid = [Setting((("rules.builds_per_turn", v), ("rules.intensify_below", w)))
            for v in ("1", "2") for w in ("0", "3")]  # fmt: skip
    assert report_baseline(grid, meta) == (grid[3], meta.baseline_reason if meta else "")
    assert report_baseline(grid, None)[0] == grid[0]
    assert "has no finished games" in report_baseline(grid[:2], meta)[1]
