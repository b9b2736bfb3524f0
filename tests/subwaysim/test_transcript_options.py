"""Transcripts of the rule options: SG-21 surcharges and depopulation, SG-22 banking,
borrowing and debt tokens, SG-14 ties that include walking. Events are made by hand and
the lines compared whole."""

from __future__ import annotations

import io

from rich.console import Console

from subwaysim.engine import Game
from subwaysim.events import (
    Banked,
    Borrowed,
    Built,
    DebtPaid,
    DeckState,
    Depopulated,
    GameEnded,
    GameStarted,
    Leg,
    TripTaken,
    TurnEnded,
    TurnStarted,
)
from subwaysim.output.transcript import (
    OptionTally,
    Transcript,
    built_text,
    tie_text,
    token_text,
    tokens_line,
)

from .helpers import scenario

PLAYERS = ("IRT", "BRT")
COLOURS = {"IRT": "red", "BRT": "blue"}


def test_sg21_a_surcharged_build_says_what_the_surcharge_was() -> None:
    built = Built(0.0, "IRT", "track", "c4", None, cost=2, points_left=1, surcharge=1)
    assert built_text(built) == (
        "IRT builds track c4 (cost 2 incl. surcharge 1 on a populated square, 1 left)"
    )


def test_a_build_without_surcharge_reads_as_before() -> None:
    built = Built(0.0, "BRT", "station", "e5", "express", cost=1, points_left=2)
    assert built_text(built) == "BRT builds station e5 express (cost 1, 2 left)"


def test_sg21_depopulated_names_the_cards_that_went_back_to_supply() -> None:
    every = Depopulated(0.0, "IRT", "h9", ("section", "row", "column"))
    one = Depopulated(0.0, "IRT", "h9", ("row",))
    none = Depopulated(0.0, "IRT", "d11", ())
    assert token_text(every) == (
        "h9 depopulated: a copy of each of its section, row and column cards back to supply"
    )
    assert token_text(one) == "h9 depopulated: a copy of its row card back to supply"
    assert token_text(none) == "d11 is populated, but no copy of its cards is in a discard pile"


def test_sg22_borrowing_paying_back_and_banking_in_words() -> None:
    borrowed = Borrowed(0.0, "IRT", points_left=2, debt=1, borrowed=3)
    paid = DebtPaid(0.0, "BRT", tokens=2, debt=0, points_left=1)
    banked = Banked(0.0, "BRT", points=1)
    assert token_text(borrowed) == (
        "IRT borrows a build point (2 left; holds 1 debt token; 3 borrowed this game)"
    )
    assert token_text(paid) == "BRT pays back 2 debt tokens (0 tokens still held, 1 left)"
    assert token_text(banked) == "BRT banks 1 build point for the next turn"


def turn_end(bank: dict[str, int], debt: dict[str, int], turn: int = 1) -> TurnEnded:
    decks = (DeckState("section", 16, 0, 0, (), 0, 0),)
    return TurnEnded(
        0.0, "IRT", turn, 1, {"IRT": 0, "BRT": 0}, {"IRT": (), "BRT": ()}, (), decks, bank, debt
    )


def test_sg22_the_turn_panel_line_shows_banked_points_and_debt_tokens() -> None:
    line = tokens_line(turn_end({"IRT": 1, "BRT": 0}, {"IRT": 0, "BRT": 2}), COLOURS)
    assert line is not None
    assert line.plain == "Banked: IRT 1 point  Debt tokens: BRT 2 tokens  "


def test_no_tokens_line_when_nobody_banked_or_owes() -> None:
    assert tokens_line(turn_end({"IRT": 0}, {}), COLOURS) is None
    assert tokens_line(turn_end({}, {}), COLOURS) is None


def trip(choices: tuple[tuple[str, ...], ...], systems: tuple[str, ...]) -> TripTaken:
    legs = (Leg("walk", ("a1", "a2")),)
    return TripTaken(0.0, "BRT", "queue", "a1", "a2", 1, systems, choices, legs, {})


def test_sg14_a_tie_lists_walking_as_a_mode_and_the_set_chosen() -> None:
    tied = trip((("walk", "IRT"), ("walk", "BRT")), ("BRT",))
    assert tie_text(tied) == "tie: walk+IRT or walk+BRT; BRT chose walk+BRT"


def test_sg14_a_pure_walk_tied_with_a_ride_can_be_chosen() -> None:
    # A pure walk and a ride on IRT alone are one mode each (SG-14): BRT walks.
    tied = trip((("walk",), ("IRT",)), ())
    assert tie_text(tied) == "tie: walk or IRT; BRT chose walk"


def test_sg14_without_walking_as_a_mode_the_tie_is_between_systems() -> None:
    tied = trip((("IRT",), ("BRT",)), ("IRT",))
    assert tie_text(tied) == "tie: IRT or BRT; BRT chose IRT"


def render(transcript_events: list[object], width: int = 100) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    transcript = Transcript(console.print)
    for event in transcript_events:
        transcript(event)  # type: ignore[arg-type]
    return out.getvalue()


def test_a_turn_panel_and_the_summary_show_the_options_at_work() -> None:
    start = GameStarted(0.0, "hand", 1, PLAYERS, 4, 4, (1, 1), (4, 4), (), ("section",))
    events = [
        start,
        TurnStarted(0.0, 1, 1, "IRT"),
        Borrowed(0.0, "IRT", points_left=4, debt=1, borrowed=1),
        Built(0.0, "IRT", "track", "b2", None, cost=2, points_left=2, surcharge=1),
        Depopulated(0.0, "IRT", "b2", ("section",)),
        Banked(0.0, "IRT", points=2),
        turn_end({"IRT": 2, "BRT": 0}, {"IRT": 1, "BRT": 0}),
        GameEnded(0.0, 1, 1, "turns: every player has had 1 turn", {"IRT": 0, "BRT": 0}, PLAYERS),
    ]
    text = render(events)
    assert "IRT borrows a build point (4 left; holds 1 debt token; 1 borrowed this game)" in text
    assert "IRT builds track b2 (cost 2 incl. surcharge 1 on a populated square, 2 left)" in text
    assert "b2 depopulated: a copy of its section card back to supply" in text
    assert "IRT banks 2 build points for the next turn" in text
    assert "Banked: IRT 2 points  Debt tokens: IRT 1 token" in text
    assert "SG-21: 1 build on populated squares paid 1 surcharge point." in text
    assert "SG-21: 1 build depopulated a square." in text
    assert "SG-22: build points banked: IRT 2 points." in text
    assert "SG-22: build points borrowed: IRT 1 point." in text
    assert "SG-22: debt tokens held at the end: IRT 1 token." in text


def test_the_draft_rules_add_no_option_lines_to_the_summary() -> None:
    tally = OptionTally()
    tally(Built(0.0, "IRT", "track", "b2", None, cost=1, points_left=2))
    tally(turn_end({"IRT": 0}, {"IRT": 0}))
    assert tally.lines(PLAYERS) == []


def test_sg22_a_played_game_shows_every_bank_borrow_and_debt_it_had() -> None:
    # Uniform players stop building at random, so they bank (up to 2) and borrow (twice
    # a game each, SG-22); every turn's tokens line repeats its snapshot.
    uniform = [{"name": p, "agent": "uniform"} for p in PLAYERS]
    s = scenario(
        board={"sections": [1, 1]},
        rules={"builds_per_turn": 2, "bank_builds": 2, "borrow_builds": 2},
        end={"turns": 6},
        players=uniform,
    )
    events: list[object] = []
    Game(s, 1, [events.append]).run()
    shown = render(events)
    banked = [e for e in events if isinstance(e, Banked)]
    borrowed = [e for e in events if isinstance(e, Borrowed)]
    assert banked and borrowed
    assert shown.count("for the next turn") == len(banked)
    assert shown.count(" borrows a build point ") == len(borrowed)
    for end in (e for e in events if isinstance(e, TurnEnded)):
        line = tokens_line(end, COLOURS)
        if line is not None:
            assert line.plain.rstrip() in shown
