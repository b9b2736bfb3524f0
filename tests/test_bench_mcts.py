"""`make bench`'s MCTS figures run on every game: a game without a compiled search of its own
(`Game.compiled_search` is optional) is measured with the generic one, not refused."""

from __future__ import annotations

import pytest

from abstracts.core import game_names, get_game
from bench import bench_mcts


@pytest.mark.parametrize("name", game_names())
def test_every_game_gives_an_mcts_rate_and_says_whether_it_was_compiled(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_mcts, "SECONDS", 0.05)
    game = get_game(name)
    rate, compiled = bench_mcts.mcts_rate(game, bench_mcts.start_position(game))
    assert rate > 0
    assert compiled == hasattr(game, "compiled_search")
