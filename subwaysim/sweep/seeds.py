"""Per-game seeds: a function of (sweep seed, setting, game index) and nothing else.

numpy's SeedSequence mixes the sweep seed and a hash of the setting into its entropy and
uses the game index as the spawn key, so a game's seed does not depend on how many jobs run,
in what order games finish, on resuming, or on which other settings the grid holds.
"""

from __future__ import annotations

import hashlib

import numpy as np

from subwaysim.sweep.grid import Setting


def setting_words(setting: Setting) -> list[int]:
    """Four 32-bit words of SHA-256 over the setting's order-free identity."""
    digest = hashlib.sha256(setting.identity().encode("utf-8")).digest()
    return [int.from_bytes(digest[i : i + 4], "little") for i in range(0, 16, 4)]


def game_seed(sweep_seed: int, setting: Setting, game: int) -> int:
    """The seed of game number `game` (0-based) of `setting` in a sweep seeded `sweep_seed`."""
    if sweep_seed < 0 or game < 0:
        raise ValueError(f"seeds and game numbers are >= 0, got {sweep_seed} and {game}")
    sequence = np.random.SeedSequence([sweep_seed, *setting_words(setting)], spawn_key=(game,))
    return int(sequence.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))  # 63 bits
