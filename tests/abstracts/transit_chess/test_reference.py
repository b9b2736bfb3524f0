"""The fast move generator and playout against a literal reading of the rules.

`reference_moves` reads the position only through its public text (`to_text`) and the
system only through its routes, and decides every candidate destination by listing the
ways along a route between two stops (MT-5..MT-9): nothing is shared with movegen.py.
The benchmark (bench/bench_transit_chess.py) times it as the baseline.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts import get_game
from abstracts.core import State
from abstracts.transit_chess.generator import random_system
from abstracts.transit_chess.system import Route, TransitSystem, build_system

LETTERS = "PRTC"


def ways_between(route: Route, a: str, b: str) -> list[list[str]]:
    """The stops strictly between a and b riding `route`: one list per way (two on a loop)."""
    seq = list(route.stops)
    i, j = seq.index(a), seq.index(b)
    if not route.loop:
        return [seq[i + 1 : j]] if i < j else [seq[j + 1 : i][::-1]]
    n = len(seq)
    forward = [seq[(i + k) % n] for k in range(1, (j - i) % n)]
    backward = [seq[(i - k) % n] for k in range(1, (i - j) % n)]
    return [forward, backward]


def reference_targets(system: TransitSystem, letter: str, start: str, enemy: set[str]) -> set[str]:
    """Where one piece on `start` may go when the opponent holds the stops in `enemy`."""

    def clear(route: Route, a: str, b: str) -> bool:  # MT-9: some way passes no opponent
        return any(not set(way) & enemy for way in ways_between(route, a, b))

    through = [route for route in system.routes if start in route.stops]
    if letter == "P":  # MT-5
        return {b if a == start else a for r in through for a, b in r.segments() if start in (a, b)}
    rides = {d for r in through for d in r.stops if d != start and clear(r, start, d)}  # MT-6
    changes = {  # MT-7
        d
        for first in through
        for t in first.stops
        if t != start and t not in enemy and clear(first, start, t)
        for second in system.routes
        if second.name != first.name and t in second.stops
        for d in second.stops
        if d not in (t, start) and clear(second, t, d)
    }
    return {"R": rides, "T": changes, "C": rides | changes}[letter]  # MT-8


def read_text(text: str) -> dict[str, tuple[list[tuple[str, str]], list[str]]]:
    """side -> ([(letter, stop)], letters in hand) from a text position."""
    sides = {}
    for line in text.splitlines():
        side, _, rest = line.partition(":")
        tokens = rest.split()
        cut = tokens.index("place:") if "place:" in tokens else len(tokens)
        board = [tuple(token.split("@")) for token in tokens[:cut]]
        sides[side.strip()] = (board, tokens[cut + 1 :])
    return sides


def reference_moves(state: State, system: TransitSystem) -> list[str]:
    """The legal move texts of `state`, sorted (MT-4..MT-12)."""
    if state.is_over:
        return []
    sides = read_text(state.to_text())
    me = state.to_move
    other = "black" if me == "white" else "white"
    enemy = {stop for _, stop in sides[other][0]}
    if sides["white"][1] or sides["black"][1]:  # MT-4: placement phase
        moves = {f"{p}@{s.id}" for p in sides[me][1] for s in system.stops if s.id not in enemy}
    else:
        moves = {
            f"{letter}@{start}-{dest}"
            for letter, start in set(sides[me][0])
            for dest in reference_targets(system, letter, start, enemy)
        }
    return sorted(moves) or ["pass"]  # MT-11


# ------------------------------------------------------------------ random positions


def varied_system(seed: int) -> TransitSystem:
    """A random system, with more loops than the generator makes."""
    rng = random.Random(seed)
    system = random_system(rng.randint(2, 30), rng.randint(1, 6), rng)
    routes = [
        Route(r.name, r.stops, r.loop or (len(r.stops) >= 2 and rng.random() < 0.4))
        for r in system.routes
    ]
    return build_system(system.name, system.stops, routes)


def random_position(system: TransitSystem, rng: random.Random, placing: bool) -> str:
    lines = {"white": [], "black": []}
    for stop in system.stops:
        if rng.random() < 0.4:
            side = rng.choice(("white", "black"))
            lines[side] += [f"{rng.choice(LETTERS)}@{stop.id}" for _ in range(rng.randint(1, 3))]
    for side, other in (("white", "black"), ("black", "white")):
        if not lines[side]:
            held = {token.split("@")[1] for token in lines[other]}
            free = [stop.id for stop in system.stops if stop.id not in held]
            lines[side] += [f"C@{rng.choice(free)}"] if free else []
    for side in lines:
        if placing and rng.random() < 0.7:
            lines[side] += ["place:", *rng.choices(LETTERS, k=rng.randint(1, 3))]
    return "\n".join(f"{side}: {' '.join(tokens)}" for side, tokens in lines.items())


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), placing=st.booleans())
def test_fast_generator_matches_the_reference_on_random_positions(seed: int, placing: bool) -> None:
    system = varied_system(seed)
    game = get_game("transit-chess", map=system.to_data(), seed=0)
    rng = random.Random(seed)
    text = random_position(system, rng, placing)
    state = game.from_text(text, to_move=rng.choice(("white", "black")))
    assert [str(m) for m in state.legal_moves()] == reference_moves(state, system), text


def test_fast_generator_matches_the_reference_along_real_games() -> None:
    for key in ("fantasy", "toronto", "boston"):
        game = get_game("transit-chess", map=key, seed=5, max_plies=160)
        state, rng = game.initial_state(), random.Random(key)
        while not state.is_over:
            moves = state.legal_moves()
            if state.ply % 7 == 0:
                assert [str(m) for m in moves] == reference_moves(state, game.system)
            state = state.play(rng.choice(moves))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_fast_playout_plays_the_reference_loop_game(seed: int) -> None:
    """State.playout draws the same moves with the same rng calls as the protocol's loop."""
    system = varied_system(seed)
    game = get_game("transit-chess", map=system.to_data(), seed=seed, max_plies=120)
    start = game.initial_state()
    fast = start.final_state(random.Random(seed))
    state, rng = start, random.Random(seed)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    assert (fast.to_text(), fast.ply, fast.winner, fast.end) == (
        state.to_text(),
        state.ply,
        state.winner,
        state.end,
    )
    assert start.playout(random.Random(seed)) == State.playout(start, random.Random(seed))


def test_move_memo_changes_nothing(monkeypatch) -> None:
    """Memoised piece moves (movegen.py) equal freshly generated ones, full or emptied."""
    from abstracts.transit_chess import movegen

    game = get_game("transit-chess", map="toronto", seed=2, max_plies=120)
    state, rng, seen = game.initial_state(), random.Random(3), []
    while not state.is_over:
        seen.append((state, state.legal_codes()))
        state = state.play(rng.choice(state.legal_moves()))
    tables = game.tables
    monkeypatch.setattr(movegen, "MEMO_LIMIT", 3)  # forgets at nearly every call
    for state, codes in seen:
        assert movegen.legal_codes(tables, state.cells, state.hands, state.side) == codes
    monkeypatch.setattr(movegen, "MEMO_LIMIT", 10**6)
    tables.memo.clear()
    for state, codes in reversed(seen):  # cold, then warming up in another order
        assert movegen.legal_codes(tables, state.cells, state.hands, state.side) == codes
