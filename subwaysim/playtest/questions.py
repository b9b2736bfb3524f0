"""The designer's twelve tester questions, in the designer's order (the rules page, "The
designer's twelve questions": Q1..Q12), and the sweeps that answer them.

A question is answered by one or more *parts*, each a `--set` grid on the scenario: one
swept key whose first value is the scenario's own (the draft's rule, the baseline), plus
fixed `--set`s where the question needs them (hazards on the board, a larger budget).
Questions 6, 10 and 12 are not sweeps: the report answers them from what the project
knows and from the other questions' games. Question 1 also reads the skill ladder and the
strategy matrix, question 3 a `subway tune` of the ending (`extras`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from subwaysim.playtest.grids import (
    HAZARD_DENSITY,
    Draft,
    board_values,
    end_values,
    numbers_around,
    text,
)

FIRST_WIN = "first_seat_win_rate"  # stands for player_<first seat's name>_win_rate


@dataclass(frozen=True, slots=True)
class Part:
    """One sweep of a question: `key` over `values` (the first is the baseline)."""

    name: str  # its folder under the question's
    title: str  # what it varies, in words
    key: str
    values: tuple[str, ...]
    context: tuple[str, ...] = ()  # fixed `--set KEY=VALUE`s
    labels: dict[str, str] = field(default_factory=dict)  # value -> words, where needed
    strength: bool = False  # search players play it too (the players' skill may matter)
    baseline_note: str = "the draft's rule"

    @property
    def baseline(self) -> str:
        return self.values[0]

    def label(self, value: str) -> str:
        return self.labels.get(value, f"{self.key.rsplit('.', 1)[-1]} = {value}")

    def specs(self) -> list[str]:
        """The `--set` options of the sweep (without the players' agents)."""
        return [f"{self.key}={','.join(self.values)}", *self.context]


@dataclass(frozen=True, slots=True)
class Derived:
    """Values some grids take from games already played (question 5's race to a score)."""

    score: int  # the median winning score of the draft's games
    rounds: int  # the median number of rounds they lasted


Parts = Callable[[Draft, Derived | None], tuple[Part, ...]]


@dataclass(frozen=True, slots=True)
class Question:
    number: int
    title: str
    reading: str  # the question as this project reads it, and the options that answer it
    parts: Parts | None = None  # None: answered from what the project knows
    metrics: tuple[str, ...] = ()  # the comparisons the answer opens with
    needs_derived: bool = False


def _builds(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
    key = "rules.builds_per_turn"
    values = draft.values(key, draft.own(key), numbers_around(draft.own(key), (1, 2, 3, 4, 6)))
    return (Part("builds", "build points a turn", key, values, strength=True),)


LARGER_BUDGETS = (4, 5, 6)  # Q1: costs swept at a larger budget as well as the draft's


def cost_mapping(draft: Draft, **changed: int) -> dict[str, Any]:
    """The scenario's `rules.costs` with some costs changed (the whole mapping, as `--set
    rules.costs=...` replaces it)."""
    costs = {k: v for k, v in draft.scenario.rules.costs.model_dump(mode="json").items()}
    return {**{k: v for k, v in costs.items() if v is not None}, **changed}


def _balance(draft: Draft, derived: Derived | None) -> tuple[Part, ...]:
    return _builds(draft, derived) + _costs(draft, derived) + _larger_budgets(draft)


def _larger_budgets(draft: Draft) -> tuple[Part, ...]:
    """SG-17 costs at 4, 5 and 6 builds a turn: the draft's costs, stations dearer, and
    "some builds cost 3, others 2" (express stations 3, every other build 2)."""
    own = draft.scenario.rules.builds_per_turn
    parts = []
    for budget in LARGER_BUDGETS:
        if budget == own:
            continue
        fixed = (f"rules.builds_per_turn={budget}",)
        if not draft.accepts(fixed):
            continue
        base = cost_mapping(draft)
        stations = cost_mapping(draft, local_station=2, express_station=2)
        split = cost_mapping(
            draft, track=2, local_station=2, express_station=3, remove_station=2,
            remove_track=2, intensify=2,
        )  # fmt: skip
        labels = {
            text(base): f"the draft's costs at {budget} builds a turn",
            text(stations): f"stations cost 2 at {budget} builds a turn",
            text(split): f"express stations 3, other builds 2, at {budget} builds a turn",
        }
        values = draft.values("rules.costs", base, (stations, split), fixed)
        parts.append(
            Part(
                f"costs-at-{budget}",
                f"what builds cost at {budget} builds a turn",
                "rules.costs",
                values,
                context=fixed,
                labels={v: labels[v] for v in values},
                strength=True,
                baseline_note=f"the draft's costs, at {budget} builds a turn",
            )
        )
    return tuple(parts)


def _costs(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
    costs = draft.scenario.rules.costs
    hazards = draft.hazard_context()
    on_hazards = f"on a board with {HAZARD_DENSITY:.0%} hazard squares" if hazards else ""
    parts = [
        Part(
            "express",
            "the cost of an express station",
            "rules.costs.express_station",
            draft.values("rules.costs.express_station", costs.express_station, (1, 2, 3)),
            strength=True,
        ),
        Part(
            "hazard-track",
            "the cost of track on a hazard square" + (f" ({on_hazards})" if on_hazards else ""),
            "rules.costs.hazard_track",
            draft.values("rules.costs.hazard_track", costs.hazard, ("phase", 1, 2, 3), hazards),
            context=hazards,
            baseline_note="the draft's rule" + (f", {on_hazards}" if on_hazards else ""),
        ),
        Part(
            "shared-track",
            "the cost of track on a square with another player's track",
            "rules.costs.shared_track",
            draft.values("rules.costs.shared_track", costs.shared, ("phase", 1, 2, 3)),
            strength=True,
        ),
    ]
    return tuple(parts)


def _distances(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
    rules = draft.scenario.rules
    express = ("skip_from_express", "both_ends")
    return (
        Part(
            "express",
            "express hops (SG-12)",
            "rules.express",
            draft.values("rules.express", rules.express, express),
            strength=True,
        ),
        Part(
            "walking",
            "walking as a mode in the tie-break (SG-14)",
            "rules.walking_is_a_mode",
            draft.values("rules.walking_is_a_mode", rules.walking_is_a_mode, (True, False)),
        ),
        Part(
            "transfers",
            "a cost for changing systems (SG-13)",
            "rules.transfer_cost",
            draft.values("rules.transfer_cost", rules.transfer_cost, (0, 1, 2)),
        ),
        *_hazard_parts(draft, None),
    )


def _hazard_parts(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
    rules = draft.scenario.rules
    hazards = draft.hazard_context()
    note = f"the draft's rule, on a board with {HAZARD_DENSITY:.0%} hazard squares"
    on = "rules.hazard_cost_on"
    walk = "rules.hazard_walk_cost"
    return (
        Part(
            "leave-or-enter",
            "whether a hazard step costs on leaving or on entering",
            on,
            draft.values(on, rules.hazard_cost_on, ("leave", "enter"), hazards),
            context=hazards,
            baseline_note=note if hazards else "the draft's rule",
        ),
        Part(
            "walk-cost",
            "what a hazard step costs",
            walk,
            draft.values(walk, rules.hazard_walk_cost, (1, 2, 3, 4), hazards),
            context=hazards,
            baseline_note=note if hazards else "the draft's rule",
        ),
    )


def _ending(draft: Draft, derived: Derived | None) -> tuple[Part, ...]:
    if derived is None:
        raise ValueError("question 5's grid needs the draft's games (question 1) first")
    labels = end_values(draft, derived.score, derived.rounds)
    return (Part("ending", "how the game ends (SG-20)", "end", tuple(labels), labels=labels),)


def _populated(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
    rules = draft.scenario.rules
    kinds = ("none", "depopulate", "surcharge")
    surcharge = "rules.costs.populated_surcharge"
    fixed = ("rules.populated_build=surcharge",)
    # A surcharge of 0 is the draft's rule (nothing changes), so it is the baseline there.
    own = 0 if rules.populated_build == "none" else rules.costs.populated_surcharge
    return (
        Part(
            "rule",
            "what a build on a populated square does (SG-21)",
            "rules.populated_build",
            draft.values("rules.populated_build", rules.populated_build, kinds),
            strength=True,
        ),
        Part(
            "surcharge",
            "how much a build on a populated square costs more (SG-21 `surcharge`)",
            surcharge,
            draft.values(surcharge, own, (0, 1, 2, 3), fixed),
            context=fixed,
            baseline_note="a surcharge of 0: the draft's rule"
            if own == 0
            else "the scenario's surcharge",
        ),
    )


def _banking(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
    rules = draft.scenario.rules
    return (
        Part(
            "bank",
            "unspent build points kept for later turns (SG-22)",
            "rules.bank_builds",
            draft.values("rules.bank_builds", rules.bank_builds, (0, 1, 2, 3)),
            strength=True,
        ),
        Part(
            "borrow",
            "build points borrowed from later turns (SG-22)",
            "rules.borrow_builds",
            draft.values("rules.borrow_builds", rules.borrow_builds, (0, 1, 2)),
            strength=True,
        ),
    )


def _populate(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
    cards = draft.scenario.cards
    return (
        Part(
            "populate",
            "one pile or all three populated a turn (SG-6)",
            "cards.populate",
            draft.values("cards.populate", cards.populate, ("all", "one_deck")),
        ),
    )


def _decks(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
    cards = draft.scenario.cards
    return (
        Part(
            "decks",
            "two piles (section + square) instead of three",
            "cards.decks",
            draft.values("cards.decks", cards.decks, ("three", "two")),
        ),
    )


def _trips(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
    rules = draft.scenario.rules
    modes = ("queue_pairs", "queue_origin_draw_destination")
    return (
        Part(
            "trips",
            "trips from queue pairs or a queue origin and a drawn destination (SG-8)",
            "rules.trip_mode",
            draft.values("rules.trip_mode", rules.trip_mode, modes),
        ),
    )


def _board(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
    board = draft.scenario.board
    (rows, cols), (high, wide) = board.sections, board.section_size
    sections = [[rows, cols + 1], [rows + 1, cols + 1]]
    sizes = [[high - 2, wide - 2], [high + 2, wide + 2]]
    layouts = board_values(draft)
    return (
        Part(
            "sections",
            "how many sections (SG-1)",
            "board.sections",
            draft.values("board.sections", list(board.sections), sections),
        ),
        Part(
            "section-size",
            "how big a section is (SG-1)",
            "board.section_size",
            draft.values("board.section_size", list(board.section_size), sizes),
        ),
        Part("hazards", "hazard layouts (SG-2)", "board", tuple(layouts), labels=layouts),
    )


POINTS, MARGIN, LEADS = "points_per_player", "margin", "lead_changes"
CLOSE, SPENT = "closeness", "build_points_used"

QUESTIONS: tuple[Question, ...] = (
    Question(
        1,
        "Is everything balanced well? More builds a turn? Some builds dearer?",
        "Whether the game is balanced (the seats, the players' skill, the strategies, where "
        "points come from), how many build points a player should get each turn "
        "(`rules.builds_per_turn`) and, with a larger budget, whether some builds should cost "
        "3 and others 2 (`rules.costs.*`), SG-17.",
        _balance,
        (POINTS, CLOSE, FIRST_WIN, SPENT, LEADS),
    ),
    Question(
        2,
        "How distances count: transfers, and the hazard step",
        "How trips are measured: express hops (`rules.express`, SG-12), walking as a mode in "
        "the tie-break (`rules.walking_is_a_mode`, SG-14), a cost for changing systems "
        "(`rules.transfer_cost`, SG-13), and the hazard step paid on leaving or entering "
        "(`rules.hazard_cost_on`) and how dear (`rules.hazard_walk_cost`), SG-9.",
        _distances,
        ("trip_length_mean", "subway_trips", "shared_points", CLOSE, FIRST_WIN),
    ),
    Question(
        3,
        "How should the game end?",
        "The draft has no ending yet; the designer's idea is to end it when a number of supply "
        "piles are empty (`end.depleted_piles`, SG-20), with other ideas: a fixed number of "
        "turns, a race to a score, finishing the round (`end.finish_round`).",
        _ending,
        ("rounds", CLOSE, LEADS, FIRST_WIN, POINTS),
        needs_derived=True,
    ),
    Question(
        4,
        "Settings you really like: the squares and the hazards",
        "How many sections and how big (`board.sections`, `board.section_size`, SG-1), and "
        "hazard layouts (`board.hazard_density` with `board.terrain_seed: per_game`, SG-2).",
        _board,
        ("trip_length_mean", "coverage", CLOSE, FIRST_WIN, POINTS),
    ),
    Question(
        5,
        "The number of trips: should it be faster?",
        "Whether the number of trips is right, or trips should start from the queue and draw "
        "their destination (`rules.trip_mode`, SG-8).",
        _trips,
        ("trips", POINTS, CLOSE, FIRST_WIN, LEADS),
    ),
    Question(
        6,
        "Showing the winner and each trip's path",
        "How a table (or a report) should show who won and the path each trip took.",
    ),
    Question(
        7,
        "Building on populated squares",
        "What a build on a populated square should do (`rules.populated_build`: nothing, "
        "depopulate it, or cost a surcharge `rules.costs.populated_surcharge`), SG-21.",
        _populated,
        (POINTS, "reshuffles", SPENT, CLOSE, FIRST_WIN),
    ),
    Question(
        8,
        "Ending a turn early, banking and borrowing builds",
        "Whether unspent build points may be kept (`rules.bank_builds`) and points borrowed "
        "from later turns against debt tokens that block a build until paid "
        "(`rules.borrow_builds`), SG-22.",
        _banking,
        (SPENT, POINTS, CLOSE, FIRST_WIN, LEADS),
    ),
    Question(
        9,
        "Slower population: populate from one pile",
        "Whether the populate step should use only one of the three piles (`cards.populate`, "
        "SG-6).",
        _populate,
        ("reshuffles", POINTS, CLOSE, FIRST_WIN, LEADS),
    ),
    Question(
        10,
        "Other features",
        "What else the game (or its testers) could use.",
    ),
    Question(
        11,
        "Two piles of cards: section and square",
        "Whether the cards could be two piles, one for the section and one for the square in "
        "it (`cards.decks: two`).",
        _decks,
        ("trips", POINTS, CLOSE, FIRST_WIN, LEADS),
    ),
    Question(
        12,
        "What to make clearer",
        "Which rules a table would read in more than one way, and what the table has to do by "
        "hand.",
    ),
)

__all__ = ["FIRST_WIN", "QUESTIONS", "Derived", "Part", "Question", "text"]
