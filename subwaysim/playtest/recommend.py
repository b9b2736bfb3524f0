"""From a question's sweeps to advice: a setting to adopt, the draft's rule to keep, or
"can't tell yet", with the reason and a confidence by one stated rule (`RULE`).

The criteria a designer's "do you like ...?" is answered by (stated once, `CRITERIA`):
- **fair seats**: the first seat's 95% Wilson interval of wins holds the fair share;
- **closeness**: the winner's margin as a share of the points scored (`closeness`), lower;
- **lead changes** a game, more;
- **build points spent** (`build_points_used`), more.
A setting *improves* a criterion when its paired difference from the draft is detected
(compare.csv: the 95% interval excludes 0 and the Holm-adjusted p is below 0.05) in the
better direction, or when it makes flagged seats fair; it *worsens* one the other way.

Honest counting: a setting that plays exactly as the draft is tested for nothing; a search
player with fewer than `STRONG_GAMES` games a setting is *descriptive* (never detected);
no interval is read on fewer than `MIN_GAMES` games ("too few games to tell").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from subwaysim.playtest.options import STRONG_GAMES
from subwaysim.playtest.results import Comparison, PartResult

MIN_GAMES = 10  # games a setting before an interval is read
CRITERIA: tuple[tuple[str, str, int], ...] = (  # metric, words, the better direction
    ("closeness", "closer games (margin as a share of points)", -1),
    ("lead_changes", "more lead changes", +1),
    ("build_points_used", "more build points spent", +1),
)
CRITERIA_TEXT = (
    '**The criteria** a "do you like ...?" is answered by: *fair seats* (the first seat\'s '
    "95% interval of wins holds the fair share), *closeness* (the winner's margin as a share "
    "of all points scored: lower is closer), *lead changes* a game (more), *build points "
    "spent* (more: the budget is usable), and for the ending *length near the target*. A "
    "setting improves a criterion when its paired difference from the draft is detected "
    "(95% interval excludes 0 and Holm-adjusted p < 0.05 in the sweep's compare.csv) in the "
    "better direction, or when it makes flagged seats fair."
)
RULE = (
    "**Confidence.** *strong*: the improvement is detected for every kind of player that "
    "played the setting (two or more), none detecting a worsening; *moderate*: detected for "
    "one kind, none detecting a worsening; *weak*: point estimates only, so the table says "
    '"can\'t tell yet" with the games that would tell. A search player with fewer than '
    f"{STRONG_GAMES} games a setting is descriptive and never counts as detected; no "
    f'interval is read on fewer than {MIN_GAMES} games a setting ("too few games to tell"); '
    "a setting that plays exactly as the draft (every build, trip and score the same) is "
    "tested for nothing."
)
RANK = {"strong": 3, "moderate": 2, "weak": 1, "": 0}


def games_of(result: PartResult) -> int:
    """Games a setting (the fewest of any setting)."""
    return min((s.games for s in result.stats.values()), default=0)


def descriptive(result: PartResult) -> bool:
    return result.run.agent.search and games_of(result) < STRONG_GAMES


def too_few(result: PartResult) -> bool:
    return games_of(result) < MIN_GAMES


def detected(result: PartResult, value: str, metric: str) -> Comparison | None:
    """The comparison where it counts as detected (see the module), else None."""
    if descriptive(result) or too_few(result) or result.inert(value):
        return None
    c = result.compared(value, metric)
    return c if c is not None and c.significant else None


def percent_of_baseline(c: Comparison) -> float:
    """The difference as a percentage of the draft's mean (NaN when that is 0)."""
    return c.difference / c.baseline_mean * 100 if c.baseline_mean else math.nan


def seat_flag(result: PartResult, value: str) -> tuple[float, float, float] | None:
    """(rate, low, high) of the first seat's wins where its 95% interval excludes the fair
    share, else None."""
    stats = result.stats.get(value)
    if stats is None or stats.games == 0:
        return None
    low, high = stats.seat_intervals[0]
    fair = 1 / stats.seats
    if math.isnan(low) or low <= fair <= high:
        return None
    return stats.seat_rates[0], low, high


@dataclass(frozen=True, slots=True)
class Judgement:
    """One setting against the draft for one kind of player."""

    result: PartResult
    value: str
    better: tuple[tuple[str, Comparison | None], ...]  # (words, comparison; None: seats)
    worse: tuple[tuple[str, Comparison | None], ...]
    hinted: tuple[tuple[str, Comparison], ...]  # better on point estimates only

    @property
    def score(self) -> int:
        return len(self.better) - len(self.worse)


def judge(result: PartResult, value: str) -> Judgement:
    better: list[tuple[str, Comparison | None]] = []
    worse: list[tuple[str, Comparison | None]] = []
    hinted: list[tuple[str, Comparison]] = []
    for metric, words, direction in CRITERIA:
        c = result.compared(value, metric)
        if c is None or math.isnan(c.difference) or result.inert(value):
            continue
        if detected(result, value, metric) is not None:
            (better if c.difference * direction > 0 else worse).append((words, c))
        elif c.difference * direction > 0 and not too_few(result):
            hinted.append((words, c))
    base, flag = seat_flag(result, result.part.baseline), seat_flag(result, value)
    if not descriptive(result) and not too_few(result):
        if base is not None and flag is None:
            better.append(("fair seats", None))
        elif base is None and flag is not None:
            worse.append(("unfair seats", None))
    return Judgement(result, value, tuple(better), tuple(worse), tuple(hinted))


@dataclass(frozen=True, slots=True)
class Choice:
    """A question's advice."""

    kind: str  # "change" | "keep" | "wait" (can't tell yet) | "advice" (not a rules question)
    text: str  # the setting, or "keep the draft's rule", or "can't tell yet: ..."
    reason: str  # one plain sentence
    confidence: str  # strong | moderate | weak | "" (keep, or not a rules question)
    overrides: tuple[str, ...] = ()  # `--set`s of recommended.yaml
    flags: tuple[str, ...] = field(default_factory=tuple)  # settings with unfair seats


def flags(rows: Sequence[Sequence[PartResult]]) -> list[str]:
    """Every setting (and kind of player) whose first-seat interval excludes the fair
    share, the farthest from it first (so a first screen names the worst)."""
    found = []
    for row in rows:
        for result in row:
            for value in result.values:
                flag = seat_flag(result, value)
                if flag is not None:
                    rate, low, high = flag
                    fair = 1 / result.stats[value].seats
                    text = (
                        f"{result.part.label(value)} ({result.run.agent.spec}): first seat "
                        f"{rate:.0%} [{low:.0%}–{high:.0%}]"
                    )
                    found.append((-abs(rate - fair), len(found), text))
    return [text for _, _, text in sorted(found)]


def overrides_of(result: PartResult, value: str) -> tuple[str, ...]:
    """The `--set`s that make a setting: its key and the fixed context it was played with
    (a larger budget), except a hazard board put there only to ask the question."""
    part = result.part
    context = tuple(c for c in part.context if not c.startswith("board="))
    return (*context, f"{part.key}={value}")


def choose(rows: Sequence[Sequence[PartResult]]) -> Choice:
    """The best setting of a question's sweeps by the rule (see the module)."""
    best: tuple[int, int, float, Choice] | None = None
    waiting: tuple[float, Choice] | None = None
    inert: list[str] = []
    for row in rows:
        reference = row[0]
        for value in reference.values[1:]:
            if all(r.inert(value) for r in row if value in r.values):
                inert.append(reference.part.label(value))
                continue
            judged = [judge(r, value) for r in row if value in r.values]
            if any(j.worse for j in judged):
                continue
            sure = [j for j in judged if j.better]
            if sure:
                confidence = "strong" if len(sure) == len(judged) >= 2 else "moderate"
                choice = Choice(
                    "change", reference.part.label(value), _reason(sure),
                    confidence, overrides_of(reference, value),
                )  # fmt: skip
                key = (RANK[confidence], sure[0].score, _size(sure[0]), choice)
                if best is None or key[:3] > best[:3]:
                    best = key
            elif judged[0].hinted:
                more, c = _more_games(judged[0])
                words = judged[0].hinted[0][0]
                choice = Choice(
                    "wait", f"can't tell yet: {more} more games a setting would",
                    f"{reference.part.label(value)} points to {words} "
                    f"({_number(c)}), not yet detected.", "weak",
                )  # fmt: skip
                if waiting is None or more < waiting[0]:
                    waiting = (more, choice)
    if best is not None:
        return best[3]
    if waiting is not None:
        return waiting[1]
    if inert and not any(len(r[0].values) > 1 + len(inert) for r in rows):
        return Choice("keep", "keep the draft's rule",
                      "Every alternative plays exactly as the draft.", "")  # fmt: skip
    if rows and all(too_few(r[0]) for r in rows):
        return Choice("wait", f"can't tell yet: {MIN_GAMES - games_of(rows[0][0])} more games "
                      "a setting would", "Too few games to tell.", "weak")  # fmt: skip
    return Choice("keep", "keep the draft's rule",
                  "No alternative improves the criteria without worsening one.", "")  # fmt: skip


def _reason(judged: Sequence[Judgement]) -> str:
    first = judged[0]
    parts = []
    for words, c in first.better[:2]:
        parts.append(words if c is None else f"{words} ({_number(c)})")
    who = "every kind of player" if len(judged) > 1 else first.result.run.agent.words
    return f"With {who}: " + " and ".join(parts) + "."


def _number(c: Comparison) -> str:
    share = c.metric in ("closeness", "build_points_used")
    diff = f"{c.difference * 100:+.1f} pp" if share else f"{c.difference:+.3g}"
    pct = percent_of_baseline(c)
    return diff + ("" if math.isnan(pct) else f", {pct:+.0f}% of the draft's")


def _size(j: Judgement) -> float:
    sizes = [abs(percent_of_baseline(c)) for _, c in j.better if c is not None]
    sizes = [s for s in sizes if not math.isnan(s)]
    return max(sizes, default=0.0)


def _more_games(j: Judgement) -> tuple[int, Comparison]:
    """More games a setting for the first hinted criterion's interval to exclude 0: the
    interval narrows as one over the square root of the games."""
    _, c = j.hinted[0]
    n = games_of(j.result)
    if n < MIN_GAMES or not c.known or c.difference == 0:
        return max(MIN_GAMES - n, MIN_GAMES), c
    half = (c.high - c.low) / 2
    needed = math.ceil(n * (half / abs(c.difference)) ** 2)
    return max(needed - n, 1), c
