"""Bounded memo tables: the engine's caches of answers that recur between
hands (suit shapes, melds, breakdown lines …).

Each table is a plain dict, cheaper to look up than ``lru_cache`` in the
hot paths, and emptied when full: random input (fuzzing) must not grow one
without end.
"""

from __future__ import annotations


def remember[K, V](cache: dict[K, V], key: K, value: V, limit: int) -> V:
    """Store ``value`` under ``key`` (emptying ``cache`` first if it holds
    ``limit`` entries) and return it."""
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value
    return value
