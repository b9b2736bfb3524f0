"""Indestructible tiles (TW-14) and the thruways that win the game (TW-15)."""

from __future__ import annotations

from abstracts.thruway.board import Board
from abstracts.thruway.disputes import disputed_parcels

CONCRETE, ASPHALT = 0, 1


def indestructible(geometry: Board, concrete: int, asphalt: int, blocks: int) -> int:
    """Tiles whose on-board neighbours all hold tiles and that are in no dispute (TW-14)."""
    safe = geometry.surrounded(concrete | asphalt)
    if blocks:
        safe &= ~disputed_parcels(geometry, blocks)
    return safe


def thruway_winner(geometry: Board, concrete: int, asphalt: int, blocks: int) -> int | None:
    """The side whose indestructible tiles join its two edges (TW-15), or None.

    Both sides cannot have one at once: an orthogonal west-east path and an orthogonal
    south-north path on a grid always share a parcel, and a parcel holds one colour.
    """
    safe = indestructible(geometry, concrete, asphalt, blocks)
    if connects_west_east(geometry, safe & concrete):
        return CONCRETE
    if connects_south_north(geometry, safe & asphalt):
        return ASPHALT
    return None


def connects_west_east(geometry: Board, tiles: int) -> bool:
    """Whether `tiles` hold an orthogonally connected path from file a to the last file."""
    if not (tiles & geometry.west and tiles & geometry.east):
        return False
    if _fold_ranks(geometry, tiles) != geometry.south:  # some file has no tile at all
        return False
    return bool(geometry.flood(tiles & geometry.west, tiles) & geometry.east)


def connects_south_north(geometry: Board, tiles: int) -> bool:
    """Whether `tiles` hold an orthogonally connected path from rank 1 to the last rank."""
    if not (tiles & geometry.south and tiles & geometry.north):
        return False
    if _fold_files(geometry, tiles) != geometry.west:  # some rank surely has no tile
        return False
    return bool(geometry.flood(tiles & geometry.south, tiles) & geometry.north)


def _fold_ranks(geometry: Board, tiles: int) -> int:
    """The files that hold a tile, as a rank-1 mask (OR of all ranks)."""
    w, k = geometry.width, geometry.size
    while k > 1:
        half = (k + 1) // 2
        tiles |= tiles >> (half * w)
        k = half
    return tiles & geometry.south


def _fold_files(geometry: Board, tiles: int) -> int:
    """A file-a mask holding at least every rank that has a tile (OR of each rank's files).

    A shift can carry a few bits of one rank into the high files of the rank below, so the
    mask may over-report; it never misses a rank with a tile, which is all a quick rejection
    before the exact flood needs.
    """
    k = geometry.size
    while k > 1:
        half = (k + 1) // 2
        tiles |= tiles >> half
        k = half
    return tiles & geometry.west
