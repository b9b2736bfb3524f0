"""What the CLI's `run` and `route` do, apart from argument parsing.

Output files are checked before the first turn (a folder, or a place that cannot be written,
is refused at once, not after a whole game); an interrupted game (Ctrl-C) still writes the
log of the turns it played, as valid JSON lines.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console, RenderableType
from rich.text import Text

from subwaysim.engine import Game, GameResult
from subwaysim.events import Event, TurnEnded
from subwaysim.output.kinds import LOG, PAGE
from subwaysim.output.transcript import Transcript, player_colours
from subwaysim.routing import Router, ordered_modes
from subwaysim.scenario import Scenario, ScenarioError
from subwaysim.state import routing_rules, start_network
from subwaysim.trips import legs_record, trip_points
from tabletop import signals
from tabletop.outputs import AtomicOutput, Output, OutputRefused, write_atomic
from tabletop.outputs import check_outputs as outputs_check

if TYPE_CHECKING:
    import typer


class RunError(ValueError):
    """A run's output could not be written, or it was asked for a turn the game did not have."""


class JsonlLog:
    """Observer keeping every event as one JSON line.

    With `stream` (the log file to write) each line goes at once to a temporary file beside
    it, so memory holds one line, not the game (a game at the scenario limits logs hundreds
    of megabytes); `save(stream)` puts that file in place. Without, the lines are kept in
    `lines` (short games, tests). After each turn is a safe point for Ctrl-C and SIGTERM
    (`tabletop.signals`): a stop raises there, never inside the routing kernels, and the
    log then ends with a whole turn.
    """

    def __init__(self, stream: Path | None = None) -> None:
        self.lines: list[str] = []
        self.events = 0
        self.turns = 0
        self.bytes = 0
        self.stream = stream
        self._out = AtomicOutput(stream) if stream is not None else None

    def __call__(self, event: Event) -> None:
        line = event.to_json()
        self.events += 1
        if self._out is not None:
            data = (line + "\n").encode("utf-8")
            self._out.write(data)
            self.bytes += len(data)
        else:
            self.lines.append(line)
            self.bytes += len(line) + 1
        if isinstance(event, TurnEnded):
            self.turns += 1
            signals.checkpoint()  # a safe point: between turns

    def save(self, path: Path) -> None:
        if self._out is not None and path == self.stream:
            if not self._out.done:
                self._out.commit()
            return
        if self._out is not None:
            raise RunError(f"{path}: this log streams to {self.stream}")
        write_atomic(path, ("\n".join(self.lines) + "\n").encode("utf-8"))

    def discard(self) -> None:
        """Leave no temporary file behind (the game failed before its log was saved)."""
        if self._out is not None:
            self._out.discard()

    def save_page(self, path: Path, source: str) -> None:
        """The replay page, read from these very lines as `subway replay` reads a log file."""
        from subwaysim.replay.log import MAX_LOG_BYTES, LogError, parse_log, too_large_for_a_page
        from subwaysim.replay.page import write_page

        try:
            if self.bytes > MAX_LOG_BYTES:
                raise too_large_for_a_page(source, self.bytes)
            if self._out is not None:
                self.save(self.stream)  # type: ignore[arg-type]
                from subwaysim.replay.log import read_log

                replay = read_log(self.stream, source)  # type: ignore[arg-type]
            else:
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
                except OutputRefused as exc:
                    raise RunError(str(exc)) from None
                except OSError as exc:
                    raise RunError(f"{path}: cannot write it: {exc.strerror or exc}") from None


def check_outputs(
    log: Path | None = None,
    html: Path | None = None,
    inputs: tuple[Path | None, ...] = (),
    force: bool = False,
) -> None:
    """RunError now if an output could not (or may not) be written at the end of the game:
    the one output opener's checks (`tabletop.outputs`): not over an input or the other
    output, not over a link, device or FIFO, not over a file of another kind without --force.
    """
    outputs = [
        Output(path, kind, option)
        for path, kind, option in ((log, LOG, "--log"), (html, PAGE, "--html"))
        if path is not None
    ]
    try:
        outputs_check(outputs, [p for p in inputs if p is not None], force)
    except OutputRefused as exc:
        raise RunError(str(exc)) from None


class Interrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM during a game; `kept` says where the log of the turns played went,
    `code` is the exit code (130 or 143)."""

    def __init__(self, kept: str, code: int = signals.INTERRUPT_CODE) -> None:
        super().__init__(kept)
        self.kept = kept
        self.code = code

    @property
    def words(self) -> str:
        return signals.Stop(self.code).words


def play_logged(game: Game, journal: JsonlLog, log: Path | None, source: str) -> GameResult:
    """Run the game with signals deferred to the safe points (after each turn); on Ctrl-C or
    SIGTERM write the log so far (valid JSON lines, whole turns) and raise Interrupted."""
    try:
        with signals.deferred():
            return game.run()
    except KeyboardInterrupt as exc:
        code = signals.exit_code_of(exc)
        if log is None:
            journal.discard()
            raise Interrupted("", code) from None
        journal.write(log, None, source)
        raise Interrupted(
            f"the log of the {journal.turns} turns played ({journal.events} events) is in {log}",
            code,
        ) from None
    except BaseException:
        journal.discard()
        raise


def run_game(
    scenario: Scenario,
    seed: int | None,
    console: Console,
    log: Path | None = None,
    quiet: bool = False,
    html: Path | None = None,
    *,
    inputs: tuple[Path | None, ...] = (),
    force: bool = False,
) -> GameResult:
    """Play a game printing its transcript as it goes (only the summary if `quiet`)."""
    check_outputs(log, html, inputs, force)
    transcript = Transcript(console.print, quiet=quiet)
    journal = JsonlLog(log)
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
    *,
    inputs: tuple[Path | None, ...] = (),
    force: bool = False,
) -> None:
    """Play a game silently, then print turn `first` alone or step through the turns from it.

    `outputs` are the log and the replay page to write, if any.
    """
    from subwaysim.console.screen_fit import Screen
    from subwaysim.console.stepping import Stepper, game_panels

    check_outputs(*outputs, inputs, force)
    events: list[Event] = []
    journal = JsonlLog(outputs[0])
    source = f"subway run {scenario.name}"
    play_logged(Game(scenario, seed, [events.append, journal]), journal, outputs[0], source)
    journal.write(*outputs, source)
    panels, summary = game_panels(events)
    if first is not None and not 1 <= first <= len(panels):
        raise RunError(f"--turn {first}: the game had turns 1 to {len(panels)}")
    if step:
        from tabletop.line_input import LineReader

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


def run_command(
    app: typer.Typer, argv: list[str], prog: str, errors: tuple[type[Exception], ...]
) -> int:
    """Run the sub-command `app` on `argv` as `prog`; the exit code, 2 with `Error:` lines for
    a bad scenario (one a problem) or one of `errors` (`subway play subway`, `match subway`)."""
    from tabletop import cli_style

    try:
        return cli_style.run(app, argv, prog)
    except ScenarioError as exc:
        for problem in exc.problems:
            cli_style.print_error(f"{exc.source}: {problem}")
        return 2
    except errors as exc:
        cli_style.print_error(str(exc))
        return 2
