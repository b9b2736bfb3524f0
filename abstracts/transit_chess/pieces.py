"""Piece types, default army sizes (MT-3) and the packed stacks the position is made of.

A stop holds pieces of one side only (MT-4 forbids placing beside opponent pieces and MT-10
converts a whole stack), so a stop is one int: the counts of the four types packed into
8-bit fields, positive for white and negative for black, 0 when empty. Converting a stack
is a change of sign.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

# Alphabetical, so integer move codes sort like their move text (MT-12).
LETTERS = ("C", "P", "R", "T")
CHIEF, PEDESTRIAN, RIDER, TRANSFER = range(4)
NAMES = {"P": "Pedestrian", "R": "Rider", "T": "Transfer Rider", "C": "Chief"}
DISPLAY_ORDER = ("P", "R", "T", "C")  # the order the rules introduce them
INDEX = {letter: i for i, letter in enumerate(LETTERS)}

FIELD = 8
MASK = (1 << FIELD) - 1
# Per side and type, so that one type of both sides' pieces still fits in one field.
MAX_PER_TYPE = MASK // 2


def default_army(n_stops: int) -> dict[str, int]:
    """MT-3: floor(N/8) Pedestrians, floor(N/16) Riders, floor(N/32) Transfer Riders, 1 Chief."""
    return {"P": n_stops // 8, "R": n_stops // 16, "T": n_stops // 32, "C": 1}


def army(n_stops: int, overrides: Mapping[str, int] | None = None) -> tuple[int, int, int, int]:
    """Per-type counts (in LETTERS order) for one side: MT-3 defaults, then the overrides."""
    counts = default_army(n_stops) | dict(overrides or {})
    if sum(counts.values()) < 1:
        raise ValueError("each side needs at least one piece (MT-3)")
    return tuple(counts[letter] for letter in LETTERS)  # type: ignore[return-value]


def pack(counts: Sequence[int]) -> int:
    """The stack (or hand) holding `counts[i]` pieces of type LETTERS[i]."""
    return sum(count << (FIELD * i) for i, count in enumerate(counts))


def unpack(stack: int) -> tuple[int, int, int, int]:
    """Per-type counts of a stack of either side (the sign is ignored)."""
    stack = abs(stack)
    return (stack & MASK, (stack >> 8) & MASK, (stack >> 16) & MASK, stack >> 24)


def size(stack: int) -> int:
    """Number of pieces in a stack of either side."""
    stack = abs(stack)
    return (stack & MASK) + ((stack >> 8) & MASK) + ((stack >> 16) & MASK) + (stack >> 24)


def unit(kind: int) -> int:
    """The packed value of one piece of type `kind`."""
    return 1 << (FIELD * kind)


def parse_army(value: object) -> dict[str, int] | None:
    """Piece-count overrides from an option: a mapping or text like 'P=2,R=1' (MT-3)."""
    if value is None:
        return None
    if isinstance(value, str):
        items: list[tuple[object, object]] = []
        for part in value.replace(",", " ").split():
            letter, sep, count = part.partition("=")
            if not sep:
                raise ValueError(f"piece count {part!r} should look like P=2")
            items.append((letter, count))
    elif isinstance(value, Mapping):
        items = list(value.items())
    else:
        raise ValueError("pieces should be a mapping like {'P': 2} or text like 'P=2,R=1'")
    return dict(_army_item(letter, count) for letter, count in items)


def _army_item(letter: object, count: object) -> tuple[str, int]:
    key = str(letter).strip().upper()[:1]
    if key not in NAMES or str(letter).strip().upper() not in (key, NAMES[key].upper()):
        raise ValueError(f"unknown piece type {letter!r}; use P, R, T or C (MT-3)")
    try:
        number = int(str(count).strip())
    except ValueError:
        raise ValueError(f"piece count for {key} must be a whole number, not {count!r}") from None
    if not 0 <= number <= MAX_PER_TYPE:
        raise ValueError(f"piece count for {key} must be between 0 and {MAX_PER_TYPE}")
    return key, number
