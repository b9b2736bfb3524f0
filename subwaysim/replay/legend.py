"""The key under the board: each company's colour and the symbols the board draws."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from subwaysim.replay.svg import PALETTE, WALK, add, player_colours

INK = "#444444"
Shape = tuple[str, dict[str, str]]


def _shape(tag: str, **attrs: object) -> Shape:
    return tag, {k.replace("_", "-"): str(v) for k, v in attrs.items()}


# (label, icon width, shapes); icons are 14 units high
SYMBOLS: list[tuple[str, int, list[Shape]]] = [
    (
        "local station",
        14,
        [_shape("circle", cx=7, cy=7, r=5, fill="#fff", stroke=INK, stroke_width=2)],
    ),
    (
        "express station",
        14,
        [
            _shape("circle", cx=7, cy=7, r=5.5, fill="#fff", stroke=INK, stroke_width=2),
            _shape("circle", cx=7, cy=7, r=2.5, fill=INK),
        ],
    ),
    (
        "intersection (a stop)",
        14,
        [
            _shape(
                "rect",
                x=3,
                y=3,
                width=8,
                height=8,
                fill="#fff",
                stroke=INK,
                stroke_width=2,
                transform="rotate(45 7 7)",
            )
        ],
    ),
    ("hazard", 14, [_shape("rect", width=14, height=14, fill="url(#hazard-hatch)")]),
    (
        "walk",
        22,
        [
            _shape(
                "line", x1=1, y1=7, x2=21, y2=7, stroke=WALK, stroke_width=2, stroke_dasharray="5 4"
            )
        ],
    ),
    (
        "ride (system's colour) · ○ from · ● to (scorer's colour)",
        22,
        [_shape("line", x1=1, y1=7, x2=21, y2=7, stroke=PALETTE[0], stroke_width=4)],
    ),
    (
        "built this turn",
        14,
        [
            _shape(
                "rect",
                x=1,
                y=1,
                width=12,
                height=12,
                fill="none",
                stroke=INK,
                stroke_dasharray="3 2",
            )
        ],
    ),
]


def legend(players: tuple[str, ...]) -> ET.Element:
    key = ET.Element("ul", {"class": "legend"})
    tracks = [
        (f"{p} track", 22, [_shape("line", x1=2, y1=7, x2=20, y2=7, stroke=c, stroke_width=5)])
        for p, c in player_colours(players).items()
    ]
    for label, width, shapes in [*tracks, *SYMBOLS]:
        item = add(key, "li")
        icon = add(item, "svg", xmlns="http://www.w3.org/2000/svg", width=width, height=14)
        icon.set("viewBox", f"0 0 {width} 14")
        for tag, attrs in shapes:
            ET.SubElement(icon, tag, attrs)
        add(item, "span", f" {label}")
    return key
