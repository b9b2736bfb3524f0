"""Read a generated page back into an ElementTree, to check its structure like a browser would."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path

from subwaysim.replay.log import Replay, read_log
from subwaysim.replay.page import render_page

DATA = Path(__file__).resolve().parents[1] / "data"
TINY = DATA / "tiny_game.jsonl"
VOID = {"meta", "input", "br", "img", "link", "hr", "source", "wbr"}


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tree = ET.TreeBuilder()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tree.start(tag, {k: v or "" for k, v in attrs})
        if tag in VOID:
            self.tree.end(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tree.start(tag, {k: v or "" for k, v in attrs})
        self.tree.end(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self.tree.end(tag)

    def handle_data(self, data: str) -> None:
        self.tree.data(data)


def parse_page(text: str) -> ET.Element:
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.tree.close()


def tiny() -> Replay:
    return read_log(TINY)


def tiny_page() -> ET.Element:
    return parse_page(render_page(tiny()))


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def having(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    """Every `tag` element (any depth) whose class list holds `cls`."""
    return [e for e in root.iter(tag) if cls in classes(e)]


def at_turn(elements: Iterable[ET.Element], turn: int) -> list[ET.Element]:
    """The elements the page shows at `turn` (its script shows first <= turn <= last)."""
    return [
        e
        for e in elements
        if "data-first" not in e.attrib
        or int(e.get("data-first", 0)) <= turn <= int(e.get("data-last", 0))
    ]


def text(element: ET.Element) -> str:
    return "".join(element.itertext())
