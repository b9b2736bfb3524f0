"""A saved abstract game played out again: `load_game(path)` reads a save
(`tabletop/saves.py`) and replays its moves, checking each one (the console's `load` and
`subway play --load`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from abstracts.core import Game, Move, State, UnknownGame, get_game
from tabletop import files
from tabletop.saves import SavedGame, SaveError, read_save


@dataclass(frozen=True, slots=True)
class Replay:
    """A saved game played out again: the Game, the moves and every state along the way."""

    game: Game
    moves: tuple[Move, ...]
    states: tuple[State, ...]  # states[0] is the initial state; one more than moves


def replay(saved: SavedGame, where: str = "saved game") -> Replay:
    """Rebuild the game from its options and play the moves again, checking each one."""
    game = _saved_game(saved, where)
    state = game.initial_state()
    states, moves = [state], []
    for number, text in enumerate(saved.moves, start=1):
        try:
            move = state.parse_move(text)
            state = state.play(move)
        except (ValueError, TypeError) as exc:
            reason = _short(str(exc), 200)
            raise SaveError(
                f"{where}: move {number} {_short(text, 40)!r} does not replay: {reason}"
            ) from None
        moves.append(move)
        states.append(state)
    return Replay(game, tuple(moves), tuple(states))


def _saved_game(saved: SavedGame, where: str) -> Game:
    """The game the options make; a save may not name a file to read (a map path)."""
    try:
        with files.no_named_files():
            game = get_game(saved.game, **saved.options)
            game.initial_state()  # a game that cannot start is a bad save too
            return game
    except UnknownGame as exc:
        raise SaveError(f"{where}: {exc}") from None
    except ValidationError as exc:
        raise SaveError(f"{where}: bad options: {_first_error(exc)}") from None
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        raise SaveError(f"{where}: bad options: {_short(str(exc), 300)}") from None


def _short(text: str, most: int) -> str:
    """At most `most` characters of a message or a value quoted in one."""
    return text if len(text) <= most else text[: most - 3] + "..."


def load_game(path: str | Path, game: str | None = None) -> Replay:
    """Read and replay a save file (the console's `load` and `subway play --load`)."""
    return replay(read_save(path, game), str(path))


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    field = ".".join(str(part) for part in error["loc"]) or "options"
    return f"{field}: {error['msg'].removeprefix('Value error, ')}"
