"""The text positions of the square-grid games (Rapid Transit, Thruway): rank lines with
`KEY=VALUE` state fields among them, split apart the same way for both."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def split_state(
    lines: Iterable[str], known: Sequence[str], rule: str, error: type[Exception]
) -> tuple[list[str], dict[str, str]]:
    """The board lines (those without `=`) and the state fields (`KEY=VALUE` items of the
    other lines); `error` citing `rule` for a field not in `known`."""
    board_lines, fields = [], {}
    for line in lines:
        if "=" not in line:
            board_lines.append(line)
            continue
        for item in line.split():
            key, sep, value = item.partition("=")
            if not sep or key not in known:
                raise error(f"{rule}: unknown state field {item!r}; fields: {', '.join(known)}")
            fields[key] = value
    return board_lines, fields
