"""`--set KEY=VALUE` overrides of scenario data, and where a key's error points.

A dotted KEY walks mappings by name and lists by index (`players.0.agent`); VALUE is read
as YAML (`3`, `[2, 2]`, `two`). Every bad override is refused naming the override and why
(`--set 'rules.builds_per_turn.x=1': rules.builds_per_turn is 3, not a mapping`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import yaml

from tabletop import safe_yaml

Refuse = Callable[[str], Exception]  # the loader's error type, made from one problem line


def key_path(item: str) -> tuple[str, ...]:
    """The dotted key of `KEY=VALUE` as its parts."""
    return tuple(item.partition("=")[0].strip().split("."))


def apply(data: dict[str, Any], item: str, defaults: Mapping[str, Any], refuse: Refuse) -> None:
    """Apply one override in place; `defaults` fills a section the data leaves out
    (e.g. `players.0.agent=random` on a file that relies on the default players)."""
    key, sep, raw = item.partition("=")
    parts = key_path(item)
    if not sep or not key.strip():
        raise refuse(f"--set {item!r}: expected KEY=VALUE")
    if "" in parts:
        raise refuse(f"--set {item!r}: {key.strip()!r} has an empty part between dots")
    value = _value(raw, item, refuse)
    if len(parts) > 1 and data.get(parts[0]) is None and parts[0] in defaults:
        data[parts[0]] = unshared(defaults[parts[0]])
    target: Any = data
    for i, part in enumerate(parts[:-1]):
        target = _step(target, part, parts[: i + 1], item, refuse)
    _container(target, parts[:-1], item, refuse)
    if isinstance(target, list):
        target[_index(target, parts[-1], item, refuse)] = value
    else:
        target[parts[-1]] = value


def _value(raw: str, item: str, refuse: Refuse) -> Any:
    if not raw.strip():
        return None
    try:
        return safe_yaml.load(raw).data
    except safe_yaml.YamlError as exc:
        if raw.strip()[0] in "[{":  # meant as a list or mapping: say what is wrong with it
            raise refuse(f"--set {item!r}: the value is not valid YAML ({exc.problem})") from None
        return raw  # plain text such as `a: b` stays text


def _step(target: Any, part: str, path: Sequence[str], item: str, refuse: Refuse) -> Any:
    _container(target, path[:-1], item, refuse)
    if isinstance(target, list):
        return target[_index(target, part, item, refuse)]
    if target.get(part) is None:
        target[part] = {}
    return target[part]


def _container(target: Any, path: Sequence[str], item: str, refuse: Refuse) -> None:
    if not isinstance(target, dict | list):
        where = ".".join(path)
        raise refuse(
            f"--set {item!r}: {where} is {_shown(target)}, not a mapping or a list, "
            f"so it has no key {item.partition('=')[0].strip().removeprefix(where + '.')!r}"
        )


def _shown(value: Any) -> str:
    text = yaml.safe_dump(value, default_flow_style=True).strip().removesuffix("...").strip()
    return text if len(text) <= 30 else text[:27] + "..."


def _index(target: list[Any], part: str, item: str, refuse: Refuse) -> int:
    if not (part.isascii() and part.isdigit()) or int(part) >= len(target):
        span = f"0..{len(target) - 1}" if target else "none: the list is empty"
        raise refuse(f"--set {item!r}: {part!r} is not an index ({span})")
    return int(part)


def unshared(value: Any) -> Any:
    """A copy sharing no list or mapping with `value` (YAML aliases share them, and an
    override of one place must not change another). Depth is bounded by safe_yaml."""
    if isinstance(value, dict):
        return {k: unshared(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [unshared(v) for v in value]
    return value


# ------------------------------------------------------------------ where a key is


def where(
    path: Sequence[str], node: yaml.Node | None, overridden: Sequence[tuple[str, ...]]
) -> str:
    """`key.path (line N)`, or `key.path (--set)` when a command-line override set it.

    A key an override changed inside names it too: `--set rules.costs.bogus=1` makes
    `rules.costs (line 17, --set rules.costs.bogus)`; a key the override created,
    and that is not in the file, is `(--set)` alone.
    """
    name = ".".join(path) or "(top level)"
    path = tuple(path)
    inside = [".".join(o) for o in overridden if path and o[: len(path)] == path]
    if any(path[: len(o)] == o for o in overridden) or (inside and not _in_file(node, path)):
        return f"{name} (--set)"
    line = _line_of(node, path)
    at = [f"line {line}"] if line else []
    at += [f"--set {key}" for key in inside]
    return f"{name} ({', '.join(at)})" if at else name


def _in_file(node: yaml.Node | None, loc: Sequence[str]) -> bool:
    """Whether the YAML document spells out the key path `loc`."""
    for part in loc:
        node = _child(node, part)
        if node is None:
            return False
    return True


def _child(node: yaml.Node | None, part: str) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        return next((v for k, v in node.value if getattr(k, "value", None) == part), None)
    if isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
        return node.value[int(part)]
    return None


def _line_of(node: yaml.Node | None, loc: Sequence[str]) -> int | None:
    """Line of the deepest YAML node along `loc` (keys or list indices)."""
    line = None
    for part in loc:
        node = _child(node, part)
        if node is None:
            return line
        line = node.start_mark.line + 1
    return line
