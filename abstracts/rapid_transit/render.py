"""The console view of a position: the board in the shared grid frame (`grid_view`), the
networks made visible, and the running network sizes that decide the winner (RT-5, RT-6,
RT-12). Pieces are written as the text format reads them (RT-4, either case): capitals for
the side's largest network, lower case for its other pieces, `.` for a hole."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from rich.console import Group
from rich.text import Text

from abstracts.core import IllegalMove
from abstracts.grid_view import LAST_MOVE, Cell, grid_lines, legend
from abstracts.rapid_transit.board import bits
from abstracts.rapid_transit.moves import RapidTransitMove
from abstracts.rapid_transit.networks import networks, terminals
from abstracts.rapid_transit.rules import CYAN, RED, SIDES, compare_networks
from abstracts.rapid_transit.state import RapidTransitState

STYLES = {
    (RED, False): "white on red3",
    (RED, True): "bold bright_white on red1",
    (CYAN, False): "black on dark_cyan",
    (CYAN, True): "bold black on bright_cyan",
}
LETTERS = {RED: "r", CYAN: "c"}
KEY = f"R C: in the side's largest network; r c: other pieces; {LAST_MOVE}; .: hole"


def render_state(
    state: RapidTransitState,
    last_move: RapidTransitMove | str | None = None,
    terminals_shown: bool = False,
) -> Group:
    """The board, then one line per side with its network sizes, then who leads."""
    board = state.board
    largest = {side: _largest(state, side) for side in (RED, CYAN)}
    ends = terminals(board, state.red) | terminals(board, state.cyan) if terminals_shown else 0

    def cell(file: int, rank: int) -> Cell:
        return _cell(state, board.bit(file, rank), largest, ends)

    marked = [board.coords(bit) for bit in bits(_move_cells(state, last_move))]
    key = KEY + ("; *: terminal (RT-6)" if terminals_shown else "")
    return Group(*grid_lines(board.size, cell, marked), legend(key), *_summary(state))


def _cell(state: RapidTransitState, bit: int, largest: dict[int, int], ends: int) -> Cell:
    if not state.board.on_board(bit):
        return Cell(".", "dim")
    side = CYAN if state.cyan >> bit & 1 else RED
    big = bool(largest[side] >> bit & 1)
    letter = LETTERS[side].upper() if big else LETTERS[side]
    return Cell(letter, STYLES[side, big], "*" if ends >> bit & 1 else " ")


def _largest(state: RapidTransitState, side: int) -> int:
    """The cells of the side's largest network(s), all of them when sizes tie, unless the
    largest is a single piece (then nothing stands out)."""
    nets = networks(state.board, state.pieces(side))
    top = max((net.bit_count() for net in nets), default=0)
    if top < 2:
        return 0
    out = 0
    for net in nets:
        if net.bit_count() == top:
            out |= net
    return out


def _move_cells(state: RapidTransitState, last_move: RapidTransitMove | str | None) -> int:
    if isinstance(last_move, str):
        try:
            last_move = state.parse_move(last_move)
        except IllegalMove:
            return 0
    if last_move is None or not last_move.is_swap:
        return 0
    return 1 << last_move.p | 1 << last_move.q


def _summary(state: RapidTransitState) -> list[Text]:
    leader, red_sizes, cyan_sizes = compare_networks(state.board, state.red, state.cyan)
    lines = []
    for side, values in ((RED, red_sizes), (CYAN, cyan_sizes)):
        line = Text()
        line.append(f" {SIDES[side]:<5}", style=STYLES[side, True])
        line.append("  networks " + _sizes(values))
        if not state.is_over and state.side == side:
            line.append("   (to move)", style="bold")
        lines.append(line)
    counts = _counts(state)
    if counts:
        lines.append(Text(counts))
    lines.append(Text(_standing(state, leader, red_sizes, cyan_sizes)))
    if state.is_over:
        lines.append(Text(state.end_reason(), style="bold"))
    return lines


def _sizes(values: Sequence[int]) -> str:
    """Network sizes, a run of four or more equal ones as `1×32`, so the line (and its
    "(to move)") fits 80 columns on a full 8 x 8 board."""
    words: list[str] = []
    for size, run in itertools.groupby(values):
        count = len(list(run))
        words += [f"{size}×{count}"] if count >= 4 else [str(size)] * count
    return " ".join(words)


def _counts(state: RapidTransitState) -> str:
    """Who has more pieces, when the board gives the sides unequal counts (RT-3)."""
    red, cyan = state.red.bit_count(), state.cyan.bit_count()
    if red == cyan:
        return ""
    more, difference = (SIDES[RED], red - cyan) if red > cyan else (SIDES[CYAN], cyan - red)
    return f"{more} has {difference} more piece{'s' * (difference > 1)} (red {red}, cyan {cyan})"


def _standing(
    state: RapidTransitState, leader: int | None, red_sizes: list[int], cyan_sizes: list[int]
) -> str:
    """RT-12 as it stands: who would win if the game ended now, and why."""
    head = f"ply {state.ply}; RT-12 now: "
    if leader is None:
        if state.swapper is None:
            return head + "sizes equal, nobody has swapped (draw)"
        return head + f"sizes equal, {SIDES[state.swapper]} swapped last and leads"
    length = max(len(red_sizes), len(cyan_sizes))
    red_at = red_sizes + [0] * (length - len(red_sizes))
    cyan_at = cyan_sizes + [0] * (length - len(cyan_sizes))
    place = next(i for i in range(length) if red_at[i] != cyan_at[i])
    return head + (
        f"{SIDES[leader]} leads (network {place + 1}: red {red_at[place]}, cyan {cyan_at[place]})"
    )
