"""Rich renderables for a game transcript: board, decks, trips, builds, scores, summary.

Everything here is built from events alone and never prints; `Transcript` hands finished
renderables to a `show` callable that the CLI owns.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from subwaysim.events import (
    Banked,
    Borrowed,
    Built,
    DebtPaid,
    DeckState,
    Depopulated,
    Event,
    FinalRound,
    GameEnded,
    GameStarted,
    Intensified,
    NoTrip,
    Populated,
    Reshuffled,
    TripTaken,
    TurnEnded,
    TurnStarted,
)
from subwaysim.output.game_summary import GameSummary
from subwaysim.routing.rules import WALK

COLOURS = ("bright_red", "bright_blue", "bright_green", "magenta", "yellow", "cyan")
HAZARD_BG = "on grey30"
GLYPHS = {"shared": "▦", "local": "○", "express": "◎", "cross": "╋", "empty": "·", "hazard": "≈"}
TRACK_GLYPHS = ("■", "▲", "◆", "✚", "●", "♦")  # one per seat, so plain text tells them apart


def track_glyph(players: Sequence[str], player: str) -> str:
    return TRACK_GLYPHS[players.index(player) % len(TRACK_GLYPHS)]


def player_colours(players: Sequence[str]) -> dict[str, str]:
    return {p: COLOURS[i % len(COLOURS)] for i, p in enumerate(players)}


class BoardView:
    """The board: each company's track in its colour, stations, intersections, hazards."""

    def __init__(self, start: GameStarted, snapshot: TurnEnded, marks: Sequence[str] = ()) -> None:
        self.start, self.snapshot, self.marks = start, snapshot, set(marks)
        self.colours = player_colours(start.players)
        self.plain = False

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # Without colour a station's glyph does not say whose it is: its owner's track glyph
        # follows it (`○■` an IRT local station), unless the square is marked `[ ]`.
        self.plain = console.no_color or console.color_system is None
        yield self._lines()

    def _lines(self) -> RenderableType:
        w, h = self.start.width, self.start.height
        files = "    " + "".join(f" {f} " for f in string.ascii_lowercase[:w])
        lines = [Text(files, style="dim")]
        for rank in range(h, 0, -1):
            line = Text(f"{rank:>3} ", style="dim")
            for f in string.ascii_lowercase[:w]:
                line.append_text(self._cell(f"{f}{rank}"))
            line.append(f" {rank}", style="dim")
            lines.append(line)
        lines.append(Text(files, style="dim"))
        lines.append(self._legend())
        return Group(*lines)

    def _cell(self, square: str) -> Text:
        owners = [p for p, squares in self.snapshot.track.items() if square in squares]
        station = next((s for s in self.snapshot.stations if s[0] == square), None)
        bg = f" {HAZARD_BG}" if square in self.start.hazards else ""
        if station is not None:
            glyph, style = GLYPHS[station[1]], f"bold {self.colours[station[2]]}"
        elif len(owners) > 1:
            glyph, style = GLYPHS["shared"], "bold white"
        elif owners:
            cross = self._is_cross(square, owners[0])
            glyph = GLYPHS["cross"] if cross else track_glyph(self.start.players, owners[0])
            style = self.colours[owners[0]]
        else:
            hazard = square in self.start.hazards
            glyph, style = GLYPHS["hazard" if hazard else "empty"], "grey50"
        left, right = ("[", "]") if square in self.marks else (" ", " ")
        if station is not None and self.plain and square not in self.marks:
            right = track_glyph(self.start.players, station[2])
        return Text(f"{left}{glyph}{right}", style=style + bg)

    def _is_cross(self, square: str, player: str) -> bool:
        """SG-10: an intersection has 3 or 4 neighbours on the same player's track."""
        own = set(self.snapshot.track[player])
        f, r = string.ascii_lowercase.index(square[0]), int(square[1:])
        near = [(f - 1, r), (f + 1, r), (f, r - 1), (f, r + 1)]
        names = {f"{string.ascii_lowercase[x]}{y}" for x, y in near if x >= 0 and y >= 1}
        return len(names & own) >= 3

    def _legend(self) -> Legend:
        items = [
            Text(f"{track_glyph(self.start.players, player)} {player}", style=colour)
            for player, colour in self.colours.items()
        ]
        items += [
            Text(f"{GLYPHS[key]} {name}")
            for key, name in (("shared", "shared"), ("local", "local"), ("express", "express"))
        ]
        items.append(Text(f"{GLYPHS['cross']} intersection"))
        items.append(Text.assemble((f" {GLYPHS['hazard']} ", HAZARD_BG), " hazard"))
        items.append(Text("[ ] this turn's trip ends"))
        if self.plain:
            first = self.start.players[0]
            owned = f"{GLYPHS['local']}{track_glyph(self.start.players, first)} {first}'s station"
            items.append(Text(owned))
        return Legend(items)


class Legend:
    """The board's key, wrapped between items (never inside one) to the width it is given:
    one line at 100 columns, two at 80 (issue 32)."""

    def __init__(self, items: Sequence[Text], indent: int = 4, gap: int = 2) -> None:
        self.items, self.indent, self.gap = items, indent, gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text(" " * self.indent)
        for item in self.items:
            if line.cell_len > self.indent and line.cell_len + item.cell_len > options.max_width:
                yield line
                line = Text(" " * self.indent)
            elif line.cell_len > self.indent:
                line.append(" " * self.gap)
            line.append_text(item)
        yield line


def deck_table(decks: Sequence[DeckState]) -> Table:
    table = Table(title="Decks", title_justify="left", box=None, pad_edge=False)
    for col in ("deck", "supply", "draw", "discard", "queue", "flips", "empty piles"):
        table.add_column(col, justify="left" if col in ("deck", "queue") else "right")
    for d in decks:
        queue = " ".join(map(str, d.queue)) or "-"
        table.add_row(
            d.name,
            str(d.supply),
            str(d.draw),
            str(d.discard),
            queue,
            str(d.flips),
            str(d.empty_piles),
        )
    return table


def trip_line(trip: TripTaken, colours: dict[str, str]) -> Text:
    """`a3 → f7  distance 8: walk a3..a5, ride IRT a5→c5 (3 stops) ... IRT +2`."""
    text = Text(f"{trip.origin} → {trip.destination}  ", style="bold")
    if trip.cause == "extra":
        text.append("(extra) ", style="italic")
    text.append(f"distance {trip.distance}: ")
    parts: list[Text] = []
    for leg in trip.legs:
        if leg.mode == "walk":
            parts.append(Text(f"walk {leg.squares[0]}→{leg.squares[-1]} ({len(leg.squares) - 1})"))
        else:
            mode = "express" if leg.express else "local"
            stops = "·".join(leg.stops)
            parts.append(
                Text(f"{mode} {leg.system} {stops} ({len(leg.stops)} stops)", colours[leg.system])
            )
    text.append_text(Text(", ").join(parts) if parts else Text("no move"))
    text.append("  ")
    if trip.points:
        for player, pts in trip.points.items():
            text.append(f"{player} +{pts} ", style=f"bold {colours[player]}")
    else:
        text.append("walked: no points", style="dim")
    if len(trip.choices) > 1:
        text.append(f"  ({tie_text(trip)})", style="dim")
    return text


def modes_text(modes: Sequence[str]) -> str:
    """A set of modes of transportation (SG-14): `walk+IRT`; walking alone is `walk`."""
    return "+".join(modes) or "walk"


def tie_text(trip: TripTaken) -> str:
    """SG-14: the tied sets of modes and the one the player whose turn it was chose.
    Walking counts as a mode under `rules.walking_is_a_mode` (the default)."""
    chosen = next(
        (c for c in trip.choices if tuple(m for m in c if m != WALK) == trip.systems),
        trip.systems,
    )
    tied = " or ".join(modes_text(c) for c in trip.choices)
    return f"tie: {tied}; {trip.player} chose {modes_text(chosen)}"


def scores_line(scores: dict[str, int], colours: dict[str, str]) -> Text:
    text = Text("Scores: ", style="bold")
    for player, score in scores.items():
        text.append(f"{player} {score}  ", style=f"bold {colours[player]}")
    return text


def tokens_line(end: TurnEnded, colours: dict[str, str]) -> Text | None:
    """SG-22: the build points each player has banked and the debt tokens each holds,
    after this turn (None when nobody has either)."""
    parts = [("Banked: ", end.bank, "point"), ("Debt tokens: ", end.debt, "token")]
    text = Text()
    for label, held, unit in parts:
        owners = [(p, n) for p, n in held.items() if n]
        if not owners:
            continue
        text.append(label, style="bold")
        for player, n in owners:
            text.append(f"{player} {_count(n, unit)}  ", style=colours[player])
    return text if text.plain else None


@dataclass
class OptionTally:
    """What the SG-21 and SG-22 options did in a game, for the summary."""

    surcharges: int = 0  # builds that paid an SG-21 surcharge
    surcharge_points: int = 0
    depopulated: int = 0  # builds that depopulated their square (SG-21)
    banked: dict[str, int] = field(default_factory=dict)  # points banked, all turns (SG-22)
    borrowed: dict[str, int] = field(default_factory=dict)  # points borrowed (SG-22)
    debt: dict[str, int] = field(default_factory=dict)  # debt tokens held at the last turn's end

    def __call__(self, event: Event) -> None:
        if isinstance(event, Built) and event.surcharge:
            self.surcharges += 1
            self.surcharge_points += event.surcharge
        elif isinstance(event, Depopulated):
            self.depopulated += 1
        elif isinstance(event, Banked):
            self.banked[event.player] = self.banked.get(event.player, 0) + event.points
        elif isinstance(event, Borrowed):
            self.borrowed[event.player] = event.borrowed
        elif isinstance(event, TurnEnded):
            self.debt = {p: n for p, n in event.debt.items() if n}

    def lines(self, players: Sequence[str]) -> list[str]:
        """One sentence per option that did something (none for the draft's rules), players
        in seat order."""
        lines = []
        if self.surcharges:
            lines.append(
                f"SG-21: {_count(self.surcharges, 'build')} on populated squares paid "
                f"{_count(self.surcharge_points, 'surcharge point')}."
            )
        if self.depopulated:
            lines.append(f"SG-21: {_count(self.depopulated, 'build')} depopulated a square.")
        for label, held in (("banked", self.banked), ("borrowed", self.borrowed)):
            if held:
                who = ", ".join(f"{p} {_count(held[p], 'point')}" for p in players if p in held)
                lines.append(f"SG-22: build points {label}: {who}.")
        if self.debt:
            who = ", ".join(
                f"{p} {_count(self.debt[p], 'token')}" for p in players if p in self.debt
            )
            lines.append(f"SG-22: debt tokens held at the end: {who}.")
        return lines


def deck_line(decks: Sequence[DeckState]) -> Text:
    """The decks table folded into a line or two, for a short terminal (`board` shows it all):
    `Decks supply/draw/discard: section 15/0/1, row 23/0/1 (queue 3 2), column 23/0/1`."""
    parts = []
    for d in decks:
        queue = f" (queue {' '.join(map(str, d.queue))})" if d.queue else ""
        parts.append(f"{d.name} {d.supply}/{d.draw}/{d.discard}{queue}")
    return Text("Decks supply/draw/discard: " + ", ".join(parts), style="dim")


class Transcript:
    """Observer turning events into one panel per turn plus a final summary."""

    def __init__(self, show: Callable[[RenderableType], None], quiet: bool = False) -> None:
        self.show, self.quiet = show, quiet
        self.summary = GameSummary()
        self.options = OptionTally()
        self.start: GameStarted | None = None
        self.turn: list[Event] = []

    def __call__(self, event: Event) -> None:
        self.summary(event)
        self.options(event)
        if isinstance(event, GameStarted):
            self.start = event
        elif isinstance(event, TurnStarted):
            self.turn = [event]
        elif isinstance(event, TurnEnded):
            if not self.quiet:
                self.show(self.turn_panel(self.turn, event))
        elif isinstance(event, GameEnded):
            self.show(self.summary_panel(event))
        else:
            self.turn.append(event)

    def turn_panel(self, events: Sequence[Event], end: TurnEnded) -> Panel:
        assert self.start is not None
        colours = player_colours(self.start.players)
        trips = [e for e in events if isinstance(e, TripTaken)]
        marks = {sq for t in trips for sq in (t.origin, t.destination)}
        body: list[RenderableType] = [BoardView(self.start, end, sorted(marks))]
        body.append(deck_table(end.decks))
        body.append(Text(population_line(events), style="dim"))
        body.extend(event_lines(events, colours))
        body.append(scores_line(end.scores, colours))
        tokens = tokens_line(end, colours)
        if tokens is not None:
            body.append(tokens)
        title = Text(f"Turn {end.turn} · round {end.round} · {end.player}")
        return Panel(
            Group(*body), title=title, title_align="left", border_style=colours[end.player]
        )

    def summary_panel(self, end: GameEnded) -> Panel:
        assert self.start is not None
        colours = player_colours(self.start.players)
        s = self.summary
        winners = " and ".join(end.winners)
        verb = "share the win" if len(end.winners) > 1 else "wins"
        table = Table(box=None, show_header=True, pad_edge=False)
        for col in ("player", "score", "shared-trip points", "builds"):
            table.add_column(col, justify="left" if col == "player" else "right")
        for p in self.start.players:
            table.add_row(
                Text(p, colours[p]), str(end.scores[p]), str(s.shared_points[p]), str(s.builds[p])
            )
        facts = Text(
            f"{_count(end.turns, 'turn')} ({_count(end.rounds, 'round')}); ended by "
            f"{end.reason}.\n{_count(s.trips, 'trip')} ({s.extra_trips} extra), "
            f"{s.subway_trips} by subway ({s.subway_share:.0%}), {s.shared_trips} shared; "
            f"{_count(s.lead_changes, 'lead change')}; the final leader led from turn "
            f"{s.leader_since}."
        )
        for line in self.options.lines(self.start.players):
            facts.append(f"\n{line}")
        # Text, not markup: a scenario may be named `[b]old` or `a[/]b`.
        title = Text(f"{self.start.scenario} (seed {self.start.seed}): {winners} {verb}")
        return Panel(Group(table, facts), title=title, title_align="left", border_style="bold")


def _count(n: int, thing: str) -> str:
    """`1 turn`, `2 turns`."""
    return f"{n} {thing}{'s' * (n != 1)}"


def population_line(events: Sequence[Event]) -> str:
    pops = [e for e in events if isinstance(e, Populated)]
    parts = [f"{p.deck} {p.identity}{'' if p.moved else ' (supply empty)'}" for p in pops]
    flips = [f"{e.deck} reshuffled (flip {e.flips})" for e in events if isinstance(e, Reshuffled)]
    return "Populated: " + (", ".join(parts) or "-") + ("; " + ", ".join(flips) if flips else "")


def event_lines(events: Sequence[Event], colours: dict[str, str]) -> list[RenderableType]:
    """Trips, builds and the SG-16/SG-18/SG-21/SG-22 events, one line each."""
    lines: list[RenderableType] = []
    for e in events:
        if isinstance(e, TripTaken):
            lines.append(trip_line(e, colours))
        elif isinstance(e, Built):
            lines.append(Text(built_text(e), style=colours[e.player]))
        elif isinstance(e, Intensified):
            lines.append(
                Text(f"{e.player} intensifies {e.square}: {e.deck} {e.identity} ({e.cause})")
            )
        elif isinstance(e, NoTrip):
            lines.append(Text(f"no extra trip from {e.origin}: the {e.deck} deck is empty"))
        elif isinstance(e, Depopulated | Borrowed | DebtPaid | Banked):
            lines.append(Text(token_text(e), style=colours[e.player]))
        elif isinstance(e, FinalRound):
            lines.append(Text(final_round_text(e), style="bold"))
    return lines


def final_round_text(e: FinalRound) -> str:
    """SG-20 `end.finish_round`: the game ends once this round is complete."""
    return (
        f"End condition met ({e.reason}): the round is finished first, "
        f"{_count(e.turns_left, 'more turn')} (SG-20 end.finish_round)"
    )


def built_text(e: Built) -> str:
    """`IRT builds track c4 (cost 2 incl. surcharge 1 on a populated square, 1 left)`:
    SG-17, and SG-21's surcharge when the build paid one."""
    detail = f" {e.detail}" if e.detail else ""
    action = e.action.replace("_", " ")
    surcharge = f" incl. surcharge {e.surcharge} on a populated square" if e.surcharge else ""
    cost = f"cost {e.cost}{surcharge}, {e.points_left} left"
    return f"{e.player} builds {action} {e.square}{detail} ({cost})"


def token_text(e: Depopulated | Borrowed | DebtPaid | Banked) -> str:
    """The SG-21 and SG-22 events in words."""
    if isinstance(e, Depopulated):
        if not e.decks:
            return f"{e.square} is populated, but no copy of its cards is in a discard pile"
        if len(e.decks) == 1:
            return f"{e.square} depopulated: a copy of its {e.decks[0]} card back to supply"
        cards = f"{', '.join(e.decks[:-1])} and {e.decks[-1]}"
        return f"{e.square} depopulated: a copy of each of its {cards} cards back to supply"
    if isinstance(e, Borrowed):
        return (
            f"{e.player} borrows a build point ({e.points_left} left; holds "
            f"{_count(e.debt, 'debt token')}; {e.borrowed} borrowed this game)"
        )
    if isinstance(e, DebtPaid):
        return (
            f"{e.player} pays back {_count(e.tokens, 'debt token')} ({_count(e.debt, 'token')} "
            f"still held, {e.points_left} left)"
        )
    return f"{e.player} banks {_count(e.points, 'build point')} for the next turn"


def _count(n: int, unit: str) -> str:
    return f"{n} {unit}{'' if n == 1 else 's'}"
