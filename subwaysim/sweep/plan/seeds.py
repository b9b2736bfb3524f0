"""Per-game seeds: common random numbers by default, or one seed stream per setting.

Common random numbers (the default): game k of every setting has the same seed, a function
of the sweep seed and k alone. The game splits its randomness into streams (each turn's
populate draw, each deck's k-th reshuffle, each agent: see `subwaysim.cards`), so two
settings play game k on the same cards even where their players decide differently, a
setting that changes nothing gives the identical game, and the difference between two
settings is measured game by game (paired), without the noise of different card sequences.

`--independent`: numpy's SeedSequence mixes the sweep seed and a hash of the setting into
its entropy, so every setting draws its own games (the sweeps of before common random
numbers). Either way a game's seed does not depend on how many jobs run, in what order
games finish, on resuming, or on which other settings the grid holds.
"""

from __future__ import annotations

import hashlib

import numpy as np

from subwaysim.sweep.plan.grid import Setting


def setting_words(setting: Setting) -> list[int]:
    """Four 32-bit words of SHA-256 over the setting's order-free identity."""
    digest = hashlib.sha256(setting.identity().encode("utf-8")).digest()
    return [int.from_bytes(digest[i : i + 4], "little") for i in range(0, 16, 4)]


def game_seed(sweep_seed: int, setting: Setting, game: int, independent: bool = False) -> int:
    """The seed of game number `game` (0-based) of `setting` in a sweep seeded `sweep_seed`."""
    if sweep_seed < 0 or game < 0:
        raise ValueError(f"seeds and game numbers are >= 0, got {sweep_seed} and {game}")
    entropy = [sweep_seed, *setting_words(setting)] if independent else [sweep_seed]
    sequence = np.random.SeedSequence(entropy, spawn_key=(game,))
    return int(sequence.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))  # 63 bits
