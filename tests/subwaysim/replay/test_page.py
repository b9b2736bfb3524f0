"""The whole page of the tiny game: self-contained, a slider over its six turns, an end screen."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from subwaysim.replay.page import render_page

from .pagetree import at_turn, having, parse_page, text, tiny

HTML = render_page(tiny())
PAGE = parse_page(HTML)


def by_id(name: str) -> ET.Element:
    return next(e for e in PAGE.iter() if e.get("id") == name)


def test_self_contained_nothing_to_fetch() -> None:
    assert HTML.startswith("<!DOCTYPE html>")
    csp = next(m for m in PAGE.iter("meta") if m.get("http-equiv"))
    assert csp.get("content").startswith("default-src 'none'")  # the page may load nothing
    assert not [e for e in PAGE.iter() if e.get("src") or e.get("href")]
    assert not [e for e in PAGE.iter("link")]
    urls = set(re.findall(r"https?://[^\s\"')]+", HTML))
    assert urls == {"http://www.w3.org/2000/svg"}  # the SVG namespace name, not a fetch
    scripts = list(PAGE.iter("script"))
    assert len(scripts) == 2 and all(text(s).strip() for s in scripts)


def test_slider_spans_the_six_turns_and_starts_at_the_last() -> None:
    slider = by_id("slider")
    assert (slider.get("type"), slider.get("min"), slider.get("max")) == ("range", "1", "6")
    assert slider.get("value") == "6"
    assert text(by_id("turn-label")) == "Turn 6 of 6 · round 3 · BRT"
    assert {text(by_id(b)) for b in ("play", "prev", "next")} == {"▶ Play", "◀", "▶"}


def test_one_story_per_turn_shown_one_at_a_time() -> None:
    stories = having(PAGE, "article", "turn")
    assert [a.get("data-first") for a in stories] == ["1", "2", "3", "4", "5", "6"]
    for turn in range(1, 7):
        (shown,) = at_turn(stories, turn)
        assert text(shown.find("h2")).startswith(f"Turn {turn} · round {(turn + 1) // 2}")


def test_the_end_screen_names_the_winner_and_why_the_game_ended() -> None:
    end = by_id("end")
    assert (end.get("data-first"), end.get("data-last")) == ("6", "6")
    assert text(end.find("h2")) == "Game over: BRT wins"
    paragraphs = [text(p) for p in end.iter("p")]
    assert paragraphs == [
        "BRT 8 · IRT 6",
        "The game ended after 6 turns (3 rounds), by turns: every player has had 3 turns.",
        "1 lead change (turn 6: BRT takes the lead). BRT led from turn 6 to the end.",
    ]


def test_a_shared_win_is_named_as_one() -> None:
    game = tiny()
    tied = game.end.model_copy(update={"winners": ("IRT", "BRT")})
    page = parse_page(
        render_page(type(game)(game.source, game.start, game.board, game.frames, tied))
    )
    end = next(e for e in page.iter() if e.get("id") == "end")
    assert text(end.find("h2")) == "Game over: IRT and BRT share the win"


def test_header_describes_the_board_without_telling_the_result() -> None:
    header = text(PAGE.find(".//header"))
    assert "IRT vs BRT · 4 x 4 squares in 2 x 2 sections of 2 x 2 · 1 hazard square" in header
    assert "6 turns" in header and "wins" not in header
