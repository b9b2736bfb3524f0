"""Scores over time as SVG: one line a player, lead changes marked, a marker for the turn shown.

The marker is a line whose x the page's script moves: turn t sits at `x0 + t * dx`, both
given on the chart's `data-x0` and `data-dx`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable

from subwaysim.replay import timeline
from subwaysim.replay.log import Replay
from subwaysim.replay.svg import add, player_colours

WIDTH, HEIGHT = 520, 170
LEFT, RIGHT, TOP, BOTTOM = 36, 12, 12, 24


def chart_svg(replay: Replay, shown: int) -> ET.Element:
    turns = len(replay.frames)
    top = max(1, *(max(f.end.scores.values()) for f in replay.frames))
    dx = (WIDTH - LEFT - RIGHT) / turns

    def x(turn: int) -> float:
        return round(LEFT + turn * dx, 2)

    def y(score: int) -> float:
        return round(HEIGHT - BOTTOM - score * (HEIGHT - TOP - BOTTOM) / top, 2)

    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "id": "chart",
            "viewBox": f"0 0 {WIDTH} {HEIGHT}",
            "role": "img",
            "aria-label": "Scores after each turn",
            "data-x0": str(LEFT),
            "data-dx": str(round(dx, 4)),
            "data-turns": str(turns),
        },
    )
    _axes(svg, turns, top, x, y)
    colours = player_colours(replay.players)
    for player in replay.players:
        points = [(x(0), y(0))] + [(x(f.turn), y(f.end.scores[player])) for f in replay.frames]
        add(
            svg,
            "polyline",
            class_="score-line",
            data_player=player,
            points=" ".join(f"{px},{py}" for px, py in points),
            stroke=colours[player],
        )
    for turn, leader in timeline.lead_changes(replay):
        score = replay.frame(turn).end.scores[leader]
        mark = add(svg, "circle", class_="lead-change", data_turn=turn, cx=x(turn), cy=y(score))
        mark.set("r", "5")
        mark.set("fill", colours[leader])
        add(mark, "title", f"turn {turn}: {leader} takes the lead")
    add(svg, "line", id="chart-now", x1=x(shown), x2=x(shown), y1=TOP, y2=HEIGHT - BOTTOM)
    for turn in range(1, turns + 1):  # click a turn to go there
        hit = add(svg, "rect", class_="chart-hit", data_goto=turn, x=x(turn) - dx / 2, y=0)
        hit.set("width", str(round(dx, 4)))
        hit.set("height", str(HEIGHT))
    return svg


def _axes(
    svg: ET.Element, turns: int, top: int, x: Callable[[int], float], y: Callable[[int], float]
) -> None:
    g = add(svg, "g", class_="axes")
    add(g, "line", x1=x(0), y1=y(0), x2=x(turns), y2=y(0))
    add(g, "line", x1=x(0), y1=y(0), x2=x(0), y2=y(top))
    add(g, "text", str(top), x=x(0) - 4, y=y(top) + 4, class_="y-label")
    add(g, "text", "0", x=x(0) - 4, y=y(0) + 4, class_="y-label")
    step = max(1, round(turns / 6))
    for turn in [*range(step, turns - step // 2, step), turns]:  # the last tick stands clear
        add(g, "text", str(turn), x=x(turn), y=HEIGHT - 8, class_="x-label")
    add(g, "text", "turn", x=x(0), y=HEIGHT - 8, class_="x-label")
