"""Grids worked out from the scenario: its own value first, values it cannot take left out."""

from __future__ import annotations

import yaml

from subwaysim.playtest.grids import board_values, end_values, numbers_around, text

from .helpers import draft

CLASSIC_END = "{turns: 30, score: null, depleted_piles: null, max_turns: 500}"


def test_values_are_written_as_set_reads_them() -> None:
    assert text(3) == "3"
    assert text("phase") == "phase"
    assert text(True) == "true"
    assert text(None) == "null"
    assert text([2, 3]) == "[2, 3]"
    assert text({"turns": None, "score": 150}) == "{turns: null, score: 150}"
    assert yaml.safe_load(text({"a": [1, 2], "b": "per_game"})) == {"a": [1, 2], "b": "per_game"}


def test_the_scenarios_own_number_joins_the_wanted_ones() -> None:
    assert numbers_around(3, (1, 2, 4)) == [1, 2, 3, 4]
    assert numbers_around("phase", (1, 2)) == ["phase", 1, 2]


def test_own_value_first_then_accepted_alternatives() -> None:
    tiny = draft()
    assert tiny.values("rules.builds_per_turn", 3, (1, 3, 6)) == ("3", "1", "6")
    # A board of 9 x 9-square sections is 18 squares wide: accepted; 14 x 14 is 28: not.
    key = "board.section_size"
    assert tiny.values(key, [3, 3], ([9, 9], [14, 14])) == ("[3, 3]", "[9, 9]")


def test_sg4_supply_piles_count_every_identity_of_every_deck() -> None:
    # 2 x 2 sections of 3 x 3: 4 section cards, 3 row cards, 3 column cards (SG-4).
    assert draft().supply_piles == 10
    # Two decks: 4 sections and 9 cells of a section.
    two = draft().text.replace("cards: {", "cards: {decks: two, ")
    assert draft(two).supply_piles == 13


def test_sg20_endings_are_whole_end_mappings_and_stay_valid() -> None:
    labels = end_values(draft(), score=40, rounds=6)
    values = [yaml.safe_load(v) for v in labels]
    assert values[0] == {"turns": 6, "score": None, "depleted_piles": None, "max_turns": 500}
    assert values[1] == {"turns": None, "score": 40, "depleted_piles": None, "max_turns": 12}
    assert values[2] == {"turns": None, "score": None, "depleted_piles": 5, "max_turns": 12}
    assert values[3] == {**values[2], "finish_round": True}  # SG-20: seats even
    assert list(labels.values()) == [
        "the scenario's ending (6 turns each)",
        "first to 40 points (at most 12 turns each)",
        "5 of the 10 supply piles empty (at most 12 turns each)",
        "5 piles empty, then the round is finished",
    ]


def test_sg2_hazard_layouts_keep_the_board_and_draw_hazards() -> None:
    layouts = board_values(draft())
    values = [yaml.safe_load(v) for v in layouts]
    assert values[0]["hazard_density"] == 0.0 and values[0]["terrain_seed"] == 0
    assert [(v["hazard_density"], v["terrain_seed"]) for v in values[1:]] == [
        (0.1, "per_game"), (0.2, "per_game"), (0.2, 0)
    ]  # fmt: skip
    assert all(v["sections"] == [2, 2] and v["section_size"] == [3, 3] for v in values)
    assert next(iter(layouts.values())) == "the scenario's board (no hazards)"


def test_a_board_without_hazards_gets_them_for_the_hazard_questions() -> None:
    (context,) = draft().hazard_context()
    key, _, value = context.partition("=")
    board = yaml.safe_load(value)
    assert key == "board" and board["hazard_density"] == 0.15
    assert board["terrain_seed"] == "per_game"
    with_hazards = draft(
        draft().text.replace("section_size: [3, 3]", "section_size: [3, 3], hazards: [a1]")
    )
    assert with_hazards.hazard_context() == ()
