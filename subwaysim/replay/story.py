"""One turn told in HTML: cards populated (SG-6), reshuffles (SG-5), every trip with its legs
and who scored (SG-8..SG-16), builds (SG-17), extra trips (SG-18), decks and scores.

Events this reader does not know, and fields it does not know, get a plain line, so a newer
engine's log still reads in full.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from subwaysim.replay.log import Frame, Replay
from subwaysim.replay.records import (
    QUIET_KINDS,
    BankedRecord,
    BorrowedRecord,
    BuiltRecord,
    DebtPaidRecord,
    DepopulatedRecord,
    FinalRoundRecord,
    IntensifiedRecord,
    NoTripRecord,
    OtherRecord,
    PopulatedRecord,
    Record,
    ReshuffledRecord,
    TripTakenRecord,
)
from subwaysim.replay.sentences import build_sentence, token_sentence
from subwaysim.replay.svg import add, player_colours, timed

TOKENS = (DepopulatedRecord, BorrowedRecord, DebtPaidRecord, BankedRecord)


def turn_article(replay: Replay, frame: Frame, shown: int) -> ET.Element:
    """The story of one turn, visible at first if it is turn `shown`."""
    colours = player_colours(replay.players)
    article = ET.Element("article", {"class": "turn"})
    article.set("data-caption", f"round {frame.start.round} · {frame.player}")
    timed(article, frame.turn, frame.turn, shown)
    title = add(article, "h2")
    add(title, "span", class_="chip", style=f"background:{colours[frame.player]}")
    add(title, "span", f"Turn {frame.turn} · round {frame.start.round} · {frame.player}")
    add(article, "p", _population(frame), class_="populated")
    story = add(article, "ol", class_="story")
    trip_number = 0
    for event in frame.events:
        if isinstance(event, TripTakenRecord):
            trip_number += 1
            _trip_item(story, event, trip_number, colours)
        elif not isinstance(event, PopulatedRecord | ReshuffledRecord):
            _event_item(story, event, colours)
    if not len(story):
        add(story, "li", "no trips and no builds", class_="quiet")
    article.append(deck_table(frame))
    article.append(scores_line(replay, frame, colours))
    return article


def _population(frame: Frame) -> str:
    pops = [e for e in frame.events if isinstance(e, PopulatedRecord)]
    parts = [f"{p.deck} {p.identity}{'' if p.moved else ' (supply empty)'}" for p in pops]
    text = "Populated: " + (", ".join(parts) or "-")
    flips = [f"{e.deck} (flip {e.flips})" for e in frame.events if isinstance(e, ReshuffledRecord)]
    return text + ("; reshuffled: " + ", ".join(flips) if flips else "")


def _trip_item(
    story: ET.Element, trip: TripTakenRecord, number: int, colours: dict[str, str]
) -> None:
    item = add(story, "li", class_=f"trip {trip.cause}", data_trip=number)
    add(item, "b", f"{trip.origin} → {trip.destination}")
    tail = f" distance {trip.distance}: " if trip.cause != "extra" else ""
    if trip.cause == "extra":
        tail = f" (extra trip, SG-18) distance {trip.distance}: "
    add(item, "span", tail)
    for i, leg in enumerate(trip.legs):
        if i:
            add(item, "span", ", ")
        if leg.mode == "walk":
            ends = f" {leg.squares[0]}→{leg.squares[-1]}" if leg.squares else ""
            steps = max(len(leg.squares) - 1, 0)
            add(item, "span", f"walk{ends} ({steps})", class_="walk")
        else:
            kind = "express" if leg.express else "local"
            stops = "·".join(leg.stops)
            text = f"{leg.system} {kind} {stops} ({len(leg.stops)} stops)"
            if leg.mode != "ride":
                text = f"{leg.mode} {leg.system or ''} {' '.join(leg.squares)}"
            add(item, "span", text, class_="ride", style=f"color:{colours.get(leg.system, '#555')}")
    if not trip.legs:
        add(item, "span", "no move")
    _points(item, trip, colours)
    _extras(item, trip)


def _points(item: ET.Element, trip: TripTakenRecord, colours: dict[str, str]) -> None:
    """SG-15: one system scores single-system points, two or more each score shared points."""
    scored = [(p, n) for p, n in trip.points.items() if n]
    if not scored:
        add(item, "span", " — walked: no points" if not trip.systems else " — no points")
    for player, points in scored:
        add(item, "span", f" {player} +{points}", class_="points", style=f"color:{colours[player]}")
    if len(trip.choices) > 1:  # SG-14: the player whose turn it is chose among tied sets
        chosen = "+".join(trip.systems) or "walking"
        add(item, "span", f" (tie: {trip.player} chose {chosen})", class_="note")


def _event_item(story: ET.Element, event: Record, colours: dict[str, str]) -> None:
    if event.event in QUIET_KINDS:
        return
    if isinstance(event, BuiltRecord):
        text = build_sentence(event)
        item = add(story, "li", text, class_="build", style=f"color:{colours[event.player]}")
    elif isinstance(event, TOKENS):
        text = token_sentence(event)
        item = add(story, "li", text, class_="tokens", style=f"color:{colours[event.player]}")
    elif isinstance(event, IntensifiedRecord):
        text = f"{event.player} intensifies {event.square}: {event.deck} {event.identity}"
        item = add(story, "li", f"{text} ({event.cause})", class_="intensify")
    elif isinstance(event, FinalRoundRecord):  # SG-20 end.finish_round
        more = f"{event.turns_left} more turn{'s' * (event.turns_left != 1)}"
        text = f"End condition met ({event.reason}): the round is finished first, {more}"
        item = add(story, "li", text, class_="final-round")
    elif isinstance(event, NoTripRecord):
        text = f"no extra trip from {event.origin}: the {event.deck} deck yields no card"
        item = add(story, "li", text, class_="no-trip")
    else:
        kind = "other" if isinstance(event, OtherRecord) else "event"
        item = add(story, "li", f"{event.event}", class_=kind)
    _extras(item, event)


def _extras(item: ET.Element, record: Record) -> None:
    """Fields this reader does not know, as `name value` (a newer engine's log)."""
    for name, value in record.extras().items():
        text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
        add(item, "span", f" · {name.replace('_', ' ')} {text}", class_="extra")


def deck_table(frame: Frame) -> ET.Element:
    table = ET.Element("table", {"class": "decks"})
    head = add(add(table, "thead"), "tr")
    for column in ("deck", "supply", "draw", "discard", "queue", "flips", "empty piles"):
        add(head, "th", column)
    body = add(table, "tbody")
    for deck in frame.end.decks:
        row = add(body, "tr")
        queue = " ".join(map(str, deck.queue)) or "-"
        cells = (deck.name, deck.supply, deck.draw, deck.discard, queue, deck.flips)
        for value in (*cells, deck.empty_piles):
            add(row, "td", str(value))
    return table


def scores_line(replay: Replay, frame: Frame, colours: dict[str, str]) -> ET.Element:
    line = ET.Element("p", {"class": "scores"})
    add(line, "b", "Scores: ")
    before = replay.frames[frame.turn - 2].end.scores if frame.turn > 1 else {}
    for player in replay.players:
        score = frame.end.scores[player]
        gained = score - before.get(player, 0)
        text = f"{player} {score}" + (f" ({gained:+d})" if gained else "") + "  "
        add(line, "span", text, class_="score", style=f"color:{colours[player]}")
    return line
