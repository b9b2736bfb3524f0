"""Positions as text (TW-4): one line per rank, top rank first, `C` concrete, `A` asphalt,
`.` empty (either case is read, as the board view writes destructible tiles in lower case),
then one state line with what the rules look back on:

    to_move=asphalt ply=1 passes=0 banned=- pie=open

the side to move, the ply count (TW-12's limit), passes in a row (TW-12), the swap TW-10
forbids now (`-` for none) and where the pie rule stands (TW-11): `next` before the game's
first move, `open` on asphalt's first turn, `taken` once the roles were traded, `-`
otherwise. The state line is optional when reading: without it concrete moves (or
`to_move`), at ply 0, with no pass, ban or pie. Reserves are the initial reserves less the
tiles of each colour on the board (exact, since tiles are conserved, TW-3). A state line no
game can reach is refused, naming the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from abstracts.core import IllegalMove
from abstracts.state_lines import split_state
from abstracts.thruway.board import Board
from abstracts.thruway.disputes import disputed_blocks, swap_edges
from abstracts.thruway.moves import SWAP, ThruwayMove
from abstracts.thruway.rules import SIDES, RuleSet

FIELDS = ("to_move", "ply", "passes", "banned", "pie")
PIE_STATES = ("-", "next", "open", "taken")
MOST_PASSES = 3  # TW-12: the third pass in a row ends the game


@dataclass(frozen=True, slots=True)
class Reading:
    """A position read from text, as ThruwayState takes it."""

    concrete: int
    asphalt: int
    reserves: tuple[int, int]
    side: int
    ply: int = 0
    passes: int = 0
    banned: ThruwayMove | None = None
    pie: str = "-"


def write_position(
    geometry: Board,
    concrete: int,
    asphalt: int,
    side: int,
    ply: int,
    passes: int,
    banned: ThruwayMove | None,
    pie: str,
) -> str:
    """The rank lines and the state line of a position."""
    ban = "-" if banned is None else banned.text
    line = f"to_move={SIDES[side]} ply={ply} passes={passes} banned={ban} pie={pie}"
    return format_text(geometry, concrete, asphalt) + "\n" + line


def read_position(rules: RuleSet, text: str, to_move: str | None = None) -> Reading:
    """The position `text` writes (`to_move`, if given, overrides the state line's)."""
    board_lines, fields = split_state(text.strip().splitlines(), FIELDS, "TW-4", ValueError)
    if to_move is not None:
        fields["to_move"] = to_move
    concrete, asphalt = parse_text(rules.geometry, "\n".join(board_lines))
    reading = Reading(
        concrete,
        asphalt,
        _reserves(rules, concrete, asphalt),
        read_side(fields.get("to_move", SIDES[0])),
        _count(fields.get("ply", "0"), "ply"),
        _count(fields.get("passes", "0"), "passes"),
        _banned(rules, fields.get("banned", "-")),
        _pie(fields.get("pie", "-")),
    )
    _check_history(rules, reading)
    return reading


def read_side(name: str) -> int:
    try:
        return SIDES.index(name.strip().lower())
    except ValueError:
        raise ValueError(f"unknown side {name!r}; the sides are concrete, asphalt") from None


def parse_text(geometry: Board, text: str) -> tuple[int, int]:
    """Read TW-4 text (one line per rank, top rank first; C, A, .) into (concrete, asphalt)."""
    lines = [line.strip() for line in text.strip().splitlines()]
    n = geometry.size
    if len(lines) != n:
        raise ValueError(f"TW-4: expected {n} lines (one per rank), got {len(lines)}")
    concrete = asphalt = 0
    for row, line in enumerate(lines):
        rank = n - 1 - row
        if len(line) != n:
            raise ValueError(
                f"TW-4: line {row + 1} (rank {rank + 1}) has {len(line)} parcels, expected {n}"
            )
        for file, char in enumerate(line):
            bit = 1 << geometry.index(file, rank)
            if char in "Cc":
                concrete |= bit
            elif char in "Aa":
                asphalt |= bit
            elif char != ".":
                raise ValueError(
                    f"TW-4: line {row + 1} has {char!r}; use C (concrete), A (asphalt), . (empty)"
                )
    return concrete, asphalt


def format_text(geometry: Board, concrete: int, asphalt: int) -> str:
    """Write the tiles as TW-4 rank lines."""
    n = geometry.size
    lines = []
    for rank in range(n - 1, -1, -1):
        chars = []
        for file in range(n):
            bit = 1 << geometry.index(file, rank)
            chars.append("C" if concrete & bit else "A" if asphalt & bit else ".")
        lines.append("".join(chars))
    return "\n".join(lines)


def _reserves(rules: RuleSet, concrete: int, asphalt: int) -> tuple[int, int]:
    reserves = (rules.tiles - concrete.bit_count(), rules.tiles - asphalt.bit_count())
    for name, left in zip(SIDES, reserves, strict=True):
        if left < 0:
            raise ValueError(
                f"TW-3: the text has {rules.tiles - left} {name} tiles but each side "
                f"owns only {rules.tiles}"
            )
    return reserves


def _count(text: str, field: str) -> int:
    if not text.isdigit():
        raise ValueError(f"TW-4: {field} must be a whole number, not {text!r}")
    return int(text)


def _banned(rules: RuleSet, text: str) -> ThruwayMove | None:
    if text == "-":
        return None
    try:
        move = rules.table.parse(text)
    except IllegalMove as exc:
        raise ValueError(f"TW-10: banned={text}: {exc}") from None
    if move.kind != SWAP:
        raise ValueError(f"TW-10: banned={text} must be a swap, written like f5~f6 (TW-13)")
    return move


def _pie(text: str) -> str:
    if text not in PIE_STATES:
        raise ValueError(f"TW-11: pie must be one of {', '.join(PIE_STATES)}, not {text!r}")
    return text


def _check_history(rules: RuleSet, reading: Reading) -> None:
    """Refuse a state line no game can reach, naming the field and the rule."""
    ply, passes = reading.ply, reading.passes
    if passes > min(ply, MOST_PASSES):
        limit = f"only {ply} plies were played" if passes <= MOST_PASSES else "three end the game"
        raise ValueError(f"TW-12: passes={passes} in a row, but {limit}")
    if reading.banned is not None:
        _check_ban(rules, reading)
    _check_pie(rules, reading)


def _check_ban(rules: RuleSet, reading: Reading) -> None:
    """TW-10: the banned swap is the one just made, so undoing it recreates a dispute."""
    move = reading.banned
    assert move is not None
    if reading.ply == 0 or reading.passes:
        raise ValueError(
            f"TW-10: banned={move.text} is the swap just played, but ply={reading.ply} and "
            f"passes={reading.passes}"
        )
    c, a, pair = reading.concrete, reading.asphalt, move.pair
    if (c & pair).bit_count() != 1 or (a & pair).bit_count() != 1:
        raise ValueError(
            f"TW-10: banned={move.text}: a swap leaves one concrete and one asphalt tile on its "
            "two parcels (TW-9)"
        )
    horizontal, vertical = swap_edges(
        rules.geometry, disputed_blocks(rules.geometry, c ^ pair, a ^ pair)
    )
    if not ((vertical if move.vertical else horizontal) >> move.anchor) & 1:
        raise ValueError(
            f"TW-10: banned={move.text}: undoing it makes no crossroads dispute, so it cannot "
            "be the swap just made (TW-8, TW-9)"
        )


def _check_pie(rules: RuleSet, reading: Reading) -> None:
    """TW-11: pie is offered on asphalt's first turn only, and only with the pie rule."""
    pie, ply = reading.pie, reading.ply
    if pie in ("next", "open") and not rules.pie:
        raise ValueError(f"TW-11: pie={pie}, but the pie rule is off in this game")
    if pie == "next" and ply != 0:
        raise ValueError(f"TW-11: pie=next is the game's start, but ply={ply}")
    if pie == "open" and (ply != 1 or reading.side != 1):
        side = SIDES[reading.side]
        raise ValueError(f"TW-11: pie=open is asphalt's first turn, but ply={ply}, {side} to move")
    if pie == "taken" and ply < 2:
        raise ValueError(f"TW-11: pie=taken needs the first move and the pie, but ply={ply}")
