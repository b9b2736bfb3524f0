"""Turn step 1: populate the city and fill the queues (SG-5..SG-7)."""

from __future__ import annotations

from subwaysim.cards import Deck
from subwaysim.events import Populated, QueueFilled, Reshuffled
from subwaysim.state import Emit, GameState


def draw(state: GameState, deck: Deck, emit: Emit | None) -> int | None:
    """SG-5: draw one card, announcing a reshuffle (flip) if one happens."""
    card, flipped = deck.draw(state.chance)
    if flipped and emit is not None:
        emit(Reshuffled, deck=deck.name, flips=deck.flips, cards=len(deck.draw_pile) + 1)
    return card


def populate(state: GameState, emit: Emit | None) -> None:
    """SG-6: one random identity per deck (or, with `populate: one_deck`, one random deck).
    The turn's draw comes from its own stream (see `cards.Chance`)."""
    rng = state.chance.populate(state.turn)
    decks = state.decks
    if state.scenario.cards.populate == "one_deck":
        decks = (decks[rng.randrange(len(decks))],)
    for deck in decks:
        identity, moved = deck.populate(rng)
        if emit is not None:
            emit(Populated, deck=deck.name, identity=identity, moved=moved)


def fill_queues(state: GameState, emit: Emit | None) -> None:
    """SG-7: draw into each queue while it is shorter than the (re-read) flip count."""
    for deck in state.decks:
        queue, pile = deck.queue, deck.draw_pile
        need = deck.flips - len(queue)
        if need <= 0:
            continue
        if not deck.held and len(pile) >= need:
            # The draw pile holds them all: no reshuffle, so the flip count stays; the cards
            # come off the top (the end of the list) one after another, as the loop below.
            drawn = pile[-need:][::-1]
            del pile[-need:]
            queue.extend(drawn)
            if emit is not None:
                emit(QueueFilled, deck=deck.name, drawn=tuple(drawn), queue=tuple(queue))
            continue
        drawn = []
        while len(queue) < deck.flips:
            # No reshuffle to announce and nothing held: the card goes straight in. Else it is
            # held while `draw` announces the reshuffle, so every card is accounted for then.
            if deck.draw_pile and not deck.held:
                card = deck.draw_pile.pop()
                queue.append(card)
            else:
                card = draw(state, deck, emit)
                if card is None:
                    break
                deck.queue_held(card)
            drawn.append(card)
        if drawn and emit is not None:
            emit(QueueFilled, deck=deck.name, drawn=tuple(drawn), queue=tuple(deck.queue))
