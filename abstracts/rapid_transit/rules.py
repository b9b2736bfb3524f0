"""The rules on bit masks: which rule set applies, the legal swaps of a position with
the variant rules (RT-15..RT-17) applied to the generator in `swaps`, the end and the
winner (RT-11, RT-12, RT-18). Pure functions of integers, shared by the State, the
refusals and the greedy player; the reference the compiled playouts are tested against."""

from __future__ import annotations

from dataclasses import dataclass

from abstracts.rapid_transit.board import Board
from abstracts.rapid_transit.networks import one_network, sizes, terminals
from abstracts.rapid_transit.swaps import SwapFrame, frame_targets, swap_frame, swap_pairs

RED, CYAN = 0, 1
SIDES = ("red", "cyan")


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Which rules apply: `standard` (seed 000) or `v1` (seed 001), plus the options."""

    name: str
    support: bool  # RT-10: both moved pieces need two own-coloured neighbours
    no_reuse: bool  # RT-16: the previous move's two pieces sit out the next move
    relax_after_pass: bool  # RT-17: the move after a pass ignores the terminal requirement
    connect_wins: bool  # RT-18: one network of all your pieces wins at once
    pie: bool  # RT-13
    max_plies: int  # the game ends here and RT-12 decides (every game is finite)

    @classmethod
    def named(cls, name: str, pie: bool | None, max_plies: int) -> RuleSet:
        v1 = name == "v1"
        return cls(
            name=name,
            support=not v1,
            no_reuse=v1,
            relax_after_pass=v1,
            connect_wins=v1,
            pie=v1 if pie is None else pie,
            max_plies=max_plies,
        )


def legal_targets(
    board: Board, rules: RuleSet, mine: int, theirs: int, passes: int, previous: int
) -> list[tuple[int, int]]:
    """The mover's legal swaps as (p, mask of q), lowest p first."""
    frame = legal_frame(board, rules, mine, theirs, passes, previous)
    return [] if frame is None else frame_targets(frame)


def legal_swaps(
    board: Board, rules: RuleSet, mine: int, theirs: int, passes: int, previous: int
) -> list[tuple[int, int]]:
    """The mover's legal swaps as sorted (p, q) pairs."""
    return swap_pairs(legal_targets(board, rules, mine, theirs, passes, previous))


def legal_frame(
    board: Board, rules: RuleSet, mine: int, theirs: int, passes: int, previous: int
) -> SwapFrame | None:
    """The swap frame of a position, with the variant rules applied (see `swaps`)."""
    relaxed = rules.relax_after_pass and passes == 1  # RT-17
    movable = mine if relaxed else terminals(board, mine)  # RT-6, RT-8
    banned = previous if rules.no_reuse else 0  # RT-16
    return swap_frame(board, mine, theirs, movable, banned, rules.support)


def compare_networks(board: Board, red: int, cyan: int) -> tuple[int | None, list[int], list[int]]:
    """RT-12 first step: the side whose sorted network sizes are larger at the first
    difference (None if the lists are equal), with both lists."""
    red_sizes, cyan_sizes = sizes(board, red), sizes(board, cyan)
    length = max(len(red_sizes), len(cyan_sizes))
    padded_red = red_sizes + [0] * (length - len(red_sizes))
    padded_cyan = cyan_sizes + [0] * (length - len(cyan_sizes))
    if padded_red == padded_cyan:
        return None, red_sizes, cyan_sizes
    return (RED if padded_red > padded_cyan else CYAN), red_sizes, cyan_sizes


def connected_winner(board: Board, red: int, cyan: int, last_mover: int) -> int | None:
    """RT-18: a side with all its pieces in one network; the last mover first."""
    pieces = (red, cyan)
    for side in (last_mover, 1 - last_mover):
        if one_network(board, pieces[side]):
            return side
    return None
