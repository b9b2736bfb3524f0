"""Every kernel stays compiled: the guard against a benchmark that drops because a hot loop
fell back to plain Python or lost its compiled path (tabletop/compiled.py).

- every function a module marks `@kernel` is a numba dispatcher (not the plain function,
  as under NUMBA_DISABLE_JIT=1 or a decorator that stopped compiling);
- after the games' hot paths run (uniform playouts, the Thruway search with both of its
  evaluators, transit chess's judged rollout), every kernel they called holds nopython
  machine code, and each kernel Python calls on them was typed once: one retyped for a
  second signature (an int that became a float, a copy that became a view) is compiled
  again at run time;
- the search and the playouts go through the kernels, not their plain-Python twins, and the
  compiled Thruway search is far faster than the generic search in the same process (CPU
  time, so other jobs on the machine slow both alike).
"""

from __future__ import annotations

import importlib
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from numba.core import types
from numba.core.dispatcher import Dispatcher

import abstracts
from abstracts import get_game
from abstracts.evaluators import RandomPlayout
from abstracts.mcts import MCTSAgent

PACKAGE = Path(abstracts.__file__).resolve().parent
MARKED = re.compile(r"^@kernel\s*\ndef (\w+)", re.MULTILINE)


def kernel_modules() -> Iterator[tuple[ModuleType, list[str]]]:
    """Each module of abstracts/ that marks kernels, with the names it marks."""
    for path in sorted(PACKAGE.rglob("*.py")):
        names = MARKED.findall(path.read_text(encoding="utf-8"))
        if names:
            dotted = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
            yield importlib.import_module(dotted), names


def all_kernels() -> dict[str, Dispatcher]:
    found = {}
    for module, names in kernel_modules():
        for name in names:
            found[f"{module.__name__}.{name}"] = getattr(module, name)
    return found


def run_hot_paths() -> None:
    """What the benchmarks time: playouts, searches and rollouts of the three games."""
    rng = random.Random(1)
    for size in (7, 11):
        game = get_game("thruway", size=size)
        state = game.initial_state()
        for _ in range(3):
            state.playout(rng)
            state = state.play(game.greedy_move(state, rng))
        for evaluator in (RandomPlayout(), None):
            agent = MCTSAgent(game, seed=1, iterations=300, evaluator=evaluator)
            agent.choose(state)
    for size in (6, 8, 12):  # the 64-bit word and the cell-array kernels (RT)
        get_game("rapid-transit", size=size).initial_state().playout(rng)
    chess = get_game("transit-chess", map="fantasy", seed=1)
    MCTSAgent(chess, seed=1, iterations=60).choose(chess.initial_state())


@pytest.fixture(scope="module")
def kernels() -> dict[str, Dispatcher]:
    run_hot_paths()
    return all_kernels()


def test_every_marked_kernel_is_a_numba_dispatcher(kernels: dict[str, Dispatcher]) -> None:
    assert len(kernels) > 40  # the three games' kernels (a parser that finds none fails)
    plain = [name for name, f in kernels.items() if not isinstance(f, Dispatcher)]
    assert plain == [], f"kernels running as plain Python: {plain}"


ENTRY_POINTS = (  # kernels Python calls on the hot paths: one signature each
    "abstracts.thruway.kernel.playouts",
    "abstracts.thruway.search.iterate",
    "abstracts.thruway.search.add_child",
    "abstracts.transit_chess.judge.features_kernel",
    "abstracts.transit_chess.policy.rollout_kernel",
    "abstracts.transit_chess.priors.scores_kernel",
)


def test_the_hot_paths_run_nopython_code_typed_once(kernels: dict[str, Dispatcher]) -> None:
    used = {name: f for name, f in kernels.items() if f.signatures}
    missing = [name for name in ENTRY_POINTS if name not in used]
    assert missing == [], f"hot paths that no longer reach their kernels: {missing}"
    # Kernels called from kernels are typed per call site (literal arguments and all); every
    # one of their versions must be machine code, none object mode.
    generic = [n for n, f in used.items() if len(f.nopython_signatures) != len(f.signatures)]
    assert generic == [], f"kernels with object-mode code: {generic}"
    retyped = {name: from_python(used[name]) for name in ENTRY_POINTS}
    retyped = {name: found for name, found in retyped.items() if len(found) > 1}
    assert retyped == {}, f"entry kernels compiled for more than one signature: {retyped}"


def from_python(dispatcher: Dispatcher) -> list[tuple[object, ...]]:
    """The signatures Python calls made (a kernel calling a kernel may pass a literal,
    `Literal[int](1)`, and so types it again for its call site: that is not a retyping)."""
    return [
        signature
        for signature in dispatcher.signatures
        if not any(isinstance(arg, types.Literal) for arg in signature)
    ]


def test_playouts_and_the_search_do_not_use_the_python_twins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import abstracts.thruway.playout as python_playout

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the plain-Python playout ran where the kernel should")

    monkeypatch.setattr(python_playout, "run_playout", refuse)
    monkeypatch.setattr(python_playout, "random_playout", refuse)
    game = get_game("thruway", size=7)
    state = game.initial_state()
    state.playout(random.Random(2))
    for evaluator in (RandomPlayout(), None):
        agent = MCTSAgent(game, seed=2, iterations=200, evaluator=evaluator)
        assert agent._compiled is not None  # Game.compiled_search took it
        agent.choose(state)


def test_the_compiled_thruway_search_outruns_the_generic_one() -> None:
    game = get_game("thruway", size=7)
    state = game.initial_state()
    compiled = MCTSAgent(game, seed=3, iterations=4000, evaluator=RandomPlayout())
    generic = MCTSAgent(game, seed=3, iterations=100, evaluator=RandomPlayout())
    generic._compiled = None  # the search of abstracts/mcts.py, every playout a kernel call
    rates = []
    for agent, count in ((compiled, 4000), (generic, 100)):
        agent.choose(state)  # loaded and warm
        start = time.process_time()
        agent.choose(state)
        rates.append(count / max(time.process_time() - start, 1e-6))
    # The compiled tree runs an iteration in a few microseconds, the generic one in tens; a
    # kernel that fell back to Python (or a search that lost its compiled path) drops this
    # below 1.
    assert rates[0] > 4 * rates[1], rates
