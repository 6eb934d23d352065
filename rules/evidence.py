"""Each counted item's evidence: the sets of the winning reading that earn it.

The reading is the one the score keeps (``rules.engine.best_evaluation``),
so the sets are those its breakdown counted, not a guess from the tiles.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine import best_evaluation, splits_of
from rules.regions import REGIONS
from rules.shows import shows_of
from rules.tiles import tile_code
from rules.validate import validate

Evidence = Mapping[str, tuple[tuple[str, ...], ...]]


def item_tiles(raw: object) -> Evidence:
    """For a winning hand given as the spec's JSON: each item the breakdown
    counts (not one replaced by another) → the sets that earn it, each as
    tile codes (``("6p", "7p", "8p")``); an item earned by no tile in
    particular (the base, a flag, an absence) → ``()``. Empty for a hand
    that does not win."""
    valid, _errors = validate(raw)
    if valid is None:
        return {}
    hand, opts = valid
    region = REGIONS[hand.region]
    if hand.is_draw:
        return {}
    candidates = splits_of(region, hand, opts)
    if not candidates:
        return {}
    best = best_evaluation(region, hand, opts, candidates)
    if not best.winning:
        return {}
    ctx = region.make_context(hand, opts, best.split)
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for line in best.lines:
        item = region.by_key.get(line.key)
        if item is None or not line.value or line.dropped_by:
            continue
        sets = shows_of(item.key, item.shows)(ctx)
        out[item.key] = tuple(tuple(tile_code(t) for t in s) for s in sets)
    return out
