"""Reading a game's event log: the tiny game's frames, a newer engine's log read in full, and
every kind of damaged or foreign file refused with one line naming the file, line and problem.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from subwaysim.replay.log import LogError, parse_log, read_log
from subwaysim.replay.records import OtherRecord, TripTakenRecord

from .pagetree import TINY

LINES = TINY.read_text().splitlines()
Edit = Callable[[list[str]], list[str]]


def edit_record(number: int, change: Callable[[dict], None]) -> Edit:
    """Change line `number` (1-based) as a JSON object."""

    def apply(lines: list[str]) -> list[str]:
        record = json.loads(lines[number - 1])
        change(record)
        lines[number - 1] = json.dumps(record)
        return lines

    return apply


def test_the_tiny_game_in_frames() -> None:
    game = read_log(TINY)
    assert game.players == ("IRT", "BRT")
    assert [f.turn for f in game.frames] == [1, 2, 3, 4, 5, 6]
    assert [f.player for f in game.frames] == ["IRT", "BRT"] * 3
    assert [len(f.trips) for f in game.frames] == [0, 0, 3, 2, 1, 4]
    assert [len(f.builds) for f in game.frames] == [4, 1, 3, 4, 1, 0]
    assert game.frame(6).end.scores == {"IRT": 6, "BRT": 8}
    assert game.end.winners == ("BRT",) and game.end.reason.startswith("turns")
    assert game.board.is_hazard(game.board.square("b3"))
    with pytest.raises(ValueError, match="no turn 7"):
        game.frame(7)


def test_a_newer_engines_kinds_and_fields_are_kept_not_refused() -> None:
    game = read_log(TINY)
    banked = [e for e in game.frame(2).events if isinstance(e, OtherRecord)]
    assert [(e.event, e.extras()) for e in banked] == [
        ("BuildsBanked", {"player": "BRT", "banked": 0})
    ]
    shared = [e for e in game.frame(4).events if isinstance(e, TripTakenRecord)][1]
    assert shared.extras() == {"fare": 1}


def test_unknown_events_between_turns_and_after_the_end_and_blank_lines_are_skipped() -> None:
    lines = list(LINES)
    other = '{"event":"Debt","player":"IRT","tokens":[1,2]}'
    lines[10:10] = [other, "", "   "]  # between turns 1 and 2
    lines[1:1] = [other]  # before turn 1
    lines.append(other)  # after GameEnded
    game = parse_log(lines, "newer.jsonl")
    assert [len(f.events) for f in game.frames] == [len(f.events) for f in read_log(TINY).frames]


def drop_line(number: int) -> Edit:
    return lambda lines: lines[: number - 1] + lines[number:]


DAMAGE: list[tuple[str, Edit, str]] = [
    ("half a line", lambda ls: [*ls[:22], ls[22][:40], *ls[23:]], "line 23: not JSON ("),
    ("an array", lambda ls: [*ls[:5], "[1, 2]", *ls[6:]], "line 6: a JSON list, not an event"),
    ("no event name", edit_record(6, lambda r: r.pop("event")), 'line 6: no "event" name'),
    ("a csv file", lambda ls: ["turn,player", "1,IRT"], "line 1: not JSON ("),
    ("no GameStarted", drop_line(1), "line 1: starts with TurnStarted, not GameStarted"),
    ("missing legs", edit_record(23, lambda r: r.pop("legs")), "line 23: TripTaken legs: Field"),
    (
        "a distance as text",
        edit_record(23, lambda r: r.update(distance="4")),
        "line 23: TripTaken distance: Input should be a valid integer",
    ),
    (
        "a leg without a mode",
        edit_record(27, lambda r: r["legs"][0].pop("mode")),
        "line 27: TripTaken legs.0.mode: Field required",
    ),
    (
        "a stranger scores",
        edit_record(27, lambda r: r.update(points={"PATH": 2})),
        "line 27: TripTaken points: 'PATH' is not a player (IRT, BRT)",
    ),
    (
        "a square off the board",
        edit_record(27, lambda r: r["legs"][0].update(squares=["a4", "a5"])),
        "line 27: TripTaken legs.0.squares: 'a5' is off the board (a1..d4)",
    ),
    (
        "track for a stranger",
        edit_record(10, lambda r: r["track"].update(PATH=["a1"])),
        "line 10: TurnEnded track: 'PATH' is not a player",
    ),
    (
        "a score missing",
        edit_record(10, lambda r: r["scores"].pop("BRT")),
        "line 10: TurnEnded scores: no score for BRT",
    ),
    ("an unknown deck", edit_record(3, lambda r: r.update(deck="bus")), "'bus' is not a deck"),
    (
        "a board that does not add up",
        edit_record(1, lambda r: r.update(width=5)),
        "line 1: GameStarted: a 5 x 4 board does not match sections [2, 2] of [2, 2] squares",
    ),
    (
        "a hazard off the board",
        edit_record(1, lambda r: r.update(hazards=["q9"])),
        "line 1: GameStarted: 'q9' is off the board",
    ),
    ("truncated", lambda ls: ls[:-1], "line 59: the log stops without GameEnded (truncated?)"),
    ("a missing TurnEnded", drop_line(10), "line 10: TurnStarted inside turn 1 (no TurnEnded)"),
    ("a skipped turn", edit_record(11, lambda r: r.update(turn=3)), "expected turn 2"),
    (
        "a TurnEnded for another turn",
        edit_record(10, lambda r: r.update(turn=2)),
        "line 10: TurnEnded turn 2 round 1 IRT closes turn 1 round 1 IRT",
    ),
    ("cards outside a turn", drop_line(2), "line 2: Populated outside a turn"),
    ("events after the end", lambda ls: [*ls, ls[1]], "line 61: TurnStarted after GameEnded"),
    (
        "a game that says it was longer",
        edit_record(60, lambda r: r.update(turns=7)),
        "line 60: GameEnded says 7 turns; the log has 6",
    ),
    ("an empty file", lambda ls: [], "empty: not a Subway Game log"),
]


@pytest.mark.parametrize(("edit", "message"), [d[1:] for d in DAMAGE], ids=[d[0] for d in DAMAGE])
def test_a_damaged_or_foreign_log_is_refused_naming_file_and_line(
    tmp_path: Path, edit: Edit, message: str
) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(edit(list(LINES))) + "\n")
    with pytest.raises(LogError) as caught:
        read_log(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_bytes_that_are_not_text_and_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(TINY.read_bytes().replace(b'"tiny"', b'"\xff\xfe"'))
    with pytest.raises(LogError, match=r"game.jsonl: line 1: not UTF-8 text"):
        read_log(path)
    with pytest.raises(LogError, match=r"nope.jsonl: cannot read the log: No such file"):
        read_log(tmp_path / "nope.jsonl")
