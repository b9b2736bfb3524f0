"""PNG plots of a sweep, written atomically.

Figures are drawn on matplotlib's Agg canvas directly (no pyplot, no global backend state,
no display needed), so plotting is safe in any process or thread.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from subwaysim.sweep.plan.grid import short_labels
from subwaysim.sweep.run.results import GameRecord
from subwaysim.sweep.statistics.stats import SettingStats, margin
from tabletop.files import atomic_write_bytes

WIN_RATES = "win_rates.png"
SCORES = "scores.png"
GAME_LENGTH = "game_length.png"
COLOURS = colormaps["tab10"].colors
METADATA = {"Software": None}  # same games, same bytes: no version stamp in the file


def axis_labels(table: Sequence[SettingStats]) -> tuple[str, list[str]]:
    """The x axis title (varying keys) and one tick label per setting."""
    return short_labels([s.setting for s in table])


def win_rates_figure(table: Sequence[SettingStats]) -> Figure:
    fig, ax = _figure(len(table))
    seats = max(s.seats for s in table)
    for k in range(seats):
        xs, ys, low, high = [], [], [], []
        for i, s in enumerate(table):
            if k < s.seats:
                xs.append(i + _offset(k, seats))
                ys.append(s.seat_rates[k])
                # max(0, ...): rounding can put a bound a hair past the rate at 0% or 100%
                low.append(max(0.0, s.seat_rates[k] - s.seat_intervals[k][0]))
                high.append(max(0.0, s.seat_intervals[k][1] - s.seat_rates[k]))
        ax.errorbar(xs, ys, yerr=[low, high], fmt="o", capsize=4, color=COLOURS[k % 10],
                    label=f"seat {k + 1}")  # fmt: skip
    shared = [s.shared_wins / s.games for s in table]
    ax.plot(range(len(table)), shared, "x", color="grey", label="shared win")
    ax.axhline(1 / seats, color="black", linestyle="--", linewidth=0.8, label="fair share")
    ax.set_ylim(-0.03, 1.03)
    ax.set_ylabel("share of games")
    ax.set_title("Win rate per seat (95% Wilson intervals)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    _settings_axis(ax, table)
    return fig


def scores_figure(table: Sequence[SettingStats], records: Sequence[GameRecord]) -> Figure:
    fig = canvas(_size(len(table), 7.5))
    top, bottom = fig.subplots(2, 1, sharex=True)
    seats = max(s.seats for s in table)
    width = 0.8 / seats
    for k in range(seats):
        data = [[g.scores[k] for g in _games(records, s) if k < len(g.scores)] for s in table]
        _boxes(top, data, [i + _offset(k, seats) for i in range(len(table))], width, k)
    top.set_ylabel("final score")
    top.set_title("Final score per seat")
    handles = [Patch(color=COLOURS[k % 10], alpha=0.6, label=f"seat {k + 1}") for k in range(seats)]
    top.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    margins = [[margin(g.scores) for g in _games(records, s)] for s in table]
    _boxes(bottom, margins, list(range(len(table))), 0.5, None)
    bottom.set_ylabel("winner's margin")
    bottom.set_title("Score margin (winner minus best other score)")
    _settings_axis(bottom, table)
    fig.tight_layout()
    return fig


def game_length_figure(table: Sequence[SettingStats], records: Sequence[GameRecord]) -> Figure:
    fig, ax = _figure(len(table))
    turns = [[g.turns for g in _games(records, s)] for s in table]
    _boxes(ax, turns, list(range(len(table))), 0.5, None)
    for x, lengths in enumerate(turns):  # a box of one value is a bare line: say what it is
        if lengths and min(lengths) == max(lengths):
            label = f"{'every game' if len(lengths) > 1 else '1 game'}: {lengths[0]} turns"
            ax.annotate(
                label,
                (x, lengths[0]),
                xytext=(0, 6),
                textcoords="offset points",
                ha="center",
                fontsize="small",
            )
    if turns and all(t and min(t) == max(t) for t in turns):
        low = min(t[0] for t in turns)
        high = max(t[0] for t in turns)
        ax.set_ylim(low - max(2, low // 10), high + max(2, high // 10))
    ax.set_ylabel("turns played")
    ax.set_title("Game length")
    _settings_axis(ax, table)
    return fig


def outcome_figures(
    table: Sequence[SettingStats], records: Sequence[GameRecord]
) -> dict[str, Figure]:
    """Win rates, scores and game length, by file name."""
    return {
        WIN_RATES: win_rates_figure(table),
        SCORES: scores_figure(table, records),
        GAME_LENGTH: game_length_figure(table, records),
    }


def save_figures(out: Path, figures: dict[str, Figure]) -> list[str]:
    """Write each figure as a PNG into `out` (atomically); returns the file names."""
    for name, fig in figures.items():
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=100, metadata=METADATA)
        atomic_write_bytes(out / name, buffer.getvalue())
    return list(figures)


def _games(records: Sequence[GameRecord], stats: SettingStats) -> list[GameRecord]:
    return [g for g in records if g.setting == stats.setting]


def _boxes(
    ax: Axes, data: list[list[int]], positions: list[float], width: float, seat: int | None
) -> None:
    colour = COLOURS[seat % 10] if seat is not None else "lightgrey"
    kept = [(d, p) for d, p in zip(data, positions, strict=True) if d]
    if not kept:
        return
    parts = ax.boxplot(
        [d for d, _ in kept],
        positions=[p for _, p in kept],
        widths=width * 0.9,
        patch_artist=True,
        manage_ticks=False,
        medianprops={"color": "black"},
    )
    for box in parts["boxes"]:
        box.set_facecolor(colour)
        box.set_alpha(0.6)


def _offset(seat: int, seats: int) -> float:
    return (seat - (seats - 1) / 2) * (0.8 / seats) if seats > 1 else 0.0


def _size(settings: int, height: float) -> tuple[float, float]:
    return max(6.0, 1.1 * settings + 2.0), height


def canvas(size: tuple[float, float]) -> Figure:
    fig = Figure(figsize=size)
    FigureCanvasAgg(fig)
    return fig


def _figure(settings: int) -> tuple[Figure, Axes]:
    fig = canvas(_size(settings, 4.5))
    return fig, fig.subplots()


def _settings_axis(ax: Axes, table: Sequence[SettingStats]) -> None:
    title, ticks = axis_labels(table)
    ax.set_xticks(range(len(table)))
    long = max((len(t) for t in ticks), default=0) > 8
    ax.set_xticklabels(ticks, rotation=30 if long else 0, ha="right" if long else "center")
    ax.set_xlabel(title)
    ax.set_xlim(-0.6, len(table) - 0.4)
    ax.figure.tight_layout()
