"""One table of measures (sweep/metrics.py): games.csv's columns, summary.csv's and the
report's design means, compare.csv's rows and the report's definitions all come from it."""

from __future__ import annotations

import math

from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.report.report_files import summary_header
from subwaysim.sweep.run.results import Layout
from subwaysim.sweep.statistics import metrics as table
from subwaysim.sweep.statistics.compare import metrics as compared
from subwaysim.sweep.statistics.metrics import MEASURES, Measure, names
from subwaysim.sweep.statistics.stats import DESIGN_METRICS, metric_definitions, metric_means
from tests.subwaysim.sweep.helpers import record

S = Setting((("end.turns", "5"),))


def test_games_csv_holds_the_stored_measures_counts_first() -> None:
    header = Layout(("end.turns",), ("IRT", "BRT")).header
    assert header[7:-2] == [*names(stored="count"), *names(stored="share")]
    assert set(header[7:-2]) == {m.name for m in MEASURES if m.stored is not None}
    assert set(names(stored="share")) == {"build_points_used", "coverage", "trip_length_mean"}


def test_summary_compare_and_definitions_read_the_table() -> None:
    assert tuple(m.name for m in MEASURES if m.design) == DESIGN_METRICS
    assert set(DESIGN_METRICS) <= set(summary_header(("end.turns",), 2, ("IRT", "BRT")))
    rows = compared([record(S, 0), record(S, 1)])
    stored = [n for n in rows if n in table.BY_NAME and table.BY_NAME[n].stored is not None]
    assert stored == [m.name for m in MEASURES if m.compared and m.stored is not None]
    # derived measures compared too: rounds and closeness (the playtest's criteria)
    assert {"rounds", "closeness"} <= set(rows)
    assert rows["points_per_player"][0] == table.BY_NAME["points_per_player"].of  # one definition
    text = metric_definitions()
    assert all(f"- **{m.name}**: {m.description}." in text for m in MEASURES)


def test_a_derived_measure_is_one_entry_with_a_value() -> None:
    # rounds: the turns a seat played, worked out from the record (4 turns, 2 seats: 2)
    rounds = Measure("rounds", "rounds played", stored=None, value=lambda r: r.turns / 2)
    games = [record(S, 0, turns=4), record(S, 1, turns=6)]
    assert [rounds.of(g) for g in games] == [2.0, 3.0]
    assert table.BY_NAME["coverage"].of(record(S, 0, coverage=0.25)) == 0.25
    means = metric_means([record(S, 0, coverage=0.5), record(S, 1, coverage=math.nan)])
    assert means["coverage"] == 0.5  # NaN: undefined in that game, left out of the mean
