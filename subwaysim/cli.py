"""The `subway` command: run, route, validate, sweep, report, play, match, maps.

Bad input ends with `Error: ...` lines naming the file, key and line, and exit code 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console

from subwaysim.scenario import Scenario, ScenarioError, load_scenario

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Simulate the Subway Game and play transit-themed abstract games.",
    pretty_exceptions_enable=False,
)

SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", help="Override a scenario key: KEY=VALUE (dotted path), repeatable."),
]
ScenarioArg = Annotated[Path, typer.Argument(help="Scenario YAML file.")]


def fail(message: str) -> NoReturn:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"[bold red]Error:[/] {message}")
    raise typer.Exit(2)


def load(path: Path, overrides: list[str] | None = None) -> Scenario:
    try:
        return load_scenario(path, overrides or [])
    except ScenarioError as exc:
        fail("\n".join(f"{exc.source}: {p}" for p in exc.problems))


@app.command()
def validate(scenario: ScenarioArg, set_: SetOption = None) -> None:
    """Check a scenario file; exit 0 if it is valid, 2 with one line per problem if not."""
    s = load(scenario, set_)
    Console(highlight=False).print(
        f"{scenario}: ok ({s.name}, players {', '.join(s.player_names)})"
    )


@app.command()
def run(
    scenario: ScenarioArg,
    seed: Annotated[int | None, typer.Option(help="Game seed (default: the scenario's).")] = None,
    set_: SetOption = None,
    log: Annotated[Path | None, typer.Option(help="Write every event as JSON lines.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the summary.")] = False,
) -> None:
    """Play one game of a scenario and print a turn-by-turn transcript."""
    from subwaysim.runner import run_game

    s = load(scenario, set_)
    console = Console(highlight=False)
    try:
        run_game(s, seed, console, log, quiet)
    except OSError as exc:
        fail(f"{log}: cannot write the log: {exc.strerror}")


@app.command()
def route(
    scenario: ScenarioArg,
    origin: Annotated[str, typer.Argument(metavar="FROM", help="Origin square, e.g. a1.")],
    destination: Annotated[str, typer.Argument(metavar="TO", help="Destination square.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the route as JSON.")] = False,
    set_: SetOption = None,
) -> None:
    """Resolve one trip on the scenario's starting network (SG-9..SG-15)."""
    from subwaysim.board import SquareError
    from subwaysim.runner import describe_route, route_json

    s = load(scenario, set_)
    try:
        data = route_json(s, origin, destination)
    except SquareError as exc:
        fail(f"{scenario}: {exc}")
    if as_json:
        sys.stdout.write(json.dumps(data) + "\n")
    else:
        Console(highlight=False).print(describe_route(s, data))


@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=False,
)
def play(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="subway, rapid-transit, thruway or transit-chess.")],
) -> None:
    """Play a game in the terminal (`subway play GAME --help` lists the game's options)."""
    if game in ("subway", "subway-game"):
        from subwaysim.human_play import play_subway

        raise typer.Exit(play_subway(list(ctx.args)))
    from abstracts.cli import play_main

    raise typer.Exit(play_main(game, list(ctx.args)))


@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=False,
)
def match(
    ctx: typer.Context, game: Annotated[str, typer.Argument(help="Abstract game name.")]
) -> None:
    """AI vs AI series of an abstract game (`subway match GAME --help`)."""
    from abstracts.cli import match_main

    raise typer.Exit(match_main(game, list(ctx.args)))


@app.command()
def maps() -> None:
    """List the bundled Chess on a Mass Transit System maps."""
    from abstracts.transit_chess.cli import maps_main

    raise typer.Exit(maps_main())


def main() -> None:
    app()
