"""The shared play console: any registered game, humans and computer agents in any seats.

The loop takes an `ask(prompt) -> str` function and a rich `Console`, so tests drive it with
scripted lines and read the rendered text back (at a terminal `ask` is a
`line_input.LineReader`: editing, history and completion of commands and legal moves). A
seat is a person (or agent) playing one side; a seat-swapping move (the pie rule) trades the
sides the two seats play. "ply N" means N moves have been played, on the board's status line,
after each move and in `undo` and `history` alike.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from abstracts.agents import Agent, AgentSpec
from abstracts.core import Game, Move, State
from abstracts.mcts import MCTSAgent
from abstracts.saved_games import Replay, load_game
from tabletop import signals
from tabletop.outputs import OutputRefused, check_output
from tabletop.saves import SAVE, SavedGame, SaveError, write_save

Ask = Callable[[str], str]

COMMANDS = (
    ("MOVE", "play a move, written in the rules' move text"),
    ("N", "play move N of the numbered `moves` list"),
    ("moves [QUERY]", "list the legal moves, numbered (those matching QUERY)"),
    ("hint", "ask the computer for a suggestion"),
    ("undo", "take back your last move (and the computer's reply)"),
    ("history", "the moves played so far, by ply"),
    ("save FILE", "save the game to FILE (asks before replacing a file)"),
    ("load FILE", "load a saved game from FILE"),
    ("show [VIEW]", "toggle a board view (list them without VIEW)"),
    ("resign", "give up the game"),
    ("quit", "leave without finishing (or Ctrl-D, Ctrl-C)"),
    ("help", "this help"),
)
WORDS = ("moves", "hint", "undo", "history", "save ", "load ", "show ", "resign", "quit", "help")


@dataclass(slots=True)
class Seat:
    """One player: a human, or a computer agent built from its spec and seed."""

    spec: AgentSpec
    seed: int
    agent: Agent | None = None

    @property
    def is_human(self) -> bool:
        return self.spec.is_human

    def build(self, game: Game, think: float) -> None:
        self.agent = None if self.is_human else self.spec.build(game, self.seed, think)


@dataclass(slots=True)
class Session:
    """The game in progress: moves and states so far, and which seat plays which side."""

    game: Game
    seats: dict[str, Seat]  # by the side each seat played at the start
    states: list[State]
    moves: list[Move] = field(default_factory=list)
    swaps: list[bool] = field(default_factory=list)  # per move: did it trade seats?

    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def last_move(self) -> Move | None:
        return self.moves[-1] if self.moves else None

    def seat(self, side: str) -> Seat:
        if sum(self.swaps) % 2 == 0:
            return self.seats[side]
        first, second = self.game.sides
        return self.seats[second if side == first else first]

    def push(self, move: Move, state: State) -> None:
        self.swaps.append(self.game.swaps_seats(self.state, move))
        self.moves.append(move)
        self.states.append(state)

    def pop(self) -> None:
        self.moves.pop()
        self.swaps.pop()
        self.states.pop()


class PlayConsole:
    """Reads commands and moves, asks agents, draws the board; `run()` returns the exit code."""

    def __init__(
        self,
        game: Game,
        seats: dict[str, Seat],
        *,
        console: Console,
        ask: Ask,
        think: float = 1.0,
        seed: int = 0,
    ) -> None:
        self.console = console
        self.ask = ask
        self.think = think
        self.rng = random.Random(seed)
        self.session = Session(game, seats, [])
        self.view: set[str] = set()
        self.finished = False
        self.listed: tuple[int, list[Move]] | None = None  # (ply, moves) of the last list
        complete_with = getattr(ask, "complete_with", None)
        if complete_with is not None:
            complete_with(self.completion_words)

    def completion_words(self) -> list[str]:
        """What Tab offers at the prompt: commands, views and the legal moves."""
        words = list(WORDS) + [f"show {flag}" for flag in self.session.game.view_flags]
        state = self.session.state if self.session.states else None
        if state is not None and not state.is_over:
            words += [str(m) for m in state.legal_moves()]
        return words

    # ------------------------------------------------------------------ setup and loop

    def start_new(self) -> None:
        """Let the players set the game up (`Game.interactive_setup`), then deal it."""
        game = self.session.game.interactive_setup(self.ask, self.console.print)
        self._adopt(game, [game.initial_state()], [])

    def start_from(self, replay: Replay) -> None:
        self._adopt(replay.game, list(replay.states), list(replay.moves))

    def _adopt(self, game: Game, states: list[State], moves: list[Move]) -> None:
        session = Session(game, self.session.seats, states[:1])
        for move, state in zip(moves, states[1:], strict=True):
            session.push(move, state)
        self.session = session
        for seat in session.seats.values():
            seat.build(game, self.think)

    def run(self) -> int:
        try:
            if not self.session.states:
                self.start_new()
            self._header()
            self._draw()
            while not self.finished:
                self._turn()
        except EOFError:
            self.console.print("\nGame left unfinished.")
        except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM (tabletop.signals): 130 / 143
            self.console.print(f"\nGame left unfinished ({signals.words_of(exc)}).")
            return signals.exit_code_of(exc)
        return 0

    def _turn(self) -> None:
        state = self.session.state
        if state.is_over:
            self._game_over()
            return
        seat = self.session.seat(state.to_move)
        if seat.is_human:
            self._human_turn(state)
        else:
            self._computer_turn(state, seat)

    def _header(self) -> None:
        game = self.session.game
        players = ", ".join(f"{side}: {self.session.seat(side).spec}" for side in game.sides)
        self.console.rule(f"[bold]{escape(game.name)}[/] — {escape(players)}")
        self.console.print("Type [bold]help[/] for commands.")

    def _draw(self) -> None:
        session = self.session
        view = {flag: True for flag in sorted(self.view)}
        self.console.print(session.game.render(session.state, session.last_move, **view))
        state = session.state
        if not state.is_over:
            who = escape(str(session.seat(state.to_move).spec))
            side = escape(state.to_move)
            self.console.print(f"[bold]{side}[/] to move ({who}) · ply {state.ply}")

    # ------------------------------------------------------------------ turns

    def _computer_turn(self, state: State, seat: Seat) -> None:
        assert seat.agent is not None
        label = f"{state.to_move} ({seat.spec})"
        with self.console.status(f"{escape(label)} is thinking…"), signals.deferred():
            move = seat.agent.choose(state)  # kernels: a signal waits until the move is chosen
        self.console.print(
            f"{escape(label)} plays [bold]{escape(str(move))}[/]{_stats(seat.agent)}"
        )
        self._play(move)

    def _human_turn(self, state: State) -> None:
        line = self.ask(f"{state.to_move}> ").strip()
        if not line:
            return
        word, _, rest = line.partition(" ")
        command = _COMMANDS.get(word.lower())
        if command is not None:
            command(self, rest.strip())
            return
        if line.isascii() and line.isdigit():
            move = self._numbered(state, int(line))
            if move is not None:
                self._play(move)
            return
        try:
            move = state.parse_move(line)
            after = state.play(move)
        except ValueError as exc:
            self.console.print(f"[red]Illegal move:[/] {escape(str(exc))}  (type moves or help)")
            return
        self._play(move, after)

    def _play(self, move: Move, after: State | None = None) -> None:
        state = self.session.state
        swapped = self.session.game.swaps_seats(state, move)
        self.session.push(move, after if after is not None else state.play(move))
        if swapped:
            self.console.print("The players trade sides (pie rule).")
        self._draw()

    def _numbered(self, state: State, number: int) -> Move | None:
        """Move `number` of the last `moves` list of this position (or of every legal move)."""
        listed = self.listed[1] if self.listed and self.listed[0] == state.ply else None
        moves = listed if listed is not None else state.legal_moves()
        if 1 <= number <= len(moves):
            return moves[number - 1]
        self.console.print(f"No move {number}: the list has 1 to {len(moves)} (type moves).")
        return None

    def _game_over(self) -> None:
        state = self.session.state
        reason = state.end_reason()
        # The board's status line may already say who won: then it is not said twice.
        board = _plain(self.session.game.render(state, self.session.last_move))
        said = " ".join(reason.split()) in board
        self.console.print(
            "[bold]Game over.[/]" if said else f"[bold]Game over:[/] {escape(reason)}"
        )
        if not any(seat.is_human for seat in self.session.seats.values()):
            self.finished = True
            return
        while not self.finished and self.session.state.is_over:
            line = self.ask("game over (undo, history, save FILE, load FILE, quit)> ").strip()
            word, _, rest = line.partition(" ")
            command = _COMMANDS.get(word.lower())
            if not line or word.lower() == "quit":
                self.finished = True
            elif command is None or word.lower() in ("resign", "hint", "moves"):
                self.console.print("The game is over: undo, history, save FILE, load FILE or quit.")
            else:
                command(self, rest.strip())

    # ------------------------------------------------------------------ commands

    def cmd_help(self, _: str) -> None:
        table = Table(show_header=False, box=None)
        for name, text in COMMANDS:
            table.add_row(f"[bold]{escape(name)}[/]", text)
        self.console.print(table)
        self.console.print(escape(self.session.game.rules_help()))
        flags = self.session.game.view_flags
        if flags:
            self.console.print(
                "Views: " + ", ".join(escape(f"{k} ({v})") for k, v in flags.items())
            )

    def cmd_moves(self, query: str) -> None:
        game, state = self.session.game, self.session.state
        moves = game.select_moves(state, query) if query else state.legal_moves()
        if not moves:
            self.console.print(f"No legal move matches {escape(repr(query))}.")
            return
        self.listed = (state.ply, list(moves))
        what = f"matching {query!r}" if query else "legal"
        self.console.print(f"{len(moves)} {escape(what)} move{'s' * (len(moves) != 1)}:")
        numbered = [f"[dim]{i}[/] {escape(str(m))}" for i, m in enumerate(moves, 1)]
        self.console.print(Columns(numbered, padding=(0, 2)))
        self.console.print("[dim]Type a move or its number.[/]")

    def cmd_history(self, _: str) -> None:
        session = self.session
        if not session.moves:
            self.console.print("No moves yet.")
            return
        sides = [state.to_move for state in session.states[:-1]]
        lines = [
            f"ply {i}: {escape(side)} {escape(str(move))}"
            for i, (side, move) in enumerate(zip(sides, session.moves, strict=True), 1)
        ]
        self.console.print(Columns(lines, padding=(0, 3)))

    def cmd_hint(self, _: str) -> None:
        state = self.session.state
        game = self.session.game
        seed = self.rng.getrandbits(32)
        spec = AgentSpec("mcts", seconds=self.think)
        agent = spec.build(game, seed)
        with self.console.status("Looking for a good move…"), signals.deferred():
            move = agent.choose(state)
        self.console.print(f"Hint: [bold]{escape(str(move))}[/]{_stats(agent)}")

    def cmd_undo(self, _: str) -> None:
        session = self.session
        if not session.moves:
            self.console.print("Nothing to undo.")
            return
        session.pop()
        # Take back the computer's replies too, so a human is to move again.
        while session.moves and not session.seat(session.state.to_move).is_human:
            session.pop()
        for seat in session.seats.values():
            if seat.agent is not None:
                seat.agent.reset()
        self.console.print(f"Undone: back to ply {session.state.ply}.")
        self._draw()

    def cmd_save(self, path: str) -> None:
        if not path:
            self.console.print("Usage: save FILE")
            return
        try:  # the one output opener: no link, device, FIFO or folder; a plain name
            check_output(path, SAVE, force=True)  # replacing a file is asked below
        except OutputRefused as exc:
            self.console.print(f"[red]Error:[/] {escape(str(exc))}")
            return
        if not self._may_write(path):
            return
        try:
            write_save(path, SavedGame.of(self.session.game, self.session.moves))
        except SaveError as exc:
            self.console.print(f"[red]Error:[/] {escape(str(exc))}")
            return
        n = len(self.session.moves)
        self.console.print(f"Saved {n} move{'s' * (n != 1)} to {escape(path)}.")

    def _may_write(self, path: str) -> bool:
        """Ask before replacing an existing file (a folder is left to the write to refuse)."""
        if not Path(path).is_file() or Path(path).stat().st_size == 0:
            return True
        answer = self.ask(f"{path} exists: replace it? (yes/no) ").strip().lower()
        if answer in ("y", "yes"):
            return True
        self.console.print("Not saved.")
        return False

    def cmd_load(self, path: str) -> None:
        if not path:
            self.console.print("Usage: load FILE")
            return
        try:
            replay = load_game(path, self.session.game.name)
        except SaveError as exc:
            self.console.print(f"[red]Error:[/] {escape(str(exc))}")
            return
        self.start_from(replay)
        n = len(replay.moves)
        self.console.print(f"Loaded {n} move{'s' * (n != 1)} from {escape(path)}.")
        self._draw()

    def cmd_show(self, flag: str) -> None:
        flags = self.session.game.view_flags
        if not flags:
            self.console.print("This game has no board views to show.")
        elif not flag:
            for name, text in flags.items():
                state = "on" if name in self.view else "off"
                self.console.print(f"  {escape(name)} \\[{state}]: {escape(text)}")
        elif flag not in flags:
            choices = ", ".join(flags)
            self.console.print(f"Unknown view {escape(repr(flag))}; choose from {escape(choices)}.")
        else:
            self.view ^= {flag}
            self.console.print(f"{escape(flag)} {'on' if flag in self.view else 'off'}.")
            self._draw()

    def cmd_resign(self, _: str) -> None:
        loser = self.session.state.to_move
        first, second = self.session.game.sides
        winner = second if loser == first else first
        self.console.print(f"[bold]Game over:[/] {escape(loser)} resigns; {escape(winner)} wins.")
        self.finished = True

    def cmd_quit(self, _: str) -> None:
        self.console.print("Game left unfinished.")
        self.finished = True


_COMMANDS: dict[str, Callable[[PlayConsole, str], None]] = {
    "help": PlayConsole.cmd_help,
    "moves": PlayConsole.cmd_moves,
    "hint": PlayConsole.cmd_hint,
    "undo": PlayConsole.cmd_undo,
    "history": PlayConsole.cmd_history,
    "save": PlayConsole.cmd_save,
    "load": PlayConsole.cmd_load,
    "show": PlayConsole.cmd_show,
    "resign": PlayConsole.cmd_resign,
    "quit": PlayConsole.cmd_quit,
}


def _plain(renderable: object) -> str:
    """What a renderable says, as plain text (80 columns)."""
    probe = Console(file=io.StringIO(), width=80, color_system=None)
    probe.print(renderable)
    return " ".join(probe.file.getvalue().split())  # type: ignore[attr-defined]


def _stats(agent: Agent) -> str:
    stats = getattr(agent, "last_stats", None)
    if not isinstance(agent, MCTSAgent) or stats is None or not stats.iterations:
        return ""
    return f"  [dim]({stats.iterations:,} playouts, {stats.value:.0%} win estimate)[/]"


def make_seats(specs: dict[str, AgentSpec], seed: int) -> dict[str, Seat]:
    """One seat per side, each agent seeded from `seed` in side order."""
    rng = random.Random(seed)
    return {side: Seat(spec, rng.getrandbits(32)) for side, spec in specs.items()}
