"""Text shown in a terminal never carries a control character from the user's data.

A scenario name, a player, a file name, a line of a log or a CSV cell may hold ESC and other
control characters (`"x\\x1b]2;PWNED\\x07\\x1b[2J"` retitles and clears a terminal). Every
such character is shown as its escape (`\\x1b`, `\\x07`, `\\u202e`), never passed through.

The fix is made where text leaves for the terminal, not where it comes from, so no path can
be forgotten: `guard_consoles()` (every `subway` command calls it) makes every rich Console
render the text of its segments through `visible`, while rich's own style and cursor codes
(styles, progress bars) are emitted as before. `visible` is also used directly for text
printed without rich.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rich.console import Console
from rich.segment import Segment

# C0 controls but newline and tab, DEL, C1 controls, and the bidirectional-text controls
# that reorder what a reader sees ("Trojan source").
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """`text` with every control character (but newline and tab) shown as its escape."""
    return _CONTROL.sub(_escape, text)


def has_controls(text: str) -> bool:
    return _CONTROL.search(text) is not None


_original_render_buffer: Any = None


def _render_buffer(self: Console, buffer: Iterable[Segment]) -> str:
    safe = (
        segment if segment.control else Segment(visible(segment.text), segment.style)
        for segment in buffer
    )
    return _original_render_buffer(self, safe)


def guard_consoles() -> None:
    """From now on every rich Console shows control characters in its text as escapes."""
    global _original_render_buffer
    if _original_render_buffer is None:
        _original_render_buffer = Console._render_buffer
        Console._render_buffer = _render_buffer  # type: ignore[method-assign]
