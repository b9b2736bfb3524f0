"""The settings as people read them: a rich table (live during a sweep and at its end) and
the Markdown tables of report.md (settings by seat, players, design metrics).

Renderables only: nothing here prints.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table

from subwaysim.sweep.plan.grid import short_labels, varying_keys
from subwaysim.sweep.statistics.stats import DESIGN_METRICS, PlayerStats, SettingStats

COLUMNS = (  # (Markdown title, terminal title) after the keys, games and seat columns
    ("shared wins", "shared\nwins"),
    ("seat adv. p", "seat\nadv. p"),
    ("turns", "turns"),
    ("margin", "margin"),
    ("pts per player", "pts per\nplayer"),
    ("subway trips", "subway\ntrips"),
    ("shared points", "shared\npoints"),
    ("balance", "balance"),
    ("decisiveness", "decisive-\nness"),
    ("lead changes", "lead\nchanges"),
)


def display_header(table: Sequence[SettingStats], compact: bool = False) -> list[str]:
    """Column titles; `compact` (the terminal table) breaks them over two lines."""
    seats = max((s.seats for s in table), default=0)
    wins = "seat {} wins\n95% CI" if compact else "seat {} wins [95% CI]"
    return [
        *_shown_keys(table),
        "games",
        *[wins.format(k) for k in range(1, seats + 1)],
        *[pair[compact] for pair in COLUMNS],
    ]


def display_row(s: SettingStats, table: Sequence[SettingStats], compact: bool = False) -> list[str]:
    seats = max(t.seats for t in table)
    values = [s.setting.values[i] for i in _shown_indexes(table)]
    wins = [_rate(s, k, compact) if k < s.seats else "" for k in range(seats)]
    return [
        *values, str(s.games), *wins, str(s.shared_wins), _p(s.seat_advantage_p),
        _spread(s.turns_mean, s.turns_sd, compact), _spread(s.margin_mean, s.margin_sd, compact),
        _fixed(s.points_per_player, 1), _percent(s.subway_share),
        _percent(s.shared_point_share), _fixed(s.balance, 2), _fixed(s.decisiveness, 2),
        _fixed(s.lead_changes, 1),
    ]  # fmt: skip


# Columns a narrow terminal leaves out first (summary.csv and report.md keep them all).
DROP_ORDER = (
    "lead changes",
    "decisiveness",
    "shared points",
    "subway trips",
    "pts per player",
    "turns",
    "margin",
    "balance",
    "shared wins",
)


class SummaryTable:
    """A rich table of the settings so far (live during a sweep, and at its end).

    It fits itself to the console: when the table is too wide, it leaves out the columns of
    DROP_ORDER one by one and says so in a caption.
    """

    def __init__(self, table: Sequence[SettingStats], title: str | None = None) -> None:
        self.table, self.title = list(table), title
        self.caption: str | None = None  # a line under the table (e.g. settings not shown)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        dropped: list[str] = []
        rich = self.build(dropped)
        unbounded = options.update(max_width=10_000)  # Measurement.get clamps to max_width
        for name in DROP_ORDER:
            if Measurement.get(console, unbounded, rich).maximum <= options.max_width:
                break
            dropped.append(name)
            rich = self.build(dropped)
        notes = [self.caption] if self.caption else []
        if dropped:
            notes.append(f"left out to fit: {', '.join(dropped)} (see summary.csv)")
        rich.caption = "\n".join(notes) or None
        yield rich

    def build(self, dropped: Sequence[str] = ()) -> Table:
        full = display_header(self.table)
        keep = [i for i, name in enumerate(full) if name not in dropped]
        header = display_header(self.table, compact=True)
        rows = [display_row(s, self.table, compact=True) for s in self.table]
        shown = len(_shown_indexes(self.table))
        rich = Table(title=self.title, box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False)
        rich.padding, rich.collapse_padding = (0, 1), True
        for i in keep:
            if i < shown:  # a dotted key folds at its dots; its values and the numbers never wrap
                title = header[i].replace(".", ".\n")
                widest = max([len(r[i]) for r in rows] + [len(p) for p in title.split()])
                rich.add_column(title, min_width=widest, overflow="fold")
            else:
                rich.add_column(header[i], justify="right", no_wrap=True)
        for row in rows:
            rich.add_row(*(row[i] for i in keep))
        return rich


def summary_table(table: Sequence[SettingStats], title: str | None = None) -> SummaryTable:
    return SummaryTable(table, title)


def markdown_table(table: Sequence[SettingStats]) -> str:
    header = display_header(table)
    shown = len(_shown_indexes(table))
    lines = [
        "| " + " | ".join(header) + " |",
        "|" + "|".join("---" if i < shown else "---:" for i in range(len(header))) + "|",
    ]
    lines += ["| " + " | ".join(display_row(s, table)) + " |" for s in table]
    return "\n".join(lines)


def _shown_indexes(table: Sequence[SettingStats]) -> list[int]:
    """The swept keys worth a column: those that vary (or all, if none do)."""
    keys = table[0].setting.keys if table else ()
    return varying_keys([s.setting for s in table]) or list(range(len(keys)))


def _shown_keys(table: Sequence[SettingStats]) -> list[str]:
    return [table[0].setting.keys[i] for i in _shown_indexes(table)] if table else []


def _rate(s: SettingStats, seat: int, compact: bool) -> str:
    low, high = s.seat_intervals[seat]
    interval = f"{100 * low:.0f}–{100 * high:.0f}"
    rate = f"{100 * s.seat_rates[seat]:.0f}%"
    return f"{rate} {interval}" if compact else f"{rate} [{interval}]"


def _p(p: float) -> str:
    if math.isnan(p):
        return "–"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _spread(mean: float, sd: float, compact: bool) -> str:
    if math.isnan(mean):
        return "–"
    if math.isnan(sd):
        return f"{mean:.1f}"
    return f"{mean:.1f}±{sd:.1f}" if compact else f"{mean:.1f} ± {sd:.1f}"


def _fixed(value: float, places: int) -> str:
    return "–" if math.isnan(value) else f"{value:.{places}f}"


def _percent(value: float) -> str:
    return "–" if math.isnan(value) else f"{100 * value:.0f}%"


def players_of(table: Sequence[SettingStats]) -> list[str]:
    """Every player name in the table, in the order they first sat."""
    return list(dict.fromkeys(p.name for s in table for p in s.players))


def players_markdown(table: Sequence[SettingStats]) -> str:
    """Per player name: wins [95% CI] and mean score (whatever seat the player had)."""
    players = players_of(table)
    header = [*_shown_keys(table), *(f"{p} wins [95% CI]" for p in players)]
    header += [f"{p} mean score" for p in players]
    lines = [_md_row(header), _md_rule(table, len(header))]
    for s in table:
        by_name = {p.name: p for p in s.players}
        wins = [_player_rate(by_name[p]) if p in by_name else "" for p in players]
        scores = [_fixed(by_name[p].mean_score, 1) if p in by_name else "" for p in players]
        values = [s.setting.values[i] for i in _shown_indexes(table)]
        lines.append(_md_row([*values, *wins, *scores]))
    return "\n".join(lines)


def metrics_markdown(table: Sequence[SettingStats]) -> str:
    """The design metrics' means: one row per metric, one column per setting."""
    title, labels = short_labels([s.setting for s in table])
    lines = [_md_row([f"mean per game ({title} =)", *labels])]
    lines.append("|---|" + "|".join("---:" for _ in table) + "|")
    for name in DESIGN_METRICS:
        lines.append(_md_row([f"`{name}`", *(_metric(s.means[name]) for s in table)]))
    return "\n".join(lines)


def _player_rate(p: PlayerStats) -> str:
    low, high = p.interval
    return f"{100 * p.rate:.0f}% [{100 * low:.0f}–{100 * high:.0f}] of {p.games}"


def _metric(value: float) -> str:
    if math.isnan(value):
        return "–"
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"


def _md_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _md_rule(table: Sequence[SettingStats], columns: int) -> str:
    shown = len(_shown_indexes(table))
    return "|" + "|".join("---" if i < shown else "---:" for i in range(columns)) + "|"
