"""`report.md`: recommendations first (a table of the twelve questions in the designer's
order, each with a setting, "keep the draft's rule" or "can't tell yet", a one-sentence
reason, a confidence by the rule stated under it and a link to its section), then the
recommended rule set (`recommended.yaml`) and its confirmation against the draft, then one
section per question (`## Q1 ...` to `## Q12 ...`) whose first screen is at most three
plain sentences, with the measures, plots and per-setting details under it, and an
appendix on how the report was made.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from pathlib import Path

from subwaysim.playtest import advice, answers, figures, recommend, runtime
from subwaysim.playtest.advice import Answer
from subwaysim.playtest.confirm import RECOMMENDED, Confirmed, KindConfirmed
from subwaysim.playtest.extras import Extras
from subwaysim.playtest.options import SEARCH_BUDGET, SEARCH_COST, SEARCH_PER_100, AgentRun
from subwaysim.playtest.played import PLOTS, Playtest
from subwaysim.playtest.project_answers import SECTIONS
from subwaysim.playtest.questions import QUESTIONS, Derived, Question
from subwaysim.playtest.results import PartResult
from subwaysim.playtest.runs import plays
from subwaysim.sweep.report.report_files import COMPARE, REPORT
from tabletop.files import atomic_write_text

REPORT_MD = "report.md"


def answers_of(playtest: Playtest) -> list[Answer]:
    return [advice.answer(playtest, q) for q in QUESTIONS]


def write(playtest: Playtest, given: Sequence[Answer] | None = None) -> Path:
    """Write the plots and report.md into the playtest folder; returns the report's path."""
    out = playtest.options.out
    found = list(given) if given is not None else answers_of(playtest)
    sections = [_title(playtest), recommendations(found), _rule_set(playtest)]
    for item in found:
        sections.append(_section(playtest, item))
    sections.append(_method(playtest))
    path = out / REPORT_MD
    atomic_write_text(path, "\n\n".join(s for s in sections if s).rstrip() + "\n")
    return path


def first_screens(report: str) -> dict[str, str]:
    """Each question section's first screen (the paragraph under its heading), by `Qn`."""
    found = {}
    for match in re.finditer(r"^## (Q\d+) [^\n]*\n\n(.*?)(?:\n\n|\Z)", report, re.M | re.S):
        found[match.group(1)] = match.group(2).strip()
    return found


def heading(question: Question) -> str:
    return f"Q{question.number} {question.title}"


def anchor(text: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to -."""
    return re.sub(r"[^a-z0-9 _-]", "", text.lower()).replace(" ", "-")


def _title(p: Playtest) -> str:
    return (
        f"# Playtest report: {p.name}\n\n"
        f"The designer's draft ends with twelve questions for testers. This report answers "
        f"each, in the designer's order, from games of `{p.options.scenario}` played by the "
        f"computer (`subway playtest`), and recommends a rule set."
        + (f"\n\n{runtime.sentence(p.runtime)}" if p.runtime else "")
    )


def recommendations(found: Sequence[Answer]) -> str:
    lines = [
        "## Recommendations",
        "",
        "| Q | the designer asks | recommendation | why | confidence | seat flags |",
        "|---|---|---|---|---|---|",
    ]
    for item in found:
        q, c = item.question, item.choice
        link = f"[Q{q.number}](#{anchor(heading(q))})"
        flag = (
            "–"
            if not c.flags
            else f"⚑ {c.flags[0]}" + (f" (+{len(c.flags) - 1} more)" if len(c.flags) > 1 else "")
        )
        text = c.text if c.kind != "change" else f"**{c.text}**"
        cells = [link, q.title, text, c.reason, c.confidence or "–", flag]
        lines.append("| " + " | ".join(_cell(x) for x in cells) + " |")
    lines += ["", recommend.RULE, "", recommend.CRITERIA_TEXT]
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _rule_set(p: Playtest) -> str:
    c = p.confirmation
    lines = ["## The recommended rule set", ""]
    if c is None:
        return "\n".join([*lines, "Not written yet: run `subway playtest` again to finish."])
    if not c.rules.applied:
        lines.append(
            f"[`{RECOMMENDED}`]({RECOMMENDED}) is the draft itself: no question recommends a "
            "change yet, so there is nothing to confirm."
        )
    else:
        sets = " ".join(f"`--set {x}`" for x in c.rules.applied)
        lines.append(
            f"[`{RECOMMENDED}`]({RECOMMENDED}) is the draft with {sets}; it validates as a "
            f"scenario (`subway validate {RECOMMENDED}`)."
        )
    for item, why in c.rules.dropped:
        lines.append(f"- Left out, invalid with the others: `{item}` ({why}).")
    if c.kinds:
        lines += ["", _confirm_table(c), "", _confirm_sentence(c)]
    elif c.rules.applied:
        lines += ["", "Not confirmed: `--confirm 0`."]
    return "\n".join(lines)


CONFIRM_METRICS = ("closeness", "lead_changes", "points_per_player", "build_points_used")


def _confirm_table(c: Confirmed) -> str:
    lines = [
        "| players | paired games | first seat: draft | first seat: recommended | "
        + " | ".join(answers.words(m) for m in CONFIRM_METRICS)
        + " |",
        "|---|---:|---:|---:|" + "---:|" * len(CONFIRM_METRICS),
    ]
    for kind in c.kinds:
        cells = [kind.agent.spec, str(kind.games)]
        for role in ("draft", "recommended"):
            s = kind.stats.get(role)
            if s is None:
                cells.append("–")
                continue
            low, high = s.seat_intervals[0]
            flag = " ⚑" if not (math.isnan(low) or low <= 1 / s.seats <= high) else ""
            cells.append(f"{s.seat_rates[0]:.0%} [{low:.0%}–{high:.0%}]{flag}")
        for metric in CONFIRM_METRICS:
            cells.append(_confirm_cell(kind, metric))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _confirm_cell(kind: KindConfirmed, metric: str) -> str:
    if kind.compared is None:
        return "–"
    if kind.compared.inert:
        return "same games"
    row = next((r for r in kind.compared.rows if r.metric == metric), None)
    if row is None or math.isnan(row.difference):
        return "–"
    share = answers.WORDS.get(metric, ("", False))[1]
    if kind.games < recommend.MIN_GAMES:
        return f"{answers.number(row.difference, share)} (too few games to tell)"
    verdict = row.verdict()
    descriptive = kind.agent.search and kind.games < recommend.STRONG_GAMES
    tag = "descriptive" if descriptive else verdict
    return (
        f"{answers.number(row.difference, share)} [{answers.number(row.low, share, False)}, "
        f"{answers.number(row.high, share, False)}] ({tag})"
    )


def _confirm_sentence(c: Confirmed) -> str:
    return (
        "Each cell is the recommended rule set minus the draft over paired games (game k of "
        "both dealt the same cards), its 95% paired bootstrap interval and compare.csv's "
        "verdict (`confirm/<players>/compare.csv`); shares in percentage points; ⚑: the first "
        "seat's interval excludes 50%."
    )


def _section(p: Playtest, item: Answer) -> str:
    q = item.question
    head = [f"## {heading(q)}", "", item.first_screen, "", "### Details", "",
            f"*The question.* {q.reading}"]  # fmt: skip
    if q.parts is None:
        return "\n".join(head) + "\n\n" + SECTIONS[q.number](p, q)
    body = _sweep_details(p, q)
    if q.number == 1:
        body = _balance_details(p) + "\n\n" + body
    if q.number == 3:
        body = _ending_details(p) + "\n\n" + body
    return "\n".join(head) + "\n\n" + body


def _flags_block(rows: Sequence[list[PartResult]]) -> str:
    flagged = recommend.flags(rows)
    if not flagged:
        return ""
    return "**Seat flags** (the first seat's 95% interval excludes 50%):\n\n" + "\n".join(
        f"- {f}" for f in flagged
    )


def _balance_details(p: Playtest) -> str:
    extras = p.extras or Extras()
    lines = ["#### Does skill pay? Is there a dominant strategy? Where do points come from?", ""]
    if extras.chain is not None and extras.ladder is not None:
        lines += [_reused("The skill ladder", extras.ladder), "",
                  "| rung | vs | games | W–L–D | win % [95% CI] | sure |",
                  "|---|---|---:|---:|---:|---|"]  # fmt: skip
        for r in extras.chain.rungs:
            low, high = r.interval()
            lines.append(
                f"| {r.agent} | {r.below} | {r.games} | {r.wins}–{r.losses}–{r.draws} | "
                f"{r.rate:.0%} [{low:.0%}–{high:.0%}] | {'yes' if r.significant else 'no'} |"
            )
        lines.append("")
    if extras.matrix is not None and extras.strategies is not None:
        lines += [_reused("The strategy matrix", extras.strategies), "",
                  "| strategy | equilibrium weight | vs field [95% CI] | flags |",
                  "|---|---:|---:|---|"]  # fmt: skip
        for v in extras.matrix.verdicts():
            low, high = v.field.interval()
            lines.append(
                f"| `{v.name}` | {v.weight:.3f} | {v.field.rate:.1%} [{low:.1%}–{high:.1%}] | "
                f"{'; '.join(v.flags()) or '–'} |"
            )
        lines.append("")
    lines.append(advice.points_text(extras.points))
    return "\n".join(lines)


def _reused(what: str, games: object) -> str:
    folder = games.folder  # type: ignore[attr-defined]
    count = len(games.records)  # type: ignore[attr-defined]
    if games.reused:  # type: ignore[attr-defined]
        return f"{what}: {count} games reused from `{folder}` (not played again)."
    return f"{what}: {count} games (`{folder.parent.name}/{folder.name}/games.csv`)."


def _ending_details(p: Playtest) -> str:
    tuned = p.extras.tuned if p.extras is not None else None
    if tuned is None:
        return "The tune of the ending is not run yet."
    where = "reused from" if tuned.reused else "in"
    folder = tuned.folder
    if folder.is_relative_to(p.options.out):
        folder = folder.relative_to(p.options.out)
    lines = [
        f"#### The tune of the ending ({where} `{folder}`)",
        "",
        f"`subway tune` with `end.turns=null` (the piles end the game) searched the number of "
        f"empty piles, the copies of each card (how fast piles empty) and `end.finish_round` "
        f"for a game of {tuned.rounds} rounds (the draft's own length) with even seats "
        f"(`first_seat_win_rate=0.5`); its `tune.md` has the search and the confirmation.",
        "",
        "| confirmed setting | games | rounds | first seat [95% CI] |",
        "|---|---:|---:|---:|",
    ]
    for role, (games, _, rounds) in tuned.confirmed.items():
        rate = tuned.first_seat(role)
        seat = "–" if rate is None else f"{rate[0]:.0%} [{rate[1]:.0%}–{rate[2]:.0%}]"
        mark = " (recommended)" if role == tuned.winner else ""
        lines.append(f"| {role}{mark} | {games} | {rounds:.1f} | {seat} |")
    return "\n".join(lines)


def _method(p: Playtest) -> str:
    lines = [
        "## Appendix: how this report was made",
        "",
        "Each question is answered by sweeps: grids of scenario settings (`subway sweep`), one "
        "key varied at a time, whose first value is the draft's rule (the baseline). Game k of "
        "every setting is dealt the same cards (common random numbers), so a setting is "
        "compared with the baseline game by game: a difference is the mean of the per-game "
        "differences with its 95% interval (paired bootstrap, BCa) and its percentage of the "
        "draft's mean. Holm's adjustment runs over the sweep's tests only: settings that play "
        "exactly as the draft, measures no game changes and measures that repeat another "
        "(up to a factor) are left out. A measure that only counts a label (e.g. builds the "
        "log marks whole-phase) is not reported as an effect.",
        "",
        "**Players.** Every seat of a game has the same kind of player, so a difference is the "
        "rules', not a stronger seat's.",
    ]
    for agent in p.agents:
        asked = sorted({r.question.number for r in p.runs if r.agent == agent})
        lines.append(f"- {agent.words}: {_players_line(agent, asked)}")
    lines += [
        "",
        "Two kinds of players *disagree* (the answer then depends on how well people play) "
        "when both detect a difference with opposite signs, or when an exact permutation test "
        "(`scipy.stats.permutation_test`, two-sided, Holm-adjusted over the part) tells their "
        "per-game differences from the baseline apart.",
    ]
    return "\n".join(lines)


# --- sweep questions ---------------------------------------------------------------------


def _players_line(agent: AgentRun, questions: Sequence[int]) -> str:
    if not agent.search:
        return f"{agent.games} games a setting, every question."
    asked = ", ".join(f"Q{n}" for n in questions) or "none"
    return (
        f"{agent.games} games a setting, only on the parts where the players' skill may "
        f"change the answer ({asked}): a search player costs far more a game than greedy "
        f"(about {SEARCH_COST} times on the classic board), so it plays {SEARCH_PER_100} "
        f"games for every 100 of a quick player's; a bare `mcts` searches its default "
        f"{SEARCH_BUDGET} playouts a build phase. Below {recommend.STRONG_GAMES} games a "
        "setting its figures are descriptive."
    )


def _sweep_details(p: Playtest, question: Question) -> str:
    rows = p.rows(question)
    if not rows:
        return "Not played yet: run `subway playtest` again to finish."
    plot = figures.save(
        p.options.out / PLOTS,
        f"q{question.number}.png",
        lambda: figures.question_figure(rows, question.metrics),
    )
    lines = [
        f"![Q{question.number}: paired differences from the draft's rule, 95% intervals]({plot})"
    ]
    flags = _flags_block(rows)
    if flags:
        lines += ["", flags]
    if question.needs_derived and p.derived is not None:
        lines += ["", _derived_note(p.derived)]
    for row in rows:
        lines += ["", *_part_details(row, question, p.agents)]
    return "\n".join(lines)


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
        f"#### {_first_up(part.title)}",
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
