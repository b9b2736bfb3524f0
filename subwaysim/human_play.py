"""`subway play subway SCENARIO --seat IRT=human`: a person takes one or more seats."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import click
import typer
from rich.console import Console
from rich.markup import escape

from subwaysim.one_game import RunError
from subwaysim.scenario import ScenarioError, load_scenario

play_app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


@play_app.command()
def _play(
    scenario: Annotated[Path, typer.Argument(help="Scenario YAML file.")],
    seat: Annotated[
        list[str] | None,
        typer.Option(help="PLAYER=AGENT (human, greedy, random); repeatable."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Game seed.")] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help="KEY=VALUE override.")] = None,
    log: Annotated[Path | None, typer.Option(help="Write the event log (JSON lines).")] = None,
) -> None:
    """Play the Subway Game at the console: seats named with --seat take typed builds."""
    from subwaysim.one_game import run_game

    overrides = list(set_ or [])
    s = load_scenario(scenario, [])
    names = list(s.player_names)
    for item in seat or []:
        player, sep, agent = item.partition("=")
        if not sep or player not in names:
            raise ScenarioError(
                "--seat", [f"{item!r}: expected PLAYER=AGENT with PLAYER in {names}"]
            )
        overrides.append(f"players.{names.index(player)}.agent={agent}")
    s = load_scenario(scenario, overrides)
    run_game(s, seed, Console(highlight=False), log)


def play_subway(argv: list[str]) -> int:
    """Run the subway play command on `argv`; return the exit code (2 for bad input)."""
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        play_app(argv, prog_name="subway play subway", standalone_mode=False)
    except ScenarioError as exc:
        for problem in exc.problems:
            err.print(f"[bold red]Error:[/] {escape(f'{exc.source}: {problem}')}")
        return 2
    except RunError as exc:  # the --log file could not be written
        err.print(f"[bold red]Error:[/] {escape(str(exc))}")
        return 2
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        err.print(f"[bold red]Error:[/] {escape(exc.format_message())}")
        return 2
    except (EOFError, KeyboardInterrupt, click.exceptions.Abort):
        err.print("\nGame abandoned.")
        return 1
    return 0
