"""What the CLI's `run` and `route` do, apart from argument parsing."""

from __future__ import annotations

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


def run_game(
    scenario: Scenario,
    seed: int | None,
    console: Console,
    log: Path | None = None,
    quiet: bool = False,
    html: Path | None = None,
) -> GameResult:
    """Play a game printing its transcript as it goes (only the summary if `quiet`)."""
    transcript = Transcript(console.print, quiet=quiet)
    journal = JsonlLog()
    result = Game(scenario, seed, [transcript, journal]).run()
    journal.write(log, html, f"subway run {scenario.name}")
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
    from subwaysim.stepping import Stepper, game_panels

    events: list[Event] = []
    journal = JsonlLog()
    Game(scenario, seed, [events.append, journal]).run()
    journal.write(*outputs, f"subway run {scenario.name}")
    panels, summary = game_panels(events)
    if first is not None and not 1 <= first <= len(panels):
        raise RunError(f"--turn {first}: the game had turns 1 to {len(panels)}")
    if step:
        Stepper(panels, summary, console.print, console.input).run(first or 1)
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
