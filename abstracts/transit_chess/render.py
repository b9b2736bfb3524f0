"""Console views: the system as a line diagram with the pieces on it, and move selection.

Each route is a row of its stops; `*` marks a transfer stop (on two or more routes), a
loop ends with its first stop again in brackets. Pieces sit in brackets after their stop,
white in upper case, black in lower case. The last move's origin is underlined and its
destination reversed.
"""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from abstracts.transit_chess.movegen import movement_codes
from abstracts.transit_chess.moves import TransitChessMove
from abstracts.transit_chess.pieces import DISPLAY_ORDER, INDEX, unpack
from abstracts.transit_chess.rules import SIDES
from abstracts.transit_chess.state import TransitChessState
from abstracts.transit_chess.system import TransitSystem

SIDE_STYLE = ("bold bright_white", "bold cyan")
ROUTE_STYLES = ("red", "blue", "green", "yellow", "magenta", "cyan", "bright_red", "bright_blue")
SEPARATOR = " ─ "
MOVE_TEXT = re.compile(r"^([A-Za-z])@(\w+)(?:-(\w+))?$")


def game_view(
    state: TransitChessState,
    last_move: TransitChessMove | str | None = None,
    *,
    names: bool = False,
    reach: bool = False,
    **_: object,
) -> RenderableType:
    system = state.rules.system
    moved = _move_stops(last_move)
    reachable = _reachable(state) if reach and not state.is_over else set()
    return Group(
        _header(state, system),
        diagram(system, state, moved, names=names, reachable=reachable),
        pieces_table(state),
        Text(_legend(reach), style="dim"),
    )


def diagram(
    system: TransitSystem,
    state: TransitChessState | None = None,
    moved: tuple[str, str] = ("", ""),
    *,
    names: bool = False,
    reachable: set[str] | None = None,
) -> Table:
    """One row per route: its stops in order, with pieces and transfer marks."""
    transfers = system.transfers()
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column()
    for k, route in enumerate(system.routes):
        row = Text()
        for i, stop_id in enumerate(route.stops):
            if i:
                row.append(SEPARATOR, style="dim")
            row.append_text(_stop(system, state, stop_id, transfers, moved, names, reachable))
        if route.loop:
            row.append(SEPARATOR, style="dim")
            row.append(f"({route.stops[0]})", style="dim")
        table.add_row(Text(route.name, style=f"bold {ROUTE_STYLES[k % len(ROUTE_STYLES)]}"), row)
    return table


def _stop(
    system: TransitSystem,
    state: TransitChessState | None,
    stop_id: str,
    transfers: frozenset[str],
    moved: tuple[str, str],
    names: bool,
    reachable: set[str] | None,
) -> Text:
    style = "underline" if stop_id == moved[0] else "reverse" if stop_id == moved[1] else ""
    text = Text(stop_id + ("*" if stop_id in transfers else ""), style=style)
    name = system.stop(stop_id).name
    if names and name != stop_id:
        text.append(" " + name, style="dim")
    if reachable and stop_id in reachable:
        text.append("!", style="bold yellow")
    if state is not None:
        text.append_text(_stack_text(state, stop_id))
    return text


def _stack_text(state: TransitChessState, stop_id: str) -> Text:
    stop = state.rules.codec.number[stop_id]
    owner = state.owner(stop)
    if owner is None:
        return Text()
    counts = unpack(state.cells[stop])
    parts = []
    for letter in DISPLAY_ORDER:
        count = counts[INDEX[letter]]
        if count:
            shown = letter if owner == 0 else letter.lower()
            parts.append(f"{count}{shown}" if count > 1 else shown)
    return Text("(" + " ".join(parts) + ")", style=SIDE_STYLE[owner])


def _header(state: TransitChessState, system: TransitSystem) -> Text:
    year = f" ({system.year})" if system.year else ""
    counts = f"{len(system.stops)} stops, {len(system.routes)} routes"
    phase = "placement (MT-4)" if state.placing else "movement"
    text = Text(f"{system.name}{year}", style="bold")
    text.append(f" · {counts} · ply {state.ply} · {phase}")
    if state.is_over:
        text.append(f" · {state.end_reason()}", style="bold")
    else:
        text.append(" · ")
        text.append(f"{state.to_move} to move", style=SIDE_STYLE[state.side])
    return text


def pieces_table(state: TransitChessState) -> Table:
    """Each side's pieces as LETTER@STOP tokens, and what is still to place."""
    table = Table(box=None, show_header=True, header_style="dim", padding=(0, 1))
    table.add_column("side")
    table.add_column("pieces", overflow="fold")
    table.add_column("count", justify="right")
    table.add_column("to place")
    for side, line in enumerate(state.to_text().splitlines()):
        tokens = line.split(":", 1)[1].split()
        board = tokens[: tokens.index("place:")] if "place:" in tokens else tokens
        hand = tokens[len(board) + 1 :]
        marker = " ◀" if side == state.side and not state.is_over else ""
        table.add_row(
            Text(SIDES[side] + marker, style=SIDE_STYLE[side]),
            " ".join(board) or "-",
            str(state.totals[side]),
            " ".join(hand),
        )
    return table


def _legend(reach: bool) -> str:
    text = "* transfer stop · (P R T C) white pieces, (p r t c) black · (X) closes a loop"
    return text + (" · ! reachable by the side to move" if reach else "")


def _move_stops(last_move: TransitChessMove | str | None) -> tuple[str, str]:
    """(origin, destination) ids of the last move, to highlight; a text move as printed."""
    if isinstance(last_move, TransitChessMove):
        return last_move.origin, last_move.destination
    found = MOVE_TEXT.match(last_move.strip()) if isinstance(last_move, str) else None
    if found is None:
        return "", ""
    first, second = found.group(2), found.group(3)
    return (first, second) if second else ("", first)


def _reachable(state: TransitChessState) -> set[str]:
    tables = state.rules.tables
    sign = 1 - 2 * state.side
    codes = movement_codes(tables, state.cells, sign) if not state.placing else []
    return {tables.ids[code % tables.n] for code in codes}


def select(state: TransitChessState, query: str) -> list[TransitChessMove]:
    """Legal moves for `moves QUERY`: a piece (`R@UNI`), a stop (`UNI` or a name prefix),
    a piece letter (`R`, unless a stop has that id), else a prefix of the move text.
    Never raises."""
    moves = state.legal_moves()
    query = query.strip()
    if not query:
        return moves
    letter, at, where = query.partition("@")
    piece = letter.upper() if at and letter.upper() in INDEX else ""
    found = state.rules.finder.lookup(where if piece else query)
    if len(query) == 1 and query.upper() in INDEX and query.upper() not in state.rules.tables.ids:
        return [m for m in moves if m.piece == query.upper()]
    if len(found) == 1:
        stop_id = state.rules.tables.ids[found[0]]
        return [m for m in moves if piece in ("", m.piece) and _at_stop(m, stop_id)]
    return [m for m in moves if str(m).lower().startswith(query.lower())]


def _at_stop(move: TransitChessMove, stop_id: str) -> bool:
    """Moves leave a stop; placements (MT-4) arrive at one."""
    return move.origin == stop_id if move.kind == "move" else move.destination == stop_id
