"""Chess on a Mass Transit System: hand-worked move sets and the flow of a game (MT-3..MT-12).

The test system, drawn (C and E are transfer stops; the Ring is a loop):

    L1    A - B - C - D - E
    L2        F - C - G
    L3            C - K - E
    Ring          E - H - I - J - (E)
"""

from __future__ import annotations

import random

import pytest

from abstracts import IllegalMove, get_game
from abstracts.transit_chess import TransitChessMove
from abstracts.transit_chess.text import PositionError

NAMES = dict(
    A="Alder", B="Birch", C="Cedar", D="Dogwood", E="Elm", F="Fir",
    G="Gum", H="Hazel", I="Ivy", J="Juniper", K="Birchwood",
)  # fmt: skip
CROSS = {
    "name": "Test Cross",
    "stops": [{"id": stop_id, "name": name} for stop_id, name in NAMES.items()],
    "routes": {
        "L1": ["A", "B", "C", "D", "E"],
        "L2": ["F", "C", "G"],
        "L3": ["C", "K", "E"],
        "Ring": {"stops": ["E", "H", "I", "J"], "loop": True},
    },
}
LINE = {
    "name": "Test Line",
    "stops": [{"id": s, "name": s} for s in "ABC"],
    "routes": {"Only": ["A", "B", "C"]},
}


@pytest.fixture(scope="module")
def cross():
    return get_game("transit-chess", map=CROSS, seed=0)


def targets(game, white: str, black: str = "P@F", piece: str | None = None) -> set[str]:
    """Destinations of white's piece (the first token of `white`), white to move."""
    state = game.from_text(f"white: {white}\nblack: {black}", to_move="white")
    letter, origin = (piece or white.split()[0]).split("@")
    return {m.destination for m in state.legal_moves() if m.piece == letter and m.origin == origin}


# ------------------------------------------------------------------ MT-5 Pedestrian


def test_pedestrian_steps_to_each_neighbour_on_every_route_through_its_stop(cross) -> None:
    assert targets(cross, "P@C", "P@H") == set("BDFGK")  # MT-5: L1, L2 and L3 meet at C
    assert targets(cross, "P@E", "P@A") == set("DHJK")  # the Ring joins J back to E (MT-1)
    assert targets(cross, "P@A", "P@H") == {"B"}


def test_pedestrian_may_land_on_an_opponent_stop(cross) -> None:
    assert targets(cross, "P@A", "P@B") == {"B"}  # MT-9: landing is allowed


# ------------------------------------------------------------------ MT-6 Rider


def test_rider_goes_anywhere_along_one_route(cross) -> None:
    assert targets(cross, "R@A", "P@H") == set("BCDE")
    assert targets(cross, "R@E", "P@F") == set("ABCDHIJK")  # L1, L3 and both ways round


def test_rider_stops_at_the_first_opponent_stop(cross) -> None:
    assert targets(cross, "R@A", "P@C") == {"B", "C"}  # MT-9: lands on C, never passes it


def test_rider_passes_and_lands_on_friendly_stops(cross) -> None:
    assert targets(cross, "R@A P@C P@D", "P@H") == set("BCDE")  # MT-9


def test_rider_on_a_loop_is_cut_off_only_when_blocked_both_ways(cross) -> None:
    assert targets(cross, "R@H", "P@A") == set("EIJ")
    assert targets(cross, "R@H", "P@I") == set("EIJ")  # the other way round reaches J
    assert targets(cross, "R@H", "P@I P@E") == {"E", "I"}  # MT-9 both ways: J unreachable


def test_rider_keeps_to_one_route(cross) -> None:
    assert "D" not in targets(cross, "R@H", "P@A")  # no change of route at E (MT-6)


# ------------------------------------------------------------------ MT-7 Transfer Rider


def test_transfer_rider_rides_to_a_transfer_stop_then_another_route(cross) -> None:
    # A -L1-> C then L2 (F, G) or L3 (K, E); A -L1-> E then L3 (K, C) or the Ring.
    assert targets(cross, "T@A", "P@J") == set("CEFGHIJK")


def test_transfer_rider_cannot_make_a_plain_ride(cross) -> None:
    assert not {"B", "D"} & targets(cross, "T@A", "P@H")


def test_transfer_stop_is_neither_the_start_nor_the_destination(cross) -> None:
    # From C, L2's F and G need a change at C itself; E is only ever the transfer stop.
    assert targets(cross, "T@C", "P@F") == set("ABDHIJK")


def test_second_leg_may_pass_through_the_empty_start(cross) -> None:
    # C -L3-> K -> E, then L1 back west: D, C (passed), B (black, lands and stops).
    assert targets(cross, "T@C", "P@B") == set("BDHIJK")


def test_transfer_rider_blocked_on_the_first_leg(cross) -> None:
    state = cross.from_text("white: T@A\nblack: P@C", to_move="white")
    assert [str(m) for m in state.legal_moves()] == ["pass"]  # MT-9, then MT-11


def test_transfer_stop_holding_an_opponent_counts_as_passed_through(cross) -> None:
    # MT-9: no change at E (black); E is still reached as a landing via C and L3.
    assert targets(cross, "T@A", "P@E") == set("EFGK")


def test_second_leg_stops_at_the_first_opponent_stop(cross) -> None:
    # K (black) ends both L3 legs: C -L3-> K and E -L3-> K; C and E are no longer reached.
    assert targets(cross, "T@A", "P@K") == set("FGHIJK")


# ------------------------------------------------------------------ MT-8 Chief


def test_chief_moves_as_rider_and_transfer_rider(cross) -> None:
    chief = targets(cross, "C@C", "P@B")
    assert chief == targets(cross, "R@C", "P@B") | targets(cross, "T@C", "P@B")
    assert chief == set("BDEFGHIJK")  # everything but A (behind B) and C itself


def test_each_piece_type_on_a_stack_moves_separately(cross) -> None:
    state = cross.from_text("white: P@C P@C R@C\nblack: P@H", to_move="white")
    moves = [str(m) for m in state.legal_moves()]
    assert moves.count("P@C-B") == 1  # two Pedestrians, one move each destination
    assert {"P@C-B", "R@C-B", "R@C-A"} <= set(moves)
    assert moves == sorted(moves)


# ------------------------------------------------------------------ MT-10 conversion


def test_landing_converts_every_opponent_piece_on_the_stop(cross) -> None:
    state = cross.from_text("white: R@A\nblack: P@E P@E C@E P@I", to_move="white")
    after = state.play("R@A-E")
    assert after.to_text() == "white: P@E P@E R@E C@E\nblack: P@I"
    assert not after.is_over and after.to_move == "black"
    assert state.to_text() == "white: R@A\nblack: P@E P@E C@E P@I"  # play() copies


def test_moving_onto_a_friendly_stop_stacks(cross) -> None:
    state = cross.from_text("white: R@A P@D\nblack: P@H", to_move="white")
    assert state.play("R@A-D").to_text() == "white: P@D R@D\nblack: P@H"


# ------------------------------------------------------------------ MT-11 the end


def test_converting_the_last_pieces_wins(cross) -> None:
    state = cross.from_text("white: R@A P@F\nblack: P@E C@E", to_move="white")
    after = state.play("R@A-E")
    assert after.is_over and after.winner == "white"
    assert after.legal_moves() == []
    assert "MT-11" in after.end_reason() and "white wins" in after.end_reason()
    with pytest.raises(IllegalMove, match="MT-11"):
        after.play("P@F-C")


def test_a_side_without_pieces_has_lost(cross) -> None:
    state = cross.from_text("white: R@A\nblack:", to_move="black")
    assert state.is_over and state.winner == "white" and state.legal_moves() == []


def test_no_move_means_pass_and_two_passes_draw() -> None:
    game = get_game("transit-chess", map=LINE, seed=0)
    state = game.from_text("white: T@A\nblack: T@C", to_move="white")  # one route: MT-7
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    with pytest.raises(IllegalMove, match="MT-7"):
        state.play("T@A-B")
    once = state.play("pass")
    assert not once.is_over and [str(m) for m in once.legal_moves()] == ["pass"]
    twice = once.play("pass")
    assert twice.is_over and twice.winner is None and "passed" in twice.end_reason()


def test_a_pass_then_a_move_does_not_draw() -> None:
    game = get_game("transit-chess", map=LINE, seed=0)
    state = game.from_text("white: T@A\nblack: P@C", to_move="white")
    state = state.play("pass").play("P@C-B").play("pass")
    assert not state.is_over and state.to_move == "black"


FIVE = {
    "name": "Test Five",
    "stops": [{"id": s, "name": s} for s in "ABCDE"],
    "routes": {"Only": list("ABCDE")},
}
SHUTTLE = ("P@A-B", "P@E-D", "P@B-A", "P@D-E")  # both pedestrians step out and back (MT-5)


def test_the_third_repetition_of_a_position_draws() -> None:
    """MT-11: white P@A, black P@E, white to move comes up at plies 0, 4 and 8."""
    game = get_game("transit-chess", map=FIVE, seed=0)
    state = game.from_text("white: P@A\nblack: P@E", to_move="white")
    for ply, move in enumerate(SHUTTLE * 2):
        assert not state.is_over, ply
        state = state.play(move)
    assert state.is_over and state.winner is None and state.ply == 8
    assert state.end_reason() == (
        "The game is drawn: the same position came up a third time with white to move (MT-11)."
    )
    with pytest.raises(IllegalMove, match="MT-11: the game is over"):
        state.play("P@A-B")


def test_a_repetition_counts_only_with_the_same_player_to_move() -> None:
    """MT-11: after 1.5 shuttles the position white P@B, black P@E has come up twice with
    black to move; the same stacks with white to move never came up at all."""
    game = get_game("transit-chess", map=FIVE, seed=0)
    state = game.from_text("white: P@A\nblack: P@E", to_move="white")
    for move in (*SHUTTLE, "P@A-B"):
        state = state.play(move)
    assert not state.is_over and state.seen is not None and state.seen.occurrences == 2
    again = game.from_text(state.to_text(), to_move="white")
    assert again.seen is not None and again.seen.occurrences == 1  # text keeps no history


def test_a_game_repeating_positions_ends_in_the_fast_playout_as_in_the_loop() -> None:
    """The fast playout counts repetitions (MT-11) exactly as `play` does."""
    game = get_game("transit-chess", map=FIVE, seed=0, max_plies=200)
    start = game.from_text("white: P@A\nblack: P@E", to_move="white")
    ends = set()
    for seed in range(30):
        fast = start.final_state(random.Random(seed))
        state, rng = start, random.Random(seed)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
        assert (fast.to_text(), fast.ply, fast.end) == (state.to_text(), state.ply, state.end)
        ends.add(state.end)
    assert "repetition" in ends


def test_pass_is_illegal_while_a_move_exists(cross) -> None:
    state = cross.from_text("white: P@A\nblack: P@H", to_move="white")
    with pytest.raises(IllegalMove, match=r"MT-11.*'pass'"):
        state.play("pass")


def test_max_plies_ends_the_game_drawn() -> None:
    game = get_game("transit-chess", map="fantasy", seed=4, max_plies=3)
    state, rng = game.initial_state(), random.Random(0)
    for _ in range(3):
        assert not state.is_over
        state = state.play(rng.choice(state.legal_moves()))
    assert state.is_over and state.winner is None and state.ply == 3
    assert "3-ply limit" in state.end_reason()


# ------------------------------------------------------------------ MT-3 / MT-4 setup


def test_default_armies_follow_the_stop_count() -> None:
    fantasy = get_game("transit-chess", map="fantasy", seed=0)  # 16 stops
    assert fantasy.initial_state().to_text() == "white: place: P P R C\nblack: place: P P R C"
    boston = get_game("transit-chess", map="boston", seed=0)  # 125 stops: 15, 7, 3, 1
    hand = boston.initial_state().to_text().splitlines()[0].split("place: ")[1].split()
    assert [hand.count(letter) for letter in "PRTC"] == [15, 7, 3, 1]


def test_piece_counts_can_be_overridden() -> None:
    game = get_game("transit-chess", map="fantasy", seed=0, pieces="P=0,T=2")
    assert game.initial_state().to_text().splitlines()[0] == "white: place: R T T C"
    game = get_game("transit-chess", map="fantasy", seed=0, pieces={"R": 3})
    assert game.initial_state().to_text().splitlines()[0] == "white: place: P P R R R C"
    for bad in ("X=1", "P=-1", "P", "P=x"):
        with pytest.raises(ValueError):
            get_game("transit-chess", map="fantasy", pieces=bad)
    with pytest.raises(ValueError, match="at least one piece"):
        get_game("transit-chess", map="fantasy", pieces="P=0,R=0,C=0")


def test_first_player_is_drawn_from_the_seed_or_fixed() -> None:
    first = {s: get_game("transit-chess", seed=s).initial_state().to_move for s in range(30)}
    assert set(first.values()) == {"white", "black"}  # MT-4: chosen at random
    assert all(get_game("transit-chess", seed=s).initial_state().to_move == first[s] for s in first)
    assert get_game("transit-chess", seed=1, first="black").initial_state().to_move == "black"
    unseeded = get_game("transit-chess")
    assert isinstance(unseeded.options.seed, int)  # drawn, and kept so a save replays


def test_placement_alternates_and_avoids_opponent_stops() -> None:
    game = get_game("transit-chess", map="fantasy", seed=0, first="white")
    state = game.initial_state()
    assert len(state.legal_moves()) == 3 * 16  # P, R and C onto any of 16 stops
    state = state.play("C@OLD")
    assert state.to_move == "black" and "C@OLD" not in {str(m) for m in state.legal_moves()}
    with pytest.raises(IllegalMove, match=r"MT-4.*OLD holds white"):
        state.play("P@OLD")
    state = state.play("C@MKT").play("P@OLD")  # stacking on a friendly stop is fine
    assert state.to_text() == "white: P@OLD C@OLD place: P R\nblack: C@MKT place: P P R"
    with pytest.raises(IllegalMove, match="MT-4"):
        state.play("C@MKT-HBR")
    with pytest.raises(IllegalMove, match="no Chief left"):
        state.play("C@LHT")


def test_movement_starts_once_every_piece_is_placed() -> None:
    game = get_game("transit-chess", map="fantasy", seed=0, first="black")
    state = game.initial_state()
    for text in ("P@NGT", "P@LHT", "P@NGT", "P@LHT", "R@NGT", "R@LHT", "C@NGT", "C@LHT"):
        assert state.placing
        state = state.play(text)
    assert not state.placing and state.to_move == "black" and state.ply == 8
    assert all(m.kind == "move" for m in state.legal_moves())
    with pytest.raises(IllegalMove, match=r"MT-4.*already placed"):
        state.play("P@MKT")


# ------------------------------------------------------------------ MT-12 move text


def test_move_text_round_trips_and_reads_names(cross) -> None:
    state = cross.from_text("white: R@A T@C\nblack: P@H", to_move="white")
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move
    assert str(state.parse_move("r@a-e")) == "R@A-E"  # any case
    assert str(state.parse_move("R@Alder-Elm")) == "R@A-E"  # name prefixes
    assert str(state.parse_move("R@alder-dog")) == "R@A-D"
    assert str(state.parse_move("R@A-Birch")) == "R@A-B"  # the whole name beats Birchwood
    assert state.parse_move(" pass ") == TransitChessMove()
    assert str(TransitChessMove("R", "UNI", "SGE")) == "R@UNI-SGE"
    assert str(TransitChessMove("R", "", "UNI")) == "R@UNI"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("R@A-Bir", "'Bir' could be B .Birch., K .Birchwood."),
        ("R@A-Zed", "no stop 'Zed'"),
        ("X@A-B", "unknown piece letter 'X'"),
        ("RA-B", "cannot read move 'RA-B'"),
        ("R@C-D", "MT-12.*white has no Rider on C"),
        ("R@A-F", "MT-6.*cannot get from A to F"),
        ("R@A-D", "MT-9.*'R@A-D'.*black pieces at C"),
        ("T@H-B", "MT-9"),
        ("T@H-E", "MT-7.*cannot get from H to E"),
        ("P@H-C", "MT-5"),
        ("R@A", "MT-4"),
    ],
)
def test_refused_moves_name_the_rule_and_quote_the_move(cross, text: str, message: str) -> None:
    state = cross.from_text("white: R@A T@H P@H\nblack: P@C", to_move="white")
    with pytest.raises(IllegalMove, match=message):
        state.play(text)


def test_play_accepts_move_values_and_refuses_foreign_stops(cross) -> None:
    state = cross.from_text("white: R@A\nblack: P@H", to_move="white")
    assert state.play(TransitChessMove("R", "A", "C")).to_text() == "white: R@C\nblack: P@H"
    with pytest.raises(IllegalMove, match="no stop 'UNI'"):
        state.play(TransitChessMove("R", "UNI", "SGE"))


# ------------------------------------------------------------------ text positions


def test_text_positions_round_trip(cross) -> None:
    text = "white: T@A P@C P@C R@G\nblack: C@D P@H place: P R"
    state = cross.from_text(text, to_move="black")
    assert state.to_text() == text and state.to_move == "black" and state.placing
    assert cross.from_text("white: R@g T@a\nblack: C@Dog", to_move="white").to_text() == (
        "white: T@A R@G\nblack: C@D"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("white: P@A\nblack: P@A", "A holds both white and black pieces"),
        ("white: P@A", "missing black"),
        ("white: P@A\nwhite: P@B\nblack: P@C", "line 2: a second line for white"),
        ("red: P@A\nblack: P@C", "line 1: start with 'white:'"),
        ("white: Q@A\nblack: P@C", "unknown piece 'Q'"),
        ("white: P@Q\nblack: P@C", "no stop 'Q'"),
        ("white: PA\nblack: P@C", "'PA' should look like P@A"),
        ("white:\nblack:", "at least one piece"),
    ],
)
def test_bad_text_positions_are_refused(cross, text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        cross.from_text(text, to_move="white")


def test_to_move_must_be_a_side(cross) -> None:
    with pytest.raises(ValueError, match="white or black"):
        cross.from_text("white: P@A\nblack: P@C", to_move="red")
