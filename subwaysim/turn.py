"""One turn of the Subway Game, the forward model: populate, trips, build (SG-19, SG-20).

The SimPy engine and the search players play turns with these same functions: the engine
passes an `emit` that stamps events and hands them to observers; a search passes None, and
nothing is built for events (no route legs, no snapshots). So one seed gives one game
whichever of the two plays it.
"""

from __future__ import annotations

from collections.abc import Mapping

from subwaysim import builds
from subwaysim.agents.base import Agent
from subwaysim.builds import PHASE, Build
from subwaysim.events import Banked, Borrowed, Built, DebtPaid, Depopulated
from subwaysim.population import fill_queues, populate
from subwaysim.state import Emit, GameState
from subwaysim.trips import extra_trip, intensify, take_queue_trips


class AgentError(RuntimeError):
    """An agent asked for something the rules refuse (a bug in the agent)."""


def play_turn(
    state: GameState, agents: Mapping[str, Agent], emit: Emit | None = None
) -> str | None:
    """Play the next player's whole turn; return the SG-20 end reason if the game ends."""
    player = begin_turn(state)
    populate_phase(state, emit)
    trip_phase(state, player, agents, emit)
    build_phase(state, player, agents, emit)
    return end_reason(state)


def begin_turn(state: GameState) -> str:
    """SG-19: the next player in the circle takes the turn; returns who."""
    state.turn += 1
    return state.player


def populate_phase(state: GameState, emit: Emit | None) -> None:
    """Turn step 1: SG-6, then SG-7."""
    populate(state, emit)
    fill_queues(state, emit)


def trip_phase(
    state: GameState, player: str, agents: Mapping[str, Agent], emit: Emit | None
) -> int:
    """Turn step 2: SG-8 (trips taken)."""
    return take_queue_trips(state, player, agents, emit)


def build_phase(
    state: GameState, player: str, agents: Mapping[str, Agent], emit: Emit | None
) -> None:
    """Turn step 3: SG-17 builds, SG-18 extra trips, SG-21 and SG-22 when the scenario asks."""
    points = state.scenario.rules.builds_per_turn + state.bank[player]
    state.bank[player] = 0
    points = _pay_debt(state, player, points, emit)
    finish_build_phase(state, player, agents, points, True, emit)


def finish_build_phase(
    state: GameState,
    player: str,
    agents: Mapping[str, Agent],
    points: int,
    first: bool,
    emit: Emit | None,
) -> None:
    """The builds of a phase from the point where `points` are left (`first`: nothing built
    yet), then SG-22 banking: what a search plays forward from a decision in the phase."""
    agent = agents[player]
    while points > 0 or builds.borrow_problem(state, player) is None:
        build = agent.choose_build(state, points, first)
        if build is None:
            break
        reason = builds.check(build, state, player, points, first)
        if reason:
            raise AgentError(f"{player} ({agent.kind}) tried {build.text(state.board)}: {reason}")
        if build.action == "borrow":
            points = _borrow(state, player, points, emit)
            continue
        price = builds.cost(build, state, player)
        spent = points if price == PHASE else int(price)
        points -= spent
        apply_build(state, player, build, spent, points, agents, emit, price == PHASE)
        if price == PHASE:
            return  # SG-17: a whole-phase build ends the phase (and leaves nothing to bank)
        first = False
    _bank(state, player, points, emit)


def apply_build(
    state: GameState,
    player: str,
    build: Build,
    spent: int,
    left: int,
    agents: Mapping[str, Agent],
    emit: Emit | None,
    whole_phase: bool = False,
) -> None:
    """Carry out one checked build: the network, SG-21, the intensify, the SG-18 extra trip."""
    depopulate = state.scenario.rules.populated_build == "depopulate" and builds.populated(
        state, build.square
    )
    extra = builds.surcharge(state, build)
    state.network = builds.apply(build, state.network, player)
    if emit is not None:
        emit(
            Built,
            player=player,
            action=build.action,
            square=state.board.name(build.square),
            detail=build.detail,
            cost=spent,
            points_left=left,
            surcharge=extra,
            whole_phase=whole_phase,
        )
    if build.action == "intensify":
        intensify(state, player, build.square, build.detail or "", "build", emit)
    if depopulate:
        _depopulate(state, player, build.square, emit)
    if build.action in ("station", "intensify"):  # SG-18
        extra_trip(state, player, build.square, agents, emit)


def _depopulate(state: GameState, player: str, square: int, emit: Emit | None) -> None:
    """SG-21 `depopulate`: one copy of each of the square's cards from discard to supply."""
    from subwaysim.cards import cards_of

    returned = []
    for deck, identity in zip(state.decks, cards_of(state.board, state.decks, square), strict=True):
        if identity in deck.discard:
            deck.discard.remove(identity)
            deck.supply[identity] += 1
            returned.append(deck.name)
    if emit is not None:
        emit(Depopulated, player=player, square=state.board.name(square), decks=tuple(returned))


def _pay_debt(state: GameState, player: str, points: int, emit: Emit | None) -> int:
    """SG-22: a player holding debt tokens spends their next build points removing them."""
    tokens = min(state.debt[player], points)
    if tokens == 0:
        return points
    state.debt[player] -= tokens
    if emit is not None:
        emit(
            DebtPaid,
            player=player,
            tokens=tokens,
            debt=state.debt[player],
            points_left=points - tokens,
        )
    return points - tokens


def _borrow(state: GameState, player: str, points: int, emit: Emit | None) -> int:
    """SG-22: one build point now, one debt token to pay back."""
    state.debt[player] += 1
    state.borrowed[player] += 1
    if emit is not None:
        emit(
            Borrowed,
            player=player,
            points_left=points + 1,
            debt=state.debt[player],
            borrowed=state.borrowed[player],
        )
    return points + 1


def _bank(state: GameState, player: str, points: int, emit: Emit | None) -> None:
    """SG-22: keep up to `bank_builds` unspent points for the next turn."""
    kept = min(max(points, 0), state.scenario.rules.bank_builds)
    state.bank[player] = kept
    if kept and emit is not None:
        emit(Banked, player=player, points=kept)


def end_reason(state: GameState) -> str | None:
    """SG-20: the first end condition met after a turn, as a sentence, or None.

    With `end.finish_round`, a met `score` or `depleted_piles` condition is kept in
    `state.ending` and ends the game only once the round is complete (the last player in
    the circle has had their turn), so every player has had the same number of turns; the
    game goes on meanwhile (scores and piles keep changing). Calling this again after the
    same turn gives the same answer.
    """
    end = state.scenario.end
    full_rounds = state.turn // len(state.players)
    met = _met_condition(state)
    if end.finish_round and (met is not None or state.ending is not None):
        state.ending = state.ending or f"{met} after turn {state.turn}"
        if state.turn % len(state.players) == 0:
            return f"{state.ending}; the round finished (end.finish_round)"
    elif met is not None:
        return met
    if end.turns is not None and full_rounds >= end.turns:
        return f"turns: every player has had {end.turns} turn{'s' * (end.turns != 1)}"
    if full_rounds >= end.max_turns:
        return f"turn limit: every player has had {end.max_turns} turns (end.max_turns)"
    return None


def _met_condition(state: GameState) -> str | None:
    """SG-20's `score` and `depleted_piles` conditions, the first met, or None."""
    end = state.scenario.end
    if end.score is not None and max(state.scores.values()) >= end.score:
        leader = max(state.players, key=lambda p: state.scores[p])
        return f"score: {leader} reached {end.score} points"
    if end.depleted_piles is not None and state.empty_supply_piles() >= end.depleted_piles:
        return f"depleted piles: {state.empty_supply_piles()} supply piles are empty"
    return None


def turns_to_round_end(state: GameState) -> int:
    """Turns still to play before the round in progress is complete (SG-19)."""
    return -state.turn % len(state.players)


def winners(state: GameState) -> tuple[str, ...]:
    """SG-20: the highest score wins; equal highest scores share the win."""
    best = max(state.scores.values())
    return tuple(p for p in state.players if state.scores[p] == best)
