"""Each question's advice (a `recommend.Choice`) and its first screen: at most three plain
sentences a designer can act on. Measures, tables and per-setting bullets go under it.

Sweep questions choose by `recommend.choose`; question 1 adds the skill ladder and the
strategy matrix, question 3 the tune of the ending; questions 6, 10 and 12 are advice from
what the project knows and the draft's games (confidence: not a rules question).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from subwaysim.playtest import agreement, recommend
from subwaysim.playtest.extras import PointSources, TunedEnding
from subwaysim.playtest.knowledge import READINGS
from subwaysim.playtest.observations import observe
from subwaysim.playtest.played import Playtest
from subwaysim.playtest.questions import Question
from subwaysim.playtest.recommend import Choice
from subwaysim.playtest.results import PartResult

NOT_RULES = "n/a (not a rules question)"


@dataclass(frozen=True, slots=True)
class Answer:
    question: Question
    choice: Choice
    first_screen: str  # at most three sentences


def sentences(text: str) -> list[str]:
    """The sentences of a plain paragraph: a full stop, ! or ? (bold or not) then a space
    and a capital, a star, a digit or a backtick (decimals and "e.g." do not split)."""
    parts = re.split(r"(?:(?<=[.!?])|(?<=[.!?]\*\*))\s+(?=[A-Z*\d`])", text.strip())
    return [p for p in parts if p]


def words(text: str) -> int:
    return len(re.findall(r"\S+", text))


def _pct(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:.0%}"


def seats_sentence(rows: Sequence[Sequence[PartResult]]) -> str:
    flagged = recommend.flags(rows)
    if not flagged:
        if rows and all(recommend.too_few(r[0]) for r in rows):
            return "Too few games to tell whether the seats are fair."
        return "The seats are fair in every setting played (the first seat's interval holds 50%)."
    more = f", and {len(flagged) - 1} more in the details" if len(flagged) > 1 else ""
    return f"**Seat flag:** {flagged[0]}{more}."


def agreement_sentence(rows: Sequence[Sequence[PartResult]], question: Question) -> str:
    kinds = [r for row in rows for r in row[1:]]
    if not kinds:
        return ""
    descriptive = sorted({r.run.agent.spec for r in kinds if recommend.descriptive(r)})
    split = [
        s for row in rows for other in row[1:]
        for s in agreement.splits(row[0], other, question.metrics)
    ]  # fmt: skip
    if split:
        s = split[0]
        label = rows[0][0].part.label(s.value) if rows else s.value
        where = next(
            (row[0].part.label(s.value) for row in rows if s.value in row[0].values), label
        )
        tail = " (descriptive)" if descriptive else ""
        return f"It depends on how well people play: {where} changes {s.metric} differently{tail}."
    if descriptive:
        n = min(recommend.games_of(r) for r in kinds)
        return (
            f"The {', '.join(descriptive)} figures are descriptive ({n} games a setting, fewer "
            f"than {recommend.STRONG_GAMES})."
        )
    return "The kinds of players agree."


def sweep_answer(p: Playtest, question: Question) -> Answer:
    rows = p.rows(question)
    if not rows:
        choice = Choice("wait", "can't tell yet: not played", "The sweeps are not played yet.", "")
        return Answer(question, choice, "Not played yet: run `subway playtest` again to finish.")
    choice = recommend.choose(rows)
    choice = Choice(choice.kind, choice.text, choice.reason, choice.confidence,
                    choice.overrides, tuple(recommend.flags(rows)))  # fmt: skip
    first = [_choice_sentence(choice), seats_sentence(rows)]
    if question.number == 1:
        first.append(skill_sentence(p))
    elif question.number == 5:
        first.append(trips_sentence(p))
    else:
        first.append(agreement_sentence(rows, question))
    return Answer(question, choice, " ".join(s for s in first if s))


def _choice_sentence(choice: Choice) -> str:
    """One sentence: the advice in bold, then its reason."""
    reason = _first_down(choice.reason)
    if choice.kind == "change":
        return f"**Recommended: {choice.text}**; {reason}"
    if choice.kind == "keep":
        return f"**Keep the draft's rule**: {reason}"
    return f"**Can't tell yet**: {reason}"


def _first_down(text: str) -> str:
    """A lower-case first letter unless the first word is a name (`Q1`, `SG-12`)."""
    first = text.split(" ", 1)[0]
    return (
        text
        if first.isupper() or any(ch.isdigit() for ch in first)
        else text[:1].lower() + text[1:]
    )


def trips_sentence(p: Playtest) -> str:
    """Q5's "do you like the number of trips?": what the draft's games give."""
    est = {k: observe(v) for k, v in p.draft_games().items() if v}
    if not est:
        return ""
    agent, e = next(iter(est.items()))
    share = e["subway_share"].mean
    ride = "" if math.isnan(share) else f", {share:.0%} of them by subway"
    return (
        f"The draft's games ({agent}) take {e['trips_per_turn'].mean:.1f} trips a turn{ride}: "
        "a table resolves each by hand, so fewer trips means a faster turn."
    )


def skill_sentence(p: Playtest) -> str:
    extras = p.extras
    if extras is None or extras.chain is None:
        return "The skill ladder and the strategy matrix are not played yet."
    chain = extras.chain
    paid = [r for r in chain.rungs if r.significant]
    skill = (
        f"Skill pays ({paid[-1].agent} beats {paid[-1].below} {paid[-1].rate:.0%})"
        if paid
        else "Skill is not shown to pay yet"
    )
    matrix = extras.matrix
    if matrix is None:
        return skill + "."
    verdicts = matrix.verdicts()
    dominant = [v.name for v in verdicts if v.dominant]
    if dominant:
        return (
            f"{skill}, and {dominant[0]} is a dominant strategy: the game has one best way to play."
        )
    return f"{skill}, and no strategy is dominant."


def ending_answer(p: Playtest, question: Question) -> Answer:
    rows = p.rows(question)
    tuned = p.extras.tuned if p.extras is not None else None
    flagged = recommend.flags(rows)
    seat = seats_sentence(rows) if rows else ""
    if tuned is None or not tuned.changes or tuned.winner is None:
        sweep = recommend.choose(rows) if rows else Choice("wait", "can't tell yet", "", "")
        reason = (
            "The tune of the ending found no setting better than the draft's."
            if tuned is not None
            else "The tune of the ending is not run yet."
        )
        choice = Choice("keep" if sweep.kind != "wait" else "wait",
                        "keep the draft's rule" if sweep.kind != "wait" else sweep.text,
                        reason, "", (), tuple(flagged))  # fmt: skip
        head = f"**{_first_up(choice.text)}**: {_first_down(reason)}"
        return Answer(question, choice, f"{head} {seat}".strip())
    text = ending_words(tuned)
    rate = tuned.first_seat(tuned.winner)
    games, _, rounds = tuned.confirmed[tuned.winner]
    fair = rate is not None and rate[1] <= 0.5 <= rate[2]
    reason = (
        f"On {games} fresh games it lasts {rounds:.1f} rounds (target {tuned.rounds}) and the "
        f"first seat wins {_pct(rate[0]) if rate else '–'} "
        f"[{_pct(rate[1]) if rate else '–'}–{_pct(rate[2]) if rate else '–'}]."
    )
    confidence = (
        "strong" if fair and abs(rounds - tuned.rounds) <= 0.1 * tuned.rounds else "moderate"
    )
    overrides = ("end.turns=null", *(f"{k}={v}" for k, v in tuned.changes.items()))
    choice = Choice("change", text, reason, confidence, overrides, tuple(flagged))
    first = f"**Recommended: {text}**; {_first_down(reason)} {seat}".strip()
    return Answer(question, choice, first)


def ending_words(tuned: TunedEnding) -> str:
    c = tuned.changes
    parts = []
    if "end.depleted_piles" in c:
        parts.append(f"end when {c['end.depleted_piles']} supply piles are empty")
    if "cards.max_population" in c:
        parts.append(f"with {c['cards.max_population']} copies of each card")
    finish = c.get("end.finish_round")
    if finish == "true":
        parts.append("then finish the round")
    elif finish == "false":
        parts.append("without finishing the round")
    return ", ".join(parts) or ", ".join(f"{k}={v}" for k, v in c.items())


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def showing_answer(p: Playtest, question: Question) -> Answer:
    games = p.draft_games()
    est = {k: observe(v) for k, v in games.items() if v}
    if not est:
        choice = Choice("advice", "show each trip's path and a running score", "The draft's "
                        "games are not played yet.", NOT_RULES)  # fmt: skip
        return Answer(question, choice, "**Show each trip's path and a running score.**")
    e = next(iter(est.values()))
    settled = e["settled"].mean
    reason = f"A turn has {e['trips_per_turn'].mean:.1f} trips to follow" + (
        "."
        if math.isnan(settled)
        else f" and the winner leads for good only after {settled:.0%} of the game."
    )
    choice = Choice("advice", "draw each trip's path as it is taken and keep a running score "
                    "with the lead marked", reason, NOT_RULES)  # fmt: skip
    first = (
        "**Draw each trip's path on the board as it is taken, and keep a running score with "
        f"the lead marked**: {_first_down(reason)} The replay page does both "
        "(`q6/replay.html`)."
    )
    return Answer(question, choice, first)


def features_answer(p: Playtest, question: Question) -> Answer:
    best = largest_effect(p)
    if best is None:
        choice = Choice("advice", "no new feature needed yet", "No switch made games "
                        "detectably closer in these games.", NOT_RULES)  # fmt: skip
        return Answer(
            question, choice, "**No new feature is needed yet**: " + _first_down(choice.reason)
        )
    name, text = best
    reason = f"Of every switch tried, {name} makes games closest (margin share {text})."
    choice = Choice("advice", f"try {name} at the table", reason, NOT_RULES)
    first = (
        f"**Try {name} at the table**: {_first_down(reason)} Every open idea of the draft is a "
        "switch a table can try (the list is below)."
    )
    return Answer(question, choice, first)


def largest_effect(p: Playtest) -> tuple[str, str] | None:
    found = []
    for (number, _), results in p.results.items():
        if not results:
            continue
        reference = results[0]
        for value in reference.values[1:]:
            c = recommend.detected(reference, value, "closeness")
            if c is not None and c.difference < 0:  # a smaller margin share: closer games
                pct = recommend.percent_of_baseline(c)
                size = abs(pct) if not math.isnan(pct) else 0.0
                text = f"{c.difference * 100:+.1f} pp, {pct:+.0f}% of the draft's"
                found.append((size, f"Q{number} {reference.part.label(value)}", text))
    if not found:
        return None
    _, name, text = max(found)
    return name, text


def clearer_answer(p: Playtest, question: Question) -> Answer:
    n = len(READINGS)
    reason = f"The project had to choose a reading in {n} places; each is now a switch."
    choice = Choice("advice", f"write down the {n} readings of Q12's table", reason, NOT_RULES)
    first = (
        f"**Write the {n} readings of the table below into the rules**: {_first_down(reason)} "
        "Then tell the table what it does by hand each turn (the measures are below)."
    )
    return Answer(question, choice, first)


def answer(p: Playtest, question: Question) -> Answer:
    if question.number == 3:
        return ending_answer(p, question)
    if question.parts is not None:
        return sweep_answer(p, question)
    return {6: showing_answer, 10: features_answer, 12: clearer_answer}[question.number](
        p, question
    )


def points_text(sources: PointSources | None) -> str:
    if sources is None:
        return "Where points come from: the draft's games are not played yet."
    return (
        f"Where the draft's points come from ({sources.games} games, {sources.total:.0f} points "
        f"a game): rides of queue trips {sources.rides:.0%}, extra trips (SG-18) "
        f"{sources.extra:.0%}; trips on two or more systems (SG-15) {sources.shared:.0%}."
    )
