"""YAML documents read safely: bounded size, depth and alias expansion, no duplicate keys.

PyYAML's SafeLoader refuses arbitrary Python objects but not what costs time and memory:
its composer recurses once per nesting level (so `[[[[...` raises RecursionError), aliases
share nodes that any walk of the data expands (a "billion laughs" alias bomb, or a
collection that contains itself), and a key written twice silently keeps the last value.
Here the text is composed once into nodes, the node graph is checked without recursion,
and only then turned into data. Every refusal is a `YamlError` with the line it is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

MAX_CHARS = 500_000  # a scenario or a map is a few kilobytes; half a megabyte is a mistake
MAX_DEPTH = 32  # collections inside collections, aliases expanded
MAX_VALUES = 20_000  # values once every alias is expanded (a 500-stop map has 5,000)
MERGE = "tag:yaml.org,2002:merge"


class YamlError(ValueError):
    """A YAML text refused; `line` (1-based) where the parser or a check could tell."""

    def __init__(self, problem: str, line: int | None = None, column: int | None = None) -> None:
        self.problem, self.line, self.column = problem, line, column
        where = f"line {line}, column {column}: " if line and column else ""
        where = where or (f"line {line}: " if line else "")
        super().__init__(f"{where}{problem}")


@dataclass(frozen=True, slots=True)
class Document:
    """The composed nodes (for line numbers) and the data they make."""

    node: yaml.Node | None
    data: Any


class _Loader(yaml.SafeLoader):
    """SafeLoader that stops nesting at MAX_DEPTH before Python's recursion limit does."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.depth = 0
        self.nodes = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        self.depth += 1
        self.nodes += 1  # counted as composed, so a long document stops early
        try:
            if self.depth > MAX_DEPTH or self.nodes > MAX_VALUES:
                mark = self.peek_event().start_mark
                problem = _too_deep() if self.depth > MAX_DEPTH else _too_many()
                raise YamlError(problem, mark.line + 1, mark.column + 1)
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self.depth -= 1

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as exc:
            # SafeConstructor raises these for a date that is no date (2024-02-30) or an
            # integer longer than Python converts (more than 4300 digits).
            text = str(node.value)
            shown = text if len(text) <= 40 else text[:37] + "..."
            reason = "too many digits" if "digits" in str(exc) else str(exc)
            mark = node.start_mark
            raise YamlError(
                f"cannot read {shown!r}: {reason}", mark.line + 1, mark.column + 1
            ) from None


def compose(text: str, max_chars: int = MAX_CHARS) -> yaml.Node | None:
    """The checked node tree of a one-document YAML text (None if it holds nothing)."""
    return _read(text, max_chars, construct=False).node


def load(text: str, max_chars: int = MAX_CHARS) -> Document:
    """Compose once, check, then construct the data (YAML types: int, bool, str, ...)."""
    return _read(text, max_chars, construct=True)


def _read(text: str, max_chars: int, construct: bool) -> Document:
    if len(text) > max_chars:
        raise YamlError(f"{len(text):,} characters; at most {max_chars:,} are read")
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return Document(None, None)
        check(node)
        return Document(node, loader.construct_document(node) if construct else None)
    except yaml.YAMLError as exc:
        raise _from_yaml(exc) from None
    finally:
        loader.dispose()


def _from_yaml(exc: yaml.YAMLError) -> YamlError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    if mark is None:
        return YamlError(f"invalid YAML: {problem}")
    return YamlError(f"invalid YAML: {problem}", mark.line + 1, mark.column + 1)


def _too_deep() -> str:
    return f"collections nested deeper than {MAX_DEPTH} levels"


def _too_many() -> str:
    return f"more than {MAX_VALUES:,} values"


# ------------------------------------------------------------------ the node graph


def check(root: yaml.Node) -> None:
    """Refuse cycles, nesting deeper than MAX_DEPTH, more than MAX_VALUES values once
    aliases are expanded, and duplicate keys. Iterative: no recursion on hostile input."""
    size: dict[int, int] = {}  # expanded values under each finished node
    depth: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            on_path.discard(id(node))
            kids = _children(node)
            size[id(node)] = 1 + sum(size[id(k)] for k in kids)
            depth[id(node)] = 1 + max((depth[id(k)] for k in kids), default=0)
            _within_limits(node, size[id(node)], depth[id(node)])
            continue
        if id(node) in size:
            continue  # an alias to a node already checked: its totals are known
        if id(node) in on_path:
            raise YamlError("an alias refers to a collection that contains it", _line(node))
        if isinstance(node, yaml.MappingNode):
            _no_duplicate_keys(node)
        on_path.add(id(node))
        stack.append((node, True))
        stack.extend((kid, False) for kid in _children(node))


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _within_limits(node: yaml.Node, values: int, levels: int) -> None:
    if levels > MAX_DEPTH:
        raise YamlError(_too_deep() + " (counting aliases)", _line(node))
    if values > MAX_VALUES:
        raise YamlError(_too_many() + " once aliases are expanded (an alias bomb?)", _line(node))


def _no_duplicate_keys(node: yaml.MappingNode) -> None:
    seen: dict[tuple[str, str], yaml.Node] = {}
    for key, _ in node.value:
        if not isinstance(key, yaml.ScalarNode) or key.tag == MERGE:
            continue
        first = seen.setdefault((key.tag, key.value), key)
        if first is not key:
            raise YamlError(
                f"key {key.value!r} appears twice (lines {_line(first)} and {_line(key)})",
                _line(key),
            )


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1
