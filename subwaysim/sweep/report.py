"""A sweep's summary: `summary.csv`, a rich table, plots and `report.md`, from games.csv.

`write_report(out)` needs only `out/games.csv` (sweep.json, when present, adds the scenario's
path, question and the command); every file is written atomically.
"""

from __future__ import annotations

import csv
import io
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table

from subwaysim.files import atomic_write_text
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.folder import GAMES, read_meta
from subwaysim.sweep.plots import varying_keys, write_plots
from subwaysim.sweep.results import GameRecord, read_games
from subwaysim.sweep.stats import DEFINITIONS, SettingStats, summarize

SUMMARY = "summary.csv"
REPORT = "report.md"


@dataclass(frozen=True, slots=True)
class Report:
    """What `write_report` produced: the per-setting statistics and the files written."""

    table: tuple[SettingStats, ...]
    files: tuple[str, ...]


# --- summary.csv ---------------------------------------------------------------------------


def summary_header(keys: Sequence[str], seats: int) -> list[str]:
    per_seat = [
        f"seat{k}_{name}"
        for k in range(1, seats + 1)
        for name in ("wins", "win_rate", "win_low", "win_high", "mean_score")
    ]
    return [
        *keys, "games", "seats", *per_seat, "shared_wins", "seat_advantage_p",
        "turns_mean", "turns_sd", "margin_mean", "margin_sd", "points_per_player",
        "subway_share", "shared_point_share", "advantage", "balance", "drawishness",
        "decisiveness", "lead_changes", "lead_change_rate",
    ]  # fmt: skip


def summary_row(s: SettingStats, seats: int) -> list[str]:
    per_seat: list[str] = []
    for k in range(seats):
        if k < s.seats:
            low, high = s.seat_intervals[k]
            cells = [s.seat_wins[k], s.seat_rates[k], low, high, s.seat_scores[k]]
            per_seat += [_number(c) for c in cells]
        else:
            per_seat += [""] * 5
    rest = (
        s.shared_wins, s.seat_advantage_p, s.turns_mean, s.turns_sd, s.margin_mean,
        s.margin_sd, s.points_per_player, s.subway_share, s.shared_point_share, s.advantage,
        s.balance, s.drawishness, s.decisiveness, s.lead_changes, s.lead_change_rate,
    )  # fmt: skip
    return [*s.setting.values, str(s.games), str(s.seats), *per_seat, *map(_number, rest)]


def summary_csv(table: Sequence[SettingStats]) -> str:
    seats = max((s.seats for s in table), default=0)
    keys = table[0].setting.keys if table else ()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(summary_header(keys, seats))
    writer.writerows(summary_row(s, seats) for s in table)
    return out.getvalue()


def _number(value: float) -> str:
    if isinstance(value, int):
        return str(value)
    return "" if math.isnan(value) else f"{value:.6g}"


# --- the human-readable table (rich and Markdown share its cells) ------------------------


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

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        dropped: list[str] = []
        rich = self.build(dropped)
        unbounded = options.update(max_width=10_000)  # Measurement.get clamps to max_width
        for name in DROP_ORDER:
            if Measurement.get(console, unbounded, rich).maximum <= options.max_width:
                break
            dropped.append(name)
            rich = self.build(dropped)
        if dropped:
            rich.caption = f"left out to fit: {', '.join(dropped)} (see summary.csv)"
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
    return varying_keys(table) or list(range(len(keys)))


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


# --- report.md -------------------------------------------------------------------------------


def write_report(out: str | Path) -> Report:
    """Rebuild summary.csv, the plots and report.md from `out/games.csv` alone."""
    out = Path(out)
    games = out / GAMES
    if not games.exists():
        raise SweepError(f"{games}: no such file (is {out} a sweep folder?)")
    records = read_games(games).records
    if not records:
        raise SweepError(f"{games}: no finished games yet")
    table = tuple(summarize(records))
    atomic_write_text(out / SUMMARY, summary_csv(table))
    plots = write_plots(out, table, records)
    atomic_write_text(out / REPORT, report_markdown(table, records, plots, read_meta(out)))
    return Report(table, (SUMMARY, *plots, REPORT))


def report_markdown(
    table: Sequence[SettingStats],
    records: Sequence[GameRecord],
    plots: Sequence[str],
    meta: dict[str, Any] | None,
) -> str:
    scenario = (meta or {}).get("scenario", {})
    name = scenario.get("name") or "unknown scenario"
    parts = [
        f"# Sweep report: {name}",
        "",
        f"**Question.** {scenario.get('question') or '(the scenario file states none)'}",
        "",
        *_setup_lines(table, records, meta),
        "",
        "## Results",
        "",
        markdown_table(table),
        "",
        "Win rates count games a seat won alone, with 95% Wilson intervals; *shared* counts "
        "shared wins (SG-20); *seat adv. p* is the exact binomial test of the first seat's "
        "wins against a fair share; ± is one sample standard deviation. Every column of "
        f"`{SUMMARY}` is defined below.",
        "",
        "## Plots",
        "",
        *[f"![{_caption(p)}]({p})\n" for p in plots],
        "## Definitions",
        "",
        DEFINITIONS.strip(),
        "",
    ]
    return "\n".join(parts)


def _setup_lines(
    table: Sequence[SettingStats], records: Sequence[GameRecord], meta: dict[str, Any] | None
) -> list[str]:
    keys = table[0].setting.keys
    lines = []
    if meta:
        scenario = meta["scenario"]
        lines.append(f"- Scenario: `{scenario['path']}` ({scenario['name']})")
    for i, key in enumerate(keys):
        values = list(dict.fromkeys(s.setting.values[i] for s in table))
        lines.append(f"- Setting `{key}` = {', '.join(values)}")
    if not keys:
        lines.append("- Settings: the scenario as written (no `--set`)")
    counts = sorted({s.games for s in table})
    per = str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
    lines.append(f"- Games: {per} per setting, {len(records)} in all ({len(table)} settings)")
    ends = Counter(r.end for r in records)
    lines.append("- Ended by (SG-20): " + ", ".join(f"{e} {n}" for e, n in sorted(ends.items())))
    if meta:
        seating = "rotated game by game" if meta.get("rotate_seats") else "as in the scenario"
        lines.append(f"- Sweep seed {meta['seed']}; seats {seating}")
        lines.append(f"- Command: `{meta['command']}`")
    return lines


def _caption(name: str) -> str:
    return {
        "win_rates.png": "Win rate per seat with 95% Wilson intervals",
        "scores.png": "Final score per seat and winner's margin",
        "game_length.png": "Game length in turns",
    }.get(name, name)
