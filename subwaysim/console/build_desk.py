"""A person's build phase at the console (SG-17, SG-18, SG-21, SG-22), with `undo`.

Builds are tried on a copy of the state at the phase start: the phase's builds so far (and
the answers they needed) are played forward from that copy with the forward model's
`finish_build_phase`, so taking one back is playing one fewer. `done` hands the kept
decisions to the rules, which play them on the real game. A build whose extra trip (SG-18)
drew from a draw pile cannot be taken back: the cards seen cannot be unseen (SG-5).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from subwaysim import builds
from subwaysim.builds import BuildError, legal_builds, parse_build
from subwaysim.console.decisions import DONE, MAX_LINE, DecisionError, build_line
from subwaysim.console.phase import hidden_cards, replay_phase
from subwaysim.console.seat import SEAT_WORDS, Table
from subwaysim.console.seat_hint import hint_plan
from subwaysim.events import Event
from subwaysim.output.transcript import event_lines, player_colours
from subwaysim.state import GameState
from tabletop.wording import did_you_mean, plural

LISTED = 24  # squares listed in full by `builds` before it summarises
DESCRIPTIONS = {
    "track": "a square without your track",
    "station": "your track with no station on it",
    "remove track": "your track with no station on it",
    "remove station": "a station you built",
    "intensify": "a square whose card still has a copy in supply",
    "borrow": "one point now, a debt token to pay back first (SG-22)",
}
# Answers for a phase tried on a copy (a tied route: the first; intensify: no).
_ANY_ANSWER = (lambda _state, options: options.choices[0], lambda _state, _square, _events: None)
WHOLE_PHASE = "a hazard or another player's track: the whole phase, first build only (SG-17)"


class BuildDesk:
    """One build phase at the console; `run()` returns the phase's decisions."""

    def __init__(
        self,
        table: Table,
        player: str,
        state: GameState,
        points: int,
        kept: Sequence[str] = (),
    ) -> None:
        self.table, self.player, self.points = table, player, points
        self.start = state.copy()
        self.kept: list[str] = []
        self.revealed: list[bool] = []  # per kept build: did it draw hidden cards?
        self.position = replay_phase(self.start, player, points, [])
        for group in _build_groups(kept):
            self._keep(group)

    # ------------------------------------------------------------------ the loop

    def run(self) -> list[str]:
        table = self.table
        table.open_phase = (self.player, self.kept)
        # The phase as it stands: after a load that is the loaded moment, its builds made.
        table.show_turn(self.position.state, self.player, self._story())
        while True:
            line = table.prompt(self._prompt(), self._words)
            word = line.split(" ")[0].lower() if line else ""
            if word in ("done", "d") and line.lower() in ("done", "d"):
                table.open_phase = None
                return [*self.kept, *([DONE] if self.position.pending else [])]
            if not line:
                table.say("Type a build, or done to end the phase (help lists the commands).")
            elif not self._command(word, line):
                self._try(line)

    def _command(self, word: str, line: str) -> bool:
        rest = line.partition(" ")[2].strip()
        if word == "help":
            self.table.show(self.table.help_table(self.commands()))
        elif word == "undo" and not rest:
            self._undo()
        elif word in ("builds", "moves"):  # `moves`: the abstract consoles' word for it
            self.table.show(self.affordable(rest))
        elif word == "hint" and not rest:
            self._hint()
        elif word == "board":
            self.table.show(self.table.context(self.position.state, self.player, self._story()))
        elif word == "history":
            self.table.show(self.table.history(self.position.events))
        else:
            return self.table.command(line, self.position.state, self.player)
        return True

    def _prompt(self) -> str:
        pending = self.position.pending
        if pending is None:
            return f"{self.player}: no more builds this phase (done or undo) > "
        left = pending[0]
        return f"{self.player} builds ({left} point{'s' * (left != 1)} left) > "

    def _words(self) -> list[str]:
        words = ["done", "undo", "hint", "moves", "builds ", *(f"builds {a}" for a in DESCRIPTIONS)]
        pending = self.position.pending
        if pending is not None:
            state = self.position.state
            legal = legal_builds(state, self.player, *pending)
            words += [b.text(state.board) for b in legal]
        return words

    def commands(self) -> list[tuple[str, str]]:
        decks = "|".join(d.name for d in self.start.decks)
        rows = [
            ("track c4", "build track (SG-17)"),
            ("station e5 local|express", "build a station on your track"),
            ("remove track c4", "remove your track (no station on it)"),
            ("remove station c4", "remove a station you built"),
            (f"intensify e5 {decks}", "add a copy of the square's card to discard"),
        ]
        if self.start.scenario.rules.borrow_builds:
            rows.append(("borrow", DESCRIPTIONS["borrow"]))
        rows += [
            ("builds [ACTION]", "what you can afford now (ACTION: every square of it)"),
            ("moves [ACTION]", "the same as builds"),
            ("hint", "ask the strong computer player (mcts) what it would build"),
            ("undo", "take back the last build of this phase"),
            ("done", "end the build phase (an empty line just asks again)"),
        ]
        return rows

    # ------------------------------------------------------------------ builds and undo

    def _try(self, text: str) -> None:
        pending, state = self.position.pending, self.position.state
        if pending is None:
            self.table.say("No more builds this phase (SG-17): type done, or undo.", "yellow")
            return
        if len(text) > MAX_LINE:  # not worth quoting back in full
            too_long = f"✗ cannot read a build of {len(text):,} characters: try track c4"
            self.table.say(too_long, "red")
            return
        names = tuple(d.name for d in state.decks)
        try:
            build = parse_build(text, state.board, names)
        except BuildError as exc:
            word = text.split(" ")[0].lower()
            hint = did_you_mean(word, SEAT_WORDS) if " " not in text.strip() else ""
            self.table.say(f"✗ {exc}{hint}; help lists every command", "red")
            return
        reason = builds.check(build, state, self.player, *pending)
        if reason:
            self.table.say(f"✗ {build.text(state.board)}: {reason}", "red")
            return
        line = build_line(build, state)
        if self._reveals(line) and not self._confirmed(build.text(state.board)):
            self.table.say("Not built.")
            return
        shown = len(self.position.events)
        self._keep([line], ask=True)
        self.table.show(self._events_view(self.position.events[shown:]))

    def _reveals(self, line: str) -> bool:
        """Whether this build's extra trip (SG-18) would draw from a draw pile (SG-5), which
        no undo can take back. Tried on a copy with any answer to its questions: whether the
        queue runs short is public (the decks table shows queue and pile sizes), so asking
        tells the player nothing hidden."""
        before = hidden_cards(self.position.state)
        try:
            trial = replay_phase(
                self.start, self.player, self.points, [*self.kept, line], *_ANY_ANSWER
            )
        except DecisionError:
            return False
        return hidden_cards(trial.state) != before

    def _confirmed(self, build: str) -> bool:
        self.table.say(
            f"Warning: {build} adds an extra trip (SG-18) that draws from a draw pile; the "
            "cards seen cannot be unseen (SG-5), so undo cannot take it back.",
            "yellow",
        )
        return self.table._confirm("Build it? (yes/no) > ")

    def _hint(self) -> None:
        """The strong player's plan for the rest of this phase (mcts, seeded, budgeted)."""
        pending = self.position.pending
        if pending is None:
            self.table.say("No more builds this phase: type done (or undo).")
            return
        state = self.position.state
        plan, iterations = hint_plan(state, self.player, *pending, seed=self.table.seed)
        now, position, lines = [], self.position, list(self.kept)
        for build in plan:  # the builds this phase can pay for; the rest are for later turns
            here = position.state
            if position.pending is None or builds.check(
                build, here, self.player, *position.pending
            ):
                break
            now.append(build.text(here.board))
            lines.append(build_line(build, here))
            position = replay_phase(self.start, self.player, self.points, lines, *_ANY_ANSWER)
        words = ", ".join(now) or "nothing now: done banks the points"
        later = len(plan) - len(now)
        then = f" (then {plural(later, 'more build')} on later turns)" if later and now else ""
        self.table.say(f"Hint (mcts, {plural(iterations, 'playout')}): {words}{then}.")

    def _keep(self, group: Sequence[str], ask: bool = False) -> None:
        """Play one more build (with its answers) forward from the phase start."""
        before = hidden_cards(self.position.state)
        ask_route = self.table.ask_route_for(self.player) if ask else None
        ask_intensify = self.table.ask_intensify_for(self.player) if ask else None
        lines = [*self.kept, *group]
        position = replay_phase(
            self.start, self.player, self.points, lines, ask_route, ask_intensify
        )
        self.kept[:] = position.used
        self.revealed.append(hidden_cards(position.state) != before)
        self.position = position

    def _undo(self) -> None:
        if not self.revealed:
            self.table.say("Nothing to undo in this phase.")
            return
        cut = max(i for i, line in enumerate(self.kept) if line.startswith("build "))
        last = self.kept[cut].removeprefix("build ")
        if self.revealed[-1]:
            self.table.say(
                f"✗ {last} cannot be taken back: its extra trip drew from a draw pile, and "
                "cards seen cannot be unseen (SG-5, SG-18).",
                "red",
            )
            return
        del self.kept[cut:]
        self.revealed.pop()
        self.position = replay_phase(self.start, self.player, self.points, self.kept)
        left = self.position.pending[0] if self.position.pending else 0
        self.table.show_turn(self.position.state, self.player, self._story())
        self.table.say(f"Undone: {last} ({left} point{'s' * (left != 1)} left).")

    # ------------------------------------------------------------------ views

    def _story(self) -> list[Event]:
        return [*self.table.turn_events, *self.position.events]

    def _events_view(self, events: Sequence[Event]) -> RenderableType:
        colours = player_colours(self.start.players)
        return Group(*event_lines(events, colours))

    def affordable(self, action: str = "") -> RenderableType:
        """`builds`: each kind of build with its cost, its squares listed or summarised."""
        pending, state = self.position.pending, self.position.state
        wanted = " ".join(action.lower().split())
        if wanted and wanted not in DESCRIPTIONS:
            return Text(f"✗ builds takes one of: {', '.join(DESCRIPTIONS)}", style="red")
        if pending is None:
            return Text("No more builds this phase: type done (or undo).")
        groups: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for b in legal_builds(state, self.player, *pending):
            name = b.action.replace("_", " ")
            kind = f"{name}{' ' + b.detail if b.detail else ''}"
            price = builds.cost(b, state, self.player)
            where = WHOLE_PHASE if price == builds.PHASE else DESCRIPTIONS[name]
            square = state.board.name(b.square) if b.action != "borrow" else ""
            groups[(name, f"{kind} (cost {price})", where)].append(square)
        chosen = {k: v for k, v in groups.items() if not wanted or k[0] == wanted}
        if not chosen:
            return Text(f"No {wanted or 'build'} is possible now; type done (or undo).")
        return Group(*(_summary(k, v, every=bool(wanted)) for k, v in sorted(chosen.items())))


def _summary(key: tuple[str, str, str], squares: list[str], every: bool) -> Text:
    name, label, where = key
    if name == "borrow":
        return Text(f"{label}: {where}")
    what = f"{label}: {where}; {len(squares)} square{'s' * (len(squares) != 1)}"
    if every or len(squares) <= LISTED:
        return Text(f"{what}: {' '.join(squares)}")
    return Text(f"{what}, e.g. {' '.join(squares[:8])} … (builds {name} lists them all)")


def _build_groups(lines: Sequence[str]) -> list[list[str]]:
    """Kept decisions split at each build: a build and the answers its trips needed."""
    groups: list[list[str]] = []
    for line in lines:
        if line.startswith("build ") or not groups:
            groups.append([line])
        else:
            groups[-1].append(line)
    return groups
