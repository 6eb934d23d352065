"""Hypothesis strategies for hands built from sets and a pair."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

SEQ_STARTS = [s * 9 + r for s in range(3) for r in range(7)]

a_set = st.one_of(
    st.integers(0, 33).map(lambda t: (t, t, t)),
    st.sampled_from(SEQ_STARTS).map(lambda s: (s, s + 1, s + 2)),
)


@st.composite
def complete_tiles(draw: st.DrawFn, n_sets: int = 4) -> list[int]:
    """Tiles that make ``n_sets`` sets and a pair, no tile over four copies."""
    pair = draw(st.integers(0, 33))
    sets = draw(st.lists(a_set, min_size=n_sets, max_size=n_sets))
    tiles = [pair, pair] + [t for s in sets for t in s]
    assume(max(tiles.count(t) for t in set(tiles)) <= 4)
    return tiles


# Any JSON value, and the hand's fields, for throwing junk at the engine.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=16),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=16,
)
HAND_FIELDS = [
    "region",
    "hand",
    "win_tile",
    "melds",
    "flowers",
    "seat",
    "dealer",
    "win_by",
    "discarder",
    "flags",
    "events",
    "players",
    "rules",
    "table",
    "other_melds",
]
