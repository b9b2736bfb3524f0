"""Turning a trip's steps into walks and rides (SG-9, SG-12)."""

from __future__ import annotations

from itertools import groupby

from subwaysim.routing.graph import RideLayer
from subwaysim.routing.values import Leg, Ride, Walk


def legs_of(layers: tuple[RideLayer, ...], steps: list[tuple[int, int]]) -> tuple[Leg, ...]:
    """Consecutive walking steps (layer -1) form a Walk, steps in one ride layer a Ride."""
    legs: list[Leg] = []
    for layer, run in groupby(steps, key=lambda step: step[0]):
        squares = tuple(square for _, square in run)
        if layer >= 0:
            legs.append(_ride(layers[layer], squares))
        elif len(squares) > 1:  # a rider changing trains on one square walks nowhere
            legs.append(Walk(squares))
    return tuple(legs)


def _ride(layer: RideLayer, squares: tuple[int, ...]) -> Ride:
    # SG-12: a ride between two express stations is express whichever layer found it; the
    # express stops are a subset of the local ones, so a shortest trip counts the same.
    stops, express = layer.stops.ride_stops(squares)
    return Ride(layer.stops.system, stops, express, squares)
