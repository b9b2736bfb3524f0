"""Issue 27, point 4: saved games load in linear time and every option a save carries is
bounded."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from abstracts import get_game
from abstracts.core import MAX_PLIES, MAX_SEED
from abstracts.transit_chess.rules import Seen


def naive_occurrences(keys: list[tuple[int, tuple[int, ...]]]) -> list[int]:
    return [keys[: i + 1].count(k) for i, k in enumerate(keys)]


def test_seen_counts_repetitions_like_the_naive_walk_also_on_branches() -> None:
    keys = [(i % 2, (i % 3,)) for i in range(12)]  # MT-11 repetitions come back often
    link = None
    chain = []
    for side, cells in keys:
        link = Seen.after(link, cells, side)
        chain.append(link)
    assert [s.occurrences for s in chain] == naive_occurrences(keys)
    branch = Seen.after(chain[5], (0,), 0)  # a search's second child of one position
    assert branch.occurrences == naive_occurrences([*keys[:6], (0, (0,))])[-1]
    again = Seen.after(chain[5], (0,), 0)
    assert again.occurrences == branch.occurrences


def test_a_game_played_straight_on_never_walks_its_chain(monkeypatch: pytest.MonkeyPatch) -> None:
    def walked(self: Seen) -> dict[object, int]:
        raise AssertionError("Seen.counts walked the chain while a game was played straight on")

    link = Seen.after(None, (0,), 0)
    monkeypatch.setattr(Seen, "counts", walked)
    for i in range(20_000):  # linear: each ply is one dict update
        link = Seen.after(link, (i % 50,), i % 2)
    assert link.occurrences == 400  # position 49 of the cycle of 50, seen 400 times


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("transit-chess", {"max_plies": MAX_PLIES + 1}),
        ("transit-chess", {"seed": MAX_SEED + 1}),
        ("thruway", {"max_plies": 10**9}),
        ("thruway", {"size": 5, "tiles": 10**9}),
        ("rapid-transit", {"max_plies": 10**9}),
        ("rapid-transit", {"seed": -(10**40)}),
    ],
)
def test_every_option_a_save_carries_has_an_upper_bound(game: str, options: dict[str, int]) -> None:
    with pytest.raises(ValidationError):
        get_game(game, **options)
