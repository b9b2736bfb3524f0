"""Transit chess at the console: the diagram, `moves QUERY`, designing a system, the
`subway maps` table, and the greedy player's choices."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from abstracts import get_game
from abstracts.transit_chess.cli import maps_main
from abstracts.transit_chess.system import MapError
from tests.abstracts.transit_chess.test_rules import CROSS


@pytest.fixture(scope="module")
def cross():
    return get_game("transit-chess", map=CROSS, seed=0)


def shown(renderable, width: int = 120, **options) -> str:
    console = Console(file=io.StringIO(), width=width, **options)
    console.print(renderable)
    return console.file.getvalue()


# ------------------------------------------------------------------ the diagram


def test_diagram_rows_are_routes_with_transfers_loops_and_pieces(cross) -> None:
    state = cross.from_text("white: R@A P@C P@C\nblack: C@H", to_move="white")
    lines = shown(cross.render(state)).splitlines()
    assert lines[0].startswith("Test Cross · 11 stops, 4 routes · ply 0 · movement")
    assert "white to move" in lines[0]
    assert lines[1].split() == ["L1", "A(R)", "─", "B", "─", "C*(2P)", "─", "D", "─", "E*"]
    assert lines[4].split() == ["Ring", "E*", "─", "H(c)", "─", "I", "─", "J", "─", "(E)"]
    table = "\n".join(lines[5:])
    assert "R@A P@C P@C" in table and "C@H" in table


def test_views_add_names_and_reachable_stops(cross) -> None:
    state = cross.from_text("white: R@A\nblack: P@C", to_move="white")
    text = shown(cross.render(state, names=True, reach=True))
    assert "A Alder" in text and "B Birch!" in text and "C* Cedar!(p)" in text
    assert "D Dogwood!" not in text  # behind black's C (MT-9)
    assert set(cross.view_flags) == {"names", "reach"}


def test_last_move_is_highlighted(cross) -> None:
    before = cross.from_text("white: R@A\nblack: P@H", to_move="white")
    move = before.parse_move("R@A-C")
    for last in (move, "R@A-C"):  # a move value, or its text from a save file
        view = cross.render(before.play(move), last)
        colour = shown(view, force_terminal=True, color_system="standard")
        assert "\x1b[4mA" in colour  # origin underlined
        assert "\x1b[7mC*" in colour  # destination reversed


def test_game_over_and_placement_headers() -> None:
    game = get_game("transit-chess", map="fantasy", seed=0, first="white")
    start = shown(game.render(game.initial_state()))
    assert "placement (MT-4)" in start and "P P R C" in start
    won = game.from_text("white: R@OLD\nblack:", to_move="black")
    assert "white wins" in shown(game.render(won))


# ------------------------------------------------------------------ moves QUERY


def test_select_moves_by_piece_stop_letter_or_text(cross) -> None:
    state = cross.from_text("white: R@A P@A T@C\nblack: P@H", to_move="white")
    assert [str(m) for m in cross.select_moves(state, "R@A")] == [
        "R@A-B",
        "R@A-C",
        "R@A-D",
        "R@A-E",
    ]
    assert [str(m) for m in cross.select_moves(state, "alder")] == [
        "P@A-B",
        "R@A-B",
        "R@A-C",
        "R@A-D",
        "R@A-E",
    ]
    assert {m.piece for m in cross.select_moves(state, "t")} == {"T"}
    assert [str(m) for m in cross.select_moves(state, "T@C-H")] == ["T@C-H"]
    assert cross.select_moves(state, "Bir") == []  # ambiguous stop, no move text prefix
    assert cross.select_moves(state, "") == state.legal_moves()


def test_select_moves_lists_placements_onto_a_stop() -> None:
    game = get_game("transit-chess", map="fantasy", seed=0)
    state = game.initial_state()
    assert [str(m) for m in game.select_moves(state, "Old Town")] == ["C@OLD", "P@OLD", "R@OLD"]


# ------------------------------------------------------------------ designing a system


def test_players_design_the_system_route_by_route() -> None:
    game = get_game("transit-chess", map="design", routes=3, seed=0, first="black")
    with pytest.raises(MapError, match="interactive_setup"):
        game.initial_state()
    answers = iter(["", "Red: A B C", "X", "Red: C D", "Blue: c, D, E loop", "x y"])
    prompts, screens = [], []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    designed = game.interactive_setup(ask, lambda r: screens.append(shown(r)))
    system = designed.system
    assert [(r.name, r.stops, r.loop) for r in system.routes] == [
        ("Red", ("A", "B", "C"), False),
        ("Blue", ("C", "D", "E"), True),
        ("Route 3", ("x", "y"), False),
    ]
    assert prompts == [
        "How many routes? [3] ",
        "black, route 1 of 3> ",
        "white, route 2 of 3> ",
        "white, route 2 of 3> ",
        "white, route 2 of 3> ",
        "black, route 3 of 3> ",
    ]
    errors = [s for s in screens if s.startswith("Error")]
    assert "fewer than two stops (MT-2)" in errors[0]
    assert "route 'Red' is defined twice" in errors[1]
    assert "shares no stop" in screens[-2]  # allowed by MT-1, but worth a word
    assert "Blue    C* ─ D ─ E ─ (C)" in screens[-1]  # the diagram after each route
    state = designed.initial_state()
    assert state.to_move == "black"
    assert [str(m) for m in designed.select_moves(state, "C")] == ["C@C"]  # the stop C
    assert designed.options.map == system.to_data()  # a save file replays the design


def test_interactive_setup_leaves_other_maps_alone() -> None:
    game = get_game("transit-chess", map="fantasy", seed=0)
    assert game.interactive_setup(lambda _: "unused", lambda _: None) is game


# ------------------------------------------------------------------ subway maps


def test_maps_main_prints_every_bundled_map(capsys) -> None:
    assert maps_main() == 0
    out = capsys.readouterr().out
    for text in ("boston", "Boston T", "2024", "toronto", "2022", "fantasy", "Lantern Bay"):
        assert text in out
    assert "P15 R7 T3 C1" in out  # Boston's 125 stops (MT-3)


# ------------------------------------------------------------------ greedy


@pytest.mark.parametrize("seed", range(5))
def test_greedy_converts_the_last_pieces(cross, seed: int) -> None:
    state = cross.from_text("white: R@A P@F\nblack: C@E", to_move="white")
    assert str(cross.greedy_move(state, random.Random(seed))) == "R@A-E"


@pytest.mark.parametrize("seed", range(5))
def test_greedy_prefers_the_chief_that_cannot_strike_back(cross, seed: int) -> None:
    # D holds a Pedestrian, H the Chief; taking D leaves the Chief to convert the Rider.
    state = cross.from_text("white: R@E P@A\nblack: P@D C@H", to_move="white")
    assert str(cross.greedy_move(state, random.Random(seed))) == "R@E-H"


@pytest.mark.parametrize("seed", range(5))
def test_greedy_keeps_clear_of_attacked_stops(cross, seed: int) -> None:
    # Black's Pedestrian on K strikes C and E; A and D are safe.
    state = cross.from_text("white: R@B\nblack: P@K", to_move="white")
    assert str(cross.greedy_move(state, random.Random(seed))) in {"R@B-A", "R@B-D"}


def test_greedy_places_pieces_legally() -> None:
    game = get_game("transit-chess", map="toronto", seed=2)
    state, rng = game.initial_state(), random.Random(0)
    for _ in range(6):
        move = game.greedy_move(state, rng)
        assert move in state.legal_moves()
        state = state.play(move)


def test_rules_help_cites_the_rules(cross) -> None:
    help_text = cross.rules_help()
    assert "R@UNI-SGE" in help_text and all(f"MT-{n}" in help_text for n in (5, 6, 7, 8, 9))
