"""The report's sentences: each setting's paired differences from the draft's rule in words,
the first seat's balance, trade-offs between settings, and where two kinds of players
disagree (then the answer depends on how well people play).

A difference is *detected* as compare.csv calls it higher or lower: its 95% interval
excludes 0 and its Holm-adjusted p is below 0.05. When two kinds of players disagree is
`agreement`'s to say.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from subwaysim.playtest import agreement, recommend
from subwaysim.playtest.questions import FIRST_WIN
from subwaysim.playtest.results import Comparison, PartResult
from subwaysim.sweep.statistics.metrics import BY_NAME

WORDS: dict[str, tuple[str, bool]] = {  # metric -> (words, a share shown in points of %)
    "points_per_player": ("points per player", False),
    "margin": ("the winner's margin", False),
    FIRST_WIN: ("the first seat's win rate", True),
    "build_points_used": ("the share of build points spent", True),
    "lead_changes": ("lead changes", False),
    "express_stations": ("express stations built", False),
    "whole_phase_builds": ("whole-phase builds", False),
    "hazard_crossings": ("trips crossing hazards", False),
    "trip_length_mean": ("the mean trip length", False),
    "subway_trips": ("trips by subway", False),
    "shared_points": ("points from shared trips", False),
    "turns": ("the game's length in turns", False),
    "reshuffles": ("reshuffles", False),
    "trips": ("trips", False),
    "coverage": ("the share of the board with track", True),
    "closeness": ("closeness (margin as a share of points)", True),
    "rounds": ("rounds", False),
}
SAME = "plays exactly as the draft (every build, trip and score the same): tested for nothing"
TOO_FEW = "too few games to tell"
TOP = 2  # detected differences an answer's sentence names per setting


def words(metric: str) -> str:
    return WORDS.get(metric, (metric.replace("_", " "), False))[0]


def number(value: float, share: bool = False, signed: bool = True) -> str:
    """`+72`, `-7.5` (a share in points of %), `65.5` unsigned (an interval's bound)."""
    if math.isnan(value):
        return "–"
    sign = "+" if signed else ""
    if share:
        return f"{value * 100:{sign}.1f}"
    return f"{value:{sign}.3g}" if abs(value) < 1000 else f"{value:{sign}.0f}"


def difference_text(c: Comparison, metric: str) -> str:
    """`points per player +72 [65.5, 78.3] (+48% of the draft's)`; shares in percentage
    points; the interval left out where it is not read (too few games)."""
    share = WORDS.get(metric, ("", False))[1]
    unit = " pp" if share else ""
    interval = (
        f" [{number(c.low, share, False)}, {number(c.high, share, False)}]" if c.known else ""
    )
    pct = c.difference / c.baseline_mean * 100 if c.baseline_mean else math.nan
    relative = "" if math.isnan(pct) else f" ({pct:+.0f}% of the draft's)"
    return f"{words(metric)} {number(c.difference, share)}{unit}{interval}{relative}"


def setting_line(result: PartResult, value: str, metrics: Sequence[str]) -> str:
    """One bullet: every headline difference of `value` against the baseline: detected,
    suggested (the interval excludes 0 but Holm's adjustment leaves p >= 0.05), or not."""
    label = f"**{result.part.label(value)}**"
    if result.inert(value):
        return f"{label}: {SAME}."
    if recommend.too_few(result):
        return f"{label}: {TOO_FEW} ({recommend.games_of(result)} games a setting)."
    described = recommend.descriptive(result)
    found, hinted, quiet = [], [], []
    for metric in metrics:
        c = result.compared(value, metric)
        if c is None or not c.known:
            continue
        text = difference_text(c, metric)
        if described and c.excludes_zero:
            hinted.append(f"{text} (descriptive)")
        elif recommend.detected(result, value, metric) is not None:
            found.append(f"{text} (detected)")
        elif c.excludes_zero:
            hinted.append(f"{text} (not significant after Holm)")
        else:
            quiet.append(words(metric))
    parts = found + hinted
    if quiet:
        parts.append("no detectable change in " + _join(quiet, "or"))
    return f"{label}: " + ("; ".join(parts) if parts else TOO_FEW) + "."


def strongest(result: PartResult, value: str, metrics: Sequence[str]) -> list[str]:
    """The detected differences of `value`, largest relative to the baseline first."""
    found = []
    for metric in metrics:
        c = recommend.detected(result, value, metric)
        if c is not None:
            scale = abs(c.baseline_mean) or 1.0
            found.append((abs(c.difference) / scale, difference_text(c, metric)))
    return [text for _, text in sorted(found, reverse=True)[:TOP]]


def part_answer(result: PartResult, metrics: Sequence[str]) -> str:
    """A sentence: what each alternative does against the baseline, in its largest detected
    differences; alternatives with none (or identical games) are named together."""
    part = result.part
    base = f"{part.label(part.baseline)} ({part.baseline_note})"
    clauses, plain, inert = [], [], []
    for value in result.values[1:]:
        top = strongest(result, value, metrics)
        if result.inert(value):
            inert.append(value)
        elif top:
            clauses.append(f"{part.label(value)}: {', '.join(top)}")
        else:
            plain.append(value)
    if plain:
        quiet = TOO_FEW if recommend.too_few(result) else "no detectable effect on these measures"
        clauses.append(f"{_labels(result, plain)}: {quiet}")
    if inert:
        clauses.append(f"{_labels(result, inert)}: {SAME}")
    if not clauses:
        return f"Only {base} could be played."
    return f"Against {base}: " + "; ".join(clauses) + "."


def _labels(result: PartResult, values: Sequence[str]) -> str:
    """Several settings named at once: `builds_per_turn = 1, 2 and 4` where the labels
    are the key's, else each label."""
    part = result.part
    if any(v in part.labels for v in values):
        return _join([part.label(v) for v in values], "and")
    return part.label(_join(values, "and"))


def balance_sentence(result: PartResult) -> str:
    """The first seat's win rate under the baseline, and the settings that move it."""
    stats = result.stats.get(result.part.baseline)
    if stats is None:
        return ""
    low, high = stats.seat_intervals[0]
    rate = f"{stats.seat_rates[0]:.0%} [{_pct(low)}–{_pct(high)}]"
    fair = f"{1 / stats.seats:.0%}"
    moved = []
    for value in result.values[1:]:
        c = recommend.detected(result, value, FIRST_WIN)
        if c is not None:
            moved.append(f"{result.part.label(value)} ({difference_text(c, FIRST_WIN)})")
    if recommend.too_few(result) or recommend.descriptive(result):
        verdict = TOO_FEW + " whether a setting moves it"
    else:
        verdict = (
            "no setting moves it detectably"
            if not moved
            else "it moves with " + _join(moved, "and")
        )
    flag = recommend.seat_flag(result, result.part.baseline)
    if flag is not None:
        verdict += "; **flagged: its interval excludes the fair share**"
    return (
        f"The first seat ({result.first_seat}) wins {rate} of the baseline's games "
        f"(a fair share is {fair}); {verdict}."
    )


def _pct(value: float) -> str:
    return "–" if math.isnan(value) else f"{value * 100:.0f}%"


def tradeoffs(result: PartResult) -> str:
    """Which setting gave the closest games, the most lead changes, the best balance."""
    shown = [v for v in result.values if result.stats[v].games >= 2]
    if len(shown) < 2:
        return ""
    s = result.stats

    def closeness(v: str) -> float:
        """The mean of each game's margin over all its points (`closeness`)."""
        games = [BY_NAME["closeness"].of(r) for r in result.games(v)]
        games = [g for g in games if not math.isnan(g)]
        if games:
            return sum(games) / len(games)
        points = s[v].points_per_player * s[v].seats
        return s[v].margin_mean / points if points else math.inf

    defined = [v for v in shown if math.isfinite(closeness(v))]
    if not defined:
        return ""
    closest = min(defined, key=closeness)
    leads = max(shown, key=lambda v: s[v].lead_changes)
    balanced = max(shown, key=lambda v: s[v].balance)
    label = result.part.label
    return (
        f"Closest games (the winner's margin as a share of all points): {label(closest)} "
        f"({closeness(closest):.0%}); most lead changes: {label(leads)} "
        f"({s[leads].lead_changes:.2g} a game); best seat balance: {label(balanced)} "
        f"(balance {s[balanced].balance:.2f})."
    )


def disagreements(reference: PartResult, other: PartResult, metrics: Sequence[str]) -> list[str]:
    """The differences on which two kinds of players disagree (`agreement`), in words."""
    found = []
    for split in agreement.splits(reference, other, metrics):
        test = "" if math.isnan(split.p_adjusted) else f" (p adj. {split.p_adjusted:.2g})"
        found.append(
            f"{reference.part.label(split.value)}: {difference_text(split.a, split.metric)} "
            f"with {reference.run.agent.words}, {difference_text(split.b, split.metric)} with "
            f"{other.run.agent.words}{test}"
        )
    return found


def _join(items: Sequence[str], conjunction: str) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]
