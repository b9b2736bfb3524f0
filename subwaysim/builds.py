"""The build phase's actions, their costs and legality (SG-17, SG-21, SG-22).

A build is checked against the state, never applied blindly; `check` returns the reason
(citing the rule) a build is refused, or None. Checks may be asked about a hypothetical
network (`network=`), so that players can plan several builds ahead.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from subwaysim.board import Board, SquareError
from subwaysim.network import Network
from subwaysim.scenario import RulesSpec

if TYPE_CHECKING:
    from subwaysim.state import GameState

Action = Literal["track", "station", "remove_track", "remove_station", "intensify", "borrow"]
PHASE = "phase"
NO_SQUARE = -1  # a borrow (SG-22) names no square


class BuildError(ValueError):
    """A build that cannot be parsed or is not allowed now."""


@dataclass(frozen=True, slots=True)
class Build:
    """One build action; `detail` is the station kind or the intensified deck."""

    action: Action
    square: int = NO_SQUARE
    detail: str | None = None

    def text(self, board: Board) -> str:
        if self.action == "borrow":
            return "borrow"
        words = {
            "track": ["track", board.name(self.square)],
            "station": ["station", board.name(self.square), self.detail or "local"],
            "remove_track": ["remove", "track", board.name(self.square)],
            "remove_station": ["remove", "station", board.name(self.square)],
            "intensify": ["intensify", board.name(self.square), self.detail or ""],
        }[self.action]
        return " ".join(w for w in words if w)


def parse_build(text: str, board: Board, deck_names: tuple[str, ...]) -> Build:
    """Read `track c4`, `station e5 express`, `remove track c4`, `intensify e5 row`, `borrow`."""
    words = text.lower().split()
    try:
        if words == ["borrow"]:
            return Build("borrow")
        if len(words) == 2 and words[0] == "track":
            return Build("track", board.square(words[1]))
        if len(words) in (2, 3) and words[0] == "station":
            kind = words[2] if len(words) == 3 else "local"
            if kind not in ("local", "express"):
                raise BuildError(f"station kind must be local or express, not {kind!r}")
            return Build("station", board.square(words[1]), kind)
        if len(words) == 3 and words[0] == "remove" and words[1] in ("track", "station"):
            action: Action = "remove_track" if words[1] == "track" else "remove_station"
            return Build(action, board.square(words[2]))
        if len(words) == 3 and words[0] == "intensify":
            if words[2] not in deck_names:
                raise BuildError(
                    f"intensify names a deck ({', '.join(deck_names)}), not {words[2]!r}"
                )
            return Build("intensify", board.square(words[1]), words[2])
    except SquareError as exc:
        raise BuildError(str(exc)) from None
    raise BuildError(
        f"cannot read {text!r}: try `track c4`, `station e5 express`, `remove track c4`, "
        f"`remove station c4`, `intensify e5 {deck_names[0]}`, `borrow` or `done`"
    )


# --- prices -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Prices:
    """The scenario's build costs as plain values (read in hot loops; SG-17, SG-21)."""

    track: int | str
    hazard: int | str
    shared: int | str
    local_station: int | str
    express_station: int | str
    remove_station: int | str
    remove_track: int | str
    intensify: int | str
    surcharge: int  # SG-21 `surcharge`, else 0
    depopulate: bool  # SG-21 `depopulate`

    @classmethod
    def of(cls, rules: RulesSpec) -> Prices:
        c = rules.costs
        surcharge = c.populated_surcharge if rules.populated_build == "surcharge" else 0
        return cls(
            c.track,
            c.hazard,
            c.shared,
            c.local_station,
            c.express_station,
            c.remove_station,
            c.remove_track,
            c.intensify,
            surcharge,
            rules.populated_build == "depopulate",
        )

    def track_on(self, hazard: bool, shared: bool) -> int | str:
        """SG-17: track on a normal square, a hazard square, a square with another player's
        track (a square that is both costs the dearer: a whole phase beats any number)."""
        if not (hazard or shared):
            return self.track
        prices = [c for c, hard in ((self.hazard, hazard), (self.shared, shared)) if hard]
        return PHASE if PHASE in prices else max(int(p) for p in prices)


# --- SG-21 populated squares ------------------------------------------------------------------


def populated(state: GameState, square: int) -> bool:
    """SG-21: a copy of each of the square's cards is in play (outside the supply piles)."""
    names = state.card_names[square]
    return all(
        deck.supply[identity] < deck.max_population
        for deck, identity in zip(state.decks, names, strict=True)
    )


def surcharge(state: GameState, build: Build) -> int:
    """SG-21 option `surcharge`: a build on a populated square costs this much more."""
    extra = state.prices.surcharge
    if not extra or build.square == NO_SQUARE:
        return 0
    return extra if populated(state, build.square) else 0


def priced(state: GameState, rate: int | str, square: int) -> int | str:
    """A build's cost from its SG-17 `rate` (build points, or 'phase') on `square`: the
    rate plus SG-21's surcharge (`cost` for a build whose rate is known)."""
    if rate == PHASE:
        return PHASE
    extra = state.prices.surcharge
    if not extra or square == NO_SQUARE:
        return int(rate)
    return int(rate) + (extra if populated(state, square) else 0)


# --- SG-17 costs and legality -----------------------------------------------------------------


def base_cost(build: Build, network: Network, player: str, state: GameState) -> int | str:
    """SG-17 cost before any SG-21 surcharge: build points, or 'phase'."""
    prices = state.prices
    action = build.action
    if action == "track":
        hazard = build.square in network.board.hazards
        shared = any(build.square in t for p, t in network.track.items() if p != player)
        return prices.track_on(hazard, shared)
    if action == "station":
        return prices.express_station if build.detail == "express" else prices.local_station
    if action == "borrow":
        return 0
    return getattr(prices, action)  # type: ignore[no-any-return]


def cost(build: Build, state: GameState, player: str, network: Network | None = None) -> int | str:
    """SG-17 (+ SG-21) cost in build points, or 'phase' for a whole-phase build."""
    rate = base_cost(build, state.network if network is None else network, player, state)
    return priced(state, rate, build.square)


def check(
    build: Build,
    state: GameState,
    player: str,
    points_left: int,
    first: bool,
    network: Network | None = None,
) -> str | None:
    """Why `build` is not allowed now (citing the rule), or None if it is."""
    if build.action == "borrow":
        return borrow_problem(state, player)
    network = state.network if network is None else network
    reason = _action_problem(build, network, state, player)
    if reason:
        return reason
    price = cost(build, state, player, network)
    if affordable(price, points_left, first):
        return None
    if price == PHASE:
        return "SG-17: a whole-phase build must be the first build of the turn"
    points = "point is" if points_left == 1 else "points are"
    return f"SG-17: it costs {price} build points and {points_left} {points} left"


def allowed(
    build: Build,
    state: GameState,
    player: str,
    points_left: int,
    first: bool,
    network: Network | None = None,
) -> bool:
    """`check(...) is None`, without writing the refusal (for players trying many builds)."""
    if build.action == "borrow":
        return borrow_problem(state, player) is None
    network = state.network if network is None else network
    if _refusal(build, network, state, player) is not None:
        return False
    return affordable(cost(build, state, player, network), points_left, first)


def affordable(price: int | str, points_left: int, first: bool) -> bool:
    """SG-17: a whole-phase build only as the first build; others within the points left."""
    if price == PHASE:
        return first and points_left > 0
    return int(price) <= points_left


def borrow_problem(state: GameState, player: str) -> str | None:
    """SG-22: at most `borrow_builds` borrowed points a game, none while holding debt."""
    limit = state.scenario.rules.borrow_builds
    if limit == 0:
        return "SG-22: borrowing builds is off in this scenario (rules.borrow_builds)"
    if state.borrowed[player] >= limit:
        return f"SG-22: {player} has borrowed all {limit} build points a game allows"
    if state.debt[player]:
        return f"SG-22: {player} holds debt tokens; they are paid before borrowing again"
    return None


def _action_problem(build: Build, network: Network, state: GameState, player: str) -> str | None:
    rule = _refusal(build, network, state, player)
    if rule is None:
        return None  # the message is only formatted for a refusal: this runs in hot loops
    if build.action == "intensify":
        identity = state.card_names[build.square][state.deck_index[build.detail or ""]]
        return rule.format(deck=build.detail, identity=identity)
    return rule.format(player=player, name=network.board.name(build.square))


def _refusal(build: Build, network: Network, state: GameState, player: str) -> str | None:
    """The template of the rule refusing the build's action and square, or None."""
    sq = build.square
    action = build.action
    if action == "track":
        return (
            "SG-17: {player} already has track on {name}" if sq in network.track[player] else None
        )
    if action == "station":
        if sq not in network.track[player]:
            return "SG-17: a station needs {player}'s own track on {name}"
        return "SG-11: {name} already has a station" if sq in network.stations else None
    station = network.stations.get(sq)
    if action == "remove_station":
        if station is None or station.builder != player:
            return "SG-17: {name} has no station built by {player}"
        return None
    if action == "remove_track":
        if sq not in network.track[player]:
            return "SG-17: {player} has no track on {name}"
        return "SG-17: remove the station on {name} before its track" if station else None
    index = state.deck_index[build.detail or ""]  # intensify
    if state.decks[index].supply[state.card_names[sq][index]]:
        return None
    return "SG-17: the {deck} {identity} supply pile is empty"


def apply(build: Build, network: Network, player: str) -> Network:
    """The network after a track or station build (intensify changes decks, not the network)."""
    if build.action == "track":
        return network.with_track(player, build.square)
    if build.action == "remove_track":
        return network.without_track(player, build.square)
    if build.action == "station":
        return network.with_station(build.square, build.detail or "local", player)  # type: ignore[arg-type]
    if build.action == "remove_station":
        return network.without_station(build.square)
    return network


def candidates(network: Network, deck_names: tuple[str, ...], player: str) -> Iterator[Build]:
    """Every build action that names a valid target (legality still needs `check`)."""
    board = network.board
    own = network.track[player]
    for sq in range(board.size):
        if sq not in own:
            yield Build("track", sq)
    for sq in sorted(own):
        if sq not in network.stations:
            yield Build("station", sq, "local")
            yield Build("station", sq, "express")
    for sq in sorted(own - network.stations.keys()):
        yield Build("remove_track", sq)
    for st in network.stations.values():
        if st.builder == player:
            yield Build("remove_station", st.square)
    for sq in range(board.size):
        for name in deck_names:
            yield Build("intensify", sq, name)
    yield Build("borrow")


def legal_builds(state: GameState, player: str, points_left: int, first: bool) -> list[Build]:
    """Every build `player` may make now (SG-17, SG-22), in a fixed order."""
    names = tuple(d.name for d in state.decks)
    return [
        b
        for b in candidates(state.network, names, player)
        if allowed(b, state, player, points_left, first)
    ]
