"""Why a move is refused (TW-5..TW-12): one reason naming the rule, or None if it is legal.

The State asks here before it plays a move; this module works on the position's parts,
not on the State, so the two do not import each other.
"""

from __future__ import annotations

from abstracts.thruway.board import bit_indices
from abstracts.thruway.disputes import swap_anchors, swap_edges
from abstracts.thruway.moves import PASS, PAVE, PIE, SWAP, ThruwayMove, anchor_bits
from abstracts.thruway.paving import pave_anchors
from abstracts.thruway.rules import SIDES, RuleSet


def refusal(
    rules: RuleSet,
    concrete: int,
    asphalt: int,
    side: int,
    reserves: tuple[int, int],
    blocks: int,
    banned: ThruwayMove | None,
    pie_ok: bool,
    move: ThruwayMove,
) -> str | None:
    """Why `side` may not play `move` in a game that is not over; None if it may."""
    own, opp = (asphalt, concrete) if side else (concrete, asphalt)
    if move.kind == PAVE:
        return _pave_refusal(rules, own, opp, side, reserves[side], move)
    if move.kind == SWAP:
        return _swap_refusal(rules, blocks, side, banned, move)
    if move.kind == PIE:
        return _pie_refusal(rules, pie_ok)
    assert move.kind == PASS
    if pie_ok or any(pave_anchors(rules.geometry, own, opp, reserves[side])):
        return f"TW-12: {SIDES[side]} has a legal move and may not pass: 'pass'"
    if any(swap_anchors(rules.geometry, blocks, *anchor_bits(banned))):
        return f"TW-12: {SIDES[side]} has a legal move and may not pass: 'pass'"
    return None


def _pave_refusal(
    rules: RuleSet, own: int, opp: int, side: int, reserve: int, move: ThruwayMove
) -> str | None:
    geo, name = rules.geometry, SIDES[side]
    if reserve < 2:
        return f"TW-7: {name} has {reserve} tile(s) in reserve and paving needs two: {move.text!r}"
    if move.pair & own:
        index = bit_indices(move.pair & own)[0]
        return f"TW-5: {geo.name(index)} already holds a {name} tile: {move.text!r}"
    if move.pair & opp == move.pair:
        return (
            f"TW-6: replacement needs one empty parcel, but both hold {SIDES[1 - side]} "
            f"tiles: {move.text!r}"
        )
    return None


def _swap_refusal(
    rules: RuleSet, blocks: int, side: int, banned: ThruwayMove | None, move: ThruwayMove
) -> str | None:
    horizontal, vertical = swap_edges(rules.geometry, blocks)
    if not ((vertical if move.vertical else horizontal) >> move.anchor) & 1:
        return (
            f"TW-9: {move.text.replace('~', ' and ')} are not an edge of a crossroads "
            f"dispute: {move.text!r}"
        )
    if move == banned:
        return (
            f"TW-10: this swap would undo {SIDES[1 - side]}'s swap of the turn before: "
            f"{move.text!r}"
        )
    return None


def _pie_refusal(rules: RuleSet, pie_ok: bool) -> str | None:
    if pie_ok:
        return None
    if not rules.pie:
        return "TW-11: the pie rule is off in this game: 'pie'"
    return "TW-11: pie is only allowed on asphalt's first turn: 'pie'"
