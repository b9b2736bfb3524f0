"""The human seat (SG-14, SG-16, SG-17, SG-18, SG-22): typed builds, clear refusals, the
turn's story before the prompt, `builds` summarised, `undo`, and `done` to end the phase."""

from __future__ import annotations

import io
import random
from collections.abc import Iterable
from typing import Any

import pytest
from rich.console import Console

from subwaysim.agents.greedy import GreedyAgent
from subwaysim.builds import Build
from subwaysim.console.human import HumanAgent
from subwaysim.console.seat import LeaveGame, Table
from subwaysim.engine import Game
from subwaysim.events import Borrowed, Built, Event, TripTaken
from subwaysim.routing import TripOptions
from subwaysim.state import GameState
from subwaysim.turn import begin_turn, finish_build_phase, populate_phase
from tests.subwaysim.helpers import scenario


class Script:
    """Typed lines: answers each prompt in turn and echoes it; EOFError when they run out."""

    def __init__(self, lines: Iterable[str], console: Console) -> None:
        self.lines, self.console, self.prompts = list(lines), console, list[str]()

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        self.console.print(f"{prompt}{line}", markup=False, highlight=False)
        return line


def seat(lines: Iterable[str], player: str = "IRT") -> tuple[HumanAgent, Script, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    script = Script(lines, console)
    return HumanAgent(player, random.Random(0), Table(console, script)), script, out


def phase(lines: Iterable[str], state: GameState, points: int = 3) -> tuple[list[Build], str]:
    """The builds the rules carry out for one phase of the seat (SG-17), and the console."""
    human, _, out = seat(lines)
    made: list[Build] = []

    def emit(kind: type[Event], **fields: Any) -> None:
        if kind is Built:
            square = state.board.square(fields["square"])
            made.append(Build(fields["action"], square, fields["detail"]))
        elif kind is Borrowed:
            made.append(Build("borrow"))

    finish_build_phase(state, "IRT", {"IRT": human}, points, True, emit)
    return made, out.getvalue()


def test_typed_builds_are_checked_and_refusals_say_why() -> None:
    state = GameState.new(scenario(board={"hazards": ["h8"]}), seed=0)
    lines = ["station c4", "track q1", "fly away", "track c4", "done"]
    made, text = phase(lines, state)
    assert made == [Build("track", state.board.square("c4"))]
    assert "✗ station c4 local: SG-17: a station needs IRT's own track on c4" in text
    assert "'q1' is off the board" in text
    assert "cannot read 'fly away'" in text


def test_a_very_long_line_is_refused_without_quoting_it_back() -> None:
    state = GameState.new(scenario(), seed=0)
    made, text = phase(["track " + "a" * 10_000, "done"], state)
    assert made == [] and "✗ cannot read a build of 10,006 characters: try track c4" in text
    assert "'aaaa" not in text  # the typed line is echoed, never quoted back


def test_the_turn_is_shown_before_the_first_prompt() -> None:
    state = GameState.new(scenario(), seed=0)
    _, text = phase(["done"], state)
    before = text[: text.index("IRT builds (3 points left) > ")]
    assert "Turn 0 · round 0 · IRT" in before and " a  b  c " in before
    assert "Decks" in before and "Populated:" in before and "Scores: IRT 0" in before


def test_an_empty_line_asks_again_and_done_ends_the_phase() -> None:
    state = GameState.new(scenario(), seed=0)
    human, script, out = seat(["", "  ", "done"])
    assert human.choose_build(state, 3, True) is None
    assert script.prompts == ["IRT builds (3 points left) > "] * 3
    assert out.getvalue().count("Type a build, or done to end the phase") == 2


def test_builds_summarises_and_builds_action_lists_every_square() -> None:
    state = GameState.new(scenario(board={"hazards": ["h8"]}), seed=0)
    _, text = phase(["track c4", "builds", "builds station", "done"], state)
    assert (
        "track (cost 1): a square without your track; 142 squares, e.g. a1 b1 c1 d1 e1 f1 "
        "g1 h1 … (builds track lists them all)" in " ".join(text.split())
    )
    assert "track (cost phase)" not in text  # a whole-phase build only as the first build
    assert "station local (cost 1): your track with no station on it; 1 square: c4" in text


def test_builds_for_one_action_lists_all_its_squares() -> None:
    state = GameState.new(scenario(board={"hazards": ["h8"]}), seed=0)
    _, text = phase(["builds track", "done"], state)
    flat = " ".join(text.split())
    assert "track (cost 1): a square without your track; 143 squares: a1 b1" in flat
    assert (
        "k12 l12" in flat
        and "track (cost phase): a hazard or another player's track: the whole phase, "
        "first build only (SG-17); 1 square: h8"
        in flat
    )


def test_builds_names_the_actions_it_takes() -> None:
    state = GameState.new(scenario(), seed=0)
    _, text = phase(["builds [b]tunnel", "builds remove  station", "done"], state)
    assert "✗ builds takes one of: track, station, remove track, remove station" in text
    assert "No remove station is possible now; type done (or undo)." in text


def test_history_shows_the_builds_of_the_open_phase_too() -> None:
    state = GameState.new(scenario(), seed=0)
    _, text = phase(["history", "track c4", "history", "done"], state)
    assert "No builds yet." in text and "turn 0 IRT: track c4" in text


def test_undo_takes_back_the_last_build_of_the_phase() -> None:
    state = GameState.new(scenario(), seed=0)
    lines = ["undo", "track c4", "track c5", "undo", "track d4", "done"]
    made, text = phase(lines, state)
    board = state.board
    assert made == [Build("track", board.square("c4")), Build("track", board.square("d4"))]
    assert "Nothing to undo in this phase." in text
    assert "Undone: track c5 (2 points left)." in text


def test_undo_cannot_unsee_cards_an_extra_trip_drew() -> None:
    # SG-18: a station's extra trip takes each queue's first card or draws (SG-5); drawn
    # cards were seen, so that build stays (the queues are empty on the first turn).
    state = GameState.new(scenario(), seed=0)
    begin_turn(state)
    populate_phase(state, None)  # SG-6: one card of each deck in discard, to be drawn
    made, text = phase(["track c4", "station c4", "yes", "no", "undo", "done"], state)
    assert [b.action for b in made] == ["track", "station"]
    # The warning comes before the build, with a confirmation (issue 32).
    warned = "Warning: station c4 local adds an extra trip (SG-18) that draws from a draw pile"
    assert (
        text.index(warned) < text.index("Build it? (yes/no) > ") < text.index("IRT builds station")
    )
    assert "station c4 local cannot be taken back: its extra trip drew from a draw pile" in text
    assert "(extra) distance" in text  # the extra trip is shown as it happens
    fresh = GameState.new(scenario(), seed=0)  # no card anywhere: no extra trip, nothing seen
    made, text = phase(["track c4", "station c4", "undo", "done"], fresh)
    assert [b.action for b in made] == ["track"] and "Undone: station c4 local" in text
    assert "Warning" not in text and "Build it?" not in text  # undoable: nothing to confirm


def test_an_irreversible_build_refused_at_the_confirmation_is_not_made() -> None:
    state = GameState.new(scenario(), seed=0)
    begin_turn(state)
    populate_phase(state, None)
    made, text = phase(["track c4", "station c4", "no", "done"], state)
    assert [b.action for b in made] == ["track"] and "Not built." in text
    assert "IRT builds station" not in text


def test_when_the_points_are_spent_the_phase_still_waits_for_done() -> None:
    state = GameState.new(scenario(), seed=0)
    human, script, out = seat(["track a1", "track a2", "track a3", "track a4", "undo", "done"])
    built = []
    build = human.choose_build(state, 3, True)
    while build is not None:
        built.append(build)
        build = human.choose_build(state, 3 - len(built), False) if len(built) < 3 else None
    assert len(built) == 2  # a3 undone; a4 refused while no points were left
    assert "IRT: no more builds this phase (done or undo) > " in script.prompts
    assert "No more builds this phase (SG-17): type done, or undo." in out.getvalue()


def test_borrow_is_offered_only_where_the_scenario_allows_it() -> None:
    plain = GameState.new(scenario(), seed=0)
    _, text = phase(["help", "borrow", "done"], plain)
    assert "borrow" not in text.split("IRT builds")[1].split("\n")[0]
    assert "SG-22: borrowing builds is off in this scenario" in text
    lending = GameState.new(scenario(rules={"borrow_builds": 1}), seed=0)
    human, script, out = seat(["help", "borrow", "done"])
    assert human.choose_build(lending, 3, True) == Build("borrow")
    assert "one point now, a debt token to pay back first (SG-22)" in out.getvalue()
    assert "IRT builds (4 points left) > " in script.prompts


def test_help_says_how_to_end_the_phase_and_lists_the_table_commands() -> None:
    _, text = phase(["help", "done"], GameState.new(scenario(), seed=0))
    for words in ("track c4", "undo", "builds [ACTION]", "save FILE", "load FILE", "quit"):
        assert words in text
    # One column for the commands, whatever their length.
    assert "station e5 local|express         build a station on your track" in text
    assert "quit                             leave without finishing" in text
    assert "end the build phase (an empty line just asks again)" in text


def test_quit_and_end_of_input_leave_the_game() -> None:
    for lines in (["quit"], []):
        human, _, _ = seat(lines)
        with pytest.raises(LeaveGame):
            human.choose_build(GameState.new(scenario(), seed=0), 3, True)


def test_route_choice_re_asks_until_valid() -> None:
    state = GameState.new(scenario(), seed=0)
    options = TripOptions(0, 5, 3, (frozenset({"IRT"}), frozenset({"BRT"})))
    human, script, out = seat(["3", "", "BRT"])
    assert human.choose_route(state, options) == frozenset({"BRT"})
    tie = "Trip a1 → f1 (distance 3): these tie for the shortest trip (SG-14): 1) IRT, 2) BRT"
    assert tie in out.getvalue()
    assert out.getvalue().count("✗ answer a number from 1 to 2") == 2
    assert script.prompts == ["IRT, choose 1-2 (SG-14) > "] * 3


def test_the_intensify_question_shows_the_trip_that_earned_it() -> None:
    state = GameState.new(scenario(), seed=0)
    human, _, out = seat(["cell", "row"])
    trip = TripTaken(0, "IRT", "queue", "b2", "c2", 1, (), ((),), (), {})
    human.table.turn_events = [trip]
    assert human.choose_intensify(state, state.board.square("c2")) == "row"
    text = out.getvalue()
    assert "This trip earned it: b2 → c2" in text and "distance 1" in text
    assert "A trip shorter than 3 (SG-16): IRT may add a copy of one of c2's cards" in text
    assert "answer one of section, row, column or no (SG-16)" in text


def test_a_whole_game_with_a_human_seat() -> None:
    s = scenario(end={"turns": 2})
    human, _, _ = seat(
        ["track a1", "track a2", "station a1", "yes", "done", "no", "no"] + ["done"] * 8
    )
    greedy = GreedyAgent("BRT", random.Random(1))
    events: list[Event] = []
    human.table.turn_events = []
    Game(s, 3, [events.append, human.table.observe], {"IRT": human, "BRT": greedy}).run()
    irt = [e.action for e in events if isinstance(e, Built) and e.player == "IRT"]
    assert irt[:3] == ["track", "track", "station"]
