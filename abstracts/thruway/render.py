"""The board as a rich renderable: both colours, disputes, indestructible tiles, edges.

Each parcel is three characters wide. Indestructible tiles (TW-14) are upper case (`C`,
`A`), tiles that can still be replaced or swapped lower case; tiles of a crossroads
dispute (TW-8) have a red background and a `×`; the last move's parcels are bracketed. With
`approaches`, every empty parcel next to a tile shows `+` and every destructible tile shows
how many approaches it has as a superscript (its empty neighbours, where the opponent can
pave to replace it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text

from abstracts.thruway.disputes import disputed_parcels
from abstracts.thruway.moves import PAVE, SWAP, Move
from abstracts.thruway.thruways import indestructible

if TYPE_CHECKING:
    from abstracts.thruway.state import ThruwayState

CONCRETE_STYLE = "bold black on grey82"
ASPHALT_STYLE = "bold bright_white on grey23"
DISPUTE_STYLE = "on red3"
EMPTY_STYLE = "grey50"
APPROACH_STYLE = "bold yellow"
_SUPERSCRIPTS = " ¹²³⁴"  # a destructible tile's number of approaches (blank for none)


def render_board(
    state: ThruwayState, last_move: Move | None = None, approaches: bool = False
) -> Group:
    geo = state.game.geometry
    n = geo.size
    c, a = state.concrete, state.asphalt
    safe = indestructible(geo, c, a, state.blocks)
    disputed = disputed_parcels(geo, state.blocks)
    last = last_move.pair if last_move is not None and last_move.kind in (PAVE, SWAP) else 0
    empty = geo.cells & ~(c | a)
    files = Text("    " + "".join(f" {chr(ord('a') + f)} " for f in range(n)))
    edge = Text("    " + "▀▀▀" * n, style="grey23")
    lines = [_edge_label("north: asphalt", n), files, edge]
    for rank in range(n - 1, -1, -1):
        row = Text(f"{rank + 1:>3} ")
        row.append("▌", style="grey82")
        for file in range(n):
            index = geo.index(file, rank)
            bit = 1 << index
            row.append_text(_parcel(state, index, bit, safe, disputed, last, empty, approaches))
        row.append("▐", style="grey82")
        row.append(f" {rank + 1}")
        lines.append(row)
    lines += [Text("    " + "▄▄▄" * n, style="grey23"), files, _edge_label("south: asphalt", n)]
    lines.append(Text("concrete joins west ▌ and ▐ east; asphalt joins south ▄ and ▀ north"))
    lines += _status(state, approaches)
    return Group(*lines)


def _parcel(
    state: ThruwayState,
    index: int,
    bit: int,
    safe: int,
    disputed: int,
    last: int,
    empty: int,
    approaches: bool,
) -> Text:
    geo = state.game.geometry
    left, right = ("[", "]") if last & bit else (" ", " ")
    if empty & bit:
        if approaches and geo.neighbours(bit) & ~empty:
            return Text(f"{left}+{right}", style=APPROACH_STYLE)
        return Text(f"{left}·{right}", style=EMPTY_STYLE)
    concrete = bool(state.concrete & bit)
    letter = "C" if concrete else "A"
    style = CONCRETE_STYLE if concrete else ASPHALT_STYLE
    if disputed & bit:
        style = f"{style.rsplit(' on ', 1)[0]} {DISPUTE_STYLE}"
    if not safe & bit:
        letter = letter.lower()
        if right == " ":
            count = (geo.neighbours(bit) & empty).bit_count() if approaches else 0
            right = _SUPERSCRIPTS[count] if count else "×" if disputed & bit else " "
    return Text(f"{left}{letter}{right}", style=style)


def _edge_label(label: str, n: int) -> Text:
    return Text(" " * 4 + label.center(3 * n), style="bold")


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
    legend = "C A indestructible, c a destructible, [ ] last move, × dispute"
    if approaches:
        legend += ", + approach, c² two approaches"
    out.append(Text(legend, style="dim"))
    return out
