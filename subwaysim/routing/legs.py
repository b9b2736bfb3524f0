"""Turning a path through the trip graph into walks and rides (SG-9, SG-12)."""

from __future__ import annotations

from itertools import groupby

from subwaysim.routing.graph import TripGraph
from subwaysim.routing.values import Leg, Ride, Walk


def legs_of(graph: TripGraph, nodes: list[int]) -> tuple[Leg, ...]:
    """Consecutive walk nodes form a Walk, consecutive nodes of one ride layer a Ride."""
    legs: list[Leg] = []
    for layer, run in groupby(nodes, key=lambda node: int(graph.node_layer[node])):
        squares = tuple(int(graph.node_square[node]) for node in run)
        if layer >= 0:
            legs.append(_ride(graph, layer, squares))
        elif len(squares) > 1:  # a rider changing trains on one square walks nowhere
            legs.append(Walk(squares))
    return tuple(legs)


def _ride(graph: TripGraph, layer: int, squares: tuple[int, ...]) -> Ride:
    stops = graph.layers[layer].stops
    # SG-12: a ride between two express stations is express whichever layer found it; the
    # express stops are a subset of the local ones, so a shortest path counts the same.
    counted, express = stops.ride_stops(squares)
    return Ride(stops.system, counted, express, squares)
