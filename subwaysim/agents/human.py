"""The human seat: shows the board, lists affordable builds, reads typed builds (SG-17)."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable

from rich.console import Console, Group, RenderableType
from rich.text import Text

from subwaysim import builds
from subwaysim.agents.base import Agent
from subwaysim.builds import Build, BuildError, legal_builds, parse_build
from subwaysim.events import GameStarted, TurnEnded
from subwaysim.routing import TripOptions, ordered_modes
from subwaysim.state import GameState
from subwaysim.transcript import BoardView, deck_table, player_colours, scores_line

HELP = (
    "Builds: `track c4`, `station e5 local|express`, `remove track c4`, `remove station c4`, "
    "`intensify e5 section|row|column` (two decks: section|cell), `done` to end the phase.\n"
    "Also: `builds` lists what you can afford, `board` redraws the board, `help`."
)


class HumanAgent(Agent):
    """Asks a person at the console; every refusal says why (citing the rule) and re-prompts."""

    kind = "human"

    def __init__(
        self,
        player: str,
        rng: random.Random,
        ask: Callable[[str], str] | None = None,
        show: Callable[[RenderableType], None] | None = None,
    ) -> None:
        super().__init__(player, rng)
        console = Console(highlight=False)
        self.ask = ask or (lambda prompt: console.input(prompt))
        self.show = show or console.print

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Build | None:
        if first:
            self.show(self.board(state))
        while True:
            answer = self.ask(f"{self.player} builds ({points_left} points left) > ").strip()
            if answer in ("done", "d", ""):
                return None
            if answer == "help":
                self.show(Text(HELP))
            elif answer == "board":
                self.show(self.board(state))
            elif answer == "builds":
                self.show(self.affordable(state, points_left, first))
            else:
                build = self._read(state, answer, points_left, first)
                if build is not None:
                    return build

    def _read(self, state: GameState, answer: str, points_left: int, first: bool) -> Build | None:
        names = tuple(d.name for d in state.decks)
        try:
            build = parse_build(answer, state.board, names)
        except BuildError as exc:
            self.show(Text(f"✗ {exc}", style="red"))
            return None
        reason = builds.check(build, state, self.player, points_left, first)
        if reason:
            self.show(Text(f"✗ {build.text(state.board)}: {reason}", style="red"))
            return None
        return build

    def choose_route(self, state: GameState, options: TripOptions) -> frozenset[str]:
        board = state.board
        labels = ["+".join(ordered_modes(state.players, c)) for c in options.choices]
        self.show(
            Text(
                f"Trip {board.name(options.origin)} → {board.name(options.destination)} "
                f"(distance {options.distance}) can use: "
                + ", ".join(f"{i + 1}) {label}" for i, label in enumerate(labels))
            )
        )
        while True:
            answer = self.ask(f"{self.player}, choose 1-{len(labels)} (SG-14) > ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(labels):
                return options.choices[int(answer) - 1]
            if answer in labels:
                return options.choices[labels.index(answer)]
            self.show(Text(f"✗ answer a number from 1 to {len(labels)}", style="red"))

    def choose_intensify(self, state: GameState, square: int) -> str | None:
        names = [d.name for d in state.decks]
        prompt = f"{self.player}, intensify {state.board.name(square)}? ({'/'.join(names)}/no) > "
        while True:
            answer = self.ask(prompt).strip().lower()
            if answer in ("", "no", "n"):
                return None
            if answer in names:
                return answer
            self.show(Text(f"✗ answer one of {', '.join(names)} or no (SG-16)", style="red"))

    def board(self, state: GameState) -> RenderableType:
        from subwaysim.engine import started_fields, turn_end_fields

        start = GameStarted(time=0, **started_fields(state, 0))
        snap = TurnEnded(time=0, **turn_end_fields(state, self.player))
        colours = player_colours(state.players)
        return Group(
            BoardView(start, snap), deck_table(snap.decks), scores_line(snap.scores, colours)
        )

    def affordable(self, state: GameState, points_left: int, first: bool) -> RenderableType:
        groups: dict[str, list[str]] = defaultdict(list)
        for b in legal_builds(state, self.player, points_left, first):
            price = builds.cost(b, state, self.player)
            key = f"{b.action.replace('_', ' ')}{' ' + b.detail if b.detail else ''} (cost {price})"
            groups[key].append(state.board.name(b.square) if b.action != "borrow" else "")
        lines = [Text(f"{key}: {' '.join(squares)}") for key, squares in sorted(groups.items())]
        return Group(*lines) if lines else Text("nothing affordable: type done")
