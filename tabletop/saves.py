"""Saved games: versioned JSON holding the game name, its options and the moves played.

    {"format": "transit-games/saved-game", "version": 1, "game": "thruway",
     "options": {"size": 11, ...}, "moves": ["f6-g6", "pie", ...]}

Files are written atomically (a temporary file in the same folder, then `os.replace`), so a
crash never leaves half a save. Reading refuses, with one clear line naming the file, anything
that is not JSON, not a saved game, from a newer version, for another game, or whose options
or moves do not replay; a save is read with bounded size and nesting, and replaying it never
reads a file it names (a transit chess map travels as its contents or a bundled map's key).
Replaying a save needs the games: `abstracts/saved_games.py`; this module needs none of them
(`read_json` and `SaveError` serve the Subway Game's saves too).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop import files
from tabletop.files import atomic_write_text
from tabletop.inputs import json_depth
from tabletop.outputs import Kind, register_kind

if TYPE_CHECKING:
    from abstracts.core import Game, Move

FORMAT = "transit-games/saved-game"
VERSION = 1
SAVE = register_kind(
    Kind("save", "a saved game", lambda head: f'"format": "{FORMAT}"'.encode() in head)
)
MAX_FILE_BYTES = 2_000_000  # moves and a map's contents: tens of kilobytes
MAX_DEPTH = 32  # nesting of JSON arrays and objects (a map is 4 deep)


class SaveError(ValueError):
    """A saved game that cannot be written, read or replayed; the message names the file."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """What a save file holds: the game's registered name, its options and the move texts."""

    game: str
    options: dict[str, Any]
    moves: tuple[str, ...]

    @classmethod
    def of(cls, game: Game, moves: list[Move] | tuple[Move, ...]) -> SavedGame:
        return cls(game.name, game.saved_options(), tuple(str(m) for m in moves))

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": self.options,
            "moves": list(self.moves),
        }
        return json.dumps(data, indent=2) + "\n"


def write_save(path: str | Path, saved: SavedGame) -> None:
    """Write `saved` to `path` atomically."""
    path = Path(path)
    try:
        atomic_write_text(path, saved.to_json(), make_folder=False)  # a typo, not a new folder
    except OSError as exc:
        raise SaveError(f"{path}: cannot write the saved game ({exc.strerror})") from None


def read_save(path: str | Path, game: str | None = None) -> SavedGame:
    """Read a saved game; with `game`, refuse a save of any other game."""
    try:
        text = files.read_text(path, MAX_FILE_BYTES)
    except files.UnreadableFile as exc:
        raise SaveError(f"{path}: cannot read the saved game ({exc.reason})") from None
    return parse_save(text, str(path), game)


def parse_save(text: str, where: str, game: str | None = None) -> SavedGame:
    """Check and decode the JSON text of a saved game (`where` names it in errors)."""
    data = read_json(text, where, "saved game")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{where}: not a saved game (no 'format': {FORMAT!r})")
    _check_version(data.get("version"), where)
    saved = _decode(data, where)
    if game is not None and saved.game != game:
        raise SaveError(f"{where}: this is a saved {saved.game} game, not {game}")
    return saved


def read_json(text: str, where: str, what: str) -> Any:
    """JSON data of bounded nesting, without NaN or Infinity; SaveError says what is wrong."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{where}: not a {what}: broken or truncated JSON at line {exc.lineno}, "
            f"column {exc.colno} ({exc.msg})"
        ) from None
    except (ValueError, RecursionError) as exc:  # an integer of 4,300+ digits, deep nesting
        reason = "nested too deeply" if isinstance(exc, RecursionError) else _number(exc)
        raise SaveError(f"{where}: not a {what}: {reason}") from None
    if json_depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise SaveError(f"{where}: not a {what}: nested deeper than {MAX_DEPTH} levels")
    return data


def _number(exc: ValueError) -> str:
    """Python's words for an integer too long to read, or for NaN, in the file's terms."""
    if "digits" in str(exc):
        return "a number of 4,300 digits or more"
    return str(exc)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _check_version(version: Any, where: str) -> None:
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"{where}: field 'version' must be a positive integer, got {version!r}")
    if version > VERSION:
        raise SaveError(
            f"{where}: saved by a newer version (format version {version}; "
            f"this program reads up to {VERSION})"
        )


def _decode(data: dict[str, Any], where: str) -> SavedGame:
    name, options, moves = data.get("game"), data.get("options"), data.get("moves")
    if not isinstance(name, str) or not name:
        raise SaveError(f"{where}: field 'game' must be a game name, got {name!r}")
    if not isinstance(options, dict):
        raise SaveError(f"{where}: field 'options' must be an object, got {options!r}")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SaveError(f"{where}: field 'moves' must be a list of move texts")
    extra = sorted(set(data) - {"format", "version", "game", "options", "moves"})
    if extra:
        raise SaveError(f"{where}: unknown field {extra[0]!r}")
    return SavedGame(name, options, tuple(moves))
