"""Under a strategy matrix: what each strategy builds and where its points come from
(`sources.py` counts them), as a rich table and as Markdown rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from subwaysim.strategies.sources import ACTION_LABELS, ACTIONS, SOURCES, ActionUse

SOURCE_HEADS = {
    "station_extra": "its stations' extra trips",
    "intensify_extra": "its intensifies' extra trips",
    "other_trips": "other trips",
}


def headers() -> list[str]:
    return [
        "strategy",
        *(ACTION_LABELS[a] for a in ACTIONS),
        *(f"pts: {SOURCE_HEADS[s]}" for s in SOURCES),
        "score",
    ]


def cells(use: ActionUse) -> list[str]:
    """Per game: each action's builds and its share of the build points spent; each source's
    points and its share of the points; the score (all the strategy's points a game)."""
    out = [
        f"{use.per_game(use.builds, k):.1f} ({100 * use.spent_share(a):.0f}%)"
        for k, a in enumerate(ACTIONS)
    ]
    out += [
        f"{use.per_game(use.points, k):.1f} ({100 * use.points_share(s):.0f}%)"
        for k, s in enumerate(SOURCES)
    ]
    out.append(f"{sum(use.points) / use.games:.1f}" if use.games else "–")
    return out


def show_sources(console: Console, order: Sequence[str], uses: Mapping[str, ActionUse]) -> None:
    table = Table(
        title="What each strategy builds and where its points come from, a game "
        "(builds: share of its build points; points: share of its points)"
    )
    for k, head in enumerate(headers()):
        table.add_column(escape(head), justify="left" if k == 0 else "right", overflow="fold")
    for name in order:
        if name in uses:
            table.add_row(escape(name), *cells(uses[name]))
    console.print(table)


def markdown(order: Sequence[str], uses: Mapping[str, ActionUse]) -> list[str]:
    """The same table in Markdown (for reports and the README)."""
    rows = ["| " + " | ".join(headers()) + " |", "|---" + "|---:" * (len(headers()) - 1) + "|"]
    rows += [
        "| " + " | ".join([f"`{name}`", *cells(uses[name])]) + " |"
        for name in order
        if name in uses
    ]
    return rows
