"""The comparisons as files and tables: compare.csv, report.md's "Differences" section, and
the terminal's table of the differences found.

Renderables and text only: nothing here prints.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence

from rich import box
from rich.table import Table

from subwaysim.sweep.plan.grid import short_labels
from subwaysim.sweep.statistics.compare import (
    COLUMNS,
    IDENTICAL,
    NO_EFFECT,
    Difference,
    SettingDifferences,
)
from tabletop.cells import safe_row

METHODS = """
Each setting is compared with the baseline metric by metric. **difference** is the
setting's mean minus the baseline's; with common random numbers (the default) it is the
mean of the per-game differences over the games both played (game k of each was dealt
the same cards), its 95% interval a paired bootstrap (BCa, 9,999 resamples), and its p a
Wilcoxon signed-rank test (scores, counts and shares) or McNemar's exact test (wins: the
games won under only one of the two, against 1/2). With `--independent` the games are
not paired: an unpaired bootstrap, Mann-Whitney U and Fisher's exact test. **p adj.**
is Holm-adjusted over every test of this report. *No detectable effect*: the interval
includes 0. A difference is called higher or lower when its interval excludes 0 and
p adj. < 0.05.
""".strip()


def compare_csv(compared: Sequence[SettingDifferences]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(safe_row(COLUMNS))
    for c in compared:
        for row in c.rows:
            writer.writerow(
                safe_row(
                    [
                        row.setting.label(),
                        row.baseline.label(),
                        row.metric,
                        *(_number(v) for v in (row.baseline_mean, row.mean, row.difference)),
                        *(_number(v) for v in (row.low, row.high, row.p, row.p_adjusted)),
                    ]
                )
            )
    return out.getvalue()


def differences_markdown(compared: Sequence[SettingDifferences]) -> str:
    """One subsection per setting: a sentence for an inert setting, else a table."""
    if not compared:
        return "Only one setting was played: there is nothing to compare."
    parts = [METHODS, ""]
    for c in compared:
        parts += [f"### {c.setting.label()} vs {c.baseline.label()}", "", _games_line(c), ""]
        if c.inert:
            parts += [f"**{IDENTICAL}** (every difference 0).", ""]
            continue
        parts += [_table(c.rows), ""]
        quiet = [r.metric for r in c.rows if r.verdict() == NO_EFFECT]
        if quiet:
            parts += [f"No detectable effect on {len(quiet)} of {len(c.rows)} metrics.", ""]
    return "\n".join(parts).rstrip()


def _games_line(c: SettingDifferences) -> str:
    if not c.paired:
        return f"Independent games: {c.games} of the setting (unpaired tests)."
    return f"{c.games} paired games, {c.identical} of them identical (equal event logs)."


def _table(rows: Sequence[Difference]) -> str:
    lines = [
        "| metric | baseline | setting | difference [95% CI] | p | p adj. | verdict |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        interval = f"{brief(r.difference)} [{brief(r.low)}, {brief(r.high)}]"
        cells = [f"`{r.metric}`", brief(r.baseline_mean), brief(r.mean), interval]
        cells += [p_text(r.p), p_text(r.p_adjusted), r.verdict()]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def found_table(compared: Sequence[SettingDifferences]) -> Table | None:
    """The terminal's view of the differences found (None if there are none)."""
    settings = [c.setting for c in compared] + [c.baseline for c in compared[:1]]
    title, labels = short_labels(settings)
    label = dict(zip(settings, labels, strict=True))
    table = Table(
        title=f"Differences from {label[settings[-1]]} (p adj. < 0.05; all in compare.csv)"
        if compared
        else None,
        box=box.SIMPLE_HEAD,
        header_style="bold",
    )
    widest = max([len(v) for v in labels] + [len(p) for p in title.split(".")])
    table.add_column(title.replace(".", ".\n"), min_width=widest, overflow="fold")
    table.add_column("metric", no_wrap=True)
    for name in ("difference", "95% CI", "p adj."):
        table.add_column(name, justify="right", no_wrap=True)
    for c in compared:
        for r in c.rows:
            if r.verdict() in ("higher", "lower"):
                interval = f"{brief(r.low)}..{brief(r.high)}"
                cells = [brief(r.difference), interval, p_text(r.p_adjusted)]
                table.add_row(label[c.setting], r.metric, *cells)
    return table if table.row_count else None


def _number(value: float) -> str:
    return "" if math.isnan(value) else f"{value:.6g}"


def brief(value: float | None) -> str:
    """A number in three significant digits (whole above 100); `–` for none or NaN."""
    if value is None or math.isnan(value):
        return "–"
    if value == 0:
        return "0"
    return f"{value:.3g}" if abs(value) < 100 else f"{value:.0f}"


def p_text(p: float) -> str:
    """A p-value in three decimals, `<0.001` below that, `–` for NaN."""
    if math.isnan(p):
        return "–"
    return "<0.001" if p < 0.001 else f"{p:.3f}"
