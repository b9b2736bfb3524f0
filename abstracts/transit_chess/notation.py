"""Reading move text (MT-12): stops by id or by an unambiguous prefix of their name."""

from __future__ import annotations

import re

from abstracts.core import IllegalMove
from abstracts.transit_chess.pieces import INDEX
from abstracts.transit_chess.system import TransitSystem
from abstracts.transit_chess.tables import Tables

FORMS = "write R@UNI-SGE (a move), R@UNI (a placement) or pass"


def squash(text: str) -> str:
    """Lower case without punctuation or spaces: 'St. George' and 'st george' meet."""
    return re.sub(r"[\W_]+", "", text.casefold())


class StopFinder:
    """Stop numbers from what a player types: an id (any case) or a name prefix."""

    def __init__(self, system: TransitSystem, tables: Tables) -> None:
        self.tables = tables
        self._ids = {stop_id.casefold(): i for i, stop_id in enumerate(tables.ids)}
        self._names = [system.stop(stop_id).name for stop_id in tables.ids]
        self._folded = [(i, name.casefold(), squash(name)) for i, name in enumerate(self._names)]

    def lookup(self, text: str) -> list[int]:
        """Every stop `text` may mean: one for an id or an unambiguous name, else all matches."""
        text = text.strip()
        if not text:
            return []
        exact = self._ids.get(text.casefold())
        if exact is not None:
            return [exact]
        folded, squashed = text.casefold(), squash(text)
        matches = [
            i
            for i, name, short in self._folded
            if name.startswith(folded) or (squashed and short.startswith(squashed))
        ]
        whole = [i for i in matches if self._folded[i][2] == squashed]
        return whole if len(whole) == 1 else matches

    def find(self, text: str, move_text: str) -> int:
        """The one stop `text` means, or IllegalMove saying it is unknown or ambiguous."""
        found = self.lookup(text)
        if len(found) == 1:
            return found[0]
        raise IllegalMove(self.problem(text, found, move_text))

    def problem(self, text: str, found: list[int], move_text: str) -> str:
        if not found:
            return f"MT-12: no stop {text.strip()!r} on this map (in {move_text!r})"
        names = ", ".join(f"{self.tables.ids[i]} ({self._names[i]})" for i in found[:6])
        more = ", ..." if len(found) > 6 else ""
        return f"MT-12: {text.strip()!r} could be {names}{more} (in {move_text!r}); type the id"


def parse_code(text: str, tables: Tables, finder: StopFinder, placing: bool) -> int:
    """The move code `text` stands for; `placing` settles text that reads both ways."""
    raw = text.strip()
    if raw.casefold() == "pass":
        return tables.pass_code
    letter, at, rest = raw.partition("@")
    if not at or len(letter.strip()) != 1 or not rest.strip():
        raise IllegalMove(f"MT-12: cannot read move {raw!r}: {FORMS}")
    kind = INDEX.get(letter.strip().upper())
    if kind is None:
        raise IllegalMove(f"MT-12: unknown piece letter {letter.strip()!r} in {raw!r} (P R T C)")
    readings = _readings(rest, tables, finder, kind)
    preferred = [code for code in readings if (code >= tables.place_base) == placing]
    if len(readings) == 1 or len(preferred) == 1:
        return readings[0] if len(readings) == 1 else preferred[0]
    if readings:
        raise IllegalMove(f"MT-12: {raw!r} reads more than one way; type the stop ids")
    raise IllegalMove(_unreadable(rest, finder, raw))


def _readings(rest: str, tables: Tables, finder: StopFinder, kind: int) -> list[int]:
    """Codes `rest` can mean: one stop (placement) or two stops split at a '-' (move)."""
    readings = []
    whole = finder.lookup(rest)
    if len(whole) == 1:
        readings.append(tables.placement(kind, whole[0]))
    for i, char in enumerate(rest):
        if char == "-":
            origin, destination = finder.lookup(rest[:i]), finder.lookup(rest[i + 1 :])
            if len(origin) == 1 and len(destination) == 1:
                readings.append(tables.movement(kind, origin[0], destination[0]))
    return readings


def _unreadable(rest: str, finder: StopFinder, raw: str) -> str:
    """Why no reading worked: the first part that names no stop, or names several."""
    parts = rest.split("-", 1) if "-" in rest else [rest]
    for part in parts:
        found = finder.lookup(part)
        if len(found) != 1:
            return finder.problem(part, found, raw)
    return f"MT-12: cannot read move {raw!r}: {FORMS}"
