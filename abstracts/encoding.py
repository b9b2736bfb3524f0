"""Fixed integer actions, observation tensors and seats for the three games, shared by the
OpenSpiel adapter (`abstracts/openspiel.py`) and the PettingZoo one (`abstracts/pettingzoo.py`).

Built on the protocol alone (`legal_moves`, `str(move)`, `to_text`, `to_move`, the options
models) plus, for transit chess, the stops of the chosen map (`game.system`, MT-1): the games'
insides may change without changing a number here.

Action numbering (fixed for a game and its options; `num_actions` is the largest action space):

- Rapid Transit on n x n (RT-1, RT-14): cells are numbered `rank * n + file` from `a1 = 0`
  (`b1 = 1`, ..., `a2 = n`); the swap `p-q` is `p * n*n + q`, `pass` is `n**4`, `pie` is
  `n**4 + 1`. Pairs that are never a swap (`a1-a1`, a hole) are numbers no state allows.
- Thruway on n x n (TW-5, TW-9, TW-13): the `2n(n-1)` pairs of orthogonally adjacent parcels
  are numbered horizontal pairs first, by their west parcel (`rank * (n-1) + file`), then
  vertical pairs by their south parcel (`n(n-1) + rank * n + file`); pair `k` paved is `k`,
  swapped is `2n(n-1) + k`; `pass` is `4n(n-1)`, `pie` is `4n(n-1) + 1`.
- Transit chess on a map of N stops (MT-12), stops in the map's order, piece kinds in the
  rules' order P, R, T, C (`k = 0..3`): placing kind `k` on stop `s` is `k * N + s`; moving
  kind `k` from stop `o` to stop `d` is `4N + (k * N + o) * N + d`; `pass` is `4N + 4N*N`.

Observations (float32, planes first; the observing player's side is part of each):

- Rapid Transit: 8 planes of n x n: red pieces, cyan pieces, holes, the two cells of the
  previous swap (RT-16), then constant planes: red to move, the observer plays red, `pie` is
  legal now (RT-13), the opponent has just passed (RT-17).
- Thruway: 9 planes of n x n: concrete tiles, asphalt tiles, the two cells of the swap TW-10
  forbids now, then constant planes: concrete to move, the observer plays concrete, `pie` is
  legal now (TW-11), passes in a row / 3 (TW-12), and concrete's and asphalt's reserves as
  fractions of the starting reserve (TW-3).
- Transit chess, a vector of `8N + 10`: for each stop the counts of white P, R, T, C and
  black P, R, T, C on it (`stops`, 8 x N), the pieces each side still has to place (`hands`,
  2 x 4, MT-4), and flags: white to move, the observer plays white.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from abstracts.core import AnyGame, IllegalMove, State

AnyState = State[Any]
FILES = "abcdefghijklmnopqrstuvwxyz"  # RT-1, TW-1: files are single letters


class Encoding(ABC):
    """One game's action numbering and observation tensor, for the game's fixed options."""

    num_actions: int
    # Named views of the flat observation, in order (OpenSpiel's observer dict).
    views: dict[str, tuple[int, ...]]
    high: float  # no entry of an observation is larger (for Gymnasium's Box)

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self._known: dict[str, int] = {}  # move text -> action, filled as moves are met

    @property
    def size(self) -> int:
        return sum(int(np.prod(shape)) for shape in self.views.values())

    def action(self, move: object) -> int:
        """The number of a move (or move text) of this game."""
        text = str(move)
        action = self._known.get(text)
        if action is None:
            action = self._known[text] = self.parse(text)
        return action

    def legal(self, state: AnyState) -> dict[int, Any]:
        """The legal moves of `state` by action number, in ascending order."""
        return dict(sorted((self.action(move), move) for move in state.legal_moves()))

    @abstractmethod
    def action_text(self, action: int) -> str:
        """The move text of action number `action` (any number below `num_actions`)."""

    @abstractmethod
    def parse(self, text: str) -> int:
        """The number of a move written `text` as the game writes it."""

    @abstractmethod
    def observe(self, state: AnyState, side: str) -> np.ndarray:
        """The flat observation of `state` for the player of `side`."""

    def check(self, action: int) -> int:
        if not 0 <= action < self.num_actions:
            raise ValueError(f"action {action} is not in 0..{self.num_actions - 1}")
        return action


def encoding(game: AnyGame) -> Encoding:
    """The encoding of one of the three games (with its options)."""
    kinds: dict[str, type[Encoding]] = {
        "rapid-transit": RapidTransitEncoding,
        "thruway": ThruwayEncoding,
        "transit-chess": TransitChessEncoding,
    }
    if game.name not in kinds:
        raise ValueError(f"no encoding for game {game.name!r}; known: {', '.join(kinds)}")
    return kinds[game.name](game)


# --- the two square-grid games ------------------------------------------------------------


class GridEncoding(Encoding):
    """Shared by Rapid Transit and Thruway: algebraic cells and text positions."""

    planes: ClassVar[int]
    high = 1.0

    def __init__(self, game: AnyGame) -> None:
        super().__init__(game)
        self.n = len(game.initial_state().to_text().splitlines()) - 1  # ranks, state line
        self.views = {"observation": (self.planes, self.n, self.n)}

    def cell(self, name: str) -> int:
        """RT-1, TW-1: `a1` is 0, files left to right, ranks bottom to top."""
        file, rank = FILES.find(name[:1]), int(name[1:]) - 1
        if not (0 <= file < self.n and 0 <= rank < self.n):
            raise ValueError(f"{name!r} is not a cell of a {self.n} x {self.n} board")
        return rank * self.n + file

    def name(self, cell: int) -> str:
        return f"{FILES[cell % self.n]}{cell // self.n + 1}"

    def read(self, state: AnyState) -> tuple[np.ndarray, dict[str, str]]:
        """The board (characters, rank 1 first) and the state line's fields of `to_text`."""
        *ranks, line = state.to_text().splitlines()
        rows = [list(rank.replace(" ", "").upper()) for rank in reversed(ranks)]
        fields = dict(item.split("=", 1) for item in line.split())
        return np.array(rows), fields

    def mark(self, plane: np.ndarray, cells: str) -> None:
        """Set the cells named in a `previous=`/`banned=` field (`-` for none)."""
        for name in cells.replace(",", " ").replace("~", " ").split():
            if name != "-":
                cell = self.cell(name)
                plane[cell // self.n, cell % self.n] = 1.0


def legal_texts(state: AnyState) -> set[str]:
    return {str(move) for move in state.legal_moves()}


class RapidTransitEncoding(GridEncoding):
    planes = 8

    def __init__(self, game: AnyGame) -> None:
        super().__init__(game)
        cells = self.n * self.n
        self.pass_action, self.pie_action = cells * cells, cells * cells + 1
        self.num_actions = cells * cells + 2

    def action_text(self, action: int) -> str:
        self.check(action)
        if action >= self.pass_action:
            return "pass" if action == self.pass_action else "pie"
        p, q = divmod(action, self.n * self.n)
        return f"{self.name(p)}-{self.name(q)}"  # RT-14: the mover's piece first

    def parse(self, text: str) -> int:
        if text in ("pass", "pie"):
            return self.pass_action if text == "pass" else self.pie_action
        mine, _, theirs = text.partition("-")
        return self.cell(mine) * self.n * self.n + self.cell(theirs)

    def observe(self, state: AnyState, side: str) -> np.ndarray:
        board, fields = self.read(state)
        planes = np.zeros(self.views["observation"], np.float32)
        planes[0], planes[1], planes[2] = board == "R", board == "C", board == "."
        self.mark(planes[3], fields.get("previous", "-"))  # RT-16
        planes[4] = state.to_move == "red"
        planes[5] = side == "red"
        planes[6] = "pie" in legal_texts(state)  # RT-13
        planes[7] = fields.get("passes") == "1"  # RT-17
        return planes.ravel()


class ThruwayEncoding(GridEncoding):
    planes = 9

    def __init__(self, game: AnyGame) -> None:
        super().__init__(game)
        n = self.n
        self.pairs = 2 * n * (n - 1)
        self.pass_action, self.pie_action = 2 * self.pairs, 2 * self.pairs + 1
        self.num_actions = 2 * self.pairs + 2
        tiles = getattr(game.options, "tiles", None)
        self.tiles = tiles if tiles is not None else (60 if n == 11 else n * n // 2)  # TW-3

    def action_text(self, action: int) -> str:
        self.check(action)
        if action >= self.pass_action:
            return "pass" if action == self.pass_action else "pie"
        kind, pair = divmod(action, self.pairs)
        first, second = self.pair_cells(pair)
        return f"{self.name(first)}{'~' if kind else '-'}{self.name(second)}"  # TW-13

    def pair_cells(self, pair: int) -> tuple[int, int]:
        """The anchor parcel (west or south) and the other parcel of pair number `pair`."""
        n = self.n
        if pair < n * (n - 1):
            rank, file = divmod(pair, n - 1)
            return rank * n + file, rank * n + file + 1
        rank, file = divmod(pair - n * (n - 1), n)
        return rank * n + file, (rank + 1) * n + file

    def pair_number(self, one: int, two: int) -> int:
        n, low, high = self.n, min(one, two), max(one, two)
        rank, file = divmod(low, n)
        if high == low + 1 and file < n - 1:
            return rank * (n - 1) + file
        if high == low + n:
            return n * (n - 1) + rank * n + file
        raise ValueError(f"{self.name(one)} and {self.name(two)} are not adjacent parcels")

    def parse(self, text: str) -> int:
        if text in ("pass", "pie"):
            return self.pass_action if text == "pass" else self.pie_action
        swap = "~" in text
        one, two = text.split("~" if swap else "-")
        return self.pair_number(self.cell(one), self.cell(two)) + (self.pairs if swap else 0)

    def observe(self, state: AnyState, side: str) -> np.ndarray:
        board, fields = self.read(state)
        planes = np.zeros(self.views["observation"], np.float32)
        planes[0], planes[1] = board == "C", board == "A"
        self.mark(planes[2], fields.get("banned", "-"))  # TW-10
        planes[3] = state.to_move == "concrete"
        planes[4] = side == "concrete"
        planes[5] = "pie" in legal_texts(state)  # TW-11
        planes[6] = int(fields.get("passes", "0")) / 3  # TW-12: the third pass draws
        # TW-3: tiles are conserved, so a reserve is the start less the tiles on the board.
        start = max(self.tiles, 1)
        planes[7] = (self.tiles - planes[0].sum()) / start
        planes[8] = (self.tiles - planes[1].sum()) / start
        return planes.ravel()


# --- transit chess ------------------------------------------------------------------------

KINDS = ("P", "R", "T", "C")  # MT-3, in the rules' order


class TransitChessEncoding(Encoding):
    def __init__(self, game: AnyGame) -> None:
        super().__init__(game)
        system = getattr(game, "system", None)
        if system is None:
            raise ValueError("map 'design' is drawn at the console first; give a map to load")
        self.stops: tuple[str, ...] = tuple(system.ids)
        self.number = {stop: i for i, stop in enumerate(self.stops)}
        n = len(self.stops)
        self.moves_from = 4 * n
        self.pass_action = 4 * n + 4 * n * n
        self.num_actions = self.pass_action + 1
        self.views = {"stops": (8, n), "hands": (2, 4), "flags": (2,)}
        _, hands = self.read(game.initial_state())
        self.high = float(max(1, hands.sum()))  # no count exceeds all the pieces

    def action_text(self, action: int) -> str:
        self.check(action)
        n = len(self.stops)
        if action == self.pass_action:
            return "pass"
        if action < self.moves_from:
            kind, stop = divmod(action, n)
            return f"{KINDS[kind]}@{self.stops[stop]}"  # MT-12: a placement (MT-4)
        piece, destination = divmod(action - self.moves_from, n)
        kind, origin = divmod(piece, n)
        return f"{KINDS[kind]}@{self.stops[origin]}-{self.stops[destination]}"

    def parse(self, text: str) -> int:
        if text == "pass":
            return self.pass_action
        letter, _, where = text.partition("@")
        kind, n = KINDS.index(letter), len(self.stops)
        origin, dash, destination = where.partition("-")
        if not dash:
            return kind * n + self.number[origin]
        return self.moves_from + (kind * n + self.number[origin]) * n + self.number[destination]

    def read(self, state: AnyState) -> tuple[np.ndarray, np.ndarray]:
        """Per-stop counts (8 x N) and hands (2 x 4) from the side lines of `to_text`."""
        stops = np.zeros(self.views["stops"], np.float32)
        hands = np.zeros(self.views["hands"], np.float32)
        for line in state.to_text().splitlines():
            name, _, rest = line.partition(":")
            side = ("white", "black").index(name.strip())
            tokens = rest.split()
            cut = tokens.index("place:") if "place:" in tokens else len(tokens)
            for token in tokens[:cut]:
                letter, _, stop = token.partition("@")
                stops[4 * side + KINDS.index(letter), self.number[stop]] += 1
            for letter in tokens[cut + 1 :]:
                hands[side, KINDS.index(letter)] += 1
        return stops, hands

    def observe(self, state: AnyState, side: str) -> np.ndarray:
        stops, hands = self.read(state)
        flags = np.array([state.to_move == "white", side == "white"], np.float32)
        return np.concatenate([stops.ravel(), hands.ravel(), flags])


# --- seats ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seated:
    """A protocol state and which side each seat (player 0, player 1) plays.

    Seats start on the game's sides in order (red, concrete, white for player 0); a move the
    game says trades seats (the pie rule, RT-13, TW-11) swaps them, so a player keeps their
    seat number for the whole game while their side may change once.
    """

    state: AnyState
    seats: tuple[str, str]

    @classmethod
    def start(cls, game: AnyGame) -> Seated:
        return cls(game.initial_state(), (game.sides[0], game.sides[1]))

    @property
    def seat_to_move(self) -> int:
        return self.seats.index(self.state.to_move)

    def play(self, move: object) -> Seated:
        """The seated state after `move` (a legal move or its text; IllegalMove otherwise)."""
        state = self.state
        if isinstance(move, str):
            move = state.parse_move(move)
        after = state.play(move)
        seats = (
            (self.seats[1], self.seats[0]) if state.game.swaps_seats(state, move) else self.seats
        )
        return Seated(after, seats)

    def returns(self) -> tuple[float, float]:
        """+1 for the seat of the winner, -1 for the other; 0 each for a draw or before the end."""
        winner = self.state.winner if self.state.is_over else None
        if winner is None:
            return 0.0, 0.0
        return (1.0, -1.0) if self.seats[0] == winner else (-1.0, 1.0)


def play_action(encoding: Encoding, seated: Seated, action: int, legal: dict[int, Any]) -> Seated:
    """The seated state after action number `action`; IllegalMove naming the rule if the
    action is not legal (or not an action of this game)."""
    move = legal.get(action)
    if move is None:
        text = encoding.action_text(encoding.check(action))
        seated.state.play(text)  # raises IllegalMove, naming the rule that refuses the move
        raise IllegalMove(f"{text!r} (action {action}) is not among the legal moves")
    return seated.play(move)
