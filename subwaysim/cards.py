"""Decks of cards: supply piles, draw and discard piles, flips, queues (SG-4..SG-7).

The game's randomness is a `Chance`: each turn's populate draw and each deck's k-th
reshuffle come from their own seeded stream (`SeededChance`), so two games with one seed
see the same cards in the same order even when their players decide differently (common
random numbers: a rule change that changes nothing gives the identical game). A search
player plays futures forward on streams of its own seed (`GameState.sampled`).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

import numpy as np

from subwaysim.board import Board
from tabletop.mersenne import shuffle as seeded_shuffle


@dataclass
class Deck:
    """One deck. Counts are per card identity; the draw pile's top is the end of the list."""

    name: str
    identities: int
    max_population: int
    supply: list[int] = field(default_factory=list)
    draw_pile: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    queue: deque[int] = field(default_factory=deque)
    flips: int = 0
    held: list[int] = field(default_factory=list)  # cards out for a trip, until discarded

    @classmethod
    def new(cls, name: str, identities: int, max_population: int, initial: int = 0) -> Deck:
        """SG-4: every copy starts in supply; `initial` copies of each identity go to discard."""
        deck = cls(name, identities, max_population)
        deck.supply = [max_population - initial] * identities
        deck.discard = [i for i in range(identities) for _ in range(initial)]
        return deck

    def copy(self) -> Deck:
        """An independent deck with the same cards in the same places."""
        return Deck(
            self.name,
            self.identities,
            self.max_population,
            self.supply.copy(),
            self.draw_pile.copy(),
            self.discard.copy(),
            self.queue.copy(),
            self.flips,
            self.held.copy(),
        )

    def populate(self, rng: random.Random) -> tuple[int, bool]:
        """SG-6: pick an identity uniformly; move one copy from its supply pile to discard."""
        identity = rng.randrange(self.identities)
        return identity, self.add_from_supply(identity)

    def add_from_supply(self, identity: int) -> bool:
        if self.supply[identity] == 0:
            return False
        self.supply[identity] -= 1
        self.discard.append(identity)
        return True

    def draw(self, chance: Chance) -> tuple[int | None, bool]:
        """SG-5: the top card, reshuffling discard into the draw pile (a flip) when it is empty.

        The card is held (see `held`) until it is queued or discarded.
        Returns (card or None, whether a reshuffle happened).
        """
        flipped = False
        if not self.draw_pile and self.discard:
            self.draw_pile, self.discard = self.discard, []
            chance.shuffle(self.name, self.flips, self.draw_pile)
            self.flips += 1
            flipped = True
        if not self.draw_pile:
            return None, flipped
        card = self.draw_pile.pop()
        self.held.append(card)
        return card, flipped

    def take_from_queue(self) -> int:
        """The queue's first card, held for a trip."""
        card = self.queue.popleft()
        self.held.append(card)
        return card

    def queue_held(self, card: int) -> None:
        self.held.remove(card)
        self.queue.append(card)

    def discard_held(self) -> None:
        """Put every held card on the discard pile (after a trip, SG-8, SG-18)."""
        self.discard.extend(self.held)
        self.held.clear()

    def in_play(self) -> list[int]:
        """Copies of each identity in the draw pile, discard pile, queue (and held for a trip)."""
        counts = [0] * self.identities
        for pile in (self.draw_pile, self.discard, self.queue, self.held):
            for card in pile:
                counts[card] += 1
        return counts

    def total(self) -> int:
        """Every copy this deck accounts for (conserved: max_population x identities)."""
        piles = (self.draw_pile, self.discard, self.queue, self.held)
        return sum(self.supply) + sum(len(p) for p in piles)

    def empty_supply_piles(self) -> int:
        return sum(1 for n in self.supply if n == 0)


class Chance(Protocol):
    """Where a game's card randomness comes from."""

    def populate(self, turn: int) -> random.Random:
        """The stream of turn `turn`'s populate draw (SG-6)."""
        ...

    def shuffle(self, deck: str, flip: int, cards: list[int]) -> None:
        """Shuffle `cards` in place: `deck`'s reshuffle number `flip` (0-based, SG-5)."""
        ...


class SeededChance:
    """Every draw from its own stream, named by the game seed and what it is for:
    `random.Random("SEED/populate/TURN")` or `random.Random("SEED/shuffle/DECK/FLIP")`
    (a string seed is hashed with SHA-512: the same streams on every platform and Python)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def populate(self, turn: int) -> random.Random:
        return random.Random(f"{self.seed}/populate/{turn}")

    def shuffle(self, deck: str, flip: int, cards: list[int]) -> None:
        if len(cards) < 2 or cards.count(cards[0]) == len(cards):
            return  # one order only (the stream is its own, SG-5: no other draw moves)
        # random.Random(stream).shuffle(cards), compiled: the same order, bit for bit.
        seeded_shuffle(f"{self.seed}/shuffle/{deck}/{flip}", cards)


def deck_names(decks: str) -> tuple[str, ...]:
    return ("section", "row", "column") if decks == "three" else ("section", "cell")


def new_decks(board: Board, decks: str, max_population: int, initial: int) -> tuple[Deck, ...]:
    """The scenario's decks: three (section, row, column) or two (section, cell) (SG-4)."""
    rows, cols = board.section_size
    sizes = {"section": board.section_count, "row": rows, "column": cols, "cell": rows * cols}
    return tuple(Deck.new(name, sizes[name], max_population, initial) for name in deck_names(decks))


def square_of(board: Board, decks: tuple[Deck, ...], cards: tuple[int, ...]) -> int:
    """The square one card from each deck names (SG-3; two-deck cells count row-major)."""
    found = _named_squares(board, len(decks)).get(cards)
    if found is not None:
        return found
    if len(decks) == 3:
        return board.from_cards(*cards)
    row, col = divmod(cards[1], board.section_size[1])
    return board.from_cards(cards[0], row, col)


def cards_of(board: Board, decks: tuple[Deck, ...], square: int) -> tuple[int, ...]:
    """The identities naming `square`, one per deck (inverse of `square_of`)."""
    section, row, col = board.locate(square)
    if len(decks) == 3:
        return section, row, col
    return section, row * board.section_size[1] + col


def squares_named(board: Board, decks: tuple[Deck, ...]) -> Mapping[tuple[int, ...], int]:
    """Each square by the identities naming it, one per deck (`square_of` as a look-up, for
    a caller that names many squares)."""
    return _named_squares(board, len(decks))


@lru_cache(maxsize=32)
def _named_squares(board: Board, decks: int) -> dict[tuple[int, ...], int]:
    """Each square by the identities naming it (`square_of` as a look-up)."""
    return {tuple(int(i) for i in row): sq for sq, row in enumerate(card_table(board, decks))}


@lru_cache(maxsize=32)
def card_table(board: Board, decks: int) -> np.ndarray:
    """(N, decks) read-only array: the identities naming each square, one column a deck."""
    cols = board.section_size[1]
    rows = []
    for sq in range(board.size):
        section, row, col = board.locate(sq)
        rows.append((section, row, col) if decks == 3 else (section, row * cols + col))
    table = np.array(rows, dtype=np.int64)
    table.flags.writeable = False
    return table
