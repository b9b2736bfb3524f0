"""Panels that fit the terminal (issue 32): a turn's panel taller than the screen is shown in
pages, each starting with the panel's top line (the turn's header), and the screen is cleared
between turns when the output is a terminal. Used by `subway run --step` (and `make run`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, RenderableType
from rich.segment import Segment, Segments

RESERVED = 2  # the prompt line and one message line stay below a page


@dataclass(frozen=True, slots=True)
class Screen:
    """Where stepping draws: `clear` when the output is a terminal (never into a pipe)."""

    console: Console
    clear: bool

    @classmethod
    def of(cls, console: Console) -> Screen:
        return cls(console, console.is_terminal and not console.is_dumb_terminal)

    def pages(self, panel: RenderableType) -> list[RenderableType]:
        """`panel` as it is when it fits the screen, else pages of at most the screen's height
        less RESERVED lines, each opening with the panel's top line."""
        height = max(self.console.size.height - RESERVED, 4)
        lines = self.console.render_lines(panel, self.console.options, pad=False)
        if len(lines) <= height:
            return [panel]
        header, body = lines[0], lines[1:]
        per = height - 1
        chunks = [body[i : i + per] for i in range(0, len(body), per)]
        return [_segments([header, *chunk]) for chunk in chunks]

    def wipe(self) -> None:
        if self.clear:
            self.console.clear()


def _segments(lines: list[list[Segment]]) -> Segments:
    flat: list[Segment] = []
    for line in lines:
        flat.extend(line)
        flat.append(Segment.line())
    return Segments(flat)
