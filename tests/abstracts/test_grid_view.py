"""The shared board frame of the square-grid games (`abstracts/grid_view.py`)."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from abstracts import get_game
from abstracts.core import Game, State
from abstracts.grid_view import CELL_WIDTH, Cell, Edges, grid_lines

HOLED = ". R C R C .\nR C R C R C\nC R C R C R\nR C R C R C\nC R C R C R\n. C R C R ."


def screen(game: Game, state: State, last: object = None) -> list[str]:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(game.render(state, last))
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue().splitlines()


def pieces_on_screen(lines: list[str], size: int) -> str:
    """The piece characters of each rank row, top rank first: what a person would copy."""
    rows = []
    for line in lines:
        head = line[:3].strip()
        if head.isdigit() and line.rstrip().endswith(head) and len(line) > 4 + CELL_WIDTH * size:
            cells = line[4 : 4 + CELL_WIDTH * size]
            rows.append("".join(cells[i + 1] for i in range(0, len(cells), CELL_WIDTH)))
    return "\n".join(rows)


def random_state(name: str, seed: int, **options: object) -> tuple[Game, State]:
    game = get_game(name, **options)
    state, rng = game.initial_state(), random.Random(seed)
    for _ in range(rng.randrange(12)):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return game, state


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("rapid-transit", {"size": 6}),
        ("rapid-transit", {"board": HOLED}),
        ("thruway", {"size": 5}),
    ],
)
@pytest.mark.parametrize("seed", range(5))
def test_pieces_on_screen_read_back_as_the_position(
    name: str, options: dict[str, object], seed: int
) -> None:
    """RT-4, TW-4: the board rows copied from the screen are the position's text."""
    game, state = random_state(name, seed, **options)
    size = len(state.to_text().splitlines()[0].replace(" ", ""))
    copied = pieces_on_screen(screen(game, state), size)
    again = game.from_text(copied, to_move=state.to_move)
    assert again.to_text().splitlines()[:size] == state.to_text().splitlines()[:size]


def test_both_games_share_the_frame() -> None:
    rapid, thruway = get_game("rapid-transit", size=4), get_game("thruway", size=4)
    rows = [screen(game, game.initial_state()) for game in (rapid, thruway)]
    files = "     a   b   c   d  "
    assert files in rows[0] and files in rows[1]  # same coordinates, same cell width
    rank = [next(line for line in lines if line.startswith(" 4 ")) for lines in rows]
    assert len(rank[0]) == 4 + CELL_WIDTH * 4 + 2
    assert len(rank[1]) == len(rank[0]) + 1  # Thruway's east edge bar
    assert [rank[0][5 + 4 * k] for k in range(4)] == list("crcr")  # pieces in the same columns
    assert [rank[1][5 + 4 * k] for k in range(4)] == list("....")


def test_the_frame_marks_cells_and_draws_edges() -> None:
    def cell(file: int, rank: int) -> Cell:
        return Cell("X" if file == rank else ".", note="*" if file == 0 else " ")

    plain = [line.plain for line in grid_lines(2, cell, [(1, 0)])]
    assert plain == [
        "     a   b  ",
        " 2   .*  X   2",
        " 1   X* [. ] 1",
        "     a   b  ",
    ]
    edged = [line.plain for line in grid_lines(2, cell, (), Edges("|", "|", "=", "-"))]
    assert edged[1] == "    ========" and edged[-2] == "    --------"
    assert edged[2] == " 2 | .*  X  | 2"
