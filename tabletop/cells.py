"""CSV cells a spreadsheet cannot run: `=1+2`, `@SUM(A1)`, `+cmd`, `-x` are formulas there.

`safe_cell` writes such a text with a leading apostrophe (`'=1+2`), which spreadsheets show
as the text itself; `read_cell` drops it again, so a file reads back to the very values that
were written. A text that starts with an apostrophe gets one more (`'x` is written `''x`),
so reading never mistakes a value for an escaped one. Numbers (`-3`, `+1.5`, `-inf`) are
left as they are: they are data, not formulas.
"""

from __future__ import annotations

from collections.abc import Iterable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "|", "%")
QUOTE = "'"


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def needs_quote(text: str) -> bool:
    if not text:
        return False
    if text.startswith(QUOTE):
        return True
    return text.startswith(FORMULA_STARTS) and not _number(text)


def safe_cell(value: object) -> str:
    """The CSV text of `value`, with an apostrophe before anything a spreadsheet would run."""
    text = value if isinstance(value, str) else str(value)
    return QUOTE + text if needs_quote(text) else text


def read_cell(text: str) -> str:
    """The value `safe_cell` wrote."""
    return text[1:] if text.startswith(QUOTE) else text


def safe_row(values: Iterable[object]) -> list[str]:
    return [safe_cell(v) for v in values]


def read_row(cells: Iterable[str]) -> list[str]:
    return [read_cell(c) for c in cells]
