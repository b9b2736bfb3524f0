"""What the CLI's `run` and `route` do, apart from argument parsing.

Output files are checked before the first turn (a folder, or a place that cannot be written,
is refused at once, not after a whole game); an interrupted game (Ctrl-C) still writes the
log of the turns it played, as valid JSON lines.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from subwaysim.engine import Game, GameResult
from subwaysim.events import Event
from subwaysim.files import atomic_write_text
from subwaysim.routing import Router, ordered_modes
from subwaysim.scenario import Scenario
from subwaysim.state import routing_rules, start_network
from subwaysim.transcript import Transcript, player_colours
from subwaysim.trips import legs_record, trip_points


class RunError(ValueError):
    """A run's output could not be written, or it was asked for a turn the game did not have."""


class JsonlLog:
    """Observer keeping every event as one JSON line; `save` writes the file atomically."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, event: Event) -> None:
        self.lines.append(event.to_json())

    def save(self, path: Path) -> None:
        atomic_write_text(path, "\n".join(self.lines) + "\n")

    def save_page(self, path: Path, source: str) -> None:
        """The replay page, read from these very lines as `subway replay` reads a log file."""
        from subwaysim.replay.log import LogError, parse_log
        from subwaysim.replay.page import write_page

        try:
            replay = parse_log(self.lines, source)
        except LogError as exc:
            raise RunError(f"{path}: cannot make the replay page: {exc}") from None
        write_page(replay, path)

    def write(self, log: Path | None, html: Path | None, source: str) -> None:
        """Write the log and the page that were asked for; RunError names a file that failed."""
        outputs = [(log, self.save), (html, lambda p: self.save_page(p, source))]
        for path, save in outputs:
            if path is not None:
                try:
                    save(path)
                except OSError as exc:
                    raise RunError(f"{path}: cannot write it: {exc.strerror or exc}") from None


def check_outputs(*paths: Path | None) -> None:
    """RunError now if an output file could not be written at the end of the game."""
    for path in paths:
        if path is not None:
            _check_writable(path)


def _check_writable(path: Path) -> None:
    if path.is_dir():
        raise RunError(f"{path}: is a folder; give the name of a file to write")
    if path.exists() and not path.is_file():
        raise RunError(f"{path}: not a regular file; give the name of a file to write")
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent  # missing folders are made when the file is written
    if not folder.is_dir():
        raise RunError(f"{path}: cannot write it: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise RunError(f"{path}: cannot write it: no permission to write in {folder}")


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a game; `kept` says where the log of the turns played went."""

    def __init__(self, kept: str) -> None:
        super().__init__(kept)
        self.kept = kept


def play_logged(game: Game, journal: JsonlLog, log: Path | None, source: str) -> GameResult:
    """Run the game; on Ctrl-C write the log so far (valid JSON lines) and raise Interrupted."""
    try:
        return game.run()
    except KeyboardInterrupt:
        if log is None:
            raise Interrupted("") from None
        journal.write(log, None, source)
        raise Interrupted(
            f"the log of the turns played ({len(journal.lines)} events) is in {log}"
        ) from None


def run_game(
    scenario: Scenario,
    seed: int | None,
    console: Console,
    log: Path | None = None,
    quiet: bool = False,
    html: Path | None = None,
) -> GameResult:
    """Play a game printing its transcript as it goes (only the summary if `quiet`)."""
    check_outputs(log, html)
    transcript = Transcript(console.print, quiet=quiet)
    journal = JsonlLog()
    source = f"subway run {scenario.name}"
    result = play_logged(Game(scenario, seed, [transcript, journal]), journal, log, source)
    journal.write(log, html, source)
    return result


def show_turns(
    scenario: Scenario,
    seed: int | None,
    console: Console,
    first: int | None,
    step: bool,
    outputs: tuple[Path | None, Path | None] = (None, None),
) -> None:
    """Play a game silently, then print turn `first` alone or step through the turns from it.

    `outputs` are the log and the replay page to write, if any.
    """
    from subwaysim.screen_fit import Screen
    from subwaysim.stepping import Stepper, game_panels

    check_outputs(*outputs)
    events: list[Event] = []
    journal = JsonlLog()
    source = f"subway run {scenario.name}"
    play_logged(Game(scenario, seed, [events.append, journal]), journal, outputs[0], source)
    journal.write(*outputs, source)
    panels, summary = game_panels(events)
    if first is not None and not 1 <= first <= len(panels):
        raise RunError(f"--turn {first}: the game had turns 1 to {len(panels)}")
    if step:
        from abstracts.line_input import LineReader

        keys = LineReader(console, lambda: ["b", "n", "q", "g "])
        screen = Screen.of(console)  # a terminal to fit; into a pipe, panels go out whole
        Stepper(panels, summary, console.print, keys, screen if screen.clear else None).run(
            first or 1
        )
    elif first is not None:
        console.print(panels[first - 1])


def route_json(scenario: Scenario, origin: str, destination: str) -> dict[str, Any]:
    """The DESIGN.md route JSON for one trip on the starting network (SG-9..SG-15).

    With tied system sets (SG-14) the first in seat order is shown; all are listed in `choices`.
    """
    board = scenario.make_board()
    o, d = board.square(origin), board.square(destination)  # SquareError names a bad one
    network = start_network(scenario, board)
    router = Router(network, routing_rules(scenario))
    options = router.options(o, d)
    chosen = options.choices[0]
    r = router.route(o, d, chosen)
    points = dict.fromkeys(scenario.player_names, 0)
    points.update(trip_points(scenario.rules, r.systems))  # SG-15
    legs = [leg.to_json() for leg in legs_record(board, r)]
    return {
        "from": board.name(o),
        "to": board.name(d),
        "distance": r.distance,
        "systems": list(r.systems),
        "points": points,
        "legs": legs,
        "choices": [list(ordered_modes(scenario.player_names, c)) for c in options.choices],
    }


def describe_route(scenario: Scenario, data: dict[str, Any]) -> RenderableType:
    colours = player_colours(scenario.player_names)
    text = Text(f"{data['from']} → {data['to']}: distance {data['distance']}\n", style="bold")
    for leg in data["legs"]:
        if leg["mode"] == "walk":
            steps = len(leg["squares"]) - 1
            text.append(f"  walk  {' '.join(leg['squares'])}  ({steps} steps)\n")
        else:
            mode = "express" if leg["express"] else "local"
            text.append(
                f"  ride  {leg['system']} {mode}: stops {' '.join(leg['stops'])} "
                f"({len(leg['stops'])} stops) via {' '.join(leg['squares'])}\n",
                style=colours[leg["system"]],
            )
    if not data["systems"]:
        text.append("  walking only: nobody scores (SG-15)\n", style="dim")
    scored = ", ".join(f"{p} +{n}" for p, n in data["points"].items() if n)
    if scored:
        text.append(f"  points: {scored}\n")
    if len(data["choices"]) > 1:
        sets = " | ".join("+".join(c) for c in data["choices"])
        text.append(f"  tied system sets (SG-14, the current player chooses): {sets}\n", "dim")
    return text
