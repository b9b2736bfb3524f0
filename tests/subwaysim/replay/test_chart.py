"""The score chart of the tiny game: a line a player, the lead change, the turn marker."""

from __future__ import annotations

from subwaysim.replay.chart import chart_svg
from subwaysim.replay.svg import PALETTE

from .pagetree import having, tiny


def test_one_line_a_player_through_every_turn() -> None:
    chart = chart_svg(tiny(), shown=6)
    lines = having(chart, "polyline", "score-line")
    assert [(line.get("data-player"), line.get("stroke")) for line in lines] == [
        ("IRT", PALETTE[0]),
        ("BRT", PALETTE[1]),
    ]
    for line in lines:
        assert len(line.get("points").split()) == 7  # turn 0 and turns 1..6
    heights = [float(p.split(",")[1]) for p in lines[1].get("points").split()]
    assert heights[-1] == min(heights)  # BRT ends on top with 8, the chart's top


def test_the_lead_change_is_marked_in_the_new_leaders_colour() -> None:
    (mark,) = having(chart_svg(tiny(), shown=6), "circle", "lead-change")
    assert (mark.get("data-turn"), mark.get("fill")) == ("6", PALETTE[1])
    assert mark.find("title").text == "turn 6: BRT takes the lead"


def test_the_marker_stands_on_the_turn_shown_and_each_turn_can_be_clicked() -> None:
    chart = chart_svg(tiny(), shown=3)
    now = next(e for e in chart.iter("line") if e.get("id") == "chart-now")
    x0, dx = float(chart.get("data-x0")), float(chart.get("data-dx"))
    assert float(now.get("x1")) == round(x0 + 3 * dx, 2)
    assert [h.get("data-goto") for h in having(chart, "rect", "chart-hit")] == [
        str(t) for t in range(1, 7)
    ]
