"""The words every command uses the same way: plurals ("1 game", "2 games") and did-you-mean
suggestions (standard library `difflib`) for a name that is not known.

README "Conventions" lists where they apply; tests/subwaysim/test_conventions.py walks every
`subway` command to check them.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

IRREGULAR = {"turn phase": "turn phases", "this": "these", "is": "are", "was": "were"}


def plural(count: int, noun: str, many: str | None = None) -> str:
    """`plural(1, "game")` is "1 game", `plural(3, "game")` "3 games" (thousands grouped)."""
    if count == 1:
        return f"1 {noun}"
    return f"{count:,} {many or IRREGULAR.get(noun) or _regular(noun)}"


def _regular(noun: str) -> str:
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return noun[:-1] + "ies"
    return noun + "s"


def suggestions(word: str, known: Iterable[str], n: int = 3) -> list[str]:
    """The known names closest to `word` (difflib's ratio at least 0.6), best first."""
    names = list(dict.fromkeys(known))
    found = difflib.get_close_matches(word, names, n=n, cutoff=0.6)
    if not found:  # a dotted key: match its last part among the keys with the same parents
        head, dot, tail = word.rpartition(".")
        if dot:
            same = [k for k in names if k.rpartition(".")[0] == head]
            tails = difflib.get_close_matches(tail, [k.rpartition(".")[2] for k in same], n=n)
            found = [f"{head}.{t}" for t in tails]
    return found


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """ " (did you mean 'x'?)" for the closest known name, or "" when none is close."""
    found = suggestions(word, known)
    if not found:
        return ""
    if len(found) == 1:
        return f" (did you mean {found[0]!r}?)"
    return f" (did you mean {', '.join(map(repr, found[:-1]))} or {found[-1]!r}?)"
