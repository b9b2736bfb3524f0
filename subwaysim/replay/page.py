"""The replay page: one self-contained HTML file to watch a game (`subway replay`, `run --html`).

The board (SVG), a turn slider with keys and play/pause, each turn's story (populated cards,
trips, builds, decks, scores), a score chart with lead changes, and an end screen naming the
winner and why the game ended (SG-20). No server and no network: style and script are inline
and the page's Content-Security-Policy forbids loading anything, so it opens from file://.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

from subwaysim.replay import timeline
from subwaysim.replay.chart import chart_svg
from subwaysim.replay.legend import legend
from subwaysim.replay.log import Replay
from subwaysim.replay.story import turn_article
from subwaysim.replay.svg import add, board_svg, player_colours, timed
from tabletop.files import atomic_write_text

CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
# Installed first, so a failing page script leaves its message where a test can read it.
ERROR_TRAP = (
    "window.onerror = function (message, source, line) {"
    " document.documentElement.setAttribute('data-script-error', message + ' (line ' + line + ')');"
    " };"
)


def _static(name: str) -> str:
    return (resources.files("subwaysim.replay") / "static" / name).read_text(encoding="utf-8")


def write_page(replay: Replay, path: str | Path) -> None:
    atomic_write_text(path, render_page(replay))


def render_page(replay: Replay) -> str:
    html = ET.tostring(page_tree(replay), encoding="unicode", method="html")
    return f"<!DOCTYPE html>\n{html}\n"


def page_tree(replay: Replay) -> ET.Element:
    """The page as elements; the last turn is the one shown without the script (and printed)."""
    shown = len(replay.frames)
    html = ET.Element("html", {"lang": "en"})
    head = add(html, "head")
    add(head, "meta", charset="utf-8")
    add(head, "meta", http_equiv="Content-Security-Policy", content=CSP)
    add(head, "meta", name="viewport", content="width=device-width, initial-scale=1")
    add(head, "title", f"Subway Game replay: {replay.start.scenario} (seed {replay.start.seed})")
    add(head, "style", _static("page.css"))
    add(head, "script", ERROR_TRAP)
    body = add(html, "body")
    body.append(_header(replay))
    body.append(_controls(replay, shown))
    main = add(body, "main")
    pane = add(main, "section", id="board-pane")
    pane.append(board_svg(replay, shown))
    pane.append(legend(replay.players))
    side = add(main, "section", id="side")
    side.append(chart_svg(replay, shown))
    side.append(_chart_legend(replay))
    side.append(end_screen(replay, shown))
    for frame in replay.frames:
        side.append(turn_article(replay, frame, shown))
    add(body, "footer", f"Replayed from {replay.source}.")
    add(body, "script", _static("page.js"))
    return html


def _header(replay: Replay) -> ET.Element:
    start, board = replay.start, replay.board
    header = ET.Element("header")
    add(header, "h1", f"Subway Game replay · {start.scenario} (seed {start.seed})")
    n = len(start.hazards)
    hazard_text = f"{n} hazard square{'s' if n > 1 else ''}" if n else "no hazards"
    facts = (
        f"{' vs '.join(start.players)} · {board.width} x {board.height} squares in "
        f"{board.sections[0]} x {board.sections[1]} sections of "
        f"{board.section_size[0]} x {board.section_size[1]} · {hazard_text} · "
        f"decks: {', '.join(start.decks)} · {len(replay.frames)} turns"
    )
    add(header, "p", facts)
    return header


def _controls(replay: Replay, shown: int) -> ET.Element:
    turns = len(replay.frames)
    nav = ET.Element("nav", {"id": "controls", "aria-label": "Turns"})
    add(nav, "button", "▶ Play", id="play", type="button", title="Play / pause (Space)")
    add(nav, "button", "◀", id="prev", type="button", title="Previous turn (←)")
    slider = add(nav, "input", id="slider", type="range", min=1, max=turns, value=shown, step=1)
    slider.set("aria-label", "Turn")
    add(nav, "button", "▶", id="next", type="button", title="Next turn (→)")
    frame = replay.frame(shown)
    caption = f"Turn {shown} of {turns} · round {frame.start.round} · {frame.player}"
    add(nav, "output", caption, id="turn-label")
    label = add(nav, "label", "speed ")
    speed = add(label, "select", id="speed")
    for ms, name in ((1500, "slow"), (700, "normal"), (250, "fast")):
        option = add(speed, "option", name, value=ms)
        if name == "normal":
            option.set("selected", "selected")
    add(nav, "span", "← → turn · Home / End · Space play", class_="keys")
    return nav


def _chart_legend(replay: Replay) -> ET.Element:
    text = ET.Element("p", {"class": "chart-legend"})
    add(text, "span", "Scores after each turn: ")
    for player, colour in player_colours(replay.players).items():
        add(text, "span", f"{player} ", style=f"color:{colour};font-weight:600")
    add(text, "span", "· a dot marks a lead change · click the chart to go to a turn")
    return text


def end_screen(replay: Replay, shown: int) -> ET.Element:
    """Who won and why the game ended (SG-20), shown at the last turn."""
    end, turns = replay.end, len(replay.frames)
    screen = ET.Element("section", {"id": "end", "class": "end-screen"})
    timed(screen, turns, turns, shown)
    winners = " and ".join(end.winners) or "nobody"
    verb = "share the win" if len(end.winners) > 1 else "wins"
    add(screen, "h2", f"Game over: {winners} {verb}")
    ranked = sorted(replay.players, key=lambda p: -end.scores[p])
    add(screen, "p", " · ".join(f"{p} {end.scores[p]}" for p in ranked), class_="final")
    rounds = f"{end.rounds} round{'s' * (end.rounds != 1)}"
    reason = f"The game ended after {end.turns} turns ({rounds}), by {end.reason}."
    add(screen, "p", reason, class_="reason")
    add(screen, "p", _lead_story(replay), class_="leads")
    for name, value in end.extras().items():
        add(screen, "p", f"{name.replace('_', ' ')}: {value}", class_="extra")
    return screen


def _lead_story(replay: Replay) -> str:
    changes = timeline.lead_changes(replay)
    leaders = timeline.leaders(replay)
    told = "; ".join(f"turn {t}: {p} takes the lead" for t, p in changes)
    text = f"{len(changes)} lead change{'s' if len(changes) != 1 else ''}"
    text += f" ({told})." if changes else "."
    if leaders[-1] is not None:
        text += f" {leaders[-1]} led from turn {timeline.leader_since(replay)} to the end."
    return text
