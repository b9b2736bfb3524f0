"""`subway play subway SCENARIO --seat IRT=human`: people take seats in the Subway Game.

The game is played by the engine as always; every seat's decisions are recorded, so `save`
writes the scenario, the seed and the decisions, and `load` (or `--load FILE`) plays them
again up to where the game was saved. `quit`, Ctrl-D or Ctrl-C leave: "Game left
unfinished.", exit 0, and a `--log` file keeps the turns played.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape

from subwaysim.agents import make_agent
from subwaysim.agents.base import Agent
from subwaysim.agents.registry import names_help
from subwaysim.commands.one_game import JsonlLog, RunError, check_outputs, run_command
from subwaysim.console.decisions import Recorded
from subwaysim.console.human import HumanAgent
from subwaysim.console.saved_game import SubwaySave, read_save
from subwaysim.console.seat import LeaveGame, LoadGame, Resigned, Table
from subwaysim.engine import Game
from subwaysim.output.transcript import Transcript
from subwaysim.scenario import PlayerSpec, load_scenario
from tabletop import cli_style, signals
from tabletop.line_input import LineReader
from tabletop.saves import SaveError

play_app = cli_style.app()


PLAY_HELP = (
    "Play the Subway Game at the console: the seats named with --seat PLAYER=human are yours."
    "\n\nAt your build phase type builds (track c4, station e5 express, remove track c4, "
    "intensify e5 row, borrow), builds to see what you can afford, undo, and done to end the "
    "phase; help lists every command, with moves, hint, board, history, save FILE, load FILE, "
    "resign and quit. A game needs a human seat, or --computer-only to watch."
)


@play_app.command(help=PLAY_HELP)
def _play(
    scenario: Annotated[
        Path | None, typer.Argument(metavar="SCENARIO", help="Scenario YAML file.")
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            metavar="PLAYER=AGENT",
            help=cli_style.text(f"Who plays a seat: PLAYER=human, or {names_help()}; repeatable."),
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            parser=cli_style.whole(), metavar="N", help="Game seed (default: the scenario's)."
        ),
    ] = None,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", metavar="KEY=VALUE", help="Override a scenario key, repeatable."),
    ] = None,
    log: Annotated[
        Path | None, typer.Option(metavar="FILE.jsonl", help="Write the event log (JSON lines).")
    ] = None,
    load: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Resume a saved game (scenario, seed and seats in it)."),
    ] = None,
    computer_only: Annotated[
        bool,
        typer.Option(
            "--computer-only", help="Watch the computer play every seat (no --seat PLAYER=human)."
        ),
    ] = False,
) -> None:
    """Play the Subway Game at the console (PLAY_HELP)."""
    if load is not None:
        if scenario is not None or seat or set_ or seed is not None:
            raise RunError("--load takes the scenario, seed and seats from the saved game")
        save = read_save(load)
    elif scenario is None:
        raise RunError("give a SCENARIO to play, or --load FILE (see 'subway play subway -h')")
    else:
        save = _new_game(scenario, seat or [], seed, set_ or [])
        _someone_plays(save, computer_only)
    check_outputs(log, None, (scenario, load))  # never over the scenario or the save
    console = Console(highlight=False)
    raise typer.Exit(play_at_table(save, console, LineReader(console), log))


def _new_game(path: Path, seats: list[str], seed: int | None, sets: list[str]) -> SubwaySave:
    names = list(load_scenario(path, sets).player_names)
    overrides = list(sets)
    for item in seats:
        player, sep, agent = item.partition("=")
        if not sep or player not in names:
            raise RunError(
                f"--seat {item!r}: expected PLAYER=AGENT with PLAYER one of {', '.join(names)}"
            )
        try:
            PlayerSpec(name=player, agent=agent)
        except ValidationError as exc:
            message = exc.errors()[0]["msg"].removeprefix("Value error, ")
            raise RunError(f"--seat {item!r}: {message}") from None
        overrides.append(f"players.{names.index(player)}.agent={agent}")
    s = load_scenario(path, overrides)
    humans = tuple(p.name for p in s.players if p.agent == "human")
    return SubwaySave(s, s.seed if seed is None else seed, humans, {})


def _someone_plays(save: SubwaySave, computer_only: bool) -> None:
    """A game nobody plays is refused unless asked for (the abstract games seat a human by
    default; here the scenario names the agents, so a person says which seat is theirs)."""
    names = save.scenario.player_names
    if computer_only and save.humans:
        raise RunError(f"--computer-only: {', '.join(save.humans)} is human; drop one of them")
    if not save.humans and not computer_only:
        raise RunError(
            f"no seat is human, so the computer would play the whole game: take a seat with "
            f"--seat {names[0]}=human (players: {', '.join(names)}), or add --computer-only "
            "to watch the computer play"
        )


def play_at_table(
    save: SubwaySave, console: Console, ask: LineReader | None, log: Path | None = None
) -> int:
    """Play a (new or saved) game with its human seats at this console; the exit code."""
    while True:
        try:
            return _play_once(save, console, ask, log)
        except LoadGame as loaded:
            save = loaded.save
            console.print(escape(f"Loaded {loaded.path}."))


def _play_once(save: SubwaySave, console: Console, ask: LineReader | None, log: Path | None) -> int:
    table = Table(console, ask, save.seed)
    table.live = not any(save.decisions.values())
    seats = {name: _seat(save, name, table) for name in save.scenario.player_names}
    table.save_state = lambda: _saved(save, seats, table)
    transcript = Transcript(lambda panel: table.live and console.print(panel))
    journal = JsonlLog()
    game = Game(save.scenario, save.seed, [table.observe, transcript, journal], seats)
    if save.humans and table.live:
        table.greeting = "Type [bold]help[/] at your prompt for the commands."
    source = f"subway play subway {save.scenario.name}"
    code = 0
    try:
        with signals.deferred():  # the kernels run here; prompts re-open (seat.py)
            game.run()
    except Resigned as resigned:
        console.print(escape(resigned.verdict()))
        if log is not None:
            journal.write(log, None, source)
            console.print(escape(f"The log of the turns played is in {log}."))
        return 0
    except (LeaveGame, KeyboardInterrupt, EOFError) as exc:
        if isinstance(exc, KeyboardInterrupt):  # Ctrl-C or SIGTERM: exit 130 / 143
            code = signals.exit_code_of(exc)
            console.print(f"\nGame left unfinished ({signals.words_of(exc)}).")
        else:
            console.print("\nGame left unfinished.")
        if log is not None:
            journal.write(log, None, source)
            console.print(escape(f"The log of the turns played is in {log}."))
        return code
    journal.write(log, None, source)
    return 0


def _seat(save: SubwaySave, name: str, table: Table) -> Recorded:
    rng = random.Random(f"{save.seed}:{name}")
    agent: Agent
    if name in save.humans:
        agent = HumanAgent(name, rng, table, save.phase.get(name, ()))
    else:
        spec = next(p for p in save.scenario.players if p.name == name)
        agent = make_agent(spec.agent, name, rng)

    def go_live() -> None:
        table.live = True

    return Recorded(agent, save.decisions.get(name, ()), on_live=go_live)


def _saved(save: SubwaySave, seats: dict[str, Recorded], table: Table) -> SubwaySave:
    """The game so far: every seat's decisions, and the builds of an open build phase."""
    decisions = {name: tuple(seat.record) for name, seat in seats.items()}
    phase = {}
    if table.open_phase is not None:
        player, kept = table.open_phase
        phase[player] = tuple(kept)
    return SubwaySave(save.scenario, save.seed, save.humans, decisions, phase)


def play_subway(argv: list[str]) -> int:
    """Run `subway play subway` on `argv`; the exit code (2 for bad input)."""
    return run_command(play_app, argv, "subway play subway", (RunError, SaveError))
