"""The files of a sweep's report, rebuilt from the folder's games: summary.csv, compare.csv,
the PNG plots and report.md.

`write_report(out)` needs only `out/games.csv`; `traces.jsonl` adds the score-over-time,
trip-length and heat-map plots, `sweep.json` the scenario, question, baseline and command,
`failed.csv` the games that raised. Every file is written atomically.
"""

from __future__ import annotations

import csv
import io
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.baseline import report_baseline
from subwaysim.sweep.plan.meta import SweepMeta, read_meta
from subwaysim.sweep.report.completeness import Shortfall, shortfall
from subwaysim.sweep.report.differences import compare_csv, differences_markdown
from subwaysim.sweep.report.plays_file import read_plays
from subwaysim.sweep.report.plots import outcome_figures, save_figures
from subwaysim.sweep.report.summary_table import markdown_table, metrics_markdown, players_markdown
from subwaysim.sweep.report.trace_plots import trace_figures
from subwaysim.sweep.run.checked import check_games
from subwaysim.sweep.run.failures import FAILED, FailedGame, read_failures
from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.precision import widest
from subwaysim.sweep.run.results import GameRecord, read_games
from subwaysim.sweep.run.traces import TRACES, GameTrace, matching, read_traces
from subwaysim.sweep.statistics.compare import SettingDifferences, compare_all
from subwaysim.sweep.statistics.stats import (
    DESIGN_METRICS,
    SettingStats,
    metric_definitions,
    summarize,
)
from tabletop.cells import safe_row
from tabletop.files import atomic_write_text
from tabletop.wording import plural

SUMMARY = "summary.csv"
COMPARE = "compare.csv"
REPORT = "report.md"


@dataclass(frozen=True, slots=True)
class Report:
    """What `write_report` produced: statistics, comparisons, failures and the files."""

    table: tuple[SettingStats, ...]
    differences: tuple[SettingDifferences, ...]
    failures: tuple[FailedGame, ...]
    files: tuple[str, ...]
    missing: Shortfall = field(default_factory=lambda: Shortfall(0, (), 0))  # fewer than asked


# --- summary.csv ---------------------------------------------------------------------------


def summary_header(keys: Sequence[str], seats: int, players: Sequence[str] = ()) -> list[str]:
    per_seat = [
        f"seat{k}_{name}"
        for k in range(1, seats + 1)
        for name in ("wins", "win_rate", "win_low", "win_high", "mean_score")
    ]
    per_player = [
        f"player_{p}_{name}"
        for p in players
        for name in ("games", "wins", "win_rate", "win_low", "win_high", "mean_score")
    ]
    return [
        *keys, "games", "seats", *per_seat, *per_player, "shared_wins", "seat_advantage_p",
        "turns_mean", "turns_sd", "margin_mean", "margin_sd", "points_per_player",
        "subway_share", "shared_point_share", "advantage", "balance", "drawishness",
        "decisiveness", "lead_changes", "lead_change_rate", *DESIGN_METRICS,
    ]  # fmt: skip


def summary_row(s: SettingStats, seats: int, players: Sequence[str] = ()) -> list[str]:
    per_seat: list[str] = []
    for k in range(seats):
        if k < s.seats:
            low, high = s.seat_intervals[k]
            cells = [s.seat_wins[k], s.seat_rates[k], low, high, s.seat_scores[k]]
            per_seat += [_number(c) for c in cells]
        else:
            per_seat += [""] * 5
    by_name = {p.name: p for p in s.players}
    per_player: list[str] = []
    for name in players:
        p = by_name.get(name)
        cells = [p.games, p.wins, p.rate, *p.interval, p.mean_score] if p else [math.nan] * 6
        per_player += [_number(c) for c in cells]
    rest = (
        s.shared_wins, s.seat_advantage_p, s.turns_mean, s.turns_sd, s.margin_mean,
        s.margin_sd, s.points_per_player, s.subway_share, s.shared_point_share, s.advantage,
        s.balance, s.drawishness, s.decisiveness, s.lead_changes, s.lead_change_rate,
        *(s.means[m] for m in DESIGN_METRICS),
    )  # fmt: skip
    head = [*s.setting.values, str(s.games), str(s.seats)]
    return [*head, *per_seat, *per_player, *map(_number, rest)]


def summary_csv(table: Sequence[SettingStats]) -> str:
    seats = max((s.seats for s in table), default=0)
    keys = table[0].setting.keys if table else ()
    players = list(dict.fromkeys(p.name for s in table for p in s.players))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(safe_row(summary_header(keys, seats, players)))
    writer.writerows(safe_row(summary_row(s, seats, players)) for s in table)
    return out.getvalue()


def _number(value: float) -> str:
    if isinstance(value, int):
        return str(value)
    return "" if math.isnan(value) else f"{value:.6g}"


# --- the whole report ------------------------------------------------------------------------


def write_report(out: str | Path) -> Report:
    """Rebuild summary.csv, compare.csv, the plots and report.md from the folder's games."""
    out = Path(out)
    games = out / GAMES
    if not games.exists():
        raise SweepError(f"{games}: no such file (is {out} a sweep folder?)")
    played = read_games(games)
    records = played.records
    if not records:
        raise SweepError(f"{games}: no finished games yet")
    meta = read_meta(out)
    check_games(played, meta, games)  # every row a game of this sweep, once
    traces = matching(read_traces(out / TRACES).traces, {r.key for r in records})
    failures = tuple(read_failures(out / FAILED, played.layout.keys))
    table = tuple(summarize(records))
    baseline, why = report_baseline([s.setting for s in table], meta)
    paired = not (meta is not None and meta.independent)
    differences = tuple(compare_all(records, baseline, paired, read_plays(out)))
    atomic_write_text(out / SUMMARY, summary_csv(table))
    atomic_write_text(out / COMPARE, compare_csv(differences))
    figures = outcome_figures(table, records)
    missing = shortfall(meta, records)
    note = "" if missing.complete else "sweep incomplete"
    figures.update(trace_figures([s.setting for s in table], traces, note))
    plots = save_figures(out, figures)
    parts = ReportParts(table, records, traces, differences, failures, meta, why)
    atomic_write_text(out / REPORT, report_markdown(parts, plots))
    return Report(table, differences, failures, (SUMMARY, COMPARE, *plots, REPORT), missing)


@dataclass(frozen=True, slots=True)
class ReportParts:
    """Everything report.md is written from."""

    table: tuple[SettingStats, ...]
    records: tuple[GameRecord, ...]
    traces: Sequence[GameTrace]
    differences: tuple[SettingDifferences, ...]
    failures: tuple[FailedGame, ...]
    meta: SweepMeta | None
    baseline_reason: str


def report_markdown(parts: ReportParts, plots: Sequence[str]) -> str:
    meta = parts.meta
    name = meta.scenario.name if meta else "unknown scenario"
    question = (meta.scenario.question if meta else None) or "(the scenario file states none)"
    sections = [
        f"# Sweep report: {name}",
        "",
        f"**Question.** {question}",
        "",
        *_setup_lines(parts),
        "",
        "## Results",
        "",
        markdown_table(parts.table),
        "",
        "Win rates count games a seat won alone, with 95% Wilson intervals; *shared* counts "
        "shared wins (SG-20); *seat adv. p* is the exact binomial test of the first seat's "
        "wins against a fair share; ± is one sample standard deviation. Every column of "
        f"`{SUMMARY}` is defined below.",
        "",
        "## Players",
        "",
        players_markdown(parts.table),
        "",
        "A player's wins count the games it won alone, whatever its seat, over the games it "
        "played, with 95% Wilson intervals (`player_<NAME>_win_rate` in summary.csv).",
        "",
        "## Differences",
        "",
        differences_markdown(parts.differences),
        "",
        f"Every row, with its interval and both p-values, is in `{COMPARE}`.",
        "",
        "## Design metrics",
        "",
        metrics_markdown(parts.table),
        "",
        "## Plots",
        "",
        *[f"![{_caption(p)}]({p})\n" for p in plots],
        "## Definitions",
        "",
        metric_definitions(),
        "",
    ]
    return "\n".join(sections)


def _setup_lines(parts: ReportParts) -> list[str]:
    table, records, meta = parts.table, parts.records, parts.meta
    keys = table[0].setting.keys
    lines = []
    if meta:
        lines.append(f"- Scenario: `{meta.scenario.path}` ({meta.scenario.name})")
    for i, key in enumerate(keys):
        values = list(dict.fromkeys(s.setting.values[i] for s in table))
        lines.append(f"- Setting `{key}` = {', '.join(values)}")
    if not keys:
        lines.append("- Settings: the scenario as written (no `--set`)")
    counts = sorted({s.games for s in table})
    per = str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
    lines.append(
        f"- Games: {per} per setting, {len(records):,} in all ({plural(len(table), 'setting')})"
    )
    missing = shortfall(meta, records)
    if not missing.complete:
        lines.append(f"- **{missing.sentence()}**")
    ends = Counter(r.end for r in records)
    lines.append("- Ended by (SG-20): " + ", ".join(f"{e} {n}" for e, n in sorted(ends.items())))
    if parts.differences:
        baseline = parts.differences[0].baseline.label()
        lines.append(f"- Baseline: {baseline} ({parts.baseline_reason})")
    if meta:
        lines += _seeding_lines(meta, parts)
    if parts.failures:
        lines.append(
            f"- **Failed games: {len(parts.failures)}** (listed in `{FAILED}`, replayed on the "
            f"next run): first, {parts.failures[0].describe()}"
        )
    return lines


def _seeding_lines(meta: SweepMeta, parts: ReportParts) -> list[str]:
    seating = "rotated game by game" if meta.rotate_seats else "as in the scenario"
    seeding = (
        "independent seeds per setting (--independent)"
        if meta.independent
        else "common random numbers (game k of every setting has the same seed and cards)"
    )
    lines = [f"- Sweep seed {meta.seed}; seats {seating}; {seeding}"]
    if meta.precision is not None:
        width = widest([[r for r in parts.records if r.setting == s.setting] for s in parts.table])
        met = "met" if width <= meta.precision else f"not met within --games {meta.games}"
        lines.append(
            f"- Precision: --precision {meta.precision:g}; widest win-rate interval "
            f"{width:.3f} ({met})"
        )
    lines.append(f"- Command: `{meta.command}`")
    return lines


def _caption(name: str) -> str:
    return {
        "win_rates.png": "Win rate per seat with 95% Wilson intervals",
        "scores.png": "Final score per seat and winner's margin",
        "game_length.png": "Game length in turns",
        "score_over_time.png": "Mean score per round and seat with 95% bands",
        "trip_lengths.png": "Trip length distribution per setting",
        "heat_map.png": "Where track was built and where trips started and ended",
    }.get(name, name)
