"""The board as SVG: squares and sections (SG-1..SG-3), hazards, each system's track (SG-10),
stations (SG-11), intersections, each turn's builds (SG-17) and trips with their legs (SG-8..SG-15).

What changes during the game carries `data-first` / `data-last` (the turns it stands); the
page's script shows what the chosen turn holds. Elements outside the turn shown first carry
the class `off`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from subwaysim.board import FILES
from subwaysim.replay import timeline
from subwaysim.replay.log import Frame, Replay
from subwaysim.replay.records import LegRecord, TripTakenRecord

CELL = 36  # one square, in SVG units
PAD = 22  # room for the coordinates around the board
WALK = "#2b2b2b"
# One colour a seat, in the terminal transcript's order (red, blue, green, magenta, ...),
# dark enough to read on white.
PALETTE = ("#d62728", "#1f5fb4", "#238b23", "#b5179e", "#a66f00", "#0e8f9a")


def player_colours(players: Sequence[str]) -> dict[str, str]:
    return {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(players)}


class Canvas:
    """Squares to SVG coordinates, and the `off` class for the turn shown first."""

    def __init__(self, replay: Replay, shown: int) -> None:
        self.replay, self.board, self.shown = replay, replay.board, shown
        self.colours = player_colours(replay.players)

    def centre(self, name: str, offset: float = 0.0) -> tuple[float, float]:
        file, rank = self.board.coords(self.board.square(name))
        x = PAD + file * CELL + CELL / 2 + offset
        y = PAD + (self.board.height - 1 - rank) * CELL + CELL / 2 + offset
        return round(x, 1), round(y, 1)

    def corner(self, name: str) -> tuple[int, int]:
        file, rank = self.board.coords(self.board.square(name))
        return PAD + file * CELL, PAD + (self.board.height - 1 - rank) * CELL

    def seat_offset(self, player: str) -> float:
        """Systems sharing a square run side by side, a few units apart."""
        seat, n = self.replay.players.index(player), len(self.replay.players)
        return (seat - (n - 1) / 2) * 5

    def timed(self, element: ET.Element, first: int, last: int) -> ET.Element:
        return timed(element, first, last, self.shown)


def timed(element: ET.Element, first: int, last: int, shown: int) -> ET.Element:
    """Mark the turns an element stands (both ends included); `off` unless `shown` is one."""
    element.set("data-first", str(first))
    element.set("data-last", str(last))
    if not first <= shown <= last:
        element.set("class", f"{element.get('class', '')} off".strip())
    return element


def add(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    """A child element; `class_` is `class`, other underscores become hyphens."""
    names = {k: "class" if k == "class_" else k.replace("_", "-") for k in attrs}
    element = ET.SubElement(parent, tag, {names[k]: str(v) for k, v in attrs.items()})
    if text is not None:
        element.text = text
    return element


def board_svg(replay: Replay, shown: int) -> ET.Element:
    """The whole board with every turn's layers; turn `shown` is the one visible at first."""
    canvas = Canvas(replay, shown)
    board = replay.board
    width, height = 2 * PAD + board.width * CELL, 2 * PAD + board.height * CELL
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "id": "board",
            "viewBox": f"0 0 {width} {height}",
            "role": "img",
            "aria-label": f"The board, {board.width} x {board.height} squares",
            # a small board is not blown up past one and a half times its natural size
            "style": f"max-width:{round(width * 1.5)}px",
        },
    )
    _defs(svg)
    _cells(add(svg, "g", class_="cells"), canvas)
    _sections(add(svg, "g", class_="sections"), canvas)
    _coordinates(add(svg, "g", class_="coords"), canvas)
    _track(add(svg, "g", class_="network"), canvas)
    _stations(add(svg, "g", class_="stations"), canvas)
    _builds(add(svg, "g", class_="builds"), canvas)
    trips = add(svg, "g", class_="trips")
    for frame in replay.frames:
        for number, trip in enumerate(frame.trips, 1):
            _trip(trips, canvas, frame, number, trip)
    return svg


def _defs(svg: ET.Element) -> None:
    defs = add(svg, "defs")
    hatch = add(
        defs,
        "pattern",
        id="hazard-hatch",
        width=6,
        height=6,
        patternUnits="userSpaceOnUse",
        patternTransform="rotate(45)",
    )
    add(hatch, "rect", width=6, height=6, fill="#efe2c8")
    add(hatch, "line", x1=0, y1=0, x2=0, y2=6, stroke="#b89b62", stroke_width=2)


def _cells(group: ET.Element, canvas: Canvas) -> None:
    """One cell a square (SG-1); hazards hatched (SG-2); the title names its cards (SG-3)."""
    board = canvas.board
    for square in range(board.size):
        name = board.name(square)
        x, y = canvas.corner(name)
        hazard = board.is_hazard(square)
        cell = add(
            group,
            "rect",
            class_="cell hazard" if hazard else "cell",
            data_square=name,
            x=x,
            y=y,
            width=CELL,
            height=CELL,
            fill="url(#hazard-hatch)" if hazard else "#fbfaf7",
            stroke="#d9d6cf",
        )
        section, row, col = board.locate(square)
        cards = f"section {section}, row {row}, column {col}"
        add(cell, "title", f"{name}{' (hazard)' if hazard else ''}: {cards}")


def _sections(group: ET.Element, canvas: Canvas) -> None:
    """Section borders and numbers, row-major from the top left (SG-3)."""
    board = canvas.board
    rows, cols = board.section_size
    for number in range(board.section_count):
        srow, scol = divmod(number, board.sections[1])
        x, y = PAD + scol * cols * CELL, PAD + srow * rows * CELL
        add(group, "rect", class_="section", x=x, y=y, width=cols * CELL, height=rows * CELL)
        label = add(group, "text", f"§{number}", class_="section-number", x=x + 3, y=y + 10)
        label.set("font-size", "9")


def _coordinates(group: ET.Element, canvas: Canvas) -> None:
    """Files a, b, c... left to right and ranks 1, 2, 3... bottom to top (SG-3)."""
    board = canvas.board
    group.set("font-size", "11")
    group.set("text-anchor", "middle")
    bottom, right = PAD + board.height * CELL, PAD + board.width * CELL
    for file in range(board.width):
        x = PAD + file * CELL + CELL / 2
        for y in (PAD / 2 + 4, bottom + PAD / 2 + 4):
            add(group, "text", FILES[file], x=x, y=y)
    for rank in range(board.height):
        y = PAD + (board.height - 1 - rank) * CELL + CELL / 2 + 4
        for x in (PAD / 2, right + PAD / 2):
            add(group, "text", str(rank + 1), x=x, y=y)


def _track(group: ET.Element, canvas: Canvas) -> None:
    """Each system in its colour: links between adjacent own squares, a dot a square (SG-10)."""
    frames, board = canvas.replay.frames, canvas.board
    for span in timeline.spans([timeline.track_links(f, board) for f in frames]):
        _track_link(group, canvas, span)
    for span in timeline.spans([timeline.track_squares(f) for f in frames]):
        player, square = span.item
        x, y = canvas.centre(square, canvas.seat_offset(player))
        dot = add(group, "rect", class_="track", data_player=player, data_square=square)
        _place_square(dot, x, y, 9, canvas.colours[player])
        add(dot, "title", f"{square}: {player} track")
        canvas.timed(dot, span.first, span.last)
    for span in timeline.spans([timeline.intersections(f, board) for f in frames]):
        _intersection(group, canvas, span)


def _track_link(
    group: ET.Element, canvas: Canvas, span: timeline.Span[tuple[str, str, str]]
) -> None:
    player, a, b = span.item
    off = canvas.seat_offset(player)
    (x1, y1), (x2, y2) = canvas.centre(a, off), canvas.centre(b, off)
    line = add(
        group,
        "line",
        class_="track-link",
        data_player=player,
        x1=x1,
        y1=y1,
        x2=x2,
        y2=y2,
        stroke=canvas.colours[player],
        stroke_width=5,
    )
    canvas.timed(line, span.first, span.last)


def _intersection(group: ET.Element, canvas: Canvas, span: timeline.Span[tuple[str, str]]) -> None:
    """SG-10: a square with 3 or 4 neighbours on its system's track is a stop."""
    player, square = span.item
    x, y = canvas.centre(square, canvas.seat_offset(player))
    mark = add(group, "rect", class_="intersection", data_player=player, data_square=square)
    _place_square(mark, x, y, 13, "#ffffff")
    mark.set("stroke", canvas.colours[player])
    mark.set("stroke-width", "2.5")
    mark.set("transform", f"rotate(45 {x} {y})")
    add(mark, "title", f"{square}: {player} intersection (a stop, SG-10)")
    canvas.timed(mark, span.first, span.last)


def _place_square(element: ET.Element, x: float, y: float, size: float, fill: str) -> None:
    for key, value in (("x", x - size / 2), ("y", y - size / 2), ("width", size)):
        element.set(key, str(round(value, 1)))
    element.set("height", str(size))
    element.set("fill", fill)


def _stations(group: ET.Element, canvas: Canvas) -> None:
    """Local: one ring; express: a ring around a dot; in the builder's colour (SG-11)."""
    frames = canvas.replay.frames
    for span in timeline.spans([timeline.stations(f) for f in frames]):
        square, kind, builder = span.item
        x, y = canvas.centre(square)
        colour = canvas.colours[builder]
        station = add(group, "g", class_=f"station {kind}", data_square=square)
        station.set("data-builder", builder)
        ring = add(station, "circle", cx=x, cy=y, r=CELL * 0.3, fill="#ffffff", stroke=colour)
        ring.set("stroke-width", "3")
        if kind == "express":
            add(station, "circle", cx=x, cy=y, r=CELL * 0.13, fill=colour)
        add(station, "title", f"{square}: {kind} station built by {builder}")
        canvas.timed(station, span.first, span.last)


def _builds(group: ET.Element, canvas: Canvas) -> None:
    """A dashed outline around each square built on this turn (SG-17)."""
    for frame in canvas.replay.frames:
        done: dict[str, list[str]] = {}
        for build in frame.builds:
            what = build.action.replace("_", " ") + (f" {build.detail}" if build.detail else "")
            done.setdefault(build.square, []).append(what)
        for square, actions in done.items():
            x, y = canvas.corner(square)
            mark = add(group, "rect", class_="built", x=x + 2, y=y + 2, width=CELL - 4)
            mark.set("height", str(CELL - 4))
            mark.set("stroke", canvas.colours[frame.player])
            mark.set("stroke-dasharray", "3 2")
            add(mark, "title", f"turn {frame.turn}: {frame.player} built {', '.join(actions)}")
            canvas.timed(mark, frame.turn, frame.turn)


def _trip(
    group: ET.Element, canvas: Canvas, frame: Frame, number: int, trip: TripTakenRecord
) -> None:
    """One trip: walk legs dashed, rides in the system's colour, origin ring, destination dot."""
    scored = [p for p, n in trip.points.items() if n]
    g = add(group, "g", class_="trip", data_trip=number, data_player=trip.player)
    g.set("data-scored", " ".join(scored))
    canvas.timed(g, frame.turn, frame.turn)
    add(g, "title", trip_title(trip))
    offset = ((number - 1) % 5 - 2) * 2.5  # trips of one turn drawn slightly apart
    for leg in trip.legs:
        _leg(g, canvas, leg, offset)
    ox, oy = canvas.centre(trip.origin, offset)
    dx, dy = canvas.centre(trip.destination, offset)
    end_colour = canvas.colours[scored[0]] if len(scored) == 1 else WALK
    add(g, "circle", class_="origin", cx=ox, cy=oy, r=4.5, fill="#ffffff", stroke=WALK)
    add(g, "circle", class_="destination", cx=dx, cy=dy, r=5, fill=end_colour, stroke=WALK)


def _leg(group: ET.Element, canvas: Canvas, leg: LegRecord, offset: float) -> None:
    squares = leg.squares or leg.stops
    points = [canvas.centre(sq, offset) for sq in squares]
    if not points:
        return
    d = "M " + " L ".join(f"{x} {y}" for x, y in points)
    if leg.mode == "walk":
        add(group, "path", class_="leg walk", d=d, stroke=WALK, stroke_dasharray="5 4")
        return
    colour = canvas.colours.get(leg.system or "", "#888888")
    kind = "ride express" if leg.mode == "ride" and leg.express else leg.mode
    width = 5 if "express" in kind else 3.5
    # A white casing sets the ride off from the track it runs along.
    add(group, "path", class_="casing", d=d, stroke="#ffffff", stroke_width=width + 3.5)
    path = add(group, "path", class_=f"leg {kind}", d=d, stroke=colour, stroke_width=width)
    path.set("data-system", leg.system or "")
    for stop in leg.stops:  # SG-12: the stops the ride counts
        x, y = canvas.centre(stop, offset)
        add(group, "circle", class_="stop", cx=x, cy=y, r=2.6, fill="#ffffff", stroke=colour)


def trip_title(trip: TripTakenRecord) -> str:
    """`a3 → f7, distance 8: walk 2, IRT local 3 stops, walk 3; IRT +2`."""
    parts = []
    for leg in trip.legs:
        if leg.mode == "walk":
            parts.append(f"walk {max(len(leg.squares) - 1, 0)}")
        elif leg.mode == "ride":
            kind = "express" if leg.express else "local"
            parts.append(f"{leg.system} {kind} {len(leg.stops)} stops")
        else:
            parts.append(leg.mode)
    scored = ", ".join(f"{p} +{n}" for p, n in trip.points.items() if n) or "no points"
    extra = " (extra trip)" if trip.cause == "extra" else ""
    legs = ", ".join(parts) or "no move"
    return f"{trip.origin} → {trip.destination}{extra}, distance {trip.distance}: {legs}; {scored}"
