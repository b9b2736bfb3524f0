"""SG-4..SG-7: supply piles, draw and reshuffle, populate, queues."""

from __future__ import annotations

import random
from collections import deque

import pytest

import subwaysim.cards as cards_module
from subwaysim.cards import Deck, SeededChance, cards_of, new_decks, square_of, squares_named
from subwaysim.events import Populated, QueueFilled, Reshuffled
from subwaysim.population import fill_queues, populate
from subwaysim.state import GameState
from tests.subwaysim.helpers import Recorder, scenario


def test_sg4_every_copy_starts_in_supply() -> None:
    decks = new_decks(scenario().make_board(), "three", 4, 0)
    assert [(d.name, d.identities) for d in decks] == [("section", 4), ("row", 6), ("column", 6)]
    for deck in decks:
        assert deck.supply == [4] * deck.identities
        assert deck.draw_pile == [] and deck.discard == [] and not deck.queue and deck.flips == 0


def test_sg4_initial_population_puts_copies_in_discard() -> None:
    (section, *_rest) = new_decks(scenario().make_board(), "three", 4, 2)
    assert section.supply == [2, 2, 2, 2]
    assert sorted(section.discard) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_sg4_two_deck_variant_has_a_cell_deck_of_rows_x_cols() -> None:
    decks = new_decks(scenario().make_board(), "two", 3, 0)
    assert [(d.name, d.identities) for d in decks] == [("section", 4), ("cell", 36)]
    board = scenario().make_board()
    assert square_of(board, decks, (0, 0)) == board.square("a12")
    assert square_of(board, decks, (3, 35)) == board.square("l1")
    for sq in range(board.size):
        assert square_of(board, decks, cards_of(board, decks, sq)) == sq


def test_sg5_draw_takes_the_top_then_reshuffles_discard_and_counts_a_flip() -> None:
    deck = Deck("row", 6, 4, supply=[4] * 6, draw_pile=[1, 2], discard=[5, 5, 3])
    chance = SeededChance(1)
    assert deck.draw(chance) == (2, False)  # the top is the end of the list
    assert deck.draw(chance) == (1, False)
    card, flipped = deck.draw(chance)
    assert flipped and deck.flips == 1 and card in (3, 5)
    assert sorted([card, *deck.draw_pile]) == [3, 5, 5] and deck.discard == []


def test_sg5_both_piles_empty_gives_no_card_and_no_flip() -> None:
    deck = Deck("row", 6, 4, supply=[4] * 6)
    assert deck.draw(SeededChance(0)) == (None, False)
    assert deck.flips == 0


def test_sg6_populate_moves_one_copy_from_supply_to_discard_per_deck() -> None:
    state = GameState.new(scenario(), seed=3)
    rec = Recorder()
    populate(state, rec)
    pops = rec.of(Populated)
    assert [p.deck for p in pops] == ["section", "row", "column"]
    for deck, pop in zip(state.decks, pops, strict=True):
        assert pop.moved and deck.discard == [pop.identity]
        assert deck.supply[pop.identity] == 3


def test_sg6_empty_supply_pile_moves_nothing() -> None:
    state = GameState.new(scenario(cards={"max_population": 1}), seed=0)
    for deck in state.decks:
        deck.supply = [0] * deck.identities
    rec = Recorder()
    populate(state, rec)
    assert all(not p.moved for p in rec.of(Populated))
    assert all(d.discard == [] for d in state.decks)


def test_sg6_one_deck_option_populates_a_single_random_deck() -> None:
    state = GameState.new(scenario(cards={"populate": "one_deck"}), seed=5)
    rec = Recorder()
    for _ in range(30):
        state.turn += 1  # each turn's populate draw has its own stream
        populate(state, rec)
    pops = rec.of(Populated)
    assert len(pops) == 30
    assert {p.deck for p in pops} == {"section", "row", "column"}


def test_sg7_queue_fills_to_the_flip_count() -> None:
    state = GameState.new(scenario(), seed=0)
    section = state.decks[0]
    section.flips = 2
    section.draw_pile = [0, 1, 2, 3]
    rec = Recorder()
    fill_queues(state, rec)
    assert list(section.queue) == [3, 2]
    assert rec.of(QueueFilled)[0].drawn == (3, 2)
    assert not state.decks[1].queue  # flips 0: no queue


def test_sg7_a_reshuffle_during_filling_raises_the_target() -> None:
    state = GameState.new(scenario(), seed=0)
    row = state.decks[1]
    row.flips, row.draw_pile, row.discard = 1, [], [4, 4, 5]
    rec = Recorder()
    fill_queues(state, rec)
    # The first draw reshuffles (flip 2), so the queue now wants two cards.
    assert row.flips == 2 and len(row.queue) == 2
    assert rec.of(Reshuffled)[0].flips == 2


def test_sg7_filling_stops_when_no_card_comes() -> None:
    state = GameState.new(scenario(), seed=0)
    col = state.decks[2]
    col.flips, col.draw_pile, col.discard = 5, [1], []
    fill_queues(state, Recorder())
    assert list(col.queue) == [1]


def test_sg7_a_queue_tops_up_from_the_draw_pile_without_a_reshuffle() -> None:
    # One card queued, three flips: two more come off the top (the end of the list), and
    # the pile, now empty, is not reshuffled until a card is drawn from it.
    state = GameState.new(scenario(), seed=0)
    row = state.decks[1]
    row.flips, row.queue, row.draw_pile, row.discard = 3, deque([4]), [7, 8], [1, 2]
    rec = Recorder()
    fill_queues(state, rec)
    assert list(row.queue) == [4, 8, 7] and row.draw_pile == [] and row.flips == 3
    assert row.discard == [1, 2] and not rec.of(Reshuffled)
    assert [(f.deck, f.drawn, f.queue) for f in rec.of(QueueFilled)] == [("row", (8, 7), (4, 8, 7))]


def test_sg3_the_squares_named_by_cards_are_square_of_as_a_look_up() -> None:
    for decks_option in ("three", "two"):
        board = scenario().make_board()
        decks = new_decks(board, decks_option, 3, 0)
        named = squares_named(board, decks)
        assert len(named) == board.size
        for cards, square in named.items():
            assert square_of(board, decks, cards) == square
            assert cards_of(board, decks, square) == cards


def test_sg5_a_reshuffle_is_its_own_seeded_stream_and_a_pile_of_one_order_stays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    chance = SeededChance(7)
    for cards in ([4, 1, 1, 3, 2, 0, 5], [2, 2, 2, 1], list(range(30))):
        mine, want = cards.copy(), cards.copy()
        chance.shuffle("row", 3, mine)
        random.Random("7/shuffle/row/3").shuffle(want)
        assert mine == want
    seeded: list[str] = []

    def counted(seed: str, cards: list[int]) -> None:
        seeded.append(seed)
        random.Random(seed).shuffle(cards)

    monkeypatch.setattr(cards_module, "seeded_shuffle", counted)
    for cards in ([], [5], [2, 2, 2]):  # one order only: no stream is drawn for it
        kept = cards.copy()
        chance.shuffle("row", 3, kept)
        assert kept == cards
    assert seeded == []
    chance.shuffle("row", 4, [2, 1])
    assert seeded == ["7/shuffle/row/4"]
