"""Each counted item's evidence: the sets of the winning reading that earn it.

The reading is the one the score keeps (``rules.engine.best_evaluation``),
so the sets are those its breakdown counted, not a guess from the tiles.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine import best_evaluation, splits_of
from rules.regions import REGIONS
from rules.shows import shows_of
from rules.split import Split
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
    # The tile a wild stands in for: the region's wild (三门's 白板), or the
    # winning tile itself where it stood for another (长春's 宝).
    held = _as_held(best.split, region.wild_tile(hand, opts) or hand.win_tile)
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for line in best.lines:
        item = region.by_key.get(line.key)
        if item is None or not line.value or line.dropped_by:
            continue
        sets = shows_of(item.key, item.shows, hand.region)(ctx)
        out[item.key] = tuple(tuple(tile_code(t) for t in held.get(s, s)) for s in sets)
    return out


def _as_held(split: Split, wild: int | None) -> dict[tuple[int, ...], tuple[int, ...]]:
    """A set a wild tile completed, as the tiles it is held as (三门's 中 pong
    of 中 中 白板), so a learner is pointed at tiles that lie in the hand."""
    if wild is None:
        return {}
    held = {}
    for b in split.blocks:
        if b.wild:
            real = list(b.tiles)
            for t in b.wild:
                real.remove(t)
            held[b.tiles] = (*real, *(wild,) * len(b.wild))
    return held
