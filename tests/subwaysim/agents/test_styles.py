"""Restricted greedy players (issue 30): specs, greedy unchanged by default, each style seen
in its builds."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from subwaysim.agents import make_agent
from subwaysim.agents.greedy import GreedyAgent
from subwaysim.agents.plans import Plan
from subwaysim.agents.styles import (
    STYLES,
    Style,
    StyledGreedy,
    StyleError,
    check_spec,
    is_style_spec,
    parse_style,
)
from subwaysim.builds import Build
from subwaysim.engine import Game
from subwaysim.scenario import ScenarioError, load_scenario
from subwaysim.strategies.metrics import SeatMetrics
from subwaysim.sweep.run.play import EventDigest

CLASSIC = Path(__file__).parents[3] / "scenarios" / "classic.yaml"
SHORT = ["end.turns=12"]


def game(agent: str, seed: int, *sets: str) -> tuple[SeatMetrics, str]:
    """One short classic game, `agent` in the first seat (IRT) against greedy."""
    s = load_scenario(CLASSIC, [*SHORT, *sets, f"players.0.agent={agent}"])
    metrics, digest = SeatMetrics(), EventDigest()
    Game(s, seed, [metrics, digest]).run()
    return metrics, digest.hexdigest()


def test_specs_name_presets_weights_and_both() -> None:
    assert parse_style("greedy:local") == Style(express=0.0)
    assert parse_style("greedy{express=1.3;deny=0.5}") == Style(express=1.3, deny=0.5)
    assert parse_style("greedy:deny{express=0}") == Style(deny=1.0, express=0.0)
    assert parse_style("greedy{}") == Style()
    assert Style(express=1.3, deny=0.5).spec() == "greedy{express=1.3}"  # deny 0.5 is greedy's
    assert parse_style(Style(hubs=2.5, hoard=0.25).spec()) == Style(hubs=2.5, hoard=0.25)
    assert Style().spec() == "greedy"
    assert not any("," in parse_style(f"greedy:{n}").spec() for n in STYLES)  # lists split on ,


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("greedy:fast", "unknown style 'fast'"),
        ("greedy{speed=2}", "unknown weight 'speed'"),
        ("greedy{deny=x}", "deny='x' is not a number"),
        ("greedy{deny=-1}", "deny is from 0 to 100"),
        ("greedy{hoard=2}", "hoard is from 0 to 1"),
        ("greedy{deny}", "'deny' is not KEY=VALUE"),
        ("greedy{deny=1;deny=2}", "given twice"),
        ("greedy{deny=nan}", "deny is from"),
    ],
)
def test_a_bad_spec_says_what_is_wrong(spec: str, problem: str) -> None:
    with pytest.raises(StyleError, match=problem.replace("{", r"\{")):
        parse_style(spec)


def test_plain_agent_names_are_not_styles() -> None:
    assert not is_style_spec("greedy")
    assert not is_style_spec("greedyx")
    assert not is_style_spec("mcts:400")
    assert all(is_style_spec(s) for s in ("greedy:local", "greedy{deny=1}", "@f.txt"))


def test_a_strategy_file_holds_one_spec_and_scenarios_read_it(tmp_path: Path) -> None:
    path = tmp_path / "strategy.txt"
    path.write_text("# found by subway exploit\ngreedy{express=0.5;lines=2}  # the best\n")
    assert check_spec(f"@{path}") == "greedy{express=0.5;lines=2}"
    s = load_scenario(CLASSIC, [f"players.1.agent=@{path}"])
    assert s.players[1].agent == "greedy{express=0.5;lines=2}"  # read once, at the check
    agent = make_agent(f"@{path}", "IRT", random.Random(0))
    assert isinstance(agent, StyledGreedy) and agent.style == Style(express=0.5, lines=2.0)
    path.write_text("greedy:local\ngreedy:express\n")
    with pytest.raises(StyleError, match="holds one agent spec"):
        check_spec(f"@{path}")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(CLASSIC, [f"players.0.agent=@{tmp_path / 'none.txt'}"])
    assert "players.0.agent" in caught.value.problems[0]
    assert "cannot read the strategy file" in caught.value.problems[0]


def test_the_scenario_check_names_a_bad_style() -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(CLASSIC, ["players.0.agent=greedy:fast"])
    assert "players.0.agent" in caught.value.problems[0]
    assert "unknown style 'fast'" in caught.value.problems[0]


def test_default_weights_play_exactly_as_greedy() -> None:
    for seed in (1, 2):
        assert game("greedy{}", seed)[1] == game("greedy", seed)[1]
        assert game("greedy{hoard=0.5}", seed)[1] == game("greedy", seed)[1]  # no SG-22 here


def test_greedy_local_never_builds_express_and_greedy_express_never_local() -> None:
    for seed in (1, 2, 3):
        local = game("greedy:local", seed)[0].of("IRT")
        express = game("greedy:express", seed)[0].of("IRT")
        assert local.express_stations == 0 and local.local_stations > 0
        assert express.local_stations == 0 and express.express_stations > 0
    plain = [game("greedy", seed)[0].of("IRT") for seed in (1, 2, 3)]
    assert sum(m.express_stations for m in plain) > 0  # greedy itself builds both
    assert sum(m.local_stations for m in plain) > 0


def test_greedy_lines_lays_more_track_per_station_than_greedy() -> None:
    def ratio(agent: str) -> float:
        ms = [game(agent, seed)[0].of("IRT") for seed in (1, 2, 3)]
        track = sum(m.track_built for m in ms)
        return track / sum(m.local_stations + m.express_stations for m in ms)

    assert ratio("greedy:lines") > 1.2 * ratio("greedy")


def test_greedy_hoard_banks_where_the_scenario_allows_it() -> None:
    bank = ("rules.bank_builds=3",)
    hoard = [game("greedy:hoard", seed, *bank)[0].of("IRT").banked for seed in (1, 2)]
    plain = [game("greedy", seed, *bank)[0].of("IRT").banked for seed in (1, 2)]
    assert sum(hoard) > sum(plain) + 5


def test_greedy_deny_counts_the_rival_as_much_as_itself() -> None:
    agent = make_agent("greedy:deny", "IRT", random.Random(0))
    assert isinstance(agent, GreedyAgent) and agent.rival_weight == 1.0
    assert make_agent("greedy", "IRT", random.Random(0)).rival_weight == 0.5  # type: ignore[attr-defined]
    assert game("greedy:deny", 1)[1] != game("greedy", 1)[1]


class _View:
    """What `weigh` reads of a valuation: the squares' shares of trips."""

    def __init__(self, weights: np.ndarray) -> None:
        self.weights = weights


def test_weigh_scales_a_plan_by_what_it_builds() -> None:
    weights = np.array([0.1, 0.1, 0.4, 0.4])  # squares 2 and 3: 1.6 times an average square
    view = _View(weights)
    busy = Plan((Build("station", 2, "local"),), 1)
    quiet = Plan((Build("station", 0, "local"),), 1)
    express = Plan((Build("station", 0, "express"),), 1)
    line = Plan((Build("track", 1), Build("station", 1, "express")), 2)
    hubs = StyledGreedy("IRT", random.Random(0), Style(hubs=2.0))
    assert hubs.weigh(view, busy, 10.0) == pytest.approx(10.0 * 1.6**2)  # type: ignore[arg-type]
    assert hubs.weigh(view, quiet, 10.0) == pytest.approx(10.0 * 0.4**2)  # type: ignore[arg-type]
    shaped = StyledGreedy("IRT", random.Random(0), Style(express=0.0, lines=2.0))
    assert shaped.weigh(view, express, 10.0) == 0.0  # type: ignore[arg-type]
    assert shaped.weigh(view, quiet, 10.0) == 10.0  # type: ignore[arg-type]
    assert shaped.weigh(view, line, 10.0) == 0.0  # type: ignore[arg-type]  (express, on track)
    lines = StyledGreedy("IRT", random.Random(0), Style(lines=2.0, station=0.5))
    assert lines.weigh(view, line, 10.0) == 20.0  # type: ignore[arg-type]
    assert lines.weigh(view, quiet, 10.0) == 5.0  # type: ignore[arg-type]
    assert lines.weigh(view, quiet, -3.0) == -3.0  # type: ignore[arg-type]  (a loss stays one)
