"""Stepping through a game: Enter the next turn, `b` back, `g N` turn N, `q` quit (scripted)."""

from __future__ import annotations

import io
from collections.abc import Iterable

import pytest
from rich.console import Console

from subwaysim.console.stepping import Step, Stepper, game_panels, next_step
from subwaysim.engine import Game

from .helpers import scenario

PANELS = ["turn 1", "turn 2", "turn 3"]


def step_through(answers: Iterable[str | type[BaseException]], first: int = 1) -> list[str]:
    """What the stepper shows (panels as given, messages as `!text`) for typed answers."""
    shown: list[str] = []
    typed = iter(answers)

    def ask(prompt: str) -> str:
        shown.append(f"? {prompt}")
        answer = next(typed, EOFError)
        if isinstance(answer, type):
            raise answer
        return answer

    def show(thing: object) -> None:
        shown.append(thing if isinstance(thing, str) else f"!{thing}")

    Stepper(PANELS, "summary", show, ask).run(first)
    return shown[1:]  # the first line says the keys


def test_enter_shows_each_turn_then_the_summary_and_stops() -> None:
    assert step_through(["", "", "", "never asked"]) == [
        "turn 1", "? turn 1/3 > ", "turn 2", "? turn 2/3 > ", "turn 3", "? turn 3/3 > ",
        "summary",
    ]  # fmt: skip


def test_b_goes_back_and_not_before_turn_1() -> None:
    assert step_through(["", "b", "b", "q"]) == [
        "turn 1", "? turn 1/3 > ", "turn 2", "? turn 2/3 > ", "turn 1", "? turn 1/3 > ",
        "!This is turn 1.", "? turn 1/3 > ",
    ]  # fmt: skip


def test_g_n_goes_to_turn_n_and_refuses_a_turn_the_game_did_not_have() -> None:
    shown = step_through(["g 3", "g0", "g 4", "g x", "g", "g2", "q"])
    assert [s for s in shown if not s.startswith("?")] == [
        "turn 1",
        "turn 3",
        "!g N goes to a turn from 1 to 3, not 0.",
        "!g N goes to a turn from 1 to 3, not 4.",
        "!g N goes to a turn from 1 to 3, not x.",
        "!g N goes to a turn from 1 to 3, not nothing.",
        "turn 2",
    ]


@pytest.mark.parametrize("end", ["q", EOFError])
def test_q_and_end_of_input_stop_without_the_summary(end: object) -> None:
    assert step_through(["", end, ""]) == ["turn 1", "? turn 1/3 > ", "turn 2", "? turn 2/3 > "]


def test_ctrl_c_goes_on_up_to_the_command_which_exits_130() -> None:
    with pytest.raises(KeyboardInterrupt):  # issue 27: `run --step` exits 130, not 0
        step_through(["", KeyboardInterrupt, ""])


def test_an_unknown_answer_repeats_the_keys_and_stays() -> None:
    assert step_through(["x", "q"], first=2) == [
        "turn 2",
        "? turn 2/3 > ",
        "!'x'? Enter next · b back · g N go to turn N · q quit",
        "? turn 2/3 > ",
    ]
    assert next_step(" N ", 3, 3) == Step(summary=True, quit=True)  # n is Enter


def test_panels_are_the_transcripts_own() -> None:
    events: list = []
    s = scenario(end={"turns": 2}, seed=4)
    Game(s, None, [events.append]).run()
    panels, summary = game_panels(events)
    assert len(panels) == 4
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False, color_system=None)
    for panel in [*panels, summary]:
        console.print(panel)
    titles = [line for line in out.getvalue().splitlines() if line.startswith("╭")]
    assert [t.split("─")[1].strip() for t in titles[:4]] == [
        "Turn 1 · round 1 · IRT",
        "Turn 2 · round 1 · BRT",
        "Turn 3 · round 2 · IRT",
        "Turn 4 · round 2 · BRT",
    ]
    assert "(seed 4)" in titles[4]
