"""Compiled pieces both playout kernels share (`bitboard.py`, `cellboard.py`): the seeded
uniform draw, the rule flags as the kernels read them, and RT-12's comparison of sorted
network sizes.

The draw is splitmix64 with its state passed in and returned, so a kernel holds no global
random state and one seed reproduces a playout. `below(state, n)` is exactly uniform on
0..n-1 (rejection of the top remainder of a 32-bit draw), as `rng.choice` is.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from abstracts.rapid_transit.rules import RuleSet
from tabletop.compiled import kernel

U64 = np.uint64
_GOLDEN = U64(0x9E3779B97F4A7C15)
_MIX1 = U64(0xBF58476D1CE4E5B9)
_MIX2 = U64(0x94D049BB133111EB)
_SPAN = U64(1 << 32)
_S27, _S30, _S31, _S32 = U64(27), U64(30), U64(31), U64(32)

# Where each rule flag sits in the array `rule_flags` makes.
SUPPORT, NO_REUSE, RELAX, CONNECT, PIE_RULE, MAX_PLIES = range(6)
# A winner as the kernels write it: a side (0 red, 1 cyan) or DRAW. Moves they write as a
# swap's two cells, or `moves.PASS` / `moves.PIE` and -1.
DRAW = -1


@cache
def rule_flags(rules: RuleSet) -> np.ndarray:
    """The rule set as the kernels read it (indices above)."""
    flags = (rules.support, rules.no_reuse, rules.relax_after_pass, rules.connect_wins)
    return np.array([*map(int, flags), int(rules.pie), rules.max_plies], dtype=np.int64)


@kernel
def next_draw(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """splitmix64: the next state and a 64-bit draw."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return state, z ^ (z >> _S31)


@kernel
def below(state: np.uint64, n: int) -> tuple[np.uint64, int]:
    """The next state and a draw uniform on 0..n-1 (1 <= n <= 2**32)."""
    bound = U64(n)
    limit = _SPAN // bound * bound
    while True:
        state, z = next_draw(state)
        x = z >> _S32
        if x < limit:
            return state, np.int64(x % bound)


@kernel
def compare_sizes(red: np.ndarray, cyan: np.ndarray) -> int:
    """RT-12 first step on two lists of network sizes (any order): the side whose sizes,
    sorted from largest down, are larger at the first difference; DRAW if equal."""
    a, b = np.sort(red)[::-1], np.sort(cyan)[::-1]
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else 0
        y = b[i] if i < len(b) else 0
        if x != y:
            return 0 if x > y else 1
    return DRAW
