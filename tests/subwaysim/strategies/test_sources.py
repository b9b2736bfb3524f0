"""What each strategy builds and where its points come from, and what the equilibrium leans
on (issue 30: a planted flaw is found); hand-made events and matrices, then short games."""

from __future__ import annotations

from pathlib import Path

import pytest

from subwaysim.engine import Game
from subwaysim.events import Built, TripTaken
from subwaysim.scenario import load_scenario
from subwaysim.strategies.equilibrium import StrategyMatrix
from subwaysim.strategies.metrics import SeatMetrics
from subwaysim.strategies.sources import (
    ACTIONS,
    SOURCES,
    ActionUse,
    Lean,
    PlayedWithUse,
    UseCounter,
    add_uses,
    leans,
    play_with_use,
)
from subwaysim.strategies.sources_view import cells, markdown
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.play import GameTask, play

CLASSIC = Path(__file__).parents[3] / "scenarios" / "classic.yaml"


def built(player: str, action: str, detail: str | None = None, cost: int = 1) -> Built:
    return Built(0.0, player, action, "a1", detail, cost, 0)


def trip(player: str, cause: str, points: dict[str, int]) -> TripTaken:
    return TripTaken(0.0, player, cause, "a1", "b2", 3, (), (), (), points)


def use(spent: dict[str, int], points: dict[str, int] | None = None, games: int = 1) -> ActionUse:
    """An ActionUse from build points by action (one build a point) and points by source."""
    s = tuple(spent.get(a, 0) for a in ACTIONS)
    p = tuple((points or {}).get(k, 0) for k in SOURCES)
    return ActionUse(games, s, s, p)


def test_builds_and_points_are_counted_by_action_and_source() -> None:
    counter = UseCounter()
    for event in (
        built("IRT", "track"),
        built("IRT", "track", cost=3),  # SG-17: a whole-phase build counts what it cost
        built("IRT", "station", "express"),
        trip("IRT", "extra", {"IRT": 2}),  # SG-18: the station's extra trip
        built("IRT", "intensify", "row"),
        trip("IRT", "extra", {"IRT": 1, "BRT": 1}),  # shared (SG-15): BRT's is no own extra
        trip("BRT", "queue", {"IRT": 2}),  # SG-8: a queue trip riding IRT's system
        built("BRT", "remove_station"),
        built("BRT", "station", "local"),
        trip("BRT", "extra", {"IRT": 2}),  # BRT's extra trip scoring for IRT: other trips
    ):
        counter(event)
    irt, brt = counter.of("IRT"), counter.of("BRT")
    assert irt.spent == (4, 0, 1, 0, 1) and irt.builds == (2, 0, 1, 0, 1)
    assert irt.points == (2, 1, 4)  # station extra, intensify extra, other
    assert brt.spent == (0, 1, 0, 1, 0) and brt.points == (0, 0, 1)
    assert irt.spent_share("track") == pytest.approx(4 / 6)
    assert irt.points_share("station_extra") == pytest.approx(2 / 7)
    assert counter.of("nobody") == ActionUse(1)


def test_a_game_counted_by_source_adds_up_to_the_scores_and_the_metrics() -> None:
    s = load_scenario(CLASSIC, ["end.turns=10"])
    counter, metrics = UseCounter(), SeatMetrics()
    result = Game(s, 3, [counter, metrics]).run()
    for player in s.player_names:
        u, m = counter.of(player), metrics.of(player)
        assert sum(u.points) == result.scores[player]
        assert u.builds == (
            m.track_built,
            m.local_stations,
            m.express_stations,
            m.removals,
            m.intensifies,
        )
        assert u.points[SOURCES.index("station_extra")] + u.points[
            SOURCES.index("intensify_extra")
        ] == (m.extra_trip_points)
        assert sum(u.spent) >= sum(u.builds)  # each build costs a point or more (SG-17)


def test_the_matrix_game_is_the_sweep_game_with_counts() -> None:
    s = load_scenario(CLASSIC, ["end.turns=6"])
    task = GameTask(Setting((("seat1", "greedy"), ("seat2", "random"))), 0, 5, s)
    plain, counted = play(task), play_with_use(task)
    assert isinstance(counted, PlayedWithUse)
    assert counted.record == plain.record  # same game, same digest
    totals: dict[str, ActionUse] = {}
    add_uses(totals, counted)
    add_uses(totals, counted)
    assert totals["greedy"].games == 2 and totals["random"].games == 2
    assert sum(totals["greedy"].points) == 2 * counted.record.scores[0]


def test_an_equilibrium_strategy_leaning_on_an_action_is_named() -> None:
    uses = {
        # in the equilibrium: 60% of its build points on intensify, and half its points
        # from their extra trips
        "abuser": use({"track": 30, "intensify": 60, "local_station": 10},
                      {"intensify_extra": 50, "other_trips": 50}),
        "greedy": use({"track": 50, "intensify": 20, "local_station": 30},
                      {"intensify_extra": 10, "other_trips": 90}),
        "lines": use({"track": 80, "intensify": 5, "local_station": 15},
                     {"intensify_extra": 1, "other_trips": 99}),
        "random": use({"track": 55, "intensify": 25, "local_station": 20}, {"other_trips": 9}),
    }  # fmt: skip
    weights = {"abuser": 1.0, "greedy": 0.0, "lines": 0.0, "random": 0.0}
    found = leans(uses, weights)
    # intensify: 60% of the build points against the others' median 20% (5, 20, 30)
    # its intensifies' extra trips: 50% of its points against the median 1% (10%, 1%, 0%)
    assert found == {"abuser": [Lean("intensify", 0.6, 0.2), Lean("intensify_extra", 0.5, 0.01)]}
    assert found["abuser"][0].words() == (
        "leans on intensify builds: 60% of its build points (others' median 20%)"
    )
    # below LEAN_RATIO times the others' median: not named (local stations 20% against the
    # median 15%, intensify 25% against 20%, track 55% against 50%)
    weights = {"abuser": 0.0, "greedy": 0.0, "lines": 0.0, "random": 1.0}
    assert leans(uses, weights) == {"random": []}


def test_leaning_is_against_every_other_when_all_are_in_the_equilibrium() -> None:
    uses = {
        "a": use({"track": 50, "express_station": 50}),
        "b": use({"track": 90, "express_station": 10}),
        "c": use({"track": 95, "express_station": 5}),
    }
    found = leans(uses, {"a": 1 / 3, "b": 1 / 3, "c": 1 / 3})
    (lean,) = found["a"]  # 50% against the median of 10% and 5%
    assert (lean.what, lean.share, lean.others) == ("express_station", 0.5, pytest.approx(0.075))
    assert found["b"] == [] and found["c"] == []


def test_the_verdicts_carry_the_lean_after_the_contract_flags() -> None:
    # a beats b and c beyond the intervals (dominant); a leans on express stations
    m = StrategyMatrix.of_counts("abc", [[0, 70, 90], [30, 0, 60], [10, 40, 0]], 100)
    uses = {
        "a": use({"track": 50, "express_station": 50}),
        "b": use({"track": 90, "express_station": 10}),
        "c": use({"track": 80, "express_station": 20}),
    }
    a, b, c = m.verdicts(uses)
    assert a.flags() == [
        "dominant",
        "leans on express stations: 50% of its build points (others' median 15%)",
    ]
    assert b.flags() == ["dominated by a", "not in the equilibrium"]  # the contract's, as before
    assert [v.flags() for v in m.verdicts()] == [["dominant"], b.flags(), c.flags()]


def test_the_table_shows_builds_shares_points_and_score_a_game() -> None:
    u = ActionUse(2, (60, 10, 10, 0, 20), (60, 10, 10, 0, 10), (20, 0, 180))
    assert cells(u) == [
        "30.0 (60%)", "5.0 (10%)", "5.0 (10%)", "0.0 (0%)", "5.0 (20%)",
        "10.0 (10%)", "0.0 (0%)", "90.0 (90%)", "100.0",
    ]  # fmt: skip
    rows = markdown(["x", "missing"], {"x": u})
    assert len(rows) == 3 and rows[2].startswith("| `x` | 30.0 (60%) |")


@pytest.mark.parametrize(("style", "metric"), [("track", "track_built"), ("remove", "removals")])
def test_each_action_has_a_style_that_raises_it(style: str, metric: str) -> None:
    def total(agent: str) -> int:
        out = 0
        for seed in (1, 2):
            s = load_scenario(CLASSIC, ["end.turns=12", f"players.0.agent={agent}"])
            metrics = SeatMetrics()
            Game(s, seed, [metrics]).run()
            out += getattr(metrics.of("IRT"), metric)
        return out

    assert total(f"greedy:{style}") > total("greedy")
