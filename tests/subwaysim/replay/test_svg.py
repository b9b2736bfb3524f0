"""The board SVG of the hand-made tiny game (tests/subwaysim/data/tiny_game.jsonl).

4 x 4 squares in 2 x 2 sections of 2 x 2, hazard b3; IRT lays a1..a4 (turn 1), BRT takes
a4 for the whole phase (turn 2, SG-17), IRT builds stations a1 local and a4 express
(turn 3), BRT lays b4 c4 d4 with a station on d4 (turn 4), IRT adds b2, making a2 an
intersection (turn 5, SG-10).
"""

from __future__ import annotations

import pytest

from subwaysim.replay.svg import PALETTE

from .pagetree import at_turn, classes, having, tiny_page

IRT, BRT = PALETTE[0], PALETTE[1]
PAGE = tiny_page()
BOARD = next(e for e in PAGE.iter("svg") if e.get("id") == "board")


def test_sg1_one_cell_per_square_and_four_sections() -> None:
    cells = having(BOARD, "rect", "cell")
    assert len(cells) == 16
    assert sorted(c.get("data-square") for c in cells) == sorted(
        f"{f}{r}" for f in "abcd" for r in range(1, 5)
    )
    assert len(having(BOARD, "rect", "section")) == 4


def test_sg2_only_b3_is_a_hazard_and_is_hatched() -> None:
    hazards = having(BOARD, "rect", "hazard")
    assert [h.get("data-square") for h in hazards] == ["b3"]
    assert hazards[0].get("fill") == "url(#hazard-hatch)"


def test_sg3_cells_are_placed_a1_bottom_left_and_name_their_cards() -> None:
    cell = {c.get("data-square"): c for c in having(BOARD, "rect", "cell")}
    assert float(cell["a1"].get("x")) < float(cell["b1"].get("x"))
    assert float(cell["a1"].get("y")) > float(cell["a2"].get("y"))  # rank 1 at the bottom
    # a1 is in the bottom-left section (2), on its bottom row (1) and left column (0)
    assert cell["a1"].find("title").text == "a1: section 2, row 1, column 0"
    assert cell["d4"].find("title").text == "d4: section 1, row 0, column 1"


@pytest.mark.parametrize(
    ("turn", "irt", "brt"),
    [(1, 4, 0), (2, 4, 1), (3, 4, 1), (4, 4, 4), (5, 5, 4), (6, 5, 4)],
)
def test_sg10_track_squares_per_company_colour(turn: int, irt: int, brt: int) -> None:
    track = at_turn(having(BOARD, "rect", "track"), turn)
    by_colour = {IRT: 0, BRT: 0}
    for square in track:
        by_colour[square.get("fill")] += 1
    assert by_colour == {IRT: irt, BRT: brt}


def test_sg10_track_links_join_adjacent_squares_of_one_system() -> None:
    links = at_turn(having(BOARD, "line", "track-link"), 5)
    assert len([x for x in links if x.get("stroke") == IRT]) == 4  # a1-a2 a2-a3 a3-a4 a2-b2
    assert len([x for x in links if x.get("stroke") == BRT]) == 3  # a4-b4, b4-c4, c4-d4


def test_sg10_a2_is_an_intersection_once_b2_is_built() -> None:
    marks = having(BOARD, "rect", "intersection")
    assert at_turn(marks, 4) == []
    assert [(m.get("data-square"), m.get("data-player")) for m in at_turn(marks, 5)] == [
        ("a2", "IRT")
    ]


def test_sg11_stations_local_and_express_in_the_builders_colour() -> None:
    stations = {s.get("data-square"): s for s in at_turn(having(BOARD, "g", "station"), 4)}
    assert sorted(stations) == ["a1", "a4", "d4"]
    assert classes(stations["a1"]) == {"station", "local"}
    assert classes(stations["a4"]) == {"station", "express"}
    assert len(stations["a1"].findall("circle")) == 1  # a ring
    assert len(stations["a4"].findall("circle")) == 2  # a ring around a dot
    assert stations["d4"].get("data-builder") == "BRT"
    assert stations["d4"].find("circle").get("stroke") == BRT
    assert at_turn(having(BOARD, "g", "station"), 2) == []


@pytest.mark.parametrize(("turn", "trips"), [(1, 0), (2, 0), (3, 3), (4, 2), (5, 1), (6, 4)])
def test_one_path_group_per_trip_of_the_turn(turn: int, trips: int) -> None:
    shown = at_turn(having(BOARD, "g", "trip"), turn)
    assert len(shown) == trips
    assert [t.get("data-trip") for t in shown] == [str(n) for n in range(1, trips + 1)]


@pytest.mark.parametrize(("turn", "walks", "rides"), [(3, 2, 1), (4, 1, 2), (5, 1, 1), (6, 2, 5)])
def test_walk_legs_dashed_rides_in_the_systems_colour(turn: int, walks: int, rides: int) -> None:
    trips = at_turn(having(BOARD, "g", "trip"), turn)
    legs = [leg for trip in trips for leg in having(trip, "path", "leg")]
    walk = [leg for leg in legs if "walk" in classes(leg)]
    ride = [leg for leg in legs if "ride" in classes(leg)]
    assert (len(walk), len(ride)) == (walks, rides)
    assert all(leg.get("stroke-dasharray") for leg in walk)
    assert not any(leg.get("stroke-dasharray") for leg in ride)
    colours = {"IRT": IRT, "BRT": BRT}
    assert all(leg.get("stroke") == colours[leg.get("data-system")] for leg in ride)


def test_sg12_a_ride_marks_the_stops_it_counts() -> None:
    """Turn 6, trip 1: IRT a1·a2·a4 (a2 is an intersection, a stop) then BRT a4·d4."""
    trip = next(t for t in at_turn(having(BOARD, "g", "trip"), 6) if t.get("data-trip") == "1")
    assert len(having(trip, "circle", "stop")) == 5
    assert trip.find("title").text == (
        "a1 → d4, distance 5: IRT local 3 stops, BRT local 2 stops; IRT +1, BRT +1"
    )


def test_sg15_who_scored_each_trip() -> None:
    trips = at_turn(having(BOARD, "g", "trip"), 4)
    assert [t.get("data-scored") for t in trips] == ["", "IRT BRT"]
    # one scorer: the destination dot takes its colour
    alone = at_turn(having(BOARD, "g", "trip"), 5)[0]
    assert having(alone, "circle", "destination")[0].get("fill") == IRT


def test_sg17_squares_built_this_turn_are_outlined_in_the_builders_colour() -> None:
    built = having(BOARD, "rect", "built")
    assert len(at_turn(built, 1)) == 4
    turn3 = at_turn(built, 3)
    assert sorted(b.find("title").text for b in turn3) == [
        "turn 3: IRT built intensify row",
        "turn 3: IRT built station express",
        "turn 3: IRT built station local",
    ]
    assert {b.get("stroke") for b in turn3} == {IRT}
    assert at_turn(built, 6) == []


def test_only_the_last_turn_is_shown_before_the_script_runs() -> None:
    timed = [e for e in BOARD.iter() if "data-first" in e.attrib]
    for element in timed:
        shown = int(element.get("data-first")) <= 6 <= int(element.get("data-last"))
        assert ("off" not in classes(element)) == shown
