"""The Subway seat speaks the abstract consoles' words (issue 32): help, moves, hint, undo,
save, load, resign, quit; a game nobody plays is refused unless asked for."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from subwaysim.agents.budget import ITERATIONS
from subwaysim.cli import app
from subwaysim.console.human_play import play_at_table
from subwaysim.console.saved_game import SubwaySave
from subwaysim.console.seat import SEAT_WORDS
from subwaysim.scenario import load_scenario
from subwaysim.state import GameState
from tests.subwaysim.helpers import scenario
from tests.subwaysim.test_human import Script, phase

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = ROOT / "scenarios" / "classic.yaml"
runner = CliRunner()


def at_table(lines: list[str]) -> tuple[int, str]:
    s = load_scenario(CLASSIC, ["end.turns=2", "players.0.agent=human"])
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    code = play_at_table(SubwaySave(s, 4, ("IRT",), {}), console, Script(lines, console))  # type: ignore[arg-type]
    return code, out.getvalue()


def test_a_game_without_a_human_seat_is_refused_and_says_how() -> None:
    result = runner.invoke(app, ["play", "subway", str(CLASSIC)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    text = " ".join(result.output.split())
    assert "no seat is human" in text
    assert "--seat IRT=human (players: IRT, BRT), or add --computer-only" in text


def test_computer_only_play_is_there_when_asked_for() -> None:
    result = runner.invoke(
        app, ["play", "subway", str(CLASSIC), "--computer-only", "--set", "end.turns=2"]
    )
    assert result.exit_code == 0, result.output
    assert "Turn 2 · round 1 · BRT" in result.output and "ended by turns" in result.output
    both = ["play", "subway", str(CLASSIC), "--computer-only", "--seat", "IRT=human"]
    result = runner.invoke(app, both)
    assert result.exit_code == 2 and "--computer-only: IRT is human" in result.output


def test_the_seat_has_every_word_of_the_abstract_consoles() -> None:
    from abstracts.console import COMMANDS

    abstract = {name.split()[0] for name, _ in COMMANDS if name.split()[0].isalpha()}
    asked = {"help", "moves", "hint", "undo", "save", "load", "resign", "quit"}
    assert asked <= abstract, "the issue's words are the abstract consoles' words"
    assert asked <= set(SEAT_WORDS)
    _, text = at_table(["help", "quit"])
    listed = {line.split()[0] for line in text.splitlines() if line[:1].isalpha()}
    assert asked <= listed, asked - listed


def test_moves_lists_the_builds_and_hint_asks_mcts_for_this_phase() -> None:
    state = GameState.new(scenario(), seed=0)
    made, text = phase(["moves track", "hint", "hint", "done"], state)
    assert made == []
    assert "track (cost 1): a square without your track; 144 squares: a1 b1" in text
    hints = [line for line in text.splitlines() if line.startswith("Hint (mcts, ")]
    assert len(hints) == 2 and hints[0] == hints[1]  # seeded: the same position, the same hint
    assert f"{ITERATIONS} playouts" in hints[0]  # mcts at its default budget


def test_an_unknown_word_says_help_and_suggests_the_closest_command() -> None:
    state = GameState.new(scenario(), seed=0)
    _, text = phase(["hnt", "rezign", "done"], state)
    text = " ".join(text.split())
    assert "(did you mean 'hint'?); help lists every command" in text
    assert "(did you mean 'resign'?); help lists every command" in text


def test_resign_asks_then_ends_the_game_for_the_best_of_the_others() -> None:
    code, text = at_table(["resign", "no", "track a1", "resign", "yes"])
    assert code == 0
    assert "Not resigned; the game goes on." in text
    assert "IRT builds track a1" in text
    assert text.rstrip().endswith("Game over: IRT resigns; BRT wins. (Scores: IRT 0  BRT 0)")
