"""What a refused scenario key or `--set` value adds to its message (issue 32): the known key
closest to an unknown one ("did you mean 'rules.builds_per_turn'?"), and, for a list given
where one value is expected, that lists of values belong to `subway sweep`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.wording import suggestions

LIST_TYPES = ("int_parsing", "int_type", "float_parsing", "float_type", "bool_parsing")
LIST_TYPES += ("literal_error", "string_type", "enum")


def sibling_keys(defaults: Mapping[str, Any], loc: Sequence[str]) -> list[str]:
    """The keys a mapping at `loc[:-1]` may hold (walked in the default scenario; a list
    index looks into the list's first item), as full dotted paths."""
    here: Any = defaults
    for part in loc[:-1]:
        if isinstance(here, list):
            here = here[0] if here else None
        elif isinstance(here, Mapping):
            here = here.get(part)
        if here is None:
            return []
    if isinstance(here, list):
        here = here[0] if here else None
    if not isinstance(here, Mapping):
        return []
    head = ".".join(loc[:-1])
    return [f"{head}.{k}" if head else str(k) for k in here]


def unknown_key_hint(defaults: Mapping[str, Any], loc: Sequence[str]) -> str:
    """' (did you mean ...?)' for an unknown key at `loc`, or ''."""
    known = sibling_keys(defaults, loc)
    if not known:
        return ""
    tails = {k.rpartition(".")[2]: k for k in known}
    found = suggestions(str(loc[-1]), tails, n=1)
    return f" (did you mean {tails[found[0]]!r}?)" if found else ""


def list_value_hint(error_type: str, value: str | None) -> str:
    """'; a list of values ... is for `subway sweep --set`' when VALUE looks like a list."""
    if value is None or error_type not in LIST_TYPES:
        return ""
    text = value.strip()
    if "," in text or ".." in text or text.startswith("["):
        return f"; {text!r} is a list: lists of values are for `subway sweep --set KEY=V1,V2`"
    return ""
