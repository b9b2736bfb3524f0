"""Stepping and the Subway seat in an 80x24 pseudo-terminal (issue 32, points 6 and 11):
nothing is taller or wider than the screen, the turn's header stays in sight, the screen
is cleared between turns, and the legend wraps between its items."""

from __future__ import annotations

import re

import pytest

from tests.subwaysim.terminal import Terminal

HEADER = re.compile(r"Turn \d+ · round \d+ · (IRT|BRT)")


def test_stepping_pages_a_tall_turn_and_keeps_its_header_on_screen() -> None:
    t = Terminal(["run", "scenarios/classic.yaml", "--step"])
    screens = []
    prompts = ["1/60 · page 1/2", "1/60 · page 2/2", "2/60 · page 1/2", "22/60 · page 1/2"]
    prompts += ["22/60 · page 2/2", "21/60 · page 1/2"]
    for prompt, answer in zip(prompts, ["", "", "g 22", "", "b", "q"], strict=True):
        screens.append(t.expect(f"turn {prompt}, Enter for more >"))
        t.send(answer)
    assert t.finish() == 0
    for screen in screens:
        top = screen.splitlines()[0]
        assert HEADER.search(top), screen  # cleared, then the page opens with the header
        assert all(len(line) <= 80 for line in screen.splitlines())
    assert screens[0].splitlines()[-2].startswith("60 turns. Enter next")  # the keys, once
    assert screens[1].splitlines()[0].startswith("╭─ Turn 1 · round 1 · IRT")
    assert screens[2].splitlines()[0].startswith("╭─ Turn 2 · round 1 · BRT")
    assert screens[3].splitlines()[0].startswith("╭─ Turn 22 · round 11 · BRT")


def test_the_seat_shows_the_whole_turn_with_its_header_at_80_by_24() -> None:
    t = Terminal(["play", "subway", "scenarios/classic.yaml", "--seat", "IRT=human"])
    screen = t.expect(r"IRT builds \(3 points left\) >")
    t.send("quit")
    assert t.finish() == 0
    lines = screen.splitlines()
    assert lines[0] == "Turn 1 · round 1 · IRT"
    assert "Decks supply/draw/discard: section 15/0/1, row 23/0/1, column 23/0/1" in screen
    # The legend wraps between items at 80 columns, never inside "this turn's trip ends".
    assert "    [ ] this turn's trip ends" in lines
    assert "Type help at your prompt for the commands." in screen


@pytest.mark.parametrize("rows", [40])
def test_a_taller_terminal_gets_the_full_decks_table(rows: int) -> None:
    t = Terminal(["play", "subway", "scenarios/classic.yaml", "--seat", "IRT=human"], rows=rows)
    screen = t.expect(r"IRT builds \(3 points left\) >")
    t.send("quit")
    t.finish()
    assert "deck     supply  draw  discard  queue  flips  empty piles" in screen


def test_without_colour_a_station_says_whose_it_is() -> None:
    # Issue 32, point 11: ○ and ◎ are coloured by owner; without colour the owner's track
    # glyph follows them. Turn 22 of classic.yaml (seed 1): IRT's local station at c11,
    # BRT's at d11 and BRT's express at g11.
    import io

    from rich.console import Console

    from subwaysim.console.stepping import game_panels
    from subwaysim.engine import Game
    from subwaysim.scenario import load_scenario
    from tests.subwaysim.terminal import ROOT

    events: list = []
    Game(load_scenario(ROOT / "scenarios" / "classic.yaml"), None, [events.append]).run()
    panels, _ = game_panels(events)
    plain = Console(file=io.StringIO(), width=80, color_system=None)
    plain.print(panels[21])
    text = plain.file.getvalue()  # type: ignore[attr-defined]
    rank_11 = next(line for line in text.splitlines() if line.startswith("│  11 "))
    assert rank_11.startswith("│  11  ·  ·  ○■ ○▲ ▲  ▲  ◎▲ ○▲ ·")
    assert "○■ IRT's station" in text
    coloured = Console(file=io.StringIO(), width=80, color_system="truecolor")
    coloured.print(panels[21])
    assert "○■" not in coloured.file.getvalue()  # type: ignore[attr-defined]
