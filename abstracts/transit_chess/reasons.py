"""Why a move is refused: one sentence naming the rule and quoting the move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from abstracts.transit_chess.movegen import piece_targets
from abstracts.transit_chess.pieces import CHIEF, LETTERS, MASK, NAMES, PEDESTRIAN, RIDER
from abstracts.transit_chess.rules import SIDES

if TYPE_CHECKING:
    from abstracts.transit_chess.state import TransitChessState

MOVE_RULE = {PEDESTRIAN: "MT-5", RIDER: "MT-6", CHIEF: "MT-8"}


def why_illegal(state: TransitChessState, code: int) -> str:
    game = state.game
    text = str(game.codec.move(code))
    what, kind, origin, destination = game.tables.decode(code)
    if state.is_over:
        return f"MT-11: the game is over, so {text!r} cannot be played ({state.end_reason()})"
    if what == "pass":
        count = len(state.legal_codes())
        return f"MT-11: {text!r} is legal only with no other move; {state.to_move} has {count}"
    if what == "place":
        return _placement(state, text, kind, destination)
    if state.placing:
        return f"MT-4: {text!r}: pieces move only once every piece is placed; place one first"
    return _movement(state, text, kind, origin, destination)


def _placement(state: TransitChessState, text: str, kind: int, stop: int) -> str:
    side, name = state.to_move, NAMES[LETTERS[kind]]
    stop_id = state.game.tables.ids[stop]
    if not state.placing:
        return f"MT-4: {text!r}: every piece is already placed; move one, e.g. P@A-B"
    if not (state.hands[state.side] >> (8 * kind)) & MASK:
        return f"MT-4: {text!r}: {side} has no {name} left to place"
    return f"MT-4: {text!r}: {stop_id} holds {SIDES[1 - state.side]} pieces; place elsewhere"


def _movement(state: TransitChessState, text: str, kind: int, origin: int, dest: int) -> str:
    ids, name = state.game.tables.ids, NAMES[LETTERS[kind]]
    if not state.stack(origin)[kind] or state.owner(origin) != state.side:
        return f"MT-12: {text!r}: {state.to_move} has no {name} on {ids[origin]}"
    if origin == dest:
        return f"MT-12: {text!r}: a move must leave {ids[origin]}"
    rule = MOVE_RULE.get(kind, "MT-7")
    if dest not in piece_targets(state.game.tables, kind, origin, 0):
        return f"{rule}: {text!r}: a {name} cannot get from {ids[origin]} to {ids[dest]}" + (
            " (it needs a transfer stop and a different route)" if rule == "MT-7" else ""
        )
    blocker = _first_blocker(state, kind, origin, dest)
    opponent = SIDES[1 - state.side]
    where = f" at {ids[blocker]}" if blocker is not None else ""
    return f"MT-9: {text!r}: every way there passes a stop holding {opponent} pieces{where}"


def _first_blocker(state: TransitChessState, kind: int, origin: int, dest: int) -> int | None:
    """For a ride along one route (MT-6), the opponent stop it would have to pass through."""
    if kind not in (RIDER, CHIEF):
        return None
    tables, opponent = state.game.tables, 1 - state.side
    for p in tables.starts[origin]:
        ride = tables.track[p + 1 : tables.ray_end[p]]
        if dest in ride:
            for x in ride[: ride.index(dest)]:
                if state.owner(x) == opponent:
                    return x
    return None
