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


def test_q1_costs_too_and_at_a_larger_budget_some_builds_cost_3_others_2() -> None:
    costs = parts(1)
    assert costs["hazard-track"].values == ("phase", "1", "2", "3")
    assert costs["hazard-track"].context[0].startswith("board={")
    assert costs["shared-track"].values == ("phase", "1", "2", "3")
    assert costs["shared-track"].context == ()
    assert costs["express"].values == ("1", "2", "3")
    for budget in (4, 5, 6):
        larger = costs[f"costs-at-{budget}"]
        assert larger.key == "rules.costs" and larger.strength
        assert larger.context == (f"rules.builds_per_turn={budget}",)
        own, stations, split = (yaml.safe_load(v) for v in larger.values)
        assert own["track"] == own["express_station"] == 1  # the draft's costs
        assert (stations["local_station"], stations["express_station"]) == (2, 2)
        assert split["express_station"] == 3
        assert split["track"] == split["local_station"] == split["intensify"] == 2
        assert larger.label(larger.values[2]) == (
            f"express stations 3, other builds 2, at {budget} builds a turn"
        )


def test_q2_distances_the_drafts_readings_first_and_the_hazard_step() -> None:
    distances = parts(2)
    assert distances["express"].values == ("skip_from_express", "both_ends")
    assert distances["walking"].values == ("true", "false")
    assert distances["transfers"].values == ("0", "1", "2")
    assert distances["leave-or-enter"].values == ("leave", "enter")
    assert distances["walk-cost"].values == ("2", "1", "3", "4")


def test_q3_needs_the_drafts_games_and_ends_four_ways() -> None:
    question = QUESTIONS[2]
    assert question.needs_derived
    with pytest.raises(ValueError, match="question 1"):
        question.parts(draft(), None)  # type: ignore[misc]
    ending = parts(3)["ending"]
    assert ending.key == "end" and len(ending.values) == 4
    assert yaml.safe_load(ending.values[1])["score"] == 40
    piles, finished = (yaml.safe_load(v) for v in ending.values[2:])
    assert piles["depleted_piles"] == finished["depleted_piles"] and piles["turns"] is None
    assert finished["finish_round"] is True  # SG-20: seats even


def test_q7_surcharge_of_zero_is_the_drafts_rule_and_the_baseline() -> None:
    populated = parts(7)
    assert populated["rule"].values == ("none", "depopulate", "surcharge")
    surcharge = populated["surcharge"]
    assert surcharge.values == ("0", "1", "2", "3") and surcharge.baseline == "0"
    assert surcharge.context == ("rules.populated_build=surcharge",)


def test_q4_q5_q8_q9_q11_grids() -> None:
    assert parts(8)["bank"].values == ("0", "1", "2", "3")
    assert parts(8)["borrow"].values == ("0", "1", "2")
    assert parts(9)["populate"].values == ("all", "one_deck")
    assert parts(11)["decks"].values == ("three", "two")
    assert parts(5)["trips"].values == ("queue_pairs", "queue_origin_draw_destination")
    board = parts(4)
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
        (1, "builds"), (1, "express"), (1, "shared-track"), (1, "costs-at-4"),
        (1, "costs-at-5"), (1, "costs-at-6"), (2, "express"), (7, "rule"), (8, "bank"),
        (8, "borrow"),
    }  # fmt: skip


def test_no_headline_measure_only_counts_a_label() -> None:
    """`whole_phase_builds` counts builds the log marks whole-phase: not a rule's effect."""
    assert all("whole_phase_builds" not in q.metrics for q in QUESTIONS)
