"""`subway maps`: the bundled transit maps, one row each."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.table import Table

from abstracts.transit_chess.mapfile import bundled_map, bundled_maps
from abstracts.transit_chess.pieces import default_army
from abstracts.transit_chess.system import MapError


def maps_table() -> Table:
    """Key, name, year, size and the MT-3 armies of every bundled map."""
    table = Table(title="Transit maps: subway play transit-chess --map KEY")
    for column in ("map", "name", "year", "stops", "routes", "transfers"):
        table.add_column(column, justify="left" if column in ("map", "name") else "right")
    table.add_column("pieces (MT-3)", no_wrap=True)
    for key in bundled_maps():
        system = bundled_map(key)
        army = default_army(len(system.stops))
        table.add_row(
            key,
            system.name,
            str(system.year or "-"),
            str(len(system.stops)),
            str(len(system.routes)),
            str(len(system.transfers())),
            " ".join(f"{letter}{army[letter]}" for letter in "PRTC"),
        )
    return table


def maps_main() -> int:
    console = Console()
    try:
        table = maps_table()
    except MapError as exc:
        Console(file=sys.stderr).print(f"Error: {exc}", markup=False, highlight=False)
        return 2
    console.print(table)
    return 0
