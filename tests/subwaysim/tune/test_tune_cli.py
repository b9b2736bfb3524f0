"""`subway tune` end to end on a small board, the common random numbers of its trials, a
tune of a rule that changes nothing, and the refusals of bad input."""

from __future__ import annotations

import csv
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.scenario import load_scenario
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.play import play
from subwaysim.tune.plan import CONFIRM_FROM, TuneOptions, plan_tune
from tests.subwaysim.tune.helpers import SMALL

runner = CliRunner()


@pytest.fixture
def small(tmp_path: Path) -> Path:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL)
    return path


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def test_game_k_of_every_trial_has_one_seed(small: Path) -> None:
    plan = plan_tune(
        TuneOptions(
            str(small), ("cards.max_population=1..3", "rules.intensify_below=0,3"), ("rounds=5",)
        )
    )
    a = plan.setting({"cards.max_population": "1", "rules.intensify_below": "0"})
    b = plan.setting({"cards.max_population": "3", "rules.intensify_below": "3"})
    seeds_a = [t.seed for t in plan.tasks(a, plan.scenario(a), range(4))]
    seeds_b = [t.seed for t in plan.tasks(b, plan.scenario(b), range(4))]
    assert seeds_a == seeds_b and len(set(seeds_a)) == 4  # common, and new for every game
    confirm = [
        t.seed for t in plan.tasks(a, plan.scenario(a), range(CONFIRM_FROM, CONFIRM_FROM + 4))
    ]
    assert not set(confirm) & set(seeds_a)  # the confirmation plays games no trial played
    # A setting that changes nothing for these games gives game k event for event again.
    c = plan.setting({"cards.max_population": "2", "rules.intensify_below": "3"})
    own = Setting((("cards.max_population", "2"), ("rules.intensify_below", "3")))
    same = plan.tasks(own, load_scenario(small), range(2))
    for mine, theirs in zip(plan.tasks(c, plan.scenario(c), range(2)), same, strict=True):
        assert play(mine).record.digest == play(theirs).record.digest


def test_a_small_tune_end_to_end(small: Path, tmp_path: Path) -> None:
    out = tmp_path / "tune"
    start = time.process_time()  # CPU: the machine may be shared
    result = runner.invoke(
        app,
        ["tune", str(small), "--vary", "end.turns=3..8", "--vary", "end.finish_round=true,false",
         "--set", "end.score=30", "--target", "rounds=5", "--budget", "96",
         "--games-per-trial", "8", "--confirm", "16", "--jobs", "1", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    seconds = time.process_time() - start
    print(f"end-to-end tune: {seconds:.1f} s CPU")
    assert seconds < 30
    assert "Recommended: end.turns=5" in result.output
    rows = _rows(out / "trials.csv")
    played = [r for r in rows if r["state"] == "complete" and not r["repeat_of"]]
    # 12 settings: the search plays each once at most (asked again, it costs no games).
    assert sum(int(r["games"]) for r in rows) <= 96 and len(played) <= 12
    for r in played:  # every game lasts end.turns rounds (no score of 30 on this board)
        assert float(r["rounds"]) == int(r["end.turns"])
    md = (out / "tune.md").read_text()
    assert "subway run" in md and "--set end.score=30 --set end.turns=5" in md
    assert "| `rounds=5` | 5 [5, 5] | 6 |" in md  # confirmed against the scenario's 6 rounds
    tuned = load_scenario(out / "tuned.yaml")
    assert (tuned.end.turns, tuned.end.score) == (5, 30)
    assert runner.invoke(app, ["validate", str(out / "tuned.yaml")]).exit_code == 0
    for name in ("search_history.png", "importance.png", "measure_vs_end_turns.png",
                 "measure_vs_end_finish_round.png", "study.db", "confirm.csv"):  # fmt: skip
        assert (out / name).stat().st_size > 0, name


def test_a_rule_that_changes_nothing_is_said_so(small: Path, tmp_path: Path) -> None:
    out = tmp_path / "inert"
    result = runner.invoke(
        app,
        ["tune", str(small), "--vary", "end.score=500,900", "--target", "lead_changes=max",
         "--games-per-trial", "4", "--budget", "40", "--jobs", "1", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    md = (out / "tune.md").read_text()
    assert "No change recommended" in md and "change nothing in these games" in md
    assert "No change recommended" in result.output
    assert "the tune recommends no change" in (out / "tuned.yaml").read_text()
    assert load_scenario(out / "tuned.yaml").end.score is None  # the scenario as it was


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "end.turns=3..9", "--target", "round=5"],
         "unknown measure 'round'; did you mean 'rounds'"),
        (["--vary", "end.turn=3..9", "--target", "rounds=5"],
         "--vary end.turn: unknown scenario key 'end.turn'; did you mean 'end.turns'"),
        (["--vary", "end.turns=9..3", "--target", "rounds=5"], "needs LOW < HIGH"),
        (["--vary", "end.turns=3..9", "--target", "rounds=many"], "not a number, max or min"),
        (["--vary", "end.turns=3..9"], "give at least one --target"),
        (["--vary", "end.turns=0..4", "--target", "rounds=5"], "end.turns"),
        (["--vary", "end.turns=3..9", "--target", "rounds=5", "--agents", "a,b,c"],
         "3 agents for 2 players"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_in_one_message(
    small: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["tune", str(small), *args, "--out", str(tmp_path / "x")])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output
