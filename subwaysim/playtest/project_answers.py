"""The questions answered from what the project knows rather than by sweeps: 6 (showing
the winner and each trip's path: the replay page), 10 (other features: what each switch
does) and 12 (what to make clearer: the readings the rules page chose and a table's
handwork), each backed by the draft's own games (question 1's baseline)."""

from __future__ import annotations

from collections.abc import Sequence

from subwaysim.playtest import answers, figures, knowledge, recommend
from subwaysim.playtest.observations import Estimate, observe
from subwaysim.playtest.played import PLOTS, Playtest
from subwaysim.playtest.questions import Question
from subwaysim.playtest.results import PartResult


def _estimates(p: Playtest) -> dict[str, dict[str, Estimate]]:
    return {agent: observe(games) for agent, games in p.draft_games().items() if games}


def _measure(estimates: dict[str, dict[str, Estimate]], name: str, percent: bool = False) -> str:
    return "; ".join(
        f"{e[name].text(1 if percent else 2, percent)} ({agent})" for agent, e in estimates.items()
    )


def _showing(p: Playtest, question: Question) -> str:
    est = _estimates(p)
    if not est:
        return "The draft's games are not played yet (question 1)."
    measured = (
        f"In the draft's games a turn has {_measure(est, 'trips_per_turn')} trips to show "
        f"(mean [95% interval] over games); the winner leads for good only after "
        f"{_measure(est, 'settled', True)} of the game, with {_measure(est, 'lead_changes')} "
        f"lead changes a game; {_measure(est, 'subway_share', True)} of the trips ride a "
        "subway and the rest walk, scoring nothing."
    )
    plot = figures.save(
        p.options.out / PLOTS, "q6.png",
        lambda: figures.histograms(p.draft_games(), ["settled", "trips_per_turn"],
                                   "The draft's games: when the winner is settled, trips a turn"),
    )  # fmt: skip
    replay = (
        f"The replay page of one of the draft's games (game 0 of question 1, "
        f"{p.agents[0].words}) is [`q6/replay.html`](q6/replay.html): open it in a browser."
    )
    return "\n\n".join(
        [measured, f"![The draft's games: when the winner is settled, and trips a turn]({plot})",
         knowledge.SHOWING, replay]
    )  # fmt: skip


def _features(p: Playtest, question: Question) -> str:
    rows = _all_settings(p)
    biggest = _largest(rows, "closeness")
    found = (
        "the largest detected effects on closeness (margin as a share of all points) are: "
        + "; ".join(biggest)
        if biggest
        else "no setting changed closeness detectably"
    )
    parts = [
        f"Every open idea of the draft is now a switch a table can try; {found}. The plot "
        f"shows every setting of every question on that measure ({p.agents[0].words})."
    ]
    if rows:
        plot = figures.save(
            p.options.out / PLOTS, "q10.png", lambda: figures.effects_figure(rows, "closeness")
        )
        parts.append(f"![Every setting's effect on closeness, 95% intervals]({plot})")
    parts.append(knowledge.FEATURES)
    return "\n\n".join(parts)


def _all_settings(p: Playtest) -> list[tuple[str, PartResult, str]]:
    rows = []
    for (number, _), results in p.results.items():
        if results:
            reference = results[0]
            for value in reference.values[1:]:
                rows.append((f"Q{number} {reference.part.label(value)}", reference, value))
    return rows


def _largest(rows: Sequence[tuple[str, PartResult, str]], metric: str) -> list[str]:
    found = []
    for name, result, value in rows:
        c = recommend.detected(result, value, metric)
        if c is not None:
            found.append((abs(c.difference), f"{name}: {answers.difference_text(c, metric)}"))
    return [text for _, text in sorted(found, reverse=True)[:3]]


def _clearer(p: Playtest, question: Question) -> str:
    est = _estimates(p)
    parts = []
    if est:
        parts.append(
            "What a table does by hand: in the draft's games a turn has "
            f"{_measure(est, 'reshuffles_per_turn')} reshuffles (a discard pile shuffled into "
            f"a draw pile) and {_measure(est, 'trips_per_turn')} trips (a queue trip takes "
            f"six cards, SG-8); a game lasts {_measure(est, 'rounds')} rounds, and players spend "
            f"{_measure(est, 'build_points_used', True)} of their build points."
        )
        plot = figures.save(
            p.options.out / PLOTS, "q12.png",
            lambda: figures.histograms(p.draft_games(), ["reshuffles_per_turn", "trips_per_turn"],
                                       "The draft's games: a table's handwork a turn"),
        )  # fmt: skip
        parts.append(f"![The draft's games: reshuffles and trips a turn]({plot})")
    parts.append(knowledge.readings_markdown())
    return "\n\n".join(parts)


SECTIONS = {6: _showing, 10: _features, 12: _clearer}
