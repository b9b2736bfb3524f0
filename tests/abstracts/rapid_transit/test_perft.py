"""Counted move generation (perft) for Rapid Transit, pinned by a slow reference.

The reference below reads the rules literally: a position is a dict of cells, networks
are found by a plain search, and every candidate swap is tried on a copy of the board and
checked block by block (RT-5..RT-10, RT-11, RT-13, RT-16..RT-18). It shares no code with
`abstracts.rapid_transit` and parses the RT-4 text itself. The counts in
`data/rapid_transit_perft.yaml` were computed with it (`python -m
tests.abstracts.rapid_transit.test_perft` rewrites the file); the fast generator must
reproduce every count, and the reference recomputes the cheaper ones in every run (the
costly ones, about ten minutes, with RAPID_TRANSIT_REFERENCE=all).

perft(position, 0) = 1; perft(position, d) = the sum of perft(child, d - 1) over the legal
moves (passes and `pie` included); a finished position has no moves, so it counts 0 at d > 0.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from abstracts import get_game
from abstracts.rapid_transit import RapidTransitState
from abstracts.rapid_transit.board import bits
from abstracts.rapid_transit.rules import legal_swaps

DATA = Path(__file__).parent / "data" / "rapid_transit_perft.yaml"
CHEAP = 6_000  # entries whose deepest count is at most this are re-run by the reference
ALL = os.environ.get("RAPID_TRANSIT_REFERENCE") == "all"  # re-run the costly ones too

Cell = tuple[int, int]  # (file, rank), 0-based


# ------------------------------------------------------------------ the reference


@dataclass(frozen=True)
class RefPosition:
    size: int
    cells: dict[Cell, str]  # 'R' or 'C'; holes are absent
    to_move: str  # 'R' or 'C'
    rules: str  # 'standard' or 'v1'
    pie: bool
    max_plies: int
    ply: int = 0
    passes: int = 0
    previous: frozenset[Cell] = frozenset()
    swapper: str | None = None


def ref_read(text: str, options: dict[str, Any]) -> RefPosition:
    """RT-4 rank lines (top first) plus the optional `key=value` state line."""
    rows, fields = [], {}
    for line in text.strip().splitlines():
        if "=" in line:
            fields.update(item.split("=") for item in line.split())
        elif line.strip():
            rows.append(line.replace(" ", ""))
    size = len(rows)
    cells = {}
    for number, row in enumerate(rows):
        for file, char in enumerate(row):
            if char in "RC":
                cells[file, size - 1 - number] = char
    previous = frozenset(
        (ord(name[0]) - ord("a"), int(name[1:]) - 1)
        for name in fields.get("previous", "-").split(",")
        if name != "-"
    )
    rules = options.get("rules", "standard")
    pie = options.get("pie")
    swapper = {"red": "R", "cyan": "C"}.get(fields.get("swapper", "-"))
    return RefPosition(
        size=size,
        cells=cells,
        to_move={"red": "R", "cyan": "C"}[fields.get("to_move", "red")],
        rules=rules,
        pie=(rules == "v1") if pie is None else pie,
        max_plies=options.get("max_plies") or 8 * options.get("size", 8) ** 2,  # per cell
        ply=int(fields.get("ply", 0)),
        passes=int(fields.get("passes", 0)),
        previous=previous,
        swapper=swapper,
    )


def ref_neighbours(cell: Cell) -> list[Cell]:
    f, r = cell
    return [(f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)]


def ref_network(cells: dict[Cell, str], start: Cell) -> set[Cell]:
    colour, seen, todo = cells[start], {start}, [start]
    while todo:
        for other in ref_neighbours(todo.pop()):
            if cells.get(other) == colour and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def ref_networks(cells: dict[Cell, str], colour: str) -> list[set[Cell]]:
    out: list[set[Cell]] = []
    for cell, value in sorted(cells.items()):
        if value == colour and not any(cell in net for net in out):
            out.append(ref_network(cells, cell))
    return out


def ref_one_colour_block(cells: dict[Cell, str]) -> bool:
    for f, r in cells:
        block = [(f, r), (f + 1, r), (f, r + 1), (f + 1, r + 1)]
        if all(c in cells for c in block) and len({cells[c] for c in block}) == 1:
            return True
    return False


def ref_own_neighbours(cells: dict[Cell, str], cell: Cell) -> int:
    return sum(1 for other in ref_neighbours(cell) if cells.get(other) == cells[cell])


def ref_over(pos: RefPosition) -> bool:
    if pos.rules == "v1":  # RT-18
        for colour in "RC":
            nets = ref_networks(pos.cells, colour)
            if len(nets) == 1:
                return True
    return pos.passes >= 2 or pos.ply >= pos.max_plies  # RT-11, the ply limit


def ref_swaps(pos: RefPosition) -> list[tuple[Cell, Cell]]:
    me = pos.to_move
    them = "C" if me == "R" else "R"
    relaxed = pos.rules == "v1" and pos.passes == 1  # RT-17
    banned = pos.previous if pos.rules == "v1" else frozenset()  # RT-16
    out = []
    their_networks = ref_networks(pos.cells, them)
    for p, colour in pos.cells.items():
        if colour != me or p in banned:
            continue
        if not relaxed and ref_own_neighbours(pos.cells, p) > 1:  # RT-6, RT-8
            continue
        mine = ref_network(pos.cells, p)
        for theirs in their_networks:
            touching = any(other in theirs for cell in mine for other in ref_neighbours(cell))
            if not touching:  # RT-5, RT-8
                continue
            for q in theirs:
                if q in banned:
                    continue
                after = dict(pos.cells)
                after[p], after[q] = them, me
                if ref_one_colour_block(after):  # RT-9
                    continue
                if pos.rules == "standard" and (  # RT-10
                    ref_own_neighbours(after, q) < 2 or ref_own_neighbours(after, p) < 2
                ):
                    continue
                out.append((p, q))
    return out


def ref_moves(pos: RefPosition) -> list[str]:
    if ref_over(pos):
        return []
    moves = [f"{ref_name(p)}-{ref_name(q)}" for p, q in ref_swaps(pos)] or ["pass"]  # RT-11
    if pos.pie and pos.ply == 1:  # RT-13
        moves.append("pie")
    return moves


def ref_name(cell: Cell) -> str:
    return f"{chr(ord('a') + cell[0])}{cell[1] + 1}"


def ref_play(pos: RefPosition, move: str) -> RefPosition:
    other = "C" if pos.to_move == "R" else "R"
    if move == "pie":  # RT-13: same board, the same colour moves next (held by the other player)
        return replace(pos, ply=pos.ply + 1, passes=0, previous=frozenset())
    if move == "pass":
        return replace(
            pos, to_move=other, ply=pos.ply + 1, passes=pos.passes + 1, previous=frozenset()
        )
    p_name, q_name = move.split("-")
    p = (ord(p_name[0]) - ord("a"), int(p_name[1:]) - 1)
    q = (ord(q_name[0]) - ord("a"), int(q_name[1:]) - 1)
    cells = dict(pos.cells)
    cells[p], cells[q] = cells[q], cells[p]
    return replace(
        pos,
        cells=cells,
        to_move=other,
        ply=pos.ply + 1,
        passes=0,
        previous=frozenset({p, q}),
        swapper=pos.to_move,
    )


def ref_perft(pos: RefPosition, depth: int) -> int:
    if depth == 0:
        return 1
    moves = ref_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(ref_perft(ref_play(pos, move), depth - 1) for move in moves)


# ------------------------------------------------------------------ the fast generator


def fast_counts(state: RapidTransitState, depth: int) -> list[int]:
    """perft at depths 1..depth in one walk: counts[d - 1] = move sequences of length d."""
    counts = [0] * depth

    def walk(node: RapidTransitState, level: int) -> None:
        moves = node.legal_moves()
        counts[level] += len(moves)
        if level + 1 < depth:
            for move in moves:
                walk(node.play(move), level + 1)

    walk(state, 0)
    return counts


def entries() -> list[dict[str, Any]]:
    return yaml.safe_load(DATA.read_text())["positions"]


def cost(entry: dict[str, Any]) -> int:
    """The deepest count of an entry (how much work recomputing it takes)."""
    return entry["counts"][-1] if entry.get("counts") else sys.maxsize


def fast_state(entry: dict[str, Any]) -> RapidTransitState:
    state = get_game("rapid-transit", **entry["options"]).from_text(entry["position"])
    assert isinstance(state, RapidTransitState)
    return state


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e["name"])
def test_fast_generator_reproduces_the_counts(entry: dict[str, Any]) -> None:
    assert fast_counts(fast_state(entry), len(entry["counts"])) == entry["counts"]


@pytest.mark.parametrize(
    "entry", [e for e in entries() if cost(e) <= CHEAP], ids=lambda e: e["name"]
)
def test_reference_reproduces_the_cheap_counts(entry: dict[str, Any]) -> None:
    pos = ref_read(entry["position"], entry["options"])
    counts = [ref_perft(pos, depth) for depth in range(1, len(entry["counts"]) + 1)]
    assert counts == entry["counts"]


@pytest.mark.slow
@pytest.mark.skipif(not ALL, reason="minutes of work: set RAPID_TRANSIT_REFERENCE=all")
@pytest.mark.parametrize(
    "entry", [e for e in entries() if cost(e) > CHEAP], ids=lambda e: e["name"]
)
def test_reference_reproduces_the_costly_counts(entry: dict[str, Any]) -> None:
    pos = ref_read(entry["position"], entry["options"])
    counts = [ref_perft(pos, depth) for depth in range(1, len(entry["counts"]) + 1)]
    assert counts == entry["counts"]


def test_starting_positions_in_the_data_are_the_rt2_and_rt3_setups() -> None:
    starts = [entry for entry in entries() if "setup" in entry]
    assert len(starts) == 5
    for entry in starts:
        game = get_game("rapid-transit", **entry["options"], **entry["setup"])
        assert game.initial_state().to_text() == entry["position"].strip()


@pytest.mark.parametrize(
    "options",
    [{"size": 6}, {"size": 6, "rules": "v1"}, {"size": 8}, {"size": 6, "setup": "random"}],
    ids=str,
)
def test_reference_agrees_along_random_games(options: dict[str, Any]) -> None:
    """Move lists, not just counts: the two generators agree position by position."""
    game = get_game("rapid-transit", **options)
    rng = random.Random(21)
    for _ in range(3):
        state = game.initial_state()
        while not state.is_over and state.ply < 60:
            pos = ref_read(state.to_text(), options)
            assert sorted(ref_moves(pos)) == sorted(str(m) for m in state.legal_moves())
            state = state.play(rng.choice(state.legal_moves()))


def test_reference_agrees_on_boards_with_holes() -> None:
    """Holed boards (RT-3) a few random plies in, both rule sets, with and without RT-17."""
    rng = random.Random(5)
    checked = 0
    while checked < 24:
        text = holed_board(rng, 6)
        for rules in ("standard", "v1"):
            game = get_game("rapid-transit", size=6, rules=rules, pie=False)
            try:
                state = game.from_text(text)
            except ValueError:
                break  # the holes cut the board (RT-3): draw another
            for _ in range(rng.randrange(6)):
                if not state.is_over:
                    state = state.play(rng.choice(state.legal_moves()))
            for passes in (0, 1):
                args = (state.board, state.rules, state.mine, state.theirs, passes, state.previous)
                fast = set(legal_swaps(*args))
                pos = replace(ref_read(state.to_text(), {"rules": rules}), passes=passes)
                ref = {(bit(state, p), bit(state, q)) for p, q in ref_swaps(pos)}
                assert fast == ref, state.to_text()
            checked += 1


def holed_board(rng: random.Random, size: int) -> str:
    """The checkerboard with up to three red and three cyan cells removed, centre kept."""
    rows = [["RC"[(file + rank) % 2] for file in range(size)] for rank in range(size)]
    centre = {size // 2 - 1, size // 2}
    cells = [(f, r) for r in range(size) for f in range(size) if not {f, r} <= centre]
    for colour in "RC":
        mine = [(f, r) for f, r in cells if rows[r][f] == colour]
        for f, r in rng.sample(mine, 3):
            rows[r][f] = "."
    return "\n".join("".join(row) for row in reversed(rows))


def bit(state: RapidTransitState, cell: Cell) -> int:
    return state.board.bit(*cell)


def test_bits_lists_every_set_bit() -> None:
    assert bits(0b1011001) == [0, 3, 4, 6]


# ------------------------------------------------------------------ regenerating the data


class _Dumper(yaml.SafeDumper):
    """Writes multi-line strings (the positions) as literal blocks."""


def _string(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


def _counts(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.SequenceNode:
    flow = all(isinstance(item, int) for item in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


_Dumper.add_representer(str, _string)
_Dumper.add_representer(list, _counts)
HEADER = (
    "# Perft counts for Rapid Transit: leaf positions at depth 1, 2, 3, ... computed by the\n"
    "# slow reference in tests/abstracts/rapid_transit/test_perft.py. Regenerate with\n"
    "# `python -m tests.abstracts.rapid_transit.test_perft` (a new entry may give `depth`).\n"
)


def regenerate() -> None:
    """Recompute every count with the reference and rewrite the data file atomically.

    An entry lists `counts` (recomputed to the same depth) or, when new, a `depth`.
    """
    out = []
    for entry in yaml.safe_load(DATA.read_text())["positions"]:
        depth = entry.pop("depth", None) or len(entry["counts"])
        pos = ref_read(entry["position"], entry["options"])
        entry["counts"] = []
        for level in range(1, depth + 1):
            entry["counts"].append(ref_perft(pos, level))
            print(entry["name"], level, entry["counts"][-1], flush=True)
        out.append(entry)
    text = HEADER + yaml.dump({"positions": out}, Dumper=_Dumper, sort_keys=False, width=100)
    handle, temp = tempfile.mkstemp(dir=DATA.parent, suffix=".tmp")
    with os.fdopen(handle, "w") as file:
        file.write(text)
    os.replace(temp, DATA)


if __name__ == "__main__":
    sys.exit(regenerate())
