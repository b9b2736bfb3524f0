"""The report's plots (PNG, matplotlib's Agg canvas as the sweep's plots use it).

A sweep question gets a forest plot: for each part (a row) and headline measure (a
column), every setting's paired difference from the baseline with its 95% interval, one
colour per kind of player, a filled dot where the difference is detected. Questions 6, 10
and 12 get plots of the draft's games.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from subwaysim.playtest.answers import WORDS, words
from subwaysim.playtest.observations import MEASURES
from subwaysim.playtest.recommend import detected, too_few
from subwaysim.playtest.results import PartResult
from subwaysim.sweep.report.plots import COLOURS, canvas, save_figures
from subwaysim.sweep.run.results import GameRecord

COLUMNS = 3  # headline measures a question's plot shows
Row = list[PartResult]  # one part as each kind of player played it (reference first)


def question_figure(rows: Sequence[Row], metrics: Sequence[str]) -> Figure:
    shown = list(metrics[:COLUMNS])
    labels = [[r[0].part.label(v) for v in r[0].values[1:]] for r in rows]
    heights = [max(1.6, 0.32 * max(_lines(names), 1) + 1.0) for names in labels]
    fig = canvas((4.2 * len(shown), sum(heights)))
    grid = fig.add_gridspec(len(rows), len(shown), height_ratios=heights)
    for i, row in enumerate(rows):
        for j, metric in enumerate(shown):
            ax = fig.add_subplot(grid[i, j])
            _forest(ax, row, metric, label_rows=j == 0)
            if i == 0:
                ax.set_title(words(metric), fontsize="medium")
    handles, names = fig.axes[0].get_legend_handles_labels() if fig.axes else ([], [])
    if handles:
        fig.legend(handles, names, loc="lower center", ncol=len(names), fontsize="small")
    fig.tight_layout(rect=(0, 0.06 if handles else 0, 1, 1))
    return fig


def _forest(ax: Axes, row: Row, metric: str, label_rows: bool) -> None:
    reference = row[0]
    values = reference.values[1:]
    share = WORDS.get(metric, ("", False))[1]
    scale = 100.0 if share else 1.0
    for k, result in enumerate(row):
        offset = (k - (len(row) - 1) / 2) * 0.25
        if too_few(result):
            continue  # no interval on fewer than MIN_GAMES games a setting
        for i, value in enumerate(values):
            c = result.compared(value, metric)
            if c is None or not c.known:
                continue
            y = i + offset
            low, high = (c.difference - c.low) * scale, (c.high - c.difference) * scale
            colour = COLOURS[k % 10]
            ax.errorbar(c.difference * scale, y, xerr=[[max(low, 0)], [max(high, 0)]], fmt="o",
                        color=colour, capsize=3,
                        markerfacecolor=colour if detected(result, value, metric)
                        else "white", label=result.run.agent.words if i == 0 else None)  # fmt: skip
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(values)))
    names = [reference.part.label(v) for v in values]
    ax.set_yticklabels(_wrap(names) if label_rows else [""] * len(values), fontsize="small")
    ax.set_ylim(-0.6, max(len(values), 1) - 0.4)
    ax.invert_yaxis()
    ax.set_xlabel("difference" + (" (points of %)" if share else ""), fontsize="small")
    if label_rows:
        base = reference.part.label(reference.part.baseline)
        ax.set_ylabel(textwrap.fill(f"vs {base}", 40), fontsize="small")


def _wrap(names: Sequence[str], width: int = 28) -> list[str]:
    """Each label whole, folded onto lines of at most `width` characters (never cut)."""
    return [textwrap.fill(n, width, break_long_words=False) or n for n in names]


def _lines(names: Sequence[str], width: int = 28) -> int:
    """Lines the folded labels take, all together."""
    return sum(label.count("\n") + 1 for label in _wrap(names, width))


def histograms(
    groups: Mapping[str, Sequence[GameRecord]], measures: Sequence[str], title: str
) -> Figure:
    """Per measure, its distribution over each kind of player's draft games."""
    fig = canvas((4.5 * len(measures), 3.2))
    for j, name in enumerate(measures):
        ax = fig.add_subplot(1, len(measures), j + 1)
        words_, measure = MEASURES[name]
        for k, (agent, records) in enumerate(groups.items()):
            data = [v for v in map(measure, records) if v == v]
            if data:
                ax.hist(data, bins=15, alpha=0.55, color=COLOURS[k % 10], label=agent)
        ax.set_xlabel(words_, fontsize="small")
        ax.set_ylabel("games", fontsize="small")
        if j == 0 and ax.get_legend_handles_labels()[0]:  # no games with this measure: none
            ax.legend(fontsize="small")
    fig.suptitle(title, fontsize="medium")
    fig.tight_layout()
    return fig


def effects_figure(rows: Sequence[tuple[str, PartResult, str]], metric: str) -> Figure:
    """Every setting of every question on one measure: what each switch does to it."""
    names = _wrap([name for name, _, _ in rows], 48)
    fig = canvas((8.0, max(2.5, 0.2 * sum(n.count("\n") + 1 for n in names) + 1.2)))
    ax = fig.add_subplot(1, 1, 1)
    share = WORDS.get(metric, ("", False))[1]
    scale = 100.0 if share else 1.0
    for i, (_, result, value) in enumerate(rows):
        c = result.compared(value, metric)
        if c is None or not c.known or too_few(result):
            continue
        colour = COLOURS[3] if detected(result, value, metric) else "grey"
        low, high = (c.difference - c.low) * scale, (c.high - c.difference) * scale
        ax.errorbar(c.difference * scale, i, xerr=[[max(low, 0)], [max(high, 0)]], fmt="o",
                    color=colour, capsize=2)  # fmt: skip
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels(names, fontsize="x-small")
    ax.invert_yaxis()
    ax.set_xlabel(
        f"{words(metric)}: difference from the draft" + (" (points of %)" if share else "")
    )
    fig.tight_layout()
    return fig


def save(out: Path, name: str, draw: Callable[[], Figure]) -> str:
    """Draw and write one plot into `out`; returns its path relative to the report."""
    out.mkdir(parents=True, exist_ok=True)
    save_figures(out, {name: draw()})
    return f"{out.name}/{name}"
