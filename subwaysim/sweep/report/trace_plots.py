"""Plots from the games' traces (traces.jsonl): score over time, trip lengths, heat maps.

Drawn on matplotlib's Agg canvas directly, like `plots.py`. Settings are shown in grid
order; a figure with one panel per setting shows at most `MAX_PANELS` of them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import numpy as np
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.image import AxesImage

from subwaysim.board import FILES
from subwaysim.sweep.plan.grid import Setting, short_labels
from subwaysim.sweep.report.plots import COLOURS, canvas
from subwaysim.sweep.run.traces import GameTrace

SCORE_OVER_TIME = "score_over_time.png"
TRIP_LENGTHS = "trip_lengths.png"
HEAT_MAP = "heat_map.png"
MAX_PANELS = 12
Z95 = 1.959963984540054
HEAT_LAYERS = (
    ("track", "track built"),
    ("origins", "trips started"),
    ("destinations", "trips ended"),
)


def _by_setting(settings: Sequence[Setting], traces: Sequence[GameTrace]) -> list[list[GameTrace]]:
    groups: dict[tuple[str, ...], list[GameTrace]] = {}
    for trace in traces:
        groups.setdefault(trace.setting, []).append(trace)
    return [groups.get(s.values, []) for s in settings]


def round_bands(
    traces: Sequence[GameTrace], seat: int
) -> tuple[list[int], list[float], list[float]]:
    """Per round: the mean score of `seat` over the games that reached the round, and the
    half-width of its 95% normal interval (0 with one game)."""
    rounds, means, halves = [], [], []
    longest = max((len(t.rounds) for t in traces), default=0)
    for r in range(longest):
        scores = [
            t.rounds[r][seat] for t in traces if r < len(t.rounds) and seat < len(t.rounds[r])
        ]
        if not scores:
            continue
        rounds.append(r + 1)
        means.append(float(np.mean(scores)))
        sd = float(np.std(scores, ddof=1)) if len(scores) > 1 else 0.0
        halves.append(Z95 * sd / math.sqrt(len(scores)))
    return rounds, means, halves


def score_over_time_figure(
    settings: Sequence[Setting], traces: Sequence[GameTrace], note: str = ""
) -> Figure:
    shown = list(settings[:MAX_PANELS])
    groups = _by_setting(shown, traces)
    title, labels = short_labels(shown)
    fig, axes = _panels(len(shown), 4.0, 3.0)
    for ax, group, label in zip(axes, groups, labels, strict=False):
        seats = max((len(r) for t in group for r in t.rounds), default=0)
        for k in range(seats):
            rounds, means, halves = round_bands(group, k)
            colour = COLOURS[k % 10]
            ax.plot(rounds, means, color=colour, label=f"seat {k + 1}")
            low = [m - h for m, h in zip(means, halves, strict=True)]
            high = [m + h for m, h in zip(means, halves, strict=True)]
            ax.fill_between(rounds, low, high, color=colour, alpha=0.2, linewidth=0)
        ax.set_title(f"{title} = {label}" if title != "setting" else label, fontsize="small")
        ax.set_xlabel("round")
        ax.set_ylabel("mean score")
    if axes:
        axes[0].legend(fontsize="small", loc="upper left")
    # Each round's mean is over the games that reached it (a game that ended earlier leaves).
    title = "Score over time: mean per round and seat over the games that reached it, 95% bands"
    fig.suptitle(f"{title} ({note})" if note else title, fontsize="medium")
    fig.tight_layout()
    return fig


def trip_lengths_figure(settings: Sequence[Setting], traces: Sequence[GameTrace]) -> Figure:
    fig = canvas((8.0, 4.5))
    ax = fig.subplots()
    title, labels = short_labels(list(settings))
    colours = _setting_colours(len(settings))
    for group, label, colour in zip(_by_setting(settings, traces), labels, colours, strict=True):
        counts: Counter[int] = Counter()
        for trace in group:
            counts.update(trace.distances)
        total = sum(counts.values())
        if not total:
            continue
        distances = list(range(0, max(counts) + 1))
        shares = [counts[d] / total for d in distances]
        ax.step(distances, shares, where="mid", color=colour, label=label)
    ax.set_xlabel("trip distance (SG-13)")
    ax.set_ylabel("share of trips")
    ax.set_title("Trip length distribution (all trips of all games)")
    ax.legend(title=title, fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    return fig


def heat_grid(traces: Sequence[GameTrace], layer: str) -> np.ndarray:
    """Mean count per game on every square (row 0 = rank 1), from one layer of the traces."""
    width, height = traces[0].width, traces[0].height
    grid = np.zeros((height, width))
    for trace in traces:
        for square, count in getattr(trace, layer).items():
            file, rank = FILES.index(square[0]), int(square[1:]) - 1
            if 0 <= file < width and 0 <= rank < height:
                grid[rank, file] += count
    return grid / len(traces)


def heat_map_figure(settings: Sequence[Setting], traces: Sequence[GameTrace]) -> Figure:
    """One row per setting, one column per layer (track built, trips started, trips ended);
    a column shares one colour scale, so the settings compare at a glance."""
    shown = list(settings[:MAX_PANELS])
    groups = [(s, g) for s, g in zip(shown, _by_setting(shown, traces), strict=True) if g]
    title, labels = short_labels([s for s, _ in groups] or shown)
    fig = canvas((3.0 * len(HEAT_LAYERS) + 1.2, 2.6 * max(1, len(groups)) + 0.8))
    fig.set_layout_engine("constrained")  # room for the shared colour bars
    axes = fig.subplots(max(1, len(groups)), len(HEAT_LAYERS), squeeze=False)
    for col, (layer, name) in enumerate(HEAT_LAYERS):
        grids = [heat_grid(group, layer) for _, group in groups]
        top = max((float(g.max()) for g in grids), default=0.0) or 1.0
        image = None
        for row, grid in enumerate(grids):
            image = _heat_panel(axes[row][col], grid, top)
        axes[0][col].set_title(name)
        if image is not None:
            fig.colorbar(image, ax=list(axes[:, col]), fraction=0.05, pad=0.03)
    for row, label in enumerate(labels[: len(groups)]):
        axes[row][0].set_ylabel(label, fontsize="large")
    rows = "" if title == "setting" else f"\nrows: {title}"
    fig.suptitle(f"Where track was built and trips started and ended, mean per game{rows}")
    return fig


def _heat_panel(ax: Axes, grid: np.ndarray, top: float) -> AxesImage:
    image = ax.imshow(grid, origin="lower", cmap="viridis", vmin=0.0, vmax=top)
    height, width = grid.shape
    ax.set_xticks(range(width), [FILES[f] for f in range(width)], fontsize="x-small")
    ax.set_yticks(range(height), [str(r + 1) for r in range(height)], fontsize="x-small")
    return image


def _panels(count: int, width: float, height: float) -> tuple[Figure, list[Axes]]:
    columns = min(3, max(1, count))
    rows = max(1, math.ceil(count / columns))
    fig = canvas((width * columns, height * rows + 0.5))
    grid = fig.subplots(rows, columns, squeeze=False, sharey=True)
    axes = [ax for line in grid for ax in line]
    for ax in axes[count:]:
        ax.set_visible(False)
    return fig, axes[:count]


def _setting_colours(count: int) -> list[tuple[float, ...]]:
    if count <= 10:
        return [tuple(c) for c in COLOURS[:count]]
    cmap = colormaps["viridis"]
    return [tuple(cmap(i / max(1, count - 1))) for i in range(count)]


def trace_figures(
    settings: Sequence[Setting], traces: Sequence[GameTrace], note: str = ""
) -> dict[str, Figure]:
    """The three figures by file name (none without traces); `note` (e.g. "sweep
    incomplete") is added to the score-over-time title."""
    if not traces:
        return {}
    return {
        SCORE_OVER_TIME: score_over_time_figure(settings, traces, note),
        TRIP_LENGTHS: trip_lengths_figure(settings, traces),
        HEAT_MAP: heat_map_figure(settings, traces),
    }
