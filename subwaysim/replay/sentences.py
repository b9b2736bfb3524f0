"""Builds and build-point events as sentences for the replay page (issue 32): no raw field
names, and surcharges (SG-21), whole-phase builds (SG-17), banking and debt (SG-22) named
only when they apply. "BRT opens an express station at f2 for 1 point (2 left)."
"""

from __future__ import annotations

from subwaysim.replay.records import (
    BankedRecord,
    BorrowedRecord,
    BuiltRecord,
    DebtPaidRecord,
    DepopulatedRecord,
)
from tabletop.wording import plural

TokenRecord = DepopulatedRecord | BorrowedRecord | DebtPaidRecord | BankedRecord


def build_sentence(b: BuiltRecord) -> str:
    """SG-17 in words, with SG-21's surcharge and SG-17's whole phase when they apply."""
    kind = b.detail or ""
    what = {
        "track": f"lays track on {b.square}",
        "station": f"opens {'an' if kind.startswith(('a', 'e')) else 'a'} {kind} station "
        f"at {b.square}".replace("  ", " "),
        "remove_track": f"takes up its track on {b.square}",
        "remove_station": f"closes its station at {b.square}",
        "intensify": f"pays to intensify {b.square} ({kind})",
    }.get(b.action, f"builds {b.action.replace('_', ' ')} {b.square} {kind}".rstrip())
    if b.whole_phase:
        price = "with the whole build phase (SG-17: a hazard or another company's track)"
    else:
        price = f"for {plural(b.cost, 'point')}"
    if b.surcharge:
        price += f", {b.surcharge} of it the surcharge for a populated square (SG-21)"
    left = f"{b.points_left} left" if b.points_left else "none left"
    return f"{b.player} {what} {price} ({left})."


def token_sentence(e: TokenRecord) -> str:
    """SG-21 depopulation and SG-22 borrowing, paying back and banking, in words."""
    if isinstance(e, DepopulatedRecord):
        if not e.decks:
            return f"{e.square} is populated, but no copy of its cards is in a discard pile."
        cards = e.decks[0] if len(e.decks) == 1 else f"{', '.join(e.decks[:-1])} and {e.decks[-1]}"
        return f"{e.square} is depopulated: a copy of its {cards} card goes back to supply (SG-21)."
    if isinstance(e, BorrowedRecord):
        return (
            f"{e.player} borrows a build point ({e.points_left} left) and holds "
            f"{plural(e.debt, 'debt token')} (SG-22)."
        )
    if isinstance(e, DebtPaidRecord):
        held = f"{e.debt} still held" if e.debt else "no debt left"
        return (
            f"{e.player} pays back {plural(e.tokens, 'debt token')} ({held}, "
            f"{e.points_left} left) (SG-22)."
        )
    return f"{e.player} banks {plural(e.points, 'build point')} for the next turn (SG-22)."
