"""One help and error style for every `subway` command (typer's rich help, shared here).

Every command takes `-h` as well as `--help`; flags show no `<bool>` value; usage lines
name arguments as `SCENARIO`, not `{scenario}`; numbers typed on the command line are read
by `whole` and `number`, whose errors quote what was typed (not a validation library's
wording). Help texts are rich markup: `text()` escapes ours so `[dask]` prints as written.
A usage error (unknown option, missing argument, bad value) is one `Error:` line naming
the option, plus where to find help, and exit code 2, like every other bad input.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperCommand, TyperGroup, TyperOption

from tabletop import signals
from tabletop.terminal import guard_consoles

CONTEXT: dict[str, Any] = {"help_option_names": ["-h", "--help"]}


def _plain_flags(params: list[Any]) -> list[Any]:
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""  # a flag takes no value: show none
    return params


def _plain_usage(pieces: list[str]) -> list[str]:
    return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in pieces]


def print_error(message: str) -> None:
    """`Error: message` on stderr, printed as written (paths and values are not markup)."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"[bold red]Error:[/] {escape(message)}"
    )


def exit_code(call: Callable[[], Any]) -> int:
    """Run a typer command's `main(standalone_mode=False)`; its exit code, errors printed.

    Every command runs here with Ctrl-C and SIGTERM handled one way (`tabletop.signals`:
    exit 130 / 143 with one line, after the command kept what it could) and with control
    characters of any text shown made visible (`tabletop.terminal`)."""
    guard_consoles()
    with signals.handled():
        try:
            result = call()
        except typer.TyperException as exc:  # the parser's errors: unknown option, bad value
            message = _usage_message(exc)
            if message:  # empty when the help page was printed instead (no arguments at all)
                print_error(message)
            return exc.exit_code
        except typer.Abort as exc:  # click's word for Ctrl-C (and Ctrl-D at a prompt)
            stop = exc.__cause__
            if isinstance(stop, KeyboardInterrupt):
                return _stopped(stop)
            return 1
        except KeyboardInterrupt as exc:  # a stop outside click's own call
            return _stopped(exc)
    return result if isinstance(result, int) else 0


def _stopped(exc: KeyboardInterrupt) -> int:
    """One line for a command stopped by a signal; its exit code (130 Ctrl-C, 143 SIGTERM)."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        escape(f"{signals.words_of(exc)}: stopped.")
    )
    return signals.exit_code_of(exc)


def _usage_message(exc: typer.TyperException) -> str:
    message = exc.format_message().strip()
    ctx = getattr(exc, "ctx", None)
    if ctx is None or not message or "\n" in message:  # no message, or a whole help page
        return message
    return f"{message} (see '{ctx.command_path} -h')"


def _main(main: Callable[..., Any], standalone_mode: bool, *args: Any, **kwargs: Any) -> Any:
    """A command's `main`: in standalone mode (the real command line, CliRunner) errors are
    printed our way and the process exits with the code; otherwise exceptions propagate."""
    if not standalone_mode:
        return main(*args, standalone_mode=False, **kwargs)
    sys.exit(exit_code(lambda: main(*args, standalone_mode=False, **kwargs)))


class _HouseStyle:
    """What a command and a group in the house style do alike (mixed in before typer's)."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_flags(super().get_params(ctx))  # type: ignore[misc]

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return _plain_usage(super().collect_usage_pieces(ctx))  # type: ignore[misc]

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        return _main(super().main, standalone_mode, *args, **kwargs)  # type: ignore[misc]


class Command(_HouseStyle, TyperCommand):
    """A command in the house style (flags without `<bool>`, usage without braces)."""


class Group(_HouseStyle, TyperGroup):
    """A command group in the house style."""


def run(app: typer.Typer, argv: list[str], prog: str) -> int:
    """Run `app` on `argv` as `prog`; the exit code (usage errors printed, code 2)."""
    return exit_code(lambda: app(args=argv, prog_name=prog, standalone_mode=False))


def fail(message: str, code: int = 2) -> NoReturn:
    """End a command with one error message (exit code 2: bad input)."""
    print_error(message)
    raise typer.Exit(code)


class App(typer.Typer):
    """A typer app whose commands are `Command`s unless told otherwise."""

    def command(self, *args: Any, cls: type[TyperCommand] | None = None, **kwargs: Any) -> Any:
        return super().command(*args, cls=cls or Command, **kwargs)


def app(help_text: str | None = None, *, no_args_is_help: bool = False) -> App:
    """A typer app in the house style."""
    return App(
        cls=Group,
        help=help_text,
        add_completion=False,
        no_args_is_help=no_args_is_help,
        pretty_exceptions_enable=False,
        context_settings=CONTEXT,
    )


def text(help_text: str) -> str:
    """Our help text as rich markup that prints exactly as written."""
    return escape(help_text)


def whole(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """A parser of whole numbers from `low` to `high` whose errors quote the input."""

    def parse(typed: str | int) -> int:
        if isinstance(typed, int):  # a default, not typed
            return typed
        try:
            value = int(typed.strip())
        except ValueError:
            raise typer.BadParameter(f"{typed!r} is not a whole number") from None
        _in_range(value, low, high, typed)
        return value

    return parse


def number(low: float | None = None, positive: bool = False) -> Callable[[str], float]:
    """A parser of finite numbers (at least `low`, or above 0 if `positive`)."""

    def parse(typed: str | float) -> float:
        if isinstance(typed, int | float):  # a default, not typed
            return float(typed)
        try:
            value = float(typed.strip())
        except ValueError:
            raise typer.BadParameter(f"{typed!r} is not a number") from None
        if not math.isfinite(value):
            raise typer.BadParameter(f"{typed!r} is not a finite number")
        if positive and value <= 0:
            raise typer.BadParameter(f"{typed!r}: give a number above 0")
        _in_range(value, low, None, typed)
        return value

    return parse


def _in_range(value: float, low: float | None, high: float | None, typed: str) -> None:
    if low is not None and value < low:
        raise typer.BadParameter(f"{typed!r}: give at least {low:g}")
    if high is not None and value > high:
        raise typer.BadParameter(f"{typed!r}: give at most {high:g}")
