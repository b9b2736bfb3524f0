"""The designer's twelve tester questions, as this project reads them, and the sweeps
that answer them.

The draft numbers questions 6, 7, 8, 10 and 12 itself (the winner and the path; building
on populated squares; ending a turn early and banking or borrowing builds; other
features; what to make clearer); the rest follow the rules page's list of tester
questions. A question is answered by one or more *parts*, each a `--set` grid on the
scenario: one swept key whose first value is the scenario's own (the draft's rule, the
baseline), plus fixed `--set`s where the question needs them (hazards on the board).
Questions 6, 10 and 12 are not sweeps: the report answers them from what the project
knows and from the other questions' games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

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


def _hazards(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
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


def _cards(draft: Draft, _: Derived | None) -> tuple[Part, ...]:
    cards, rules = draft.scenario.cards, draft.scenario.rules
    modes = ("queue_pairs", "queue_origin_draw_destination")
    return (
        Part(
            "populate",
            "one deck or all three populated a turn (SG-6)",
            "cards.populate",
            draft.values("cards.populate", cards.populate, ("all", "one_deck")),
        ),
        Part(
            "decks",
            "two decks instead of three (section + cell)",
            "cards.decks",
            draft.values("cards.decks", cards.decks, ("three", "two")),
        ),
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

QUESTIONS: tuple[Question, ...] = (
    Question(
        1,
        "How many builds a turn?",
        "How many build points a player should get each turn (`rules.builds_per_turn`, SG-17).",
        _builds,
        (POINTS, MARGIN, FIRST_WIN, "build_points_used", LEADS),
    ),
    Question(
        2,
        "What should each action cost?",
        "What builds should cost (`rules.costs.*`, SG-17): an express station against a local "
        "one, track on a hazard square (`hazard_track`) and on another player's track "
        "(`shared_track`), each a number of build points or the whole phase.",
        _costs,
        ("express_stations", "whole_phase_builds", POINTS, MARGIN, FIRST_WIN),
    ),
    Question(
        3,
        "Hazards: on leaving or on entering, and how dear?",
        "Whether a walking step pays the hazard cost when it leaves or when it enters a hazard "
        "square (`rules.hazard_cost_on`) and how much it is (`rules.hazard_walk_cost`), SG-9.",
        _hazards,
        ("hazard_crossings", "trip_length_mean", POINTS, MARGIN, FIRST_WIN),
    ),
    Question(
        4,
        "How should distances count?",
        "How trips are measured: express hops (`rules.express`, SG-12), walking as a mode in "
        "the tie-break (`rules.walking_is_a_mode`, SG-14) and a cost for changing systems "
        "(`rules.transfer_cost`, SG-13).",
        _distances,
        ("trip_length_mean", "subway_trips", "express_stations", "shared_points", POINTS),
    ),
    Question(
        5,
        "How should the game end?",
        "Which ending makes the better game (`end.turns`, `end.score`, `end.depleted_piles`, "
        "SG-20): a fixed number of turns, a race to a score, or the designer's depleted piles.",
        _ending,
        ("turns", MARGIN, LEADS, FIRST_WIN, POINTS),
        needs_derived=True,
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
        (POINTS, "reshuffles", "build_points_used", MARGIN, FIRST_WIN),
    ),
    Question(
        8,
        "Ending a turn early, banking and borrowing builds",
        "Whether unspent build points may be kept (`rules.bank_builds`) and points borrowed "
        "from later turns against debt tokens (`rules.borrow_builds`), SG-22.",
        _banking,
        ("build_points_used", POINTS, MARGIN, FIRST_WIN, LEADS),
    ),
    Question(
        9,
        "The cards: populate, decks and trips",
        "One deck or all three populated a turn (`cards.populate`, SG-6), two decks instead "
        "of three (`cards.decks`), and trips from queue pairs or from a queue origin and a "
        "drawn destination (`rules.trip_mode`, SG-8).",
        _cards,
        ("trips", "reshuffles", POINTS, MARGIN, FIRST_WIN),
    ),
    Question(
        10,
        "Other features",
        "What else the game (or its testers) could use.",
    ),
    Question(
        11,
        "The board: size, sections and hazard layouts",
        "How many sections and how big (`board.sections`, `board.section_size`, SG-1), and "
        "hazard layouts (`board.hazard_density` with `board.terrain_seed: per_game`, SG-2).",
        _board,
        ("trip_length_mean", "coverage", POINTS, MARGIN, FIRST_WIN),
    ),
    Question(
        12,
        "What to make clearer",
        "Which rules a table would read in more than one way, and what the table has to do by "
        "hand.",
    ),
)

__all__ = ["FIRST_WIN", "QUESTIONS", "Derived", "Part", "Question", "text"]
