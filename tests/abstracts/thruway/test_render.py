"""The board view, move filters and help, and a whole game at the shared console."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

from abstracts import get_game
from abstracts.cli import play_main
from abstracts.thruway import ThruwayState
from abstracts.thruway.render import DISPUTE_STYLE
from tests.abstracts.conftest import Script, output


def position(text: str, to_move: str = "concrete", **options: object) -> ThruwayState:
    size = len(text.strip().splitlines())
    return get_game("thruway", size=size, **options).from_text(text, to_move)


def shown(state: ThruwayState, last: str | None = None, **view: object) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    move = state.parse_move(last) if last else None
    console.print(state.game.render(state, move, **view))
    return output(console)


def board_rows(text: str) -> dict[int, str]:
    """Rank number -> the row of parcels as drawn between the two edge bars."""
    rows = {}
    for line in text.splitlines():
        head = line[:3].strip()
        if head.isdigit() and "▌" in line:
            rows[int(head)] = line[line.index("▌") + 1 : line.index("▐")]
    return rows


def test_board_shows_coordinates_edges_reserves_and_turn() -> None:
    state = get_game("thruway", size=5).initial_state().play("c3-d3")
    text = shown(state, "c3-d3")
    assert " a   b   c   d   e  " in text
    assert set(board_rows(text)) == {1, 2, 3, 4, 5}
    assert "north: asphalt" in text and "south: asphalt" in text
    assert "concrete joins west ▌ and ▐ east" in text
    assert "concrete  reserve 10" in text and "asphalt  reserve 12" in text
    assert "asphalt to move." in text
    assert "asphalt may play `pie` (TW-11)" in text
    assert board_rows(text)[3] == " .   .  [c ][c ] .  "  # the last move is bracketed


def test_indestructible_tiles_are_upper_case() -> None:
    rows = board_rows(shown(position("AAA\nCC.\nAAA", tiles=6)))
    assert rows[2] == " C   c   .  "  # a2 indestructible (TW-14), b2 still has an approach
    assert rows[3] == " A   A   a  "


def test_disputes_are_highlighted_and_counted() -> None:
    state = position("...\nCA.\nAC.")
    text = shown(state)
    assert "1 crossroads dispute." in text
    group = state.game.render(state)
    rows = [r for r in group.renderables if isinstance(r, Text) and "▌" in r.plain]
    red = [
        (row.plain[span.start : span.end], row.plain[:3].strip())
        for row in rows
        for span in row.spans
        if DISPUTE_STYLE in str(span.style)
    ]
    assert sorted(red) == [(" a× ", "1"), (" a× ", "2"), (" c× ", "1"), (" c× ", "2")]
    assert board_rows(text)[1] == " a×  c×  .  "  # marked without colour too


def test_approaches_are_shown_on_request() -> None:
    state = position(".....\n.....\n..C..\n.....\n.....")
    plain = board_rows(shown(state))
    assert "+" not in "".join(plain.values())
    rows = board_rows(shown(state, approaches=True))
    assert rows[3] == " .   .+  c⁴  .+  .  "  # c3 has four approaches, each marked +
    assert rows[4] == rows[2] == " .   .   .+  .   .  "
    assert "+ approach" in shown(state, approaches=True)


def test_status_lines_for_a_ban_a_trade_and_the_end() -> None:
    banned = position("...\nCAA\nACC", tiles=8).play("b1~b2")
    assert "b1~b2 may not be swapped back now (TW-10)" in shown(banned)
    traded = get_game("thruway", size=5).initial_state().play("c3-d3").play("pie")
    assert "roles traded by the pie rule" in shown(traded, "pie")  # no parcels to bracket
    won = position("AAA\nCCC\nAAA", tiles=6)
    assert "concrete wins: its indestructible tiles join the west and east edges" in shown(won)


def test_select_moves_by_parcel_kind_and_prefix() -> None:
    state = position("...\n.A.\n...")
    game = state.game
    assert [str(m) for m in game.select_moves(state, "a1")] == ["a1-a2", "a1-b1"]
    assert [str(m) for m in game.select_moves(state, "replace")] == [
        "a2-b2",
        "b1-b2",
        "b2-b3",
        "b2-c2",
    ]
    assert game.select_moves(state, "swap") == []
    assert [str(m) for m in game.select_moves(state, "c2-")] == ["c2-c3"]
    disputed = position("...\nCA.\nAC.")
    assert len(disputed.game.select_moves(disputed, "swaps")) == 4


def test_help_names_the_moves_and_rules() -> None:
    text = get_game("thruway", size=7).rules_help()
    for needle in ("f6-g6", "f5~f6", "pie", "pass", "TW-14", "TW-15", "file g", "rank 7"):
        assert needle in text


def test_a_game_at_the_console() -> None:
    console = Console(file=io.StringIO(), width=120, color_system=None, highlight=False)
    argv = ["--concrete", "human", "--asphalt", "human", "--size", "3", "--tiles", "6"]
    moves = ["a2-b2", "show approaches", "a1-b1", "c2-c1", "a3-b3", "zz", "b3-c3", "quit"]
    code = play_main("thruway", argv, console=console, ask=Script(moves, console))
    text = output(console)
    assert code == 0
    assert "TW-13: 'zz' is not a move" in text
    assert "+" in text  # approaches drawn once the view is on
    assert "Game over." in text and "concrete wins" in text and "(TW-15)" in text
    assert " C   C   c¹ " in text  # ply 4: c2 still has one approach, c3
