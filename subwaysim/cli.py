"""The `subway` command: run, replay, route, validate, sweep, tune, report, playtest, exploit,
learn, match, maps.

Bad input ends with `Error: ...` lines naming the file, key and line, and exit code 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from subwaysim.agents.registry import agents_epilog
from subwaysim.scenario import Scenario, ScenarioError, load_scenario
from tabletop.cli_style import app as styled_app
from tabletop.cli_style import number, print_error, text, whole
from tabletop.signals import exit_code_of, words_of
from tabletop.wording import plural

if TYPE_CHECKING:
    from subwaysim.sweep.report.report_files import Report

app = styled_app(
    "Simulate the Subway Game and play transit-themed abstract games.", no_args_is_help=True
)

SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="KEY=VALUE",
        help="Override a scenario key: KEY=VALUE (dotted path), repeatable.",
    ),
]
ScenarioArg = Annotated[Path, typer.Argument(metavar="SCENARIO", help="Scenario YAML file.")]
ForceOption = Annotated[
    bool,
    typer.Option(
        "--force", help="Replace an existing output file even if it is not of the same kind."
    ),
]
SeedOption = Annotated[
    int | None,
    typer.Option(parser=whole(), metavar="N", help="Game seed (default: the scenario's)."),
]

JobsOption = Annotated[
    int | None,
    typer.Option(
        parser=whole(1), metavar="J", help="Local worker processes (default: every core)."
    ),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(metavar="ADDR", help=text("Dask scheduler ADDRESS (needs transit-games[dask]).")),
]
PrecisionOption = Annotated[
    float | None,
    typer.Option(
        parser=number(positive=True),
        metavar="W",
        help="Add games in batches until every win-rate interval is at most W wide "
        "(or --games is reached).",
    ),
]
BudgetOption = Annotated[
    int, typer.Option(parser=whole(1), metavar="GAMES", help="Games the search may play.")
]


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number_ = version("transit-games")
        except PackageNotFoundError:  # running from a source tree that is not installed
            number_ = "unknown"
        typer.echo(f"subway (transit-games) {number_}")
        raise typer.Exit()


@app.callback()
def _main(
    _: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Simulate the Subway Game and play transit-themed abstract games."""


def fail(message: str) -> NoReturn:
    """One error message on stderr, exit code 2. The message is plain text, not rich markup:
    values like `[2, 2]` or `[dev]` are printed as they are."""
    print_error(message)
    raise typer.Exit(2)


@contextmanager
def resumable(console: Console, out: object, kept: str, *errors: type[Exception]) -> Iterator[None]:
    """A resumable command's failures as one message and exit code 2 each: a bad scenario
    (its file and problems), one of `errors` (its message), an OS error (its file, else
    `out`); Ctrl-C says what is `kept` and exits 130."""
    try:
        yield
    except ScenarioError as exc:
        fail("\n".join(f"{exc.source}: {p}" for p in exc.problems))
    except errors as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{exc.filename or out}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        console.print(escape(f"Interrupted: {kept}; rerun to resume."))
        raise typer.Exit(130) from None


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
        escape(f"{scenario}: ok ({s.name}, players {', '.join(s.player_names)})")
    )


@app.command(epilog=agents_epilog())
def run(
    scenario: ScenarioArg,
    seed: SeedOption = None,
    set_: SetOption = None,
    log: Annotated[
        Path | None,
        typer.Option(metavar="FILE.jsonl", help="Write every event as JSON lines."),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the summary.")] = False,
    step: Annotated[
        bool, typer.Option("--step", help="One turn at a time: Enter, b back, g N, q quit.")
    ] = False,
    turn: Annotated[
        int | None,
        typer.Option("--turn", parser=whole(1), metavar="N", help="Print only turn N."),
    ] = None,
    html: Annotated[
        Path | None, typer.Option("--html", metavar="PAGE.html", help="Write the replay page.")
    ] = None,
    force: ForceOption = False,
) -> None:
    """Play one game of a scenario and print a turn-by-turn transcript."""
    from subwaysim.commands.one_game import (
        Interrupted,
        RunError,
        check_outputs,
        run_game,
        show_turns,
    )

    s = load(scenario, set_)
    if quiet and (step or turn is not None):
        fail("--quiet prints only the summary: it does not go with --step or --turn")
    console = Console(highlight=False)
    try:
        check_outputs(log, html, (scenario,), force)
        if step or turn is not None:
            show_turns(s, seed, console, turn, step, (log, html), inputs=(scenario,), force=force)
        else:
            run_game(s, seed, console, log, quiet, html, inputs=(scenario,), force=force)
    except RunError as exc:
        fail(str(exc))
    except Interrupted as exc:
        console.print(escape(f"{exc.words}; {exc.kept or 'no log was asked for'}."), soft_wrap=True)
        raise typer.Exit(exc.code) from None
    if html is not None:
        console.print(escape(f"Replay page: {html} (open it in a browser)"))


@app.command()
def replay(
    log: Annotated[Path, typer.Argument(metavar="LOG.jsonl", help="A `subway run --log` file.")],
    out: Annotated[Path, typer.Option("--out", metavar="PAGE.html", help="The page to write.")],
    force: ForceOption = False,
) -> None:
    """Write a self-contained HTML page to watch a game from its event log."""
    from subwaysim.output.kinds import PAGE
    from subwaysim.replay.log import LogError, read_log
    from subwaysim.replay.page import write_page
    from tabletop.outputs import OutputRefused, check_output

    try:
        check_output(out, PAGE, (log,), force)
        game = read_log(log)
        write_page(game, out)
    except (LogError, OutputRefused) as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{out}: cannot write it: {exc.strerror or exc}")
    Console(highlight=False).print(
        escape(
            f"{out}: {plural(len(game.frames), 'turn')} of {game.start.scenario}; "
            "open it in a browser"
        )
    )


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
    from subwaysim.commands.one_game import describe_route, route_json

    s = load(scenario, set_)
    try:
        data = route_json(s, origin, destination)
    except SquareError as exc:
        fail(f"{scenario}: {exc}")
    if as_json:
        sys.stdout.write(json.dumps(data) + "\n")
    else:
        Console(highlight=False).print(describe_route(s, data))


@app.command()
def sweep(
    scenario: ScenarioArg,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            parser=whole(1),
            metavar="N",
            help="Games per setting (the most, with --precision).",
        ),
    ],
    out: Annotated[
        str,
        typer.Option(
            "--out", metavar="DIR", help="New folder, or a sweep's folder to resume or extend."
        ),
    ],
    set_: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="KEY=V1,V2",
            help="One grid axis: KEY=V1,V2,... or KEY=LOW..HIGH (dotted key), repeatable.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(parser=whole(0), metavar="N", help="Sweep seed (default: the scenario's)."),
    ] = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    rotate_seats: Annotated[
        bool, typer.Option("--rotate-seats", help="Rotate the seat order game by game.")
    ] = False,
    independent: Annotated[
        bool,
        typer.Option(
            "--independent",
            help="Seed each setting's games apart (default: game k of every setting shares "
            "its seed and cards, so settings compare game by game).",
        ),
    ] = False,
    baseline: Annotated[
        list[str] | None,
        typer.Option(
            "--baseline",
            metavar="KEY=VALUE",
            help="The setting others are compared with (default: the scenario's own value).",
        ),
    ] = None,
    precision: PrecisionOption = None,
) -> None:
    """Play N games of every setting of a grid (resumable): games, summary, comparisons, report."""

    from subwaysim.sweep.errors import SweepError
    from subwaysim.sweep.plan.plan import plan_sweep
    from subwaysim.sweep.report.report_files import write_report
    from subwaysim.sweep.run.backends import choose_backend
    from subwaysim.sweep.run.console import play_live, show_report
    from subwaysim.sweep.run.execution import Sweep

    console = Console(highlight=False)
    folder = Path(out)
    job = None
    try:
        if not out.strip():
            raise SweepError(f"--out {out!r}: give the folder for the sweep's files")
        plan = plan_sweep(
            scenario, set_ or [], games, seed, rotate_seats, independent, baseline or [], precision
        )
        backend = choose_backend(jobs, scheduler)
        with Sweep(plan, folder) as job:
            play_live(job, backend, console)
            report = write_report(folder)
    except (ScenarioError, SweepError) as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{exc.filename or out}: {exc.strerror or exc}")
    except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM (tabletop.signals)
        kept = len(job.records) if job is not None else 0
        held = f"{plural(kept, 'game')} {'is' if kept == 1 else 'are'}"
        console.print(
            escape(f"{words_of(exc)}: {held} in {out}/games.csv; rerun to resume."),
            soft_wrap=True,
        )
        raise typer.Exit(exit_code_of(exc)) from None
    show_report(console, folder, report)
    _exit_on_failures(report)


@app.command()
def tune(
    scenario: ScenarioArg,
    out: Annotated[
        str, typer.Option("--out", metavar="DIR", help="New folder, or a tune's folder to resume.")
    ],
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary",
            metavar="KEY=RANGE",
            help="A key to search: KEY=LOW..HIGH (a range of numbers) or KEY=V1,V2,.. (a list "
            "of values), repeatable.",
        ),
    ] = None,
    target: Annotated[
        list[str] | None,
        typer.Option(
            "--target",
            metavar="MEASURE=GOAL",
            help="What to reach: MEASURE=VALUE, MEASURE=max or MEASURE=min (rounds=20, "
            "first_seat_win_rate=0.5, lead_changes=max, ...), repeatable.",
        ),
    ] = None,
    set_: SetOption = None,
    budget: BudgetOption = 1200,
    games_per_trial: Annotated[
        int,
        typer.Option(
            "--games-per-trial", parser=whole(1), metavar="G", help="Games a trial plays."
        ),
    ] = 40,
    agents: Annotated[
        str | None,
        typer.Option(metavar="A,B,..", help="Agent for every seat, or one per seat."),
    ] = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    seed: Annotated[
        int | None,
        typer.Option(parser=whole(0), metavar="N", help="Tune seed (default: the scenario's)."),
    ] = None,
    confirm: Annotated[
        int,
        typer.Option(
            parser=whole(0),
            metavar="GAMES",
            help="Fresh games for the best setting and the scenario's own (0: no confirmation).",
        ),
    ] = 200,
) -> None:
    """Search rule settings for the designer's targets (resumable), confirm the best against
    the scenario's own setting: DIR/tune.md, tuned.yaml, trials.csv, study.db, plots."""
    from subwaysim.sweep.errors import SweepError
    from subwaysim.tune.command import run_tune, summary_lines
    from subwaysim.tune.plan import TuneOptions

    console = Console(highlight=False)
    options = TuneOptions(
        scenario=str(scenario),
        vary=tuple(vary or ()),
        targets=tuple(target or ()),
        fixed=tuple(set_ or ()),
        budget=budget,
        per_trial=games_per_trial,
        agents=agents,
        jobs=jobs,
        scheduler=scheduler,
        seed=seed,
        confirm=confirm,
        out=out,
    )
    try:
        plan, outcome = run_tune(options, console)
    except (ScenarioError, SweepError) as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{exc.filename or out}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        console.print(
            escape(f"Interrupted: every finished trial is kept in {out}; rerun to resume.")
        )
        raise typer.Exit(130) from None
    for line in summary_lines(plan, outcome, Path(out)):
        console.print(escape(line))


@app.command()
def playtest(
    scenario: ScenarioArg,
    out: Annotated[
        str,
        typer.Option("--out", metavar="DIR", help="New folder, or a playtest's folder to resume."),
    ],
    games: Annotated[
        int,
        typer.Option(
            "--games",
            parser=whole(1),
            metavar="N",
            show_default=True,
            help="Games a setting for quick players (greedy, random, uniform); mcts plays 50 "
            "in every 100 (at least 2) on the questions where skill may matter.",
        ),
    ] = 100,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            metavar="A,B,..",
            show_default=True,
            help="Kinds of players, each in every seat in turn: greedy, random, uniform, "
            "mcts (its default budget), mcts:N or mcts:Xs.",
        ),
    ] = "greedy,mcts",
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    precision: PrecisionOption = None,
    confirm: Annotated[
        int,
        typer.Option(
            "--confirm",
            parser=whole(0),
            metavar="GAMES",
            show_default=True,
            help="Paired games a kind of player confirming recommended.yaml against the draft.",
        ),
    ] = 200,
    tune: Annotated[
        Path | None,
        typer.Option("--tune", metavar="DIR", help="Reuse a `subway tune` folder for Q3."),
    ] = None,
    ladder: Annotated[
        Path | None,
        typer.Option("--ladder", metavar="DIR", help="Reuse an earlier playtest's q1/ladder."),
    ] = None,
    strategies: Annotated[
        Path | None,
        typer.Option(
            "--strategies", metavar="DIR", help="Reuse an earlier playtest's q1/strategies."
        ),
    ] = None,
    tune_budget: Annotated[
        int,
        typer.Option(
            "--tune-budget",
            parser=whole(1),
            metavar="GAMES",
            show_default=True,
            help="Games of Q3's tune of the ending (when --tune is not given).",
        ),
    ] = 1200,
    pair_games: Annotated[
        int,
        typer.Option(
            "--pair-games",
            parser=whole(1),
            metavar="N",
            show_default=True,
            help="Games a pair in Q1's skill ladder and strategy matrix.",
        ),
    ] = 40,
) -> None:
    """Answer the designer's twelve tester questions: a sweep each (resumable), then
    DIR/report.md with a section per question."""
    from subwaysim.playtest.command import run_playtest
    from subwaysim.playtest.options import PlaytestError, parse_options
    from subwaysim.sweep.errors import SweepError

    console = Console(highlight=False)
    try:
        reuse = {"tune": tune, "ladder": ladder, "strategies": strategies}
        options = parse_options(
            scenario, out, games, agents, jobs, precision, scheduler, confirm, reuse,
            tune_budget, pair_games,
        )  # fmt: skip
        _, failed = run_playtest(options, console)
    except (ScenarioError, SweepError, PlaytestError) as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{exc.filename or out}: {exc.strerror or exc}")
    except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM (tabletop.signals)
        console.print(
            escape(f"{words_of(exc)}: every finished game is kept in {out}; rerun to resume."),
            soft_wrap=True,
        )
        raise typer.Exit(exit_code_of(exc)) from None
    if failed:
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            escape(
                f"Error: {plural(failed, 'game')} failed (see each sweep's failed.csv); "
                "rerun to retry"
            )
        )
        raise typer.Exit(1)


def _exit_on_failures(built: Report) -> None:
    """Exit 1 when games raised: the report covers the others, failed.csv names them."""
    failures = built.failures
    if failures:
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            escape(
                f"Error: {plural(len(failures), 'game')} failed (listed in failed.csv, played "
                f"again on the next run); first: {failures[0].describe()}"
            )
        )
        raise typer.Exit(1)


@app.command()
def report(
    folder: Annotated[
        Path, typer.Argument(metavar="DIR", help="A sweep's --out folder (with games.csv).")
    ],
) -> None:
    """Rebuild a sweep's summary.csv, compare.csv, plots and report.md from its games."""

    from subwaysim.sweep.errors import SweepError
    from subwaysim.sweep.report.report_files import write_report
    from subwaysim.sweep.run.console import show_report
    from subwaysim.sweep.run.lock import FolderLock

    try:
        if not folder.is_dir():
            raise SweepError(f"{folder / 'games.csv'}: no such file (is {folder} a sweep folder?)")
        with FolderLock(folder):
            built = write_report(folder)
    except SweepError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{exc.filename or folder}: {exc.strerror or exc}")
    show_report(Console(highlight=False), folder, built)
    _exit_on_failures(built)


@app.command()
def exploit(
    scenario: ScenarioArg,
    against: Annotated[
        str, typer.Option("--against", metavar="AGENT", help="The agent to beat, e.g. greedy.")
    ],
    out: Annotated[
        Path,
        typer.Option("--out", metavar="DIR", help="New folder, or an exploit's folder to resume."),
    ],
    budget: BudgetOption = 400,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    seed: Annotated[
        int | None,
        typer.Option(parser=whole(0), metavar="N", help="Search seed (default: the scenario's)."),
    ] = None,
    confirm: Annotated[
        int,
        typer.Option(parser=whole(1), metavar="GAMES", help="Fresh games confirming the best."),
    ] = 200,
    set_: SetOption = None,
) -> None:
    """Search greedy's style weights for the strategy that beats AGENT most (resumable)."""
    from subwaysim.strategies.exploit import ExploitError
    from subwaysim.strategies.exploit_command import run_exploit
    from subwaysim.sweep.errors import SweepError

    console = Console(highlight=False)
    with resumable(console, out, f"the games so far are in {out}", ExploitError, SweepError):
        code = run_exploit(
            scenario, against, budget, jobs, scheduler, out, seed, confirm, set_ or [], console
        )
    raise typer.Exit(code)


@app.command()
def learn(
    scenarios: Annotated[
        list[Path], typer.Argument(metavar="SCENARIO...", help="Scenario YAML files to learn from.")
    ],
    out: Annotated[
        Path, typer.Option("--out", metavar="MODEL.json", help="The value model file to write.")
    ],
    games: Annotated[
        int,
        typer.Option(parser=whole(1), metavar="N", help="Self-play games a scenario (at least 5)."),
    ] = 20,
    seed: Annotated[
        int | None,
        typer.Option(parser=whole(0), metavar="N", help="Self-play seed (default: 0)."),
    ] = None,
    jobs: JobsOption = None,
    data: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Where the self-play games are kept (default: MODEL.selfplay.jsonl); "
            "a stopped run resumes from it.",
        ),
    ] = None,
    force: ForceOption = False,
) -> None:
    """Fit the mcts player's value of a position to self-play games (resumable)."""
    from subwaysim.commands.learn import run_learn
    from subwaysim.learning.selfplay import SelfPlayError
    from subwaysim.sweep.errors import SweepError

    console = Console(highlight=False)
    with resumable(console, out, "the games so far are kept", SelfPlayError, SweepError):
        code = run_learn(scenarios, out, games, seed or 0, jobs, data, console, force)
    raise typer.Exit(code)


@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=False,
)
def play(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="subway, rapid-transit, thruway or transit-chess.")],
) -> None:
    """Play a game in the terminal (`subway play GAME --help` lists the game's options)."""
    _help_without_game(ctx, game)
    _known_game(game, "play")
    if game in ("subway", "subway-game"):
        from subwaysim.console.human_play import play_subway

        raise typer.Exit(play_subway(list(ctx.args)))
    from abstracts.cli import play_main

    raise typer.Exit(play_main(game, list(ctx.args)))


@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=False,
)
def match(
    ctx: typer.Context,
    game: Annotated[
        str,
        typer.Argument(help="subway (with a scenario), rapid-transit, thruway or transit-chess."),
    ],
) -> None:
    """AI vs AI series: a ladder of Subway Game agents, or an abstract game's match.

    `subway match GAME -h` lists the game's options.
    """
    _help_without_game(ctx, game)
    _known_game(game, "match")
    if game in ("subway", "subway-game"):
        from subwaysim.commands.match_subway import match_subway

        raise typer.Exit(match_subway(list(ctx.args)))
    from abstracts.cli import match_main

    raise typer.Exit(match_main(game, list(ctx.args)))


def _games() -> str:
    from abstracts import game_names

    return f"subway (with a scenario), {', '.join(game_names())}"


def _help_without_game(ctx: typer.Context, game: str) -> None:
    """`subway play --help` (no game yet): the command's help and the games it takes."""
    if game.startswith("-"):
        typer.echo(ctx.get_help())
        typer.echo(f"\nGames: {_games()}.")
        if game not in ("--help", "-h"):
            fail(f"give the game first: subway {ctx.info_name} GAME {game} ...")
        raise typer.Exit(0)


def _known_game(game: str, command: str) -> None:
    from abstracts import game_names
    from tabletop.wording import did_you_mean

    known = ("subway", "subway-game", *game_names())
    if game not in known:
        fail(f"unknown game {game!r}{did_you_mean(game, known)}; subway {command} takes {_games()}")


@app.command()
def maps() -> None:
    """List the bundled Chess on a Mass Transit System maps."""
    from abstracts.transit_chess.cli import maps_main

    raise typer.Exit(maps_main())


def main() -> None:
    app()
