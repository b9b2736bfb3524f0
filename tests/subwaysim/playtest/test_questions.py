"""The twelve questions and the parts (sweeps) that answer them, built from a scenario."""

from __future__ import annotations

import pytest
import yaml

from subwaysim.playtest.questions import QUESTIONS, Derived

from .helpers import draft

DERIVED = Derived(score=40, rounds=6)


def parts(number: int):  # type: ignore[no-untyped-def]
    question = QUESTIONS[number - 1]
    assert question.number == number and question.parts is not None
    return {p.name: p for p in question.parts(draft(), DERIVED)}


def test_twelve_questions_in_order_three_answered_without_sweeps() -> None:
    assert [q.number for q in QUESTIONS] == list(range(1, 13))
    assert [q.number for q in QUESTIONS if q.parts is None] == [6, 10, 12]


def test_every_part_starts_with_the_scenarios_own_value_and_validates() -> None:
    tiny = draft()
    for question in QUESTIONS:
        if question.parts is None:
            continue
        for part in question.parts(tiny, DERIVED):
            assert len(part.values) >= 2, part
            assert len(set(part.values)) == len(part.values)
            for value in part.values:
                assert tiny.accepts([*part.context, f"{part.key}={value}"]), (part.key, value)


def test_q1_builds_a_turn_around_the_drafts_three() -> None:
    builds = parts(1)["builds"]
    assert builds.key == "rules.builds_per_turn"
    assert builds.values == ("3", "1", "2", "4", "6") and builds.baseline == "3"
    assert builds.strength


def test_q2_hard_track_costs_start_from_the_whole_phase_on_a_hazard_board() -> None:
    costs = parts(2)
    assert costs["hazard-track"].values == ("phase", "1", "2", "3")
    assert costs["hazard-track"].context[0].startswith("board={")
    assert costs["shared-track"].values == ("phase", "1", "2", "3")
    assert costs["shared-track"].context == ()
    assert costs["express"].values == ("1", "2", "3")


def test_q3_hazards_leave_or_enter_and_walk_cost() -> None:
    hazards = parts(3)
    assert hazards["leave-or-enter"].values == ("leave", "enter")
    assert hazards["walk-cost"].values == ("2", "1", "3", "4")


def test_q4_distances_the_drafts_readings_first() -> None:
    distances = parts(4)
    assert distances["express"].values == ("skip_from_express", "both_ends")
    assert distances["walking"].values == ("true", "false")
    assert distances["transfers"].values == ("0", "1", "2")


def test_q5_needs_the_drafts_games_and_ends_three_ways() -> None:
    question = QUESTIONS[4]
    assert question.needs_derived
    with pytest.raises(ValueError, match="question 1"):
        question.parts(draft(), None)  # type: ignore[misc]
    ending = parts(5)["ending"]
    assert ending.key == "end" and len(ending.values) == 3
    assert yaml.safe_load(ending.values[1])["score"] == 40


def test_q7_surcharge_of_zero_is_the_drafts_rule_and_the_baseline() -> None:
    populated = parts(7)
    assert populated["rule"].values == ("none", "depopulate", "surcharge")
    surcharge = populated["surcharge"]
    assert surcharge.values == ("0", "1", "2", "3") and surcharge.baseline == "0"
    assert surcharge.context == ("rules.populated_build=surcharge",)


def test_q8_q9_q11_grids() -> None:
    assert parts(8)["bank"].values == ("0", "1", "2", "3")
    assert parts(8)["borrow"].values == ("0", "1", "2")
    assert parts(9)["decks"].values == ("three", "two")
    assert parts(9)["trips"].values == ("queue_pairs", "queue_origin_draw_destination")
    board = parts(11)
    assert board["sections"].values == ("[2, 2]", "[2, 3]", "[3, 3]")
    assert board["section-size"].values == ("[3, 3]", "[1, 1]", "[5, 5]")
    assert len(board["hazards"].values) == 4


def test_search_players_play_where_skill_may_matter() -> None:
    strength = {
        (q.number, p.name)
        for q in QUESTIONS
        if q.parts is not None
        for p in q.parts(draft(), DERIVED)
        if p.strength
    }
    assert strength == {
        (1, "builds"), (2, "express"), (2, "shared-track"), (4, "express"), (7, "rule"),
        (8, "bank"), (8, "borrow"),
    }  # fmt: skip
