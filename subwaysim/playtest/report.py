"""`report.md`: one section per tester question (`## Q1 ...` to `## Q12 ...`), each opening
with a plain-language answer backed by paired differences with 95% intervals (from each
sweep's compare.csv), then a plot, then the details part by part and the sweeps behind them.
Questions 6, 10 and 12 are answered from what the project knows and from the draft's own
games (the baseline of question 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from subwaysim.playtest import answers, figures
from subwaysim.playtest.options import SEARCH_BUDGET, SEARCH_COST, SEARCH_PER_100, AgentRun
from subwaysim.playtest.played import PLOTS, Playtest
from subwaysim.playtest.project_answers import SECTIONS
from subwaysim.playtest.questions import QUESTIONS, Derived, Question
from subwaysim.playtest.results import PartResult
from subwaysim.playtest.runs import plays
from subwaysim.sweep.report.report_files import COMPARE, REPORT
from tabletop.files import atomic_write_text


def write(playtest: Playtest) -> Path:
    """Write the plots and report.md into the playtest folder; returns the report's path."""
    out = playtest.options.out
    sections = [_introduction(playtest)]
    for question in QUESTIONS:
        if question.parts is not None:
            sections.append(_sweep_section(playtest, question))
        else:
            sections.append(SECTIONS[question.number](playtest, question))
    path = out / "report.md"
    atomic_write_text(path, "\n\n".join(sections).rstrip() + "\n")
    return path


def _introduction(p: Playtest) -> str:
    lines = [
        f"# Playtest report: {p.name}",
        "",
        f"The designer's draft of the Subway Game ends with twelve questions for testers. This "
        f"report answers each with games of `{p.options.scenario}` played by the computer "
        f"(`subway playtest`). The draft numbers questions 6, 7, 8, 10 and 12 itself; the "
        f"others (1-5, 9, 11) follow the rules page's list of tester questions: that is this "
        f"project's reading of the numbering.",
        "",
        "**How to read it.** Each question is answered by sweeps: grids of scenario settings "
        "(`subway sweep`), one key varied at a time, whose first value is the draft's rule "
        "(the baseline). Game k of every setting is dealt the same cards (common random "
        "numbers), so a setting is compared with the baseline game by game: a difference is "
        "the mean of the per-game differences with its 95% interval (paired bootstrap), and "
        "is *detected* when the interval excludes 0 and its Holm-adjusted p is below 0.05 "
        "(the sweep's `compare.csv`). Win rates carry 95% Wilson intervals.",
        "",
        "**Players.** Every seat of a game has the same kind of player, so a difference is the "
        "rules', not a stronger seat's.",
    ]
    for agent in p.agents:
        asked = sorted({r.question.number for r in p.runs if r.agent == agent})
        lines.append(f"- {agent.words}: {_players_line(agent, asked)}")
    lines += [
        "",
        "Where two kinds of players disagree on a difference, the answer says so: it "
        "**depends on how well people play**. They disagree when both detect it with "
        "opposite signs, or when a Mann-Whitney test tells their per-game differences from "
        "the baseline apart (two-sided, Holm-adjusted over the part's settings and measures, "
        "p adj. below 0.05). A difference one kind detects and the other, with fewer games, "
        "does not is not a disagreement.",
    ]
    return "\n".join(lines)


def _players_line(agent: AgentRun, questions: Sequence[int]) -> str:
    if not agent.search:
        return f"{agent.games} games a setting, every question."
    asked = ", ".join(f"Q{n}" for n in questions) or "none"
    return (
        f"{agent.games} games a setting, only on the parts where the players' skill may "
        f"change the answer ({asked}; each part says who played it): a search player costs "
        f"far more a game than greedy (mcts:{SEARCH_BUDGET} about {SEARCH_COST} times on "
        f"the classic board), so it plays {SEARCH_PER_100} games for every 100 of a quick "
        f"player's; a bare `mcts` searches its default {SEARCH_BUDGET} playouts a build phase."
    )


# --- sweep questions ---------------------------------------------------------------------


def _sweep_section(p: Playtest, question: Question) -> str:
    rows = p.rows(question)
    head = [f"## Q{question.number} {question.title}", "", f"*The question.* {question.reading}"]
    if not rows:
        return "\n".join([*head, "", "Not played yet: run `subway playtest` again to finish."])
    lines = [*head, "", "**Answer.** " + _answer(rows, question)]
    plot = figures.save(
        p.options.out / PLOTS,
        f"q{question.number}.png",
        lambda: figures.question_figure(rows, question.metrics),
    )
    lines += [
        "",
        f"![Q{question.number}: paired differences from the draft's rule, 95% intervals]({plot})",
    ]
    if question.needs_derived and p.derived is not None:
        lines += ["", _derived_note(p.derived)]
    for row in rows:
        lines += ["", *_part_details(row, question, p.agents)]
    return "\n".join(lines)


def _answer(rows: Sequence[list[PartResult]], question: Question) -> str:
    sentences = []
    for row in rows:
        reference = row[0]
        sentences.append(
            f"*{_first_up(reference.part.title)}* ({reference.run.agent.words}). "
            + answers.part_answer(reference, question.metrics)
        )
    sentences.append(answers.balance_sentence(rows[0][0]))
    sentences.append(_agreement(rows, question))
    return " ".join(s for s in sentences if s)


def _agreement(rows: Sequence[list[PartResult]], question: Question) -> str:
    """Whether the kinds of players agree; where not, the answer depends on how well
    people play (the first few cases here, every case in its part's details)."""
    split = [d for row in rows for other in row[1:] for d in _split(row, other, question)]
    others = sorted({r.run.agent.words for row in rows for r in row[1:]})
    if split:
        shown = "; ".join(split[:SHOWN])
        more = f"; and {len(split) - SHOWN} more (in the parts below)" if len(split) > SHOWN else ""
        return f"**Depends on how well people play:** {shown}{more}."
    if not others:
        return ""
    return (
        f"{_first_up(rows[0][0].run.agent.words)} and {', '.join(others)} agree: no "
        "difference above goes the other way or is told apart by the test."
    )


def _split(row: list[PartResult], other: PartResult, question: Question) -> list[str]:
    return answers.disagreements(row[0], other, question.metrics)


SHOWN = 3  # disagreements an answer names before pointing at the details


def _first_up(text: str) -> str:
    """A capital first letter, the rest as written (`SG-12` stays upper case)."""
    return text[:1].upper() + text[1:]


def _derived_note(derived: Derived) -> str:
    return (
        f"The race is to {derived.score} points: the median winning score of the draft's "
        f"games (question 1's baseline), so a race lasts about as long as the draft's "
        f"{derived.rounds} rounds; the new endings stop at twice that many rounds if they "
        f"never come (`end.max_turns`)."
    )


def _part_details(
    row: list[PartResult], question: Question, agents: Sequence[AgentRun]
) -> list[str]:
    reference = row[0]
    part = reference.part
    lines = [
        f"### {_first_up(part.title)}",
        "",
        f"Baseline: {part.label(part.baseline)} ({part.baseline_note}); swept: `{part.key}`"
        + (f", with `{'`, `'.join(part.context)}`" if part.context else "")
        + ".",
    ]
    for result in row:
        agent = result.run.agent
        games = sorted({s.games for s in result.stats.values()})
        count = str(games[0]) if len(games) == 1 else f"{games[0]}-{games[-1]}"
        lines += ["", f"*{_first_up(agent.words)}, {count} games a setting:*", ""]
        lines += [
            f"- {answers.setting_line(result, v, question.metrics)}" for v in result.values[1:]
        ]
        lines += [f"- {answers.balance_sentence(result)}"]
        trade = answers.tradeoffs(result)
        if trade:
            lines.append(f"- {trade}")
        if result.failures:
            lines.append(f"- **{result.failures} games failed** (see the sweep's failed.csv).")
    split = [case for other in row[1:] for case in _split(row, other, question)]
    if split:
        lines += ["", "Depends on how well people play:", ""]
        lines += [f"- {case}." for case in split]
    played = {r.run.agent.spec for r in row}
    missing = [a.words for a in agents if a.spec not in played and not plays(a, part)]
    if missing:
        lines += ["", f"Not played by {', '.join(missing)}: the players' skill matters less here, "
                  "and leaving it out keeps the run practical."]  # fmt: skip
    lines += ["", _table(row), "", _sweeps(row)]
    return lines


def _table(row: list[PartResult]) -> str:
    lines = [
        "| setting | players | games | first seat wins [95% CI] | points per player | "
        "winner's margin | turns | lead changes |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for value in row[0].values:
        for result in row:
            s = result.stats.get(value)
            if s is None:
                continue
            low, high = s.seat_intervals[0]
            cells = [
                result.part.label(value),
                result.run.agent.spec,
                str(s.games),
                f"{s.seat_rates[0]:.0%} [{low:.0%}–{high:.0%}]",
                f"{s.points_per_player:.1f}",
                f"{s.margin_mean:.1f}",
                f"{s.turns_mean:.1f}",
                f"{s.lead_changes:.2f}",
            ]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _sweeps(row: list[PartResult]) -> str:
    links = []
    for result in row:
        rel = result.run.folder.relative_to(result.run.folder.parents[2]).as_posix()
        links.append(f"[{result.run.agent.spec}]({rel}/{REPORT}) ([`{COMPARE}`]({rel}/{COMPARE}))")
    return "Sweeps: " + ", ".join(links) + "."
