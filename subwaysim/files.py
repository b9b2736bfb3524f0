"""Atomic file writes, shared with the abstract games: the one implementation lives in
`abstracts/files.py` (abstracts never imports subwaysim; subwaysim may use abstracts)."""

from __future__ import annotations

from abstracts.files import atomic_write_bytes, atomic_write_text

__all__ = ["atomic_write_bytes", "atomic_write_text"]
