"""Map files (MT-1): YAML read with line numbers, checked, turned into a TransitSystem.

Scalars are kept as the text written (so a stop id `07` stays `07` and `NO` stays `NO`) and
pydantic converts the few numeric and boolean fields. Every error names the file and line.
The YAML is read by `tabletop.safe_yaml` (bounded size, nesting and alias expansion), files
by `tabletop.files.read_text` (regular files of bounded size). In a save file a map travels
as a bundled map's key or as its contents (`portable_map`), never as a path: replaying a save
(`files.reading_named_files` off) refuses a map path instead of reading it.
"""

from __future__ import annotations

import functools
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from abstracts.transit_chess.system import MapError, Route, Stop, TransitSystem, build_system
from tabletop import files, safe_yaml

MAX_FILE_BYTES = safe_yaml.MAX_CHARS
NULLS = ("", "~", "null", "Null", "NULL")
UNION_TAGS = ("list[str]", "RouteSpec")


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", coerce_numbers_to_str=True)


class StopSpec(_Spec):
    id: str
    name: str
    x: float | None = None
    y: float | None = None


class RouteSpec(_Spec):
    stops: list[str]
    loop: bool = False


class MapSpec(_Spec):
    name: str
    year: int | None = None
    stops: list[StopSpec]
    routes: dict[str, list[str] | RouteSpec]


# ------------------------------------------------------------------ YAML with lines


def _plain(node: yaml.Node, path: tuple[Any, ...], lines: dict[tuple[Any, ...], int]) -> Any:
    """The node as plain data (scalars as written), recording each path's line (1-based)."""
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.ScalarNode):
        return None if node.style is None and node.value in NULLS else node.value
    if isinstance(node, yaml.SequenceNode):
        return [_plain(item, (*path, i), lines) for i, item in enumerate(node.value)]
    assert isinstance(node, yaml.MappingNode)
    data: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = _plain(key_node, (*path, "<key>", key_node.value), lines)
        if not isinstance(key, str):
            raise MapError(f"{key_node.start_mark.line + 1}: a key must be plain text")
        if key in data:
            raise MapError(f"{key_node.start_mark.line + 1}: {key!r} appears twice (MT-1)")
        data[key] = _plain(value_node, (*path, key), lines)
    return data


def read_yaml(text: str, source: str) -> tuple[Any, dict[tuple[Any, ...], int]]:
    """The document as plain data plus a line number for every path in it."""
    try:
        node = safe_yaml.compose(text)
    except safe_yaml.YamlError as exc:
        where = f"{source}:{exc.line}" if exc.line else source
        problem = exc.problem.replace("invalid YAML", "not valid YAML")
        raise MapError(f"{where}: {problem}") from None
    if node is None:
        raise MapError(f"{source}: the map file is empty")
    lines: dict[tuple[Any, ...], int] = {}
    try:
        return _plain(node, (), lines), lines
    except MapError as exc:
        raise MapError(f"{source}:{exc}") from None


# ------------------------------------------------------------------ data to system


def system_from_data(
    data: Any, source: str = "map", lines: dict[tuple[Any, ...], int] | None = None
) -> TransitSystem:
    """A checked TransitSystem from map-file data (MT-1, MT-2)."""
    lines = lines or {}
    if not isinstance(data, dict):
        raise MapError(f"{_at(source, lines, ())}: a map is a mapping with name, stops and routes")
    try:
        spec = MapSpec.model_validate(data)
    except ValidationError as exc:
        raise MapError(_validation_message(exc, source, lines)) from None
    stops = [Stop(s.id, s.name, s.x, s.y) for s in spec.stops]
    routes = [_route(name, value) for name, value in spec.routes.items()]

    def where(place: tuple[str, Any]) -> str:
        kind, key = place
        paths = {"stop": ("stops", key), "route": ("routes", "<key>", key)}
        return _at(source, lines, paths.get(kind, ()))

    return build_system(spec.name, stops, routes, spec.year, where)


def _route(name: str, value: list[str] | RouteSpec) -> Route:
    if isinstance(value, RouteSpec):
        return Route(name, tuple(value.stops), value.loop)
    return Route(name, tuple(value))


def _at(source: str, lines: dict[tuple[Any, ...], int], path: tuple[Any, ...]) -> str:
    """`source:line` for the deepest recorded prefix of `path`."""
    for end in range(len(path), -1, -1):
        line = lines.get(tuple(path[:end]))
        if line is not None:
            return f"{source}:{line}"
    return source


def _validation_message(
    exc: ValidationError, source: str, lines: dict[tuple[Any, ...], int]
) -> str:
    errors = exc.errors()
    parts = []
    for error in errors[:3]:
        loc = tuple(error["loc"])
        # pydantic names the union member it tried; the map's author never wrote it.
        path = tuple(p for p in loc if p not in UNION_TAGS)
        field_path = ".".join(str(p) for p in path) or "map"
        parts.append(f"{_at(source, lines, path)}: {field_path}: {error['msg']}")
    more = len(errors) - 3
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


# ------------------------------------------------------------------ files and bundled maps


def parse_map(text: str, source: str = "<map>") -> TransitSystem:
    data, lines = read_yaml(text, source)
    return system_from_data(data, source, lines)


def bundled_maps() -> dict[str, Traversable]:
    """The maps shipped in `abstracts/maps/`, by file stem."""
    folder = resources.files("abstracts") / "maps"
    found = [item for item in folder.iterdir() if item.name.endswith(".yaml")]
    return {item.name.removesuffix(".yaml"): item for item in sorted(found, key=lambda i: i.name)}


def load_map(ref: str) -> TransitSystem:
    """A bundled map by key or by its `name:`, or a YAML file by path."""
    maps = bundled_maps()
    key = bundled_key(ref)
    if key is not None:
        return bundled_map(key)
    path = Path(ref)
    if not files.reading_named_files():
        raise MapError(
            f"map {ref!r} is not a bundled map ({', '.join(maps)}); a saved game carries "
            "its map's contents, never a file's name"
        )
    if path.suffix.lower() in (".yaml", ".yml") or path.exists():
        return load_map_file(path)
    from tabletop.wording import did_you_mean

    known = ", ".join(maps)
    guess = did_you_mean(ref.lower(), [*maps, "random", "design"])
    raise MapError(
        f"unknown map {ref!r}{guess}: bundled maps are {known}; or give a .yaml file, "
        "'random' or 'design'"
    )


def bundled_key(ref: str) -> str | None:
    """The key of the bundled map `ref` names (by key or by its `name:`), or None."""
    maps = bundled_maps()
    key = ref.strip().lower()
    if key in maps:
        return key
    by_name = (s for s in maps if bundled_map(s).name.casefold() == ref.strip().casefold())
    return next(by_name, None)


def portable_map(ref: str | dict[str, Any], system: TransitSystem | None) -> str | dict[str, Any]:
    """The map as a save file holds it: a bundled map's key, `random` (drawn again from the
    seed) or `design` before it is designed, else the map's own contents, never a path."""
    if isinstance(ref, dict):
        return ref
    key = ref.strip().lower()
    if key in ("random", "design") and (key == "random" or system is None):
        return key
    bundled = bundled_key(ref)
    if bundled is not None or system is None:
        return bundled or ref
    return system.to_data()


@functools.cache
def bundled_map(key: str) -> TransitSystem:
    """A bundled map, read once (systems are immutable)."""
    return parse_map(bundled_maps()[key].read_text(encoding="utf-8"), f"maps/{key}.yaml")


def load_map_file(path: Path) -> TransitSystem:
    if not path.exists():
        raise MapError(f"{path}: no such map file")
    try:
        text = files.read_text(path, MAX_FILE_BYTES)
    except files.UnreadableFile as exc:
        raise MapError(f"{path}: cannot read the map file ({exc.reason})") from None
    return parse_map(text, str(path))
