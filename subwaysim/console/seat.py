"""What the human seats of one Subway Game share: the console, the line reader, this turn's
story so far, and the commands every prompt takes (help, board, history, save, load, quit).

The rules call a seat deep inside the turn; leaving (`quit`, Ctrl-D, Ctrl-C) and loading
another game unwind out of the engine as `LeaveGame` and `LoadGame`, which `human_play`
turns into "Game left unfinished." or a new game. A failed `load` keeps this game going;
`save` over an existing file asks first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from subwaysim.console.decisions import route_label
from subwaysim.console.saved_game import SAVE, SubwaySave, read_save, write_save
from subwaysim.console.screen_fit import Screen
from subwaysim.events import (
    Built,
    Event,
    GameStarted,
    TripTaken,
    TurnEnded,
    TurnStarted,
)
from subwaysim.output.transcript import (
    BoardView,
    deck_line,
    deck_table,
    event_lines,
    player_colours,
    population_line,
    scores_line,
    trip_line,
)
from subwaysim.routing import TripOptions
from subwaysim.state import GameState
from tabletop import signals
from tabletop.line_input import LineReader
from tabletop.outputs import OutputRefused, check_output
from tabletop.saves import SaveError
from tabletop.wording import plural

TABLE_COMMANDS = (
    ("board", "show the board, the decks and the scores again"),
    ("history", "the builds of the game so far, turn by turn"),
    ("save FILE", "save the game (asks before replacing a file)"),
    ("load FILE", "load a saved game"),
    ("resign", "give up: the game ends and the best of the others wins (asks first)"),
    ("quit", "leave without finishing (or Ctrl-D, Ctrl-C)"),
    ("help", "this help"),
)
TABLE_WORDS = ("board", "history", "save ", "load ", "resign", "quit", "help")
# The words of the abstract games' consoles (abstracts/console.py): the same at this seat.
SEAT_WORDS = ("help", "moves", "hint", "undo", "history", "board", "save", "load", "resign")
SEAT_WORDS += ("quit", "done", "builds")


class LeaveGame(Exception):
    """The player left at a prompt (quit, Ctrl-D, Ctrl-C)."""


class Resigned(LeaveGame):
    """A player resigned: the game ends now and the best of the others wins."""

    def __init__(self, player: str, scores: dict[str, int]) -> None:
        super().__init__(player, scores)  # all in args: SimPy re-raises a copy made from them
        self.player, self.scores = player, scores

    def verdict(self) -> str:
        others = {p: s for p, s in self.scores.items() if p != self.player}
        scores = "  ".join(f"{p} {s}" for p, s in self.scores.items())
        if not others:
            return f"{self.player} resigns. (Scores: {scores})"
        best = max(others.values())
        winners = [p for p, s in others.items() if s == best]
        won = (
            f"{winners[0]} wins" if len(winners) == 1 else f"{' and '.join(winners)} share the win"
        )
        return f"Game over: {self.player} resigns; {won}. (Scores: {scores})"


class LoadGame(Exception):
    """The player loaded a saved game: play it instead of this one."""

    def __init__(self, save: SubwaySave, path: str) -> None:
        super().__init__(save, path)  # all in args: SimPy re-raises a copy made from them
        self.save, self.path = save, path


class Table:
    """The game as the people at the console see it, and what they may ask of it."""

    def __init__(
        self,
        console: Console | None = None,
        ask: Callable[[str], str] | None = None,
        seed: int = 0,
    ) -> None:
        self.seed = seed
        self.console = console or Console(highlight=False)
        self.ask = ask or LineReader(self.console)
        self.start: GameStarted | None = None
        self.turn_events: list[Event] = []
        self.builds: list[tuple[int, str, str]] = []  # (turn, player, build) for `history`
        self.live = True  # False while a loaded game replays its decisions
        self.save_state: Callable[[], SubwaySave] | None = None  # set by the game's runner
        self.open_phase: tuple[str, list[str]] | None = None  # a build desk's kept decisions
        self.greeting = ""  # said once, under the first turn shown

    # ------------------------------------------------------------------ what happened

    def observe(self, event: Event) -> None:
        """The engine's observer: this turn's events, and every build for `history`."""
        if isinstance(event, GameStarted):
            self.start = event
        elif isinstance(event, TurnStarted):
            self.turn_events = [event]
        else:
            self.turn_events.append(event)
        if isinstance(event, Built):
            self.builds.append(self._build_entry(event))

    def _build_entry(self, event: Built) -> tuple[int, str, str]:
        text = f"{event.action.replace('_', ' ')} {event.square} {event.detail or ''}"
        return self.turn_of(), event.player, text.strip()

    def turn_of(self) -> int:
        first = self.turn_events[0] if self.turn_events else None
        return first.turn if isinstance(first, TurnStarted) else 0

    def last_trip(self, events: Sequence[Event] | None = None) -> TripTaken | None:
        found = [e for e in (events or self.turn_events) if isinstance(e, TripTaken)]
        return found[-1] if found else None

    # ------------------------------------------------------------------ reading and showing

    def show(self, renderable: RenderableType) -> None:
        self.console.print(renderable)

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def prompt(self, prompt: str, words: Callable[[], Iterable[str]], commands: bool = True) -> str:
        """One typed line (stripped); leaving at the prompt raises LeaveGame."""
        complete_with = getattr(self.ask, "complete_with", None)
        if complete_with is not None:
            complete_with(lambda: [*words(), *(TABLE_WORDS if commands else ())])
        try:
            with signals.interruptible():  # waiting for a person: a signal may stop it at once
                return self.ask(prompt).strip()
        except EOFError:
            raise LeaveGame from None

    def command(self, line: str, state: GameState, player: str) -> bool:
        """Carry out a table command typed at any prompt; False if `line` is none."""
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word == "quit":
            raise LeaveGame
        if word == "resign":
            if self._confirm(f"{player}, resign the game? (yes/no) "):
                scores = {p: state.scores[p] for p in state.players}
                raise Resigned(player, scores)
            self.say("Not resigned; the game goes on.")
        elif word == "board":
            self.show(self.context(state, player))
        elif word == "history":
            self.show(self.history())
        elif word == "save":
            self.save(rest)
        elif word == "load":
            self.load(rest)
        else:
            return False
        return True

    # ------------------------------------------------------------------ SG-14 and SG-16

    def ask_route_for(self, player: str) -> Callable[[GameState, TripOptions], frozenset[str]]:
        return lambda state, options: self.choose_route(player, state, options)

    def ask_intensify_for(
        self, player: str
    ) -> Callable[[GameState, int, Sequence[Event]], str | None]:
        return lambda state, square, events: self.choose_intensify(
            player, state, square, self.last_trip(events)
        )

    def choose_route(self, player: str, state: GameState, options: TripOptions) -> frozenset[str]:
        """SG-14: the player whose turn it is picks one of the tied sets of systems."""
        board = state.board
        labels = [route_label(c, state) for c in options.choices]
        offered = ", ".join(f"{i}) {label}" for i, label in enumerate(labels, 1))
        self.say(
            f"Trip {board.name(options.origin)} → {board.name(options.destination)} "
            f"(distance {options.distance}): these tie for the shortest trip (SG-14): {offered}"
        )
        numbers = [str(i) for i in range(1, len(labels) + 1)]
        while True:
            line = self.prompt(f"{player}, choose 1-{len(labels)} (SG-14) > ", lambda: labels)
            if line in numbers:
                return options.choices[int(line) - 1]
            if line in labels:
                return options.choices[labels.index(line)]
            if line == "help":
                self.show(self.help_table([("1..N or a name", "the systems to ride")]))
            elif line in ("moves", "hint"):
                self.say(f"Choose one of: {offered}")
            elif not line or not self.command(line, state, player):
                self.say(
                    f"✗ answer a number from 1 to {len(labels)} (help lists the commands)", "red"
                )

    def choose_intensify(
        self, player: str, state: GameState, square: int, trip: TripTaken | None
    ) -> str | None:
        """SG-16: after a short trip, whether to add a copy of a card of its destination."""
        names = [d.name for d in state.decks]
        if trip is not None:
            colours = player_colours(state.players)
            self.show(Text.assemble("This trip earned it: ", trip_line(trip, colours)))
        below = state.scenario.rules.intensify_below
        self.say(
            f"A trip shorter than {below} (SG-16): {player} may add a copy of one of "
            f"{state.board.name(square)}'s cards ({', '.join(names)}) to its discard pile."
        )
        while True:
            line = self.prompt(
                f"{player}, intensify {state.board.name(square)}? ({'/'.join(names)}/no) > ",
                lambda: [*names, "no"],
            ).lower()
            if line in names:
                return line
            if line in ("no", "n"):
                return None
            if line == "help":
                self.show(self.help_table([(f"{'|'.join(names)}", "that card"), ("no", "none")]))
            elif line in ("moves", "hint"):
                self.say(f"Answer one of {', '.join(names)} or no (SG-16).")
            elif not line or not self.command(line, state, player):
                self.say(
                    f"✗ answer one of {', '.join(names)} or no (SG-16); help lists the commands",
                    "red",
                )

    def help_table(self, commands: Sequence[tuple[str, str]]) -> RenderableType:
        """This prompt's commands, then the table's; a grid, so long names never run on."""
        grid = RichTable.grid(padding=(0, 2))
        for name, text in [*commands, *TABLE_COMMANDS]:
            grid.add_row(Text(name, style="bold"), Text(text))
        return grid

    # ------------------------------------------------------------------ the turn's story

    def context(
        self,
        state: GameState,
        player: str,
        events: Sequence[Event] | None = None,
        fold: bool = False,
    ) -> RenderableType:
        """Turn header, the board with this turn's trip ends, decks, populated cards and
        reshuffles, the trips and builds so far, and the scores."""
        from subwaysim.engine import started_fields, turn_end_fields

        events = self.turn_events if events is None else events
        start = self.start or GameStarted(time=0, **started_fields(state, self.seed))
        snapshot = TurnEnded(time=0, **turn_end_fields(state, player))
        colours = player_colours(state.players)
        marks = sorted(
            {sq for e in events if isinstance(e, TripTaken) for sq in (e.origin, e.destination)}
        )
        parts: list[RenderableType] = [
            Text(f"Turn {state.turn} · round {state.round} · {player}", style="bold"),
            BoardView(start, snapshot, marks),
            deck_line(snapshot.decks) if fold else deck_table(snapshot.decks),
            Text(population_line(events), style="dim"),
            *event_lines(events, colours),
            scores_line(snapshot.scores, colours),
        ]
        return Group(*parts)

    def show_turn(
        self, state: GameState, player: str, events: Sequence[Event] | None = None
    ) -> None:
        """The turn's context when a prompt opens. At a terminal the screen is cleared
        first, and when the context is taller than the screen the decks table is folded
        into one line (`board` shows it in full), so the turn's header stays in sight."""
        screen = Screen.of(self.console)
        full = self.context(state, player, events)
        if not screen.clear:
            self.show(full)
        else:
            screen.wipe()
            room = self.console.size.height - 2 - bool(self.greeting)
            tall = len(self.console.render_lines(full, pad=False)) > room
            self.show(self.context(state, player, events, fold=True) if tall else full)
        if self.greeting:  # once, below the first context (a cleared screen would lose it)
            self.console.print(self.greeting)
            self.greeting = ""

    def history(self, open_phase: Sequence[Event] = ()) -> RenderableType:
        """The builds of the game, turn by turn, and those of a build phase still open."""
        groups: dict[tuple[int, str], list[str]] = {}
        kept = [self._build_entry(e) for e in open_phase if isinstance(e, Built)]
        for turn, player, text in [*self.builds, *kept]:
            groups.setdefault((turn, player), []).append(text)
        if not groups:
            return Text("No builds yet.")
        return Group(*(Text(f"turn {t} {p}: {', '.join(b)}") for (t, p), b in groups.items()))

    # ------------------------------------------------------------------ save and load

    def save(self, path: str) -> None:
        if not path:
            self.say("Usage: save FILE")
            return
        if self.save_state is None:
            self.say("This game cannot be saved here.", "red")
            return
        try:  # the one output opener: no link, device, FIFO or folder; a plain name
            check_output(path, SAVE, force=True)  # replacing a file is asked just below
        except OutputRefused as exc:
            self.say(f"Error: {exc}", "red")
            return
        if Path(path).is_file() and not self._confirm(f"{path} exists: replace it? (yes/no) "):
            self.say("Not saved.")
            return
        save = self.save_state()
        try:
            write_save(path, save)
        except SaveError as exc:
            self.say(f"Error: {exc}", "red")
            return
        decided = sum(len(lines) for lines in save.decisions.values())
        open_ = sum(len(lines) for lines in save.phase.values())
        made = plural(decided + open_, "decision")
        of_phase = f" ({open_} in this build phase)" if open_ else ""
        self.say(f"Saved to {path}: turn {self.turn_of()}, {made} so far{of_phase}.")

    def _confirm(self, question: str) -> bool:
        answer = self.prompt(question, lambda: ("yes", "no"), commands=False)
        return answer.lower() in ("y", "yes")

    def load(self, path: str) -> None:
        if not path:
            self.say("Usage: load FILE")
            return
        try:
            save = read_save(path)
        except SaveError as exc:
            self.say(f"Error: {exc}", "red")  # this game goes on
            return
        raise LoadGame(save, path)
