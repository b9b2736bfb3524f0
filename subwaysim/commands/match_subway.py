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

from subwaysim.agents.registry import agents_epilog, parse_spec
from subwaysim.commands.ladder import Ladder, ladder_tasks
from subwaysim.commands.one_game import run_command
from subwaysim.commands.skill_chain import (
    DEFAULT_GAMES,
    Backend,
    Chain,
    Rung,
    default_agents,
    play_chain,
)
from subwaysim.scenario import Scenario, load_scenario
from subwaysim.strategies.sources import ActionUse, add_uses, play_with_use
from subwaysim.strategies.sources_view import show_sources
from subwaysim.sweep.run.failures import FailedGame
from subwaysim.sweep.run.results import GameRecord
from tabletop import cli_style, signals
from tabletop.wording import plural

match_app = cli_style.app()


class LadderError(ValueError):
    """Bad input to the ladder (agents, games)."""


@match_app.command(epilog=agents_epilog(people=False))
def _match(
    scenario: Annotated[
        Path,
        typer.Argument(metavar="SCENARIO", help="Scenario YAML file (its first two seats play)."),
    ],
    agents: Annotated[
        str | None,
        typer.Option(
            metavar="A,B,..",
            help="Agents, comma-separated: e.g. mcts,greedy,random (mcts:400); with --ladder, "
            "the rungs from the bottom (default random,greedy,mcts at 1x 2x 4x 8x its budget).",
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            parser=cli_style.whole(1),
            metavar="N",
            help="Games per pair of agents, or per rung with --ladder (seats rotated; "
            f"default 20, or {DEFAULT_GAMES} a rung).",
        ),
    ] = None,
    ladder: Annotated[
        bool,
        typer.Option(
            help="The skill chain: each agent against the one before it (seats rotated, "
            "common seeds), win rates with 95% intervals, Elo, CPU a game of each rung.",
        ),
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            parser=cli_style.whole(1),
            metavar="J",
            help="Local worker processes (default: every core).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            parser=cli_style.whole(0), metavar="N", help="Ladder seed (default: the scenario's)."
        ),
    ] = None,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", metavar="KEY=VALUE", help="Override a scenario key, repeatable."),
    ] = None,
) -> None:
    """Every pair of agents plays GAMES games on the scenario; a win matrix and Elo ratings.
    With --ladder, each agent plays the one before it: the game's skill chain."""
    from subwaysim.sweep.run.backends import choose_backend

    if agents is None and not ladder:
        raise LadderError("--agents: name two or more agents (e.g. --agents mcts,greedy)")
    names = (
        default_agents() if agents is None else [a.strip() for a in agents.split(",") if a.strip()]
    )
    for name in names:
        try:
            parse_spec(name, people=False)  # an AI-only series: no human seat
        except ValueError as exc:
            raise LadderError(f"--agents: {exc}") from None
    if len(set(names)) < 2 or len(set(names)) != len(names):
        raise LadderError(f"--agents {agents!r}: name two or more different agents")
    s = load_scenario(scenario, set_ or [])
    seed = s.seed if seed is None else seed
    if ladder:
        raise typer.Exit(
            run_chain(s, names, games or DEFAULT_GAMES, seed, choose_backend(jobs, None))
        )
    tasks = ladder_tasks(s, names, games or 20, seed)
    # Round robin: game k of every pair before game k + 1, so that an interrupted series has
    # played every pair about equally and still shows the equilibrium (same games, any order).
    tasks.sort(key=lambda t: t.game)
    console = Console(highlight=False)
    records: list[GameRecord] = []
    failed: list[FailedGame] = []
    uses: dict[str, ActionUse] = {}  # each agent's builds and points by source (issue 30)
    try:
        with Progress(
            TextColumn("[bold]games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=console, transient=True,
        ) as progress:  # fmt: skip
            task = progress.add_task("games", total=len(tasks))
            for outcome in choose_backend(jobs, None, play_with_use)(tasks):
                if isinstance(outcome, FailedGame):
                    failed.append(outcome)
                else:
                    records.append(outcome.record)
                    add_uses(uses, outcome)
                progress.advance(task)
    except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM (tabletop.signals): 130 / 143
        words = signals.words_of(exc).split(" (")[0]
        done = f"{len(records)} of {plural(len(tasks), 'game')}"
        console.print(f"{words} after {done}: the table so far.")
        show(console, Ladder.of(names, records), s.name, uses)
        raise typer.Exit(signals.exit_code_of(exc)) from None
    show(console, Ladder.of(names, records), s.name, uses)
    for game in failed:
        console.print(
            escape(
                f"failed: {game.setting.label()} game {game.game} (seed {game.seed}): {game.error}"
            )
        )
    if failed:
        raise typer.Exit(1)


def show(
    console: Console, ladder: Ladder, title: str, uses: dict[str, ActionUse] | None = None
) -> None:
    """Win matrix (row agent's record against the column agent) and Elo, best first; with
    `uses`, what each strategy builds and where its points come from."""
    elo = ladder.elo()
    order = sorted(ladder.agents, key=lambda a: -elo[a])
    table = Table(title=escape(f"{title}: row vs column, won–lost–drawn, win rate [95% CI]"))
    table.add_column("agent", overflow="fold")  # folded, never cut, in a narrow terminal
    table.add_column("Elo", justify="right")
    for agent in order:
        table.add_column(escape(agent), justify="right", overflow="fold")
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
    show_equilibrium(console, ladder, order, uses)
    if uses:
        show_sources(console, order, uses)


def show_equilibrium(
    console: Console, ladder: Ladder, order: list[str], uses: dict[str, ActionUse] | None = None
) -> None:
    """Under the matrix: each strategy's weight in the equilibrium, its win rate against the
    field and the flags (`strategies/equilibrium.py`)."""
    from subwaysim.strategies.equilibrium import StrategyMatrix

    if not all(head.games for head in ladder.heads.values()):
        return  # an interrupted series: some pair has no games to weigh
    verdicts = {v.name: v for v in StrategyMatrix.of_ladder(ladder).verdicts(uses or None)}
    table = Table(title="Equilibrium of the win-rate game, field win rate [95% CI], flags")
    for column in ("strategy", "weight", "vs field", "flags"):
        table.add_column(column, justify="right" if column in ("weight", "vs field") else "left")
    for name in order:
        v = verdicts[name]
        low, high = v.field.interval()
        rate = f"{100 * v.field.rate:.1f}% [{100 * low:.1f}–{100 * high:.1f}]"
        table.add_row(escape(name), f"{v.weight:.3f}", rate, escape("; ".join(v.flags())))
    console.print(table)


def run_chain(
    scenario: Scenario, agents: list[str], games: int, seed: int, backend: Backend
) -> int:
    """Play and print the skill chain (see `skill_chain.py`); the exit code."""
    console = Console(highlight=False)
    failed: list[FailedGame] = []
    finished: list[Rung] = []
    chain: Chain | None = None
    total = games * (len(agents) - 1)
    with Progress(
        TextColumn("[bold]games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, transient=True,
    ) as progress:  # fmt: skip
        task = progress.add_task("games", total=total)
        try:
            chain = play_chain(
                scenario, agents, games, seed, backend,
                on_outcome=lambda _: progress.advance(task), failed=failed, rungs=finished,
            )  # fmt: skip
        except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM (tabletop.signals): 130 / 143
            chain, code = None, signals.exit_code_of(exc)
            words = signals.words_of(exc).split(" (")[0]
    if chain is None:
        console.print(f"{words} after {len(finished)} of {len(agents) - 1} rungs: those rungs.")
        if finished:
            show_chain(console, Chain(agents[0], tuple(finished)), scenario.name, games)
        return code
    show_chain(console, chain, scenario.name, games)
    for game in failed:
        console.print(
            escape(
                f"failed: {game.setting.label()} game {game.game} (seed {game.seed}): {game.error}"
            )
        )
    return 1 if failed else 0


def show_chain(console: Console, chain: Chain, title: str, games: int) -> None:
    """Each rung against the one below, its Elo and cost; the spread and the skill chain."""
    elo = chain.elo()
    table = Table(
        title=escape(f"{title}: skill ladder, {games} games a rung, each rung vs the rung below")
    )
    for name, justify in (
        ("rung", "left"), ("vs", "left"), ("W–L–D", "right"),
        ("win % [95% CI]", "right"), ("sure", "left"), ("Elo", "right"),
        ("CPU s/game", "right"),
    ):  # fmt: skip
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    table.add_row(escape(chain.bottom), "", "", "", "", f"{elo[chain.bottom]:.0f}", "")
    for rung in chain.rungs:
        low, high = rung.interval()
        rate = (
            "" if not rung.games else f"{100 * rung.rate:.0f}% [{100 * low:.0f}–{100 * high:.0f}]"
        )
        cost = "" if rung.cost is None else f"{rung.cost:.2f}"
        table.add_row(
            escape(rung.agent), escape(rung.below), f"{rung.wins}–{rung.losses}–{rung.draws}",
            rate, "yes" if rung.significant else "no", f"{elo[rung.agent]:.0f}", cost,
        )  # fmt: skip
    console.print(table)
    best, spread = chain.spread()
    console.print(escape(f"Elo spread from {chain.bottom} to the best rung ({best}): {spread:.0f}"))
    run = chain.skill_chain()
    steps = max(len(run) - 1, 0)
    console.print(
        escape(
            f"skill chain: {steps} rung{'s' if steps != 1 else ''} in a row beat the rung below "
            "significantly" + (f" ({' < '.join(run)})" if run else "")
        )
    )


def match_subway(argv: list[str]) -> int:
    """Run the command on `argv`; the exit code (2 for bad input)."""
    return run_command(match_app, argv, "subway match subway", (LadderError,))
