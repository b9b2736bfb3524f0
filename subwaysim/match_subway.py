"""`subway match subway SCENARIO --agents mcts,greedy,random --games N`: the ladder's command
(progress bar, win matrix, Elo); `ladder.py` holds what it computes."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from abstracts import cli_style
from subwaysim.ladder import Ladder, ladder_tasks
from subwaysim.scenario import AGENT, AGENTS_HELP, ScenarioError, load_scenario
from subwaysim.sweep.failures import FailedGame
from subwaysim.sweep.results import GameRecord

match_app = cli_style.app()


class LadderError(ValueError):
    """Bad input to the ladder (agents, games)."""


@match_app.command()
def _match(
    scenario: Annotated[
        Path,
        typer.Argument(metavar="SCENARIO", help="Scenario YAML file (its first two seats play)."),
    ],
    agents: Annotated[
        str,
        typer.Option(
            metavar="A,B,..", help="Agents, comma-separated: e.g. mcts,greedy,random (mcts:400)."
        ),
    ],
    games: Annotated[
        int,
        typer.Option(
            parser=cli_style.whole(1), metavar="N", help="Games per pair of agents (seats rotated)."
        ),
    ] = 20,
    jobs: Annotated[
        int | None,
        typer.Option(
            parser=cli_style.whole(1), metavar="J", help="Worker processes (default: cores)."
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(parser=cli_style.whole(0), metavar="S", help="Ladder seed.")
    ] = 0,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", metavar="KEY=VALUE", help="Override a scenario key, repeatable."),
    ] = None,
) -> None:
    """Every pair of agents plays GAMES games on the scenario; a win matrix and Elo ratings."""
    from subwaysim.agents.styles import StyleError, check_spec, is_style_spec
    from subwaysim.sweep.backends import choose_backend

    names = [a.strip() for a in agents.split(",") if a.strip()]
    bad = [a for a in names if not AGENT.match(a) and not is_style_spec(a)]
    if bad:
        raise LadderError(f"--agents {bad[0]!r}: each agent is {AGENTS_HELP}")
    try:
        for name in filter(is_style_spec, names):
            check_spec(name)
    except StyleError as exc:
        raise LadderError(f"--agents: {exc}") from None
    if len(set(names)) < 2 or len(set(names)) != len(names):
        raise LadderError(f"--agents {agents!r}: name two or more different agents")
    s = load_scenario(scenario, set_ or [])
    tasks = ladder_tasks(s, names, games, seed)
    # Round robin: game k of every pair before game k + 1, so that an interrupted ladder has
    # played every pair about equally and still shows the equilibrium (same games, any order).
    tasks.sort(key=lambda t: t.game)
    console = Console(highlight=False)
    records: list[GameRecord] = []
    failed: list[FailedGame] = []
    try:
        with Progress(
            TextColumn("[bold]games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=console, transient=True,
        ) as progress:  # fmt: skip
            task = progress.add_task("games", total=len(tasks))
            for outcome in choose_backend(jobs, None)(tasks):
                if isinstance(outcome, FailedGame):
                    failed.append(outcome)
                else:
                    records.append(outcome.record)
                progress.advance(task)
    except KeyboardInterrupt:
        console.print(f"Interrupted after {len(records)} of {len(tasks)} games: the table so far.")
        show(console, Ladder.of(names, records), s.name)
        raise typer.Exit(130) from None
    show(console, Ladder.of(names, records), s.name)
    for game in failed:
        console.print(
            escape(
                f"failed: {game.setting.label()} game {game.game} (seed {game.seed}): {game.error}"
            )
        )
    if failed:
        raise typer.Exit(1)


def show(console: Console, ladder: Ladder, title: str) -> None:
    """Win matrix (row agent's record against the column agent) and Elo, best first."""
    elo = ladder.elo()
    order = sorted(ladder.agents, key=lambda a: -elo[a])
    table = Table(title=escape(f"{title}: row vs column, won–lost–drawn, win rate [95% CI]"))
    table.add_column("agent")
    table.add_column("Elo", justify="right")
    for agent in order:
        table.add_column(agent, justify="right")
    for a in order:
        cells = []
        for b in order:
            if a == b:
                cells.append("–")
                continue
            head = ladder.heads[a, b]
            low, high = head.interval()
            rate = (
                ""
                if not head.games
                else f" {100 * head.rate:.0f}% [{100 * low:.0f}–{100 * high:.0f}]"
            )
            cells.append(f"{head.wins}–{head.losses}–{head.draws}{rate}")
        table.add_row(escape(a), f"{elo[a]:.0f}", *cells)
    console.print(table)
    show_equilibrium(console, ladder, order)


def show_equilibrium(console: Console, ladder: Ladder, order: list[str]) -> None:
    """Under the matrix: each strategy's weight in the equilibrium, its win rate against the
    field and the flags (`strategies/equilibrium.py`)."""
    from subwaysim.strategies.equilibrium import StrategyMatrix

    if not all(head.games for head in ladder.heads.values()):
        return  # an interrupted ladder: some pair has no games to weigh
    verdicts = {v.name: v for v in StrategyMatrix.of_ladder(ladder).verdicts()}
    table = Table(title="Equilibrium of the win-rate game, field win rate [95% CI], flags")
    for column in ("strategy", "weight", "vs field", "flags"):
        table.add_column(column, justify="right" if column in ("weight", "vs field") else "left")
    for name in order:
        v = verdicts[name]
        low, high = v.field.interval()
        rate = f"{100 * v.field.rate:.1f}% [{100 * low:.1f}–{100 * high:.1f}]"
        table.add_row(escape(name), f"{v.weight:.3f}", rate, escape("; ".join(v.flags())))
    console.print(table)


def match_subway(argv: list[str]) -> int:
    """Run the command on `argv`; the exit code (2 for bad input)."""
    try:
        return cli_style.run(match_app, argv, "subway match subway")
    except ScenarioError as exc:
        for problem in exc.problems:
            cli_style.print_error(f"{exc.source}: {problem}")
        return 2
    except LadderError as exc:
        cli_style.print_error(str(exc))
        return 2
