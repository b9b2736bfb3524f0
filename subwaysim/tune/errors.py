"""Bad tune input, a busy folder or a study that does not match: one message, exit 2."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from subwaysim.sweep.errors import SweepError


class TuneError(SweepError):
    """A tune refused with a message naming the option, key or file."""


def did_you_mean(name: str, valid: Iterable[str], what: str) -> str:
    """`unknown measure 'round'; did you mean 'rounds'? valid: ...`"""
    names = sorted(set(valid))
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    shown = ", ".join(names[:60]) + (", ..." if len(names) > 60 else "")
    return f"unknown {what} {name!r}{hint} (valid: {shown})"
