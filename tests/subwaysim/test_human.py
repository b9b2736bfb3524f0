"""The human seat: typed builds, clear refusals and re-prompts (SG-14, SG-16, SG-17)."""

from __future__ import annotations

import io
import random

from rich.console import Console

from subwaysim.agents.greedy import GreedyAgent
from subwaysim.agents.human import HumanAgent
from subwaysim.builds import Build
from subwaysim.engine import Game
from subwaysim.events import Built
from subwaysim.routing import TripOptions
from subwaysim.state import GameState
from tests.subwaysim.helpers import scenario


def seat(lines: list[str]) -> tuple[HumanAgent, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    answers = iter(lines)
    return HumanAgent("IRT", random.Random(0), ask=lambda _: next(answers), show=console.print), out


def test_typed_builds_are_checked_and_refusals_say_why() -> None:
    state = GameState.new(scenario(board={"hazards": ["h8"]}), seed=0)
    human, out = seat(["station c4", "track q1", "fly away", "builds", "track c4"])
    build = human.choose_build(state, 3, True)
    assert build == Build("track", state.board.square("c4"))
    text = out.getvalue()
    assert "a station needs IRT's own track on c4" in text
    assert "'q1' is off the board" in text
    assert "cannot read 'fly away'" in text
    assert "track (cost 1):" in text and "track (cost phase): h8" in text
    assert " a  b  c " in text  # the board was shown at the start of the phase


def test_done_ends_the_phase() -> None:
    human, _ = seat(["done"])
    assert human.choose_build(GameState.new(scenario(), 0), 3, False) is None


def test_route_choice_and_intensify_prompts_re_ask_until_valid() -> None:
    state = GameState.new(scenario(), seed=0)
    options = TripOptions(0, 5, 3, (frozenset({"IRT"}), frozenset({"BRT"})))
    human, out = seat(["3", "BRT"])
    assert human.choose_route(state, options) == frozenset({"BRT"})
    assert "answer a number from 1 to 2" in out.getvalue()
    human, out = seat(["cell", "row"])
    assert human.choose_intensify(state, 0) == "row"
    assert "answer one of section, row, column or no" in out.getvalue()


def test_a_whole_game_with_a_human_seat() -> None:
    s = scenario(end={"turns": 2})
    human, _ = seat(["track a1", "track a2", "station a1", "done", "no", "no", "no", "no"] * 4)
    greedy = GreedyAgent("BRT", random.Random(1))
    events: list = []
    Game(s, 3, [events.append], {"IRT": human, "BRT": greedy}).run()
    irt = [e.action for e in events if isinstance(e, Built) and e.player == "IRT"]
    assert irt[:3] == ["track", "track", "station"]
