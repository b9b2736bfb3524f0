"""Positions as text (TW-4): one line per rank, top rank first, `C` concrete, `A` asphalt,
`.` empty (either case is read, as the board view writes destructible tiles in lower case).
"""

from __future__ import annotations

from abstracts.thruway.board import Board


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
    """Write a position as TW-4 text."""
    n = geometry.size
    lines = []
    for rank in range(n - 1, -1, -1):
        chars = []
        for file in range(n):
            bit = 1 << geometry.index(file, rank)
            chars.append("C" if concrete & bit else "A" if asphalt & bit else ".")
        lines.append("".join(chars))
    return "\n".join(lines)
