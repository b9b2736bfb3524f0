"""Two small games that implement the whole protocol, registered only in tests.

They exercise the shared machinery (agents, MCTS, console, saves, match, conformance)
independently of the three real games.

toy-hex (rules numbered HEX-n):
- HEX-1 An n x n rhombus of hexagonal cells (option `size`, 2..9), files `a..`, ranks `1..`;
  cell (f, r) touches (f±1, r), (f, r±1), (f+1, r-1) and (f-1, r+1).
- HEX-2 Red moves first; a move puts one stone of your colour on an empty cell (`b2`).
- HEX-3 Red wins by connecting rank 1 to the last rank, Blue by connecting file a to the
  last file; the game ends at once. Hex has no draws.
- HEX-4 Pie rule (option `pie`): Blue's first move may be `pie`, trading sides; the board is
  unchanged and the side now playing Blue moves next.
- HEX-5 Text: one line per rank, top rank first: `R`, `B`, `.`.

toy-tictactoe (TTT-n):
- TTT-1 3 x 3 cells `a1..c3`; `first` (x, o or random with `seed`) moves first.
- TTT-2 A move marks an empty cell; three in a row wins; a full board with no line is a draw.
- TTT-3 Text: three lines, top rank first: `X`, `O`, `.`.
"""

from __future__ import annotations

import random
import re
from collections import deque
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import Field
from rich.console import Group, RenderableType
from rich.text import Text

from abstracts.core import Game, GameOptions, IllegalMove, State, register

_CELL = re.compile(r"^([a-z])([1-9][0-9]?)$")


@dataclass(frozen=True, slots=True, order=True)
class CellMove:
    """A stone on cell `index` (rank * size + file), or the pie move (index -1)."""

    index: int
    size: int

    def __str__(self) -> str:
        if self.index < 0:
            return "pie"
        rank, file = divmod(self.index, self.size)
        return f"{chr(ord('a') + file)}{rank + 1}"


def _parse_cell(text: str, size: int, rule: str) -> int:
    match = _CELL.match(text.strip().lower())
    if not match:
        raise IllegalMove(f"{rule}: cannot read {text!r} as a cell like b2")
    file, rank = ord(match[1]) - ord("a"), int(match[2]) - 1
    if not (0 <= file < size and 0 <= rank < size):
        raise IllegalMove(f"{rule}: {text!r} is off the {size} x {size} board")
    return rank * size + file


def _read_grid(text: str, size: int, symbols: str, rule: str) -> list[str]:
    rows = [line.replace(" ", "") for line in text.strip().splitlines() if line.strip()]
    if len(rows) != size or any(len(row) != size for row in rows):
        raise ValueError(f"{rule}: a position is {size} lines of {size} cells")
    bad = sorted(set("".join(rows)) - set(symbols))
    if bad:
        raise ValueError(f"{rule}: unknown cell symbol {bad[0]!r} (use {', '.join(symbols)})")
    return [cell for row in reversed(rows) for cell in row]


# ---------------------------------------------------------------- toy-hex


class HexOptions(GameOptions):
    size: int = Field(4, ge=2, le=9, description="board size (HEX-1)")
    pie: bool = Field(False, description="Blue may take over Red's opening (HEX-4)")


class HexState(State[CellMove]):
    __slots__ = ("_ply", "_to_move", "_winner", "cells", "game")

    def __init__(self, game: ToyHex, cells: tuple[str, ...], to_move: str, ply: int) -> None:
        self.game = game
        self.cells = cells
        self._to_move = to_move
        self._ply = ply
        self._winner = game.connected_side(cells)

    @property
    def to_move(self) -> str:
        return self._to_move

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def winner(self) -> str | None:
        return self._winner

    @property
    def ply(self) -> int:
        return self._ply

    def _pie_open(self) -> bool:
        return self.game.options.pie and self._ply == 1  # HEX-4

    def legal_moves(self) -> list[CellMove]:
        if self.is_over:
            return []
        n = self.game.options.size
        moves = [CellMove(-1, n)] if self._pie_open() else []
        moves += [CellMove(i, n) for i, c in enumerate(self.cells) if c == "."]
        return moves

    def parse_move(self, text: str) -> CellMove:
        n = self.game.options.size
        if self.is_over:
            raise IllegalMove(f"HEX-3: the game is over; no move {text!r}")
        if text.strip().lower() == "pie":
            if not self._pie_open():
                raise IllegalMove("HEX-4: 'pie' is only Blue's first move, with the pie option")
            return CellMove(-1, n)
        index = _parse_cell(text, n, "HEX-1")
        if self.cells[index] != ".":
            raise IllegalMove(f"HEX-2: {text.strip()!r} is not empty")
        return CellMove(index, n)

    def play(self, move: CellMove | str) -> HexState:
        move = self.parse_move(move if isinstance(move, str) else str(move))
        if move.index < 0:  # HEX-4: the board stays, the players trade sides
            return HexState(self.game, self.cells, self._to_move, self._ply + 1)
        cells = list(self.cells)
        cells[move.index] = self._to_move[0].upper()
        return HexState(self.game, tuple(cells), self.game.other(self._to_move), self._ply + 1)

    def to_text(self) -> str:
        n = self.game.options.size
        rows = ["".join(self.cells[r * n : (r + 1) * n]) for r in range(n)]
        return "\n".join(reversed(rows))

    def end_reason(self) -> str:
        if not self.is_over:
            return "The game is not over."
        edges = "rank 1 to the top rank" if self._winner == "red" else "file a to the last file"
        return f"{self._winner} wins by connecting {edges} (HEX-3)."

    def playout(self, rng: random.Random) -> str | None:
        # Filling the empty cells in random alternating order gives the same winner as
        # random play stopped at the first connection: a full Hex board has one winner.
        if self.is_over or self._pie_open():
            return super().playout(rng)
        empty = [i for i, c in enumerate(self.cells) if c == "."]
        rng.shuffle(empty)
        cells = list(self.cells)
        colours = (self._to_move[0].upper(), self.game.other(self._to_move)[0].upper())
        for k, index in enumerate(empty):
            cells[index] = colours[k % 2]
        return "red" if self.game.side_connects(cells, "R") else "blue"


@register("toy-hex")
class ToyHex(Game[HexState, CellMove]):
    name = "toy-hex"
    sides = ("red", "blue")
    Options = HexOptions
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {"size": 3},
        {"size": 4, "pie": True},
    )
    view_flags: ClassVar[dict[str, str]] = {"distances": "stones each side still needs"}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.options.size
        self.neighbours = [_hex_neighbours(i, n) for i in range(n * n)]

    def other(self, side: str) -> str:
        return "blue" if side == "red" else "red"

    def initial_state(self) -> HexState:
        return HexState(self, tuple("." * self.options.size**2), "red", 0)

    def from_text(self, text: str, to_move: str | None = None) -> HexState:
        cells = tuple(_read_grid(text, self.options.size, "RB.", "HEX-5"))
        stones = sum(c != "." for c in cells)
        if to_move is None:
            to_move = "red" if cells.count("R") == cells.count("B") else "blue"
        if to_move not in self.sides:
            raise ValueError(f"HEX-2: unknown side {to_move!r}")
        return HexState(self, cells, to_move, stones)

    def side_connects(self, cells: tuple[str, ...] | list[str], colour: str) -> bool:
        n = self.options.size
        starts = range(n) if colour == "R" else range(0, n * n, n)
        return self._distance(cells, colour, starts, n) == 0

    def connected_side(self, cells: tuple[str, ...]) -> str | None:
        if self.side_connects(cells, "R"):
            return "red"
        if self.side_connects(cells, "B"):
            return "blue"
        return None

    def _distance(self, cells: Any, colour: str, starts: Any, n: int) -> int:
        """Fewest empty cells `colour` must still fill to connect its edges (0-1 BFS)."""
        on_goal = (lambda i: i // n == n - 1) if colour == "R" else (lambda i: i % n == n - 1)
        best = {i: (0 if cells[i] == colour else 1) for i in starts if cells[i] in (colour, ".")}
        queue = deque(sorted(best, key=best.get))
        while queue:
            i = queue.popleft()
            if on_goal(i):
                return best[i]
            for j in self.neighbours[i]:
                if cells[j] not in (colour, "."):
                    continue
                d = best[i] + (cells[j] == ".")
                if d < best.get(j, n * n + 1):
                    best[j] = d
                    queue.appendleft(j) if cells[j] == colour else queue.append(j)
        return n * n + 1

    def distances(self, cells: tuple[str, ...]) -> dict[str, int]:
        n = self.options.size
        return {
            "red": self._distance(cells, "R", range(n), n),
            "blue": self._distance(cells, "B", range(0, n * n, n), n),
        }

    def render(
        self, state: HexState, last_move: CellMove | None = None, **view: Any
    ) -> RenderableType:
        n = self.options.size
        last = last_move.index if isinstance(last_move, CellMove) else -2
        files = " ".join(chr(ord("a") + f) for f in range(n))
        lines = [Text(" " * (n + 3) + files, style="dim")]
        for r in reversed(range(n)):
            line = Text(f"{r + 1:>2} " + " " * r)
            for f in range(n):
                cell = state.cells[r * n + f]
                style = {"R": "bold red", "B": "bold blue"}.get(cell, "dim")
                line.append(cell, style=style + (" reverse" if r * n + f == last else ""))
                line.append(" ")
            lines.append(line)
        if view.get("distances"):
            d = self.distances(state.cells)
            lines.append(Text(f"red needs {d['red']}, blue needs {d['blue']}"))
        return Group(*lines)

    def greedy_move(self, state: HexState, rng: random.Random) -> CellMove:
        """Widen the gap: maximise (opponent's distance - own distance) after the stone."""
        moves = state.legal_moves()
        me = state.to_move
        scored = []
        for move in moves:
            if move.index < 0:
                # HEX-4: take the pie when Red opened in the middle of the board.
                n = self.options.size
                r, f = divmod(state.cells.index("R"), n)
                score = 100 if 0 < r < n - 1 and 0 < f < n - 1 else -100
            else:
                cells = list(state.cells)
                cells[move.index] = me[0].upper()
                d = self.distances(tuple(cells))
                score = d[self.other(me)] - d[me]
            scored.append((score, move))
        top = max(score for score, _ in scored)
        return rng.choice([m for score, m in scored if score == top])

    def seat_swap_ahead(self, state: HexState) -> bool:
        """HEX-4: `pie` may come until Blue's first move is made."""
        return self.options.pie and state.ply <= 1 and not state.is_over

    def rules_help(self) -> str:
        return "toy-hex: type a cell like b2 (HEX-2); `pie` trades sides on Blue's first move."


def _hex_neighbours(index: int, n: int) -> tuple[int, ...]:
    r, f = divmod(index, n)
    steps = ((0, 1), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, -1))
    return tuple((r + dr) * n + f + df for dr, df in steps if 0 <= r + dr < n and 0 <= f + df < n)


# ---------------------------------------------------------------- toy-tictactoe

_LINES = tuple(
    [tuple(r * 3 + f for f in range(3)) for r in range(3)]
    + [tuple(r * 3 + f for r in range(3)) for f in range(3)]
    + [(0, 4, 8), (2, 4, 6)]
)


class TicTacToeOptions(GameOptions):
    first: Literal["x", "o", "random"] = Field("x", description="who moves first (TTT-1)")
    seed: int = Field(0, description="seed for first=random")


class TicTacToeState(State[CellMove]):
    __slots__ = ("_to_move", "_winner", "cells", "game")

    def __init__(self, game: ToyTicTacToe, cells: tuple[str, ...], to_move: str) -> None:
        self.game = game
        self.cells = cells
        self._to_move = to_move
        self._winner = next(
            (
                "x" if cells[a] == "X" else "o"
                for a, b, c in _LINES
                if cells[a] != "." and cells[a] == cells[b] == cells[c]
            ),
            None,
        )

    @property
    def to_move(self) -> str:
        return self._to_move

    @property
    def is_over(self) -> bool:
        return self._winner is not None or "." not in self.cells

    @property
    def winner(self) -> str | None:
        return self._winner

    @property
    def ply(self) -> int:
        return sum(c != "." for c in self.cells)

    def legal_moves(self) -> list[CellMove]:
        if self.is_over:
            return []
        return [CellMove(i, 3) for i, c in enumerate(self.cells) if c == "."]

    def parse_move(self, text: str) -> CellMove:
        if self.is_over:
            raise IllegalMove(f"TTT-2: the game is over; no move {text!r}")
        index = _parse_cell(text, 3, "TTT-1")
        if self.cells[index] != ".":
            raise IllegalMove(f"TTT-2: {text.strip()!r} is not empty")
        return CellMove(index, 3)

    def play(self, move: CellMove | str) -> TicTacToeState:
        move = self.parse_move(move if isinstance(move, str) else str(move))
        cells = list(self.cells)
        cells[move.index] = self._to_move.upper()
        return type(self)(self.game, tuple(cells), "o" if self._to_move == "x" else "x")

    def to_text(self) -> str:
        return "\n".join("".join(self.cells[r * 3 : r * 3 + 3]) for r in (2, 1, 0))

    def end_reason(self) -> str:
        if not self.is_over:
            return "The game is not over."
        if self._winner:
            return f"{self._winner} wins with three in a row (TTT-2)."
        return "The board is full with no line: a draw (TTT-2)."


@register("toy-tictactoe")
class ToyTicTacToe(Game[TicTacToeState, CellMove]):
    name = "toy-tictactoe"
    sides = ("x", "o")
    Options = TicTacToeOptions
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"first": "random", "seed": 3},
    )
    state_class: ClassVar[type[TicTacToeState]] = TicTacToeState

    def initial_state(self) -> TicTacToeState:
        first = self.options.first
        if first == "random":
            first = random.Random(self.options.seed).choice(self.sides)
        return self.state_class(self, tuple("." * 9), first)

    def from_text(self, text: str, to_move: str | None = None) -> TicTacToeState:
        cells = tuple(_read_grid(text, 3, "XO.", "TTT-3"))
        if to_move is None:
            to_move = "x" if cells.count("X") <= cells.count("O") else "o"
        if to_move not in self.sides:
            raise ValueError(f"TTT-1: unknown side {to_move!r}")
        return self.state_class(self, cells, to_move)

    def render(
        self, state: TicTacToeState, last_move: CellMove | None = None, **view: Any
    ) -> RenderableType:
        last = last_move.index if isinstance(last_move, CellMove) else -1
        lines = []
        for r in (2, 1, 0):
            line = Text(f"{r + 1} ")
            for f in range(3):
                cell = state.cells[r * 3 + f]
                style = {"X": "bold red", "O": "bold cyan"}.get(cell, "dim")
                line.append(cell, style=style + (" reverse" if r * 3 + f == last else ""))
                line.append(" ")
            lines.append(line)
        lines.append(Text("  a b c", style="dim"))
        return Group(*lines)

    def greedy_move(self, state: TicTacToeState, rng: random.Random) -> CellMove:
        """Win now, else block the opponent's line, else centre, else a random cell."""
        moves = state.legal_moves()
        me = state.to_move.upper()
        for mark in (me, "O" if me == "X" else "X"):
            for move in moves:
                cells = list(state.cells)
                cells[move.index] = mark
                if any(cells[a] == cells[b] == cells[c] == mark for a, b, c in _LINES):
                    return move
        centre = [m for m in moves if m.index == 4]
        return centre[0] if centre else rng.choice(moves)
