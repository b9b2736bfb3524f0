"""Step through a played game in the terminal, one turn's panel at a time (`subway run --step`).

The panels are the transcript's own (`report.Transcript`); this module only decides which one
to show next from what the reader types: Enter the next turn, `b` back, `g N` turn N, `q` quit.
After the last turn, Enter shows the game's summary and stepping ends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rich.console import RenderableType
from rich.text import Text

from subwaysim.console.screen_fit import Screen
from subwaysim.events import Event
from subwaysim.output.transcript import Transcript

KEYS = "Enter next · b back · g N go to turn N · q quit"


@dataclass(frozen=True, slots=True)
class Step:
    """What one typed line asks for: a turn to show, the summary, a message, or the end."""

    turn: int | None = None
    summary: bool = False
    message: str = ""
    quit: bool = False


def next_step(answer: str, turn: int, turns: int) -> Step:
    """The step a typed line asks for, on turn `turn` of `turns`."""
    words = answer.strip().lower().split()
    if not words or words == ["n"]:
        return Step(summary=True, quit=True) if turn == turns else Step(turn=turn + 1)
    if words == ["b"]:
        return Step(turn=turn - 1) if turn > 1 else Step(message="This is turn 1.")
    if words == ["q"]:
        return Step(quit=True)
    if words[0] == "g" or (words[0].startswith("g") and words[0][1:].isdigit()):
        return _go(words[0][1:] if len(words) == 1 else " ".join(words[1:]), turns)
    return Step(message=f"{answer.strip()!r}? {KEYS}")


def _go(target: str, turns: int) -> Step:
    if not target.isdigit() or not 1 <= int(target) <= turns:
        return Step(message=f"g N goes to a turn from 1 to {turns}, not {target or 'nothing'}.")
    return Step(turn=int(target))


def game_panels(events: Iterable[Event]) -> tuple[list[RenderableType], RenderableType]:
    """Each turn's panel (turn N is [N-1]) and the summary, as the transcript draws them."""
    shown: list[RenderableType] = []
    transcript = Transcript(shown.append)
    for event in events:
        transcript(event)
    return shown[:-1], shown[-1]


class Stepper:
    """Show `panels` one at a time; `ask(prompt)` reads a line (EOFError ends stepping).

    With a `screen` a panel taller than the terminal is shown in pages (Enter shows the next
    page, then the next turn) and the screen is cleared before each page at a terminal."""

    def __init__(
        self,
        panels: Sequence[RenderableType],
        summary: RenderableType,
        show: Callable[[RenderableType], None],
        ask: Callable[[str], str],
        screen: Screen | None = None,
    ) -> None:
        self.panels, self.summary, self.show, self.ask = panels, summary, show, ask
        self.screen = screen

    def _pages(self, turn: int) -> list[RenderableType]:
        panel = self.panels[turn - 1]
        return self.screen.pages(panel) if self.screen is not None else [panel]

    def _draw(self, page: RenderableType, message: str = "") -> None:
        if self.screen is not None:
            self.screen.wipe()
        self.show(page)
        if message:
            self.show(Text(message, style="yellow"))

    def run(self, first: int = 1) -> None:
        turns, turn, page = len(self.panels), first, 0
        pages = self._pages(turn)
        if self.screen is None:
            self.show(Text(f"{turns} turns. {KEYS}", style="dim"))
            self.show(pages[0])
        else:  # the keys below the page: the page's top line (the turn header) stays on screen
            self._draw(pages[0])
            self.show(Text(f"{turns} turns. {KEYS}", style="dim"))
        while True:
            more = f" · page {page + 1}/{len(pages)}, Enter for more" if len(pages) > 1 else ""
            try:
                answer = self.ask(f"turn {turn}/{turns}{more} > ")
            except EOFError:  # Ctrl-C and SIGTERM go on up: the command exits 130 / 143
                return
            if page + 1 < len(pages) and answer.strip().lower() in ("", "n"):
                page += 1
                self._draw(pages[page])
                continue
            step = next_step(answer, turn, turns)
            if step.summary:
                self._draw(self.summary, step.message)
            elif step.turn is None and step.message:
                if self.screen is not None:  # the page again, so the message fits below it
                    self._draw(pages[page], step.message)
                else:
                    self.show(Text(step.message, style="yellow"))
            if step.quit:
                return
            if step.turn is not None:
                turn, page = step.turn, 0
                pages = self._pages(turn)
                self._draw(pages[0], step.message)
