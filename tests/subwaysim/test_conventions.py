"""The conventions of every `subway` command (README "Conventions", issue 32), checked by
walking the command tree: every top-level command of the typer app, and for `play` and
`match` the command of every game they take (captured as they would run). No list of
commands is written here by hand."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer._click.core import Command, Context  # typer's own click: its command tree
from typer.core import TyperArgument, TyperOption
from typer.testing import CliRunner

from abstracts import game_names
from subwaysim.cli import app
from tabletop import cli_style
from tabletop.wording import did_you_mean, plural

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = str(ROOT / "scenarios" / "classic.yaml")
runner = CliRunner()
METAVAR = re.compile(
    r"^[a-z0-9-]+(\|[a-z0-9-]+)+$|"  # a choice: its values, as the games show them
    r"^[A-Z][A-Za-z0-9_]*(\.[a-z]+)?$|^[A-Z]+(=[A-Z0-9]+)?(,[A-Z0-9]+)*(,\.\.)?$"
)
# One option name, one metavar; these name what they take, which differs by command:
# --out is the folder of a sweep or playtest but the page of `replay`; --agents is two
# agents for an abstract game's match but any number for the Subway Game; --set is one
# value a key, except `sweep`, whose --set is a grid axis.
SEVERAL = {"--out": {"DIR", "PAGE.html", "MODEL.json"}, "--agents": {"A,B", "A,B,.."}}
SEVERAL["--set"] = {"KEY=VALUE", "KEY=V1,V2"}


def _games() -> list[str]:
    return ["subway", *game_names()]


def _dispatched(path: list[str], monkeypatch: pytest.MonkeyPatch) -> Command:
    """The command `subway *path` runs, captured where it would start."""
    found: list[typer.Typer] = []

    def capture(sub: typer.Typer, argv: list[str], prog: str) -> int:
        found.append(sub)
        return 0

    with monkeypatch.context() as patch:
        patch.setattr(cli_style, "run", capture)
        result = runner.invoke(app, path)
    assert result.exit_code == 0 and len(found) == 1, (path, result.output)
    return typer.main.get_command(found[0])


def every_command(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Command]]:
    root = typer.main.get_command(app)
    assert hasattr(root, "commands")
    for name, command in root.commands.items():
        takes_game = any(p.name == "game" for p in command.params)
        if takes_game:  # play / match: the command of each game
            for game in _games():
                yield f"{name} {game}", _dispatched([name, game], monkeypatch)
        else:
            yield name, command


@pytest.fixture(scope="module")
def commands() -> list[tuple[str, Command]]:
    patch = pytest.MonkeyPatch()
    try:
        found = list(every_command(patch))
    finally:
        patch.undo()
    return found


def value_options(command: Command) -> Iterator[TyperOption]:
    for p in command.params:
        if isinstance(p, TyperOption) and not p.is_flag and p.name != "help":
            yield p


def test_the_walk_finds_every_command_and_every_game(commands: list[Any]) -> None:
    names = {name for name, _ in commands}
    assert {"run", "sweep", "playtest", "report", "replay", "route", "validate"} <= names
    assert {f"{c} {g}" for c in ("play", "match") for g in _games()} <= names


def test_every_value_option_has_a_metavar_in_capitals(commands: list[Any]) -> None:
    bad = [
        f"{name} {o.opts[-1]}: {o.metavar!r}"
        for name, command in commands
        for o in value_options(command)
        if not o.metavar or not METAVAR.match(o.metavar)
    ]
    assert not bad, bad


def test_help_never_shows_a_type_in_angle_brackets(commands: list[Any]) -> None:
    for name, command in commands:
        with Context(command, info_name=f"subway {name}") as ctx:
            shown = command.get_help(ctx)
        found = re.findall(r"<(str|int|float|integer|text)>", shown)
        assert not found, (name, found)


def test_an_option_name_has_one_metavar_across_commands(commands: list[Any]) -> None:
    seen: dict[str, set[str]] = defaultdict(set)
    for _, command in commands:
        for o in value_options(command):
            if not re.fullmatch(r"[a-z0-9-]+(\|[a-z0-9-]+)+", o.metavar or ""):
                seen[o.opts[-1]].add(o.metavar or "")  # a choice shows its own game's values
    for option, metavars in seen.items():
        assert metavars <= SEVERAL.get(option, set()) or len(metavars) == 1, (option, metavars)


def test_an_optional_value_option_says_its_default(commands: list[Any]) -> None:
    silent = [
        f"{name} {o.opts[-1]}"
        for name, command in commands
        for o in value_options(command)
        if o.default not in (None, False, ())  # an option whose absence means a value
        and not o.show_default
        and "default" not in (o.help or "").lower()
    ]
    assert not silent, silent


def test_jobs_and_seed_default_alike_everywhere(commands: list[Any]) -> None:
    for name, command in commands:
        for o in value_options(command):
            if o.opts[-1] == "--jobs":  # every core, whatever the command
                assert o.default is None and "every core" in (o.help or ""), name
            if o.opts[-1] == "--seed":  # the scenario's seed (or the game's), stated
                assert o.default is None and "default" in (o.help or "").lower(), name
    games = {  # a default that depends on another option (--ladder) is stated in the help
        name: o.default if o.default is not None else _stated(o.help or "")
        for name, command in commands
        for o in value_options(command)
        if name.startswith("match ") and o.opts[-1] == "--games"
    }
    assert len(games) == len(_games()) and set(games.values()) == {20}, games


def _stated(help_text: str) -> int | None:
    found = re.search(r"default (\d+)", help_text)
    return int(found.group(1)) if found else None


def _arguments(command: Command) -> list[str]:
    """A value for each required argument (a scenario where one is asked for)."""
    return [
        CLASSIC if (p.metavar or p.name or "").upper() == "SCENARIO" else "x"
        for p in command.params
        if isinstance(p, TyperArgument) and p.required
    ]


@pytest.mark.parametrize(
    ("option", "typed", "said"),
    [
        ("--games", "-1", "Invalid value for '--games': '-1': give at least 1"),
        ("--games", "many", "Invalid value for '--games': 'many' is not a whole number"),
        ("--jobs", "0", "Invalid value for '--jobs': '0': give at least 1"),
        ("--seed", "x", "Invalid value for '--seed': 'x' is not a whole number"),
    ],
)
def test_the_same_bad_value_is_refused_in_the_same_words(
    commands: list[Any], option: str, typed: str, said: str
) -> None:
    checked = 0
    for name, command in commands:
        if not any(option in o.opts for o in value_options(command)):
            continue
        path = name.split()
        result = runner.invoke(app, [*path, *_arguments(command)[len(path) - 1 :], option, typed])
        text = " ".join(result.output.split())
        assert result.exit_code == 2 and said in text, (name, result.output)
        assert "Traceback" not in result.output
        checked += 1
    assert checked >= 2


def test_bad_input_exits_2_with_one_error_and_a_suggestion(commands: list[Any]) -> None:
    for name, command in commands:
        longs = [o.opts[-1] for o in command.params if isinstance(o, TyperOption)]
        typeable = [o for o in longs if o.startswith("--") and len(o) > 5 and o != "--help"]
        if not typeable:  # `maps` has no option to mistype
            continue
        option = typeable[0]
        i = next(i for i in range(3, len(option) - 1) if option[i] != option[i + 1])
        typo = option[:i] + option[i + 1] + option[i] + option[i + 2 :]  # two letters swapped
        path = name.split()
        result = runner.invoke(app, [*path, *_arguments(command)[len(path) - 1 :], typo])
        text = " ".join(result.output.split())
        assert result.exit_code == 2, (name, result.output)
        assert text.startswith("Error: No such option") and "Traceback" not in text, name
        offered = re.search(r"Did you mean (\S+)\?|Possible options: ([^)]*)\)", text)
        assert offered and option in offered.group(0), (name, text)


def test_an_unknown_command_or_game_gets_a_suggestion() -> None:
    result = runner.invoke(app, ["rnu"])
    assert result.exit_code == 2 and "Did you mean 'run'?" in result.output
    for command in ("play", "match"):
        result = runner.invoke(app, [command, "thruwya"])
        assert result.exit_code == 2 and "(did you mean 'thruway'?)" in result.output


def test_an_unknown_map_gets_a_suggestion() -> None:
    result = runner.invoke(app, ["play", "transit-chess", "--map", "bostn"])
    assert result.exit_code == 2
    assert "unknown map 'bostn' (did you mean 'boston'?)" in " ".join(result.output.split())


@pytest.mark.parametrize(
    ("override", "said"),
    [
        ("rules.builds_per_trun=2", "unknown key (did you mean 'rules.builds_per_turn'?)"),
        ("players.0.agnt=greedy", "unknown key (did you mean 'players.0.agent'?)"),
        ("end.turn=3", "unknown key (did you mean 'end.turns'?)"),
        (
            "rules.builds_per_turn=2,3",
            "'2,3' is a list: lists of values are for `subway sweep --set KEY=V1,V2`",
        ),
    ],
)
def test_scenario_keys_get_suggestions_and_lists_point_to_sweep(override: str, said: str) -> None:
    for command in ("validate", "run"):
        result = runner.invoke(app, [command, CLASSIC, "--set", override])
        assert result.exit_code == 2 and said in " ".join(result.output.split()), result.output


def test_a_typo_in_a_scenario_file_names_its_line_and_the_key_meant(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("rules:\n  builds_per_trun: 2\n")
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 2
    said = "rules.builds_per_trun (line 2): unknown key (did you mean 'rules.builds_per_turn'?)"
    assert said in result.output


def test_plurals() -> None:
    assert [plural(n, "game") for n in (0, 1, 2, 1500)] == [
        "0 games",
        "1 game",
        "2 games",
        "1,500 games",
    ]
    assert plural(1, "setting") == "1 setting" and plural(2, "setting") == "2 settings"
    assert plural(3, "legacy") == "3 legacies" and plural(2, "pass") == "2 passes"
    assert did_you_mean("zzz", ["run", "sweep"]) == ""
