"""The board as a rich renderable, in the shared grid frame (`grid_view`): both colours,
disputes, indestructible tiles and the edges each side joins.

Tiles are written as the text format reads them (TW-4, either case): indestructible tiles
(TW-14) upper case (`C`, `A`), tiles that can still be replaced or swapped lower case,
empty parcels `.`. Tiles of a crossroads dispute (TW-8) have a red background and a `×`;
the last move's parcels are bracketed. With `approaches`, every empty parcel next to a tile
is marked `+` and every destructible tile shows how many approaches it has as a
superscript (its empty neighbours, where the opponent can pave to replace it).
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from abstracts.grid_view import LAST_MOVE, Cell, Edges, grid_lines, legend
from abstracts.thruway.board import bit_indices
from abstracts.thruway.disputes import disputed_parcels
from abstracts.thruway.moves import PAVE, SWAP, ThruwayMove
from abstracts.thruway.state import ThruwayState
from abstracts.thruway.thruways import indestructible

CONCRETE_STYLE = "bold black on grey82"
ASPHALT_STYLE = "bold bright_white on grey23"
DISPUTE_STYLE = "on red3"
EMPTY_STYLE = "grey50"
APPROACH_STYLE = "bold yellow"
_SUPERSCRIPTS = " ¹²³⁴"  # a destructible tile's number of approaches (blank for none)
EDGES = Edges(
    west="▌",
    east="▐",
    north="▀",
    south="▄",
    side_style="grey82",
    end_style="grey23",
    north_label="north: asphalt",
    south_label="south: asphalt",
)


def render_board(
    state: ThruwayState, last_move: ThruwayMove | None = None, approaches: bool = False
) -> Group:
    geo = state.rules.geometry
    c, a = state.concrete, state.asphalt
    safe = indestructible(geo, c, a, state.blocks)
    disputed = disputed_parcels(geo, state.blocks)
    empty = geo.cells & ~(c | a)

    def cell(file: int, rank: int) -> Cell:
        bit = 1 << geo.index(file, rank)
        return _parcel(state, bit, safe, disputed, empty, approaches)

    last = last_move.pair if last_move is not None and last_move.kind in (PAVE, SWAP) else 0
    marked = [geo.file_rank(index) for index in bit_indices(last)]
    lines = grid_lines(geo.size, cell, marked, EDGES)
    lines.append(Text("concrete joins west ▌ and ▐ east; asphalt joins south ▄ and ▀ north"))
    return Group(*lines, *_status(state, approaches))


def _parcel(
    state: ThruwayState, bit: int, safe: int, disputed: int, empty: int, approaches: bool
) -> Cell:
    geo = state.rules.geometry
    if empty & bit:
        if approaches and geo.neighbours(bit) & ~empty:
            return Cell(".", APPROACH_STYLE, "+")
        return Cell(".", EMPTY_STYLE)
    concrete = bool(state.concrete & bit)
    letter = "C" if concrete else "A"
    style = CONCRETE_STYLE if concrete else ASPHALT_STYLE
    if disputed & bit:
        style = f"{style.rsplit(' on ', 1)[0]} {DISPUTE_STYLE}"
    if safe & bit:
        return Cell(letter, style)
    count = (geo.neighbours(bit) & empty).bit_count() if approaches else 0
    note = _SUPERSCRIPTS[count] if count else "×" if disputed & bit else " "
    return Cell(letter.lower(), style, note)


def _status(state: ThruwayState, approaches: bool) -> list[Text]:
    rc, ra = state.reserves
    line = Text()
    line.append(" concrete ", style=CONCRETE_STYLE)
    line.append(f" reserve {rc}   ")
    line.append(" asphalt ", style=ASPHALT_STYLE)
    line.append(f" reserve {ra}   ply {state.ply}")
    out = [line]
    disputes = state.blocks.bit_count()
    facts = []
    if disputes:
        facts.append(f"{disputes} crossroads dispute{'s' if disputes > 1 else ''}")
    if state.banned is not None and not state.is_over:
        facts.append(f"{state.banned.text} may not be swapped back now (TW-10)")
    if state.pie_ok and not state.is_over:
        facts.append("asphalt may play `pie` (TW-11)")
    if state.roles_traded:
        facts.append("roles traded by the pie rule")
    if facts:
        out.append(Text("; ".join(facts) + "."))
    if state.is_over:
        out.append(Text(state.end_reason(), style="bold"))
    else:
        out.append(Text(f"{state.to_move} to move.", style="bold"))
    key = f"C A indestructible, c a destructible, . empty, {LAST_MOVE}, × dispute"
    if approaches:
        key += ", + approach, c² two approaches"
    out.append(legend(key))
    return out
