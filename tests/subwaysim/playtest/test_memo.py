"""A game already played (one scenario, one seed) is copied into a later sweep, not played
again, and the copy is the game playing it would give."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from subwaysim.playtest.memo import PlayedGames
from subwaysim.sweep.plan.plan import plan_sweep
from subwaysim.sweep.run.backends import serial
from subwaysim.sweep.run.play import GameTask, Outcome, Played

from .helpers import TINY


def test_the_drafts_games_are_played_once_across_sweeps(tmp_path: Path) -> None:
    scenario = tmp_path / "tiny.yaml"
    scenario.write_text(TINY.replace("end: {turns: 6}", "end: {turns: 2}"))
    first = plan_sweep(scenario, ["rules.builds_per_turn=3,1"], 2)
    second = plan_sweep(scenario, ["rules.transfer_cost=0,2"], 2)  # 0: the draft's rule
    memo = PlayedGames()
    outcomes = list(memo.backend(serial)(first.tasks()))
    memo.learn(
        first,
        [o.record for o in outcomes if isinstance(o, Played)],
        [o.trace for o in outcomes if isinstance(o, Played)],
    )
    asked: list[GameTask] = []

    def counting(tasks: Sequence[GameTask]) -> Iterator[Outcome]:
        asked.extend(tasks)
        return serial(tasks)

    copied = list(memo.backend(counting)(second.tasks()))
    assert memo.copied == 2
    assert [(t.setting.values[0], t.game) for t in asked] == [("2", 0), ("2", 1)]
    # The copies, filed under transfer_cost = 0, are what playing those games gives.
    played = {o.record.key: o for o in serial(second.tasks()) if isinstance(o, Played)}
    for outcome in copied:
        assert isinstance(outcome, Played)
        original = played[outcome.record.key]
        assert (outcome.record, outcome.trace) == (original.record, original.trace)
    assert {o.record.setting.values[0] for o in copied[:2]} == {"0"}
