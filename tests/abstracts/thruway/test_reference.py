"""A slow, obviously-correct Thruway referee, and property tests that hold the engine to it.

The referee is written straight from the rules page and shares no code with
`abstracts.thruway`: cells are (file, rank) pairs on a dict grid, colours 'C' / 'A' / None,
and every rule is a loop over cells. Hypothesis drives random games (sizes, reserves, seeds)
and every position must agree with it move for move.
"""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts import get_game
from abstracts.thruway import ThruwayGame, ThruwayState

Cell = tuple[int, int]
Grid = dict[Cell, str | None]


def grid_from_text(text: str) -> Grid:
    lines = [line.strip() for line in text.strip().splitlines() if "=" not in line]
    n = len(lines)
    grid: Grid = {}
    for row, line in enumerate(lines):
        for file, char in enumerate(line):
            grid[file, n - 1 - row] = {"C": "C", "A": "A"}.get(char)
    return grid


def size_of(grid: Grid) -> int:
    return max(f for f, _ in grid) + 1


def name(cell: Cell) -> str:
    return f"{chr(ord('a') + cell[0])}{cell[1] + 1}"


def neighbours(grid: Grid, cell: Cell) -> list[Cell]:
    f, r = cell
    return [c for c in ((f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)) if c in grid]


def disputes(grid: Grid) -> list[Cell]:
    """TW-8: south-west corners of 2 x 2 checkerboards."""
    n = size_of(grid)
    out = []
    for f in range(n - 1):
        for r in range(n - 1):
            sw, se, nw, ne = grid[f, r], grid[f + 1, r], grid[f, r + 1], grid[f + 1, r + 1]
            if None not in (sw, se, nw, ne) and sw == ne and se == nw and sw != se:
                out.append((f, r))
    return out


def disputed_cells(grid: Grid) -> set[Cell]:
    cells = set()
    for f, r in disputes(grid):
        cells |= {(f, r), (f + 1, r), (f, r + 1), (f + 1, r + 1)}
    return cells


def indestructible(grid: Grid) -> set[Cell]:
    """TW-14."""
    bad = disputed_cells(grid)
    return {
        cell
        for cell, colour in grid.items()
        if colour is not None
        and cell not in bad
        and all(grid[nb] is not None for nb in neighbours(grid, cell))
    }


def has_thruway(grid: Grid, colour: str) -> bool:
    """TW-15 by breadth-first search over indestructible tiles of `colour`."""
    n = size_of(grid)
    safe = {cell for cell in indestructible(grid) if grid[cell] == colour}
    if colour == "C":
        start = [c for c in safe if c[0] == 0]
        done = lambda c: c[0] == n - 1  # noqa: E731
    else:
        start = [c for c in safe if c[1] == 0]
        done = lambda c: c[1] == n - 1  # noqa: E731
    seen, queue = set(start), deque(start)
    while queue:
        cell = queue.popleft()
        if done(cell):
            return True
        for nb in neighbours(grid, cell):
            if nb in safe and nb not in seen:
                seen.add(nb)
                queue.append(nb)
    return False


def legal_moves(grid: Grid, colour: str, reserve: int, banned: str | None, pie: bool) -> list[str]:
    """TW-5..TW-12 move texts for `colour` to move."""
    n = size_of(grid)
    moves = []
    for f in range(n):
        for r in range(n):
            for g, s in ((f + 1, r), (f, r + 1)):
                if (g, s) not in grid:
                    continue
                pair = [grid[f, r], grid[g, s]]
                text = f"{name((f, r))}-{name((g, s))}"
                if reserve >= 2 and colour not in pair and None in pair:  # TW-5/6/7
                    moves.append(text)
    for f, r in disputes(grid):  # TW-9
        for one, two in (
            ((f, r), (f + 1, r)),
            ((f, r + 1), (f + 1, r + 1)),
            ((f, r), (f, r + 1)),
            ((f + 1, r), (f + 1, r + 1)),
        ):
            text = f"{name(one)}~{name(two)}"
            if text != banned and text not in moves:  # TW-10
                moves.append(text)
    if pie:
        moves.append("pie")
    return sorted(moves) or ["pass"]


# ---------------------------------------------------------------------- property tests


def check_position(state: ThruwayState, previous: str | None, passes: int) -> None:
    """Every fact of `state` the rules define, against the referee; `passes` is the number
    of passes in a row that led to it."""
    game = state.game
    grid = grid_from_text(state.to_text())
    for side, colour, reserve in zip(("concrete", "asphalt"), "CA", state.reserves, strict=True):
        on_board = sum(1 for c in grid.values() if c == colour)
        assert reserve >= 0, f"TW-3: {side} reserve went negative"
        assert reserve + on_board == game.tiles, f"TW-3: {side} tiles created or lost"
    concrete_wins, asphalt_wins = has_thruway(grid, "C"), has_thruway(grid, "A")
    assert not (concrete_wins and asphalt_wins), "TW-15: both sides have a thruway"
    expected = "concrete" if concrete_wins else "asphalt" if asphalt_wins else None
    assert state.winner == expected
    drawn = passes >= 3 or state.ply >= game.options.max_plies  # TW-12
    assert state.is_over == (expected is not None or drawn)
    if state.is_over:
        assert state.legal_moves() == []
        return
    colour = "C" if state.to_move == "concrete" else "A"
    banned = previous if previous is not None and "~" in previous else None
    pie = game.options.pie and state.ply == 1
    reference = legal_moves(grid, colour, state.reserves[state.side], banned, pie)
    assert [str(m) for m in state.legal_moves()] == reference


def play_random_game(game: ThruwayGame, seed: int) -> int:
    rng = random.Random(seed)
    state, previous, passes = game.initial_state(), None, 0
    check_position(state, previous, passes)
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        state, previous = state.play(move), str(move)
        passes = passes + 1 if previous == "pass" else 0
        check_position(state, previous, passes)
    return state.ply


@settings(max_examples=40, deadline=None)
@given(
    size=st.integers(3, 7),
    tiles=st.one_of(st.none(), st.integers(0, 20)),
    pie=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_games_agree_with_the_referee(
    size: int, tiles: int | None, pie: bool, seed: int
) -> None:
    """TW-3 conservation, TW-5..TW-12 move sets and TW-14/15 wins, at every ply."""
    play_random_game(get_game("thruway", size=size, tiles=tiles, pie=pie, max_plies=150), seed)


@pytest.mark.parametrize("seed", [1, 2])
def test_full_size_games_agree_with_the_referee(seed: int) -> None:
    assert play_random_game(get_game("thruway"), seed) > 20
