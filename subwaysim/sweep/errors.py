"""The one error a sweep raises for bad input: a ValueError the CLI turns into `Error: ...`."""

from __future__ import annotations


class SweepError(ValueError):
    """A sweep that cannot start or resume (bad grid, mismatched folder, damaged results)."""
